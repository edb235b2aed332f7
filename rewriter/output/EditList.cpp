#include "output/EditList.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace hpar {
namespace output {

bool EditList::apply(const std::string& source, std::string& result) const {
  std::vector<const Edit*> order;
  for (const Edit& E : edits) order.push_back(&E);
  // Insertions at an offset go before a replacement starting there.
  std::stable_sort(order.begin(), order.end(), [](const Edit* A, const Edit* B) {
    if (A->offset != B->offset) return A->offset < B->offset;
    return A->length < B->length;
  });
  result.clear();
  unsigned pos = 0;
  for (const Edit* E : order) {
    if (E->offset < pos || E->offset + E->length > source.size()) {
      result.clear();
      return false;
    }
    result.append(source, pos, E->offset - pos);
    result += E->text;
    pos = E->offset + E->length;
  }
  result.append(source, pos, std::string::npos);
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
