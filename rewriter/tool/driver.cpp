// hpar-c++: a compiler driver for existing builds, used as nvcc_wrapper is (CMAKE_CXX_COMPILER,
// CXX=, or in front of a compiler). It takes ordinary compiler arguments, translates each C++
// source with hpar-translate for the backend (--hpar-backend=cuda|openmp|serial, else the
// HPAR_BACKEND environment variable, else serial), compiles the translation with that backend's
// compiler and flags, and links with it. Everything else (objects, libraries, C sources, link
// steps) passes through. A link gets the command's compile flags too, as a compiler's link does
// (-fopenmp, -fsanitize=, -flto decide what is linked). The user's headers with dispatches are
// translated with the source (docs/design.md section 1); the dependency file of -MD/-MMD lists
// the user's source and every header the translation read. A source that cannot be translated
// stops the build with hpar-translate's diagnostics: it is never compiled untranslated instead.
//
// The backends are those of emit/Backends.def, and their compilers and flags those of
// emit/Builds.def (tool/BuildFlags.h): for cuda nvcc (HPAR_NVCC, default /usr/local/cuda/bin/nvcc)
// for -arch=sm_<HPAR_CUDA_ARCH, default 90>; for openmp and serial, HPAR_CXX (default clang++-19,
// else g++), with OpenMP's host fallback for openmp unless HPAR_OPENMP_FLAGS gives other flags.
// --hpar-print-flags=<build> and its kin print a build's flags for other build systems,
// --hpar-print-backends the backends, and --hpar-offloads FLAGS... whether FLAGS offload to a device.
// docs/user-guide.md, "Build an existing Kokkos project".
#include "tool/BuildFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>
#include <vector>

using namespace llvm;
using hpar::builds::Build;

