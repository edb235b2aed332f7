// How a pattern calls its functor, and what keeps a call operator from taking that call, read
// once by analysis for the signatures rule family (checks/Signatures.cpp), which decides and
// words the diagnostics.
//
// The model. A PatternCall lists the arguments a pattern passes (tag, indices or team member,
// accumulators, scan update and final flag) and the results it was given; diagnose() finds the
// first parameter of a call operator that cannot take its argument. Whether the functor fits at
// all is the compiler's verdict, read from the header's instantiation (reachesFunctorMismatch:
// the body HPAR_IMPL_IF_FITS left out); the model explains it.
//
// The findings. One FunctorCallFinding per instantiation of each dispatch (Dispatches::instances,
// in their order), then one per nested pattern call of the analysed file (in functions, in every
// instantiation of a template, in the instantiations of generic lambdas), in the order of one
// walk over the analysed file's declarations. Each holds the call as the pattern makes it, the
// compiler's verdict, where building the model stopped at a result that cannot fit (a reduction
// without result or value_type, a result that cannot become a reducer, a result or scan total of
// another type than the functor's), and each call operator the call may reach, judged. Texts
// (arguments and parameters as written) and the places fix-its insert at are read here; a fix-it
// place is invalid where the text is not written in the file.
#pragma once

#include "analysis/DispatchFinder.h"
#include "frontend/Frontend.h"
#include "ir/Kernel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

// ---- what a pattern passes --------------------------------------------------------------------

/// One argument a pattern passes to its functor.
struct Argument {
  enum Kind { Tag, Index, Team, Value, Update, Final, Single };
  Kind kind;
  clang::QualType type;  // the tag, index, team member or value type; null when unknown
  bool array = false;    // Value: the accumulator of an array reduction is a pointer
  std::string spelling;
};

/// A reduction result or scan total argument, as the header sees it.
struct Result {
  enum Kind { Scalar, View, Reducer, Pointer };
  Kind kind = Scalar;
  clang::QualType value;  // the value type it holds
  bool modifiable = true;
  int rank = 0;  // of a View
  std::string text;  // the argument as written
  clang::SourceLocation loc;
  clang::SourceRange range;
};

/// How a pattern calls its functor, and who the functor is.
struct PatternCall {
  std::string pattern;  // "parallel_reduce"
  std::string over;     // "RangePolicy", "MDRangePolicy<Rank<3>>", "TeamThreadRange"...
  bool nested = false;
  std::string kernel;   // the kernel's name, or "" (a nested pattern outside any dispatch)
  std::vector<Argument> args;
  std::vector<Result> results;
  /// The value_type of a functor that defines its reduction (FunctorReduceSpec), or null.
  clang::QualType functorValue;

  std::string rendered() const {
    std::string S = "f(";
    for (size_t K = 0; K < args.size(); ++K) S += (K ? ", " : "") + args[K].spelling;
    return S + ")";
  }
  std::string callee() const { return nested ? "closure" : "functor"; }
  /// "parallel_reduce over RangePolicy", "single(PerTeam)".
  std::string construct() const {
    return pattern == "single" ? "single(" + over + ")" : pattern + " over " + over;
  }
};

/// What is wrong with one call operator for one pattern call.
struct Issue {
  enum Kind {
    None,
    Arity,         // too few or too many parameters
    BadParameter,  // a parameter cannot take its argument
    NotReference,  // an accumulator or update that is not a non-const reference
    ValueType,     // an accumulator or update of another type than the result's
    NotConst,      // a call operator that is not const
  };
  Kind kind = None;
  const clang::FunctionDecl* fn = nullptr;
  const clang::ParmVarDecl* param = nullptr;
  size_t arg = 0;  // the argument the parameter takes
};

// ---- the findings -----------------------------------------------------------------------------

/// One call operator a pattern call may reach, judged against the call.
struct CallOperatorFit {
  const clang::FunctionDecl* fn = nullptr;
  bool lambdaBody = false;   // a lambda's call operator
  unsigned parameterCount = 0;
  std::string parameters;    // its parameter list as written: "(int i, double& sum)"
  clang::SourceLocation nameLoc;         // the function's name (a lambda's: its start)
  clang::SourceRange parametersRange;    // its parameters, empty when it has none
  /// Its first parameter takes the work tag (when the pattern passes one).
  bool takesTag = false;
  Issue issue;  // diagnose(fn, call)
  /// The parameter of `issue`, when it has one: as written ("double sum"), its type without
  /// reference and qualifiers, and where it is.
  std::string issueParameter;
  clang::QualType issueParameterType;
  clang::SourceLocation issueParameterLoc;
  clang::SourceRange issueParameterRange;
  /// Where the mechanical fixes insert (invalid where the text is not the file's): after the
  /// last parameter (", bool final"), after the parameter list of a member (" const"), after the
  /// type of an issue's parameter taken by value ("&").
  clang::SourceLocation afterParameters, afterParameterList, afterParameterType;
};

