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
// include "check.hpp".
//
// Crashes. hpar-translate runs each file under crash recovery, because clang 19 itself crashes on
// some invalid programs: the tool then prints an internal error and writes nothing. The target
// does the same, so that clang's own crashes do not end the search, and keeps the two kinds
// apart: a crash recovered here is saved (recovered-<hash> in the folder HPAR_FUZZ_RECOVERED, or
// the current one), and the process ends with status 77, which scripts/fuzz.sh reads as "decide
// whose crash this was". It replays the input with HPAR_FUZZ_CLANG_ONLY=1, which makes this
// target parse with clang alone (TextTranslator::parse: the same invocation and precompiled
// header, no analysis, checks or emission) and without recovery: if clang alone crashes, the crash
// was clang's, and fuzz.sh goes on; if not, it was the translator's, and fuzz.sh fails. Sanitizer
// reports (AddressSanitizer, UndefinedBehaviorSanitizer, leaks) are never recovered: they end
// the run at once, as do broken promises (below).
//
// Beyond crashes, sanitizer reports and leaks, the target aborts when the result breaks what the
// pipeline promises: a failed run says why (some diagnostic) and has no text; a successful
// translation has text; a --check run never has text.
#include "TextTranslator.h"

#include "clang/Basic/Stack.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <unistd.h>

namespace {

hpar::TextTranslator* Translator = nullptr;
std::string PchDir;
bool Verbose = false;    // HPAR_FUZZ_VERBOSE=1: print each result (for replaying one input)
bool ClangOnly = false;  // HPAR_FUZZ_CLANG_ONLY=1: parse with clang alone, without recovery
uint64_t Executions = 0;  // inputs run by this process
/// HPAR_FUZZ_CRASH_ON=TEXT: the target crashes (SIGSEGV) where the translator runs, on every input
/// that contains TEXT, as a bug of the translator would; test/fuzz/fuzz_recovery.test checks with
/// it that scripts/fuzz.sh fails on such a crash.
const char* CrashOn = nullptr;

/// The exit status that tells scripts/fuzz.sh a crash was recovered (see the top of this file).
constexpr int kRecoveredStatus = 77;

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

/// Saves the input whose translation crashed and ends the process with kRecoveredStatus. The
/// process that recovered is not trusted to go on: the crash left clang's state and allocations
/// behind.
[[noreturn]] void endAfterRecoveredCrash(const uint8_t* Data, size_t Size) {
  const char* Dir = std::getenv("HPAR_FUZZ_RECOVERED");
  llvm::SmallString<256> Path(Dir ? Dir : ".");
  llvm::sys::path::append(Path, "recovered-" + llvm::toHex(llvm::SHA1::hash({Data, Size}),
                                                           /*LowerCase=*/true));
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (!EC) Out.write(reinterpret_cast<const char*>(Data), Size);
  Out.close();
  llvm::errs() << "hpar-fuzz: recovered from a crash (as hpar-translate does) after " << Executions
               << " executions; the input is " << (EC ? "lost: " + EC.message() : Path.str().str())
               << "\n";
  llvm::errs().flush();
  removePchDir();
  _exit(kRecoveredStatus);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  // Lets clang's deep recursion move to a fresh stack in time, as in clang's own main.
  clang::noteBottomOfStack();
  Verbose = std::getenv("HPAR_FUZZ_VERBOSE") != nullptr;
  ClangOnly = std::getenv("HPAR_FUZZ_CLANG_ONLY") != nullptr;
  CrashOn = std::getenv("HPAR_FUZZ_CRASH_ON");
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
  // After the precompiled header: a crash while making it is a crash, not a recovered one.
  if (!ClangOnly) llvm::CrashRecoveryContext::Enable();
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
  ++Executions;
  if (ClangOnly) {
    hpar::TextResult R = Translator->parse(Source, Options);
    if (Verbose) llvm::errs() << "hpar-fuzz: clang alone, status " << R.status << "\n" << R.diagnostics;
    return 0;
  }
  hpar::TextResult R;
  llvm::CrashRecoveryContext Recovery;
  if (!Recovery.RunSafely([&] {
        if (CrashOn && *CrashOn && Source.contains(CrashOn)) std::raise(SIGSEGV);
        R = Translator->translate(Source, Options);
      }))
    endAfterRecoveredCrash(Data, Size);
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
