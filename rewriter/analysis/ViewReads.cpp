#include "analysis/ViewReads.h"
#include "analysis/Annotations.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include <map>

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Whether a value of type T holds no address: numbers, enumerations, and arrays and classes
/// made of them (no pointer, reference or View anywhere inside).
bool plainValue(QualType T, int depth = 0) {
  T = T.getCanonicalType();
  if (T->isArithmeticType() || T->isEnumeralType()) return true;
  if (depth > 8) return false;
  if (const auto* A = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return plainValue(A->getElementType(), depth + 1);
  const CXXRecordDecl* RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || isView(T)) return false;
  RD = RD->getDefinition();
  for (const CXXBaseSpecifier& B : RD->bases())
    if (!plainValue(B.getType(), depth + 1)) return false;
  for (const FieldDecl* F : RD->fields())
    if (!plainValue(F->getType(), depth + 1)) return false;
  return true;
}

/// The View members that ask about its shape and not its elements.
const llvm::StringSet<> kShapeQueries = {
    "extent", "extent_int", "size", "span", "span_is_contiguous", "stride", "stride_0",
    "stride_1", "stride_2", "stride_3", "stride_4", "stride_5", "stride_6", "stride_7",
    "rank", "rank_dynamic", "is_allocated", "static_extent"};

}  // namespace

bool isViewShapeQuery(const CXXMemberCallExpr* Call) {
  const CXXMethodDecl* Method = Call->getMethodDecl();
  return Method && Method->getIdentifier() && kShapeQueries.contains(Method->getName()) &&
         isView(Call->getImplicitObjectArgument()->getType().getNonReferenceType());
}

bool inTemplate(const DeclContext* DC) {
  for (; DC; DC = DC->getParent()) {
    if (DC->isDependentContext()) return true;
    if (const auto* F = dyn_cast<FunctionDecl>(DC); F && F->isTemplateInstantiation()) return true;
    if (isa<ClassTemplateSpecializationDecl>(DC)) return true;
  }
  return false;
}

namespace {


/// Walks a team functor's body (and the lambdas written in it), sorting every use of each View it
/// holds (a lambda's captured variable, or a functor class's member reached through `this`): an
/// element read whose value is used at once, a shape query, or anything else.
class ViewUses {
public:
  struct Read {
    SourceLocation begin, end;  // the View's name
    bool memberVisible;         // the team member parameter can be named there
    const ParmVarDecl* member;  // the team member there (a helper function's parameter)
  };
  struct Uses {
    std::vector<Read> reads;
    bool other = false;  // used some other way: written, passed on, its address taken, ...
  };

  /// `follow` tells whether a function of the user's that a View is passed to may be walked as
  /// part of this kernel (written in the analysed file and called only there).
  ViewUses(const ParmVarDecl* Member, std::function<bool(const FunctionDecl*)> follow)
      : Member(Member), Followable(std::move(follow)) {}

  void track(const ValueDecl* V) { Views[V]; }
  const std::map<const ValueDecl*, Uses>& uses() const { return Views; }
  bool memberShadowed() const { return Shadowed; }
  /// The functor object itself reaches code the walk does not follow (`*this` passed on, a member
  /// function called), which may do anything with its Views.
  bool escapes() const { return Escapes; }

