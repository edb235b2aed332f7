// Rule family "signatures": a functor must take what its pattern calls it with.
//
//   hpar-functor-signature   the functor's parameters do not fit the pattern and policy (count,
//                            index / team member / final types, an accumulator or update that is
//                            not a non-const reference, a call operator that is not const)
//   hpar-functor-tag         the policy has a work tag and no operator() takes it first
//   hpar-reduce-result-type  a reduction result (or scan total) whose type is not the functor's
//                            value type, or a result a reduction cannot write
//
// Who decides. While hpar-translate parses, every pattern body of the header that calls a functor
// is guarded (HPAR_IMPL_IF_FITS, include/hpar/impl/functor_traits.hpp): when the functor cannot
// be called with the pattern's arguments, or the results do not fit the functor's value type,
// the body calls hpar::impl::functor_mismatch() instead of being instantiated, so the parse has
// no template errors. The compiler is therefore the judge of what fits; this file finds that
// call below each dispatch (and below each nested pattern) and explains the mismatch from the
// AST (FunctorCalls.h): which argument, which parameter, which type. Two rules go beyond what the
// compiler rejects, because the code compiles but loses the functor's contributions: an
// accumulator (reduce) or update (scan) parameter that is not a non-const reference.
//
// A top-level lambda whose call operator is not const (a mutable lambda) is family 1's
// (hpar-mutable-lambda); here only nested closures and class functors are told so.
#include "analysis/SourceRanges.h"
#include "checks/Checks.h"
#include "checks/FunctorCalls.h"
#include "analysis/TeamCode.h"
#include "ir/Naming.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>
#include <vector>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

// ---- the rule --------------------------------------------------------------------------------

class Checker {
public:
  explicit Checker(CheckContext& C)
      : C(C), Ctx(C.ast), SM(C.ast.getSourceManager()) {}

  void checkSite(const analysis::DispatchSite& Site) {
    const ir::Kernel& K = C.tu.kernels[Site.kernel];
    const unsigned PolicyArg = K.hasLabel ? 1 : 0;
    if (!Site.call || Site.call->getNumArgs() < PolicyArg + 2) return;
    const Expr* Policy = analysis::strip(Site.call->getArg(PolicyArg));
    const CXXRecordDecl* PolicyRD = analysis::recordOf(Policy->getType());

    PatternCall Call;
    Call.pattern = ir::patternName(K.pattern);
    Call.kernel = K.name;
    QualType Tag = K.hasWorkTag ? analysis::memberType(PolicyRD, "work_tag") : QualType();
    // An integral count is RangePolicy<>, whose index type is int64_t.
    QualType Index = PolicyRD ? analysis::memberType(PolicyRD, "index_type") : Ctx.getIntTypeForBitwidth(64, true);
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
      Call.args.push_back({Argument::Team, analysis::memberType(PolicyRD, "member_type"), false, "team"});
      break;
    }
    for (unsigned A = PolicyArg + 2; A < Site.call->getNumArgs(); ++A)
      Call.results.push_back(describeResult(Site.call->getArg(A)));

