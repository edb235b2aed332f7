// Edits to the main file, applied to a copy; and the atomic write of the result.
#pragma once

#include <string>
#include <vector>

namespace hpar {
namespace output {

/// Insertions and replacements at byte offsets of one source text. Insertions at the same
/// offset keep the order in which they were added.
class EditList {
public:
  void insert(unsigned offset, std::string text) { edits.push_back({offset, 0, std::move(text)}); }
  void replace(unsigned offset, unsigned length, std::string text) {
    edits.push_back({offset, length, std::move(text)});
  }
  /// Applies the edits to `source`; returns false (and leaves `result` empty) when two
  /// replacements overlap.
  bool apply(const std::string& source, std::string& result) const;

private:
  struct Edit {
    unsigned offset, length;
    std::string text;
  };
  std::vector<Edit> edits;
};

/// Writes `contents` to `path` through a temporary file in the same directory and a rename,
/// so that `path` is either untouched or complete. Returns an error message, or "".
std::string writeAtomically(const std::string& path, const std::string& contents);

}  // namespace output
}  // namespace hpar
