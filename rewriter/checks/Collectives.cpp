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
// The walk (as in Nesting.cpp) starts at each team functor's entry points and follows direct calls
// of the main file's functions and the closures of nested patterns; a lambda merely written in the
// functor runs only where it is called.
#include "analysis/Varying.h"
#include "checks/TeamWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <optional>
#include <set>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// Why only some participants reach a point: a varying condition, and where the others leave
/// when that is how (an early return, break or continue).
struct Divergence {
  analysis::Varying why;
  const Expr* cond = nullptr;
  bool loopCondition = false;
  const Stmt* exit = nullptr;
};

/// A function being walked: the returns under a varying condition seen so far, which make the
/// rest of it divergent.
struct Function {
  const FunctionDecl* fn = nullptr;
  size_t condBase = 0, loopBase = 0;  // Conds and Loops at entry: what is local to it
  std::vector<Divergence> exits;
};

/// A loop or switch being walked: the continues and breaks under a varying condition seen so far,
/// which make the rest of its body divergent.
struct Loop {
  bool isSwitch = false;
  size_t condBase = 0;
  std::vector<Divergence> rest;
};

class CollectivesChecker : TeamWalk {
public:
  explicit CollectivesChecker(CheckContext& C) : TeamWalk(C), Values(SM, C.paths) {}

  void run() {
    for (const analysis::DispatchSite& S : C.instances) {
      Kernel = &C.tu.kernels[S.kernel];
      if (Kernel->policy != ir::PolicyKind::Team) continue;  // the nesting family rejects the rest
      for (const FunctionDecl* F : analysis::functorBodies(S)) walkFunction(F, {});
    }
  }

private:
  // ---- the walk ----

  /// Walks F with its parameters varying as given (missing ones are uniform).
  void walkFunction(const FunctionDecl* F, const std::vector<analysis::Varying>& Params) {
    if (!F || !F->getBody() || Functions.size() >= MaxCallDepth) return;
    for (const Function& S : Functions)
      if (S.fn->getCanonicalDecl() == F->getCanonicalDecl()) return;  // recursion
    // The same function in the same situation reports the same things.
    std::string Key;
    for (const analysis::NestedPattern& P : Frames) Key += char('a' + int(P.range.level) + 4 * int(P.single));
    Key += "|" + std::to_string(anyDivergence(analysis::AcrossThreads) ? 1 : 0) +
           std::to_string(anyDivergence(analysis::AcrossLanes) ? 1 : 0) + "|";
    for (const analysis::Varying& V : Params) Key += char('0' + V.bits);
    if (!Walked.insert({F->getCanonicalDecl(), Key}).second) return;

    Functions.push_back({F, Conds.size(), Loops.size(), {}});
    Values.enter(F, Params);
    walk(F->getBody());
    Values.leave();
    Functions.pop_back();
  }

