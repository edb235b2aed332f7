#include "analysis/Analysis.h"
#include "analysis/ExecWalk.h"
#include "analysis/NestTree.h"
#include "analysis/PolicyInfo.h"
#include "analysis/PolicyTrace.h"
#include "analysis/StagedLoops.h"
#include "analysis/ViewReads.h"

#include <climits>
#include <tuple>
#include <utility>

namespace hpar {
namespace analysis {

/// A constant that fits a positive int, else 0.
static int positiveInt(std::optional<int64_t> V) {
  return V && *V > 0 && *V <= INT_MAX ? int(*V) : 0;
}

/// A byte count as the IR keeps it: -1 when not a constant (or beyond what it holds).
static long long irBytes(std::optional<uint64_t> B) {
  return B && *B <= (uint64_t)LLONG_MAX ? (long long)*B : -1;
}

/// The IR's record of a scratch request (ir::ScratchRequest), -1 for what is not a constant.
static ir::ScratchRequest irRequest(const ScratchRequest& R, const clang::CXXMemberCallExpr* Call,
                                    const clang::SourceManager& SM) {
  ir::ScratchRequest Out;
  Out.level = R.level ? *R.level : -1;
  Out.perTeam = R.hasTeam;
  Out.perThread = R.hasThread;
  Out.teamBytes = irBytes(R.teamBytes);
  Out.threadBytes = irBytes(R.threadBytes);
  Out.line = SM.getExpansionLineNumber(Call->getBeginLoc());
  return Out;
}

/// The team size and vector length a traced policy gives as constants (0 for each that it does
/// not, or when something may change the policy).
static std::pair<int, int> constantShape(clang::ASTContext& Ctx, const PolicyBuild& B) {
  if (!B.complete || !B.construction) return {0, 0};
  const TeamShape S = shapeOf(B.construction);
  return {positiveInt(S.teamSize(Ctx)),
          positiveInt(S.vectorArg ? signedConstant(S.vectorArg, Ctx) : std::nullopt)};
}

/// Records in the IR what a team kernel's policy is built from, when nothing else may change it
/// (PolicyTracer::trace): its constant team size and vector length, and its scratch requests.
static void recordPolicy(clang::ASTContext& Ctx, const TracedPolicy& P, ir::Kernel& K) {
  const PolicyBuild& B = P.build;
  // A header's template is compiled for whatever policy another file's instantiation builds.
  if (!B.complete || !B.construction || K.inHeaderTemplate) return;
  K.policyTraced = true;
  std::tie(K.teamSize, K.vectorLength) = constantShape(Ctx, B);
  for (size_t I = 0; I < P.requests.size(); ++I)
    K.scratch.push_back(irRequest(P.requests[I], B.scratchCalls[I], Ctx.getSourceManager()));
}

/// For a later instantiation of a kernel's dispatch (a template instantiated more than once):
/// forgets the team size or vector length the IR recorded from the first when this one's policy
/// does not give the same constant, so the kernel is compiled for any (a kernel compiled for
/// one shape cannot run another).
static void forgetDifferingShape(clang::ASTContext& Ctx, const TracedPolicy& P, ir::Kernel& K) {
  const auto [TeamSize, VectorLength] = constantShape(Ctx, P.build);
  if (TeamSize != K.teamSize) K.teamSize = 0;
  if (VectorLength != K.vectorLength) K.vectorLength = 0;
}

/// Whether the call operators a range or MDRange dispatch runs take their indices as parameters
/// of fixed types (ir::Kernel::plainIndexParams).
bool plainIndexParameters(const DispatchSite& Site) {
  if (const clang::LambdaExpr* L = lambdaOf(Site.functor))
    return !L->isGenericLambda() && !L->getCallOperator()->isVariadic();
  // One call operator: with overloads, another argument type could pick another one.
  if (Site.members.size() != 1) return false;
  for (const clang::FunctionDecl* F : Site.members)
    if (F->isTemplateInstantiation() || F->getDescribedFunctionTemplate() || F->isVariadic())
      return false;
  return true;
}

Analysis analyse(clang::ASTContext& Ctx, const AnalysedFile& File, diag::Reporter& Report,
                 ir::TranslationUnit& TU,
                 const StdHeaderFacts* HeaderFacts) {
  Analysis Result;
  Result.dispatches = findDispatches(Ctx, File, Report, TU);
  if (Ctx.getDiagnostics().hasErrorOccurred()) return Result;
  FunctionReferences References(Ctx);
  for (const DispatchSite& Site : Result.dispatches.sites) {
    ir::Kernel& K = TU.kernels[Site.kernel];
    if (K.policy != ir::PolicyKind::Team) {
      K.plainIndexParams = plainIndexParameters(Site);
      recordStagedLoop(Ctx, File, Site, Result.dispatches.instances, References, K);
      continue;
    }
    buildNest(Ctx, File, Site, K);
    if (!K.onHost) recordViewReads(Ctx, File, Site, Result.dispatches.instances, References, K);
  }
  // Every instantiation's policy, traced once: the checks read the traces; the IR records the
  // first instantiation's (the instances start with the sites, in kernel order).
  PolicyTracer Tracer(Ctx);
  const std::vector<DispatchSite>& Instances = Result.dispatches.instances;
  for (size_t I = 0; I < Instances.size(); ++I) {
    const clang::Expr* Policy = policyArgument(Instances[I]);
    if (!Policy) continue;
    const std::optional<PolicyFacts> Facts =
        describePolicy(strip(Policy)->getType().getNonReferenceType().getCanonicalType());
    if (!Facts || Facts->kind != ir::PolicyKind::Team) continue;
    TracedPolicy P;
    P.instance = I;
    P.policy = Policy;
    P.build = Tracer.trace(Policy);
    for (const clang::CXXMemberCallExpr* Call : P.build.scratchCalls)
      P.requests.push_back(readRequest(Call, Ctx));
    if (I < Result.dispatches.sites.size())
      recordPolicy(Ctx, P, TU.kernels[Instances[I].kernel]);
    else
      forgetDifferingShape(Ctx, P, TU.kernels[Instances[I].kernel]);
    Result.teamPolicies.push_back(std::move(P));
  }
  Result.device = walkDeviceCode(Ctx, File, Result.dispatches.instances, TU);
  Result.execution = walkExecution(Ctx, File, Result.dispatches.instances, TU);
  Result.captures = findCaptures(Ctx, Result.dispatches.sites);
  Result.policies = readPolicies(Ctx, File, Result.dispatches.instances, Result.teamPolicies);
  Result.functorCalls = readFunctorCalls(Ctx, File, Result.dispatches, TU);
  if (HeaderFacts) chooseStdHeaders(Ctx, File.paths(), *HeaderFacts, TU);
  return Result;
}

}  // namespace analysis
}  // namespace hpar
