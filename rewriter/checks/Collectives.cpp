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
// What differs between participants (a "varying" value): team_rank() and team_scan()'s prefix
// differ between threads; the index of a nested closure differs between the threads (thread level)
// or the lanes (vector level) that run it. The dependence is followed through local variables
// (initialisations and assignments, without regard to order), through the arguments of the user's
// functions into their parameters, and out through their return values. league_rank(),
// team_size(), league_size(), the functor's captures and members, and the parameters of a helper
// called with uniform arguments are the same on every participant. Control flow that makes a
// point divergent: the branches of if / ?: / switch / && / || on a varying condition, the body of a
// loop whose condition varies, the rest of a function after a return under a varying condition,
// the rest of a loop body after such a continue, and the whole body of a loop that such a break or
// return leaves. A team-level range inside another nested range's closure, and a vector range inside
// a vector-level closure, are reported by the nesting family (hpar-illegal-nesting), not here.
//
// The walk (as in Nesting.cpp) starts at each team functor's entry points and follows direct calls
// of the main file's functions and the closures of nested patterns; a lambda merely written in the
// functor runs only where it is called.
#include "checks/TeamCode.h"

#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

constexpr unsigned MaxCallDepth = 32;
/// How deep return values are followed into the user's functions.
constexpr unsigned MaxReturnDepth = 4;

/// Which participants a value can differ between.
enum : unsigned { AcrossThreads = 1, AcrossLanes = 2 };

/// Whether, and why, a value differs between the participants that compute it.
struct Varying {
  unsigned bits = 0;
  std::string source;   // "team_rank()", "the index 'i' of the enclosing TeamThreadRange"
  std::string through;  // the variable that carries it to where it is used, or ""
  const clang::ValueDecl* origin = nullptr;  // the variable `source` names itself, if any

  void merge(const Varying& Other) {
    if (!Other.bits) return;
    if (!bits) {
      source = Other.source;
      through = Other.through;
      origin = Other.origin;
    }
    bits |= Other.bits;
  }
  std::string describe() const {
    return "depends on " + source + (through.empty() ? "" : " through '" + through + "'");
  }
};

/// Why only some participants reach a point: a varying condition, and where the others leave
/// when that is how (an early return, break or continue).
struct Divergence {
  Varying why;
  const Expr* cond = nullptr;
  bool loopCondition = false;
  const Stmt* exit = nullptr;
};

/// A function being walked: the varying variables it declares (its parameters included), and the
/// returns under a varying condition seen so far, which make the rest of it divergent.
struct Scope {
  const FunctionDecl* fn = nullptr;
  llvm::DenseMap<const ValueDecl*, Varying> vars;
  llvm::DenseMap<const ValueDecl*, SourceLocation> lastVaryingWrite;
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

class CollectivesChecker {
public:
  explicit CollectivesChecker(CheckContext& C) : C(C), SM(C.ast.getSourceManager()) {}

  void run() {
    for (const analysis::DispatchSite& S : dispatchInstances(C.ast, C.paths, C.sites)) {
      Kernel = &C.tu.kernels[S.kernel];
      if (Kernel->policy != ir::PolicyKind::Team) continue;  // the nesting family rejects the rest
      for (const FunctionDecl* F : functorBodies(S)) walkFunction(F, {});
    }
  }

private:
  // ---- the walk ----

  /// Walks F with its parameters varying as given (missing ones are uniform).
  void walkFunction(const FunctionDecl* F, const std::vector<Varying>& Params) {
    if (!F || !F->getBody() || Scopes.size() >= MaxCallDepth) return;
    for (const Scope& S : Scopes)
      if (S.fn->getCanonicalDecl() == F->getCanonicalDecl()) return;  // recursion
    // The same function in the same situation reports the same things.
    std::string Key;
    for (const NestedPattern& P : Frames) Key += char('a' + int(P.range.level) + 4 * int(P.single));
    Key += "|" + std::to_string(anyDivergence(AcrossThreads) ? 1 : 0) +
           std::to_string(anyDivergence(AcrossLanes) ? 1 : 0) + "|";
    for (const Varying& V : Params) Key += char('0' + V.bits);
    if (!Walked.insert({F->getCanonicalDecl(), Key}).second) return;

    enterScope(F, Params);
    walk(F->getBody());
    Scopes.pop_back();
  }

