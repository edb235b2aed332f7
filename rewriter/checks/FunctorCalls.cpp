// How a pattern calls its functor: see FunctorCalls.h.
#include "checks/FunctorCalls.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"
#include "analysis/DispatchFinder.h"
#include "checks/Checks.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hpar {
namespace checks {


/// The rank of a View class (its `rank` enumerator), or -1.
/// A View's rank: the constant `rank` of its `traits` (impl::ViewTraits), or -1 when unknown.
static int viewRank(const CXXRecordDecl* RD) {
  const TypedefNameDecl* Traits = RD ? analysis::memberTypedef(RD, "traits") : nullptr;
  const CXXRecordDecl* T = Traits ? analysis::recordOf(Traits->getUnderlyingType()) : nullptr;
  if (!T || !T->hasDefinition()) return -1;
  for (const NamedDecl* D : T->getDefinition()->lookup(&T->getASTContext().Idents.get("rank")))
    if (const auto* V = dyn_cast<VarDecl>(D))
      if (const APValue* Value = V->evaluateValue(); Value && Value->isInt())
        return (int)Value->getInt().getExtValue();
  return -1;
}

/// Built-in reducers and custom ones (classes with `using reducer = Self;`), as is_reducer says.
static bool isReducer(const CXXRecordDecl* RD) { return RD && analysis::memberTypedef(RD, "reducer"); }

// ---- what a pattern passes --------------------------------------------------------------------

Result describeResult(const Expr* Arg) {
  Result R;
  R.arg = Arg;
  const Expr* E = analysis::strip(Arg);
  QualType T = E->getType();
  const CXXRecordDecl* RD = analysis::recordOf(T);
  if (isReducer(RD)) {
    R.kind = Result::Reducer;
    R.value = analysis::memberType(RD, "value_type");
  } else if (analysis::isView(RD)) {
    R.kind = Result::View;
    R.value = analysis::memberType(RD, "non_const_value_type");
    R.rank = viewRank(RD);
  } else if (T.getCanonicalType()->isPointerType() || T.getCanonicalType()->isArrayType()) {
    R.kind = Result::Pointer;
  } else {
    R.value = analysis::bare(T);
    R.modifiable = E->isLValue() && !T.isConstQualified() && !T.getNonReferenceType().isConstQualified();
  }
  return R;
}

std::string textOf(const ASTContext& Ctx, SourceRange R) {
  const SourceManager& SM = Ctx.getSourceManager();
  CharSourceRange C = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (C.isInvalid()) return "";
  return Lexer::getSourceText(C, SM, Ctx.getLangOpts()).str();
}

std::string typeName(const ASTContext& Ctx, QualType T) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  return T.getAsString(P);
}

// ---- the functor's side ----------------------------------------------------------------------

bool accepts(QualType P, const Argument& A) {
  if (analysis::dependent(P) || A.type.isNull()) return true;
  const bool Ref = P->isReferenceType();
  const QualType Pointee = P.getNonReferenceType();
  const bool MutableRef = P->isLValueReferenceType() && !Pointee.isConstQualified();
  switch (A.kind) {
  case Argument::Tag:
    return analysis::sameType(P, A.type) && !MutableRef;
  case Argument::Index:
    if (MutableRef) return analysis::sameType(Pointee, A.type);
    return Pointee->isArithmeticType() || Pointee->isEnumeralType();
  case Argument::Team:
    return analysis::isTeamMember(P);
  case Argument::Final:
    return !MutableRef && (Pointee->isArithmeticType() || Pointee->isEnumeralType());
  case Argument::Value:
  case Argument::Update:
  case Argument::Single:
    if (A.array) return P->isPointerType() && analysis::sameType(P->getPointeeType(), A.type);
    if (!Ref) return true;  // NotReference, reported apart
    return analysis::sameType(Pointee, A.type) || Pointee.isConstQualified();
  }
  return true;
}

