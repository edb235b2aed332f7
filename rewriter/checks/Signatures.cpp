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
// no template errors. The compiler is therefore the judge of what fits; analysis finds that
// call below each dispatch (and below each nested pattern) and models the call
// (analysis/FunctorCalls.h: the arguments, the results, each call operator judged); this family
// explains the mismatch from that model: which argument, which parameter, which type. Two rules
// go beyond what the compiler rejects, because the code compiles but loses the functor's
// contributions: an accumulator (reduce) or update (scan) parameter that is not a non-const
// reference.
//
// A top-level lambda whose call operator is not const (a mutable lambda) is family 1's
// (hpar-mutable-lambda); here only nested closures and class functors are told so.
#include "analysis/FunctorCalls.h"
#include "checks/Checks.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include <string>
#include <vector>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

using analysis::Argument;
using analysis::CallOperatorFit;
using analysis::FunctorCallFinding;
using analysis::Issue;
using analysis::PatternCall;
using analysis::Result;

// ---- the rule --------------------------------------------------------------------------------

class Checker {
public:
  explicit Checker(CheckContext& C)
      : C(C), Ctx(C.ast), SM(C.ast.getSourceManager()) {}

  /// Reports what keeps one dispatch's or nested pattern's functor from taking its call.
  void check(const FunctorCallFinding& F) {
    const PatternCall& Call = F.call;
    switch (F.stop) {
    case FunctorCallFinding::Stop::None: return checkCall(F);
    case FunctorCallFinding::Stop::Silent: return;
    case FunctorCallFinding::Stop::NoResult:
      C.report.report(diag::CheckId::ReduceResultType, at(F.dispatchLoc),
                      "parallel_reduce of kernel '" + Call.kernel +
                          "' has no result argument, and its functor declares no value_type; "
                          "pass the result (a variable, a View or a reducer) after the functor")
          << span(F.dispatchRange);
      return;
    case FunctorCallFinding::Stop::ResultNotWritable:
      return reportNotWritable(Call, Call.results[F.result]);
    case FunctorCallFinding::Stop::ResultNotFunctorValue:
      return reportValueTypeOfFunctor(F);
    case FunctorCallFinding::Stop::ScanTotalType:
      return reportScanTotal(F);
    }
  }

private:
  /// A result that cannot become a reducer (as_reducer).
  void reportNotWritable(const PatternCall& Call, const Result& R) {
    std::string Why;
    if (R.kind == Result::View && R.rank != 0)
      Why = "is a View of rank " + std::to_string(R.rank) + "; a View result must have rank 0";
    else if (R.kind == Result::Scalar && !R.modifiable)
      Why = "is not a modifiable lvalue; pass a variable, a rank-0 View or a reducer";
    else if (R.kind == Result::Pointer)
      Why = "is a pointer or an array, which only a functor with an array value_type can fill";
    C.report.report(diag::CheckId::ReduceResultType, at(R.loc),
                    Call.pattern + " result '" + R.text + "' of kernel '" + Call.kernel + "' " + Why)
        << span(R.range);
  }

  /// A result of another type than the value_type of the functor that defines the reduction.
  void reportValueTypeOfFunctor(const FunctorCallFinding& F) {
    const PatternCall& Call = F.call;
    const Result& R = Call.results[0];
    std::string Holds = R.kind == Result::View ? "is a View of '" + typeName(R.value) + "'"
                                               : "has type '" + typeName(R.value) + "'";
    C.report.report(diag::CheckId::ReduceResultType, at(R.loc),
                    Call.pattern + " result '" + R.text + "' " + Holds + ", but the functor '" +
                        F.reducingClass + "' of kernel '" + Call.kernel + "' reduces '" +
                        typeName(F.value) + "'; the result must have the functor's value_type")
        << span(R.range);
    if (F.valueTypeLoc.isValid()) C.report.note(at(F.valueTypeLoc), "value_type declared here");
  }

