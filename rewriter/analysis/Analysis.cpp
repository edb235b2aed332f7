#include "analysis/Analysis.h"
#include "analysis/NestTree.h"

namespace hpar {
namespace analysis {

Analysis analyse(clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
                 diag::Reporter& Report, ir::TranslationUnit& TU) {
  Analysis Result;
  Result.dispatches = findDispatches(Ctx, Paths, Report, TU);
  if (Ctx.getDiagnostics().hasErrorOccurred()) return Result;
  for (const DispatchSite& Site : Result.dispatches.sites)
    if (TU.kernels[Site.kernel].policy == ir::PolicyKind::Team)
      buildNest(Ctx, Paths, Site, TU.kernels[Site.kernel]);
  Result.device = walkDeviceCode(Ctx, Paths, Result.dispatches.instances, TU);
  return Result;
}

}  // namespace analysis
}  // namespace hpar