  void walk(const Stmt* S, bool Visible) {
    if (!S) return;
    if (const auto* L = dyn_cast<LambdaExpr>(S)) {
      // The captures' initialisers copy Views into the inner closure; what the closure does
      // with the copies is in its body.
      walk(L->getBody(), Visible && sees(L));
      return;
    }
    if (const auto* D = dyn_cast<DeclStmt>(S))
      for (const Decl* Each : D->decls())
        if (const auto* V = dyn_cast<VarDecl>(Each); V && V->getName() == Member->getName())
          Shadowed = true;
    if (const auto* C = dyn_cast<ImplicitCastExpr>(S); C && C->getCastKind() == CK_LValueToRValue)
      if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(C->getSubExpr()->IgnoreParens()))
        if (const Expr* Ref = elementOf(Op)) {
          Views[viewOf(Ref)].reads.push_back(
              {Ref->getBeginLoc(), Ref->getEndLoc(), Visible, Member});
          for (unsigned I = 1; I < Op->getNumArgs(); ++I) walk(Op->getArg(I), Visible);
          return;
        }
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(S))
      if (elementOf(Op) && Op->isPRValue() && Op->getType()->isArithmeticType()) {
        // A View whose elements are handed out by value (const RandomAccess): a read as it is.
        for (unsigned I = 1; I < Op->getNumArgs(); ++I) walk(Op->getArg(I), Visible);
        return;
      }
    if (const auto* M = dyn_cast<MemberExpr>(S))
      if (tracked(M->getBase()) && kShapeQueries.contains(M->getMemberDecl()->getName())) return;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(S)) {
      if (const ValueDecl* V = viewOf(Ref)) Views[V].other = true;
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S);
        Call && !isa<CXXOperatorCallExpr>(Call) && !isa<CXXMemberCallExpr>(Call))
      if (const FunctionDecl* Callee = Call->getDirectCallee(); Callee && passesView(Call))
        if (follow(Call, Callee, Visible)) return;
    if (const auto* M = dyn_cast<MemberExpr>(S); M && throughThis(M)) {
      const ValueDecl* D = M->getMemberDecl();
      if (auto It = Views.find(D); It != Views.end()) It->second.other = true;
      else if (!isa<FieldDecl>(D) && !(isa<VarDecl>(D) && plainValue(D->getType())))
        Escapes = true;  // a member function, which may do anything with the members
      return;
    }
    if (isa<CXXThisExpr>(S)) {
      Escapes = true;
      return;
    }
    for (const Stmt* Child : S->children()) walk(Child, Visible);
  }

private:
  /// Whether an argument of `Call` is a tracked View.
  bool passesView(const CallExpr* Call) const {
    for (const Expr* A : Call->arguments())
      if (viewOf(A)) return true;
    return false;
  }

  /// Walks the body of a function of the user's that the kernel passes Views to, as part of the
  /// kernel: each View passed by value or by const reference is tracked there under its
  /// parameter, and the team member passed along is the member there. False, and nothing walked,
  /// when the function cannot be followed (a member function, a template, variadic, not written
  /// in the analysed file or called elsewhere too, a View taken by non-const reference, no team
  /// member passed): the caller then walks the call as a use like any other.
  bool follow(const CallExpr* Call, const FunctionDecl* Callee, bool Visible) {
    if (Depth >= 4 || isa<CXXMethodDecl>(Callee) || !Callee->hasBody() ||
        Callee->getTemplatedKind() != FunctionDecl::TK_NonTemplate || Callee->isVariadic() ||
        Call->getNumArgs() != Callee->getNumParams() || !Followable(Callee))
      return false;
    std::map<const ValueDecl*, const ValueDecl*> Inner;
    const ParmVarDecl* InnerMember = nullptr;
    std::vector<const Expr*> Others;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr* A = Call->getArg(I);
      const ParmVarDecl* P = Callee->getParamDecl(I);
      const QualType T = P->getType();
      if (const ValueDecl* V = viewOf(A)) {
        if (!isView(T.getNonReferenceType()) ||
            (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()))
          return false;
        Inner[P] = V;
        continue;
      }
      const auto* Ref = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl() == Member && Visible && !P->getName().empty()) InnerMember = P;
      else Others.push_back(A);
    }
    if (!InnerMember) return false;
    for (const Expr* A : Others) walk(A, Visible);
    const ParmVarDecl* OuterMember = Member;
    std::map<const ValueDecl*, const ValueDecl*> OuterAlias = std::move(Alias);
    Member = InnerMember;
    Alias = std::move(Inner);
    ++Depth;
    walk(Callee->getBody(), true);
    --Depth;
    Member = OuterMember;
    Alias = std::move(OuterAlias);
    return true;
  }

  /// The tracked View's name in an element access `v(i, ...)` or `v[i]`, or null.
  const Expr* elementOf(const CXXOperatorCallExpr* Op) const {
    if (Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript) return nullptr;
    if (Op->getNumArgs() < 1) return nullptr;
    return tracked(Op->getArg(0));
  }

  static bool throughThis(const MemberExpr* M) {
    return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
  }

  /// The tracked View an expression names: a captured variable, or a member through `this`
  /// (written or implicit); null otherwise.
  const ValueDecl* viewOf(const Expr* E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto* Copy = dyn_cast<CXXConstructExpr>(E);
        Copy && Copy->getNumArgs() == 1 && Copy->getConstructor()->isCopyOrMoveConstructor())
      E = Copy->getArg(0)->IgnoreParenImpCasts();  // a View passed by value
    const ValueDecl* D = nullptr;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) D = Ref->getDecl();
    else if (const auto* M = dyn_cast<MemberExpr>(E); M && throughThis(M)) D = M->getMemberDecl();
    if (auto It = Alias.find(D); It != Alias.end()) D = It->second;  // a helper's parameter
    return D && Views.count(D) ? D : nullptr;
  }

  /// E without parentheses and implicit nodes when it names a tracked View, else null.
  const Expr* tracked(const Expr* E) const {
    return viewOf(E) ? E->IgnoreParenImpCasts() : nullptr;
  }

  /// Whether the member parameter can be named in an inner lambda's body: it captures by
  /// default or names it, and no parameter of its own hides it.
  bool sees(const LambdaExpr* L) const {
    for (const ParmVarDecl* P : L->getCallOperator()->parameters())
      if (P->getName() == Member->getName()) return false;
    if (L->getCaptureDefault() != LCD_None) return true;
    for (const LambdaCapture& C : L->explicit_captures())
      if (C.capturesVariable() && C.getCapturedVar() == Member) return true;
    return false;
  }

  const ParmVarDecl* Member;  // the team member where the walk is (a helper's parameter there)
  std::function<bool(const FunctionDecl*)> Followable;
  std::map<const ValueDecl*, Uses> Views;
  /// In a helper function (follow): its View parameters, each to the View it was passed.
  std::map<const ValueDecl*, const ValueDecl*> Alias;
  int Depth = 0;
  bool Shadowed = false;
  bool Escapes = false;
};