/// Whether an accumulator, update or single value parameter is something other than a non-const
/// lvalue reference (its writes would be lost).
static bool notReference(QualType P, const Argument& A) {
  if (A.kind != Argument::Value && A.kind != Argument::Update && A.kind != Argument::Single)
    return false;
  if (A.array) return false;
  // `auto&& v` is a forwarding reference: it becomes `T&` for the lvalue the pattern passes.
  if (P->isRValueReferenceType() && analysis::dependent(P.getNonReferenceType())) return false;
  if (!P->isLValueReferenceType()) return true;
  return P.getNonReferenceType().isConstQualified();
}

Issue diagnose(const FunctionDecl* F, const PatternCall& Call) {
  Issue I;
  I.fn = F;
  const size_t N = Call.args.size();
  unsigned Required = F->getMinRequiredArguments();
  bool Pack = F->isVariadic() || llvm::any_of(F->parameters(), [](const ParmVarDecl* P) {
                return P->isParameterPack();
              });
  if (N < Required || (N > F->getNumParams() && !Pack)) {
    I.kind = Issue::Arity;
    return I;
  }
  for (size_t K = 0; K < N && K < F->getNumParams(); ++K) {
    const ParmVarDecl* P = F->getParamDecl(K);
    if (P->isParameterPack()) break;
    const Argument& A = Call.args[K];
    I.param = P;
    I.arg = K;
    if (!analysis::dependent(P->getType()) && !accepts(P->getType(), A)) {
      bool Value = A.kind == Argument::Value || A.kind == Argument::Update || A.kind == Argument::Single;
      I.kind = Value && !A.array ? Issue::ValueType : Issue::BadParameter;
      return I;
    }
    if (notReference(P->getType(), A)) {
      I.kind = Issue::NotReference;
      return I;
    }
  }
  I.param = nullptr;
  if (const auto* M = dyn_cast<CXXMethodDecl>(F); M && !M->isConst() && !M->isStatic()) {
    I.kind = Issue::NotConst;
    return I;
  }
  return I;
}

std::vector<const FunctionDecl*> callOperators(const Expr* Functor) {
  std::vector<const FunctionDecl*> Result;
  if (const LambdaExpr* L = analysis::lambdaOf(Functor)) {
    if (L->getCallOperator()) Result.push_back(L->getCallOperator());
    return Result;
  }
  const CXXRecordDecl* RD = analysis::recordOf(Functor->getType());
  if (!RD) return Result;
  if (RD->isLambda()) {
    if (const CXXMethodDecl* M = RD->getLambdaCallOperator()) Result.push_back(M);
    return Result;
  }
  analysis::callOperatorsOfClass(RD, Result);
  return Result;
}

namespace {

/// The walk of reachesFunctorMismatch(), which enters each function once.
class MismatchFinder {
public:
  MismatchFinder(const SourceManager& SM, const frontend::SearchPaths& Paths) : SM(SM), Paths(Paths) {}

  bool reaches(const FunctionDecl* F, unsigned Depth = 0) {
    if (!F || Depth > 24) return false;
    if (analysis::annotationOf(F) == "hpar::functor_mismatch") return true;
    const FunctionDecl* Def = nullptr;
    if (!F->hasBody(Def) || !Def || !Seen.insert(Def).second) return false;
    SourceLocation Loc = SM.getExpansionLoc(Def->getLocation());
    if (!frontend::isLibraryLocation(SM, Paths, Loc) || SM.isInSystemHeader(Loc)) return false;
    return walk(Def->getBody(), Depth);
  }

private:
  bool walk(const Stmt* S, unsigned Depth) {
    if (!S) return false;
    if (const auto* C = dyn_cast<CallExpr>(S))
      if (reaches(C->getDirectCallee(), Depth + 1)) return true;
    for (const Stmt* Child : S->children())
      if (walk(Child, Depth)) return true;
    return false;
  }

  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  llvm::SmallPtrSet<const FunctionDecl*, 32> Seen;
};

}  // namespace

bool reachesFunctorMismatch(const FunctionDecl* F, const SourceManager& SM,
                            const frontend::SearchPaths& Paths) {
  return MismatchFinder(SM, Paths).reaches(F);
}

}  // namespace checks
}  // namespace hpar
