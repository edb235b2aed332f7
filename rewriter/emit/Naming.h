// Names and shared pieces of generated code. Kernel names: hpar_<label>_L<line>, or hpar_<file stem>_L<line> without a
// literal label; a second kernel of the same name gets _C<column>.
#pragma once

#include "ir/Kernel.h"
#include <set>
#include <string>

namespace hpar {
namespace emit {

/// Returns a unique C identifier for the kernel and records it in `taken`.
std::string kernelName(const ir::Kernel& K, std::set<std::string>& taken);

/// Returns `s` as the body of a C string literal.
std::string quoted(const std::string& s);

/// Returns the pattern's API name: parallel_for, parallel_reduce or parallel_scan.
const char* patternName(ir::Pattern P);

/// The opening of a generated host function named `name` that takes the dispatch's arguments:
/// its template header and signature, the normalised `policy`, `Policy`, and the `site` record.
std::string hostFunctionHead(const ir::Kernel& K, const std::string& name);

}  // namespace emit
}  // namespace hpar
