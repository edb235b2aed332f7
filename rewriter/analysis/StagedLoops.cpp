#include "analysis/StagedLoops.h"
#include "analysis/Annotations.h"
#include "analysis/LoopScan.h"
#include "analysis/ViewReads.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <utility>

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

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
/// an integer, or null for a loop of another shape.
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
  // The comparison may convert j and the bound to a common integer type (`j < v.extent(0)`, an
  // int against a size_t): the tiles compare and subtract in that type, as the loop does.
  const auto* Lhs = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreImpCasts());
  const QualType Common = Cond->getLHS()->getType().getCanonicalType().getUnqualifiedType();
  if (!Lhs || Lhs->getDecl() != Var || !Common->isIntegerType() || Common->isBooleanType() ||
      Cond->getRHS()->getType().getCanonicalType().getUnqualifiedType() != Common)
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

/// Whether a read's subscripts use a variable the loop's body declares and neither the loop's
/// variable nor the call operator's index: the element varies from step to step with what the
/// step reads, alike in every thread (`ff(b.type, 0)`, not `pos(j, c)`, whose View may be large).
bool computedInBody(const CXXOperatorCallExpr* Access, const ForStmt* Loop, const VarDecl* LoopVar,
                    const ParmVarDecl* Index, const SourceManager& SM) {
  bool FromBody = false, FromIndex = false;
  const SourceRange Body = Loop->getBody()->getSourceRange();
  std::function<void(const Stmt*)> Walk = [&](const Stmt* S) {
    if (!S) return;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(S)) {
      if (Ref->getDecl() == Index || Ref->getDecl() == LoopVar) FromIndex = true;
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
  // The flag goes after the last parameter, which must be written here without a default.
  const ParmVarDecl* Index = Call->getParamDecl(0);
  const ParmVarDecl* Last = Call->getParamDecl(Call->getNumParams() - 1);
  if (!Body || Last->getEndLoc().isMacroID() || !File.writtenHere(Last->getEndLoc()) ||
      Last->hasDefaultArg() || Body->getRBracLoc().isMacroID() ||
      !File.writtenHere(Body->getRBracLoc()))
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
  Out.convertedBound = loopComparison(Loop)->getLHS()->getType().getCanonicalType() !=
                       Var->getType().getCanonicalType().getUnqualifiedType();
  if (Out.var.empty() || Out.first.empty() || Out.bound.empty()) return;
  // A body that is not a block ends before its semicolon.
  const SourceLocation LoopEnd = statementEnd(Loop, SM, Lang);
  const SourceLocation RestBegin = statementEnd(Holder, SM, Lang);
  if (Loop->getBeginLoc().isMacroID() || Loop->getBody()->getBeginLoc().isMacroID() ||
      LoopEnd.isInvalid() || !File.writtenHere(Loop->getBeginLoc()) || !File.writtenHere(LoopEnd) ||
      RestBegin.isInvalid() || !File.writtenHere(RestBegin))
    return;
  Out.line = SM.getSpellingLineNumber(Loop->getBeginLoc());
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
