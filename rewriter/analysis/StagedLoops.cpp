#include "analysis/StagedLoops.h"
#include "analysis/Annotations.h"
#include "analysis/ViewReads.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <utility>

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Math functions whose only effect is their result.
const llvm::StringSet<> kMathFunctions = {
    "abs",   "fabs",  "fabsf", "sqrt",  "sqrtf",  "cbrt",      "rsqrt",  "rsqrtf", "exp",
    "expf",  "exp2",  "expm1", "log",   "logf",   "log2",      "log10",  "log1p",  "pow",
    "powf",  "sin",   "sinf",  "cos",   "cosf",   "tan",       "asin",   "acos",   "atan",
    "atan2", "sinh",  "cosh",  "tanh",  "asinh",  "acosh",     "atanh",  "erf",    "erfc",
    "hypot", "fmin",  "fminf", "fmax",  "fmaxf",  "min",       "max",    "floor",  "ceil",
    "round", "trunc", "fma",   "fmod",  "copysign", "isnan",   "isinf",  "isfinite", "signbit"};

/// Whether FD is one of those math functions, of Kokkos, hpar, std or the C library.
bool mathFunction(const FunctionDecl* FD) {
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getIdentifier() ||
      !kMathFunctions.contains(FD->getName()))
    return false;
  const NamespaceDecl* Outermost = nullptr;
  for (const DeclContext* C = FD->getDeclContext(); C; C = C->getParent())
    if (const auto* N = dyn_cast<NamespaceDecl>(C)) Outermost = N;
  if (!Outermost) return FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
  const StringRef Name = Outermost->getName();
  return Name == "Kokkos" || Name == "hpar" || Name == "std";
}

/// Walks a range lambda's body: which statements only read memory and write the lambda's own
/// variables, which expressions every thread evaluates alike, and, in a candidate loop, the View
/// elements its body reads at the loop variable.
class LoopScan {
public:
  struct Read {
    const CXXOperatorCallExpr* access;
    const ValueDecl* view;
    std::vector<int64_t> rest;  // the constant subscripts after the loop variable
  };

  /// `Held`: what the functor holds, which its call cannot change: the variables a lambda
  /// captures by copy, or the fields of a class whose call operator is const.
  LoopScan(ASTContext& Ctx, const ParmVarDecl* Index, llvm::SmallPtrSet<const ValueDecl*, 8> Held)
      : Ctx(Ctx), Index(Index), Captured(std::move(Held)) {}

  /// Whether S only reads memory and writes variables declared in the lambda, and leaves only
  /// by running to its end (a `break` only out of a loop inside it). `Loops` counts the loops
  /// around S inside the region walked.
  bool pure(const Stmt* S, int Loops) {
    if (!S) return true;
    if (const auto* E = dyn_cast<Expr>(S)) return pureExpr(E);
    if (isa<NullStmt>(S) || isa<ContinueStmt>(S)) return true;
    if (isa<BreakStmt>(S)) return Loops > 0;
    if (const auto* D = dyn_cast<DeclStmt>(S)) return pureDecls(D);
    if (isa<CompoundStmt>(S) || isa<IfStmt>(S)) return pureChildren(S, Loops);
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) return pureChildren(S, Loops + 1);
    return false;  // return, goto, switch, try, asm, a range-for over a container, ...
  }

  /// Whether every thread evaluates E alike: literals, captured values, constants, and the
  /// arithmetic, casts, shape queries and math functions of them.
  bool uniform(const Expr* E) const {
    if (!E) return false;
    if (const auto* P = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) return uniform(P->getReplacement());
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CharacterLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E) || isa<ConstantExpr>(E))
      return true;
    if (const auto* R = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(R->getDecl())) return true;
      const auto* V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || V == Index) return false;
      if (Captured.count(V) || UniformLocals.count(V)) return true;
      return V->getType().isConstQualified() && !V->getType()->isReferenceType() &&
             V->isUsableInConstantExpressions(Ctx);
    }
    if (const auto* U = dyn_cast<UnaryOperator>(E)) {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref)
        return false;
      return uniform(U->getSubExpr());
    }
    if (const auto* B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAssignmentOp() || B->isCommaOp()) return false;
      return uniform(B->getLHS()) && uniform(B->getRHS());
    }
    if (const auto* M = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return Captured.count(M->getMemberDecl()) > 0;  // a field of the functor class
      return !M->isArrow() && uniform(M->getBase());
    }
    if (const auto* Call = dyn_cast<CXXMemberCallExpr>(E)) {
      if (!isViewShapeQuery(Call) || !uniform(Call->getImplicitObjectArgument())) return false;
      for (const Expr* A : Call->arguments())
        if (!uniform(A)) return false;
      return true;
    }
    if (const auto* Call = dyn_cast<CallExpr>(E); Call && !isa<CXXOperatorCallExpr>(E)) {
      if (!mathFunction(Call->getDirectCallee())) return false;
      for (const Expr* A : Call->arguments())
        if (!uniform(A)) return false;
      return true;
    }
    if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<ConditionalOperator>(E) ||
        isa<MaterializeTemporaryExpr>(E) || isa<ExprWithCleanups>(E)) {
      for (const Stmt* Child : E->children())
        if (!uniform(dyn_cast_or_null<Expr>(Child))) return false;
      return true;
    }
    return false;
  }

  /// While the body of the loop over `Var` is walked, its reads `v(Var, c...)` are recorded.
  void collectReadsOf(const VarDecl* Var) {
    LoopVar = Var;
    Reads.clear();
    Others.clear();
  }
  void stopCollecting() { LoopVar = nullptr; }
  const std::vector<Read>& reads() const { return Reads; }
  /// The body's other reads of Views the functor holds (`rest` empty).
  const std::vector<Read>& otherReads() const { return Others; }
  /// Variables of the lambda's own: written by it, the loop variable excepted.
  void ownVariable(const VarDecl* V) { Locals.insert(V); }
  /// The variable of a loop around the staged one, its bounds alike in every thread: alike too,
  /// and its loop's body may not write it.
  void enclosingLoopVariable(const VarDecl* V) {
    Locals.insert(V);
    UniformLocals.insert(V);
    Fixed.insert(V);
  }
  /// The loop of V holds no loop to stage after all.
  void notEnclosing(const VarDecl* V) {
    UniformLocals.erase(V);
    Fixed.erase(V);
  }
  /// A reduction's accumulator parameter (a reference): the lambda may write what it refers to,
  /// which a thread past the end of the range holds apart (hpar_active).
  void accumulator(const ParmVarDecl* P) { Accumulators.insert(P); }
  /// A function's parameter whose argument is alike in every thread (ParmVarDecl, never written:
  /// a parameter is not among the lambda's own variables).
  void uniformParameter(const ParmVarDecl* P) { UniformLocals.insert(P); }
  /// Whether E names what the functor holds: a variable it captures by copy, or a field of it.
  bool holds(const Expr* E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto* R = dyn_cast<DeclRefExpr>(E)) return Captured.count(R->getDecl()) > 0;
    if (const auto* M = dyn_cast<MemberExpr>(E))
      return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
             Captured.count(M->getMemberDecl()) > 0;
    return false;
  }

