// Applies a backend to the IR of one translation unit: the edits that turn the analysed file into
// the output (prologue, kernels before their enclosing declarations, callees, device marks).
#include "emit/Backend.h"
#include "emit/Shared.h"

namespace hpar {
namespace emit {

/// A header's kernel, defined once however often the header is included: a header without an
/// include guard (one included once per value of a macro, each time specialising a class
/// template for that value) brings its kernels into the translation unit at every inclusion.
/// The kernel is a template over the policy and the functor, so its first definition serves
/// every inclusion.
static std::string guarded(const std::string& Name, const std::string& Kernel) {
  const std::string Macro = "HPAR_KERNEL_" + Name;
  return "#ifndef " + Macro + "\n#define " + Macro + "\n" + Kernel + "#endif\n";
}

output::EditList lower(const Backend& B, const ir::TranslationUnit& TU) {
  output::EditList Edits;
  Edits.insert(0, B.prologue(TU));
  for (const ir::Kernel& K : TU.kernels) {
    if (K.onHost) continue;  // the header's serial implementation runs it
    Edits.insert(K.insertAt, K.inHeader ? guarded(K.name, B.kernel(TU, K)) : B.kernel(TU, K));
    if (K.variantOf >= 0) continue;  // its site calls the first kernel's siteName
    if (!K.siteName.empty()) continue;  // below, after every kernel of its site
    Edits.replace(K.calleeBegin, K.calleeEnd - K.calleeBegin, B.launcher(K));
    B.editDispatch(K, Edits);
  }
  // A dispatch site with kernels of several policy kinds calls a launcher that picks one.
  for (size_t I = 0; I < TU.kernels.size(); ++I) {
    const ir::Kernel& K = TU.kernels[I];
    if (K.siteName.empty()) continue;
    std::vector<const ir::Kernel*> OnDevice;
    for (const ir::Kernel& V : TU.kernels)
      if ((&V == &K || V.variantOf == int(I)) && !V.onHost) OnDevice.push_back(&V);
    if (OnDevice.empty()) continue;
    const std::string Text = siteLauncher(K, OnDevice, [&](const ir::Kernel& V) { return B.launcher(V); });
    Edits.insert(K.insertAt, K.inHeader ? guarded(K.siteName, Text) : Text);
    Edits.replace(K.calleeBegin, K.calleeEnd - K.calleeBegin, K.siteName);
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
