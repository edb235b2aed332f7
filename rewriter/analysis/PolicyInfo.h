// Facts about the types at a dispatch: the policy (kind, work tag, MDRange rank) and the
// reduction results (whether OpenMP's reduction clause can express them).
#pragma once

#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include <optional>

namespace hpar {
namespace analysis {

struct PolicyFacts {
  ir::PolicyKind kind = ir::PolicyKind::Range;
  bool hasWorkTag = false;
  int rank = 1;
  bool onHost = false;  // the policy's execution space is a host space (Serial, OpenMP)
};

/// Describes the policy argument of a dispatch, or nothing when its type is not a policy or
/// an integral count.
std::optional<PolicyFacts> describePolicy(clang::QualType T);

/// Decides whether a one-result reduction can use OpenMP's reduction clause: the result is an
/// arithmetic scalar (Sum) or a built-in arithmetic reducer, and the functor defines no value_type.
ir::ClauseReduction clauseFor(clang::QualType functorType, clang::QualType resultType);

}  // namespace analysis
}  // namespace hpar
