// How a pattern calls its functor: see FunctorCalls.h.
#include "analysis/FunctorCalls.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"
#include "analysis/SourceRanges.h"
#include "analysis/TeamCode.h"
#include "analysis/Types.h"
#include "ir/Naming.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hpar {
namespace analysis {

/// A View's rank: the constant `rank` of its `traits` (impl::ViewTraits), or -1 when unknown.
static int viewRank(const CXXRecordDecl* RD) {
  const TypedefNameDecl* Traits = RD ? memberTypedef(RD, "traits") : nullptr;
  const CXXRecordDecl* T = Traits ? recordOf(Traits->getUnderlyingType()) : nullptr;
  if (!T || !T->hasDefinition()) return -1;
  for (const NamedDecl* D : T->getDefinition()->lookup(&T->getASTContext().Idents.get("rank")))
    if (const auto* V = dyn_cast<VarDecl>(D))
      if (const APValue* Value = V->evaluateValue(); Value && Value->isInt())
        return (int)Value->getInt().getExtValue();
  return -1;
}

/// Built-in reducers and custom ones (classes with `using reducer = Self;`), as is_reducer says.
static bool isReducer(const CXXRecordDecl* RD) { return RD && memberTypedef(RD, "reducer"); }

// ---- what a pattern passes --------------------------------------------------------------------

Result describeResult(const Expr* Arg, const ASTContext& Ctx) {
  Result R;
  R.text = textOf(Ctx, Arg->getSourceRange());
  R.loc = Arg->getBeginLoc();
  R.range = Arg->getSourceRange();
  const Expr* E = strip(Arg);
  QualType T = E->getType();
  const CXXRecordDecl* RD = recordOf(T);
  if (isReducer(RD)) {
    R.kind = Result::Reducer;
    R.value = memberType(RD, "value_type");
  } else if (isView(RD)) {
    R.kind = Result::View;
    R.value = memberType(RD, "non_const_value_type");
    R.rank = viewRank(RD);
  } else if (T.getCanonicalType()->isPointerType() || T.getCanonicalType()->isArrayType()) {
    R.kind = Result::Pointer;
  } else {
    R.value = bare(T);
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
  if (dependent(P) || A.type.isNull()) return true;
  const bool Ref = P->isReferenceType();
  const QualType Pointee = P.getNonReferenceType();
  const bool MutableRef = P->isLValueReferenceType() && !Pointee.isConstQualified();
  switch (A.kind) {
  case Argument::Tag:
    return sameType(P, A.type) && !MutableRef;
  case Argument::Index:
    if (MutableRef) return sameType(Pointee, A.type);
    return Pointee->isArithmeticType() || Pointee->isEnumeralType();
  case Argument::Team:
    return isTeamMember(P);
  case Argument::Final:
    return !MutableRef && (Pointee->isArithmeticType() || Pointee->isEnumeralType());
  case Argument::Value:
  case Argument::Update:
  case Argument::Single:
    if (A.array) return P->isPointerType() && sameType(P->getPointeeType(), A.type);
    if (!Ref) return true;  // NotReference, reported apart
    return sameType(Pointee, A.type) || Pointee.isConstQualified();
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
  if (P->isRValueReferenceType() && dependent(P.getNonReferenceType())) return false;
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
    if (!dependent(P->getType()) && !accepts(P->getType(), A)) {
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
  if (const LambdaExpr* L = lambdaOf(Functor)) {
    if (L->getCallOperator()) Result.push_back(L->getCallOperator());
    return Result;
  }
  const CXXRecordDecl* RD = recordOf(Functor->getType());
  if (!RD) return Result;
  if (RD->isLambda()) {
    if (const CXXMethodDecl* M = RD->getLambdaCallOperator()) Result.push_back(M);
    return Result;
  }
  callOperatorsOfClass(RD, Result);
  return Result;
}

namespace {

/// The walk of reachesFunctorMismatch(), which enters each function once.
class MismatchFinder {
public:
  MismatchFinder(const SourceManager& SM, const frontend::SearchPaths& Paths) : SM(SM), Paths(Paths) {}

  bool reaches(const FunctionDecl* F, unsigned Depth = 0) {
    if (!F || Depth > 24) return false;
    if (annotationOf(F) == "hpar::functor_mismatch") return true;
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

// ---- the findings -----------------------------------------------------------------------------

namespace {

/// Builds the findings: each dispatch's and nested pattern's call, stopped where a result cannot
/// fit, and its call operators judged.
class CallModeller {
public:
  CallModeller(ASTContext& Ctx, const frontend::SearchPaths& Paths, const ir::TranslationUnit& TU)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Paths), TU(TU) {}

  /// One instantiation of a dispatch; false when it has no functor call to model.
  bool dispatch(const DispatchSite& Site, FunctorCallFinding& F) {
    const ir::Kernel& K = TU.kernels[Site.kernel];
    const unsigned PolicyArg = K.hasLabel ? 1 : 0;
    if (!Site.call || Site.call->getNumArgs() < PolicyArg + 2) return false;
    const Expr* Policy = strip(Site.call->getArg(PolicyArg));
    const CXXRecordDecl* PolicyRD = recordOf(Policy->getType());

    PatternCall& Call = F.call;
    Call.pattern = ir::patternName(K.pattern);
    Call.kernel = K.name;
    QualType Tag = K.hasWorkTag ? memberType(PolicyRD, "work_tag") : QualType();
    // An integral count is RangePolicy<>, whose index type is int64_t.
    QualType Index = PolicyRD ? memberType(PolicyRD, "index_type") : Ctx.getIntTypeForBitwidth(64, true);
    std::string TagName = Tag.isNull() ? "" : typeName(Ctx, Tag);
    if (!Tag.isNull()) Call.args.push_back({Argument::Tag, Tag, false, TagName});
    switch (K.policy) {
    case ir::PolicyKind::Range:
      Call.over = TagName.empty() ? "RangePolicy" : "RangePolicy<" + TagName + ">";
      Call.args.push_back({Argument::Index, Index, false, "i"});
      break;
    case ir::PolicyKind::MDRange:
      Call.over = "MDRangePolicy<Rank<" + std::to_string(K.rank) + ">" +
                  (TagName.empty() ? "" : ", " + TagName) + ">";
      for (int D = 0; D < K.rank; ++D)
        Call.args.push_back({Argument::Index, Index, false, "i" + std::to_string(D)});
      break;
    case ir::PolicyKind::Team:
      Call.over = TagName.empty() ? "TeamPolicy" : "TeamPolicy<" + TagName + ">";
      Call.args.push_back({Argument::Team, memberType(PolicyRD, "member_type"), false, "team"});
      break;
    }
    for (unsigned A = PolicyArg + 2; A < Site.call->getNumArgs(); ++A)
      Call.results.push_back(describeResult(Site.call->getArg(A), Ctx));

    F.mismatch = reachesFunctorMismatch(Site.call->getDirectCallee(), SM, Paths);
    F.dispatchLoc = Site.call->getBeginLoc();
    F.dispatchRange = Site.call->getSourceRange();
    const CXXRecordDecl* FunctorRD = recordOf(strip(Site.functor)->getType());
    if (FunctorRD) F.reducingClass = FunctorRD->getNameAsString();
    if (K.pattern == ir::Pattern::Reduce && !addReduceValues(F, FunctorRD)) return true;
    if (K.pattern == ir::Pattern::Scan && !addScanValues(F, Site.functor, FunctorRD)) return true;
    // The operator() the dispatch calls, as analysis read it from the header's instantiation
    // (calledMembers): where the functor fits, the one whose accumulator to judge.
    std::vector<const FunctionDecl*> Called;
    for (const FunctionDecl* Fn : functorEntries(Site))
      if (Fn->getOverloadedOperator() == OO_Call) Called.push_back(Fn);
    judge(F, Site.functor, F.mismatch ? nullptr : &Called);
    return true;
  }

  /// A nested pattern: over TeamThreadRange and the others, their MDRange forms, and single.
  bool nested(const CallExpr* Nested, const std::string& Kernel, FunctorCallFinding& F) {
    std::optional<NestedPattern> P = nestedPatternOf(Nested);
    if (!P) return false;
    PatternCall& Call = F.call;
    Call.nested = true;
    Call.kernel = Kernel;
    Call.pattern = P->pattern;
    F.dispatchLoc = Nested->getBeginLoc();
    F.dispatchRange = Nested->getSourceRange();
    const Expr* Closure = P->closure;
    if (P->isSingle()) {
      Call.over = P->single == NestedPattern::Single::PerTeam ? "PerTeam" : "PerThread";
      if (Nested->getNumArgs() > 2) {
        QualType V = bare(Nested->getArg(2)->getType());
        Call.args.push_back({Argument::Single, V, false, "value&"});
      }
      F.mismatch = reachesFunctorMismatch(Nested->getDirectCallee(), SM, Paths);
      judge(F, Closure);
      return true;
    }
    const NestedRangeKind& Kind = P->range;
    Call.over = Kind.name();
    if (Kind.md) {
      for (int D = 0; D < Kind.rank; ++D)
        Call.args.push_back({Argument::Index, Ctx.IntTy, false, "i" + std::to_string(D)});
    } else {
      QualType Index = memberType(recordOf(strip(Nested->getArg(0))->getType()), "index_type");
      Call.args.push_back({Argument::Index, Index, false, "i"});
    }
    for (unsigned K = 2; K < Nested->getNumArgs(); ++K)
      Call.results.push_back(describeResult(Nested->getArg(K), Ctx));
    F.mismatch = reachesFunctorMismatch(Nested->getDirectCallee(), SM, Paths);
    if (P->pattern == "parallel_reduce") {
      // Each result is a reducer or a scalar summed into (the nested form takes no View).
      for (size_t K = 0; K < Call.results.size(); ++K)
        Call.args.push_back({Argument::Value, Call.results[K].value, false,
                             Call.results.size() == 1 ? "value&" : "value" + std::to_string(K) + "&"});
    } else if (P->pattern == "parallel_scan" && !addScanValues(F, Closure, nullptr)) {
      return true;
    }
    judge(F, Closure);
    return true;
  }

private:
  /// The accumulator arguments of a parallel_reduce, as make_reduce_spec chooses them; stops
  /// (and returns false) at results that cannot hold the functor's value.
  bool addReduceValues(FunctorCallFinding& F, const CXXRecordDecl* FunctorRD) {
    PatternCall& Call = F.call;
    const bool Mismatch = F.mismatch;
    QualType Declared = memberType(FunctorRD, "value_type");
    const size_t N = Call.results.size();
    if (N == 0) {
      if (Declared.isNull()) {
        F.stop = Mismatch ? FunctorCallFinding::Stop::NoResult : FunctorCallFinding::Stop::Silent;
        return false;
      }
      addFunctorValue(Call, Declared, FunctorRD);
      return true;
    }
    const Result& R0 = Call.results[0];
    // As functor_defines_reduction: a value_type, or init / join over the result's value type
    // (which a pointer result does not have).
    const bool FunctorDefined =
        N == 1 && R0.kind != Result::Reducer &&
        (!Declared.isNull() ||
         (R0.kind != Result::Pointer && (hasReductionHook(FunctorRD, "join") || hasReductionHook(FunctorRD, "init"))));
    if (FunctorDefined) {
      QualType V = Declared.isNull() ? R0.value : Declared;
      if (V.isNull()) {  // init/join over a pointer result: nothing to compare
        Call.args.push_back({Argument::Value, V, false, "value&"});
        return true;
      }
      QualType Element = bare(V->isArrayType() ? QualType(V->getArrayElementTypeNoTypeQual(), 0) : V);
      if (Mismatch && R0.kind != Result::Pointer && !R0.value.isNull() && !sameType(R0.value, Element)) {
        F.stop = FunctorCallFinding::Stop::ResultNotFunctorValue;
        F.value = Element;
        if (const TypedefNameDecl* T = memberTypedef(FunctorRD, "value_type")) F.valueTypeLoc = T->getLocation();
        return false;
      }
      addFunctorValue(Call, V, Declared.isNull() ? nullptr : FunctorRD);
      return true;
    }
    for (size_t K = 0; K < N; ++K) {
      const Result& R = Call.results[K];
      if (Mismatch && !reducible(R)) {
        F.stop = FunctorCallFinding::Stop::ResultNotWritable;
        F.result = K;
        return false;
      }
      Call.args.push_back({Argument::Value, R.value, false,
                           N == 1 ? "value&" : "value" + std::to_string(K) + "&"});
    }
    return true;
  }

  /// Whether a result can become a reducer (as_reducer): a rank-0 View, a modifiable scalar, a
  /// reducer.
  static bool reducible(const Result& R) {
    return !(R.kind == Result::View && R.rank != 0) && !(R.kind == Result::Scalar && !R.modifiable) &&
           R.kind != Result::Pointer;
  }

  /// The accumulator of a reduction the functor defines: value_type&, or a pointer to the
  /// elements of an array value_type.
  static void addFunctorValue(PatternCall& Call, QualType V, const CXXRecordDecl* Declaring) {
    if (Declaring) Call.functorValue = V;
    if (V->isArrayType())
      Call.args.push_back({Argument::Value, QualType(V->getArrayElementTypeNoTypeQual(), 0), true, "value[]"});
    else
      Call.args.push_back({Argument::Value, V, false, "value&"});
  }

  /// The update and final arguments of a parallel_scan, and its value type: the functor's
  /// value_type, else the update parameter of a non-generic call operator, else the total's
  /// type (scan_spec.hpp, nested.hpp); stops at a total of another type.
  bool addScanValues(FunctorCallFinding& F, const Expr* Functor, const CXXRecordDecl* FunctorRD) {
    PatternCall& Call = F.call;
    QualType V = Call.nested ? QualType() : memberType(FunctorRD, "value_type");
    Call.functorValue = V;
    const ParmVarDecl* UpdateParam = nullptr;
    if (V.isNull()) {
      std::vector<const FunctionDecl*> Ops = callOperators(Functor);
      const size_t Position = Call.args.size();  // after the tag and the index
      if (Ops.size() == 1 && !Ops[0]->getDescribedFunctionTemplate() &&
          Ops[0]->getNumParams() > Position) {
        UpdateParam = Ops[0]->getParamDecl(Position);
        if (!dependent(UpdateParam->getType())) V = bare(UpdateParam->getType());
      }
    }
    if (!Call.results.empty()) {
      const Result& Total = Call.results[0];
      if (V.isNull()) {
        V = Total.value;
      } else if (F.mismatch && !Total.value.isNull() && !sameType(Total.value, V)) {
        F.stop = FunctorCallFinding::Stop::ScanTotalType;
        F.value = V;
        if (UpdateParam) {
          F.updateLoc = UpdateParam->getLocation();
          F.updateRange = UpdateParam->getSourceRange();
        }
        return false;
      }
    }
    Call.args.push_back({Argument::Update, V, false, "update&"});
    Call.args.push_back({Argument::Final, Ctx.BoolTy, false, "bool final"});
    return true;
  }

  /// The functor's call operators, each judged against the call. `Called`, when given and not
  /// empty, is the operator() the pattern calls, which is the only one judged.
  void judge(FunctorCallFinding& F, const Expr* Functor,
             const std::vector<const FunctionDecl*>* Called = nullptr) {
    const PatternCall& Call = F.call;
    std::vector<const FunctionDecl*> Ops = Called && !Called->empty() ? *Called : callOperators(Functor);
    const CXXRecordDecl* RD = recordOf(Functor->getType());
    F.lambda = lambdaOf(Functor) != nullptr || (RD && RD->isLambda());
    if (RD) F.className = RD->getNameAsString();
    F.functorLoc = Functor->getBeginLoc();
    F.functorRange = functorRange(Functor);
    const bool Tagged = !Call.args.empty() && Call.args[0].kind == Argument::Tag;
    for (const FunctionDecl* Fn : Ops) {
      CallOperatorFit Fit;
      Fit.fn = Fn;
      Fit.lambdaBody = isLambdaBody(Fn);
      Fit.parameterCount = Fn->getNumParams();
      Fit.parameters = parameters(Fn);
      Fit.nameLoc = Fn->getLocation();
      if (Fn->getNumParams() > 0)
        Fit.parametersRange = SourceRange(Fn->getParamDecl(0)->getBeginLoc(),
                                          Fn->getParamDecl(Fn->getNumParams() - 1)->getEndLoc());
      Fit.takesTag = Tagged && Fn->getNumParams() > 0 && accepts(Fn->getParamDecl(0)->getType(), Call.args[0]);
      Fit.issue = diagnose(Fn, Call);
      if (const ParmVarDecl* P = Fit.issue.param) {
        Fit.issueParameter = paramText(P);
        Fit.issueParameterType = bare(P->getType());
        Fit.issueParameterLoc = P->getLocation();
        Fit.issueParameterRange = P->getSourceRange();
      }
      fixPlaces(Fit);
      F.operators.push_back(std::move(Fit));
    }
  }

  /// Where the mechanical fixes of a call operator insert their text.
  void fixPlaces(CallOperatorFit& Fit) const {
    const FunctionDecl* Fn = Fit.fn;
    auto EndOf = [&](SourceLocation L) {
      SourceLocation End = Lexer::getLocForEndOfToken(L, 0, SM, Ctx.getLangOpts());
      return End.isValid() && !End.isMacroID() ? End : SourceLocation();
    };
    if (Fn->getNumParams() > 0) Fit.afterParameters = EndOf(Fn->getParamDecl(Fn->getNumParams() - 1)->getEndLoc());
    if (!Fit.lambdaBody)
      if (TypeSourceInfo* TSI = Fn->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>())
          Fit.afterParameterList = EndOf(FTL.getRParenLoc());
    if (const ParmVarDecl* P = Fit.issue.param; P && !P->getType()->isReferenceType())
      if (TypeSourceInfo* TSI = P->getTypeSourceInfo())
        Fit.afterParameterType = EndOf(TSI->getTypeLoc().getEndLoc());
  }

  /// A parameter as written ("const int i"), or its type and name.
  std::string paramText(const ParmVarDecl* P) const {
    std::string T = textOf(Ctx, P->getSourceRange());
    if (!T.empty()) return T;
    return typeName(Ctx, P->getType()) + (P->getName().empty() ? "" : " " + P->getName().str());
  }

  /// A function's parameter list as written: "(int i, double& sum)".
  std::string parameters(const FunctionDecl* F) const {
    std::string S = "(";
    for (unsigned K = 0; K < F->getNumParams(); ++K) S += (K ? ", " : "") + paramText(F->getParamDecl(K));
    return S + ")";
  }

  /// The range an error about a functor underlines: a lambda written in place up to the end of
  /// its parameter list (its body can be long), anything else as written.
  static SourceRange functorRange(const Expr* Functor) {
    const auto* L = dyn_cast<LambdaExpr>(strip(Functor));
    if (!L) return Functor->getSourceRange();
    SourceLocation End = L->getIntroducerRange().getEnd();
    if (const CXXMethodDecl* M = L->getCallOperator(); M && L->hasExplicitParameters())
      if (TypeSourceInfo* TSI = M->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>(); FTL && FTL.getRParenLoc().isValid())
          End = FTL.getRParenLoc();
    return SourceRange(L->getBeginLoc(), End);
  }

  ASTContext& Ctx;
  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  const ir::TranslationUnit& TU;
};

/// The nested pattern calls of the analysed file: in functions, in every instantiation of a template,
/// and in the instantiations of generic lambdas (whose patterns have no resolved callee).
class NestedCalls : public RecursiveASTVisitor<NestedCalls> {
public:
  explicit NestedCalls(const AnalysedFile& File) : File(File) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(CallExpr* Call) {
    if (!nestedPatternOf(Call)) return true;
    if (!File.isUserCode(Call->getBeginLoc()) || !Seen.insert(Call).second) return true;
    Calls.push_back(Call);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr* L) {
    if (const FunctionTemplateDecl* T = L->getDependentCallOperator())
      for (FunctionDecl* S : T->specializations())
        if (S->hasBody() && SeenFn.insert(S).second) TraverseStmt(S->getBody());
    return true;
  }

  std::vector<const CallExpr*> Calls;

private:
  const AnalysedFile& File;
  llvm::SmallPtrSet<const CallExpr*, 32> Seen;
  llvm::SmallPtrSet<const FunctionDecl*, 16> SeenFn;
};

}  // namespace

std::vector<FunctorCallFinding> readFunctorCalls(ASTContext& Ctx, const AnalysedFile& File,
                                                 const Dispatches& Found,
                                                 const ir::TranslationUnit& TU) {
  const SourceManager& SM = Ctx.getSourceManager();
  std::vector<FunctorCallFinding> Calls;
  CallModeller Model(Ctx, File.paths(), TU);
  /// The expansion of a functor's start, which tells the functors apart.
  auto KeyOf = [&](const Expr* Functor) { return SM.getExpansionLoc(Functor->getBeginLoc()); };

  for (const DispatchSite& Site : Found.instances) {
    if (!Site.call || !Site.functor) continue;
    FunctorCallFinding F;
    if (!Model.dispatch(Site, F)) continue;
    F.functorKey = KeyOf(Site.functor);
    Calls.push_back(std::move(F));
  }

  NestedCalls Finder(File);
  for (Decl* D : Ctx.getTranslationUnitDecl()->noload_decls()) {  // as in analysis
    if (!File.writtenHereExpanded(D->getBeginLoc())) continue;
    Finder.TraverseDecl(D);
  }
  // The functors of the kernels, to name the kernel whose functor holds a nested call.
  OuterRanges Functors(File);
  for (const DispatchSite& Site : Found.sites) {
    if (!Site.functor) continue;
    SourceRange R = Site.functor->getSourceRange();
    if (const LambdaExpr* L = lambdaOf(Site.functor)) R = L->getSourceRange();
    Functors.add(R, Site.kernel);
  }
  for (const CallExpr* Nested : Finder.Calls) {
    std::string Kernel;
    if (auto K = Functors.containing(Nested->getBeginLoc())) Kernel = TU.kernels[*K].name;
    FunctorCallFinding F;
    if (!Model.nested(Nested, Kernel, F)) continue;
    F.functorKey = KeyOf(Nested->getArg(1));
    Calls.push_back(std::move(F));
  }
  return Calls;
}


}  // namespace analysis
}  // namespace hpar
