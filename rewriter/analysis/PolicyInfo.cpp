#include "analysis/PolicyInfo.h"
#include "analysis/Annotations.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace hpar {
namespace analysis {

/// Returns the class behind a (possibly qualified, possibly reference) type.
static const CXXRecordDecl* recordOf(QualType T) {
  return T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
}

/// Returns the declaration named `name` directly inside `RD`, or null.
static const NamedDecl* member(const CXXRecordDecl* RD, llvm::StringRef name) {
  if (!RD || !RD->hasDefinition()) return nullptr;
  auto Result = RD->getDefinition()->lookup(&RD->getASTContext().Idents.get(name));
  return Result.empty() ? nullptr : Result.front();
}

/// Whether a type names a host execution space (its annotation, spaces.hpp).
static bool isHostSpace(QualType Space) {
  return annotationOf(recordOf(Space)) == "hpar::space::host";
}

/// Whether a type names a host execution space whose dispatches the build translates to run on
/// the host's threads (Kokkos::OpenMP in the OpenMP build for the host; rt/openmp/spaces.hpp).
static bool isHostThreadsSpace(QualType Space) {
  return annotationOf(recordOf(Space)) == "hpar::space::host_threads";
}

/// Whether a type names the build's device space when that device is the host's threads.
static bool isHostDeviceSpace(QualType Space) {
  return annotationOf(recordOf(Space)) == "hpar::space::device_on_host";
}

bool defaultSpaceOnHost(ASTContext& Ctx) {
  for (const NamedDecl* D : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("hpar")))
    if (const auto* NS = dyn_cast<NamespaceDecl>(D))
      for (const NamedDecl* E : NS->lookup(&Ctx.Idents.get("DefaultExecutionSpace")))
        if (const auto* Alias = dyn_cast<TypedefNameDecl>(E))
          return isHostDeviceSpace(Alias->getUnderlyingType());
  return false;
}

std::optional<PolicyFacts> describePolicy(QualType T, QualType functorType) {
  PolicyFacts Facts;
  QualType Canon = T.getNonReferenceType().getCanonicalType();
  if (Canon->isIntegralOrEnumerationType()) {
    if (!functorType.isNull())
      if (const auto* Space =
              dyn_cast_or_null<TypedefNameDecl>(member(recordOf(functorType), "execution_space"))) {
        Facts.onHost = isHostSpace(Space->getUnderlyingType());
        Facts.onHostThreads = isHostThreadsSpace(Space->getUnderlyingType());
      }
    return Facts;
  }
  const CXXRecordDecl* RD = recordOf(Canon);
  llvm::StringRef A = annotationOf(RD);
  if (A == "hpar::policy::range") {
    Facts.kind = ir::PolicyKind::Range;
  } else if (A == "hpar::policy::mdrange") {
    Facts.kind = ir::PolicyKind::MDRange;
    // The rank as written: N of the Rank<N, ...> argument (the header uses a rank it can
    // instantiate while translating, see policies.hpp). Read as a signed 32-bit number, so that
    // Rank<-1> reads -1.
    const auto* Pattern = dyn_cast_or_null<TypedefNameDecl>(member(RD, "iteration_pattern"));
    const auto* Rank = Pattern ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                     recordOf(Pattern->getUnderlyingType()))
                               : nullptr;
    if (Rank && Rank->getTemplateArgs().size() > 0 &&
        Rank->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
      Facts.rank = (int)(int32_t)Rank->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  } else if (A == "hpar::policy::team") {
    Facts.kind = ir::PolicyKind::Team;
  } else {
    return std::nullopt;
  }
  if (const auto* Tag = dyn_cast_or_null<TypedefNameDecl>(member(RD, "work_tag")))
    Facts.hasWorkTag = !Tag->getUnderlyingType().getCanonicalType()->isVoidType();
  if (const auto* Space = dyn_cast_or_null<TypedefNameDecl>(member(RD, "execution_space"))) {
    Facts.onHost = isHostSpace(Space->getUnderlyingType());
    Facts.onHostThreads = isHostThreadsSpace(Space->getUnderlyingType());
  }
  return Facts;
}

ir::ScalarReduce scalarReduceOf(QualType functorType, QualType resultType) {
  using ir::ScalarReduce;
  if (member(recordOf(functorType), "value_type")) return ScalarReduce::Other;
  QualType R = resultType.getNonReferenceType().getCanonicalType();
  if (R->isArithmeticType()) return ScalarReduce::Sum;
  const CXXRecordDecl* RD = recordOf(R);
  const auto* Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || annotationOf(RD) != "hpar::reducer") return ScalarReduce::Other;
  const TemplateArgumentList& Args = Spec->getTemplateArgs();
  if (Args.size() == 0 || Args[0].getKind() != TemplateArgument::Type ||
      !Args[0].getAsType().getCanonicalType()->isArithmeticType())
    return ScalarReduce::Other;
  return llvm::StringSwitch<ScalarReduce>(Spec->getName())
      .Case("Sum", ScalarReduce::Sum).Case("Prod", ScalarReduce::Prod)
      .Case("Min", ScalarReduce::Min).Case("Max", ScalarReduce::Max)
      .Case("LAnd", ScalarReduce::LAnd).Case("LOr", ScalarReduce::LOr)
      .Case("BAnd", ScalarReduce::BAnd).Case("BOr", ScalarReduce::BOr)
      .Default(ScalarReduce::Other);
}

}  // namespace analysis
}  // namespace hpar