private:
  bool pureChildren(const Stmt* S, int Loops) {
    for (const Stmt* Child : S->children())
      if (!pure(Child, Loops)) return false;
    return true;
  }

  bool pureDecls(const DeclStmt* D) {
    for (const Decl* Each : D->decls()) {
      if (isa<TypedefNameDecl>(Each) || isa<StaticAssertDecl>(Each) || isa<UsingDecl>(Each))
        continue;
      const auto* V = dyn_cast<VarDecl>(Each);
      if (!V || !V->hasLocalStorage()) return false;
      if (V->hasInit() && !pureExpr(V->getInit())) return false;
      Locals.insert(V);
      if (V->getType().isConstQualified() && !V->getType()->isReferenceType() && V->hasInit() &&
          uniform(V->getInit()))
        UniformLocals.insert(V);
    }
    return true;
  }

  /// Whether E names (an element or member of) a variable of the lambda's own that it may write:
  /// declared in it, not a reference, not the staged loop's variable.
  bool ownWritable(const Expr* E) {
    E = E->IgnoreParens();
    while (true) {
      if (const auto* A = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!A->getBase()->IgnoreParenImpCasts()->getType()->isConstantArrayType() ||
            !pureExpr(A->getIdx()))
          return false;
        E = A->getBase()->IgnoreParenImpCasts();
      } else if (const auto* M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
        E = M->getBase()->IgnoreParens();
      } else {
        break;
      }
    }
    const auto* R = dyn_cast<DeclRefExpr>(E);
    const auto* V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (const auto* P = dyn_cast_or_null<ParmVarDecl>(V); P && Accumulators.count(P)) return true;
    return V && V != LoopVar && !Fixed.count(V) && Locals.count(V) &&
           !V->getType()->isReferenceType();
  }

  /// Whether E only reads memory and writes the lambda's own variables.
  bool pureExpr(const Expr* E) {
    if (!E) return true;
    if (const auto* P = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) return pureExpr(P->getReplacement());
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CharacterLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<StringLiteral>(E) || isa<DeclRefExpr>(E) ||
        isa<UnaryExprOrTypeTraitExpr>(E) || isa<ConstantExpr>(E) ||
        isa<ImplicitValueInitExpr>(E) || isa<CXXScalarValueInitExpr>(E) ||
        isa<CXXNullPtrLiteralExpr>(E))
      return true;
    if (const auto* U = dyn_cast<UnaryOperator>(E)) {
      if (U->isIncrementDecrementOp()) return ownWritable(U->getSubExpr());
      if (U->getOpcode() == UO_AddrOf) return false;  // an address outlives what it reads
      return pureExpr(U->getSubExpr());
    }
    if (const auto* B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAssignmentOp()) return ownWritable(B->getLHS()) && pureExpr(B->getRHS());
      return pureExpr(B->getLHS()) && pureExpr(B->getRHS());
    }
    if (const auto* M = dyn_cast<MemberExpr>(E); M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return isa<FieldDecl>(M->getMemberDecl());  // a field of the functor class, read
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) return pureOperator(Op);
    if (const auto* Call = dyn_cast<CXXMemberCallExpr>(E))
      return isViewShapeQuery(Call) && pureArguments(Call);
    if (const auto* Call = dyn_cast<CallExpr>(E))
      return mathFunction(Call->getDirectCallee()) && pureArguments(Call);
    if (const auto* C = dyn_cast<CXXConstructExpr>(E)) {
      if (!C->getConstructor()->isTrivial() && !C->getConstructor()->isDefaulted()) return false;
      for (const Expr* A : C->arguments())
        if (!pureExpr(A)) return false;
      return true;
    }
    if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<ConditionalOperator>(E) ||
        isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) || isa<ExprWithCleanups>(E) ||
        isa<MaterializeTemporaryExpr>(E) || isa<InitListExpr>(E) || isa<CXXDefaultArgExpr>(E) ||
        isa<BinaryConditionalOperator>(E) || isa<OpaqueValueExpr>(E)) {
      if (const auto* D = dyn_cast<CXXDefaultArgExpr>(E)) return pureExpr(D->getExpr());
      if (const auto* O = dyn_cast<OpaqueValueExpr>(E)) return pureExpr(O->getSourceExpr());
      for (const Stmt* Child : E->children())
        if (!pureExpr(dyn_cast_or_null<Expr>(Child))) return false;
      return true;
    }
    return false;  // a lambda, `this`, new, throw, a statement expression, ...
  }

  bool pureArguments(const CallExpr* Call) {
    for (const Expr* A : Call->arguments())
      if (!pureExpr(A)) return false;
    if (const auto* M = dyn_cast<CXXMemberCallExpr>(Call))
      return pureExpr(M->getImplicitObjectArgument());
    return true;
  }

  /// An overloaded operator: a View's element access (read: a write would be an assignment to
  /// something not the lambda's own), or the implicit assignment of one of the lambda's objects.
  bool pureOperator(const CXXOperatorCallExpr* Op) {
    const OverloadedOperatorKind Kind = Op->getOperator();
    if ((Kind == OO_Call || Kind == OO_Subscript) && Op->getNumArgs() >= 1 &&
        isView(Op->getArg(0)->getType().getNonReferenceType())) {
      for (unsigned I = 1; I < Op->getNumArgs(); ++I)
        if (!pureExpr(Op->getArg(I))) return false;
      noteRead(Op);
      return true;
    }
    const auto* Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    if (Op->isAssignmentOp() && Method && Method->isTrivial() && Op->getNumArgs() == 2)
      return ownWritable(Op->getArg(0)) && pureExpr(Op->getArg(1));
    return false;
  }

  /// Records `v(LoopVar, c...)` of a View v the functor holds, the other subscripts constants.
  void noteRead(const CXXOperatorCallExpr* Op) {
    if (!LoopVar || Op->getNumArgs() < 2) return;
    const Expr* Object = Op->getArg(0)->IgnoreParenImpCasts();
    const ValueDecl* View = nullptr;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Object)) View = dyn_cast<VarDecl>(Ref->getDecl());
    else if (const auto* M = dyn_cast<MemberExpr>(Object);
             M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      View = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!View || !Captured.count(View)) return;
    const auto* First = dyn_cast<DeclRefExpr>(Op->getArg(1)->IgnoreParenImpCasts());
    Read R{Op, View, {}};
    if (!First || First->getDecl() != LoopVar) {
      Others.push_back(std::move(R));
      return;
    }
    for (unsigned I = 2; I < Op->getNumArgs(); ++I) {
      const std::optional<llvm::APSInt> C = Op->getArg(I)->getIntegerConstantExpr(Ctx);
      if (!C) {
        Others.push_back(std::move(R));
        return;
      }
      R.rest.push_back(C->getExtValue());
    }
    Reads.push_back(std::move(R));
  }

  ASTContext& Ctx;
  const ParmVarDecl* Index;
  llvm::SmallPtrSet<const ValueDecl*, 8> Captured;
  llvm::SmallPtrSet<const VarDecl*, 8> Locals, UniformLocals, Fixed;
  llvm::SmallPtrSet<const ParmVarDecl*, 4> Accumulators;
  const VarDecl* LoopVar = nullptr;
  std::vector<Read> Reads, Others;
};

