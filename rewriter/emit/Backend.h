// A backend turns the IR of one translation unit into edits of the analysed file. Each backend is a
// folder emit/<name>/ and a line of emit/Backends.def (emit/Registry.h).
#pragma once

#include "ir/Kernel.h"
#include "output/EditList.h"
#include <memory>
#include <string>
#include <vector>

namespace hpar {
namespace emit {

class Backend {
public:
  virtual ~Backend() = default;
  /// Text placed at the top of the output: the banner and the runtime include.
  virtual std::string prologue(const ir::TranslationUnit& TU) const = 0;
  /// The named kernel and its host launcher, placed before the enclosing declaration.
  virtual std::string kernel(const ir::TranslationUnit& TU, const ir::Kernel& K) const = 0;
  /// What replaces the dispatch's callee.
  virtual std::string launcher(const ir::Kernel& K) const = 0;
  /// Edits of the dispatch's own text besides its callee (none by default).
  virtual void editDispatch(const ir::Kernel& K, output::EditList& Edits) const {}
  /// Edits that make the user's functions and lambdas callable on the device.
  virtual void markDeviceCode(const ir::TranslationUnit& TU, output::EditList& Edits) const = 0;
  /// How the kernel is launched, for --explain-launch: the mapping of its levels to the
  /// backend's threads and how its shape is chosen (lines, without a trailing newline).
  virtual std::string explainLaunch(const ir::TranslationUnit& TU, const ir::Kernel& K) const = 0;
};

/// Applies a backend to the IR: the edit list that turns the analysed file into the output.
output::EditList lower(const Backend& B, const ir::TranslationUnit& TU);

/// A remark of --explain-launch: an offset of the analysed file, and what to say there.
struct LaunchRemark {
  unsigned offset;
  std::string text;
};

/// The remarks of --explain-launch (emit/Explain.cpp): at each kernel's dispatch, how it is
/// launched (Backend::explainLaunch); at each nested MDRange whose walking direction the output
/// turns, which index it walks fastest.
std::vector<LaunchRemark> explainLaunches(const Backend& B, const ir::TranslationUnit& TU);

}  // namespace emit
}  // namespace hpar
