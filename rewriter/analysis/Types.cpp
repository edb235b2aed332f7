#include "analysis/Types.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace hpar {
namespace analysis {

const CXXRecordDecl* recordOf(QualType T) {
  if (T.isNull()) return nullptr;
  const CXXRecordDecl* RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() ? RD->getDefinition() : nullptr;
}

const TypedefNameDecl* memberTypedef(const CXXRecordDecl* RD, llvm::StringRef name, int depth) {
  if (!RD || depth > 8) return nullptr;
  for (const NamedDecl* D : RD->lookup(&RD->getASTContext().Idents.get(name)))
    if (const auto* T = dyn_cast<TypedefNameDecl>(D)) return T;
  for (const CXXBaseSpecifier& B : RD->bases())
    if (const TypedefNameDecl* T = memberTypedef(recordOf(B.getType()), name, depth + 1)) return T;
  return nullptr;
}

QualType memberType(const CXXRecordDecl* RD, llvm::StringRef name) {
  const TypedefNameDecl* T = memberTypedef(RD, name);
  return T ? T->getUnderlyingType().getCanonicalType() : QualType();
}

bool hasMember(const CXXRecordDecl* RD, llvm::StringRef name) {
  return RD && !RD->lookup(&RD->getASTContext().Idents.get(name)).empty();
}

QualType bare(QualType T) {
  return T.isNull() ? T : T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
}

bool sameType(QualType A, QualType B) { return !A.isNull() && !B.isNull() && bare(A) == bare(B); }

bool dependent(QualType T) { return T.isNull() || T->isDependentType(); }

}  // namespace analysis
}  // namespace hpar