/// The source text of `R` in the file, or "" when it is not written there as it stands.
std::string textOf(const SourceManager& SM, const LangOptions& Lang, const AnalysedFile& File,
                   SourceRange R) {
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || !File.writtenHere(R.getBegin()) ||
      !File.writtenHere(R.getEnd()))
    return "";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, Lang).str();
}

/// The comparison `j < bound` of a loop's condition (under the cleanups of a temporary the bound
/// binds, `v.extent_int(0)`), or null.
const BinaryOperator* loopComparison(const ForStmt* For) {
  const Expr* Cond = For->getCond();
  if (const auto* Full = dyn_cast_or_null<ExprWithCleanups>(Cond)) Cond = Full->getSubExpr();
  const auto* Less = dyn_cast_or_null<BinaryOperator>(Cond);
  return Less && Less->getOpcode() == BO_LT ? Less : nullptr;
}

/// The loop variable of `for (T j = first; j < bound; ++j)` with T an integer type and `bound`
/// of type T, or null for a loop of another shape.
const VarDecl* countedLoopVariable(const ForStmt* For) {
  const auto* Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl()) return nullptr;
  const auto* Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Var || !Var->hasInit() || !Var->getType()->isIntegerType() ||
      Var->getType()->isBooleanType() || Var->getType()->isReferenceType())
    return nullptr;
  const QualType T = Var->getType().getCanonicalType().getUnqualifiedType();
  const BinaryOperator* Cond = loopComparison(For);
  if (!Cond) return nullptr;
  const auto* Lhs = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreImpCasts());
  if (!Lhs || Lhs->getDecl() != Var ||
      Cond->getLHS()->getType().getCanonicalType().getUnqualifiedType() != T ||
      Cond->getRHS()->getType().getCanonicalType().getUnqualifiedType() != T)
    return nullptr;
  const auto* Inc = dyn_cast_or_null<UnaryOperator>(For->getInc());
  if (!Inc || !Inc->isIncrementOp()) return nullptr;
  const auto* Stepped = dyn_cast<DeclRefExpr>(Inc->getSubExpr()->IgnoreParens());
  return Stepped && Stepped->getDecl() == Var ? Var : nullptr;
}

