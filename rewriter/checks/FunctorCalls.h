// How a pattern calls its functor, and what keeps a call operator from taking that call: the
// model behind the signatures family (Signatures.cpp). A PatternCall lists the arguments a pattern
// passes (tag, indices or team member, accumulators, scan update and final flag) and the results
// it was given; diagnose() finds the first parameter of a call operator that cannot take its
// argument. Whether the functor fits at all is the compiler's verdict, read from the header's
// instantiation (reachesFunctorMismatch); these explain it.
#pragma once

#include "analysis/Types.h"
#include "frontend/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace checks {

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
  const clang::Expr* arg = nullptr;
  Kind kind = Scalar;
  clang::QualType value;  // the value type it holds
  bool modifiable = true;
  int rank = 0;  // of a View
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

/// A result argument as make_reduce_spec sees it.
Result describeResult(const clang::Expr* Arg);

/// The text of a range of the main file, or "".
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

}  // namespace checks
}  // namespace hpar