  /// A scan total of another type than the scan's value type.
  void reportScanTotal(const FunctorCallFinding& F) {
    const PatternCall& Call = F.call;
    const Result& Total = Call.results[0];
    std::string Whose = Call.nested ? "the closure" : "the functor";
    if (!Call.kernel.empty()) Whose += (Call.nested ? " in kernel '" : " of kernel '") + Call.kernel + "'";
    C.report.report(diag::CheckId::ReduceResultType, at(Total.loc),
                    Call.pattern + " total '" + Total.text + "' has type '" + typeName(Total.value) +
                        "', but " + Whose + " scans '" + typeName(F.value) +
                        "'; the total must have the scan's value type")
        << span(Total.range);
    if (F.updateLoc.isValid())
      C.report.note(at(F.updateLoc), "the scan's value type is that of this update parameter")
          << span(F.updateRange);
  }

  /// Explains why the functor does not fit its call (when the header says it does not), or flags
  /// an accumulator or update that is not a non-const reference (when it does). The call
  /// operators are the one the pattern calls where the functor fits, else all of them.
  void checkCall(const FunctorCallFinding& F) {
    const PatternCall& Call = F.call;
    const bool Mismatch = F.mismatch;
    std::vector<const CallOperatorFit*> Ops;
    for (const CallOperatorFit& Op : F.operators) Ops.push_back(&Op);
    const bool Lambda = F.lambda;
    std::string Who = Lambda ? "the lambda" : "operator() of '" + F.className + "'";
    if (!Call.kernel.empty()) Who += (Call.nested || !Lambda ? " in kernel '" : " of kernel '") + Call.kernel + "'";
    std::string Head = Call.construct() + " calls the " + Call.callee() + " as " + Call.rendered();

    // A work tag no operator() takes first.
    if (!Call.args.empty() && Call.args[0].kind == Argument::Tag && !Ops.empty()) {
      std::vector<const CallOperatorFit*> Tagged;
      for (const CallOperatorFit* Op : Ops)
        if (Op->takesTag) Tagged.push_back(Op);
      if (Tagged.empty()) {
        if (!Mismatch) return;  // the compiler found a way; trust it
        std::string Whom = Lambda ? "but " + Who + " does not take '" + Call.args[0].spelling + "' as its first parameter"
                                  : "but no operator() of '" + F.className +
                                        "'" + (Call.kernel.empty() ? "" : " in kernel '" + Call.kernel + "'") +
                                        " takes '" + Call.args[0].spelling + "' as its first parameter";
        C.report.report(diag::CheckId::FunctorTag, at(F.functorLoc), Head + ", " + Whom)
            << span(F.functorRange);
        for (const CallOperatorFit* Op : Ops)
          noteParameters(*Op, (Lambda ? "the lambda takes " : "candidate operator() takes ") + Op->parameters);
        return;
      }
      Ops = Tagged;
    }

    // The candidate to explain: the only one, or the only one whose parameter count fits.
    const CallOperatorFit* Chosen = nullptr;
    if (Ops.size() == 1) {
      Chosen = Ops[0];
    } else {
      for (const CallOperatorFit* Op : Ops)
        if (Op->issue.kind != Issue::Arity) {
          if (Chosen) { Chosen = nullptr; break; }
          Chosen = Op;
        }
    }
    if (!Mismatch) {
      // The compiler accepts the call; only a lost accumulator or update is wrong.
      if (Chosen && Chosen->issue.kind == Issue::NotReference) report(F, *Chosen, Who, Head);
      return;
    }
    if (Chosen && Chosen->issue.kind == Issue::NotConst && Lambda && !Call.nested) return;  // family 1
    if (Chosen && Chosen->issue.kind != Issue::None && Chosen->issue.kind != Issue::NotReference) {
      report(F, *Chosen, Who, Head);
      return;
    }
    // Several overloads, or nothing this file can name: say what the call is and list them.
    std::string Whom = Ops.size() == 1 ? "but " + Who + " cannot be called so; it takes " + Ops[0]->parameters
                       : Ops.empty()   ? "but it cannot be called so"
                                       : "but no operator() of '" + F.className +
                                             "'" + (Call.kernel.empty() ? "" : " in kernel '" + Call.kernel + "'") +
                                             " takes these arguments";
    C.report.report(diag::CheckId::FunctorSignature, at(F.functorLoc), Head + ", " + Whom)
        << span(F.functorRange);
    if (Ops.size() > 1)
      for (const CallOperatorFit* Op : Ops)
        noteParameters(*Op, "candidate operator() takes " + Op->parameters);
  }