/// Counts the expressions that name each function (FunctionReferences).
class ReferenceCounter : public RecursiveASTVisitor<ReferenceCounter> {
public:
  explicit ReferenceCounter(llvm::DenseMap<const FunctionDecl*, unsigned>& Counts)
      : Counts(Counts) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr* E) {
    if (const auto* F = dyn_cast<FunctionDecl>(E->getDecl())) ++Counts[F->getCanonicalDecl()];
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl*, unsigned>& Counts;
};

/// How the dispatch's call names a member View F of its functor class (for the overlap check
/// there), or "" when it cannot: `f.F` for a functor variable `f`, or the variable that
/// initialises F in a functor built in the call as an aggregate (`Fill{a, b}`).
std::string memberAtCall(const Expr* Functor, const CXXRecordDecl* RD, const FieldDecl* F) {
  if (F->getAccess() != AS_public && F->getAccess() != AS_none) return "";
  Functor = strip(Functor);
  if (const auto* Ref = dyn_cast_or_null<DeclRefExpr>(Functor)) {
    if (!isa<VarDecl>(Ref->getDecl())) return "";
    return Ref->getDecl()->getName().str() + "." + F->getName().str();
  }
  if (const auto* Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(Functor))
    Functor = Cast->getSubExpr()->IgnoreImplicit();
  const auto* List = dyn_cast_or_null<InitListExpr>(Functor);
  if (!List || RD->getNumBases() != 0 || F->getFieldIndex() >= List->getNumInits()) return "";
  const auto* Ref = dyn_cast_or_null<DeclRefExpr>(strip(List->getInit(F->getFieldIndex())));
  if (!Ref || !isa<VarDecl>(Ref->getDecl())) return "";
  return Ref->getDecl()->getName().str();
}

}  // namespace

/// Whether a DeclRefExpr in `S` names one of `Vars`.
static bool names(const Stmt* S, const llvm::SmallPtrSetImpl<const VarDecl*>& Vars, unsigned& Count) {
  if (!S) return false;
  bool Found = false;
  if (const auto* R = dyn_cast<DeclRefExpr>(S))
    if (const auto* V = dyn_cast<VarDecl>(R->getDecl()); V && Vars.count(V)) {
      Found = true;
      ++Count;
    }
  for (const Stmt* Child : S->children()) Found = names(Child, Vars, Count) || Found;
  return Found;
}

