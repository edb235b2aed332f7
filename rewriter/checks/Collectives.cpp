// Rule family "collectives": code that every participant of a level must reach, reached by only
// some of them. Such code deadlocks (a barrier some threads never meet) or silently loses work (a
// nested range whose indices are shared among threads that do not all run it).
//
//   hpar-divergent-collective  a team collective -- team_barrier, team_broadcast, team_reduce,
//                              team_scan, single(PerTeam), a nested pattern over TeamThreadRange or
//                              TeamVectorRange (or their MDRange forms) -- under control flow that
//                              differs between the threads of a team, or inside a nested pattern's
//                              closure
//   hpar-divergent-vector      single(PerThread) or a pattern over ThreadVectorRange (or its
//                              MDRange form) under control flow that differs between the vector
//                              lanes of a thread, or inside a closure that runs on part of the lanes
//
// Which values differ between participants ("varying" values) is Varying.h's concern. Control flow
// that makes a point divergent: the branches of if / ?: / switch / && / || on a varying condition,
// the body of a loop whose condition varies, the rest of a function after a return under a varying
// condition, the rest of a loop body after such a continue, and the whole body of a loop that such
// a break or return leaves. A team-level range inside another nested range's closure, and a vector range inside
// a vector-level closure, are reported by the nesting family (hpar-illegal-nesting), not here.
//
// The points are those of the execution trees (ir/ExecTree.h), which analysis builds in one walk
// (analysis/ExecWalk.h) that the nesting and races rules read too: from each team functor's entry
// points through direct calls of the analysed file's functions and the closures of nested patterns; a
// lambda merely written in the functor runs only where it is called.
#include "checks/Checks.h"

namespace hpar {
namespace checks {
namespace {

using ir::ExecConstruct;
using ir::ExecPoint;

class CollectivesRule {
public:
  explicit CollectivesRule(CheckContext& C) : C(C), Once(C.report) {}

  void run() {
    for (const ir::ExecTree& T : C.execution.kernels) {
      const ir::Kernel& K = C.tu.kernels[T.kernel];
      if (K.policy != ir::PolicyKind::Team) continue;  // the nesting family rejects the rest
      Kernel = &K;
      for (const ExecPoint& P : T.points) {
        if (P.kind == ExecPoint::Kind::Construct) checkConstruct(P);
        else if (P.kind == ExecPoint::Kind::Collective)
          checkTeamLevel(P, "'" + P.collective + "'", P.at);
      }
    }
  }

private:
  void checkConstruct(const ExecPoint& P) {
    const ExecConstruct& X = P.construct;
    bool InRange = false, InLaneSplit = false;
    for (const ExecConstruct& F : P.frames) {
      InRange |= !F.isSingle();
      InLaneSplit |= F.splitsLanes();
    }
    if (X.teamLevel()) {
      if (!InRange) checkTeamLevel(P, X.described, X.call);  // else hpar-illegal-nesting
    } else if (X.level == ir::NestedConstruct::Level::PerTeam) {
      checkTeamLevel(P, X.described, X.call);
    } else if (X.level == ir::NestedConstruct::Level::PerThread) {
      checkVectorLevel(P, X.described, X.call);
    } else if (!InLaneSplit) {  // a vector range; inside a lane-splitting closure it is illegal nesting
      checkVectorLevel(P, X.described, X.call);
    }
  }

  /// What every thread of the team must reach: inside any nested closure, or under control flow
  /// that varies between threads or lanes, only some reach it.
  void checkTeamLevel(const ExecPoint& P, const std::string& What, const ir::Spot& At) {
    const ExecConstruct* Frame = P.frames.empty() ? nullptr : &P.frames.back();
    const std::optional<ir::ExecDivergence>& D = P.divergence;
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->described + " in kernel '" + Kernel->name +
                    "': every thread of the team must reach it, but a nested pattern's closure runs " +
                    "on only part of the team"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some threads of the team, but every thread of the team "
                    "must reach it";
    if (!Once.report(diag::CheckId::DivergentCollective, At.at, At.range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "threads");
    Once.noteChain(P.chain);
  }

  /// What every lane of a thread must reach: inside a closure that runs on part of the lanes
  /// (a vector-level range's or a single's), or under control flow that varies between lanes.
  void checkVectorLevel(const ExecPoint& P, const std::string& What, const ir::Spot& At) {
    const ExecConstruct* Frame = nullptr;
    for (auto It = P.frames.rbegin(); It != P.frames.rend() && !Frame; ++It)
      if (It->splitsLanes() || It->isSingle()) Frame = &*It;
    const std::optional<ir::ExecDivergence>& D = P.laneDivergence;
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->described + " in kernel '" + Kernel->name +
                    "': every vector lane of the thread must reach it, but that closure runs on " +
                    "only part of the lanes"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some vector lanes of a thread, but every lane of the "
                    "thread must reach it";
    if (!Once.report(diag::CheckId::DivergentVector, At.at, At.range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "lanes");
    Once.noteChain(P.chain);
  }

  void noteFrame(const ExecConstruct& Frame) {
    C.report.note(Frame.call.at, "enclosing " + Frame.described + " here") << Frame.call.range;
  }

  void noteDivergence(const ir::ExecDivergence& D, const char* Who) {
    std::string What = D.loopCondition ? "this loop condition " : "this condition ";
    C.report.note(D.condition.at, What + D.why) << D.condition.range;
    if (D.exit == ir::ExecDivergence::Exit::None) return;
    std::string Where = D.exit == ir::ExecDivergence::Exit::Return  ? "return here"
                        : D.exit == ir::ExecDivergence::Exit::Break ? "leave the loop here"
                                                                    : "skip the rest of the loop body here";
    C.report.note(D.exitAt, std::string(Who) + " for which it holds " + Where);
  }

  CheckContext& C;
  ReportOnce Once;
  const ir::Kernel* Kernel = nullptr;
};

}  // namespace

void checkCollectives(CheckContext& C) { CollectivesRule(C).run(); }

}  // namespace checks
}  // namespace hpar
