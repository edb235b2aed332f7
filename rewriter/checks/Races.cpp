// Rule family "races": every participant of a nested pattern's level runs its closure, so a write
// inside the closure to a variable that lives outside it is a race between those participants.
//
//   hpar-nested-write-race   a write (=, op=, ++/--, a non-const reference argument, a non-const
//                            member call) inside the closure of a nested parallel_for /
//                            parallel_reduce / parallel_scan to a variable of the team functor's
//                            scope: its parameters, locals, captures, members, and the variables of
//                            enclosing nested closures
//
// The seed rule: no write access to POD data outside the closure of a nested parallel layer.
// Writes through a View element, a pointer or scratch memory are the program's data-parallel
// writes and are not checked here; neither is anything inside a `single` closure, which runs on one
// participant by design. The walk covers the team functor (a lambda's call operator, or the
// operator() of a class that the dispatch calls: analysis::calledMembers) and the user's
// functions it calls, so a helper taking the team member is covered,
// for every instantiation of each dispatch (a dispatch in a function template runs another functor
// in each). A generic lambda is walked in its instantiations (traverseLambdaBodies).
#include "checks/Checks.h"
#include "analysis/Annotations.h"
#include "analysis/DeviceCode.h"
#include "analysis/TeamCode.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// The nested patterns by the lambda that is their closure.
using ClosureMap = llvm::DenseMap<const LambdaExpr*, analysis::NestedPattern>;

/// The nested patterns (and singles) of a body, by the lambda that is their closure. A closure
/// written into a local variable and passed by name is found through analysis::lambdaOf.
class ClosureFinder : public RecursiveASTVisitor<ClosureFinder> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  /// A generic lambda through its instantiations only (traverseLambdaBodies).
  bool TraverseLambdaExpr(LambdaExpr* L) {
    return analysis::traverseLambdaBodies(*this, L, /*templateForm=*/false,
                                [&] { return RecursiveASTVisitor::TraverseLambdaExpr(L); });
  }
  /// Records the closure of a nested pattern or single.
  bool VisitCallExpr(CallExpr* Call) {
    if (std::optional<analysis::NestedPattern> P = analysis::nestedPatternOf(Call))
      if (const LambdaExpr* L = analysis::lambdaOf(P->closure)) Closures.try_emplace(L, *P);
    return true;
  }
  ClosureMap Closures;
};

/// A write the walk found: the variable (or member of the functor) and the expression.
struct Write {
  const ValueDecl* target = nullptr;  // VarDecl, or FieldDecl reached through `this`
  const Expr* expr = nullptr;         // the whole writing expression
  SourceLocation at;                  // where the target is named
  bool accumulates = false;           // op=, ++, -- (suggest a reduction)
};

class RaceChecker;

/// Walks one function body, keeping the stack of lambdas around the current point.
class BodyWalker : public RecursiveASTVisitor<BodyWalker> {
public:
  BodyWalker(RaceChecker& Checker, const ClosureMap& Closures)
      : Checker(Checker), Closures(Closures) {}

  bool shouldVisitLambdaBody() const { return true; }

  /// Keeps the lambda on the stack while its body is walked; a generic lambda is walked through
  /// its instantiations only (traverseLambdaBodies).
  bool TraverseLambdaExpr(LambdaExpr* L) {
    Stack.push_back(L);
    bool Result = analysis::traverseLambdaBodies(*this, L, /*templateForm=*/false,
                                       [&] { return RecursiveASTVisitor::TraverseLambdaExpr(L); });
    Stack.pop_back();
    return Result;
  }

  /// An assignment writes its left operand.
  bool VisitBinaryOperator(BinaryOperator* B) {
    if (B->isAssignmentOp()) write(B->getLHS(), B, B->isCompoundAssignmentOp());
    return true;
  }
  /// An increment or decrement writes its operand.
  bool VisitUnaryOperator(UnaryOperator* U) {
    if (U->isIncrementDecrementOp()) write(U->getSubExpr(), U, true);
    return true;
  }
  bool VisitCallExpr(CallExpr* Call);
  /// A construction writes the arguments its constructor binds to non-const references.
  bool VisitCXXConstructExpr(CXXConstructExpr* C) {
    if (const CXXConstructorDecl* Ctor = C->getConstructor())
      for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I)
        if (bindsMutableReference(Ctor->getParamDecl(I))) write(C->getArg(I), C, false);
    return true;
  }

private:
  /// Whether a parameter is a reference through which the callee may write its argument.
  static bool bindsMutableReference(const ParmVarDecl* P) {
    QualType T = P->getType();
    return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified();
  }

  void write(const Expr* Target, const Expr* Whole, bool Accumulates);

  RaceChecker& Checker;
  const ClosureMap& Closures;
  std::vector<const LambdaExpr*> Stack;
};

