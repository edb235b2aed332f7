// Rule family "nesting": where a nested pattern may run.
//
//   hpar-illegal-nesting      a nested range inside the closure of a nested pattern that already
//                             splits its level: TeamThreadRange / TeamVectorRange (or their MDRange
//                             forms) inside any nested range's closure; ThreadVectorRange (or its
//                             MDRange form) inside a ThreadVectorRange or TeamVectorRange closure
//   hpar-nested-outside-team  a nested pattern that no TeamPolicy functor runs: in the functor of a
//                             RangePolicy or MDRangePolicy dispatch or a function it calls, or in
//                             host code
//
// hpar-nested-dispatch and hpar-scan-policy belong to this family too but are reported by analysis
// (analysis/DispatchFinder.cpp), which does not record such a dispatch as a kernel.
//
// The points are those of the execution trees (ir/ExecTree.h; the walk is analysis/ExecWalk.h):
// from each functor's entry points through what runs there. Of a class functor only the members
// the dispatch runs are entry points (analysis::calledMembers): the operator() overload its work
// tag and pattern select, so a TeamPolicy overload of a functor that a RangePolicy dispatches under
// another tag is not range code. From there the walk follows direct calls of functions of the main
// file (free functions, members, lambdas, template instantiations) and, for team functors, the
// closures of nested patterns, one enclosing pattern deeper. A lambda merely written in a team
// functor runs only where it is called or passed to a nested pattern. single(PerTeam) and
// single(PerThread) closures are the collectives family's concern (Collectives.cpp): a nested range
// inside one is reported there as divergent. What an illegally nested range's closure holds is
// not judged again.
//
// Host code: a function of the analysed file that no kernel reaches is host code when it takes no team
// member (main, a function building data, ...) or when host code calls it. A helper taking a team
// member that nothing calls is neither: it may be meant for a functor of another file.
#include "checks/Checks.h"

namespace hpar {
namespace checks {
namespace {

using ir::ExecConstruct;
using ir::ExecPoint;

class NestingRule {
public:
  explicit NestingRule(CheckContext& C) : C(C), Once(C.report) {}

  void run() {
    for (const ir::ExecTree& T : C.execution.kernels) {
      const ir::Kernel& K = C.tu.kernels[T.kernel];
      for (const ExecPoint& P : T.points) {
        if (P.kind != ExecPoint::Kind::Construct) continue;
        if (K.policy == ir::PolicyKind::Team) checkTeam(P, K);
        else reportInFlatKernel(P, K, T);
      }
    }
    for (const ir::HostConstruct& H : C.execution.host) reportInHost(H);
  }

private:
  // ---- team functors: the level of each nested range against the enclosing closures ----

  /// The enclosing range whose closure already splits Inner's level (its ranges enclosing it:
  /// Outer[0, End)), or null.
  static const ExecConstruct* splitBy(const ExecConstruct& Inner, const std::vector<const ExecConstruct*>& Outer,
                                      size_t End) {
    for (size_t I = End; I-- > 0;) {
      const ExecConstruct& O = *Outer[I];
      if (Inner.teamLevel() || (Inner.level == ir::NestedConstruct::Level::Vector && O.splitsLanes()))
        return &O;
    }
    return nullptr;
  }

  void checkTeam(const ExecPoint& P, const ir::Kernel& K) {
    const ExecConstruct& X = P.construct;
    if (X.isSingle()) return;
    // The ranges whose closures hold it (a single's closure splits no level).
    std::vector<const ExecConstruct*> Ranges;
    for (const ExecConstruct& F : P.frames)
      if (!F.isSingle()) Ranges.push_back(&F);
    // Inside an illegally nested range: that one is the mistake.
    for (size_t I = 0; I < Ranges.size(); ++I)
      if (splitBy(*Ranges[I], Ranges, I)) return;
    const ExecConstruct* Outer = splitBy(X, Ranges, Ranges.size());
    if (!Outer) return;
    std::string Why =
        X.teamLevel()
            ? X.rangeName + " splits the whole team, so it can only run directly in the team "
                            "functor, not inside another nested pattern"
            : "the enclosing " + Outer->rangeName + " already splits the vector lanes; " + X.rangeName +
                  " can only run directly in the team functor or inside a TeamThreadRange or " +
                  "TeamThreadMDRange closure";
    if (!Once.report(diag::CheckId::IllegalNesting, X.rangeArgument.at, X.rangeArgument.range,
                     X.described + " inside the closure of " + Outer->described + " in kernel '" +
                         K.name + "': " + Why))
      return;
    C.report.note(Outer->call.at, "enclosing " + Outer->described + " here") << Outer->call.range;
    Once.noteChain(P.chain);
  }

  // ---- range and MDRange functors: no nested pattern may run there ----

  void reportInFlatKernel(const ExecPoint& P, const ir::Kernel& K, const ir::ExecTree& T) {
    const ExecConstruct& X = P.construct;
    const char* Policy = K.policy == ir::PolicyKind::Range ? "RangePolicy" : "MDRangePolicy";
    std::string Where = P.chain.empty()
                            ? "inside the functor of kernel '" + K.name + "' (" + Policy + ")"
                            : "in " + P.chain.back().callee + ", which kernel '" + K.name + "' (" +
                                  Policy + ") calls";
    if (!Once.report(diag::CheckId::NestedOutsideTeam, X.call.at, X.call.range,
                     "nested " + X.described + " " + Where +
                         ": nested patterns are only legal inside a TeamPolicy functor"))
      return;
    Once.noteChain(P.chain);
    C.report.note(T.dispatch.at, std::string("kernel '") + K.name + "' is dispatched over " +
                                     (K.policy == ir::PolicyKind::Range ? "a " : "an ") + Policy +
                                     " here; nested patterns need a TeamPolicy")
        << T.dispatch.range;
  }

  // ---- host code ----

  void reportInHost(const ir::HostConstruct& H) {
    const ExecConstruct& X = H.construct;
    std::string Where = H.calls.empty() ? "which runs on the host" : "which is called from host code";
    if (!Once.report(diag::CheckId::NestedOutsideTeam, X.call.at, X.call.range,
                     "nested " + X.described + " in " + H.function + ", " + Where +
                         ": nested patterns are only legal inside a TeamPolicy functor"))
      return;
    for (const ir::HostConstruct::HostCall& Call : H.calls)
      C.report.note(Call.call.at, Call.callee + " is called here, from host code in " + Call.caller)
          << Call.call.range;
  }

  CheckContext& C;
  ReportOnce Once;
};

}  // namespace

void checkNesting(CheckContext& C) { NestingRule(C).run(); }

}  // namespace checks
}  // namespace hpar
