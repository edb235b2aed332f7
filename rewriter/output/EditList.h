// Edits to one file, applied to a copy; and the atomic write of the result.
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
  /// replacements overlap. With `lineFile` (the source's path), wherever edits that end a line
  /// added or removed lines, the source's text that follows is marked `#line N "lineFile"`, so
  /// that the compiler's diagnostics, __LINE__ and debug information name the user's lines.
  bool apply(const std::string& source, std::string& result,
             const std::string& lineFile = "") const;

private:
  struct Edit {
    unsigned offset, length;
    std::string text;
  };
  std::vector<Edit> edits;
};

/// A file to write: where, and what.
struct FileContents {
  std::string path;
  std::string contents;
};

/// Writes every file through a temporary file in its directory, and renames the temporaries
/// only once all of them are written, so that the files are all complete or all untouched
/// (an output and its depfile go together). Returns an error message, or "".
std::string writeAtomically(const std::vector<FileContents>& files);

}  // namespace output
}  // namespace hpar
