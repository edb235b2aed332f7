#include "analysis/ExecWalk.h"
#include "analysis/HostCode.h"
#include "analysis/Places.h"
#include "analysis/Annotations.h"
#include "analysis/NestTree.h"
#include "analysis/TeamCode.h"
#include "analysis/Types.h"
#include "analysis/Varying.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <optional>
#include <set>

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

ir::Spot spotOf(SourceLocation At, SourceRange Range) { return {At, Range}; }

}  // namespace

ir::ExecConstruct execConstruct(const NestedPattern& P, const ASTContext& Ctx) {
  ir::ExecConstruct E;
  E.kind = irKind(P);
  E.level = irLevel(P);
  E.pattern = P.pattern;
  if (!P.isSingle()) E.rangeName = P.range.name();
  E.described = P.describe();
  E.call = spotOf(P.call->getBeginLoc(), P.call->getCallee()->getSourceRange());
  if (!P.isSingle() && P.call->getNumArgs() > 0) {
    const Expr* Range = P.call->getArg(0);
    E.rangeArgument = spotOf(Range->getBeginLoc(), Range->getSourceRange());
    std::vector<long long> Extents = constantExtents(Range, P, Ctx);
    if (!Extents.empty()) {
      long long Count = 1;
      for (long long X : Extents) Count = X < 0 || Count < 0 ? -1 : Count * X;
      E.atMostOneIndex = Count >= 0 && Count <= 1;
    }
  }
  return E;
}

namespace {

/// The walk of one translation unit's kernels (ExecWalk.h).
class ExecWalker {
public:
  ExecWalker(ASTContext& Ctx, const AnalysedFile& File, const ir::TranslationUnit& TU)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), File(File), TU(TU), Values(SM, File) {}

  ir::Execution run(const std::vector<DispatchSite>& Instances) {
    ir::Execution Out;
    for (const DispatchSite& S : Instances) {
      Kernel = &TU.kernels[S.kernel];
      Out.kernels.emplace_back();
      Tree = &Out.kernels.back();
      Tree->kernel = S.kernel;
      Tree->dispatch = spotOf(S.call->getBeginLoc(), S.call->getCallee()->getSourceRange());
      for (const FunctionDecl* F : functorBodies(S)) {
        if (Kernel->policy == ir::PolicyKind::Team) walkFunction(F, {}, nullptr, nullptr);
        else walkFlat(F);
      }
    }
    Tree = nullptr;
    Out.host = hostConstructs(Ctx, File, Device);
    return Out;
  }

private:
  /// Why only some participants reach a point (ir::ExecDivergence, with the AST's handles).
  struct Divergence {
    Varying why;
    const Expr* cond = nullptr;
    bool loopCondition = false;
    const Stmt* exit = nullptr;
  };
  /// A function being walked, outermost first.
  struct Function {
    const FunctionDecl* fn = nullptr;
    size_t condBase = 0, loopBase = 0;  // Conds and Loops at entry: what is local to it
    std::vector<Divergence> exits;      // returns under a varying condition seen so far
  };
  /// A loop or switch being walked: the continues and breaks under a varying condition seen so
  /// far, which make the rest of its body divergent.
  struct Loop {
    bool isSwitch = false;
    size_t condBase = 0;
    std::vector<Divergence> rest;
  };

  // ---- the points ----

  ir::ExecPoint point(ir::ExecPoint::Kind Kind) const {
    ir::ExecPoint P;
    P.kind = Kind;
    P.frames = FrameRecords;
    if (auto D = innermostDivergence(AcrossThreads | AcrossLanes)) P.divergence = execDivergence(*D);
    if (auto D = innermostDivergence(AcrossLanes)) P.laneDivergence = execDivergence(*D);
    P.divergentBits = divergentBits();
    P.chain = chain();
    return P;
  }

  std::vector<ir::ExecCall> chain() const {
    std::vector<ir::ExecCall> Out;
    for (const auto& [Call, Callee] : Chain)
      Out.push_back({spotOf(Call->getBeginLoc(), Call->getSourceRange()), functionName(Callee)});
    return Out;
  }

  static ir::ExecDivergence execDivergence(const Divergence& D) {
    ir::ExecDivergence E;
    E.bits = D.why.bits;
    E.why = D.why.describe();
    E.condition = spotOf(D.cond->getBeginLoc(), D.cond->getSourceRange());
    E.loopCondition = D.loopCondition;
    if (D.exit) {
      E.exit = isa<ReturnStmt>(D.exit)  ? ir::ExecDivergence::Exit::Return
               : isa<BreakStmt>(D.exit) ? ir::ExecDivergence::Exit::Break
                                        : ir::ExecDivergence::Exit::Continue;
      E.exitAt = D.exit->getBeginLoc();
    }
    return E;
  }

