#include "output/EditList.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace hpar {
namespace output {

/// `path` as the text of a string literal.
static std::string literal(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

bool EditList::apply(const std::string& source, std::string& result,
                     const std::string& lineFile) const {
  std::vector<const Edit*> order;
  for (const Edit& E : edits) order.push_back(&E);
  // Insertions at an offset go before a replacement starting there.
  std::stable_sort(order.begin(), order.end(), [](const Edit* A, const Edit* B) {
    if (A->offset != B->offset) return A->offset < B->offset;
    return A->length < B->length;
  });
  result.clear();
  unsigned pos = 0, line = 1, counted = 0;  // `line`: the source's line at offset `counted`
  bool resync = false;  // edits added or removed lines: the source's next line needs its number
  auto appendSource = [&](unsigned from, unsigned to) {
    if (from >= to) return;
    if (!resync || lineFile.empty()) {
      result.append(source, from, to - from);
      return;
    }
    unsigned at = from;
    if (!result.empty() && result.back() != '\n') {  // mid-line: mark the next line
      const size_t end = source.find('\n', from);
      if (end == std::string::npos || end + 1 >= to) {
        result.append(source, from, to - from);
        return;
      }
      result.append(source, from, end + 1 - from);
      at = unsigned(end + 1);
    }
    line += unsigned(std::count(source.begin() + counted, source.begin() + at, '\n'));
    counted = at;
    result += "#line " + std::to_string(line) + " \"" + literal(lineFile) + "\"\n";
    resync = false;
    result.append(source, at, to - at);
  };
  for (const Edit* E : order) {
    if (E->offset < pos || E->offset + E->length > source.size()) {
      result.clear();
      return false;
    }
    appendSource(pos, E->offset);
    result += E->text;
    if (std::count(E->text.begin(), E->text.end(), '\n') !=
        std::count(source.begin() + E->offset, source.begin() + E->offset + E->length, '\n'))
      resync = true;
    pos = E->offset + E->length;
  }
  appendSource(pos, unsigned(source.size()));
  return true;
}

/// Writes `contents` to a new temporary file next to `path`; returns an error message, or "".
static std::string writeTemporary(const std::string& path, const std::string& contents,
                                  llvm::SmallString<256>& temp) {
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (dir.empty()) dir = ".";
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, llvm::sys::path::filename(path) + ".tmp-%%%%%%");
  int fd;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(model, fd, temp))
    return "cannot create a file in '" + std::string(dir) + "': " + EC.message();
  llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
  out << contents;
  out.close();
  if (out.has_error()) {
    llvm::sys::fs::remove(temp);
    return "cannot write '" + std::string(temp) + "': " + out.error().message();
  }
  return "";
}

std::string writeAtomically(const std::vector<FileContents>& files) {
  std::vector<llvm::SmallString<256>> temps(files.size());
  auto removeTemps = [&] {
    for (const auto& t : temps)
      if (!t.empty()) llvm::sys::fs::remove(t);
  };
  for (size_t i = 0; i < files.size(); ++i) {
    std::string err = writeTemporary(files[i].path, files[i].contents, temps[i]);
    if (!err.empty()) {
      removeTemps();
      return err;
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::error_code EC = llvm::sys::fs::rename(temps[i], files[i].path)) {
      removeTemps();
      return "cannot rename to '" + files[i].path + "': " + EC.message();
    }
    temps[i].clear();
  }
  return "";
}

}  // namespace output
}  // namespace hpar
