// What the lambda functors of the top-level dispatches capture, read once by analysis for the
// captures rule family (checks/Captures.cpp), which decides and words the diagnostics.
//
// One CaptureFinding per dispatch whose functor is a lambda (analysis::lambdaOf), in the order of
// the dispatches (Dispatches::sites); a lambda variable passed to two dispatches gives two
// findings with the same `lambda`. Everything that needs the AST, the lexer or the source manager
// is read here: the captures by reference and their names, where the `&` or the capture default
// is written, the first use of a member through a captured `this`, the class whose `this` it is,
// the `mutable` keyword and the first `auto` parameter. Locations are file locations (the
// expansion of a macro such as HPAR_LAMBDA), as the diagnostics point at them.
//
// Fix-its only touch text written in the file: a plain capture list (rewritten by value), the
// `mutable` keyword after the parameters, or the name of the lambda macro itself
// (HPAR_LAMBDA -> HPAR_CLASS_LAMBDA); where the text comes from elsewhere the edit is left out.
#pragma once

#include "analysis/DispatchFinder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// A variable a lambda captures by reference.
struct ByRefCapture {
  std::string name;
  clang::SourceLocation loc;  // where it is captured (the file location)
};

/// What one top-level lambda functor captures, and how it is written.
struct CaptureFinding {
  size_t kernel = 0;                          // index into TranslationUnit::kernels
  const clang::LambdaExpr* lambda = nullptr;  // tells apart the lambdas (one per expression)
  clang::SourceLocation begin;                // the lambda's first token, as a file location
  clang::SourceRange introducer;              // `[...]` as the file shows it (the macro's name)

  // ---- captures by reference ----
  bool refDefault = false;  // the capture default is `&`
  /// The variables captured by reference, in capture order; the elements of a captured pack
  /// share their name and place, and are listed once.
  std::vector<ByRefCapture> byRef;
  /// Where a by-reference capture is written: the `&` default, else the `&` before the first
  /// explicit by-reference capture (the capture itself when the list is in a macro), else the
  /// lambda.
  clang::SourceLocation byRefLoc;
  /// Replaces the capture list with one that captures everything by value ("[=, *this]",
  /// "[a, b]"); none when the list is in a macro or a capture is not a plain name
  /// (init-captures, packs).
  std::optional<clang::FixItHint> byValueFix;

  // ---- the captured `this` ----
  bool capturesThis = false;  // captures the `this` pointer (not `*this`)
  clang::SourceLocation thisLoc;  // the explicit `this`, else the capture default, else the lambda
  /// The class whose `this` is captured, as messages name it ("'Solver'"), or "the class".
  std::string thisClass = "the class";
  /// The first member used through `this` in the body (nested lambdas included): its name and
  /// where; empty name when the body uses none.
  std::string memberUsed;
  clang::SourceLocation memberUseLoc;
  /// Captures `*this` instead: `*this` for an explicit `this`, `, *this` after a plain `=`
  /// default, or the class form of the lambda macro written in the file (HPAR_CLASS_LAMBDA,
  /// KOKKOS_CLASS_LAMBDA); none otherwise.
  std::optional<clang::FixItHint> thisFix;

  // ---- mutable ----
  bool isMutable = false;
  /// The `mutable` keyword, when it is written in the file between the parameters and the
  /// body, and the token after it (invalid when there is none).
  clang::SourceLocation mutableLoc, afterMutable;

  // ---- generic ----
  bool generic = false;             // a generic lambda (an `auto` parameter)
  clang::SourceLocation genericLoc; // the first `auto` parameter, else the lambda
  std::string autoParameter;        // its name, or "" when it has none
};

/// Reads what the lambda functor of each top-level dispatch captures, in the order of `sites`.
std::vector<CaptureFinding> findCaptures(clang::ASTContext& ast,
                                         const std::vector<DispatchSite>& sites);

}  // namespace analysis
}  // namespace hpar