/// The statement of `Block` that holds `E`, or null.
static const Stmt* statementIn(ASTContext& Ctx, const CompoundStmt* Block, const Stmt* E) {
  const Stmt* Current = E;
  for (int Depth = 0; Current && Depth < 64; ++Depth) {
    const auto Parents = Ctx.getParents(*Current);
    if (Parents.empty()) return nullptr;
    const Stmt* Parent = Parents[0].get<Stmt>();
    if (!Parent) return nullptr;
    if (Parent == Block) return Current;
    Current = Parent;
  }
  return nullptr;
}

/// Whether the lambda stored in the local variable `Stored` runs only in `Call`, with the Views it
/// captures as they are at the call: the variable's declaration and the statement of the call
/// are in one block, the variable is named nowhere else in that block, and no statement between
/// the two names it or a captured variable. The read-only path's check (views_apart) reads the
/// Views at the call, and the lambda's reads are rewritten once, for this dispatch.
bool storedForThisCall(ASTContext& Ctx, const VarDecl* Stored, const LambdaExpr* L,
                       const CallExpr* Call) {
  if (!Stored || !Stored->isLocalVarDecl()) return false;
  const auto DeclParents = Ctx.getParents(*Stored);
  const DeclStmt* DS = DeclParents.empty() ? nullptr : DeclParents[0].get<DeclStmt>();
  if (!DS || !DS->isSingleDecl()) return false;
  const auto BlockParents = Ctx.getParents(*DS);
  const CompoundStmt* Block = BlockParents.empty() ? nullptr : BlockParents[0].get<CompoundStmt>();
  if (!Block) return false;
  const Stmt* CallStmt = statementIn(Ctx, Block, Call);
  if (!CallStmt) return false;
  llvm::SmallPtrSet<const VarDecl*, 8> Captured;
  for (const LambdaCapture& C : L->captures())
    if (C.capturesVariable())
      if (const auto* V = dyn_cast<VarDecl>(C.getCapturedVar())) Captured.insert(V);
  llvm::SmallPtrSet<const VarDecl*, 1> Self;
  Self.insert(Stored);
  bool After = false, Reached = false;
  unsigned Uses = 0;
  for (const Stmt* S : Block->body()) {
    if (S == DS) { After = true; continue; }
    if (S == CallStmt) Reached = true;
    unsigned Ignored = 0;
    if (After && !Reached && names(S, Captured, Ignored)) return false;
    names(S, Self, Uses);
  }
  return Reached && Uses == 1;
}

/// Whether RD's objects reach only one dispatch of the file (one instantiation of one call): the
/// reads in its call operator are rewritten once, for that dispatch's team member.
bool dispatchedOnlyOnce(const CXXRecordDecl* RD, const std::vector<DispatchSite>& Instances) {
  unsigned Count = 0;
  for (const DispatchSite& Each : Instances) {
    const Expr* F = strip(Each.functor);
    const CXXRecordDecl* Other = F ? F->getType()->getAsCXXRecordDecl() : nullptr;
    if (Other && Other->getCanonicalDecl() == RD->getCanonicalDecl()) ++Count;
  }
  return Count == 1;
}

unsigned FunctionReferences::count(const FunctionDecl* FD) {
  if (!Counted) {
    ReferenceCounter(Counts).TraverseDecl(Ast.getTranslationUnitDecl());
    Counted = true;
  }
  return Counts.lookup(FD->getCanonicalDecl());
}

