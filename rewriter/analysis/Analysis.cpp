#include "analysis/Analysis.h"
#include "analysis/NestTree.h"
#include "analysis/PolicyTrace.h"

#include <climits>

namespace hpar {
namespace analysis {

/// A constant that fits a positive int, else 0.
static int positiveInt(std::optional<int64_t> V) {
  return V && *V > 0 && *V <= INT_MAX ? int(*V) : 0;
}

/// Records the team size and vector length of a team dispatch's policy when they are constants:
/// the policy's construction is followed through set_* chains and local variables, and only a
/// policy nothing else may change counts (PolicyTracer::trace).
static void recordTeamShape(clang::ASTContext& Ctx, PolicyTracer& Tracer, const DispatchSite& Site,
                            ir::Kernel& K) {
  const clang::Expr* Policy = policyArgument(Site);
  if (!Policy) return;
  const PolicyBuild B = Tracer.trace(Policy);
  if (!B.complete || !B.construction) return;
  const TeamShape S = shapeOf(B.construction);
  K.teamSize = positiveInt(S.teamSize(Ctx));
  K.vectorLength = positiveInt(S.vectorArg ? signedConstant(S.vectorArg, Ctx) : std::nullopt);
}

Analysis analyse(clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
                 diag::Reporter& Report, ir::TranslationUnit& TU) {
  Analysis Result;
  Result.dispatches = findDispatches(Ctx, Paths, Report, TU);
  if (Ctx.getDiagnostics().hasErrorOccurred()) return Result;
  PolicyTracer Tracer(Ctx);
  for (const DispatchSite& Site : Result.dispatches.sites) {
    ir::Kernel& K = TU.kernels[Site.kernel];
    if (K.policy != ir::PolicyKind::Team) continue;
    buildNest(Ctx, Paths, Site, K);
    recordTeamShape(Ctx, Tracer, Site, K);
  }
  Result.device = walkDeviceCode(Ctx, Paths, Result.dispatches.instances, TU);
  return Result;
}

}  // namespace analysis
}  // namespace hpar