/// Whether S, the body of a loop, holds a `break` or `continue` of that loop (not of a loop
/// inside it): a thread may leave an iteration before the others.
bool leavesIteration(const Stmt* S) {
  if (!S || isa<Expr>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) return false;
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<SwitchStmt>(S)) return true;
  for (const Stmt* Child : S->children())
    if (leavesIteration(Child)) return true;
  return false;
}

/// The loop to stage: the `for` and its variable.
struct Candidate {
  const ForStmt* loop = nullptr;
  const VarDecl* var = nullptr;
};

/// How many loops and blocks may hold the staged loop inside the call operator's body.
constexpr int kMaxEnclosing = 3;

bool visitStatements(LoopScan& Scan, llvm::ArrayRef<Stmt*> Stmts, int Depth, Candidate& Found);

/// Walks S, a statement `Depth` loops or blocks inside the call operator's body, no loop found
/// yet: finds the loop to stage in it, if any, and tells whether it only reads memory and writes
/// the lambda's own variables (before the loop found, if one is). A counted loop with bounds
/// alike in every thread that no thread leaves early is searched first for such a loop inside it,
/// so that a loop over a protein's atoms inside one over a ligand's is the one staged; the loop
/// itself is the candidate otherwise.
bool visitStatement(LoopScan& Scan, const Stmt* S, int Depth, Candidate& Found) {
  if (const auto* Block = dyn_cast<CompoundStmt>(S); Block && Depth < kMaxEnclosing)
    return visitStatements(Scan, {Block->body_begin(), Block->body_end()}, Depth + 1, Found);
  const auto* For = dyn_cast<ForStmt>(S);
  const VarDecl* V = For ? countedLoopVariable(For) : nullptr;
  if (!V || !Scan.uniform(V->getInit()) || !Scan.uniform(loopComparison(For)->getRHS()))
    return Scan.pure(S, 0);
  if (Depth < kMaxEnclosing && !leavesIteration(For->getBody())) {
    Scan.enclosingLoopVariable(V);
    Candidate Inner;
    const bool Pure = visitStatement(Scan, For->getBody(), Depth + 1, Inner);
    if (Pure && Inner.loop) {
      Found = Inner;
      return true;
    }
    Scan.notEnclosing(V);
  }
  Scan.ownVariable(V);  // declared by the loop; its body may not write it
  Scan.collectReadsOf(V);
  const bool Pure = Scan.pure(For->getBody(), 0);
  Scan.stopCollecting();
  if (Pure && !Scan.reads().empty()) {
    Found = {For, V};
    return true;
  }
  return Scan.pure(S, 0);
}

