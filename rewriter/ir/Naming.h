// The names the IR gives things, shared by analysis (which names each kernel), checks (which quote
// names in messages) and the emitters (which write them). Kernel names: hpar_<label>_L<line>, or
// hpar_<file stem>_L<line> without a literal label; a second kernel of the same name gets
// _C<column>; a kernel of a header ends in the header's name (hpar_axpy_L12_kernels_hpp).
#pragma once

#include "ir/Kernel.h"
#include <set>
#include <string>

namespace hpar {
namespace ir {

/// Returns a unique C identifier for the kernel and records it in `taken`.
std::string kernelName(const Kernel& K, std::set<std::string>& taken);

/// Returns the pattern's API name: parallel_for, parallel_reduce or parallel_scan.
const char* patternName(Pattern P);

/// Returns the policy's API name: RangePolicy, MDRangePolicy or TeamPolicy.
const char* policyName(PolicyKind P);

/// The end of the name of one kernel of a dispatch with several policy kinds (Kernel::siteName):
/// range, mdrange<rank> or team.
std::string policyKindSuffix(const Kernel& K);

}  // namespace ir
}  // namespace hpar
