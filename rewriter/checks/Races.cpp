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
// participant by design. The walk covers the team functor (a lambda's call operator or a class's
// operator()) and the user's functions it calls, so a helper taking the team member is covered.
#include "checks/Checks.h"
#include "analysis/Annotations.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// Traverses a lambda for a visitor: a generic lambda (a closure over an MDRange often is one:
/// `[&](auto... i)`) through the bodies of its instantiations, where calls are resolved and the
/// parameters have types; any other through `Base` (the visitor's usual traversal).
template <class Visitor, class BaseTraversal>
bool traverseLambda(Visitor& V, LambdaExpr* L, BaseTraversal Base) {
  if (!L->isGenericLambda()) return Base();
  if (FunctionTemplateDecl* FT = L->getDependentCallOperator())
    for (FunctionDecl* Spec : FT->specializations())
      if (Spec->getBody() && !V.TraverseStmt(Spec->getBody())) return false;
  return true;
}

/// What a lambda met in the walk is: the closure of a nested pattern, of a `single`, or another.
struct ClosureOf {
  const CallExpr* call = nullptr;  // the nested pattern or single that runs the closure
  bool single = false;
};

/// The nested patterns (and singles) of a body, by the lambda that is their closure. A closure
/// written into a local variable and passed by name is found through analysis::lambdaOf.
class ClosureFinder : public RecursiveASTVisitor<ClosureFinder> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr* L) {
    return traverseLambda(*this, L, [&] { return RecursiveASTVisitor::TraverseLambdaExpr(L); });
  }
  bool VisitCallExpr(CallExpr* Call) {
    llvm::StringRef A = calleeAnnotation(Call);
    bool Pattern = A == "hpar::nested::parallel_for" || A == "hpar::nested::parallel_reduce" ||
                   A == "hpar::nested::parallel_scan";
    bool Single = A == "hpar::nested::single";
    if ((!Pattern && !Single) || Call->getNumArgs() < 2) return true;
    if (Pattern && nestedRangeOf(Call->getArg(0)).level == NestedLevel::None) return true;
    if (const LambdaExpr* L = analysis::lambdaOf(Call->getArg(1)))
      Closures.try_emplace(L, ClosureOf{Call, Single});
    return true;
  }
  llvm::DenseMap<const LambdaExpr*, ClosureOf> Closures;
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
  BodyWalker(RaceChecker& Checker, const llvm::DenseMap<const LambdaExpr*, ClosureOf>& Closures)
      : Checker(Checker), Closures(Closures) {}

  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseLambdaExpr(LambdaExpr* L) {
    Stack.push_back(L);
    bool Result = traverseLambda(*this, L, [&] { return RecursiveASTVisitor::TraverseLambdaExpr(L); });
    Stack.pop_back();
    return Result;
  }

  bool VisitBinaryOperator(BinaryOperator* B) {
    if (B->isAssignmentOp()) write(B->getLHS(), B, B->isCompoundAssignmentOp());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* U) {
    if (U->isIncrementDecrementOp()) write(U->getSubExpr(), U, true);
    return true;
  }
  bool VisitCallExpr(CallExpr* Call);
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
  const llvm::DenseMap<const LambdaExpr*, ClosureOf>& Closures;
  std::vector<const LambdaExpr*> Stack;
};

class RaceChecker {
public:
  explicit RaceChecker(CheckContext& C) : SM(C.ast.getSourceManager()), C(C) {}