  void enterScope(const FunctionDecl* F, const std::vector<Varying>& Params) {
    Scope S;
    S.fn = F;
    S.condBase = Conds.size();
    S.loopBase = Loops.size();
    for (unsigned I = 0; I < F->getNumParams() && I < Params.size(); ++I)
      if (Params[I].bits) S.vars[F->getParamDecl(I)] = Params[I];
    Scopes.push_back(std::move(S));
    findBroadcasts(F->getBody());
    findVaryingVariables(F->getBody());
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
      if (auto D = localDivergence(Scopes.back().condBase, Scopes.back().loopBase)) {
        D->exit = S;
        Scopes.back().exits.push_back(*D);
      }
      return;
    }
    if (isa<BreakStmt, ContinueStmt>(S)) {
      Loop* Target = nullptr;
      for (size_t I = Loops.size(); I-- > Scopes.back().loopBase;)
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
    if (auto P = nestedPatternOf(Call)) {
      checkPattern(*P);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (I != 1) walk(Call->getArg(I));
      Frames.push_back(*P);
      for (const FunctionDecl* Body : callOperatorsOf(P->closure)) {
        // The closure's indices differ between the participants of the pattern's level.
        std::vector<Varying> Params;
        for (unsigned I = 0; I < P->indexCount() && I < Body->getNumParams(); ++I)
          Params.push_back({levelBits(P->range.level),
                            "the index '" + Body->getParamDecl(I)->getNameAsString() +
                                "' of the enclosing " + P->range.name(),
                            "", Body->getParamDecl(I)});
        walkFunction(Body, Params);
      }
      Frames.pop_back();
      return;
    }
    llvm::StringRef Method = teamMemberMethod(Call);
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
    if (const FunctionDecl* Callee = userCallee(Call, SM, C.paths)) {
      for (const Stmt* Child : Call->children()) walk(Child);
      std::vector<Varying> Params = argumentsOf(Call, Callee);
      Chain.push_back({Call, Callee});
      walkFunction(Callee, Params);
      Chain.pop_back();
      return;
    }
    for (const Stmt* Child : Call->children()) walk(Child);
  }