  /// Reports one issue of the chosen call operator.
  void report(const FunctorCallFinding& F, const CallOperatorFit& Op, const std::string& Who,
              const std::string& Head) {
    const PatternCall& Call = F.call;
    const Issue& I = Op.issue;
    const Argument* A = I.param ? &Call.args[I.arg] : nullptr;
    const std::string& Param = Op.issueParameter;
    if (I.kind == Issue::ValueType && A) {
      reportValueType(F, Op, *A, Who, Head);
      return;
    }
    std::string Message = Head + ", but " + Who;
    switch (I.kind) {
    case Issue::Arity:
      Message += " takes " + Op.parameters;
      break;
    case Issue::BadParameter:
      Message += " takes " + Op.parameters + "; '" + Param + "' cannot take " + argumentName(*A);
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
      auto Diag = C.report.report(diag::CheckId::FunctorSignature, at(F.functorLoc), Message);
      Diag << span(F.functorRange);
      // Mechanical fixes: the missing `bool final` of a scan; the '&' of an accumulator by value.
      if (I.kind == Issue::Arity && Op.parameterCount + 1 == Call.args.size() &&
          Call.args.back().kind == Argument::Final && Op.parameterCount > 0 && Op.afterParameters.isValid())
        Diag << FixItHint::CreateInsertion(Op.afterParameters, ", bool final");
      if (I.kind == Issue::NotConst && Op.afterParameterList.isValid())
        Diag << FixItHint::CreateInsertion(Op.afterParameterList, " const");
      if (I.kind == Issue::NotReference && Op.afterParameterType.isValid())
        Diag << FixItHint::CreateInsertion(Op.afterParameterType, "&");
    }
    if (I.param)
      C.report.note(at(Op.issueParameterLoc), "parameter declared here") << span(Op.issueParameterRange);
    else if (I.kind == Issue::NotConst)
      C.report.note(at(Op.nameLoc), Op.lambdaBody ? "the lambda is declared mutable here"
                                                  : "operator() declared here without const");
    else
      noteParameters(Op, std::string(Op.lambdaBody ? "the lambda's parameters" : "operator()'s parameters") +
                             " are declared here");
  }

