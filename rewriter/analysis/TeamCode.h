// What the code of a team functor is made of, as the walks of analysis see it (ExecWalk.h,
// NestTree.h, DeviceCallGraph.h): nested patterns and their closures, the team member's
// collectives, and the user's functions a body calls. The walks follow a functor's body and,
// through direct calls to functions of the analysed file and through nested patterns' closures, the
// functions it runs; these helpers say what each call is. Recognition is by annotation
// (analysis/Annotations.h), never by spelled names.
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace analysis {

/// A call of a nested pattern: parallel_for / parallel_reduce / parallel_scan over a nested range,
/// or single(PerTeam(team), ...) / single(PerThread(team), ...).
struct NestedPattern {
  enum class Single { None, PerTeam, PerThread };
  const clang::CallExpr* call = nullptr;
  std::string pattern;             // "parallel_for", "parallel_reduce", "parallel_scan", "single"
  NestedRangeKind range;           // the range of a parallel_* (level None for single)
  Single single = Single::None;
  const clang::Expr* closure = nullptr;  // the closure argument (second argument)

  bool isSingle() const { return single != Single::None; }
  /// How many leading closure parameters are indices: the rank of an MDRange form, else 1.
  unsigned indexCount() const { return isSingle() ? 0 : range.md ? unsigned(range.rank) : 1; }
  /// The construct as messages name it: "'parallel_for' over TeamThreadRange", "single(PerTeam)".
  std::string describe() const {
    if (single == Single::PerTeam) return "'single(PerTeam)'";
    if (single == Single::PerThread) return "'single(PerThread)'";
    return "'" + pattern + "' over " + range.name();
  }
  /// Whether it splits the whole team (TeamThreadRange, TeamVectorRange, their MDRange forms).
  bool teamLevel() const {
    return !isSingle() && (range.level == NestedLevel::Thread || range.level == NestedLevel::TeamVector);
  }
  /// Whether its closure splits the vector lanes of a thread (ThreadVectorRange, TeamVectorRange
  /// and their MDRange forms).
  bool splitsLanes() const {
    return !isSingle() && (range.level == NestedLevel::Vector || range.level == NestedLevel::TeamVector);
  }
};

/// The nested pattern `call` calls, or nothing (the range factories are no pattern: they are
/// reported through the pattern that uses them).
std::optional<NestedPattern> nestedPatternOf(const clang::CallExpr* call);

/// The instantiations of a templated function (a generic lambda's call operator, a templated
/// operator()), whose calls are resolved; the function itself when it is no template.
std::vector<const clang::FunctionDecl*> instancesOf(const clang::FunctionDecl* F);

/// The functions a callable object runs when it is called: a lambda's call operator, or a
/// class's operator() overloads (each instantiation of a templated one).
std::vector<const clang::FunctionDecl*> callOperatorsOf(const clang::Expr* callable);

/// The entry points of a dispatch's functor with resolved bodies: a lambda's call operator (a
/// generic one's instantiations), or the class members the dispatch runs (DispatchSite::members),
/// a templated operator() as the instantiation the dispatch calls.
std::vector<const clang::FunctionDecl*> functorBodies(const analysis::DispatchSite& site);

/// The function of the analysed file a call enters, with its body: a free function, a member, a
/// lambda's call operator, a template's instantiation. Null for hpar's API, the standard library,
/// other files, constructors and functions without a visible definition.
const clang::FunctionDecl* userCallee(const clang::CallExpr* call, const analysis::AnalysedFile& file);

/// The name of the team member method `call` calls ("team_rank", "team_barrier", ...), or "".
llvm::StringRef teamMemberMethod(const clang::CallExpr* call);

/// Whether `F` is a lambda's call operator.
bool isLambdaBody(const clang::FunctionDecl* F);

/// How messages name a function: "'helper'", or "a lambda".
std::string functionName(const clang::FunctionDecl* F);

}  // namespace analysis
}  // namespace hpar
