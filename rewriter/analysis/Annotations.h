// Recognition of hpar's API by the [[clang::annotate("hpar::...")]] attributes the header puts on
// every entry point. Never by spelled names, so aliases (namespace Kokkos = hpar) and using
// declarations work.
#pragma once

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringRef.h"

namespace hpar {
namespace analysis {

/// Returns the first hpar annotation on `D` itself, or an empty string.
inline llvm::StringRef ownAnnotation(const clang::Decl* D) {
  if (!D) return "";
  for (const auto* A : D->specific_attrs<clang::AnnotateAttr>())
    if (A->getAnnotation().starts_with("hpar::")) return A->getAnnotation();
  return "";
}

/// Returns the hpar annotation of a function, looking through template instantiation.
inline llvm::StringRef annotationOf(const clang::FunctionDecl* FD) {
  if (!FD) return "";
  if (auto A = ownAnnotation(FD); !A.empty()) return A;
  if (const auto* Pattern = FD->getTemplateInstantiationPattern())
    if (auto A = ownAnnotation(Pattern); !A.empty()) return A;
  if (const auto* Primary = FD->getPrimaryTemplate())
    return ownAnnotation(Primary->getTemplatedDecl());
  return "";
}

/// Returns the hpar annotation of a class, looking through template specialization.
inline llvm::StringRef annotationOf(const clang::CXXRecordDecl* RD) {
  if (!RD) return "";
  if (auto A = ownAnnotation(RD); !A.empty()) return A;
  if (const auto* Spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(RD))
    return ownAnnotation(Spec->getSpecializedTemplate()->getTemplatedDecl());
  return "";
}

/// Whether a call is a top-level dispatch (parallel_for, parallel_reduce or parallel_scan over a
/// policy, not a nested pattern): its functor is a kernel of its own.
inline bool isDispatchCall(const clang::CallExpr* Call) {
  const llvm::StringRef A = annotationOf(Call->getDirectCallee());
  return A == "hpar::parallel_for" || A == "hpar::parallel_reduce" || A == "hpar::parallel_scan";
}

/// Whether a class, or the class behind a (reference to a) type, is an hpar View.
inline bool isView(const clang::CXXRecordDecl* RD) { return annotationOf(RD) == "hpar::view"; }
inline bool isView(clang::QualType T) {
  return isView(T.getNonReferenceType()->getAsCXXRecordDecl());
}

}  // namespace analysis
}  // namespace hpar