namespace {

using Args = hpar::builds::Args;

/// Prints an error as a compiler does and returns the exit status.
int fail(const Twine& message) {
  errs() << "hpar-c++: error: " << message << "\n";
  return 1;
}

std::string env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

/// nvcc's options whose value is the next argument when not attached (-Xptxas -v). Not -time,
/// which the host compilers take without a value.
bool nvccTakesValue(StringRef a) {
  static const char* const names[] = {"-Xptxas", "-Xnvlink", "-maxrregcount", "-cudart",
                                      "-default-stream", "-Xcompiler"};
  for (const char* n : names)
    if (a == n) return true;
  return false;
}

/// Options whose value is the next argument when not attached (-I dir, -o file, ...).
bool takesValue(StringRef a) {
  static const char* const names[] = {"-o", "-I", "-isystem", "-iquote", "-idirafter", "-include",
                                      "-imacros", "-D", "-U", "-MF", "-MT", "-MQ", "-x",
                                      "-Xlinker", "-L", "-l", "-isysroot", "--sysroot", "-target",
                                      "-u", "-z", "-T"};
  for (const char* n : names)
    if (a == n) return true;
  return nvccTakesValue(a);
}

/// nvcc's own options in their one-dash spellings: those Kokkos' nvcc_wrapper hands nvcc (its
/// "known nvcc args": -use_fast_math, -lineinfo, -Xptxas, -maxrregcount=...) and nvcc's other
/// options of code generation (-restrict, -ftz=, -prec-div=, -prec-sqrt=, -rdc=). With the cuda
/// backend they go to nvcc as they are; through -Xcompiler its host compiler would take
/// -use_fast_math for `-u se_fast_math` and the device code would be built without it.
bool nvccOwnOption(StringRef f) {
  static const char* const exact[] = {
      "-G", "-lineinfo", "-use_fast_math", "-restrict", "-extended-lambda",
      "-expt-extended-lambda", "-expt-relaxed-constexpr", "-res-usage", "-keep", "-dryrun",
      "-src-in-ptx", "-Wext-lambda-captures-this", "-Wno-deprecated-gpu-targets",
      "-allow-unsupported-compiler"};
  static const char* const prefixes[] = {
      "-arch", "-gencode", "-code=", "-fmad=", "-ftz=", "-prec-div=", "-prec-sqrt=",
      "-maxrregcount=", "-Xptxas=", "-Xnvlink=", "-time=", "-keep-dir", "-rdc=", "-cudart=",
      "-default-stream="};
  for (const char* n : exact)
    if (f == n) return true;
  for (const char* p : prefixes)
    if (f.starts_with(p)) return true;
  return nvccTakesValue(f);
}

bool isCxxSource(StringRef path) {
  StringRef ext = sys::path::extension(path);
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++" ||
         ext == ".cp" || ext == ".CPP";
}

/// The compiler invocation, split into what the driver needs to know.
struct Invocation {
  std::string backend;
  bool compileOnly = false;            // -c
  bool preprocessOrAssembly = false;   // -E, -S, -M, -MM: not handled through translation
  std::string output;                  // -o
  bool depfile = false;                // -MD or -MMD
  std::string depOutput, depTarget;    // -MF, -MT/-MQ
  std::vector<std::string> sources;    // C++ sources to translate
  Args others;                         // other inputs: objects, libraries, C sources
  Args preprocessor;                   // -I, -isystem, -iquote, -D, -U, -include, -std=: the translator's too
  Args compile;                        // everything else for the compiler (-O2, -g, -fPIC, -W...)
  Args link;                           // -L, -l, -Wl,..., -Xlinker, -shared: the link's alone
};

/// Sorts the arguments; returns "" or what is wrong with them.
std::string parse(const Args& argv, Invocation& inv) {
  for (size_t i = 0; i < argv.size(); ++i) {
    StringRef a(argv[i]);
    auto value = [&](StringRef name) -> std::string {
      if (a.size() > name.size()) return a.drop_front(name.size()).str();
      return i + 1 < argv.size() ? argv[++i] : std::string();
    };
    if (a.starts_with("--hpar-backend=")) {
      inv.backend = a.drop_front(15).str();
    } else if (a == "-c") {
      inv.compileOnly = true;
    } else if (a == "-E" || a == "-S" || a == "-M" || a == "-MM") {
      inv.preprocessOrAssembly = true;
      inv.compile.push_back(a.str());
    } else if (a == "-o") {
      inv.output = value("-o");
    } else if (a == "-MD" || a == "-MMD") {
      inv.depfile = true;
    } else if (a == "-MF" || a.starts_with("-MF")) {
      inv.depOutput = value("-MF");
    } else if (a == "-MT" || a.starts_with("-MT") || a == "-MQ" || a.starts_with("-MQ")) {
      inv.depTarget = value(a.substr(0, 3));
    } else if (a == "-MP") {
      // phony targets: the depfile below has none to add beyond the list
    } else if (a == "-I" || a == "-isystem" || a == "-iquote" || a == "-idirafter" ||
               a == "-include" || a == "-imacros" || a == "-D" || a == "-U") {
      if (i + 1 >= argv.size()) return "missing argument to '" + a.str() + "'";
      inv.preprocessor.push_back(a.str());
      inv.preprocessor.push_back(argv[++i]);
    } else if (a.starts_with("-I") || a.starts_with("-D") || a.starts_with("-U") ||
               a.starts_with("-isystem") || a.starts_with("-std=")) {
      inv.preprocessor.push_back(a.str());
    } else if (a == "-x") {
      if (i + 1 >= argv.size()) return "missing argument to '-x'";
      const std::string lang = argv[++i];
      if (lang != "c++" && lang != "cu" && lang != "cuda")
        return "-x " + lang + ": hpar-c++ compiles C++ (use the C compiler for other languages)";
    } else if (a == "-L" || a == "-l" || a == "-Xlinker" || a == "-u" || a == "-z" || a == "-T") {
      if (i + 1 >= argv.size()) return "missing argument to '" + a.str() + "'";
      inv.link.push_back(a.str());
      inv.link.push_back(argv[++i]);
    } else if (a.starts_with("-L") || a.starts_with("-l") || a.starts_with("-Wl,") ||
               a == "-shared" || a == "-rdynamic" || a == "-static" || a == "-pie" ||
               a == "-no-pie") {
      inv.link.push_back(a.str());
    } else if (a.starts_with("-")) {
      if (takesValue(a)) {
        if (i + 1 >= argv.size()) return "missing argument to '" + a.str() + "'";
        inv.compile.push_back(a.str());
        inv.compile.push_back(argv[++i]);
      } else {
        inv.compile.push_back(a.str());
      }
    } else if (isCxxSource(a)) {
      inv.sources.push_back(a.str());
    } else {
      inv.others.push_back(a.str());
    }
  }
  if (inv.backend.empty()) inv.backend = env("HPAR_BACKEND", "serial");
  if (inv.backend != "serial" && !hpar::builds::outputExtension(inv.backend))
    return "unknown backend '" + inv.backend + "' (--hpar-backend= or HPAR_BACKEND: " +
           hpar::builds::backendNamesWithSerial() + ")";
  if (inv.compileOnly && !inv.output.empty() && inv.sources.size() + inv.others.size() > 1)
    return "-o with -c needs exactly one source";
  return "";
}

/// Runs a program with its arguments; returns its exit status (the error already printed).
int run(const Args& cmd) {
  if (std::getenv("HPAR_CXX_VERBOSE")) {
    for (const std::string& a : cmd) errs() << a << " ";
    errs() << "\n";
  }
  auto exe = sys::findProgramByName(cmd[0]);
  if (!exe) return fail("cannot find '" + cmd[0] + "'");
  std::vector<StringRef> refs(cmd.begin(), cmd.end());
  std::string message;
  int rc = sys::ExecuteAndWait(*exe, refs, std::nullopt, {}, 0, 0, &message);
  if (rc < 0) return fail(cmd[0] + ": " + message);
  return rc;
}

/// The folder of the installed headers, or of the source tree this driver was built from.
struct Paths {
  std::string translate;  // hpar-translate, beside this driver
  Args includes;          // -isystem of hpar's API, its Kokkos names and the runtime
};

Paths findPaths(const char* argv0) {
  Paths p;
  std::string exe = sys::fs::getMainExecutable(argv0, (void*)&findPaths);
  SmallString<256> bin(sys::path::parent_path(exe)), translate(bin);
  sys::path::append(translate, "hpar-translate");
  p.translate = std::string(translate);
  SmallString<256> installed(sys::path::parent_path(bin));
  sys::path::append(installed, "include");
  SmallString<256> probe(installed);
  sys::path::append(probe, "hpar", "rt", "common.hpp");
  const std::string api = sys::fs::exists(probe) ? std::string(installed) : HPAR_SOURCE_INCLUDE_DIR;
  const std::string runtime =
      sys::fs::exists(probe) ? std::string(installed) : HPAR_SOURCE_RUNTIME_INCLUDE_DIR;
  // As system headers, so that the user's warning flags (-Wall) do not report hpar's own code.
  p.includes = {"-isystem", api, "-isystem", api + "/hpar/compat", "-isystem", runtime};
  return p;
}

/// `flags` split as a shell splits words.
Args splitFlags(StringRef flags) {
  Args out;
  hpar::builds::expandFlags(flags, "", out);
  return out;
}

/// Whether compiler flags offload to a device other than the host: clang's -fopenmp-targets= or
/// --offload-arch= naming one, GCC's -foffload= naming a target (not "disable"). Such a build
/// is translated as the backend's build for a device is (Builds.def: HPAR_OPENMP_OFFLOAD, which
/// is KOKKOS_ENABLE_OPENMPTARGET; hpar/rt/openmp/config.hpp).
bool offloadsToDevice(const Args& flags) {
  for (StringRef f : flags) {
    if (f.consume_front("-fopenmp-targets=")) {
      SmallVector<StringRef, 2> targets;
      f.split(targets, ',');
      for (StringRef t : targets)
        if (!t.starts_with("x86_64") && !t.starts_with("aarch64") && !t.starts_with("powerpc64"))
          return true;
    } else if (f.starts_with("--offload-arch=") || f.starts_with("-offload-arch=")) {
      return true;
    } else if (f.consume_front("-foffload=")) {
      if (!f.starts_with("-") && f != "disable" && !f.empty()) return true;
    }
  }
  return false;
}

/// How the backend's output is built: its compiler command (before inputs and outputs), what
/// the link adds, what the translation adds (Builds.def), and whether the compiler is nvcc.
/// The serial build is the host compiler alone.
struct Toolchain {
  Args command;
  Args linkFlags;
  Args translateFlags;
  bool nvcc = false;
};

/// The toolchain of `backend`: its first build whose compiler the driver runs, its flags
/// replaced by HPAR_<BACKEND>_FLAGS where that is set. Returns "" or what is wrong.
std::string toolchainFor(const std::string& backend, const Args& userFlags, Toolchain& tc) {
  const std::string cxx = hpar::builds::hostCompiler();
  if (backend == "serial") {
    tc.command = {cxx};
    return "";
  }
  const StringRef kind = hpar::builds::compilerKindOf(cxx);
  const Build* build = hpar::builds::buildFor(backend, kind, false);
  if (!build) return "backend '" + backend + "' has no build with " + cxx + " (emit/Builds.def)";
  tc.nvcc = StringRef(build->compiler) == "nvcc";
  const std::string compiler = tc.nvcc ? hpar::builds::compilerProgram("nvcc") : cxx;
  tc.command = {compiler};
  Args flags;
  const std::string variable = "HPAR_" + StringRef(backend).upper() + "_FLAGS";
  if (std::string given = env(variable.c_str(), ""); !given.empty())
    flags = splitFlags(given);
  else if (std::string why = hpar::builds::expandFlags(build->flags, compiler, flags); !why.empty())
    return why;
  tc.command.insert(tc.command.end(), flags.begin(), flags.end());
  if (std::string why = hpar::builds::expandFlags(build->linkFlags, compiler, tc.linkFlags);
      !why.empty())
    return why;
  // Flags that name a device (the replacement's, or the compile's own) make it the backend's
  // build for a device, as the translation sees it.
  const Build* translated = build;
  if (StringRef(build->offload) == "host" && (offloadsToDevice(flags) || offloadsToDevice(userFlags)))
    if (const Build* device = hpar::builds::buildFor(backend, kind, true)) translated = device;
  tc.translateFlags = splitFlags(translated->translateFlags);
  return "";
}

/// `arg` as nvcc reads it to mean what the host compiler would: nvcc splits the values of its
/// options at commas (-DLIST=1,2 would define LIST as 1 and a macro 2), and "\\," keeps a comma
/// in the value, as Kokkos' nvcc_wrapper writes it. Other compilers take `arg` as it is.
std::string forCompiler(bool nvcc, StringRef arg) {
  if (!nvcc || !arg.contains(',')) return arg.str();
  std::string escaped;
  for (char c : arg) {
    if (c == ',') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

/// The preprocessor arguments (-D, -I, -include, ...) for the backend's compiler.
void addPreprocessorFlags(bool nvcc, const Args& flags, Args& cmd) {
  for (const std::string& f : flags) cmd.push_back(forCompiler(nvcc, f));
}

/// Host compiler flags nvcc does not take itself go through -Xcompiler.
void addCompileFlags(bool nvcc, const Args& flags, Args& cmd) {
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f(flags[i]);
    const bool nvccOwn = f.starts_with("-O") || f == "-g" || f.starts_with("-std=") ||
                         f == "-E" || f == "-M" || f == "-MM" || f == "-S" || f == "-w" ||
                         f.starts_with("--") || nvccOwnOption(f);
    if (nvcc && !nvccOwn && f.starts_with("-")) {
      cmd.push_back("-Xcompiler");
      cmd.push_back(forCompiler(nvcc, f));
    } else {
      cmd.push_back(f.str());
      if (nvccTakesValue(f) && i + 1 < flags.size()) cmd.push_back(flags[++i]);
    }
  }
}

/// -MD, -MF, -MT as given, for a compile the compiler's own dependency file describes.
void addDepfileFlags(const Invocation& inv, Args& cmd) {
  if (!inv.depfile) return;
  cmd.push_back("-MD");
  if (!inv.depOutput.empty()) cmd.insert(cmd.end(), {"-MF", inv.depOutput});
  if (!inv.depTarget.empty()) cmd.insert(cmd.end(), {"-MT", inv.depTarget});
}

/// Rewrites hpar-translate's depfile (target: the translation) as the compiler's would be:
/// the object (or -MT's target) depends on every file the translation read.
int writeDepfile(const std::string& from, const std::string& to, const std::string& target) {
  auto buffer = MemoryBuffer::getFile(from);
  if (!buffer) return fail("cannot read '" + from + "'");
  StringRef text = (*buffer)->getBuffer();
  const size_t colon = text.find(": ");
  if (colon == StringRef::npos) return fail("unexpected depfile '" + from + "'");
  std::error_code ec;
  raw_fd_ostream out(to, ec);
  if (ec) return fail("cannot write '" + to + "': " + ec.message());
  out << target << text.substr(colon);
  return 0;
}

/// Translates `source` and compiles the translation into `object`.
int compileSource(const Paths& paths, const Invocation& inv, const Toolchain& tc,
                  const std::string& source, const std::string& object) {
  Args cmd = tc.command;
  SmallString<256> sourceDir(sys::path::parent_path(source));
  if (sourceDir.empty()) sourceDir = ".";
  if (inv.backend == "serial") {
    addCompileFlags(tc.nvcc, inv.compile, cmd);
    cmd.insert(cmd.end(), inv.preprocessor.begin(), inv.preprocessor.end());
    cmd.insert(cmd.end(), paths.includes.begin(), paths.includes.end());
    addDepfileFlags(inv, cmd);
    cmd.insert(cmd.end(), {"-c", source, "-o", object});
    return run(cmd);
  }
  // The translation and its header copies live beside the object: <object>.hpar/.
  const std::string dir = object + ".hpar";
  if (std::error_code ec = sys::fs::create_directories(dir))
    return fail("cannot create '" + dir + "': " + ec.message());
  SmallString<256> translated(dir);
  sys::path::append(translated, sys::path::stem(source) + ".hpar" +
                                    hpar::builds::outputExtension(inv.backend));
  const std::string deps = std::string(translated) + ".d";
  Args translate{paths.translate, "--backend=" + inv.backend, source, "-o",
                 std::string(translated), "--depfile", deps, "--"};
  translate.insert(translate.end(), inv.preprocessor.begin(), inv.preprocessor.end());
  translate.insert(translate.end(), tc.translateFlags.begin(), tc.translateFlags.end());
  if (int rc = run(translate)) return rc;
  addCompileFlags(tc.nvcc, inv.compile, cmd);
  addPreprocessorFlags(tc.nvcc, inv.preprocessor, cmd);
  addPreprocessorFlags(tc.nvcc, paths.includes, cmd);
  cmd.push_back(forCompiler(tc.nvcc, "-I" + std::string(sourceDir)));  // its quoted includes
  if (tc.nvcc) cmd.insert(cmd.end(), {"-x", "cu"});
  cmd.insert(cmd.end(), {"-c", std::string(translated), "-o", object});
  if (int rc = run(cmd)) return rc;
  if (inv.depfile) {
    std::string to = inv.depOutput;
    if (to.empty()) {  // as the compilers do: the object's name with .d for its extension
      SmallString<256> d(object);
      sys::path::replace_extension(d, "d");
      to = std::string(d);
    }
    return writeDepfile(deps, to, inv.depTarget.empty() ? object : inv.depTarget);
  }
  return 0;
}

/// Answers --hpar-offloads FLAGS...: "device" when the flags offload to a device other than the
/// host (offloadsToDevice), else "host", for build systems that sort OpenMP flags as the driver
/// does (cmake/HparTranslate.cmake, KokkosConfig.cmake).
int printOffloads(const Args& flags) {
  outs() << (offloadsToDevice(flags) ? "device" : "host") << "\n";
  return 0;
}

/// Answers --hpar-print-backends, --hpar-print-builds, or --hpar-print-flags=, --hpar-print-link-flags= or
/// --hpar-print-translate-flags= <build>: the backends (Backends.def's and serial, one a line),
/// the names of Builds.def, or one build's flags as one
/// line a shell splits (HPAR_CXX, HPAR_NVCC, HPAR_CUDA_ARCH, HPAR_OPENMP_CUDA_PATH fill them in
/// as for a build). Returns the exit status.
int printQuery(StringRef query) {
  if (query == "--hpar-print-backends") {
    for (const std::string& b : hpar::builds::backendNames()) outs() << b << "\n";
    return 0;
  }
  if (query == "--hpar-print-builds") {
    for (const Build& b : hpar::builds::allBuilds()) outs() << b.name << "\n";
    return 0;
  }
  auto [option, name] = query.split('=');
  const Build* build = hpar::builds::findBuild(name);
  if (!build)
    return fail("unknown build '" + name + "' (" + option + "=: " + hpar::builds::buildNames() + ")");
  const char* flags = option == "--hpar-print-flags"        ? build->flags
                      : option == "--hpar-print-link-flags" ? build->linkFlags
                                                            : build->translateFlags;
  Args out;
  if (std::string why =
          hpar::builds::expandFlags(flags, hpar::builds::compilerProgram(build->compiler), out);
      !why.empty())
    return fail(std::string(build->name) + ": " + why);
  outs() << hpar::builds::shellJoin(out) << "\n";
  return 0;
}

}  // namespace

int main(int argc, const char** argv) {
  InitLLVM init(argc, argv);
  BumpPtrAllocator alloc;
  StringSaver saver(alloc);
  SmallVector<const char*, 64> expanded(argv + 1, argv + argc);
  if (!cl::ExpandResponseFiles(saver, cl::TokenizeGNUCommandLine, expanded))
    return fail("cannot read a response file");
  Args args(expanded.begin(), expanded.end());
  if (args.size() == 1 && (args[0] == "--version" || args[0] == "--help")) {
    outs() << "hpar-c++ (hpar " HPAR_VERSION "): translates C++ sources with hpar-translate "
              "and compiles them for --hpar-backend=" << hpar::builds::backendNamesWithSerial()
           << " (or HPAR_BACKEND); --hpar-print-flags=<build> (and --hpar-print-link-flags=, "
              "--hpar-print-translate-flags=) prints a build's flags, --hpar-print-builds the "
              "builds, --hpar-print-backends the backends; --hpar-offloads FLAGS... says whether "
              "FLAGS offload to a device (device) or not (host)\n";
    return 0;
  }
  if (!args.empty() && args[0] == "--hpar-offloads")
    return printOffloads(Args(args.begin() + 1, args.end()));
  if (args.size() == 1 && (args[0] == "--hpar-print-builds" || args[0] == "--hpar-print-backends" ||
                           StringRef(args[0]).starts_with("--hpar-print-flags=") ||
                           StringRef(args[0]).starts_with("--hpar-print-link-flags=") ||
                           StringRef(args[0]).starts_with("--hpar-print-translate-flags=")))
    return printQuery(args[0]);
  Invocation inv;
  if (std::string why = parse(args, inv); !why.empty()) return fail(why);
  const Paths paths = findPaths(argv[0]);
  Toolchain tc;
  if (std::string why = toolchainFor(inv.backend, inv.compile, tc); !why.empty()) return fail(why);
  if (inv.preprocessOrAssembly) {
    // -E, -S, -M: the untranslated source is what they are about (the serial reading).
    Args cmd{hpar::builds::hostCompiler()};
    cmd.insert(cmd.end(), inv.compile.begin(), inv.compile.end());
    cmd.insert(cmd.end(), inv.preprocessor.begin(), inv.preprocessor.end());
    cmd.insert(cmd.end(), paths.includes.begin(), paths.includes.end());
    cmd.insert(cmd.end(), inv.sources.begin(), inv.sources.end());
    cmd.insert(cmd.end(), inv.others.begin(), inv.others.end());
    if (!inv.output.empty()) cmd.insert(cmd.end(), {"-o", inv.output});
    return run(cmd);
  }
  if (inv.sources.empty() && inv.others.empty()) return fail("no input files");

  // Each C++ source to an object: -c -o's, or <stem>.o here, or beside the linked output.
  Args objects;
  for (const std::string& source : inv.sources) {
    std::string object;
    if (inv.compileOnly)
      object = inv.output.empty() ? (sys::path::stem(source) + ".o").str() : inv.output;
    else
      object = (inv.output.empty() ? std::string("a.out") : inv.output) + "." +
               sys::path::stem(source).str() + ".o";
    if (int rc = compileSource(paths, inv, tc, source, object)) return rc;
    objects.push_back(object);
  }
  if (inv.compileOnly) {
    // Other sources (C, assembly) go to the backend's compiler as they are.
    for (const std::string& other : inv.others) {
      Args cmd = tc.command;
      addCompileFlags(tc.nvcc, inv.compile, cmd);
      for (const std::string& p : inv.preprocessor)  // (a C++ standard means nothing to C)
        if (!StringRef(p).starts_with("-std=c++") && !StringRef(p).starts_with("-std=gnu++"))
          cmd.push_back(forCompiler(tc.nvcc, p));
      addDepfileFlags(inv, cmd);
      if (sys::path::extension(other) == ".c") cmd.insert(cmd.end(), {"-x", "c"});
      cmd.insert(cmd.end(), {"-c", other, "-o",
                             inv.output.empty() ? (sys::path::stem(other) + ".o").str() : inv.output});
      if (int rc = run(cmd)) return rc;
    }
    return 0;
  }
  // The link gets the compile's flags as well, as a compiler driver's link does: -fopenmp,
  // -fsanitize=, -flto, -pthread, -fuse-ld=, -static-libstdc++ decide what is linked and how,
  // and the compiler ignores those that only compile (-O2, -Wall, -march=). The assembler's -Wa,
  // (with an -Xcompiler before it) stays behind: clang reports it unused at a link, an error
  // under -Werror. For nvcc the host compiler's flags go through -Xcompiler (addCompileFlags),
  // which nvcc hands its host link as well. -flto still fails there as with nvcc alone: the
  // object and nvcc's link stub each define `fatbinData` in top-level asm, which GCC's LTO
  // assembles as one unit.
  Args link = tc.command;
  Args compileFlags;
  for (const std::string& f : inv.compile) {
    if (!StringRef(f).starts_with("-Wa,"))
      compileFlags.push_back(f);
    else if (!compileFlags.empty() && compileFlags.back() == "-Xcompiler")
      compileFlags.pop_back();
  }
  addCompileFlags(tc.nvcc, compileFlags, link);
  Args linkFlags = tc.linkFlags;  // the build's (clang's rpath to its offload runtime), the user's
  linkFlags.insert(linkFlags.end(), inv.link.begin(), inv.link.end());
  if (tc.nvcc) {
    for (const std::string& l : linkFlags)
      if (StringRef(l).starts_with("-Wl,")) {
        link.push_back("-Xlinker");
        link.push_back(StringRef(l).drop_front(4).str());
      } else if (l == "-rdynamic") {
        link.insert(link.end(), {"-Xcompiler", forCompiler(tc.nvcc, l)});
      } else {
        link.push_back(l);
      }
  } else {
    link.insert(link.end(), tc.linkFlags.begin(), tc.linkFlags.end());
  }
  link.insert(link.end(), objects.begin(), objects.end());
  link.insert(link.end(), inv.others.begin(), inv.others.end());
  if (!tc.nvcc) link.insert(link.end(), inv.link.begin(), inv.link.end());
  // Atomics on 16-byte values (Kokkos::complex<double>) are libatomic's calls on the host.
  link.push_back("-latomic");
  link.insert(link.end(), {"-o", inv.output.empty() ? std::string("a.out") : inv.output});
  return run(link);
}