/// Walks a block's statements in order (`visitStatement`). Inside a loop or block, the statements
/// after the loop found must only read memory and write the lambda's own variables as well: the
/// threads past the range's end run them too.
bool visitStatements(LoopScan& Scan, llvm::ArrayRef<Stmt*> Stmts, int Depth, Candidate& Found) {
  for (const Stmt* S : Stmts) {
    if (!Found.loop ? !visitStatement(Scan, S, Depth, Found) : !Scan.pure(S, 0)) return false;
  }
  return true;
}

/// A statement of the call operator that calls a function of the file: `T x = f(...);` or
/// `lhs op= f(...);` (ir::StagedLoop::HelperCall).
struct HelperSite {
  const CallExpr* call = nullptr;
  const FunctionDecl* function = nullptr;  // its definition
  const Expr* assignedTo = nullptr;        // `lhs`, for an assignment
  std::string op;                          // `=`, `+=`, ...
};

/// Whether S has one of those shapes, with a plain function (not a member; a function template's
/// only instantiation), inline or of internal linkage, whose body is written in the file.
bool helperSite(const Stmt* S, const AnalysedFile& File, HelperSite& Site) {
  const Expr* Value = nullptr;
  if (const auto* D = dyn_cast<DeclStmt>(S)) {
    const auto* V = D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || !V->hasInit() || V->getType()->isReferenceType())
      return false;
    Value = V->getInit();
  } else if (const auto* B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
    Value = B->getRHS();
    Site.assignedTo = B->getLHS();
    Site.op = B->getOpcodeStr().str();
  } else {
    return false;
  }
  Site.call = dyn_cast<CallExpr>(Value->IgnoreImplicit());
  if (!Site.call || isa<CXXOperatorCallExpr>(Site.call) || isa<CXXMemberCallExpr>(Site.call))
    return false;
  // Inline or of this file alone, so that no other source calls this definition; a template's
  // one instantiation, since the template's text is what changes.
  const FunctionDecl* Callee = Site.call->getDirectCallee();
  if (!Callee || isa<CXXMethodDecl>(Callee) || Callee->isVariadic() ||
      !Callee->hasBody(Site.function) ||
      (!Site.function->isInlined() && Site.function->isExternallyVisible()))
    return false;
  if (Callee->getTemplatedKind() == FunctionDecl::TK_FunctionTemplateSpecialization) {
    const FunctionTemplateDecl* Template = Callee->getPrimaryTemplate();
    if (!Template || Callee->getTemplateSpecializationKind() != TSK_ImplicitInstantiation ||
        std::distance(Template->spec_begin(), Template->spec_end()) != 1)
      return false;
  } else if (Callee->getTemplatedKind() != FunctionDecl::TK_NonTemplate) {
    return false;
  }
  const auto* Body = dyn_cast_or_null<CompoundStmt>(Site.function->getBody());
  return Body && !Body->getLBracLoc().isMacroID() && !Body->getRBracLoc().isMacroID() &&
         File.writtenHere(Body->getLBracLoc()) && File.writtenHere(Body->getRBracLoc());
}

/// An argument as the function receives it: without conversions and a View's copy.
const Expr* passedValue(const Expr* A) {
  A = A->IgnoreImplicit();
  if (const auto* C = dyn_cast<CXXConstructExpr>(A);
      C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor() &&
      isView(C->getType()))
    A = C->getArg(0)->IgnoreImplicit();
  return A;
}

/// Finds the loop to stage in the function `Site` calls, which the call operator alone calls:
/// its arguments only read (`Outer`, the operator's scan), its body only reads memory and writes
/// its own variables, its last statement may return a value. A View parameter whose argument the
/// functor holds is held there too; a value parameter whose argument is alike in every thread is
/// alike. `Inner` is the function's scan.
bool stagedInHelper(ASTContext& Ctx, FunctionReferences& References, LoopScan& Outer,
                    const HelperSite& Site, std::optional<LoopScan>& Inner, Candidate& Found) {
  const FunctionDecl* F = Site.function;
  if (References.count(F) != 1 || F->getNumParams() != Site.call->getNumArgs()) return false;
  llvm::SmallPtrSet<const ValueDecl*, 8> Held;
  std::vector<const ParmVarDecl*> Uniform;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl* P = F->getParamDecl(I);
    const Expr* A = passedValue(Site.call->getArg(I));
    if (!Outer.pure(A, 0)) return false;
    if (isView(P->getType()) && Outer.holds(A))
      Held.insert(P);
    else if (!P->getType()->isReferenceType() && Outer.uniform(A))
      Uniform.push_back(P);
  }
  Inner.emplace(Ctx, nullptr, std::move(Held));
  for (const ParmVarDecl* P : Uniform) Inner->uniformParameter(P);
  const auto* Body = cast<CompoundStmt>(F->getBody());
  Candidate Here;
  for (const Stmt* S : Body->body()) {
    if (!Here.loop) {
      if (!visitStatement(*Inner, S, 0, Here)) return false;
    } else if (const auto* R = dyn_cast<ReturnStmt>(S)) {
      if (S != Body->body_back() || !Inner->pure(R->getRetValue(), 0)) return false;
    } else if (!Inner->pure(S, 0)) {
      return false;
    }
  }
  if (!Here.loop) return false;
  Found = Here;
  return true;
}