  void checkSite(const analysis::DispatchSite& Site) {
    const ir::Kernel& K = C.tu.kernels[Site.kernel];
    if (K.policy != ir::PolicyKind::Team) return;
    Kernel = K.name;
    std::vector<const FunctionDecl*> Work;
    for (const FunctionDecl* F : functorEntries(Site)) {
      // A generic lambda or a templated operator() is walked in its instantiations, where the
      // nested patterns are resolved calls.
      const FunctionTemplateDecl* FT = F->getDescribedFunctionTemplate();
      if (FT)
        for (const FunctionDecl* Spec : FT->specializations()) Work.push_back(Spec);
      else
        Work.push_back(F);
    }
    if (const LambdaExpr* L = analysis::lambdaOf(Site.functor); L && L->isGenericLambda())
      if (const FunctionTemplateDecl* FT = L->getDependentCallOperator())
        for (const FunctionDecl* Spec : FT->specializations()) Work.push_back(Spec);
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
    if (const auto* M = dyn_cast<CXXMethodDecl>(F); M && M->getParent()->isLambda()) return;
    const FunctionDecl* Def = F->getDefinition();
    if (!Def || frontend::isLibraryLocation(SM, C.paths, Def->getLocation())) return;
    Callees->push_back(Def);
  }

  /// Judges a write against the lambdas around it (outermost first).
  void judge(const Write& W, const std::vector<const LambdaExpr*>& Stack,
             const llvm::DenseMap<const LambdaExpr*, ClosureOf>& Closures) {
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
    const ClosureOf* Racing = nullptr;
    for (int I = Home + 1; I < (int)Stack.size(); ++I) {
      auto It = Closures.find(Stack[I]);
      if (It == Closures.end()) continue;
      if (It->second.single) return;  // one participant writes: not a race of this rule
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

  void report(const Write& W, const ClosureOf& Racing) {
    llvm::StringRef Pattern = calleeAnnotation(Racing.call);
    Pattern.consume_front("hpar::nested::");
    NestedRangeKind Range = nestedRangeOf(Racing.call->getArg(0));
    const char* Who = Range.level == NestedLevel::Thread   ? "every thread of the team"
                      : Range.level == NestedLevel::Vector ? "every vector lane of the thread"
                                                           : "every thread and vector lane of the team";
    bool Member = isa<FieldDecl>(W.target);
    std::string Name = W.target->getNameAsString();
    std::string What = (Member ? "member '" : "'") + Name + "'";
    std::string Msg = What + " is written by " + Who + " concurrently: it is declared outside the closure of the " +
                      Pattern.str() + " over " + Range.name() + " in kernel '" + Kernel + "'; ";
    if (!W.accumulates)
      Msg += "declare it inside the closure";
    else if (Pattern == "parallel_reduce")
      Msg += "accumulate into the closure's value argument instead";
    else if (Pattern == "parallel_scan")
      Msg += "accumulate into the closure's update argument instead";
    else
      Msg += "accumulate with parallel_reduce and '" + Name + "' as its result";
    {
      auto D = C.report.report(CheckId::NestedWriteRace, SM.getExpansionLoc(W.at), Msg);
      SourceRange R = W.expr->getSourceRange();
      if (R.getBegin().isFileID() && R.getEnd().isFileID()) D << R;
    }
    C.report.note(SM.getExpansionLoc(W.target->getLocation()), What + " declared here");
    C.report.note(SM.getExpansionLoc(Racing.call->getBeginLoc()),
                  "nested " + Pattern.str() + " over " + Range.name() + " here");
  }

  SourceManager& SM;
  CheckContext& C;
  std::string Kernel;
  std::vector<const FunctionDecl*>* Callees = nullptr;
  llvm::DenseSet<const FunctionDecl*> Walked;
  llvm::DenseSet<unsigned> Reported;
};

bool BodyWalker::VisitCallExpr(CallExpr* Call) {
  const FunctionDecl* Callee = Call->getDirectCallee();
  Checker.called(Callee);
  if (!Callee) return true;
  const auto* Method = dyn_cast<CXXMethodDecl>(Callee);
  // The team member's collectives (team_broadcast writes its argument) are judged by the
  // collectives family: they are errors inside a nested closure for another reason.
  if (Method && analysis::annotationOf(Method->getParent()) == "hpar::team_member") return true;
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

void checkRaces(CheckContext& C) {
  RaceChecker K(C);
  for (const auto& Site : C.sites) K.checkSite(Site);
}

}  // namespace checks
}  // namespace hpar
