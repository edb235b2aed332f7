// The translation-time checks: one rule family per file under rewriter/checks/, each reporting
// through a Reporter with the ids of CheckList.def. They run after analysis and before emission,
// over what analysis found, which they only read: nothing a check computes reaches the output.
// Any error stops translation (no output is written).
#pragma once

#include "analysis/Analysis.h"
#include "analysis/DeviceCallGraph.h"
#include "diag/Diagnostics.h"
#include "ir/ExecTree.h"
#include "ir/Kernel.h"
#include "ir/Target.h"
#include "clang/AST/ASTContext.h"
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace checks {

/// What every rule family sees: the IR, what analysis found, and the reporter. No family is
/// given the dispatches' AST to walk; `ast` is there to print types and locations.
struct CheckContext {
  clang::ASTContext& ast;
  size_t instances;  // how many instantiations the dispatches have (the findings' `instance`)
  const ir::TranslationUnit& tu;
  /// What the kernels run on the device, as analysis walked it (analysis/DeviceCallGraph.h).
  const std::vector<analysis::DeviceFinding>& device;
  /// What each instantiation runs, placed where it runs, and host code's nested constructs, as
  /// analysis walked them (ir/ExecTree.h, analysis/ExecWalk.h).
  const ir::Execution& execution;
  diag::Reporter& report;
  const ir::Target& target;  // the backend's toolchain (--check without --backend: the first)

  // ---- What analysis read for the captures, policies and signatures families ----
  /// What the lambda functor of each top-level dispatch captures (analysis/CaptureFindings.h).
  const std::vector<analysis::CaptureFinding>& captures;
  /// The policies and scratch calls, as analysis read them (analysis/PolicyFindings.h).
  const analysis::PolicyFindings& policies;
  /// How each dispatch and nested pattern calls its functor (analysis/FunctorCalls.h).
  const std::vector<analysis::FunctorCallFinding>& functorCalls;
};

/// Reports a diagnostic once per check and location: the walk meets a function in more than one
/// situation (templates, shared helpers), and a rule sees its points each time.
class ReportOnce {
public:
  explicit ReportOnce(diag::Reporter& report) : Report(report) {}
  /// Reports, underlining `range`; false when this one was already reported.
  bool report(diag::CheckId check, clang::SourceLocation loc, clang::SourceRange range,
              const std::string& message);
  /// Notes the calls that led from the functor to the point, innermost first.
  void noteChain(const std::vector<ir::ExecCall>& chain);

private:
  diag::Reporter& Report;
  std::set<std::pair<unsigned, unsigned>> Reported;
};

/// Family 1 (Captures.cpp): by-reference captures, implicit `this`, mutable lambdas.
void checkCaptures(CheckContext& C);
/// Family 2 (Races.cpp): nested closures writing variables of the enclosing team functor.
void checkRaces(CheckContext& C);
/// Family 3 (Nesting.cpp): illegal nesting levels, nested patterns outside team functors.
void checkNesting(CheckContext& C);
/// Family 4 (Collectives.cpp): collectives in team- or lane-divergent code.
void checkCollectives(CheckContext& C);
/// Family 5 (DeviceCallable.cpp): what kernels call must run on the device.
void checkDeviceCallable(CheckContext& C);
/// Family 6 (Signatures.cpp): functor parameters against pattern and policy; reduction results.
void checkSignatures(CheckContext& C);
/// Family 7 (Policies.cpp): MDRange ranks, team sizes, vector lengths, scratch requests.
void checkPolicies(CheckContext& C);

/// Runs every family in order.
void runChecks(CheckContext& C);

}  // namespace checks
}  // namespace hpar