    const bool Mismatch = reachesFunctorMismatch(Site.call->getDirectCallee(), SM, C.paths);
    const CXXRecordDecl* FunctorRD = analysis::recordOf(analysis::strip(Site.functor)->getType());
    if (K.pattern == ir::Pattern::Reduce && !addReduceValues(Call, Site.call, FunctorRD, Mismatch))
      return;
    if (K.pattern == ir::Pattern::Scan && !addScanValues(Call, Site.functor, FunctorRD, Mismatch))
      return;
    // The operator() the dispatch calls, as analysis read it from the header's instantiation
    // (analysis::calledMembers): where the functor fits, the one whose accumulator to judge.
    std::vector<const FunctionDecl*> Called;
    for (const FunctionDecl* F : analysis::functorEntries(Site))
      if (F->getOverloadedOperator() == OO_Call) Called.push_back(F);
    checkCall(Call, Site.functor, Mismatch, Mismatch ? nullptr : &Called);
  }

  /// Nested patterns: over TeamThreadRange and the others, their MDRange forms, and single.
  void checkNested(const CallExpr* Nested, const std::string& Kernel) {
    std::optional<analysis::NestedPattern> P = analysis::nestedPatternOf(Nested);
    if (!P) return;
    PatternCall Call;
    Call.nested = true;
    Call.kernel = Kernel;
    Call.pattern = P->pattern;
    const Expr* Closure = P->closure;
    if (P->isSingle()) {
      Call.over = P->single == analysis::NestedPattern::Single::PerTeam ? "PerTeam" : "PerThread";
      if (Nested->getNumArgs() > 2) {
        QualType V = analysis::bare(Nested->getArg(2)->getType());
        Call.args.push_back({Argument::Single, V, false, "value&"});
      }
      checkCall(Call, Closure, reachesFunctorMismatch(Nested->getDirectCallee(), SM, C.paths));
      return;
    }
    const analysis::NestedRangeKind& Kind = P->range;
    Call.over = Kind.name();
    if (Kind.md) {
      for (int D = 0; D < Kind.rank; ++D)
        Call.args.push_back({Argument::Index, Ctx.IntTy, false, "i" + std::to_string(D)});
    } else {
      QualType Index = analysis::memberType(analysis::recordOf(analysis::strip(Nested->getArg(0))->getType()), "index_type");
      Call.args.push_back({Argument::Index, Index, false, "i"});
    }
    for (unsigned K = 2; K < Nested->getNumArgs(); ++K)
      Call.results.push_back(describeResult(Nested->getArg(K)));
    const bool Mismatch = reachesFunctorMismatch(Nested->getDirectCallee(), SM, C.paths);
    if (P->pattern == "parallel_reduce") {
      // Each result is a reducer or a scalar summed into (the nested form takes no View).
      for (size_t K = 0; K < Call.results.size(); ++K)
        Call.args.push_back({Argument::Value, Call.results[K].value, false,
                             Call.results.size() == 1 ? "value&" : "value" + std::to_string(K) + "&"});
    } else if (P->pattern == "parallel_scan" && !addScanValues(Call, Closure, nullptr, Mismatch)) {
      return;
    }
    checkCall(Call, Closure, Mismatch);
  }

