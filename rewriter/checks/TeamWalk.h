// What the nesting, collectives and races families share while they walk team code: the chain of
// calls from the functor, reporting once per check and location, and (TeamFlowWalk) the walk of
// a team functor in execution context that the collectives and races families both make.
#pragma once

#include "analysis/TeamCode.h"
#include "analysis/Varying.h"
#include "checks/Checks.h"
#include "clang/Basic/SourceManager.h"
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace checks {

/// Calls followed deeper than this are not walked (a guard against pathological call graphs;
/// recursion is cut earlier, at the first repeated function).
constexpr unsigned MaxCallDepth = 32;

/// The state the nesting and collectives walks share.
class TeamWalk {
protected:
  explicit TeamWalk(CheckContext& C) : C(C), SM(C.ast.getSourceManager()) {}

  /// Notes the calls that led from the functor to the function being walked, innermost first.
  void noteChain();
  /// Reports once per check and location (templates and shared helpers are walked more than once,
  /// in more than one situation); returns false when this one was already reported.
  bool report(diag::CheckId Check, clang::SourceLocation Loc, clang::SourceRange Range,
              const std::string& Message);

  CheckContext& C;
  const clang::SourceManager& SM;
  /// The calls between the functor and the function being walked, with what each calls (a
  /// nested pattern's closure is no call).
  std::vector<std::pair<const clang::CallExpr*, const clang::FunctionDecl*>> Chain;

private:
  std::set<std::pair<unsigned, unsigned>> Reported;
};

/// The walk of every team functor in execution context, for the rules that ask who reaches a
/// point: from each entry point of each instantiation of a team dispatch, through direct calls of
/// the main file's functions and the closures of nested patterns (a lambda merely written in the
/// functor runs only where it is called), in source order, with
///   - the nested patterns whose closures hold the point (Frames, outermost first);
///   - which values differ between participants there (Values, analysis/Varying.h): a closure's
///     indices differ between the participants of its level, a callee's parameters as its
///     arguments do;
///   - the control flow around the point that only some participants take: the branches of if /
///     ?: / switch / && / || on a varying condition, the body of a loop whose condition varies,
///     the rest of a function after a return under a varying condition, the rest of a loop body
///     after such a continue, and the whole body of a loop that such a break or return leaves
///     (innermostDivergence).
/// A function is walked again only in another situation (the enclosing levels, the divergence
/// around the call, its arguments' variation, and what contextKey adds).
class TeamFlowWalk : protected TeamWalk {
protected:
  explicit TeamFlowWalk(CheckContext& C) : TeamWalk(C), Values(SM, C.paths) {}
  virtual ~TeamFlowWalk() = default;

  /// Walks every instantiation of every team dispatch.
  void walkKernels();

  // ---- what a rule sees ----

  /// Every statement and expression the walk reaches, before its parts.
  virtual void visit(const clang::Stmt*) {}
  /// A nested pattern's call, before its other arguments and its closure are walked.
  virtual void visitPattern(const analysis::NestedPattern&) {}
  /// A call of a team member method ("team_barrier", ...), before its arguments are walked.
  virtual void visitTeamMemberCall(const clang::CallExpr*, llvm::StringRef /*Method*/) {}
  /// About to walk F: reached through the user's call Via, as the closure of the pattern Closure,
  /// or as an entry point of the functor (both null). Returns what, besides the situation the
  /// walk knows, makes this walk of F differ from another (empty: nothing).
  virtual std::string contextKey(const clang::FunctionDecl*, const clang::CallExpr* /*Via*/,
                                 const analysis::NestedPattern* /*Closure*/) {
    return "";
  }
  /// F is entered (after contextKey for the same F) / left.
  virtual void entered(const clang::FunctionDecl*) {}
  virtual void leaving(const clang::FunctionDecl*) {}

  // ---- divergence ----

  /// Why only some participants reach a point: a varying condition, and where the others leave
  /// when that is how (an early return, break or continue).
  struct Divergence {
    analysis::Varying why;
    const clang::Expr* cond = nullptr;
    bool loopCondition = false;
    const clang::Stmt* exit = nullptr;
  };
  /// The innermost divergence around the point walked that varies in `Bits`: conditions first,
  /// then early exits of loops and functions.
  std::optional<Divergence> innermostDivergence(unsigned Bits) const;
  /// The participants (analysis::AcrossThreads, AcrossLanes) between which the control flow
  /// around the point walked differs.
  unsigned divergentBits() const;

  /// The functions being walked, outermost first.
  struct Function {
    const clang::FunctionDecl* fn = nullptr;
    size_t condBase = 0, loopBase = 0;  // Conds and Loops at entry: what is local to it
    std::vector<Divergence> exits;      // returns under a varying condition seen so far
  };

  const ir::Kernel* Kernel = nullptr;
  analysis::VaryingValues Values;
  std::vector<Function> Functions;
  std::vector<analysis::NestedPattern> Frames;  // the nested patterns whose closures hold the point

private:
  /// A loop or switch being walked: the continues and breaks under a varying condition seen so far,
  /// which make the rest of its body divergent.
  struct Loop {
    bool isSwitch = false;
    size_t condBase = 0;
    std::vector<Divergence> rest;
  };

  void walkFunction(const clang::FunctionDecl* F, const std::vector<analysis::Varying>& Params,
                    const clang::CallExpr* Via, const analysis::NestedPattern* Closure);
  void walk(const clang::Stmt* S);
  void walkLoop(const clang::Expr* Cond, const clang::Stmt* Body, const clang::Expr* Inc,
                const clang::Stmt* LoopVar = nullptr);
  void walkCall(const clang::CallExpr* Call);
  bool pushCondition(const clang::Expr* Cond, bool IsLoop);
  std::optional<Divergence> localDivergence(size_t CondBase, size_t LoopBase) const;
  std::optional<Divergence> findEarlyExit(const clang::Stmt* S, std::optional<Divergence> Under,
                                          unsigned Nest);

  std::vector<Divergence> Conds;  // the varying conditions around the point walked
  std::vector<Loop> Loops;        // the loops and switches around it
  std::set<std::pair<const clang::FunctionDecl*, std::string>> Walked;
};

}  // namespace checks
}  // namespace hpar