void recordViewReads(ASTContext& Ctx, const AnalysedFile& File, const DispatchSite& Site,
                     const std::vector<DispatchSite>& Instances, FunctionReferences& References,
                     ir::Kernel& K) {
  const SourceManager& SM = Ctx.getSourceManager();
  const SourceLocation CallEnd = Site.call->getRParenLoc();
  if (CallEnd.isMacroID() || !File.writtenHere(CallEnd)) return;

  // The functor's body and team member, and the Views it holds with their names at the call.
  const Stmt* Body = nullptr;
  const ParmVarDecl* Member = nullptr;
  std::vector<const ValueDecl*> Held;
  std::map<const ValueDecl*, std::string> AtCall;
  if (const LambdaExpr* L = lambdaOf(Site.functor)) {
    // A lambda written in the call, or stored in a local variable that only this call runs.
    if (!isa<LambdaExpr>(strip(Site.functor))) {
      const auto* Ref = dyn_cast<DeclRefExpr>(strip(Site.functor));
      if (!storedForThisCall(Ctx, Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr, L,
                             Site.call))
        return;
    }
    if (!L->getBody() || inTemplate(L->getLambdaClass()->getDeclContext()) ||
        L->getCallOperator()->getNumParams() != 1)
      return;
    Body = L->getBody();
    Member = L->getCallOperator()->getParamDecl(0);
    for (const LambdaCapture& C : L->captures()) {
      if (!C.capturesVariable() || C.getCaptureKind() != LCK_ByCopy) return;
      const auto* V = dyn_cast<VarDecl>(C.getCapturedVar());
      if (!V || V->isInitCapture()) return;
      if (isView(V->getType())) {
        Held.push_back(V);
        AtCall[V] = V->getName().str();
      } else if (!plainValue(V->getType().getNonReferenceType())) {
        return;
      }
    }
  } else {
    // A functor class outside templates whose one call operator this dispatch runs, holding
    // Views and plain values only, that no other dispatch of the file runs.
    const auto* Op =
        Site.members.size() == 1 ? dyn_cast<CXXMethodDecl>(Site.members[0]) : nullptr;
    if (!Op || !Op->hasBody() || Op->getNumParams() == 0 || Op->isTemplateInstantiation() ||
        Op->getDescribedFunctionTemplate())
      return;
    const CXXRecordDecl* RD = Op->getParent();
    if (!RD || RD->isLambda() || RD->isUnion() || inTemplate(RD) ||
        !dispatchedOnlyOnce(RD, Instances))
      return;
    for (const CXXBaseSpecifier& B : RD->bases())
      if (!plainValue(B.getType())) return;
    for (const FieldDecl* F : RD->fields()) {
      if (F->getType()->isReferenceType()) return;
      if (isView(F->getType())) {
        const std::string Name = memberAtCall(Site.functor, RD, F);
        if (Name.empty()) return;
        Held.push_back(F);
        AtCall[F] = Name;
      } else if (!plainValue(F->getType())) {
        return;
      }
    }
    Body = Op->getBody();
    Member = Op->getParamDecl(Op->getNumParams() - 1);
  }
  if (Member->getName().empty()) return;

  // A function of the user's that the kernel passes Views to is walked as part of it when it is
  // written here and named once in the translation unit (by this kernel's call): its reads are
  // then rewritten for this dispatch alone.
  auto follow = [&](const FunctionDecl* FD) {
    FD = FD->getDefinition();
    return FD && File.writtenHereExpanded(FD->getBeginLoc()) && File.writtenHere(FD->getEndLoc()) &&
           References.count(FD) == 1;
  };
  ViewUses Uses(Member, follow);
  for (const ValueDecl* V : Held) Uses.track(V);
  Uses.walk(Body, true);
  if (Uses.escapes()) return;

  ir::ViewReads R;
  auto writable = [&](SourceLocation Loc) {
    return Loc.isValid() && !Loc.isMacroID() && File.writtenHere(Loc);
  };
  for (const auto& [V, U] : Uses.uses()) {
    if (U.other) {
      R.others.push_back(V->getName().str());
      R.othersAtCall.push_back(AtCall[V]);
      continue;
    }
    bool Rewritable = !U.reads.empty() && !Uses.memberShadowed();
    for (const ViewUses::Read& Read : U.reads)
      Rewritable = Rewritable && Read.memberVisible && !Read.member->getName().empty() &&
                   writable(Read.begin) && writable(Read.end);
    if (!Rewritable) continue;  // read as written; never written, so no View's memory to avoid
    R.readOnly.push_back(V->getName().str());
    R.readOnlyAtCall.push_back(AtCall[V]);
    for (const ViewUses::Read& Read : U.reads) {
      const SourceLocation End = Lexer::getLocForEndOfToken(Read.end, 0, SM, Ctx.getLangOpts());
      R.reads.push_back(
          {SM.getFileOffset(Read.begin), SM.getFileOffset(End), Read.member->getName().str()});
    }
  }
  if (R.readOnly.empty()) return;
  R.member = Member->getName().str();
  R.callEnd = SM.getFileOffset(CallEnd);
  K.viewReads = std::move(R);
}

}  // namespace analysis
}  // namespace hpar
