// hpar-c++: a compiler driver for existing builds, used as nvcc_wrapper is (CMAKE_CXX_COMPILER,
// CXX=, or in front of a compiler). It takes ordinary compiler arguments, translates each C++
// source with hpar-translate for the backend (--hpar-backend=cuda|openmp|serial, else the
// HPAR_BACKEND environment variable, else serial), compiles the translation with that backend's
// compiler and flags, and links with it. Everything else (objects, libraries, C sources, link
// steps) passes through. The user's headers with dispatches are translated with the source
// (docs/design.md section 1); the dependency file of -MD/-MMD lists the user's source and every
// header the translation read. A source that cannot be translated stops the build with
// hpar-translate's diagnostics: it is never compiled untranslated instead.
//
// The compilers: nvcc (HPAR_NVCC, default /usr/local/cuda/bin/nvcc) with --extended-lambda
// --expt-relaxed-constexpr and -arch=sm_<HPAR_CUDA_ARCH, default 90>; for openmp and serial,
// HPAR_CXX (default clang++-19, else g++), with OpenMP's host fallback for openmp unless
// HPAR_OPENMP_FLAGS gives other flags. docs/user-guide.md, "Build an existing Kokkos project".
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

namespace {

using Args = std::vector<std::string>;

/// Prints an error as a compiler does and returns the exit status.
int fail(const Twine& message) {
  errs() << "hpar-c++: error: " << message << "\n";
  return 1;
}

std::string env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

/// Options whose value is the next argument when not attached (-I dir, -o file, ...).
bool takesValue(StringRef a) {
  static const char* const names[] = {"-o", "-I", "-isystem", "-iquote", "-idirafter", "-include",
                                      "-imacros", "-D", "-U", "-MF", "-MT", "-MQ", "-x",
                                      "-Xlinker", "-L", "-l", "-isysroot", "--sysroot", "-target",
                                      "-Xcompiler", "-u", "-z", "-T"};
  for (const char* n : names)
    if (a == n) return true;
  return false;
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
  Args link;                           // -L, -l, -Wl,..., -Xlinker, -shared, -pthread
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
    } else if (a == "-pthread") {
      inv.compile.push_back(a.str());
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
  if (inv.backend != "cuda" && inv.backend != "openmp" && inv.backend != "serial")
    return "unknown backend '" + inv.backend + "' (--hpar-backend= or HPAR_BACKEND: cuda, openmp or serial)";
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

/// The host compiler of the openmp and serial backends.
std::string hostCompiler() {
  std::string cxx = env("HPAR_CXX", "");
  if (cxx.empty()) cxx = sys::findProgramByName("clang++-19") ? "clang++-19" : "g++";
  return cxx;
}

/// The OpenMP backend's flags: HPAR_OPENMP_FLAGS, else those of a build for the host with `cxx`
/// (its output has no target construct: GCC's -foffload=disable keeps an installed nvptx
/// offload compiler out of the link).
Args openmpFlags(const std::string& cxx) {
  std::string flags = env("HPAR_OPENMP_FLAGS", "");
  if (flags.empty())
    flags = StringRef(cxx).contains("clang") ? "-fopenmp" : "-fopenmp -foffload=disable";
  SmallVector<StringRef, 4> parts;
  StringRef(flags).split(parts, ' ', -1, false);
  Args out;
  for (StringRef f : parts) out.push_back(f.str());
  return out;
}

/// Whether OpenMP `flags` offload to a device other than the host: clang's -fopenmp-targets= or
/// --offload-arch= naming one, GCC's -foffload= naming a target (not "disable"). Such a build
/// is translated with HPAR_OPENMP_OFFLOAD (KOKKOS_ENABLE_OPENMPTARGET; hpar/rt/openmp/config.hpp).
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

/// The compiler command of the backend, before its inputs and outputs.
Args compilerFor(const std::string& backend) {
  if (backend == "cuda") {
    return {env("HPAR_NVCC", "/usr/local/cuda/bin/nvcc"), "--extended-lambda",
            "--expt-relaxed-constexpr", "-arch=sm_" + env("HPAR_CUDA_ARCH", "90")};
  }
  const std::string cxx = hostCompiler();
  Args cmd{cxx};
  if (backend == "openmp") {
    Args flags = openmpFlags(cxx);
    cmd.insert(cmd.end(), flags.begin(), flags.end());
  }
  return cmd;
}

/// The real folder of a library the compiler `cxx` links (-print-file-name), or "".
std::string libraryDirOf(const std::string& cxx, const std::string& library) {
  auto exe = sys::findProgramByName(cxx);
  SmallString<128> out;
  if (!exe || sys::fs::createTemporaryFile("hpar-c++", "txt", out)) return "";
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(out), std::nullopt};
  std::string dir;
  if (sys::ExecuteAndWait(*exe, {*exe, "-print-file-name=" + library}, std::nullopt, redirects) == 0)
    if (auto text = MemoryBuffer::getFile(out)) {
      SmallString<256> real;
      StringRef path = (*text)->getBuffer().trim();
      if (sys::path::is_absolute(path) && !sys::fs::real_path(path, real))
        dir = sys::path::parent_path(real).str();
    }
  sys::fs::remove(out);
  return dir;
}

/// `arg` as nvcc reads it to mean what the host compiler would: nvcc splits the values of its
/// options at commas (-DLIST=1,2 would define LIST as 1 and a macro 2), and "\\," keeps a comma
/// in the value, as Kokkos' nvcc_wrapper writes it. Other backends take `arg` as it is.
std::string forCompiler(const std::string& backend, StringRef arg) {
  if (backend != "cuda" || !arg.contains(',')) return arg.str();
  std::string escaped;
  for (char c : arg) {
    if (c == ',') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

/// The preprocessor arguments (-D, -I, -include, ...) for the backend's compiler.
void addPreprocessorFlags(const std::string& backend, const Args& flags, Args& cmd) {
  for (const std::string& f : flags) cmd.push_back(forCompiler(backend, f));
}

/// Host compiler flags nvcc does not take itself go through -Xcompiler.
void addCompileFlags(const std::string& backend, const Args& flags, Args& cmd) {
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f(flags[i]);
    const bool nvccOwn = f.starts_with("-O") || f == "-g" || f.starts_with("-std=") ||
                         f == "-E" || f == "-M" || f == "-MM" || f == "-S" || f == "-w" ||
                         f.starts_with("--") || f.starts_with("-arch") || f.starts_with("-gencode") ||
                         f == "-lineinfo" || f == "-Xcompiler";
    if (backend == "cuda" && !nvccOwn && f.starts_with("-")) {
      cmd.push_back("-Xcompiler");
      cmd.push_back(forCompiler(backend, f));
    } else {
      cmd.push_back(f.str());
      if (f == "-Xcompiler" && i + 1 < flags.size()) cmd.push_back(flags[++i]);
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
int compileSource(const Paths& paths, const Invocation& inv, const std::string& source,
                  const std::string& object) {
  Args cmd = compilerFor(inv.backend);
  SmallString<256> sourceDir(sys::path::parent_path(source));
  if (sourceDir.empty()) sourceDir = ".";
  if (inv.backend == "serial") {
    addCompileFlags(inv.backend, inv.compile, cmd);
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
  sys::path::append(translated, sys::path::stem(source) +
                                    (inv.backend == "cuda" ? ".hpar.cu" : ".hpar.cpp"));
  const std::string deps = std::string(translated) + ".d";
  Args translate{paths.translate, "--backend=" + inv.backend, source, "-o",
                 std::string(translated), "--depfile", deps, "--"};
  translate.insert(translate.end(), inv.preprocessor.begin(), inv.preprocessor.end());
  if (inv.backend == "openmp" &&
      (offloadsToDevice(openmpFlags(hostCompiler())) || offloadsToDevice(inv.compile)))
    translate.push_back("-DHPAR_OPENMP_OFFLOAD=1");
  if (int rc = run(translate)) return rc;
  addCompileFlags(inv.backend, inv.compile, cmd);
  addPreprocessorFlags(inv.backend, inv.preprocessor, cmd);
  addPreprocessorFlags(inv.backend, paths.includes, cmd);
  cmd.push_back(forCompiler(inv.backend, "-I" + std::string(sourceDir)));  // its quoted includes
  if (inv.backend == "cuda") cmd.insert(cmd.end(), {"-x", "cu"});
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
              "and compiles them for --hpar-backend=cuda|openmp|serial (or HPAR_BACKEND)\n";
    return 0;
  }
  Invocation inv;
  if (std::string why = parse(args, inv); !why.empty()) return fail(why);
  const Paths paths = findPaths(argv[0]);
  if (inv.preprocessOrAssembly) {
    // -E, -S, -M: the untranslated source is what they are about (the serial reading).
    Args cmd = compilerFor("serial");
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
    if (int rc = compileSource(paths, inv, source, object)) return rc;
    objects.push_back(object);
  }
  if (inv.compileOnly) {
    // Other sources (C, assembly) go to the backend's compiler as they are.
    for (const std::string& other : inv.others) {
      Args cmd = compilerFor(inv.backend);
      addCompileFlags(inv.backend, inv.compile, cmd);
      for (const std::string& p : inv.preprocessor)  // (a C++ standard means nothing to C)
        if (!StringRef(p).starts_with("-std=c++") && !StringRef(p).starts_with("-std=gnu++"))
          cmd.push_back(forCompiler(inv.backend, p));
      addDepfileFlags(inv, cmd);
      if (sys::path::extension(other) == ".c") cmd.insert(cmd.end(), {"-x", "c"});
      cmd.insert(cmd.end(), {"-c", other, "-o",
                             inv.output.empty() ? (sys::path::stem(other) + ".o").str() : inv.output});
      if (int rc = run(cmd)) return rc;
    }
    return 0;
  }
  Args link = compilerFor(inv.backend);
  if (inv.backend == "cuda") {
    for (const std::string& l : inv.link)
      if (StringRef(l).starts_with("-Wl,")) {
        link.push_back("-Xlinker");
        link.push_back(StringRef(l).drop_front(4).str());
      } else if (l == "-pthread" || l == "-rdynamic") {
        link.insert(link.end(), {"-Xcompiler", forCompiler(inv.backend, l)});
      } else {
        link.push_back(l);
      }
  }
  if (inv.backend == "openmp" && StringRef(link[0]).contains("clang")) {
    // clang's offload runtime (libomptarget) is off the loader's path: the program gets an rpath.
    if (std::string dir = libraryDirOf(link[0], "libomptarget.so"); !dir.empty())
      link.push_back("-Wl,-rpath," + dir);
  }
  link.insert(link.end(), objects.begin(), objects.end());
  link.insert(link.end(), inv.others.begin(), inv.others.end());
  if (inv.backend != "cuda") link.insert(link.end(), inv.link.begin(), inv.link.end());
  // Atomics on 16-byte values (Kokkos::complex<double>) are libatomic's calls on the host.
  link.push_back("-latomic");
  link.insert(link.end(), {"-o", inv.output.empty() ? std::string("a.out") : inv.output});
  return run(link);
}
