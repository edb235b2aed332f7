// Applies a backend to the IR of one translation unit: the edits that turn the main file into
// the output (prologue, kernels before their enclosing declarations, callees, device marks).
#include "emit/Backend.h"

namespace hpar {
namespace emit {

output::EditList lower(const Backend& B, const ir::TranslationUnit& TU) {
  output::EditList Edits;
  Edits.insert(0, B.prologue(TU));
  for (const ir::Kernel& K : TU.kernels) {
    if (K.onHost) continue;  // the header's serial implementation runs it
    Edits.insert(K.insertAt, B.kernel(K));
    Edits.replace(K.calleeBegin, K.calleeEnd - K.calleeBegin, B.launcher(K));
    B.editDispatch(K, Edits);
  }
  for (const ir::TranslationUnit::Callee& C : TU.unrolledNestedFors)
    Edits.replace(C.begin, C.end - C.begin, "hpar::impl::unrolled_parallel_for");
  for (const ir::TranslationUnit::Rewalk& W : TU.rewalkedRanges) {
    Edits.insert(W.begin, W.lastFastest ? "hpar::impl::walk_last_fastest("
                                        : "hpar::impl::walk_first_fastest(");
    Edits.insert(W.end, ")");
  }
  B.markDeviceCode(TU, Edits);
  return Edits;
}

}  // namespace emit

}  // namespace hpar