  /// The varying values passed to Callee's parameters at Call.
  std::vector<Varying> argumentsOf(const CallExpr* Call, const FunctionDecl* Callee) {
    std::vector<Varying> Params;
    unsigned Skip = 0;
    // `object(args)` of a member operator passes the object as the first argument.
    if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee)) Skip = 1;
    for (unsigned I = Skip; I < Call->getNumArgs(); ++I) Params.push_back(vary(Call->getArg(I)));
    return Params;
  }

  static unsigned levelBits(NestedLevel L) {
    switch (L) {
      case NestedLevel::Thread: return AcrossThreads;
      case NestedLevel::Vector: return AcrossLanes;
      case NestedLevel::TeamVector: return AcrossThreads | AcrossLanes;
      case NestedLevel::None: return 0;
    }
    return 0;
  }

  // ---- the checks ----

  void checkPattern(const NestedPattern& P) {
    bool InRange = false, InLaneSplit = false;
    for (const NestedPattern& F : Frames) {
      InRange |= !F.isSingle();
      InLaneSplit |= F.splitsLanes();
    }
    SourceRange Range = P.call->getCallee()->getSourceRange();
    if (P.teamLevel()) {
      if (!InRange) checkTeamLevel(P.describe(), P.call->getBeginLoc(), Range);  // else hpar-illegal-nesting
    } else if (P.single == NestedPattern::Single::PerTeam) {
      checkTeamLevel(P.describe(), P.call->getBeginLoc(), Range);
    } else if (P.single == NestedPattern::Single::PerThread) {
      checkVectorLevel(P.describe(), P.call->getBeginLoc(), Range);
    } else if (!InLaneSplit) {  // a vector range; inside a lane-splitting closure it is illegal nesting
      checkVectorLevel(P.describe(), P.call->getBeginLoc(), Range);
    }
  }

  /// What every thread of the team must reach: inside any nested closure, or under control flow
  /// that varies between threads or lanes, only some reach it.
  void checkTeamLevel(const std::string& What, SourceLocation Loc, SourceRange Range) {
    const NestedPattern* Frame = Frames.empty() ? nullptr : &Frames.back();
    std::optional<Divergence> D = innermostDivergence(AcrossThreads | AcrossLanes);
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->describe() + " in kernel '" + Kernel->name +
                    "': every thread of the team must reach it, but a nested pattern's closure runs " +
                    "on only part of the team"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some threads of the team, but every thread of the team "
                    "must reach it";
    if (!report(CheckId::DivergentCollective, Loc, Range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "threads");
    noteChain();
  }

  /// What every lane of a thread must reach: inside a closure that runs on part of the lanes
  /// (a vector-level range's or a single's), or under control flow that varies between lanes.
  void checkVectorLevel(const std::string& What, SourceLocation Loc, SourceRange Range) {
    const NestedPattern* Frame = nullptr;
    for (auto It = Frames.rbegin(); It != Frames.rend() && !Frame; ++It)
      if (It->splitsLanes() || It->isSingle()) Frame = &*It;
    std::optional<Divergence> D = innermostDivergence(AcrossLanes);
    if (!Frame && !D) return;
    std::string Message =
        Frame ? What + " inside the closure of " + Frame->describe() + " in kernel '" + Kernel->name +
                    "': every vector lane of the thread must reach it, but that closure runs on " +
                    "only part of the lanes"
              : What + " in kernel '" + Kernel->name +
                    "' is reached by only some vector lanes of a thread, but every lane of the "
                    "thread must reach it";
    if (!report(CheckId::DivergentVector, Loc, Range, Message)) return;
    if (Frame) noteFrame(*Frame);
    if (D) noteDivergence(*D, "lanes");
    noteChain();
  }

  void noteFrame(const NestedPattern& Frame) {
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

  /// Notes the calls that led from the functor to the function being walked, innermost first.
  void noteChain() {
    for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
      C.report.note(It->first->getBeginLoc(), functionName(It->second) + " is called here")
          << It->first->getSourceRange();
  }

  bool report(CheckId Check, SourceLocation Loc, SourceRange Range, const std::string& Message) {
    if (!Reported.insert({unsigned(Check), Loc.getRawEncoding()}).second) return false;
    C.report.report(Check, Loc, Message) << Range;
    return true;
  }

  // ---- divergence ----

  /// Pushes Cond as a divergence when it varies; returns whether it did.
  bool pushCondition(const Expr* Cond, bool IsLoop) {
    if (!Cond) return false;
    Varying V = vary(Cond);
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
    for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It)
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
      Varying V = vary(Cond);
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

  // ---- varying values ----

  /// Whether, and why, E differs between the participants that evaluate it.
  Varying vary(const Expr* E, unsigned Depth = 0) {
    Varying V;
    if (!E) return V;
    E = E->IgnoreParenImpCasts();
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
      for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It) {
        auto Found = It->vars.find(Ref->getDecl());
        if (Found == It->vars.end()) continue;
        V = Found->second;
        V.bits &= ~broadcastBefore(*It, Ref);
        if (!V.bits) return Varying();
        V.through = Ref->getDecl() == V.origin ? "" : Ref->getDecl()->getNameAsString();
        return V;
      }
      return V;
    }
    if (isa<LambdaExpr, UnaryExprOrTypeTraitExpr>(E)) return V;
    if (const auto* Call = dyn_cast<CallExpr>(E)) {
      llvm::StringRef Method = teamMemberMethod(Call);
      if (Method == "team_rank" || Method == "team_scan")
        return {AcrossThreads, Method.str() + "()", "", nullptr};
      if (!Method.empty() || nestedPatternOf(Call)) return V;  // the rest is the same on every thread
      if (const FunctionDecl* Callee = userCallee(Call, SM, C.paths))
        if (auto R = returnedBy(Callee, argumentsOf(Call, Callee), Depth)) return *R;
    }
    for (const Stmt* Child : E->children())
      if (const auto* CE = dyn_cast_or_null<Expr>(Child)) V.merge(vary(CE, Depth));
    return V;
  }

  /// Whether what Callee returns varies, given its arguments; nothing when it is not followed
  /// (too deep, recursive), and the caller then takes the arguments' variation.
  std::optional<Varying> returnedBy(const FunctionDecl* Callee, const std::vector<Varying>& Args,
                                    unsigned Depth) {
    if (Depth >= MaxReturnDepth) return std::nullopt;
    for (const Scope& S : Scopes)
      if (S.fn->getCanonicalDecl() == Callee->getCanonicalDecl()) return std::nullopt;
    std::string Key;
    for (const Varying& A : Args) Key += char('0' + A.bits) + A.source + "|";
    auto Known = Returns.find({Callee->getCanonicalDecl(), Key});
    if (Known != Returns.end()) return Known->second;
    enterScope(Callee, Args);
    Varying V;
    collectReturns(Callee->getBody(), V, Depth + 1);
    Scopes.pop_back();
    Returns[{Callee->getCanonicalDecl(), Key}] = V;
    return V;
  }

  void collectReturns(const Stmt* S, Varying& V, unsigned Depth) {
    if (!S || isa<LambdaExpr>(S)) return;
    if (const auto* Return = dyn_cast<ReturnStmt>(S)) V.merge(vary(Return->getRetValue(), Depth));
    for (const Stmt* Child : S->children()) collectReturns(Child, V, Depth);
  }

  /// Fills the innermost scope with the variables of Body that take a varying value, through
  /// initialisations and assignments anywhere in Body (without regard to order), to a fixed point.
  void findVaryingVariables(const Stmt* Body) {
    for (int Round = 0; Round < 8; ++Round) {
      bool Changed = false;
      propagate(Body, Changed);
      if (!Changed) return;
    }
  }

  void propagate(const Stmt* S, bool& Changed) {
    if (!S || isa<LambdaExpr>(S)) return;
    if (const auto* Decls = dyn_cast<DeclStmt>(S)) {
      for (const Decl* D : Decls->decls())
        if (const auto* Var = dyn_cast<VarDecl>(D); Var && Var->getInit())
          assign(Var, vary(Var->getInit()), Var->getLocation(), Changed);
    } else if (const auto* B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
      if (const auto* Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
        assign(Ref->getDecl(), vary(B->getRHS()), B->getOperatorLoc(), Changed);
    } else if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(S);
               Op && Op->isAssignmentOp() && Op->getNumArgs() == 2) {
      if (const auto* Ref = dyn_cast<DeclRefExpr>(Op->getArg(0)->IgnoreParenImpCasts()))
        assign(Ref->getDecl(), vary(Op->getArg(1)), Op->getOperatorLoc(), Changed);
    }
    for (const Stmt* Child : S->children()) propagate(Child, Changed);
  }

  void assign(const ValueDecl* Var, const Varying& V, SourceLocation Where, bool& Changed) {
    if (!V.bits) return;
    SourceLocation& Last = Scopes.back().lastVaryingWrite[Var];
    if (Last.isInvalid() || SM.isBeforeInTranslationUnit(Last, Where)) Last = Where;
    Varying& Known = Scopes.back().vars[Var];
    if ((Known.bits | V.bits) == Known.bits) return;
    Known.merge(V);
    if (Known.through == Var->getNameAsString()) Known.through.clear();
    Changed = true;
  }

  // ---- values made the same on every participant ----
  // After single(PerTeam(team), f, value), team_broadcast(value, root), a nested reduction or a
  // nested scan's total, the variable holds one value on every participant of the level, however
  // it was computed before (team_collectives.cpp's claimed offset starts as -1 - team_rank()).

  /// Records the variables Body broadcasts, with where (the first time) and over which
  /// participants.
  void findBroadcasts(const Stmt* S) {
    if (!S || isa<LambdaExpr>(S)) return;
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      llvm::StringRef Method = teamMemberMethod(Call);
      if (Method == "team_broadcast" && Call->getNumArgs() >= 2)
        broadcast(Call->getArg(Call->getNumArgs() == 3 ? 1 : 0), Call, AcrossThreads | AcrossLanes);
      else if (Method == "team_reduce" && Call->getNumArgs() >= 1)
        broadcast(Call->getArg(0), Call, AcrossThreads | AcrossLanes);
      else if (auto P = nestedPatternOf(Call)) {
        unsigned Bits = P->single == NestedPattern::Single::PerThread ? AcrossLanes
                        : P->single == NestedPattern::Single::PerTeam ? AcrossThreads | AcrossLanes
                                                                       : levelBits(P->range.level);
        if (P->pattern != "parallel_for")
          for (unsigned I = 2; I < Call->getNumArgs(); ++I) broadcast(Call->getArg(I), Call, Bits);
      }
    }
    for (const Stmt* Child : S->children()) findBroadcasts(Child);
  }

  /// Records the variable an argument names (directly, or as a reducer's first argument).
  void broadcast(const Expr* Arg, const CallExpr* Call, unsigned Bits) {
    for (int Depth = 0; Arg && Depth < 4; ++Depth) {
      Arg = Arg->IgnoreImplicit()->IgnoreParens();
      if (const auto* Ref = dyn_cast<DeclRefExpr>(Arg)) {
        if (!isa<VarDecl>(Ref->getDecl())) return;
        auto [It, New] = Broadcasts.insert({Ref->getDecl(), {Call->getEndLoc(), Bits}});
        if (!New && SM.isBeforeInTranslationUnit(Call->getEndLoc(), It->second.first))
          It->second = {Call->getEndLoc(), Bits};
        return;
      }
      if (const auto* Construct = dyn_cast<CXXConstructExpr>(Arg))
        Arg = Construct->getNumArgs() ? Construct->getArg(0) : nullptr;
      else if (const auto* Cast = dyn_cast<CastExpr>(Arg))
        Arg = Cast->getSubExpr();
      else
        return;
    }
  }

  /// The participants over which Ref reads a broadcast value: it comes after the variable's
  /// broadcast, and every varying write of it comes before.
  unsigned broadcastBefore(const Scope& Owner, const DeclRefExpr* Ref) {
    auto B = Broadcasts.find(Ref->getDecl());
    if (B == Broadcasts.end() || !SM.isBeforeInTranslationUnit(B->second.first, Ref->getBeginLoc())) return 0;
    auto W = Owner.lastVaryingWrite.find(Ref->getDecl());
    if (W != Owner.lastVaryingWrite.end() && SM.isBeforeInTranslationUnit(B->second.first, W->second))
      return 0;
    return B->second.second;
  }

  CheckContext& C;
  const SourceManager& SM;
  const ir::Kernel* Kernel = nullptr;
  llvm::DenseMap<const ValueDecl*, std::pair<SourceLocation, unsigned>> Broadcasts;
  std::vector<Scope> Scopes;
  std::vector<Divergence> Conds;       // the varying conditions around the point walked
  std::vector<Loop> Loops;             // the loops and switches around it
  std::vector<NestedPattern> Frames;   // the nested patterns whose closures hold it
  std::vector<std::pair<const CallExpr*, const FunctionDecl*>> Chain;  // the calls that led to it
  std::set<std::pair<const FunctionDecl*, std::string>> Walked;
  /// What the user's functions return, by the variation of their arguments.
  std::map<std::pair<const FunctionDecl*, std::string>, Varying> Returns;
  std::set<std::pair<unsigned, unsigned>> Reported;
};

}  // namespace

void checkCollectives(CheckContext& C) { CollectivesChecker(C).run(); }

}  // namespace checks
}  // namespace hpar
