#include "checks/TeamWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace hpar {
namespace checks {

void TeamWalk::noteChain() {
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
    C.report.note(It->first->getBeginLoc(), analysis::functionName(It->second) + " is called here")
        << It->first->getSourceRange();
}

bool TeamWalk::report(diag::CheckId Check, clang::SourceLocation Loc, clang::SourceRange Range,
                      const std::string& Message) {
  if (!Reported.insert({unsigned(Check), Loc.getRawEncoding()}).second) return false;
  C.report.report(Check, Loc, Message) << Range;
  return true;
}

// ---- TeamFlowWalk: the walk ----

void TeamFlowWalk::walkKernels() {
  for (const analysis::DispatchSite& S : C.instances) {
    Kernel = &C.tu.kernels[S.kernel];
    if (Kernel->policy != ir::PolicyKind::Team) continue;  // the nesting family rejects the rest
    for (const FunctionDecl* F : analysis::functorBodies(S)) walkFunction(F, {}, nullptr, nullptr);
  }
}

/// Walks F with its parameters varying as given (missing ones are uniform).
void TeamFlowWalk::walkFunction(const FunctionDecl* F, const std::vector<analysis::Varying>& Params,
                                const CallExpr* Via, const analysis::NestedPattern* Closure) {
  if (!F || !F->getBody() || Functions.size() >= MaxCallDepth) return;
  for (const Function& S : Functions)
    if (S.fn->getCanonicalDecl() == F->getCanonicalDecl()) return;  // recursion
  // The same function in the same situation reports the same things.
  std::string Key;
  for (const analysis::NestedPattern& P : Frames) Key += char('a' + int(P.range.level) + 4 * int(P.single));
  Key += "|" + std::to_string(divergentBits()) + "|";
  for (const analysis::Varying& V : Params) Key += char('0' + V.bits);
  Key += "|" + contextKey(F, Via, Closure);
  if (!Walked.insert({F->getCanonicalDecl(), Key}).second) return;

  Functions.push_back({F, Conds.size(), Loops.size(), {}});
  Values.enter(F, Params);
  entered(F);
  walk(F->getBody());
  leaving(F);
  Values.leave();
  Functions.pop_back();
}

void TeamFlowWalk::walk(const Stmt* S) {
  if (!S || isa<LambdaExpr>(S)) return;  // a lambda runs where it is called
  visit(S);
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
void TeamFlowWalk::walkLoop(const Expr* Cond, const Stmt* Body, const Expr* Inc, const Stmt* LoopVar) {
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

void TeamFlowWalk::walkCall(const CallExpr* Call) {
  if (auto P = analysis::nestedPatternOf(Call)) {
    visitPattern(*P);
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
      walkFunction(Body, Params, nullptr, &Frames.back());
    }
    Frames.pop_back();
    return;
  }
  llvm::StringRef Method = analysis::teamMemberMethod(Call);
  if (!Method.empty()) {
    visitTeamMemberCall(Call, Method);
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
    walkFunction(Callee, Params, Call, nullptr);
    Chain.pop_back();
    return;
  }
  for (const Stmt* Child : Call->children()) walk(Child);
}

// ---- TeamFlowWalk: divergence ----

/// Pushes Cond as a divergence when it varies; returns whether it did.
bool TeamFlowWalk::pushCondition(const Expr* Cond, bool IsLoop) {
  if (!Cond) return false;
  analysis::Varying V = Values.vary(Cond);
  if (!V.bits) return false;
  Conds.push_back({V, Cond, IsLoop, nullptr});
  return true;
}

/// The innermost divergence among the conditions from index CondBase on and the early exits
/// of the loops from index LoopBase on: what an exit found now is taken under.
std::optional<TeamFlowWalk::Divergence> TeamFlowWalk::localDivergence(size_t CondBase,
                                                                      size_t LoopBase) const {
  if (Conds.size() > CondBase) return Conds.back();
  for (size_t I = Loops.size(); I-- > LoopBase;)
    if (!Loops[I].rest.empty()) return Loops[I].rest.back();
  return std::nullopt;
}

std::optional<TeamFlowWalk::Divergence> TeamFlowWalk::innermostDivergence(unsigned Bits) const {
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

unsigned TeamFlowWalk::divergentBits() const {
  unsigned Bits = 0;
  for (unsigned B : {unsigned(analysis::AcrossThreads), unsigned(analysis::AcrossLanes)})
    if (innermostDivergence(B)) Bits |= B;
  return Bits;
}

/// A break (of this loop) or a return in a loop body under a varying condition of the body:
/// the participants that take it run fewer iterations.
std::optional<TeamFlowWalk::Divergence> TeamFlowWalk::findEarlyExit(const Stmt* S,
                                                                    std::optional<Divergence> Under,
                                                                    unsigned Nest) {
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

}  // namespace checks
}  // namespace hpar
