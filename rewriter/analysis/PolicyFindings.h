// The execution policies, nested MDRanges and team scratch calls of the analysed file, read once by
// analysis for the policies rule family (checks/Policies.cpp), which judges them against the
// limits of a GPU and words the diagnostics.
//
// Three lists:
//   - what is written in the analysed file, in the order of one walk over its declarations (every
//     instantiation of a template, lambda bodies included; hpar's headers left out): MDRangePolicy,
//     TeamPolicy and team-level MDRange constructions (copies and moves are left out: they were
//     read where the original was built), set_scratch_size calls and the team member's
//     team_scratch / thread_scratch calls;
//   - the MDRangePolicy of each instantiation of each dispatch, in the order of the instances;
//   - for each traced TeamPolicy (Analysis::teamPolicies, PolicyTrace.h), its scratch requests
//     and the scratch its functor's bodies use (team_scratch, thread_scratch, team_shmem).
// Sizes, levels and lengths are read as constants (Expr::EvaluateAsInt) or not at all.
#pragma once

#include "analysis/DispatchFinder.h"
#include "analysis/PolicyTrace.h"
#include "analysis/AnalysedFile.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

struct TracedPolicy;

/// A policy, team-level MDRange or scratch call written in the analysed file.
struct PolicyConstructFinding {
  enum class Kind {
    MDRangePolicy,   // an MDRangePolicy construction of rank `rank`
    TeamPolicy,      // a TeamPolicy construction: `team` and `vector`
    NestedMDRange,   // TeamThreadMDRange, ThreadVectorMDRange or TeamVectorMDRange: `nested`
    ScratchRequest,  // set_scratch_size: `level` and `request`
    ScratchUse,      // team_scratch(level) or thread_scratch(level): `level`
  };
  Kind kind = Kind::MDRangePolicy;
  clang::SourceLocation loc;  // the construction or call
  clang::SourceRange range;

  // ---- MDRangePolicy ----
  int64_t rank = 0;
  const clang::Type* policyType = nullptr;  // canonical and unqualified: tells the types apart

  // ---- TeamPolicy ----
  /// A size argument of a TeamPolicy construction and its value when it is a constant.
  struct SizeArgument {
    bool present = false;             // given (for the vector length: AUTO or not)
    std::optional<int64_t> value;     // the team size only when positive (TeamShape::teamSize)
    bool written = false;             // written in the call, not a default argument
    bool literal = false;             // an integer literal written in the file (not a macro)
    clang::SourceLocation loc;
    clang::SourceRange range;
  };
  SizeArgument team, vector;

  // ---- team-level MDRange ----
  int extents = 0;            // how many extents it has
  std::string rangeName;      // "TeamThreadMDRange"
  std::string singleName;     // its one-dimensional form: "TeamThreadRange"
  /// The class name of a construction written with deduced template arguments (CTAD), written
  /// in the file; invalid otherwise.
  clang::SourceLocation deducedName;

  // ---- scratch calls ----
  std::string method;                // "set_scratch_size", "team_scratch", "thread_scratch"
  bool hasLevel = false;             // the call has a level argument
  std::optional<int64_t> level;      // the level when constant
  clang::SourceLocation levelLoc;    // the level argument
  clang::SourceRange levelRange;
  /// set_scratch_size: what it requests, all its arguments, the constant team size of the policy
  /// it is called on (when it can be followed to its construction), and the call itself (which
  /// tells the calls apart: the same line in two instantiations is two calls).
  ScratchRequest request;
  clang::SourceRange arguments;
  std::optional<int64_t> policyTeamSize;
  const clang::CXXMemberCallExpr* call = nullptr;
};

/// The MDRangePolicy an instantiation of a dispatch runs over.
struct MDRangeDispatchFinding {
  size_t instance = 0;  // index into Dispatches::instances
  size_t kernel = 0;    // index into TranslationUnit::kernels
  int64_t rank = 0;
  const clang::Type* policyType = nullptr;  // canonical and unqualified
  clang::SourceLocation loc;                // the policy argument as written
  clang::SourceRange range;
};

/// A set_scratch_size call on a traced policy.
struct ScratchRequestCall {
  const clang::CXXMemberCallExpr* call = nullptr;  // the same call as the walk's
  clang::SourceLocation levelLoc;                  // its level argument
  clang::SourceRange arguments;
};

/// A team member scratch call in a functor's body.
struct FunctorScratchUse {
  std::string method;             // "team_scratch", "thread_scratch", "team_shmem"
  std::optional<int64_t> level;   // constant level (0 for team_shmem)
  clang::SourceLocation loc;
  clang::SourceRange range;
};

/// The scratch a traced TeamPolicy requests, and what its functor uses.
struct TeamScratchFinding {
  size_t instance = 0;  // index into Dispatches::instances
  size_t kernel = 0;    // index into TranslationUnit::kernels
  clang::SourceLocation policyLoc;  // the policy argument as written
  clang::SourceRange policyRange;
  bool complete = true;             // PolicyBuild::complete
  std::optional<int64_t> teamSize;  // the construction's constant team size (PolicyBuild::teamSize)
  /// Where the policy is built: its variable, else its construction, else the argument.
  clang::SourceLocation builtAt;
  std::vector<ScratchRequest> requests;  // in the order of `calls`
  std::vector<ScratchRequestCall> calls;
  bool functorShmemSize = false;  // a class functor (or a base) defines team_shmem_size
  /// The scratch calls of the functor's bodies (its instantiated ones), in body order.
  std::vector<FunctorScratchUse> uses;
};

/// What the policies family reads.
struct PolicyFindings {
  std::vector<PolicyConstructFinding> written;
  std::vector<MDRangeDispatchFinding> mdrangeDispatches;  // in the order of the instances
  std::vector<TeamScratchFinding> teamScratch;            // in the order of teamPolicies
};

/// Reads the policies and scratch calls of the analysed file, and each dispatch's policy.
PolicyFindings readPolicies(clang::ASTContext& ast, const AnalysedFile& file,
                            const std::vector<DispatchSite>& instances,
                            const std::vector<TracedPolicy>& teamPolicies);

}  // namespace analysis
}  // namespace hpar
