// hpar runtime: the launcher's checks for a team kernel compiled for the shape the translator
// read from its policy (docs/design.md section 8, "Launch shapes of team kernels"), for every
// backend. The translator reads a policy's team size or vector length only when nothing can
// change it before the dispatch, so a mismatch is the translator's error, reported rather than
// run: the kernel's code assumes the shape.
#pragma once

#include <hpar/rt/common.hpp>
#include <hpar/team.hpp>

namespace hpar {
namespace rt {

/// The vector length a policy asks for, as every backend rounds it (impl::resolved_vector_length;
/// the OpenMP build's vector_length() is then the device's lanes, 1 on the host).
template <class Policy>
int asked_vector_length(const Policy& policy) {
  return impl::resolved_vector_length(policy.impl_requested_vector_length());
}

/// The policy asks for the vector length the kernel was compiled for.
template <class Policy>
void check_team_lanes(const Policy& policy, int vector, const KernelSite& site) {
  if (asked_vector_length(policy) != impl::resolved_vector_length(vector))
    fail_with(site,
              "internal error: the kernel was compiled for vector length %d, but the policy asks "
              "for %d",
              vector, asked_vector_length(policy));
}

/// The policy asks for the team size and vector length the kernel was compiled for.
template <class Policy>
void check_team_shape(const Policy& policy, int team, int vector, const KernelSite& site) {
  if (policy.impl_auto_team_size() || policy.team_size() != team ||
      asked_vector_length(policy) != impl::resolved_vector_length(vector))
    fail_with(site,
              "internal error: the kernel was compiled for team size %d and vector length %d, "
              "but the policy asks for %d and %d",
              team, vector, int(policy.team_size()), asked_vector_length(policy));
}

}  // namespace rt
}  // namespace hpar
