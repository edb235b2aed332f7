// libFuzzer target over hpar-translate's pipeline (docs/testing.md, "Fuzzing").
//
// An input is one mode byte followed by the C++ source text. The mode byte picks what
// hpar-translate would be asked to do with the text:
//   bits 0-1   0: --backend=cuda   1: --backend=openmp   2: --check   3: --check --backend=openmp
//   bit 2      -Werror
// the other bits are ignored. scripts/fuzz.sh prefixes every seed (the project's test programs)
// with such a byte, spreading the seeds over the modes; mutation then moves them between modes.
//
// Each text is parsed in memory (hpar::TextTranslator) after a precompiled header of
// Kokkos_Core.hpp (which brings in all of hpar.hpp and the standard headers it names), made once
// per backend when the process starts; test/exec is on the include path for the programs that
// include "check.hpp". There is no crash recovery: a crash of the translator or of clang reaches
// libFuzzer and the sanitizers.
//
// Beyond crashes, sanitizer reports and leaks, the target aborts when the result breaks what the
// pipeline promises: a failed run says why (some diagnostic) and has no text; a successful
// translation has text; a --check run never has text.
#include "Translate.h"

#include "clang/Basic/Stack.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>

namespace {

hpar::TextTranslator* Translator = nullptr;
std::string PchDir;
bool Verbose = false;  // HPAR_FUZZ_VERBOSE=1: print each result (for replaying one input)

/// Removes the precompiled headers made by this process.
void removePchDir() {
  if (PchDir.empty()) return;
  llvm::sys::fs::remove_directories(PchDir);
}

/// Stops the run when the result breaks the pipeline's promises (see the top of this file).
void expect(bool ok, const char* what, const hpar::TextResult& R) {
  if (ok) return;
  llvm::errs() << "hpar-fuzz: broken promise: " << what << "\nstatus " << R.status
               << "\n--- diagnostics ---\n" << R.diagnostics << "--- text ---\n" << R.text
               << "\n---\n";
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  // Lets clang's deep recursion move to a fresh stack in time, as in clang's own main.
  clang::noteBottomOfStack();
  Verbose = std::getenv("HPAR_FUZZ_VERBOSE") != nullptr;
  hpar::frontend::SearchPaths Paths = hpar::frontend::findSearchPaths((*argv)[0]);
  // A few errors are enough to reach the translator's paths on broken input; the rest of a
  // mutated file would only cost time. `#pragma clang __debug crash` and its kind crash on
  // purpose: they are turned off.
  std::vector<std::string> Args = {"-I" HPAR_FUZZ_EXEC_INCLUDE_DIR, "-ferror-limit=5",
                                   "-fno-spell-checking", "-Xclang",
                                   "-disable-pragma-debug-crash"};
  Translator = new hpar::TextTranslator(Paths, Args);
  llvm::SmallString<128> Dir;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("hpar-fuzz-pch", Dir)) {
    llvm::errs() << "hpar-fuzz: cannot create a folder for the precompiled header: "
                 << EC.message() << "\n";
    std::exit(1);
  }
  PchDir = std::string(Dir);
  std::atexit(removePchDir);
  std::string Header = Paths.apiInclude + "/hpar/compat/Kokkos_Core.hpp";
  std::string Problems = Translator->precompile(Header, PchDir);
  if (!Problems.empty()) {
    llvm::errs() << "hpar-fuzz: cannot precompile " << Header << ":\n" << Problems;
    std::exit(1);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* Data, size_t Size) {
  if (Size == 0) return 0;
  const uint8_t Mode = Data[0];
  hpar::TranslateOptions Options;
  Options.backend = &hpar::emit::allBackends()[(Mode & 1) % hpar::emit::allBackends().size()];
  Options.checkOnly = (Mode & 2) != 0;
  if (Mode & 4) Options.diagnostics.apply("error");
  llvm::StringRef Source(reinterpret_cast<const char*>(Data) + 1, Size - 1);
  hpar::TextResult R = Translator->translate(Source, Options);
  if (Verbose)
    llvm::errs() << "hpar-fuzz: mode " << int(Mode & 7) << ", status " << R.status << "\n"
                 << R.diagnostics << R.text << "\n";
  if (R.status != 0) {
    expect(!R.diagnostics.empty(), "a failed run reports no diagnostic", R);
    expect(R.text.empty(), "a failed run has text", R);
  } else if (Options.checkOnly) {
    expect(R.text.empty(), "a --check run has text", R);
  } else {
    expect(!R.text.empty() || Source.empty(), "a successful translation has no text", R);
  }
  return 0;
}
