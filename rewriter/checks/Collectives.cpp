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
// The walk, and the divergence it keeps, is TeamFlowWalk's (TeamWalk.h), which the races family
// shares: from each team functor's entry points through direct calls of the main file's functions
// and the closures of nested patterns; a lambda merely written in the functor runs only where it
// is called.
#include "checks/TeamWalk.h"

#include <optional>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

class CollectivesChecker : TeamFlowWalk {
public:
  explicit CollectivesChecker(CheckContext& C) : TeamFlowWalk(C) {}

  void run() { walkKernels(); }

private:
  void visitPattern(const analysis::NestedPattern& P) override { checkPattern(P); }

  void visitTeamMemberCall(const CallExpr* Call, llvm::StringRef Method) override {
    if (Method == "team_barrier" || Method == "team_broadcast" || Method == "team_reduce" ||
        Method == "team_scan")
      checkTeamLevel("'" + Method.str() + "'", Call->getExprLoc(), Call->getSourceRange());
  }

  // ---- the checks ----

  void checkPattern(const analysis::NestedPattern& P) {
    bool InRange = false, InLaneSplit = false;
    for (const analysis::NestedPattern& F : Frames) {
      InRange |= !F.isSingle();
      InLaneSplit |= F.splitsLanes();
    }
    SourceRange Range = P.call->getCallee()->getSourceRange();
    if (P.teamLevel()) {
      if (!InRange) checkTeamLevel(P.describe(), P.call->getBeginLoc(), Range);  // else hpar-illegal-nesting
    } else if (P.single == analysis::NestedPattern::Single::PerTeam) {
      checkTeamLevel(P.describe(), P.call->getBeginLoc(), Range);
    } else if (P.single == analysis::NestedPattern::Single::PerThread) {
      checkVectorLevel(P.describe(), P.call->getBeginLoc(), Range);
    } else if (!InLaneSplit) {  // a vector range; inside a lane-splitting closure it is illegal nesting
      checkVectorLevel(P.describe(), P.call->getBeginLoc(), Range);
    }
  }

  /// What every thread of the team must reach: inside any nested closure, or under control flow
  /// that varies between threads or lanes, only some reach it.
  void checkTeamLevel(const std::string& What, SourceLocation Loc, SourceRange Range) {
    const analysis::NestedPattern* Frame = Frames.empty() ? nullptr : &Frames.back();
    std::optional<Divergence> D = innermostDivergence(analysis::AcrossThreads | analysis::AcrossLanes);
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->describe() + " in kernel '" + Kernel->name +
                    "': every thread of the team must reach it, but a nested pattern's closure runs " +
                    "on only part of the team"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some threads of the team, but every thread of the team "
                    "must reach it";
    if (!report(diag::CheckId::DivergentCollective, Loc, Range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "threads");
    noteChain();
  }

  /// What every lane of a thread must reach: inside a closure that runs on part of the lanes
  /// (a vector-level range's or a single's), or under control flow that varies between lanes.
  void checkVectorLevel(const std::string& What, SourceLocation Loc, SourceRange Range) {
    const analysis::NestedPattern* Frame = nullptr;
    for (auto It = Frames.rbegin(); It != Frames.rend() && !Frame; ++It)
      if (It->splitsLanes() || It->isSingle()) Frame = &*It;
    std::optional<Divergence> D = innermostDivergence(analysis::AcrossLanes);
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->describe() + " in kernel '" + Kernel->name +
                    "': every vector lane of the thread must reach it, but that closure runs on " +
                    "only part of the lanes"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some vector lanes of a thread, but every lane of the "
                    "thread must reach it";
    if (!report(diag::CheckId::DivergentVector, Loc, Range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "lanes");
    noteChain();
  }

  void noteFrame(const analysis::NestedPattern& Frame) {
    C.report.note(Frame.call->getBeginLoc(), "enclosing " + Frame.describe() + " here")
        << Frame.call->getCallee()->getSourceRange();
  }

  void noteDivergence(const Divergence& D, const char* Who) {
    std::string What = D.loopCondition ? "this loop condition " : "this condition ";
    C.report.note(D.cond->getBeginLoc(), What + D.why.describe())
        << D.cond->getSourceRange();
    if (!D.exit) return;
    std::string Where = isa<ReturnStmt>(D.exit)   ? "return here"
                        : isa<BreakStmt>(D.exit) ? "leave the loop here"
                                                 : "skip the rest of the loop body here";
    C.report.note(D.exit->getBeginLoc(), std::string(Who) + " for which it holds " + Where);
  }

};

}  // namespace

void checkCollectives(CheckContext& C) { CollectivesChecker(C).run(); }

}  // namespace checks
}  // namespace hpar