  void walk(const Stmt* S) {
    if (!S || isa<LambdaExpr>(S)) return;  // a lambda runs where it is called
    if (const auto* If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit());
      walk(If->getConditionVariableDeclStmt());
      walk(If->getCond());
      bool Pushed = !If->isConstexpr() && pushCondition(If->getCond(), false);
      walk(If->getThen());
      walk(If->getElse());
      if (Pushed) Conds.pop_back();
      return;
    }
    if (const auto* Switch = dyn_cast<SwitchStmt>(S)) {
      walk(Switch->getInit());
      walk(Switch->getConditionVariableDeclStmt());
      walk(Switch->getCond());
      bool Pushed = pushCondition(Switch->getCond(), false);
      Loops.push_back({true, Conds.size(), {}});
      walk(Switch->getBody());
      Loops.pop_back();
      if (Pushed) Conds.pop_back();
      return;
    }
    if (const auto* For = dyn_cast<ForStmt>(S)) {
      walk(For->getInit());
      walk(For->getConditionVariableDeclStmt());
      walkLoop(For->getCond(), For->getBody(), For->getInc());
      return;
    }
    if (const auto* While = dyn_cast<WhileStmt>(S)) {
      walk(While->getConditionVariableDeclStmt());
      walkLoop(While->getCond(), While->getBody(), nullptr);
      return;
    }
    if (const auto* Do = dyn_cast<DoStmt>(S)) {
      walkLoop(Do->getCond(), Do->getBody(), nullptr);
      return;
    }
    if (const auto* Range = dyn_cast<CXXForRangeStmt>(S)) {
      walk(Range->getInit());
      // The trip count is the range's length, which does not follow from its elements' values.
      walk(Range->getRangeInit());
      walkLoop(nullptr, Range->getBody(), nullptr, Range->getLoopVarStmt());
      return;
    }
    if (const auto* Cond = dyn_cast<AbstractConditionalOperator>(S)) {
      walk(Cond->getCond());
      bool Pushed = pushCondition(Cond->getCond(), false);
      walk(Cond->getTrueExpr());
      walk(Cond->getFalseExpr());
      if (Pushed) Conds.pop_back();
      return;
    }
    if (const auto* B = dyn_cast<BinaryOperator>(S); B && B->isLogicalOp()) {
      walk(B->getLHS());
      bool Pushed = pushCondition(B->getLHS(), false);
      walk(B->getRHS());
      if (Pushed) Conds.pop_back();
      return;
    }
    if (const auto* Return = dyn_cast<ReturnStmt>(S)) {
      walk(Return->getRetValue());
      if (auto D = localDivergence(Functions.back().condBase, Functions.back().loopBase)) {
        D->exit = S;
        Functions.back().exits.push_back(*D);
      }
      return;
    }
    if (isa<BreakStmt, ContinueStmt>(S)) {
      Loop* Target = nullptr;
      for (size_t I = Loops.size(); I-- > Functions.back().loopBase;)
        if (isa<BreakStmt>(S) || !Loops[I].isSwitch) {
          Target = &Loops[I];
          break;
        }
      if (!Target) return;
      if (auto D = localDivergence(Target->condBase, Loops.size())) {
        D->exit = S;
        Target->rest.push_back(*D);
      }
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      walkCall(Call);
      return;
    }
    for (const Stmt* Child : S->children()) walk(Child);
  }

  /// A loop: its body (and increment) run as often as the condition says, and every iteration
  /// after a break or return that only some participants take is divergent too.
  void walkLoop(const Expr* Cond, const Stmt* Body, const Expr* Inc, const Stmt* LoopVar = nullptr) {
    walk(Cond);
    bool Pushed = pushCondition(Cond, true);
    std::optional<Divergence> Leaves = findEarlyExit(Body, std::nullopt, 0);
    if (Leaves) Conds.push_back(*Leaves);
    Loops.push_back({false, Conds.size(), {}});
    walk(LoopVar);
    walk(Body);
    walk(Inc);
    Loops.pop_back();
    if (Leaves) Conds.pop_back();
    if (Pushed) Conds.pop_back();
  }

  void walkCall(const CallExpr* Call) {
    if (auto P = analysis::nestedPatternOf(Call)) {
      checkPattern(*P);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (I != 1) walk(Call->getArg(I));
      Frames.push_back(*P);
      for (const FunctionDecl* Body : analysis::callOperatorsOf(P->closure)) {
        // The closure's indices differ between the participants of the pattern's level.
        std::vector<analysis::Varying> Params;
        for (unsigned I = 0; I < P->indexCount() && I < Body->getNumParams(); ++I)
          Params.push_back({analysis::levelBits(P->range.level),
                            "the index '" + Body->getParamDecl(I)->getNameAsString() +
                                "' of the enclosing " + P->range.name(),
                            "", Body->getParamDecl(I)});
        walkFunction(Body, Params);
      }
      Frames.pop_back();
      return;
    }
    llvm::StringRef Method = analysis::teamMemberMethod(Call);
    if (Method == "team_barrier" || Method == "team_broadcast" || Method == "team_reduce" ||
        Method == "team_scan")
      checkTeamLevel("'" + Method.str() + "'", Call->getExprLoc(), Call->getSourceRange());
    if (!Method.empty()) {
      // The closure of team_broadcast(f, value, root) is no walked body: it only computes a value.
      for (const Expr* Arg : Call->arguments())
        if (!isa<LambdaExpr>(Arg->IgnoreImplicit())) walk(Arg);
      walk(Call->getCallee());
      return;
    }
    if (const FunctionDecl* Callee = analysis::userCallee(Call, SM, C.paths)) {
      for (const Stmt* Child : Call->children()) walk(Child);
      std::vector<analysis::Varying> Params = Values.argumentsOf(Call, Callee);
      Chain.push_back({Call, Callee});
      walkFunction(Callee, Params);
      Chain.pop_back();
      return;
    }
    for (const Stmt* Child : Call->children()) walk(Child);
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

  // ---- divergence ----

  /// Pushes Cond as a divergence when it varies; returns whether it did.
  bool pushCondition(const Expr* Cond, bool IsLoop) {
    if (!Cond) return false;
    analysis::Varying V = Values.vary(Cond);
    if (!V.bits) return false;
    Conds.push_back({V, Cond, IsLoop, nullptr});
    return true;
  }

  /// The innermost divergence among the conditions from index CondBase on and the early exits
  /// of the loops from index LoopBase on: what an exit found now is taken under.
  std::optional<Divergence> localDivergence(size_t CondBase, size_t LoopBase) {
    if (Conds.size() > CondBase) return Conds.back();
    for (size_t I = Loops.size(); I-- > LoopBase;)
      if (!Loops[I].rest.empty()) return Loops[I].rest.back();
    return std::nullopt;
  }

  /// The innermost divergence that varies in `Bits`: conditions first, then early exits of loops
  /// and functions.
  std::optional<Divergence> innermostDivergence(unsigned Bits) {
    for (auto It = Conds.rbegin(); It != Conds.rend(); ++It)
      if (It->why.bits & Bits) return *It;
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      for (const Divergence& D : It->rest)
        if (D.why.bits & Bits) return D;
    for (auto It = Functions.rbegin(); It != Functions.rend(); ++It)
      for (const Divergence& D : It->exits)
        if (D.why.bits & Bits) return D;
    return std::nullopt;
  }
  bool anyDivergence(unsigned Bits) { return innermostDivergence(Bits).has_value(); }

  /// A break (of this loop) or a return in a loop body under a varying condition of the body:
  /// the participants that take it run fewer iterations.
  std::optional<Divergence> findEarlyExit(const Stmt* S, std::optional<Divergence> Under, unsigned Nest) {
    if (!S || isa<LambdaExpr>(S) || isa<Expr>(S)) return std::nullopt;
    if (isa<ReturnStmt>(S) || (isa<BreakStmt>(S) && Nest == 0)) {
      if (!Under) return std::nullopt;
      Under->exit = S;
      return Under;
    }
    auto Branch = [&](const Expr* Cond, bool IsLoop) -> std::optional<Divergence> {
      if (Under || !Cond) return Under;
      analysis::Varying V = Values.vary(Cond);
      if (!V.bits) return std::nullopt;
      return Divergence{V, Cond, IsLoop, nullptr};
    };
    std::optional<Divergence> Inner = Under;
    unsigned InnerNest = Nest;
    if (const auto* If = dyn_cast<IfStmt>(S)) {
      if (!If->isConstexpr()) Inner = Branch(If->getCond(), false);
    } else if (const auto* Switch = dyn_cast<SwitchStmt>(S)) {
      Inner = Branch(Switch->getCond(), false);
      ++InnerNest;
    } else if (const auto* For = dyn_cast<ForStmt>(S)) {
      Inner = Branch(For->getCond(), true);
      ++InnerNest;
    } else if (const auto* While = dyn_cast<WhileStmt>(S)) {
      Inner = Branch(While->getCond(), true);
      ++InnerNest;
    } else if (const auto* Do = dyn_cast<DoStmt>(S)) {
      Inner = Branch(Do->getCond(), true);
      ++InnerNest;
    } else if (isa<CXXForRangeStmt>(S)) {
      ++InnerNest;
    }
    for (const Stmt* Child : S->children())
      if (auto Found = findEarlyExit(Child, Inner, InnerNest)) return Found;
    return std::nullopt;
  }

  const ir::Kernel* Kernel = nullptr;
  analysis::VaryingValues Values;
  std::vector<Function> Functions;
  std::vector<Divergence> Conds;       // the varying conditions around the point walked
  std::vector<Loop> Loops;             // the loops and switches around it
  std::vector<analysis::NestedPattern> Frames;   // the nested patterns whose closures hold it
  std::set<std::pair<const FunctionDecl*, std::string>> Walked;
};

}  // namespace

void checkCollectives(CheckContext& C) { CollectivesChecker(C).run(); }

}  // namespace checks
}  // namespace hpar
