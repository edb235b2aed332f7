// Analysis, the one stage that recognises: from the parsed file to the IR (ir::TranslationUnit)
// and what the checks read beside it. Nothing after it looks for constructs of hpar's API.
#pragma once

#include "analysis/CaptureFindings.h"
#include "analysis/DeviceCallGraph.h"
#include "analysis/DispatchFinder.h"
#include "analysis/FunctorCalls.h"
#include "analysis/PolicyFindings.h"
#include "analysis/StdHeaders.h"
#include "analysis/PolicyTrace.h"
#include "diag/Diagnostics.h"
#include "frontend/Frontend.h"
#include "ir/ExecTree.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace hpar {
namespace analysis {

/// The policy of one instantiation of a team dispatch, followed to what it is built from.
struct TracedPolicy {
  size_t instance = 0;                     // index into Analysis::dispatches.instances
  const clang::Expr* policy = nullptr;     // the policy argument as written
  PolicyBuild build;
  std::vector<ScratchRequest> requests;    // build.scratchCalls read, in their order
};

/// What analysis found besides the IR: the AST handles the checks need.
struct Analysis {
  Dispatches dispatches;
  /// Every instantiation of every team dispatch whose policy argument is a TeamPolicy, traced
  /// once (PolicyTrace.h); the IR records the first instantiation's (ir::Kernel::teamSize, ...).
  std::vector<TracedPolicy> teamPolicies;
  /// What the device kernels run, as the device walk found it (DeviceCallGraph.h).
  std::vector<DeviceFinding> device;
  /// What every instantiation runs, placed where it runs, and the nested constructs of host code
  /// (ExecWalk.h).
  ir::Execution execution;

  // ---- What the captures, policies and signatures families read ----
  /// What the lambda functor of each top-level dispatch captures (CaptureFindings.h).
  std::vector<CaptureFinding> captures;
  /// The policies, nested MDRanges and scratch calls of the analysed file, each dispatch's
  /// MDRangePolicy, and each traced TeamPolicy's scratch against its functor's (PolicyFindings.h).
  PolicyFindings policies;
  /// How each dispatch and nested pattern calls its functor, modelled and judged
  /// (FunctorCalls.h): the dispatches' instantiations, then the nested calls.
  std::vector<FunctorCallFinding> functorCalls;
};

/// Analyses `file` (the translated source, or one of its headers in a pass of its own:
/// AnalysedFile.h) into `tu`: its dispatches (DispatchFinder.h), each team kernel's nest
/// (NestTree.h), what its policy is built from (PolicyTrace.h: constant team size and vector
/// length, scratch requests), the device call graph (DeviceCallGraph.h), what every kernel runs
/// where (ExecWalk.h: the nesting, collectives and races families read it), and what the other
/// rule families read (the captures of lambda functors: CaptureFindings.h; policies and scratch:
/// PolicyFindings.h; functor calls: FunctorCalls.h). Reports what cannot be translated through
/// `report`; after such an error the rest is not analysed and the result is partial. With
/// `stdHeaderFacts` (the preprocessor's record of the parse; the translated source's pass only),
/// also which of Kokkos_Core.hpp's standard headers the user's code uses (StdHeaders.h).
Analysis analyse(clang::ASTContext& ast, const AnalysedFile& file, diag::Reporter& report,
                 ir::TranslationUnit& tu,
                 const StdHeaderFacts* stdHeaderFacts = nullptr);

}  // namespace analysis
}  // namespace hpar
