// --explain-launch: what the backend says of each kernel's launch, as remarks at the user's text.
#include "emit/Backend.h"
#include "ir/Naming.h"

namespace hpar {
namespace emit {

std::vector<LaunchRemark> explainLaunches(const Backend& B, const ir::TranslationUnit& TU) {
  std::vector<LaunchRemark> Remarks;
  for (const ir::Kernel& K : TU.kernels) {
    std::string Text = "kernel '" + K.name + "' (" + ir::patternName(K.pattern) + " over a " +
                       ir::policyName(K.policy) + "): ";
    Text += K.onHost ? std::string("runs on the host, as written") : B.explainLaunch(TU, K);
    while (!Text.empty() && Text.back() == '\n') Text.pop_back();
    Remarks.push_back({K.calleeBegin, std::move(Text)});
  }
  for (const ir::TranslationUnit::Rewalk& W : TU.rewalkedRanges)
    Remarks.push_back(
        {W.begin, std::string("this range is walked with its ") +
                      (W.lastFastest ? "last" : "first") +
                      " index fastest, the index in which the Views its closure indexes have "
                      "stride 1 (so a warp's lanes access consecutive elements)"});
  return Remarks;
}

}  // namespace emit
}  // namespace hpar
