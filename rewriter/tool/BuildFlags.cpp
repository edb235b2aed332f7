#include "tool/BuildFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include <cctype>
#include <cstdlib>
#include <optional>

using namespace llvm;

namespace hpar {
namespace builds {

namespace {

std::string env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

/// The names of a table's lines for messages: "a, b or c".
template <class Range, class Name>
std::string listNames(const Range& all, Name name) {
  std::string text;
  for (size_t i = 0; i < all.size(); ++i)
    text += std::string(i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + name(all[i]);
  return text;
}

struct BackendLine {
  const char* name;
  const char* outputExtension;
};

ArrayRef<BackendLine> allBackends() {
  static const BackendLine table[] = {
#define HPAR_BACKEND(Factory, Name, Extension, ...) {Name, Extension},
#include "emit/Backends.def"
  };
  return table;
}

/// What `compiler -print-file-name=<name>` answers (the name itself where it finds no file).
std::string printFileName(const std::string& compiler, StringRef name) {
  auto exe = sys::findProgramByName(compiler);
  SmallString<128> out;
  if (!exe || sys::fs::createTemporaryFile("hpar-c++", "txt", out)) return name.str();
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(out), std::nullopt};
  std::string answer = name.str();
  if (sys::ExecuteAndWait(*exe, {*exe, "-print-file-name=" + name.str()}, std::nullopt,
                          redirects) == 0)
    if (auto text = MemoryBuffer::getFile(out)) answer = (*text)->getBuffer().trim().str();
  sys::fs::remove(out);
  return answer;
}

/// The CUDA architecture of {arch}: HPAR_CUDA_ARCH's number as sm_<number>; nvcc's native, all
/// and all-major, or an sm_ name, as they are.
std::string cudaArch() {
  const std::string arch = env("HPAR_CUDA_ARCH", "90");
  const bool number = !arch.empty() && StringRef(arch).find_if_not(::isdigit) == StringRef::npos;
  return number ? "sm_" + arch : arch;
}

/// Replaces every "{key}" in `text` by `value`.
void replaceAll(std::string& text, StringRef key, StringRef value) {
  for (size_t at = text.find(key.str()); at != std::string::npos;
       at = text.find(key.str(), at + value.size()))
    text.replace(at, key.size(), value.str());
}

/// The text between `prefix` ("{file:") and its "}" in `arg`, and where it starts; or npos.
size_t findPlaceholder(const std::string& arg, StringRef prefix, std::string& name) {
  const size_t at = arg.find(prefix.str());
  if (at == std::string::npos) return at;
  const size_t end = arg.find('}', at);
  if (end == std::string::npos) return std::string::npos;
  name = arg.substr(at + prefix.size(), end - at - prefix.size());
  return at;
}

}  // namespace

ArrayRef<Build> allBuilds() {
  static const Build table[] = {
#define HPAR_BUILD(Name, Backend, Compiler, Offload, TranslateFlags, Flags, LinkFlags) \
  {Name, Backend, Compiler, Offload, TranslateFlags, Flags, LinkFlags},
#include "emit/Builds.def"
  };
  return table;
}

const Build* findBuild(StringRef name) {
  for (const Build& b : allBuilds())
    if (name == b.name) return &b;
  return nullptr;
}

std::string buildNames() {
  return listNames(allBuilds(), [](const Build& b) { return std::string(b.name); });
}

const char* outputExtension(StringRef backend) {
  for (const BackendLine& b : allBackends())
    if (backend == b.name) return b.outputExtension;
  return nullptr;
}

std::vector<std::string> backendNames() {
  std::vector<std::string> names;
  for (const BackendLine& b : allBackends()) names.push_back(b.name);
  names.push_back("serial");
  return names;
}

std::string backendNamesWithSerial() {
  return listNames(backendNames(), [](const std::string& n) { return n; });
}

const Build* buildFor(StringRef backend, StringRef compilerKind, bool device) {
  for (const Build& b : allBuilds()) {
    if (backend != b.backend || (device && StringRef(b.offload) == "host")) continue;
    if (StringRef(b.compiler) == "nvcc" || compilerKind == b.compiler) return &b;
  }
  return nullptr;
}

std::string hostCompiler() {
  std::string cxx = env("HPAR_CXX", "");
  if (cxx.empty()) cxx = sys::findProgramByName("clang++-19") ? "clang++-19" : "g++";
  return cxx;
}

StringRef compilerKindOf(StringRef cxx) {
  return sys::path::filename(cxx).contains("clang") ? "clang" : "gcc";
}

std::string compilerProgram(StringRef compiler) {
  if (compiler == "nvcc") return env("HPAR_NVCC", "/usr/local/cuda/bin/nvcc");
  return env("HPAR_CXX", compiler == "clang" ? "clang++-19" : "g++");
}

std::string expandFlags(StringRef flags, const std::string& compiler, Args& out) {
  BumpPtrAllocator alloc;
  StringSaver saver(alloc);
  SmallVector<const char*, 16> words;
  cl::TokenizeGNUCommandLine(flags, saver, words);
  for (const char* word : words) {
    std::string arg = word;
    replaceAll(arg, "{arch}", cudaArch());
    if (arg.find("{cuda-path}") != std::string::npos) {
      const std::string path = env("HPAR_OPENMP_CUDA_PATH", "");
      if (path.empty())
        return "'" + std::string(word) +
               "' needs HPAR_OPENMP_CUDA_PATH, a CUDA 11.8 folder (scripts/setup-clang-offload.sh "
               "makes one: DIR/cuda)";
      replaceAll(arg, "{cuda-path}", path);
    }
    std::string name;
    if (size_t at = findPlaceholder(arg, "{file:", name); at != std::string::npos)
      arg.replace(at, name.size() + 7, printFileName(compiler, name));
    if (size_t at = findPlaceholder(arg, "{libdir:", name); at != std::string::npos) {
      const std::string file = printFileName(compiler, name);
      SmallString<256> real;
      if (!sys::path::is_absolute(file) || sys::fs::real_path(file, real)) continue;
      arg.replace(at, name.size() + 9, sys::path::parent_path(real).str());
    }
    out.push_back(arg);
  }
  return "";
}

std::string shellJoin(const Args& args) {
  std::string line;
  for (const std::string& a : args) {
    if (!line.empty()) line += ' ';
    const bool plain = !a.empty() && StringRef(a).find_if([](char c) {
      return !std::isalnum(static_cast<unsigned char>(c)) && !StringRef("_-+=:,./@%").contains(c);
    }) == StringRef::npos;
    if (plain) {
      line += a;
      continue;
    }
    line += '\'';
    for (char c : a) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace builds
}  // namespace hpar