class RaceChecker {
public:
  explicit RaceChecker(CheckContext& C) : SM(C.ast.getSourceManager()), C(C) {}

  /// Walks the functor of one instantiation of a team dispatch, and the user's functions it
  /// calls. A generic lambda or a templated operator() is walked in its instantiations
  /// (functorBodies), where the nested patterns are resolved calls.
  void checkSite(const analysis::DispatchSite& Site) {
    const ir::Kernel& K = C.tu.kernels[Site.kernel];
    if (K.policy != ir::PolicyKind::Team) return;
    Kernel = K.name;
    std::vector<const FunctionDecl*> Work = analysis::functorBodies(Site);
    while (!Work.empty()) {
      const FunctionDecl* F = Work.back();
      Work.pop_back();
      if (!F || !Walked.insert(F).second) continue;
      const Stmt* Body = F->getBody();
      if (!Body || F->isDependentContext()) continue;
      ClosureFinder Finder;
      Finder.TraverseStmt(const_cast<Stmt*>(Body));
      BodyWalker Walker(*this, Finder.Closures);
      Callees = &Work;
      Walker.TraverseStmt(const_cast<Stmt*>(Body));
      Callees = nullptr;
    }
  }

  /// A function called from a walked body: the user's functions are walked in turn (helpers
  /// that take the team member and run nested patterns themselves).
  void called(const FunctionDecl* F) {
    if (!Callees || !F || F->isImplicit()) return;
    if (analysis::isLambdaBody(F)) return;
    const FunctionDecl* Def = F->getDefinition();
    if (!Def || frontend::isLibraryLocation(SM, C.paths, Def->getLocation())) return;
    Callees->push_back(Def);
  }

  /// Judges a write against the lambdas around it (outermost first).
  void judge(const Write& W, const std::vector<const LambdaExpr*>& Stack,
             const ClosureMap& Closures) {
    // The innermost lambda the variable lives in: declared in its body, or captured by value
    // (a by-value capture is a copy of its own). Lambdas above it run the write on the copy.
    int Home = -1;
    for (int I = (int)Stack.size() - 1; I >= 0 && Home < 0; --I) {
      const LambdaExpr* L = Stack[I];
      for (const LambdaCapture& Cap : L->captures()) {
        bool Copies = Cap.getCaptureKind() == LCK_ByCopy && Cap.capturesVariable() &&
                      Cap.getCapturedVar() == W.target;
        bool CopiesThis = Cap.getCaptureKind() == LCK_StarThis && isa<FieldDecl>(W.target);
        if (Copies || CopiesThis) Home = I;
      }
      if (Home < 0 && isa<VarDecl>(W.target) && declaredIn(W.target, L)) Home = I;
    }
    const analysis::NestedPattern* Racing = nullptr;
    for (int I = Home + 1; I < (int)Stack.size(); ++I) {
      auto It = Closures.find(Stack[I]);
      if (It == Closures.end()) continue;
      if (It->second.isSingle()) return;  // one participant writes: not a race of this rule
      Racing = &It->second;
    }
    if (!Racing) return;
    SourceLocation At = SM.getExpansionLoc(W.at);
    if (!Reported.insert(At.getRawEncoding()).second) return;  // another instantiation
    report(W, *Racing);
  }

private:
  /// True when `D` is declared inside the lambda's body (or deeper).
  static bool declaredIn(const ValueDecl* D, const LambdaExpr* L) {
    // The call operator, or for a generic lambda one of its instantiations.
    for (const DeclContext* DC = D->getDeclContext(); DC; DC = DC->getParent())
      if (const auto* M = dyn_cast<CXXMethodDecl>(DC); M && M->getParent() == L->getLambdaClass())
        return true;
    return false;
  }