/// One dispatch or nested pattern call, with its functor or closure.
struct FunctorCallFinding {
  /// Where building the call stopped, at a result the functor cannot take.
  enum class Stop {
    None,              // the call is complete: judge the call operators
    Silent,            // nothing to judge (a reduction without result or value_type, which fits)
    NoResult,          // a parallel_reduce without result whose functor declares no value_type
    ResultNotWritable, // results[result] cannot become a reducer
    ResultNotFunctorValue,  // results[0] is not of the functor's value_type (`value`)
    ScanTotalType,     // the total results[0] is not of the scan's value type (`value`)
  };
  PatternCall call;
  /// The header left the call out: the functor does not fit (reachesFunctorMismatch).
  bool mismatch = false;
  Stop stop = Stop::None;
  size_t result = 0;       // ResultNotWritable: which
  clang::QualType value;   // ResultNotFunctorValue, ScanTotalType: the value type expected
  /// ResultNotFunctorValue: the functor's value_type declaration (invalid when none).
  clang::SourceLocation valueTypeLoc;
  /// ScanTotalType: the update parameter that gives the scan its value type (invalid when the
  /// value type comes from elsewhere).
  clang::SourceLocation updateLoc;
  clang::SourceRange updateRange;
  clang::SourceLocation dispatchLoc;  // the dispatch or nested call
  clang::SourceRange dispatchRange;

  /// The functor: where it is written (the expansion of its start tells the functors apart),
  /// what an error about it underlines (a lambda up to its parameter list), whether it is a
  /// lambda, and its class's name ("?" when unknown).
  clang::SourceLocation functorLoc, functorKey;
  clang::SourceRange functorRange;
  bool lambda = false;
  std::string className = "?";
  /// The functor's class that defines the reduction (its name, "?" when none): the value_type
  /// a result disagrees with.
  std::string reducingClass = "?";
  /// The call operators the call may reach: the one the dispatch calls where the functor fits,
  /// else every one (a lambda's, a class's operator() overloads).
  std::vector<CallOperatorFit> operators;
};

/// Models every dispatch's and nested pattern's call of its functor (see above).
std::vector<FunctorCallFinding> readFunctorCalls(clang::ASTContext& ast, const AnalysedFile& file,
                                                 const Dispatches& dispatches,
                                                 const ir::TranslationUnit& tu);

// ---- the model's pieces -----------------------------------------------------------------------

/// A result argument as make_reduce_spec sees it.
Result describeResult(const clang::Expr* Arg, const clang::ASTContext& Ctx);

/// The text of a range of a file, or "".
std::string textOf(const clang::ASTContext& Ctx, clang::SourceRange R);

/// A type as messages print it.
std::string typeName(const clang::ASTContext& Ctx, clang::QualType T);

/// Whether a parameter of type P can take argument A (an lvalue, except tags, which are
/// temporaries). Lenient where the compiler is the judge: this only explains a mismatch.
bool accepts(clang::QualType P, const Argument& A);

/// The first thing that keeps `F` from being called as `call`, or None.
Issue diagnose(const clang::FunctionDecl* F, const PatternCall& Call);

/// The call operators of a functor or closure argument: a lambda's (its pattern when generic),
/// or a class's operator() overloads (templated ones through their pattern).
std::vector<const clang::FunctionDecl*> callOperators(const clang::Expr* Functor);

/// Whether a function of hpar's header, instantiated for one dispatch or nested pattern, reaches
/// hpar::impl::functor_mismatch(): the body HPAR_IMPL_IF_FITS left out because the functor does
/// not fit. Only hpar's own functions are entered, a few calls deep.
bool reachesFunctorMismatch(const clang::FunctionDecl* F, const clang::SourceManager& SM,
                            const frontend::SearchPaths& Paths);

}  // namespace analysis
}  // namespace hpar
