// Which values of a team functor differ between participants: see Varying.h.
#include "analysis/Varying.h"

#include "analysis/DispatchFinder.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hpar {
namespace analysis {

/// How deep return values are followed into the user's functions.
constexpr unsigned MaxReturnDepth = 4;

unsigned levelBits(NestedLevel L) {
  switch (L) {
    case NestedLevel::Thread: return AcrossThreads;
    case NestedLevel::Vector: return AcrossLanes;
    case NestedLevel::TeamVector: return AcrossThreads | AcrossLanes;
    case NestedLevel::None: return 0;
  }
  return 0;
}

void VaryingValues::enter(const FunctionDecl* F, const std::vector<Varying>& Params) {
  Scope S;
  S.fn = F;
  for (unsigned I = 0; I < F->getNumParams() && I < Params.size(); ++I)
    if (Params[I].bits) S.vars[F->getParamDecl(I)] = Params[I];
  Scopes.push_back(std::move(S));
  findBroadcasts(F->getBody());
  findVaryingVariables(F->getBody());
}

std::vector<Varying> VaryingValues::argumentsOf(const CallExpr* Call, const FunctionDecl* Callee) {
  std::vector<Varying> Params;
  unsigned Skip = 0;
  // `object(args)` of a member operator passes the object as the first argument.
  if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee)) Skip = 1;
  for (unsigned I = Skip; I < Call->getNumArgs(); ++I) Params.push_back(vary(Call->getArg(I)));
  return Params;
}

/// Whether, and why, E differs between the participants that evaluate it.
Varying VaryingValues::vary(const Expr* E, unsigned Depth) {
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
  // Whether thread scratch was allocated is the same on every thread (each asks for the same
  // bytes of one block): `p == nullptr`, `p != nullptr` and `!p` of a pointer into it do not
  // vary, although the pointers do (Kokkos' TestTeam checks allocations so before its
  // collectives).
  if (const auto* B = dyn_cast<BinaryOperator>(E); B && B->isEqualityOp()) {
    for (const Expr* Side : {B->getLHS(), B->getRHS()}) {
      const Expr* Other = Side == B->getLHS() ? B->getRHS() : B->getLHS();
      const Expr* Null = Side->IgnoreParenImpCasts();
      const auto* Zero = dyn_cast<IntegerLiteral>(Null);
      if ((isa<CXXNullPtrLiteralExpr, GNUNullExpr>(Null) || (Zero && Zero->getValue() == 0)) &&
          Other->getType()->isPointerType() && vary(Other, Depth).source == "thread_scratch()")
        return V;
    }
  }
  if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    const Expr* Operand = U->getSubExpr()->IgnoreParenImpCasts();
    if (Operand->getType()->isPointerType() && vary(Operand, Depth).source == "thread_scratch()")
      return V;
  }
  if (const auto* Call = dyn_cast<CallExpr>(E)) {
    llvm::StringRef Method = teamMemberMethod(Call);
    if (Method == "team_rank" || Method == "team_scan")
      return {AcrossThreads, Method.str() + "()", "", nullptr};
    if (Method == "thread_scratch")  // each thread's own memory (its lanes share it)
      return {AcrossThreads, "thread_scratch()", "", nullptr};
    if (Method == "impl_rank") {  // the implementation's rank at a level (team_rank() at the thread level)
      unsigned Bits = AcrossThreads | AcrossLanes;
      if (Call->getNumArgs() == 1) {
        llvm::StringRef Level =
            annotationOf(Call->getArg(0)->IgnoreImplicit()->getType()->getAsCXXRecordDecl());
        if (Level == "hpar::level::thread") Bits = AcrossThreads;
        else if (Level == "hpar::level::vector") Bits = AcrossLanes;
      }
      return {Bits, "impl_rank()", "", nullptr};
    }
    if (!Method.empty() || nestedPatternOf(Call)) return V;  // the rest is the same on every thread
    if (const FunctionDecl* Callee = userCallee(Call, File))
      if (auto R = returnedBy(Callee, argumentsOf(Call, Callee), Depth)) return *R;
  }
  for (const Stmt* Child : E->children())
    if (const auto* CE = dyn_cast_or_null<Expr>(Child)) V.merge(vary(CE, Depth));
  return V;
}

/// Whether what Callee returns varies, given its arguments; nothing when it is not followed
/// (too deep, recursive), and the caller then takes the arguments' variation.
std::optional<Varying> VaryingValues::returnedBy(const FunctionDecl* Callee,
                                                 const std::vector<Varying>& Args, unsigned Depth) {
  if (Depth >= MaxReturnDepth) return std::nullopt;
  for (const Scope& S : Scopes)
    if (S.fn->getCanonicalDecl() == Callee->getCanonicalDecl()) return std::nullopt;
  // A function's result follows from its arguments, so it is remembered by their variation; a
  // lambda's also follows from what it captures, which differs from one caller's scope to another.
  const bool Remember = !isLambdaBody(Callee);
  std::string Key;
  for (const Varying& A : Args) Key += char('0' + A.bits) + A.source + "|";
  if (Remember)
    if (auto Known = Returns.find({Callee->getCanonicalDecl(), Key}); Known != Returns.end())
      return Known->second;
  enter(Callee, Args);
  Varying V;
  collectReturns(Callee->getBody(), V, Depth + 1);
  leave();
  if (Remember) Returns[{Callee->getCanonicalDecl(), Key}] = V;
  return V;
}