/// Whether the dispatch of `Site` has one instantiation among `Instances` (those of a template
/// share the call's location).
bool instantiatedOnce(const DispatchSite& Site, const std::vector<DispatchSite>& Instances) {
  return std::count_if(Instances.begin(), Instances.end(), [&](const DispatchSite& Each) {
           return Each.call->getBeginLoc() == Site.call->getBeginLoc();
         }) == 1;
}

/// Just past statement S: past its semicolon, or its closing brace.
SourceLocation statementEnd(const Stmt* S, const SourceManager& SM, const LangOptions& Lang) {
  SourceLocation End = Lexer::findLocationAfterToken(S->getEndLoc(), tok::semi, SM, Lang, false);
  if (End.isInvalid()) End = Lexer::getLocForEndOfToken(S->getEndLoc(), 0, SM, Lang);
  return End;
}

/// Whether a read's subscripts use a variable the loop's body declares (not the loop's own) and
/// not the call operator's index: the element varies from step to step with what the step reads,
/// alike in every thread.
bool computedInBody(const CXXOperatorCallExpr* Access, const ForStmt* Loop, const VarDecl* LoopVar,
                    const ParmVarDecl* Index, const SourceManager& SM) {
  bool FromBody = false, FromIndex = false;
  const SourceRange Body = Loop->getBody()->getSourceRange();
  std::function<void(const Stmt*)> Walk = [&](const Stmt* S) {
    if (!S) return;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(S)) {
      if (Ref->getDecl() == Index) FromIndex = true;
      const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
      if (V && V != LoopVar && !V->getLocation().isMacroID() &&
          SM.isBeforeInTranslationUnit(Body.getBegin(), V->getLocation()) &&
          SM.isBeforeInTranslationUnit(V->getLocation(), Body.getEnd()))
        FromBody = true;
    }
    for (const Stmt* Child : S->children()) Walk(Child);
  };
  for (unsigned I = 1; I < Access->getNumArgs(); ++I) Walk(Access->getArg(I));
  return FromBody && !FromIndex;
}

/// The most tables a staged loop copies whole into shared memory.
constexpr size_t kMaxTables = 2;

/// The bytes of shared memory a staged element may take per thread of a block (all of a loop's
/// elements together): 96 bytes are 24 KiB for a block of 256, half what a block may declare.
constexpr uint64_t kStagedBytesPerThread = 96;

}  // namespace

