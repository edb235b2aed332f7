// Facts about the types at a dispatch: the policy (kind, work tag, MDRange rank) and the
// reduction result (which built-in operation on a scalar it is, if any).
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
  /// The policy's execution space is a host space whose dispatches are translated to run on the
  /// host's threads (OpenMP in the OpenMP build for the host).
  bool onHostThreads = false;
};

/// Whether the translation unit's default execution space runs its kernels on the host's threads
/// (the OpenMP build for the host).
bool defaultSpaceOnHost(clang::ASTContext& Ctx);

/// Describes the policy argument of a dispatch, or nothing when its type is not a policy or
/// an integral count. A count runs where the functor's own `execution_space` says, when it
/// declares one (Kokkos' parallel_for(N, functor)); give `functorType` for that.
std::optional<PolicyFacts> describePolicy(clang::QualType T,
                                          clang::QualType functorType = clang::QualType());

/// The operation of a one-result reduction: Sum for an arithmetic scalar result, the reducer's for
/// a built-in reducer over an arithmetic type, Other when the functor defines value_type or
/// anything else.
ir::ScalarReduce scalarReduceOf(clang::QualType functorType, clang::QualType resultType);

}  // namespace analysis
}  // namespace hpar
