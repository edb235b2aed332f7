// The execution tree of each kernel: what its functor runs, placed where it runs, as the checks'
// rules read it (checks/Nesting.cpp, Collectives.cpp, Races.cpp).
//
// Analysis walks every instantiation of every dispatch in execution context once
// (analysis/ExecWalk.h): from the functor's entry points through the user's functions it calls and
// the closures of the nested constructs it runs. What it meets there becomes a point of the tree:
// a nested construct, a team collective or a write to memory that participants share, each with
// the constructs whose closures hold it (its path in the tree), the control flow around it that
// only some participants take, and the calls that led to it. Positions are source locations of
// the file they are written in, with the ranges diagnostics underline; nothing here is an AST node.
#pragma once

#include "ir/Kernel.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace hpar {
namespace ir {

/// Which participants of a team something differs between (a value, a place, a branch taken).
enum : unsigned { AcrossThreads = 1, AcrossLanes = 2 };

/// Where a diagnostic points, and the range it underlines.
struct Spot {
  clang::SourceLocation at;
  clang::SourceRange range;
};

/// A nested construct as the walk meets it.
struct ExecConstruct {
  NestedConstruct::Kind kind = NestedConstruct::Kind::For;
  NestedConstruct::Level level = NestedConstruct::Level::Thread;
  std::string pattern;    // "parallel_for", "parallel_reduce", "parallel_scan", "single"
  std::string rangeName;  // "TeamThreadRange", "ThreadVectorMDRange" ("" for a single)
  std::string described;  // "'parallel_for' over TeamThreadRange", "'single(PerTeam)'"
  Spot call;              // the call's start, underlining its callee
  Spot rangeArgument;     // the range argument (a single: none)
  /// The range has at most one index, as constants say (TeamThreadRange(team, 1)).
  bool atMostOneIndex = false;

  bool isSingle() const { return kind == NestedConstruct::Kind::Single; }
  /// Splits the whole team: TeamThreadRange, TeamVectorRange, their MDRange forms.
  bool teamLevel() const {
    return !isSingle() && (level == NestedConstruct::Level::Thread ||
                           level == NestedConstruct::Level::TeamVector);
  }
  /// Its closure splits the vector lanes of a thread: ThreadVectorRange, TeamVectorRange and
  /// their MDRange forms.
  bool splitsLanes() const {
    return !isSingle() && (level == NestedConstruct::Level::Vector ||
                           level == NestedConstruct::Level::TeamVector);
  }
  /// The participants its indices differ between.
  unsigned indexBits() const {
    switch (level) {
    case NestedConstruct::Level::Thread: return AcrossThreads;
    case NestedConstruct::Level::Vector: return AcrossLanes;
    case NestedConstruct::Level::TeamVector: return AcrossThreads | AcrossLanes;
    default: return 0;
    }
  }
};

/// Why only some participants reach a point: a condition whose value differs between them, and
/// where the others leave when that is how (an early return, break or continue).
struct ExecDivergence {
  unsigned bits = 0;        // the participants the condition differs between
  std::string why;          // "depends on team_rank() through 'r'"
  Spot condition;
  bool loopCondition = false;
  enum class Exit { None, Return, Break, Continue };
  Exit exit = Exit::None;
  clang::SourceLocation exitAt;
};

/// A call on the way from the functor to a point: where, and whom it calls ("'helper'").
struct ExecCall {
  Spot call;
  std::string callee;
};

/// A write, in a nested range's closure, to a place that the participants running it share
/// (the functor's members, host variables, static and global variables, the elements of Views
/// and of scratch memory, what a pointer into those points to).
struct ExecWrite {
  enum class Kind { Assign, Accumulate, Other };
  Kind kind = Kind::Other;
  /// The participants between which the place written differs (an element indexed by
  /// team_rank() differs between threads).
  unsigned placeVaries = 0;
  /// The participants between which the value an assignment stores differs (all of them for a
  /// write that stores no single value).
  unsigned valueVaries = AcrossThreads | AcrossLanes;
  std::string written;  // the target as written: "'acc'", "member 'calls'", "'y(r)'"
  std::string text;     // its source text: "y(r)"
  std::string place;    // what it is: "a member of the functor", "an element of 'sh'"
  Spot at;              // the name written, underlining the whole write
  /// Where the name written is declared ("" when the target is no plain name), and where the
  /// place it reaches is declared, when that is another declaration.
  std::string namedDecl, placeDecl;
  clang::SourceLocation namedAt, placeAt;
  /// The call of the innermost nested range around the write (where a macro writing it expands).
  clang::SourceLocation closureAt;
};

/// One thing a kernel runs, placed where it runs.
struct ExecPoint {
  enum class Kind { Construct, Collective, Write };
  Kind kind = Kind::Construct;
  /// The nested constructs whose closures hold the point, outermost first.
  std::vector<ExecConstruct> frames;
  /// The innermost control flow around the point that differs between threads or lanes, and
  /// between lanes; divergentBits: between which participants some flow around it differs.
  std::optional<ExecDivergence> divergence, laneDivergence;
  unsigned divergentBits = 0;
  /// The calls from the functor to the function that holds the point, outermost first.
  std::vector<ExecCall> chain;

  ExecConstruct construct;  // Construct: what it is
  std::string collective;   // Collective: the team member's method ("team_barrier", ...)
  Spot at;                  // Collective: the call
  ExecWrite write;          // Write
};

/// What one instantiation of a dispatch runs.
struct ExecTree {
  size_t kernel = 0;  // index into TranslationUnit::kernels
  Spot dispatch;      // the dispatch call, underlining its callee
  /// Team kernels: every point, in the order of the walk. Range and MDRange kernels: the nested
  /// constructs their functor reaches (their closures are not walked).
  std::vector<ExecPoint> points;
};

/// A nested construct in a function of the analysed file that runs on the host: one that no kernel
/// reaches and that takes no team member, or one host code calls.
struct HostConstruct {
  ExecConstruct construct;
  std::string function;  // "'setup'"
  /// Whether host code calls the function (else it runs on the host by itself), and those calls
  /// down to it, innermost first: "'helper' is called here, from host code in 'main'".
  struct HostCall {
    Spot call;
    std::string callee, caller;
  };
  std::vector<HostCall> calls;
};

/// The execution trees of a translation unit.
struct Execution {
  std::vector<ExecTree> kernels;  // one per instantiation of each dispatch, in their order
  std::vector<HostConstruct> host;
};

}  // namespace ir
}  // namespace hpar