void recordStagedLoop(ASTContext& Ctx, const AnalysedFile& File, const DispatchSite& Site,
                      const std::vector<DispatchSite>& Instances, FunctionReferences& References,
                      ir::Kernel& K) {
  const bool Reduce = K.pattern == ir::Pattern::Reduce;
  if (K.policy != ir::PolicyKind::Range || (K.pattern != ir::Pattern::For && !Reduce) || K.hasWorkTag ||
      K.onHost || K.onHostThreads || K.alsoOnHost || K.inHeader || !K.siteName.empty() ||
      K.variantOf >= 0)
    return;
  // The call operator this dispatch runs, its index, and what the functor holds: a lambda written
  // in the call or stored in a local variable only this call runs, or a class no other dispatch
  // of the file runs, with one const call operator taking the index alone.
  const FunctionDecl* Call = nullptr;
  llvm::SmallPtrSet<const ValueDecl*, 8> Held;
  bool DefaultFlag = false;
  if (const LambdaExpr* L = lambdaOf(Site.functor)) {
    if (!isa<LambdaExpr>(strip(Site.functor))) {
      const auto* Ref = dyn_cast<DeclRefExpr>(strip(Site.functor));
      if (!storedForThisCall(Ctx, Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr, L, Site.call))
        return;
    }
    // In a template, the text serves every instantiation: only a dispatch instantiated once.
    if (L->isGenericLambda() || L->getCaptureDefault() == LCD_ByRef ||
        (inTemplate(L->getLambdaClass()->getDeclContext()) && !instantiatedOnce(Site, Instances)))
      return;
    Call = L->getCallOperator();
    for (const LambdaCapture& C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
        if (const auto* V = dyn_cast<VarDecl>(C.getCapturedVar())) Held.insert(V);
  } else {
    // The one call operator the dispatch runs (a reduction's class may also define init, join
    // and final; its value as an array takes a pointer, which the accumulators below refuse).
    const CXXMethodDecl* Op = nullptr;
    for (const FunctionDecl* Member : Site.members)
      if (const auto* M = dyn_cast<CXXMethodDecl>(Member);
          M && M->getOverloadedOperator() == OO_Call) {
        if (Op) return;
        Op = M;
      }
    if (!Op || !Op->isConst() || Op->isTemplateInstantiation() || Op->getDescribedFunctionTemplate())
      return;
    const CXXRecordDecl* RD = Op->getParent();
    if (!RD || RD->isLambda() || RD->isUnion() || inTemplate(RD) || !dispatchedOnlyOnce(RD, Instances))
      return;
    for (const FieldDecl* F : RD->fields())
      if (!F->isMutable()) Held.insert(F);
    Call = Op;
    DefaultFlag = true;  // other code may call the operator with the index alone
  }
  // The index alone; for a reduction, then one accumulator per result, each a non-const reference
  // to a value of a complete type (written by the lambda, held apart for a thread past the end).
  if (!Call || !Call->hasBody() || Call->isVariadic() || Call->getNumParams() < 1 ||
      Call->getNumParams() != 1 + (Reduce ? std::max(K.numResults, 1u) : 0u))
    return;
  std::vector<const ParmVarDecl*> Accumulators;
  for (unsigned I = 1; I < Call->getNumParams(); ++I) {
    const ParmVarDecl* P = Call->getParamDecl(I);
    const QualType T = P->getType();
    if (!T->isLValueReferenceType() || T.getNonReferenceType().isConstQualified() ||
        T.getNonReferenceType()->isArrayType() || T.getNonReferenceType()->isIncompleteType() ||
        T.getNonReferenceType()->isDependentType())
      return;
    Accumulators.push_back(P);
  }
  const SourceManager& SM = Ctx.getSourceManager();
  const LangOptions& Lang = Ctx.getLangOpts();
  const auto* Body = dyn_cast<CompoundStmt>(Call->getBody());
  const ParmVarDecl* Index = Call->getParamDecl(0);
  if (!Body || Index->getEndLoc().isMacroID() || !File.writtenHere(Index->getEndLoc()) ||
      Body->getRBracLoc().isMacroID() || !File.writtenHere(Body->getRBracLoc()) ||
      Index->hasDefaultArg())
    return;

  // The first loop of the body's statements that can be staged (or, inside loops and blocks of
  // such statements, the innermost), after statements that only read.
  // Or the loop of a function such a statement calls.
  LoopScan Scan(Ctx, Index, std::move(Held));
  for (const ParmVarDecl* P : Accumulators) Scan.accumulator(P);
  Candidate Found;
  const Stmt* Holder = nullptr;  // the statement of the body that holds the loop
  bool More = false;
  std::optional<LoopScan> HelperScan;
  HelperSite Helper;
  for (const Stmt* S : Body->body()) {
    if (Found.loop) {
      More = true;
      break;
    }
    if (HelperSite Site; helperSite(S, File, Site) &&
                         stagedInHelper(Ctx, References, Scan, Site, HelperScan, Found)) {
      Helper = Site;
      Holder = S;
      continue;
    }
    if (!visitStatement(Scan, S, 0, Found)) return;
    if (Found.loop) Holder = S;
  }
  if (!Found.loop) return;
  const ForStmt* Loop = Found.loop;
  const VarDecl* Var = Found.var;
  const LoopScan& Used = Helper.function ? *HelperScan : Scan;
  // The index the loop's reads may name: the function's never name the operator's.
  const ParmVarDecl* ReadIndex = Helper.function ? nullptr : Index;

  ir::StagedLoop Out;
  Out.var = Var->getName().str();
  Out.type = Var->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  Out.first = textOf(SM, Lang, File, Var->getInit()->getSourceRange());
  Out.bound = textOf(SM, Lang, File, loopComparison(Loop)->getRHS()->getSourceRange());
  if (Out.var.empty() || Out.first.empty() || Out.bound.empty()) return;
  // A body that is not a block ends before its semicolon.
  const SourceLocation LoopEnd = statementEnd(Loop, SM, Lang);
  const SourceLocation RestBegin = statementEnd(Holder, SM, Lang);
  if (Loop->getBeginLoc().isMacroID() || Loop->getBody()->getBeginLoc().isMacroID() ||
      LoopEnd.isInvalid() || !File.writtenHere(Loop->getBeginLoc()) || !File.writtenHere(LoopEnd) ||
      RestBegin.isInvalid() || !File.writtenHere(RestBegin))
    return;
  Out.line = SM.getSpellingLineNumber(Loop->getBeginLoc());
  const ParmVarDecl* Last = Call->getParamDecl(Call->getNumParams() - 1);
  if (Last->getEndLoc().isMacroID() || !File.writtenHere(Last->getEndLoc()) || Last->hasDefaultArg())
    return;
  Out.flagAt = SM.getFileOffset(Lexer::getLocForEndOfToken(Last->getEndLoc(), 0, SM, Lang));
  Out.headBegin = SM.getFileOffset(Loop->getBeginLoc());
  Out.bodyBegin = SM.getFileOffset(Loop->getBody()->getBeginLoc());
  Out.loopEnd = SM.getFileOffset(LoopEnd);
  Out.restBegin = SM.getFileOffset(RestBegin);
  Out.lambdaClose = SM.getFileOffset(Body->getRBracLoc());
  Out.more = More;
  Out.defaultFlag = DefaultFlag;
  if (Helper.function) {
    Out.inHelper = true;
    Out.helper.function = Helper.function->getNameAsString();
    if (Helper.assignedTo) {
      const std::string Target = textOf(SM, Lang, File, Helper.assignedTo->getSourceRange());
      const SourceLocation CallBegin = Helper.call->getBeginLoc();
      if (Target.empty() || CallBegin.isMacroID() || !File.writtenHere(CallBegin)) return;
      Out.helper.assignBegin = SM.getFileOffset(Holder->getBeginLoc());
      Out.helper.callBegin = SM.getFileOffset(CallBegin);
      Out.helper.assignTo = Target + " " + Helper.op;
      Out.more = true;  // the assignment runs for indices in the range
    }
  }
  Out.loop = std::string(SM.getBufferData(SM.getFileID(Loop->getBeginLoc()))
                             .substr(Out.headBegin, Out.loopEnd - Out.headBegin));

  // One slot per element (View and constant subscripts), in the order the body first reads it.
  std::map<std::pair<const ValueDecl*, std::vector<int64_t>>, unsigned> SlotOf;
  uint64_t Bytes = 0;
  for (const LoopScan::Read& R : Used.reads()) {
    const QualType Element = R.access->getType().getNonReferenceType().getUnqualifiedType();
    if (Element->isIncompleteType() || Element->isDependentType() ||
        !Element.isTriviallyCopyableType(Ctx) || Ctx.getTypeAlignInChars(Element).getQuantity() > 16)
      return;
    auto [It, New] = SlotOf.try_emplace({R.view, R.rest}, unsigned(Out.slots.size()));
    if (New) {
      ir::StagedLoop::Slot S;
      S.view = textOf(SM, Lang, File, R.access->getArg(0)->getSourceRange());
      for (unsigned I = 2; I < R.access->getNumArgs(); ++I) {
        const std::string Subscript = textOf(SM, Lang, File, R.access->getArg(I)->getSourceRange());
        if (Subscript.empty()) return;
        S.rest += ", " + Subscript;
      }
      if (S.view.empty()) return;
      S.bytes = unsigned(Ctx.getTypeSizeInChars(Element).getQuantity());
      Bytes += S.bytes;
      Out.slots.push_back(std::move(S));
    }
    const SourceLocation End = Lexer::getLocForEndOfToken(R.access->getEndLoc(), 0, SM, Lang);
    if (R.access->getBeginLoc().isMacroID() || End.isInvalid() ||
        !File.writtenHere(R.access->getBeginLoc()) || !File.writtenHere(End))
      return;
    Out.reads.push_back({SM.getFileOffset(R.access->getBeginLoc()), SM.getFileOffset(End), It->second});
  }
  if (Bytes > kStagedBytesPerThread) return;

  // Tables: Views the functor holds, none of whose elements the loop stages, that it reads at
  // subscripts computed in its body (a force field by the type of the atom a step reads).
  std::map<const ValueDecl*, unsigned> TableOf;
  for (const LoopScan::Read& R : Used.otherReads()) {
    const QualType Element = R.access->getType().getNonReferenceType();
    if (!R.access->isLValue() || Element->isIncompleteType() || Element->isDependentType() ||
        !Element.isTriviallyCopyableType(Ctx) ||
        std::any_of(Used.reads().begin(), Used.reads().end(),
                    [&](const LoopScan::Read& Slot) { return Slot.view == R.view; }) ||
        !computedInBody(R.access, Loop, Var, ReadIndex, SM))
      continue;
    auto It = TableOf.find(R.view);
    if (It == TableOf.end()) {
      if (TableOf.size() == kMaxTables) continue;
      const std::string View = textOf(SM, Lang, File, R.access->getArg(0)->getSourceRange());
      if (View.empty()) continue;
      It = TableOf.emplace(R.view, unsigned(Out.tables.size())).first;
      Out.tables.push_back(View);
    }
    const SourceLocation Subscripts = R.access->getArg(1)->getBeginLoc();
    if (R.access->getBeginLoc().isMacroID() || Subscripts.isMacroID() ||
        !File.writtenHere(R.access->getBeginLoc()) || !File.writtenHere(Subscripts))
      return;
    Out.tableReads.push_back(
        {SM.getFileOffset(R.access->getBeginLoc()), SM.getFileOffset(Subscripts), It->second});
  }
  K.staged = true;
  K.stagedLoop = std::move(Out);
}

}  // namespace analysis
}  // namespace hpar