  void visitPattern(const NestedPattern& P) {
    ir::ExecPoint X = point(ir::ExecPoint::Kind::Construct);
    X.construct = execConstruct(P, Ctx);
    Tree->points.push_back(std::move(X));
  }

  void visitTeamMemberCall(const CallExpr* Call, llvm::StringRef Method) {
    if (Method != "team_barrier" && Method != "team_broadcast" && Method != "team_reduce" &&
        Method != "team_scan")
      return;
    ir::ExecPoint X = point(ir::ExecPoint::Kind::Collective);
    X.collective = Method.str();
    X.at = spotOf(Call->getExprLoc(), Call->getSourceRange());
    Tree->points.push_back(std::move(X));
  }

  /// What a function walked is called with (Places.h).
  using Context = PlaceContext;

  enum class WriteKind { Assign, Accumulate, Other };

  // ---- the walk ----

  std::string contextKey(const FunctionDecl* F, const CallExpr* Via,
                         const NestedPattern* Closure) {
    Pending = Context();
    Pending.fn = F;
    if (isLambdaBody(F)) Pending.self = selfOfLambda(F);
    else if (Contexts.empty()) Pending.self = Origin::shared("the functor", nullptr, true);
    if (Via && !Closure) bindCall(F, Via);
    std::string Key = Pending.self.key() + ":";
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      auto It = Pending.params.find(F->getParamDecl(I));
      Key += It == Pending.params.end() ? "-" : It->second.key();
      Key += ",";
    }
    // What the policy's shape leaves out differs between kernels; what the caller's references
    // reach differs between its situations.
    Key += std::to_string(Kernel->teamSize == 1) + std::to_string(Kernel->vectorLength == 1);
    if (!Contexts.empty()) Key += "<" + Contexts.back().key;
    Pending.key = Key;
    return Key;
  }

  /// The user's function F entered through Call: `this` is the object it is called on, and each
  /// reference, pointer and View parameter reaches what its argument reaches.
  void bindCall(const FunctionDecl* F, const CallExpr* Call) {
    unsigned First = 0;
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call); Op && isa<CXXMethodDecl>(F)) {
      First = 1;
      if (!isLambdaBody(F) && Op->getNumArgs()) Pending.self = Places.storageOf(Op->getArg(0));
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      if (const Expr* Object = MC->getImplicitObjectArgument())
        Pending.self = Object->getType()->isPointerType() ? Places.pointee(Object) : Places.storageOf(Object);
    }
    for (unsigned I = 0; I < F->getNumParams() && I + First < Call->getNumArgs(); ++I) {
      const ParmVarDecl* P = F->getParamDecl(I);
      const Expr* Arg = Call->getArg(I + First);
      QualType T = P->getType();
      if (isView(T) && T->isReferenceType())  // where the caller's View's elements are
        Pending.params[P] = Places.viewData(Arg);
      else if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        Pending.params[P] = Places.storageOf(Arg);
      else if (T->isPointerType())
        Pending.params[P] = Places.changedAfterDeclaration(P) ? Origin::unknown() : Places.pointee(Arg);
      else if (isView(T))
        Pending.params[P] = Places.changedAfterDeclaration(P) ? Origin::unknown() : Places.viewData(Arg);
    }
  }

  /// `this` in a lambda's body: the object of the function the lambda is written in.
  Origin selfOfLambda(const FunctionDecl* F) const {
    const DeclContext* Home = cast<CXXMethodDecl>(F)->getParent()->getDeclContext();
    for (auto It = Contexts.rbegin(); It != Contexts.rend(); ++It)
      if (It->fn == Home) return It->self;
    return Origin::shared("the functor", nullptr, true);
  }

  /// Records what each reference, pointer and View a declaration binds reaches, as the walk
  /// finds it here; and judges the writes of a statement.
  void visit(const Stmt* S) {
    if (const auto* Decls = dyn_cast<DeclStmt>(S)) {
      for (const Decl* D : Decls->decls())
        if (const auto* V = dyn_cast<VarDecl>(D); V && V->getInit() && V->hasLocalStorage()) Places.bind(V);
      return;
    }
    if (const auto* B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAssignmentOp())
        write(B->getLHS(), B, B->isCompoundAssignmentOp() ? WriteKind::Accumulate : WriteKind::Assign,
              B->getRHS());
      return;
    }
    if (const auto* U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp()) write(U->getSubExpr(), U, WriteKind::Accumulate, nullptr);
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) return visitCall(Call);
    if (const auto* Construct = dyn_cast<CXXConstructExpr>(S)) {
      // A reducer made of a variable writes the reduction's result into it.
      const CXXConstructorDecl* Ctor = Construct->getConstructor();
      if (!Ctor || annotationOf(Ctor->getParent()) != "hpar::reducer") return;
      for (unsigned I = 0; I < Construct->getNumArgs() && I < Ctor->getNumParams(); ++I)
        if (mutableReference(Ctor->getParamDecl(I)->getType()))
          write(Construct->getArg(I), Construct, WriteKind::Other, nullptr);
    }
  }

  /// A call the walk does not enter (hpar's, the standard library's, an implicit member) writes
  /// the object of a non-const member (other than an accessor, whose result is what a write then
  /// targets) and what it binds to non-const references. An entered callee's writes are judged in
  /// its body, with what the call binds.
  void visitCall(const CallExpr* Call) {
    // The team member's collectives (team_broadcast writes its argument) are judged by the
    // collectives family: they are errors inside a nested closure for another reason.
    if (!teamMemberMethod(Call).empty()) return;
    const FunctionDecl* Callee = Call->getDirectCallee();
    if (!Callee || userCallee(Call, File)) return;
    const auto* Method = dyn_cast<CXXMethodDecl>(Callee);
    unsigned First = 0;
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call); Op && Method) {
      First = 1;
      OverloadedOperatorKind K = Op->getOperator();
      if (Method->isInstance() && !Method->isConst() && Op->getNumArgs() > 0 && K != OO_Subscript &&
          K != OO_Call && K != OO_Star && K != OO_Arrow && K != OO_Amp) {
        if (K == OO_Equal)
          write(Op->getArg(0), Call, WriteKind::Assign, Op->getNumArgs() > 1 ? Op->getArg(1) : nullptr);
        else
          write(Op->getArg(0), Call, WriteKind::Accumulate, nullptr);
      }
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      if (Method && Method->isInstance() && !Method->isConst())
        if (const Expr* Object = MC->getImplicitObjectArgument())
          write(Object, Call, WriteKind::Other, nullptr);
    }
    for (unsigned I = First; I < Call->getNumArgs() && I - First < Callee->getNumParams(); ++I)
      if (mutableReference(Callee->getParamDecl(I - First)->getType()))
        write(Call->getArg(I), Call, WriteKind::Other, nullptr);
  }

  /// Walks F with its parameters varying as given (missing ones are uniform): reached through
  /// the user's call Via, as the closure of the pattern Closure, or as an entry point of the
  /// functor (both null).
  void walkFunction(const FunctionDecl* F, const std::vector<Varying>& Params, const CallExpr* Via,
                    const NestedPattern* Closure) {
    if (!F || !F->getBody() || Functions.size() >= MaxCallDepth) return;
    for (const Function& S : Functions)
      if (S.fn->getCanonicalDecl() == F->getCanonicalDecl()) return;  // recursion
    Device.insert(sourceOf(F));
    // The same function in the same situation holds the same points.
    std::string Key;
    for (const NestedPattern& P : Frames) Key += char('a' + int(P.range.level) + 4 * int(P.single));
    Key += "|" + std::to_string(divergentBits()) + "|";
    for (const Varying& V : Params) Key += char('0' + V.bits);
    Key += "|" + contextKey(F, Via, Closure);
    if (!Walked.insert({F->getCanonicalDecl(), Key}).second) return;

    Functions.push_back({F, Conds.size(), Loops.size(), {}});
    Values.enter(F, Params);
    Contexts.push_back(Pending);
    walk(F->getBody());
    Contexts.pop_back();
    Values.leave();
    Functions.pop_back();
  }

  void walk(const Stmt* S) {
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
      visitPattern(*P);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (I != 1) walk(Call->getArg(I));
      Frames.push_back(*P);
      FrameRecords.push_back(execConstruct(*P, Ctx));
      for (const FunctionDecl* Body : callOperatorsOf(P->closure)) {
        // The closure's indices differ between the participants of the pattern's level.
        std::vector<Varying> Params;
        for (unsigned I = 0; I < P->indexCount() && I < Body->getNumParams(); ++I)
          Params.push_back({levelBits(P->range.level),
                            "the index '" + Body->getParamDecl(I)->getNameAsString() +
                                "' of the enclosing " + P->range.name(),
                            "", Body->getParamDecl(I)});
        walkFunction(Body, Params, nullptr, &Frames.back());
      }
      Frames.pop_back();
      FrameRecords.pop_back();
      return;
    }
    llvm::StringRef Method = teamMemberMethod(Call);
    if (!Method.empty()) {
      visitTeamMemberCall(Call, Method);
      // The closure of team_broadcast(f, value, root) is no walked body: it only computes a value.
      for (const Expr* Arg : Call->arguments())
        if (!isa<LambdaExpr>(Arg->IgnoreImplicit())) walk(Arg);
      walk(Call->getCallee());
      return;
    }
    if (const FunctionDecl* Callee = userCallee(Call, File)) {
      for (const Stmt* Child : Call->children()) walk(Child);
      std::vector<Varying> Params = Values.argumentsOf(Call, Callee);
      Chain.push_back({Call, Callee});
      walkFunction(Callee, Params, Call, nullptr);
      Chain.pop_back();
      return;
    }
    for (const Stmt* Child : Call->children()) walk(Child);
  }

  // ---- divergence ----

  /// Pushes Cond as a divergence when it varies; returns whether it did.
  bool pushCondition(const Expr* Cond, bool IsLoop) {
    if (!Cond) return false;
    Varying V = Values.vary(Cond);
    if (!V.bits) return false;
    Conds.push_back({V, Cond, IsLoop, nullptr});
    return true;
  }

  /// The innermost divergence among the conditions from index CondBase on and the early exits
  /// of the loops from index LoopBase on: what an exit found now is taken under.
  std::optional<Divergence> localDivergence(size_t CondBase,
                                                                        size_t LoopBase) const {
    if (Conds.size() > CondBase) return Conds.back();
    for (size_t I = Loops.size(); I-- > LoopBase;)
      if (!Loops[I].rest.empty()) return Loops[I].rest.back();
    return std::nullopt;
  }

  std::optional<Divergence> innermostDivergence(unsigned Bits) const {
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

  unsigned divergentBits() const {
    unsigned Bits = 0;
    for (unsigned B : {unsigned(AcrossThreads), unsigned(AcrossLanes)})
      if (innermostDivergence(B)) Bits |= B;
    return Bits;
  }

  /// A break (of this loop) or a return in a loop body under a varying condition of the body:
  /// the participants that take it run fewer iterations.
  std::optional<Divergence> findEarlyExit(const Stmt* S,
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
      Varying V = Values.vary(Cond);
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

  // ---- writes ----

  /// Records a write to Target (by Whole; Value: what an assignment stores) in a nested range's
  /// closure when the place it reaches is shared.
  void write(const Expr* Target, const Expr* Whole, WriteKind Kind, const Expr* Value) {
    const NestedPattern* Closure = nullptr;
    for (const NestedPattern& F : Frames)
      if (!F.isSingle()) Closure = &F;
    if (!Closure) return;  // not in a nested range's closure
    Origin O = Target->getType()->isPointerType() && isa<CXXMemberCallExpr>(Whole) ? Places.pointee(Target)
                                                                                     : Places.storageOf(Target);
    if (O.kind != Origin::Shared) return;
    ir::ExecPoint X = point(ir::ExecPoint::Kind::Write);
    ir::ExecWrite& W = X.write;
    W.kind = Kind == WriteKind::Assign       ? ir::ExecWrite::Kind::Assign
             : Kind == WriteKind::Accumulate ? ir::ExecWrite::Kind::Accumulate
                                             : ir::ExecWrite::Kind::Other;
    W.placeVaries = O.varies;
    if (Kind == WriteKind::Assign && Value) W.valueVaries = Places.differs(Value);
    // The target as written: 'acc', member 'calls', 'y(r)'.
    const Expr* Bare = Target->IgnoreParenImpCasts();
    if (const auto* M = dyn_cast<MemberExpr>(Bare); M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      W.written = "member '" + M->getMemberDecl()->getNameAsString() + "'";
    else if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare))
      W.written = "'" + Ref->getDecl()->getNameAsString() + "'";
    else
      W.written = "'" + sourceText(Bare) + "'";
    W.text = sourceText(Bare);
    // What the place is: through a reference or pointer, what it reaches; written by its own name,
    // what it is.
    const bool Itself = O.decl && O.decl == declOf(Bare) && !O.role.empty();
    W.place = Itself ? O.role : O.what;
    SourceLocation At = SM.getExpansionLoc(Target->getExprLoc());
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare)) At = SM.getExpansionLoc(Ref->getLocation());
    SourceRange Range = Whole->getSourceRange();
    if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID()) Range = SourceRange();
    W.at = spotOf(At, Range);
    // Where the name written is declared, and the place it reaches.
    const Decl* Named = nullptr;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare)) Named = Ref->getDecl();
    if (Named) {
      W.namedDecl = W.written;
      W.namedAt = SM.getExpansionLoc(Named->getLocation());
    }
    if (O.decl && O.decl != Named) {
      W.placeDecl = (isa<FieldDecl>(O.decl) ? "member '" : "'") + cast<NamedDecl>(O.decl)->getNameAsString() + "'";
      W.placeAt = SM.getExpansionLoc(O.decl->getLocation());
    }
    W.closureAt = SM.getExpansionLoc(Closure->call->getBeginLoc());
    Tree->points.push_back(std::move(X));
  }

  std::string sourceText(const Expr* E) const {
    CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
    if (!E->getBeginLoc().isFileID() || !E->getEndLoc().isFileID()) return "the place written";
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  }

  // ---- range and MDRange functors ----

  void walkFlat(const FunctionDecl* F) {
    if (!enterFlat(F)) return;
    if (FlatWalked.insert(F->getCanonicalDecl()).second) walkFlatStmt(F->getBody());
    Active.pop_back();
  }

  /// Starts walking F in a range functor; false when it has no body, is already being walked
  /// (recursion) or the call chain is too deep.
  bool enterFlat(const FunctionDecl* F) {
    if (!F || !F->getBody() || Active.size() >= MaxCallDepth) return false;
    for (const FunctionDecl* A : Active)
      if (A->getCanonicalDecl() == F->getCanonicalDecl()) return false;
    Device.insert(sourceOf(F));
    Active.push_back(F);
    return true;
  }

  /// Everything written in a range functor is device code, lambdas included.
  void walkFlatStmt(const Stmt* S) {
    if (!S) return;
    if (const auto* L = dyn_cast<LambdaExpr>(S)) {
      for (const FunctionDecl* Body : instancesOf(L->getCallOperator())) walkFlat(Body);
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      // A dispatch inside a host kernel's functor is a kernel of its own, walked as its own.
      if (isDispatchCall(Call)) return;
      if (auto P = nestedPatternOf(Call)) {
        ir::ExecPoint X;
        X.construct = execConstruct(*P, Ctx);
        X.chain = chain();
        Tree->points.push_back(std::move(X));
        return;  // what its closure holds is the same mistake
      }
      if (const FunctionDecl* Callee = userCallee(Call, File)) {
        for (const Stmt* Child : S->children()) walkFlatStmt(Child);
        Chain.push_back({Call, Callee});
        walkFlat(Callee);
        Chain.pop_back();
        return;
      }
    }
    for (const Stmt* Child : S->children()) walkFlatStmt(Child);
  }

  /// The function as written: a template's instantiations (and the lambdas in them) are one.
  static const FunctionDecl* sourceOf(const FunctionDecl* F) { return functionAsWritten(F); }

  ASTContext& Ctx;
  const SourceManager& SM;
  const AnalysedFile& File;
  const ir::TranslationUnit& TU;
  const ir::Kernel* Kernel = nullptr;
  ir::ExecTree* Tree = nullptr;

  // The team walk.
  VaryingValues Values;
  std::vector<Function> Functions;
  std::vector<NestedPattern> Frames;  // the nested patterns whose closures hold the point
  std::vector<ir::ExecConstruct> FrameRecords;  // the same as the points record them, made once
  std::vector<Divergence> Conds;      // the varying conditions around the point walked
  std::vector<Loop> Loops;            // the loops and switches around it
  std::set<std::pair<const FunctionDecl*, std::string>> Walked;
  /// The calls between the functor and the function being walked, with what each calls (a
  /// nested pattern's closure is no call).
  std::vector<std::pair<const CallExpr*, const FunctionDecl*>> Chain;
  // What the places written reach.
  std::vector<Context> Contexts;  // the functions being walked, as called
  Context Pending;                // the one contextKey prepared for the function entered next
  PlaceTracker Places{File, Values, Contexts};  // what the places written reach
  // The range functors' walk, and every function a kernel runs (sourceOf).
  std::vector<const FunctionDecl*> Active;
  llvm::DenseSet<const FunctionDecl*> FlatWalked;
  llvm::DenseSet<const FunctionDecl*> Device;
};

}  // namespace

ir::Execution walkExecution(ASTContext& Ctx, const AnalysedFile& File,
                            const std::vector<DispatchSite>& Instances, const ir::TranslationUnit& TU) {
  return ExecWalker(Ctx, File, TU).run(Instances);
}

}  // namespace analysis
}  // namespace hpar