private:
  /// The accumulator arguments of a parallel_reduce, as make_reduce_spec chooses them; reports
  /// (and returns false for) results that cannot hold the functor's value.
  bool addReduceValues(PatternCall& Call, const CallExpr* Dispatch, const CXXRecordDecl* FunctorRD,
                       bool Mismatch) {
    QualType Declared = analysis::memberType(FunctorRD, "value_type");
    const size_t N = Call.results.size();
    if (N == 0) {
      if (Declared.isNull()) {
        if (Mismatch)
          C.report.report(diag::CheckId::ReduceResultType, at(Dispatch->getBeginLoc()),
                          "parallel_reduce of kernel '" + Call.kernel +
                              "' has no result argument, and its functor declares no value_type; "
                              "pass the result (a variable, a View or a reducer) after the functor")
              << span(Dispatch->getSourceRange());
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
         (R0.kind != Result::Pointer && (analysis::hasReductionHook(FunctorRD, "join") || analysis::hasReductionHook(FunctorRD, "init"))));
    if (FunctorDefined) {
      QualType V = Declared.isNull() ? R0.value : Declared;
      if (V.isNull()) {  // init/join over a pointer result: nothing to compare
        Call.args.push_back({Argument::Value, V, false, "value&"});
        return true;
      }
      QualType Element = analysis::bare(V->isArrayType() ? QualType(V->getArrayElementTypeNoTypeQual(), 0) : V);
      if (Mismatch && R0.kind != Result::Pointer && !R0.value.isNull() && !analysis::sameType(R0.value, Element)) {
        reportValueTypeOfFunctor(Call, R0, Element, FunctorRD);
        return false;
      }
      addFunctorValue(Call, V, Declared.isNull() ? nullptr : FunctorRD);
      return true;
    }
    for (size_t K = 0; K < N; ++K) {
      const Result& R = Call.results[K];
      if (Mismatch && !resultWritable(Call, R)) return false;
      Call.args.push_back({Argument::Value, R.value, false,
                           N == 1 ? "value&" : "value" + std::to_string(K) + "&"});
    }
    return true;
  }

  /// The accumulator of a reduction the functor defines: value_type&, or a pointer to the
  /// elements of an array value_type.
  void addFunctorValue(PatternCall& Call, QualType V, const CXXRecordDecl* Declaring) {
    if (Declaring) Call.functorValue = V;
    if (V->isArrayType())
      Call.args.push_back({Argument::Value, QualType(V->getArrayElementTypeNoTypeQual(), 0), true, "value[]"});
    else
      Call.args.push_back({Argument::Value, V, false, "value&"});
  }

  /// Whether a result can become a reducer (as_reducer); reports it when not.
  bool resultWritable(const PatternCall& Call, const Result& R) {
    std::string What = textOf(Ctx, R.arg->getSourceRange());
    std::string Why;
    if (R.kind == Result::View && R.rank != 0)
      Why = "is a View of rank " + std::to_string(R.rank) + "; a View result must have rank 0";
    else if (R.kind == Result::Scalar && !R.modifiable)
      Why = "is not a modifiable lvalue; pass a variable, a rank-0 View or a reducer";
    else if (R.kind == Result::Pointer)
      Why = "is a pointer or an array, which only a functor with an array value_type can fill";
    if (Why.empty()) return true;
    C.report.report(diag::CheckId::ReduceResultType, at(R.arg->getBeginLoc()),
                    Call.pattern + " result '" + What + "' of kernel '" + Call.kernel + "' " + Why)
        << span(R.arg->getSourceRange());
    return false;
  }

  /// A result of another type than the value_type of the functor that defines the reduction.
  void reportValueTypeOfFunctor(const PatternCall& Call, const Result& R, QualType V,
                                const CXXRecordDecl* FunctorRD) {
    std::string What = textOf(Ctx, R.arg->getSourceRange());
    std::string Holds = R.kind == Result::View ? "is a View of '" + typeName(Ctx, R.value) + "'"
                                               : "has type '" + typeName(Ctx, R.value) + "'";
    C.report.report(diag::CheckId::ReduceResultType, at(R.arg->getBeginLoc()),
                    Call.pattern + " result '" + What + "' " + Holds + ", but the functor '" +
                        (FunctorRD ? FunctorRD->getNameAsString() : std::string("?")) +
                        "' of kernel '" + Call.kernel + "' reduces '" + typeName(Ctx, V) +
                        "'; the result must have the functor's value_type")
        << span(R.arg->getSourceRange());
    if (const TypedefNameDecl* T = analysis::memberTypedef(FunctorRD, "value_type"))
      C.report.note(at(T->getLocation()), "value_type declared here");
  }

  /// The update and final arguments of a parallel_scan, and its value type: the functor's
  /// value_type, else the update parameter of a non-generic call operator, else the total's
  /// type (scan_spec.hpp, nested.hpp); reports a total of another type.
  bool addScanValues(PatternCall& Call, const Expr* Functor, const CXXRecordDecl* FunctorRD,
                     bool Mismatch) {
    QualType V = Call.nested ? QualType() : analysis::memberType(FunctorRD, "value_type");
    Call.functorValue = V;
    const ParmVarDecl* UpdateParam = nullptr;
    if (V.isNull()) {
      std::vector<const FunctionDecl*> Ops = callOperators(Functor);
      const size_t Position = Call.args.size();  // after the tag and the index
      if (Ops.size() == 1 && !Ops[0]->getDescribedFunctionTemplate() &&
          Ops[0]->getNumParams() > Position) {
        UpdateParam = Ops[0]->getParamDecl(Position);
        if (!analysis::dependent(UpdateParam->getType())) V = analysis::bare(UpdateParam->getType());
      }
    }
    if (!Call.results.empty()) {
      const Result& Total = Call.results[0];
      if (V.isNull()) {
        V = Total.value;
      } else if (Mismatch && !Total.value.isNull() && !analysis::sameType(Total.value, V)) {
        std::string Whose = Call.nested ? "the closure" : "the functor";
        if (!Call.kernel.empty()) Whose += (Call.nested ? " in kernel '" : " of kernel '") + Call.kernel + "'";
        C.report.report(diag::CheckId::ReduceResultType, at(Total.arg->getBeginLoc()),
                        Call.pattern + " total '" + textOf(Ctx, Total.arg->getSourceRange()) +
                            "' has type '" + typeName(Ctx, Total.value) + "', but " + Whose +
                            " scans '" + typeName(Ctx, V) + "'; the total must have the scan's value type")
            << span(Total.arg->getSourceRange());
        if (UpdateParam)
          C.report.note(at(UpdateParam->getLocation()), "the scan's value type is that of this update parameter")
              << span(UpdateParam->getSourceRange());
        return false;
      }
    }
    Call.args.push_back({Argument::Update, V, false, "update&"});
    Call.args.push_back({Argument::Final, Ctx.BoolTy, false, "bool final"});
    return true;
  }

  /// Explains why the functor does not fit `Call` (when the header says it does not), or flags
  /// an accumulator or update that is not a non-const reference (when it does). `Called`, when
  /// given and not empty, is the operator() the pattern calls, which is the only one judged.
  void checkCall(const PatternCall& Call, const Expr* Functor, bool Mismatch,
                 const std::vector<const FunctionDecl*>* Called = nullptr) {
    std::vector<const FunctionDecl*> Ops = Called && !Called->empty() ? *Called : callOperators(Functor);
    const CXXRecordDecl* RD = analysis::recordOf(Functor->getType());
    const bool Lambda = analysis::lambdaOf(Functor) != nullptr || (RD && RD->isLambda());
    std::string Who = Lambda ? "the lambda" : "operator() of '" + (RD ? RD->getNameAsString() : std::string("?")) + "'";
    if (!Call.kernel.empty()) Who += (Call.nested || !Lambda ? " in kernel '" : " of kernel '") + Call.kernel + "'";
    std::string Head = Call.construct() + " calls the " + Call.callee() + " as " + Call.rendered();

    // A work tag no operator() takes first.
    if (!Call.args.empty() && Call.args[0].kind == Argument::Tag && !Ops.empty()) {
      std::vector<const FunctionDecl*> Tagged;
      for (const FunctionDecl* F : Ops)
        if (F->getNumParams() > 0 && accepts(F->getParamDecl(0)->getType(), Call.args[0]))
          Tagged.push_back(F);
      if (Tagged.empty()) {
        if (!Mismatch) return;  // the compiler found a way; trust it
        std::string Whom = Lambda ? "but " + Who + " does not take '" + Call.args[0].spelling + "' as its first parameter"
                                  : "but no operator() of '" + (RD ? RD->getNameAsString() : std::string("?")) +
                                        "'" + (Call.kernel.empty() ? "" : " in kernel '" + Call.kernel + "'") +
                                        " takes '" + Call.args[0].spelling + "' as its first parameter";
        C.report.report(diag::CheckId::FunctorTag, at(Functor->getBeginLoc()), Head + ", " + Whom)
            << span(functorRange(Functor));
        for (const FunctionDecl* F : Ops)
          noteParameters(F, (Lambda ? "the lambda takes " : "candidate operator() takes ") + parameters(F));
        return;
      }
      Ops = Tagged;
    }

    std::vector<Issue> Issues;
    for (const FunctionDecl* F : Ops) Issues.push_back(diagnose(F, Call));
    // The candidate to explain: the only one, or the only one whose parameter count fits.
    const Issue* Chosen = nullptr;
    if (Issues.size() == 1) {
      Chosen = &Issues[0];
    } else {
      for (const Issue& I : Issues)
        if (I.kind != Issue::Arity) {
          if (Chosen) { Chosen = nullptr; break; }
          Chosen = &I;
        }
    }
    if (!Mismatch) {
      // The compiler accepts the call; only a lost accumulator or update is wrong.
      if (Chosen && Chosen->kind == Issue::NotReference) report(Call, *Chosen, Functor, Who, Head);
      return;
    }
    if (Chosen && Chosen->kind == Issue::NotConst && Lambda && !Call.nested) return;  // family 1
    if (Chosen && Chosen->kind != Issue::None && Chosen->kind != Issue::NotReference) {
      report(Call, *Chosen, Functor, Who, Head);
      return;
    }
    // Several overloads, or nothing this file can name: say what the call is and list them.
    std::string Whom = Ops.size() == 1 ? "but " + Who + " cannot be called so; it takes " + parameters(Ops[0])
                       : Ops.empty()   ? "but it cannot be called so"
                                       : "but no operator() of '" + (RD ? RD->getNameAsString() : std::string("?")) +
                                             "'" + (Call.kernel.empty() ? "" : " in kernel '" + Call.kernel + "'") +
                                             " takes these arguments";
    C.report.report(diag::CheckId::FunctorSignature, at(Functor->getBeginLoc()), Head + ", " + Whom)
        << span(functorRange(Functor));
    if (Ops.size() > 1)
      for (const FunctionDecl* F : Ops)
        noteParameters(F, "candidate operator() takes " + parameters(F));
  }

  /// Reports one issue of the chosen call operator.
  void report(const PatternCall& Call, const Issue& I, const Expr* Functor, const std::string& Who,
              const std::string& Head) {
    const FunctionDecl* F = I.fn;
    const Argument* A = I.param ? &Call.args[I.arg] : nullptr;
    std::string Param = I.param ? paramText(I.param) : "";
    if (I.kind == Issue::ValueType && A) {
      reportValueType(Call, I, *A, Functor, Who, Head);
      return;
    }
    std::string Message = Head + ", but " + Who;
    switch (I.kind) {
    case Issue::Arity:
      Message += " takes " + parameters(F);
      break;
    case Issue::BadParameter:
      Message += " takes " + parameters(F) + "; '" + Param + "' cannot take " + argumentName(*A);
      break;
    case Issue::NotReference:
      Message += A->kind == Argument::Update
                     ? " takes its update as '" + Param + "'; it must be a non-const reference, or the "
                       "scan's running sum is lost"
                 : A->kind == Argument::Single
                     ? " takes its value as '" + Param + "'; it must be a non-const reference, or the "
                       "value is not broadcast"
                     : " takes its accumulator as '" + Param + "'; it must be a non-const reference, or "
                       "its contributions are lost";
      break;
    case Issue::NotConst:
      Message += " is not const; patterns call the " + Call.callee() + " through a const reference";
      break;
    default:
      break;
    }
    {
      auto Diag = C.report.report(diag::CheckId::FunctorSignature, at(Functor->getBeginLoc()), Message);
      Diag << span(functorRange(Functor));
      // Mechanical fixes: the missing `bool final` of a scan; the '&' of an accumulator by value.
      if (I.kind == Issue::Arity && F->getNumParams() + 1 == Call.args.size() &&
          Call.args.back().kind == Argument::Final && F->getNumParams() > 0) {
        SourceLocation End = Lexer::getLocForEndOfToken(F->getParamDecl(F->getNumParams() - 1)->getEndLoc(), 0, SM,
                                                        Ctx.getLangOpts());
        if (End.isValid() && !End.isMacroID()) Diag << FixItHint::CreateInsertion(End, ", bool final");
      }
      if (I.kind == Issue::NotConst && !analysis::isLambdaBody(F))
        if (TypeSourceInfo* TSI = F->getTypeSourceInfo())
          if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>()) {
            SourceLocation End = Lexer::getLocForEndOfToken(FTL.getRParenLoc(), 0, SM, Ctx.getLangOpts());
            if (End.isValid() && !End.isMacroID()) Diag << FixItHint::CreateInsertion(End, " const");
          }
      if (I.kind == Issue::NotReference && I.param && !I.param->getType()->isReferenceType()) {
        if (TypeSourceInfo* TSI = I.param->getTypeSourceInfo()) {
          SourceLocation End = Lexer::getLocForEndOfToken(TSI->getTypeLoc().getEndLoc(), 0, SM, Ctx.getLangOpts());
          if (End.isValid() && !End.isMacroID()) Diag << FixItHint::CreateInsertion(End, "&");
        }
      }
    }
    if (I.param)
      C.report.note(at(I.param->getLocation()), "parameter declared here") << span(I.param->getSourceRange());
    else if (I.kind == Issue::NotConst)
      C.report.note(at(F->getLocation()), analysis::isLambdaBody(F) ? "the lambda is declared mutable here"
                                                          : "operator() declared here without const");
    else
      noteParameters(F, std::string(analysis::isLambdaBody(F) ? "the lambda's parameters" : "operator()'s parameters") +
                            " are declared here");
  }

  /// An accumulator, update or single value parameter whose type is not the value's: the
  /// result's (a result-type error) or the functor's own value_type (a signature error).
  void reportValueType(const PatternCall& Call, const Issue& I, const Argument& A, const Expr* Functor,
                       const std::string& Who, const std::string& Head) {
    if (!Call.functorValue.isNull()) {
      // The functor disagrees with itself: its value_type and its operator()'s parameter.
      const char* What = A.kind == Argument::Update ? "update" : "accumulator";
      C.report.report(diag::CheckId::FunctorSignature, at(Functor->getBeginLoc()),
                      Head + " with its value_type '" + typeName(Ctx, Call.functorValue) + "', but " + Who +
                          " takes its " + What + " as '" + paramText(I.param) + "'; it must be a '" +
                          typeName(Ctx, Call.functorValue) + "&'")
          << span(functorRange(Functor));
      C.report.note(at(I.param->getLocation()), std::string(What) + " declared here")
          << span(I.param->getSourceRange());
      return;
    }
    // The result whose value this argument carries: the K-th accumulator is the K-th result.
    const Result* R = nullptr;
    size_t First = 0;
    while (First < Call.args.size() && Call.args[First].kind != A.kind) ++First;
    if (I.arg - First < Call.results.size()) R = &Call.results[I.arg - First];
    QualType Takes = analysis::bare(I.param->getType());
    std::string Message;
    const Expr* At = R ? R->arg : Functor;
    if (R) {
      std::string What = textOf(Ctx, R->arg->getSourceRange());
      std::string Holds = R->kind == Result::Reducer ? "reducer '" + What + "' has value_type '"
                          : R->kind == Result::View  ? "View result '" + What + "' holds '"
                                                     : "result '" + What + "' has type '";
      Message = Call.pattern + " " + Holds + typeName(Ctx, A.type) + "', but " + Who +
                (A.kind == Argument::Update ? " scans '" : " accumulates '") + typeName(Ctx, Takes) +
                "'; the result's type must be the functor's value type";
    } else {
      Message = Call.construct() + " passes the " + Call.callee() + " a '" +
                typeName(Ctx, A.type) + "&', but " + Who + " takes '" + paramText(I.param) + "'";
    }
    // Without a result (single's value) the closure disagrees with an argument: a signature error.
    C.report.report(R ? diag::CheckId::ReduceResultType : diag::CheckId::FunctorSignature, at(At->getBeginLoc()), Message)
        << span(R ? At->getSourceRange() : functorRange(At));
    C.report.note(at(I.param->getLocation()), A.kind == Argument::Update   ? "update parameter declared here"
                                              : A.kind == Argument::Single ? "parameter declared here"
                                                                           : "accumulator declared here")
        << span(I.param->getSourceRange());
  }

  /// What an argument is, for "'int i' cannot take ...".
  std::string argumentName(const Argument& A) const {
    switch (A.kind) {
    case Argument::Tag: return "the work tag '" + A.spelling + "'";
    case Argument::Index:
      return A.type.isNull() ? "the integer index" : "the index (an integer of type '" + typeName(Ctx, A.type) + "')";
    case Argument::Team: return "the team member";
    case Argument::Final: return "the 'final' flag (bool)";
    case Argument::Value: return A.array ? "the array accumulator ('" + typeName(Ctx, A.type) + "*')" : "the accumulator";
    case Argument::Update: return "the update";
    case Argument::Single: return "the value";
    }
    return "its argument";
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

  /// Where a diagnostic points: the file position of a location (the macro's name when the
  /// functor is written with HPAR_LAMBDA), so that no macro backtrace follows the message.
  SourceLocation at(SourceLocation L) const { return L.isValid() ? SM.getExpansionLoc(L) : L; }
  CharSourceRange span(SourceRange R) const { return SM.getExpansionRange(R); }

  /// The range an error about a functor underlines: a lambda written in place up to the end of
  /// its parameter list (its body can be long), anything else as written.
  SourceRange functorRange(const Expr* Functor) const {
    const auto* L = dyn_cast<LambdaExpr>(analysis::strip(Functor));
    if (!L) return Functor->getSourceRange();
    SourceLocation End = L->getIntroducerRange().getEnd();
    if (const CXXMethodDecl* M = L->getCallOperator(); M && L->hasExplicitParameters())
      if (TypeSourceInfo* TSI = M->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>(); FTL && FTL.getRParenLoc().isValid())
          End = FTL.getRParenLoc();
    return SourceRange(L->getBeginLoc(), End);
  }

  /// A note at a function's parameter list (its name when it has no parameters).
  void noteParameters(const FunctionDecl* F, const std::string& Message) {
    if (F->getNumParams() == 0) {
      C.report.note(at(F->getLocation()), Message);
      return;
    }
    SourceRange R(F->getParamDecl(0)->getBeginLoc(), F->getParamDecl(F->getNumParams() - 1)->getEndLoc());
    C.report.note(at(R.getBegin()), Message) << span(R);
  }

  CheckContext& C;
  ASTContext& Ctx;
  const SourceManager& SM;
};