  /// An accumulator, update or single value parameter whose type is not the value's: the
  /// result's (a result-type error) or the functor's own value_type (a signature error).
  void reportValueType(const FunctorCallFinding& F, const CallOperatorFit& Op, const Argument& A,
                       const std::string& Who, const std::string& Head) {
    const PatternCall& Call = F.call;
    const Issue& I = Op.issue;
    if (!Call.functorValue.isNull()) {
      // The functor disagrees with itself: its value_type and its operator()'s parameter.
      const char* What = A.kind == Argument::Update ? "update" : "accumulator";
      C.report.report(diag::CheckId::FunctorSignature, at(F.functorLoc),
                      Head + " with its value_type '" + typeName(Call.functorValue) + "', but " + Who +
                          " takes its " + What + " as '" + Op.issueParameter + "'; it must be a '" +
                          typeName(Call.functorValue) + "&'")
          << span(F.functorRange);
      C.report.note(at(Op.issueParameterLoc), std::string(What) + " declared here")
          << span(Op.issueParameterRange);
      return;
    }
    // The result whose value this argument carries: the K-th accumulator is the K-th result.
    const Result* R = nullptr;
    size_t First = 0;
    while (First < Call.args.size() && Call.args[First].kind != A.kind) ++First;
    if (I.arg - First < Call.results.size()) R = &Call.results[I.arg - First];
    std::string Message;
    if (R) {
      std::string Holds = R->kind == Result::Reducer ? "reducer '" + R->text + "' has value_type '"
                          : R->kind == Result::View  ? "View result '" + R->text + "' holds '"
                                                     : "result '" + R->text + "' has type '";
      Message = Call.pattern + " " + Holds + typeName(A.type) + "', but " + Who +
                (A.kind == Argument::Update ? " scans '" : " accumulates '") +
                typeName(Op.issueParameterType) + "'; the result's type must be the functor's value type";
    } else {
      Message = Call.construct() + " passes the " + Call.callee() + " a '" +
                typeName(A.type) + "&', but " + Who + " takes '" + Op.issueParameter + "'";
    }
    // Without a result (single's value) the closure disagrees with an argument: a signature error.
    C.report.report(R ? diag::CheckId::ReduceResultType : diag::CheckId::FunctorSignature,
                    at(R ? R->loc : F.functorLoc), Message)
        << span(R ? R->range : F.functorRange);
    C.report.note(at(Op.issueParameterLoc), A.kind == Argument::Update   ? "update parameter declared here"
                                            : A.kind == Argument::Single ? "parameter declared here"
                                                                         : "accumulator declared here")
        << span(Op.issueParameterRange);
  }

  /// What an argument is, for "'int i' cannot take ...".
  std::string argumentName(const Argument& A) const {
    switch (A.kind) {
    case Argument::Tag: return "the work tag '" + A.spelling + "'";
    case Argument::Index:
      return A.type.isNull() ? "the integer index" : "the index (an integer of type '" + typeName(A.type) + "')";
    case Argument::Team: return "the team member";
    case Argument::Final: return "the 'final' flag (bool)";
    case Argument::Value: return A.array ? "the array accumulator ('" + typeName(A.type) + "*')" : "the accumulator";
    case Argument::Update: return "the update";
    case Argument::Single: return "the value";
    }
    return "its argument";
  }

  /// A type as messages print it.
  std::string typeName(QualType T) const { return analysis::typeName(Ctx, T); }

  /// Where a diagnostic points: the file position of a location (the macro's name when the
  /// functor is written with HPAR_LAMBDA), so that no macro backtrace follows the message.
  SourceLocation at(SourceLocation L) const { return L.isValid() ? SM.getExpansionLoc(L) : L; }
  CharSourceRange span(SourceRange R) const { return SM.getExpansionRange(R); }

  /// A note at a call operator's parameter list (its name when it has no parameters).
  void noteParameters(const CallOperatorFit& Op, const std::string& Message) {
    if (Op.parameterCount == 0) {
      C.report.note(at(Op.nameLoc), Message);
      return;
    }
    C.report.note(at(Op.parametersRange.getBegin()), Message) << span(Op.parametersRange);
  }

  CheckContext& C;
  const ASTContext& Ctx;
  const SourceManager& SM;
};

}  // namespace

void checkSignatures(CheckContext& C) {
  Checker Check(C);
  // Each functor is reported once, whichever instantiation shows its mismatch first.
  llvm::DenseSet<unsigned> Reported;
  for (const FunctorCallFinding& F : C.functorCalls) {
    const unsigned Key = F.functorKey.getRawEncoding();
    if (Reported.count(Key)) continue;
    const unsigned Before = C.report.engine().getNumErrors();
    Check.check(F);
    if (C.report.engine().getNumErrors() != Before) Reported.insert(Key);
  }
}

}  // namespace checks
}  // namespace hpar