void VaryingValues::collectReturns(const Stmt* S, Varying& V, unsigned Depth) {
  if (!S || isa<LambdaExpr>(S)) return;
  if (const auto* Return = dyn_cast<ReturnStmt>(S)) V.merge(vary(Return->getRetValue(), Depth));
  for (const Stmt* Child : S->children()) collectReturns(Child, V, Depth);
}

/// Fills the innermost scope with the variables of Body that take a varying value, through
/// initialisations and assignments anywhere in Body (without regard to order), to a fixed point.
void VaryingValues::findVaryingVariables(const Stmt* Body) {
  for (int Round = 0; Round < 8; ++Round) {
    bool Changed = false;
    propagate(Body, Changed);
    if (!Changed) return;
  }
}

void VaryingValues::propagate(const Stmt* S, bool& Changed) {
  if (!S || isa<LambdaExpr>(S)) return;
  if (const auto* Call = dyn_cast<CallExpr>(S))
    if (std::optional<NestedPattern> P = nestedPatternOf(Call))
      if (const LambdaExpr* L = lambdaOf(P->closure))
        writtenByPart(L->getBody(), L, *P, patternBits(*P), Changed);
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

/// The participants a nested pattern's closure tells apart: those of its level, and for a
/// single those it leaves out.
unsigned VaryingValues::patternBits(const NestedPattern& P) {
  if (P.single == NestedPattern::Single::PerThread) return AcrossLanes;
  if (P.single == NestedPattern::Single::PerTeam) return AcrossThreads | AcrossLanes;
  return levelBits(P.range.level);
}

/// A variable of the enclosing code written in the closure of a nested pattern: each participant
/// writes its own copy, in its own iterations (or, in a single, one participant only), so after
/// the pattern the copies differ between the participants the closure tells apart (Bits, with
/// those of the patterns nested in it).
void VaryingValues::writtenByPart(const Stmt* S, const LambdaExpr* Closure, const NestedPattern& P,
                                  unsigned Bits, bool& Changed) {
  if (!S) return;
  const Expr* Target = nullptr;
  if (const auto* B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto* U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  else if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(S); Op && Op->isAssignmentOp() && Op->getNumArgs() == 2)
    Target = Op->getArg(0);
  else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(S))
    if (const CXXMethodDecl* M = MC->getMethodDecl(); M && !M->isConst()) Target = MC->getImplicitObjectArgument();
  // The variable a part of which is written: `v`, `v.x`, `v[i]` of an array.
  while (Target) {
    Target = Target->IgnoreParenImpCasts();
    if (const auto* M = dyn_cast<MemberExpr>(Target); M && !M->isArrow())
      Target = M->getBase();
    else if (const auto* A = dyn_cast<ArraySubscriptExpr>(Target);
             A && A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      Target = A->getBase();
    else
      break;
  }
  if (Target)
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Target))
      if (const auto* Var = dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->hasLocalStorage() && !declaredInside(Var, Closure))
        assign(Var,
               {Bits, "'" + Var->getNameAsString() + "', which the closure of " + P.describe() +
                          " writes: each participant its own copy",
                "", Var},
               Ref->getLocation(), Changed);
  if (const auto* Call = dyn_cast<CallExpr>(S))
    if (std::optional<NestedPattern> Inner = nestedPatternOf(Call))
      if (const LambdaExpr* L = lambdaOf(Inner->closure)) {
        writtenByPart(L->getBody(), Closure, P, Bits | patternBits(*Inner), Changed);
        for (const Stmt* Child : S->children())
          if (Child != Inner->closure) writtenByPart(Child, Closure, P, Bits, Changed);
        return;
      }
  for (const Stmt* Child : S->children()) {
    if (const auto* L = dyn_cast_or_null<LambdaExpr>(Child)) {
      writtenByPart(L->getBody(), Closure, P, Bits, Changed);
      continue;
    }
    writtenByPart(Child, Closure, P, Bits, Changed);
  }
}

/// Whether Var is declared in the body of the lambda (or deeper).
bool VaryingValues::declaredInside(const VarDecl* Var, const LambdaExpr* L) {
  for (const DeclContext* DC = Var->getDeclContext(); DC; DC = DC->getParent())
    if (const auto* M = dyn_cast<CXXMethodDecl>(DC); M && M->getParent() == L->getLambdaClass())
      return true;
  return false;
}

void VaryingValues::assign(const ValueDecl* Var, const Varying& V, SourceLocation Where, bool& Changed) {
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
void VaryingValues::findBroadcasts(const Stmt* S) {
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
void VaryingValues::broadcast(const Expr* Arg, const CallExpr* Call, unsigned Bits) {
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
unsigned VaryingValues::broadcastBefore(const Scope& Owner, const DeclRefExpr* Ref) {
  auto B = Broadcasts.find(Ref->getDecl());
  if (B == Broadcasts.end() || !SM.isBeforeInTranslationUnit(B->second.first, Ref->getBeginLoc())) return 0;
  auto W = Owner.lastVaryingWrite.find(Ref->getDecl());
  if (W != Owner.lastVaryingWrite.end() && SM.isBeforeInTranslationUnit(B->second.first, W->second))
    return 0;
  return B->second.second;
}


}  // namespace analysis
}  // namespace hpar