/// The nested pattern calls of the main file: in functions, in every instantiation of a template,
/// and in the instantiations of generic lambdas (whose patterns have no resolved callee).
class NestedCalls : public RecursiveASTVisitor<NestedCalls> {
public:
  NestedCalls(const SourceManager& SM, const frontend::SearchPaths& Paths) : SM(SM), Paths(Paths) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(CallExpr* Call) {
    if (!analysis::nestedPatternOf(Call)) return true;
    SourceLocation Loc = Call->getBeginLoc();
    if (Loc.isInvalid() || frontend::isLibraryLocation(SM, Paths, Loc)) return true;
    if (!SM.isWrittenInMainFile(SM.getExpansionLoc(Loc)) || !Seen.insert(Call).second) return true;
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
  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  llvm::SmallPtrSet<const CallExpr*, 32> Seen;
  llvm::SmallPtrSet<const FunctionDecl*, 16> SeenFn;
};

}  // namespace

void checkSignatures(CheckContext& C) {
  const SourceManager& SM = C.ast.getSourceManager();
  Checker Check(C);
  // Each functor is reported once, whichever instantiation shows its mismatch first.
  llvm::DenseSet<unsigned> Reported;
  auto Once = [&](const Expr* Functor, auto&& Run) {
    const unsigned Key = SM.getExpansionLoc(Functor->getBeginLoc()).getRawEncoding();
    if (Reported.count(Key)) return;
    const unsigned Before = C.report.engine().getNumErrors();
    Run();
    if (C.report.engine().getNumErrors() != Before) Reported.insert(Key);
  };

  NestedCalls Finder(SM, C.paths);
  for (Decl* D : C.ast.getTranslationUnitDecl()->noload_decls()) {  // as in analysis
    SourceLocation Loc = D->getBeginLoc();
    if (Loc.isInvalid() || !SM.isWrittenInMainFile(SM.getExpansionLoc(Loc))) continue;
    Finder.TraverseDecl(D);
  }

  for (const analysis::DispatchSite& Site : C.instances)
    if (Site.call && Site.functor) Once(Site.functor, [&] { Check.checkSite(Site); });

  // The functors of the kernels, to name the kernel whose functor holds a nested call.
  analysis::OuterRanges Functors(SM);
  for (const analysis::DispatchSite& Site : C.sites) {
    if (!Site.functor) continue;
    SourceRange R = Site.functor->getSourceRange();
    if (const LambdaExpr* L = analysis::lambdaOf(Site.functor)) R = L->getSourceRange();
    Functors.add(R, Site.kernel);
  }
  for (const CallExpr* Nested : Finder.Calls) {
    std::string Kernel;
    if (auto K = Functors.containing(Nested->getBeginLoc())) Kernel = C.tu.kernels[*K].name;
    Once(Nested->getArg(1), [&] { Check.checkNested(Nested, Kernel); });
  }
}

}  // namespace checks
}  // namespace hpar