  /// Reports a write racing in the closure of `Racing`, with notes at the variable and the
  /// nested pattern.
  void report(const Write& W, const analysis::NestedPattern& Racing) {
    const std::string& Pattern = Racing.pattern;
    const analysis::NestedRangeKind& Range = Racing.range;
    const char* Who = Range.level == analysis::NestedLevel::Thread   ? "every thread of the team"
                      : Range.level == analysis::NestedLevel::Vector ? "every vector lane of the thread"
                                                           : "every thread and vector lane of the team";
    bool Member = isa<FieldDecl>(W.target);
    std::string Name = W.target->getNameAsString();
    std::string What = (Member ? "member '" : "'") + Name + "'";
    std::string Msg = What + " is written by " + Who + " concurrently: it is declared outside the closure of the " +
                      Pattern + " over " + Range.name() + " in kernel '" + Kernel + "'; ";
    if (!W.accumulates)
      Msg += "declare it inside the closure";
    else if (Pattern == "parallel_reduce")
      Msg += "accumulate into the closure's value argument instead";
    else if (Pattern == "parallel_scan")
      Msg += "accumulate into the closure's update argument instead";
    else
      Msg += "accumulate with parallel_reduce and '" + Name + "' as its result";
    {
      auto D = C.report.report(diag::CheckId::NestedWriteRace, SM.getExpansionLoc(W.at), Msg);
      SourceRange R = W.expr->getSourceRange();
      if (R.getBegin().isFileID() && R.getEnd().isFileID()) D << R;
    }
    C.report.note(SM.getExpansionLoc(W.target->getLocation()), What + " declared here");
    C.report.note(SM.getExpansionLoc(Racing.call->getBeginLoc()),
                  "nested " + Pattern + " over " + Range.name() + " here");
  }

  SourceManager& SM;
  CheckContext& C;
  std::string Kernel;
  std::vector<const FunctionDecl*>* Callees = nullptr;
  llvm::DenseSet<const FunctionDecl*> Walked;
  llvm::DenseSet<unsigned> Reported;
};

/// A call writes the arguments its callee binds to non-const references, and the object of a
/// non-const member; the user's functions it calls are walked in turn.
bool BodyWalker::VisitCallExpr(CallExpr* Call) {
  const FunctionDecl* Callee = Call->getDirectCallee();
  Checker.called(Callee);
  if (!Callee) return true;
  const auto* Method = dyn_cast<CXXMethodDecl>(Callee);
  // The team member's collectives (team_broadcast writes its argument) are judged by the
  // collectives family: they are errors inside a nested closure for another reason.
  if (!analysis::teamMemberMethod(Call).empty()) return true;
  unsigned First = 0;
  if (Method && isa<CXXOperatorCallExpr>(Call)) {
    // The object is the first argument of a member operator.
    if (Method->isInstance() && !Method->isConst() && Call->getNumArgs() > 0)
      write(Call->getArg(0), Call, Method->getOverloadedOperator() != OO_Equal);
    First = 1;
  } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    if (Method && Method->isInstance() && !Method->isConst())
      if (const Expr* Object = MC->getImplicitObjectArgument())
        if (!Object->getType()->isPointerType()) write(Object, Call, false);
  }
  for (unsigned I = First; I < Call->getNumArgs() && I - First < Callee->getNumParams(); ++I)
    if (bindsMutableReference(Callee->getParamDecl(I - First))) write(Call->getArg(I), Call, false);
  return true;
}

/// Finds the variable a write lands in: `x`, `x.a`, `x[i]` of an array, `x[i]` of a class whose
/// non-const operator hands out a part of it, or a member of the functor through `this`. Writes
/// through pointers, View elements (their operator() is const: the View is a handle) and other
/// handles are the program's data-parallel writes and stop the search.
void BodyWalker::write(const Expr* Target, const Expr* Whole, bool Accumulates) {
  Write W;
  W.expr = Whole;
  W.accumulates = Accumulates;
  for (const Expr* E = Target; E && !W.target;) {
    E = E->IgnoreParenImpCasts();
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->isLocalVarDeclOrParm() || !V->hasLocalStorage()) return;  // globals, statics
      W.target = V;
      W.at = Ref->getLocation();
    } else if (const auto* M = dyn_cast<MemberExpr>(E)) {
      const Expr* Base = M->getBase()->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(Base)) {
        W.target = dyn_cast<FieldDecl>(M->getMemberDecl());
        W.at = M->getMemberLoc();
        if (!W.target) return;
      } else if (M->isArrow()) {
        return;
      } else {
        E = Base;
      }
    } else if (const auto* S = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr* Base = S->getBase()->IgnoreParenImpCasts();
      if (!Base->getType()->isArrayType()) return;  // through a pointer
      E = Base;
    } else if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto* M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
      if (!M || !M->isInstance() || M->isConst() || Op->getNumArgs() == 0 ||
          !M->getReturnType()->isReferenceType() || !analysis::annotationOf(M->getParent()).empty())
        return;
      E = Op->getArg(0);
    } else {
      return;
    }
  }
  if (W.target) Checker.judge(W, Stack, Closures);
}

}  // namespace

/// Checks every instantiation of every dispatch: a dispatch in a function template runs another
/// functor in each. A function several reach is walked once; a write is reported once.
void checkRaces(CheckContext& C) {
  RaceChecker K(C);
  for (const auto& Site : C.instances) K.checkSite(Site);
}

}  // namespace checks
}  // namespace hpar
