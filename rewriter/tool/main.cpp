// hpar-translate: the command line. This is the only file that knows about argv and output
// files; everything else is in the pipeline (Translate.h).
#include "Translate.h"
#include "output/EditList.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory Category("hpar-translate options");

// What the help says of the backends, from the table (emit/Backends.def): "cuda or openmp",
// "cuda|openmp", "<stem>.hpar.cu (cuda) or <stem>.hpar.cpp (openmp)". Made before the options
// that point to them (one file: initialised in order).
static std::string backendText(const char* separator, bool withOutputNames) {
  std::string Text;
  llvm::ArrayRef<hpar::emit::BackendInfo> All = hpar::emit::allBackends();
  for (size_t I = 0; I < All.size(); ++I) {
    if (I > 0) Text += *separator ? separator : I + 1 == All.size() ? " or " : ", ";
    Text += withOutputNames ? std::string("<stem>.hpar") + All[I].outputExtension + " (" +
                                  All[I].name + ")"
                            : std::string(All[I].name);
  }
  return Text;
}
static const std::string BackendHelp =
    "Target backend: " + backendText("", false) + " (not needed with --check)";
static const std::string BackendChoices = backendText("|", false);
static const std::string OutputDirHelp =
    "Directory for the outputs, named " + backendText("", true);

static cl::opt<std::string> BackendName("backend", cl::desc(BackendHelp),
                                        cl::value_desc(BackendChoices), cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::desc("Output file (one input only)"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> OutputDir("output-dir", cl::desc(OutputDirHelp),
                                      cl::value_desc("dir"), cl::cat(Category));

static cl::opt<std::string> DepFile("depfile",
                                    cl::desc("Write a Makefile-style list of the files the "
                                             "translation read (one input only)"),
                                    cl::value_desc("file"), cl::cat(Category));

static cl::opt<bool> CheckOnly("check",
                               cl::desc("Run the analysis and the checks only; write nothing"),
                               cl::cat(Category));
static cl::opt<bool> ExplainLaunch(
    "explain-launch",
    cl::desc("Print a remark at each kernel: how its levels map to the backend's threads and how "
             "its launch shape is chosen"),
    cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("Print every diagnostic id with its severity and summary"),
                                cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Rewrites each dispatch (parallel_for, parallel_reduce, parallel_scan) of the input into a named
CUDA kernel or OpenMP offload region that links against the hpar runtime. Compiler arguments
follow `--`, or come from a compilation database (-p).

Examples:
  hpar-translate --backend=cuda   saxpy.cpp -o saxpy.hpar.cu  -- -std=c++17 -Iinclude
  hpar-translate --backend=openmp saxpy.cpp -o saxpy.hpar.cpp -- -std=c++17 -Iinclude
  hpar-translate -p build/ src/*.cpp --backend=cuda --output-dir build/hpar
  hpar-translate --check src/*.cpp -- -std=c++17 -Iinclude

Diagnostics (before `--`; --list-checks prints every id):
  -W<id>      turn the warning <id> on (warnings are on by default)
  -Wno-<id>   turn the warning <id> off
  -Werror     report warnings as errors
)");

/// Prints an error in the compiler's style and returns the exit status.
static int fail(const Twine& message) {
  errs() << "hpar-translate: error: " << message << "\n";
  return 1;
}

/// `path` made absolute with its folder's links resolved: two names of one file to be written
/// compare equal even before the file exists.
static std::string targetOf(StringRef path) {
  SmallString<256> abs(path);
  sys::fs::make_absolute(abs);
  sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  SmallString<256> dir(sys::path::parent_path(abs)), real;
  if (!sys::fs::real_path(dir, real)) {
    sys::path::append(real, sys::path::filename(abs));
    return std::string(real);
  }
  return std::string(abs);
}

/// Why `path` cannot be written as an output of the translation of `inputs`, or "": it would
/// overwrite an input, or it names something other than a regular file (a folder, a device, a
/// FIFO), which an output must never replace.
static std::string outputProblem(StringRef what, const std::string& path,
                                 const std::vector<std::string>& inputs) {
  for (const std::string& in : inputs)
    if (sys::fs::equivalent(path, in) || targetOf(path) == targetOf(in))
      return what.str() + " '" + path + "' would overwrite input '" + in + "'";
  sys::fs::file_status st;
  if (!sys::fs::status(path, st) && sys::fs::exists(st) && !sys::fs::is_regular_file(st))
    return what.str() + " '" + path + "' is not a regular file";
  return "";
}

/// The folder given with -p (as `-p DIR` or `-p=DIR`) before `--`, or "".
static std::string databaseDir(int argc, const char** argv) {
  for (int i = 1; i < argc; ++i) {
    StringRef a(argv[i]);
    if (a == "--") break;
    if (a == "-p" && i + 1 < argc) return argv[i + 1];
    if (a.starts_with("-p=")) return a.drop_front(3).str();
  }
  return "";
}

/// Prints every check: id, severity, family and summary (--list-checks).
static void listChecks(raw_ostream& OS) {
  for (const hpar::diag::CheckInfo& C : hpar::diag::allChecks())
    OS << left_justify(C.id, 30) << " "
       << left_justify(C.severity == hpar::diag::Severity::Error ? "error" : "warning", 8) << " "
       << left_justify(C.family, 12) << " " << C.summary << "\n";
}

int main(int argc, const char** argv) {
  // A crash prints the stack as clang's does; inside translate() it is recovered per file.
  InitLLVM Init(argc, argv);
  setBugReportMsg("hpar-translate crashed. Please report it with the input file and this stack:\n");
  CrashRecoveryContext::Enable();
  cl::SetVersionPrinter([](raw_ostream& OS) {
    OS << "hpar-translate " HPAR_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  for (int i = 1; i < argc; ++i) {
    if (StringRef(argv[i]) == "--") break;
    if (StringRef(argv[i]) == "--list-checks" || StringRef(argv[i]) == "-list-checks") {
      listChecks(outs());
      return 0;
    }
  }
  // -W options are hpar's own (clang's -W flags go after `--`); they are taken out before the
  // option parser sees argv. Without -p or `--`, parse with no extra flags instead of searching
  // for a database.
  std::vector<const char*> args{argv[0]};
  std::vector<std::string> warnings;
  bool hasDb = false, afterDashes = false;
  for (int i = 1; i < argc; ++i) {
    StringRef a(argv[i]);
    afterDashes = afterDashes || a == "--";
    if (!afterDashes && a.starts_with("-W") && a.size() > 2) {
      warnings.push_back(a.drop_front(2).str());
      continue;
    }
    args.push_back(argv[i]);
    if (a == "--" || a == "-p" || a.starts_with("-p=") || a == "--help" || a == "-help" ||
        a == "--version" || a == "-version")
      hasDb = true;
  }
  if (!hasDb) args.push_back("--");
  // A compilation database that cannot be read is an error, not a reason to parse without flags.
  if (std::string dir = databaseDir(argc, argv); !dir.empty()) {
    std::string why;
    if (!clang::tooling::CompilationDatabase::autoDetectFromDirectory(dir, why))
      return fail("cannot read a compilation database in '" + dir + "': " + why);
  }
  int count = (int)args.size();
  auto Parser = clang::tooling::CommonOptionsParser::create(count, args.data(), Category,
                                                            cl::OneOrMore);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 1;
  }
  hpar::TranslateOptions options;
  options.checkOnly = CheckOnly;
  options.explainLaunch = ExplainLaunch;
  for (const std::string& w : warnings) {
    std::string err = options.diagnostics.apply(w);
    if (!err.empty()) return fail("-W" + w + ": " + err);
  }
  if (!BackendName.empty()) {
    options.backend = hpar::emit::findBackend(BackendName);
    if (!options.backend)
      return fail("unknown backend '" + BackendName + "' (expected " + hpar::emit::backendNames() + ")");
  } else if (!CheckOnly) {
    std::string Choices;
    for (const hpar::emit::BackendInfo& B : hpar::emit::allBackends())
      Choices += (Choices.empty() ? "--backend=" : " or --backend=") + std::string(B.name);
    return fail(Choices + " is required (or --check)");
  }

  const std::vector<std::string>& files = Parser->getSourcePathList();
  hpar::frontend::SearchPaths paths = hpar::frontend::findSearchPaths(argv[0]);
  std::map<std::string, hpar::TranslatedFile> outputs;
  if (CheckOnly) {
    if (!OutputFile.empty() || !OutputDir.empty() || !DepFile.empty())
      return fail("--check writes nothing; it takes no -o, --output-dir or --depfile");
    return hpar::translate(Parser->getCompilations(), files, paths, options, outputs) == 0 ? 0 : 1;
  }
  if (!OutputFile.empty() && files.size() != 1)
    return fail("-o needs exactly one input file; use --output-dir for several");
  if (!DepFile.empty() && files.size() != 1) return fail("--depfile needs exactly one input file");

  // Decide every output path before translating, and refuse to overwrite an input.
  std::vector<std::string> outPaths;
  for (const std::string& f : files) {
    std::string out = OutputFile;
    if (out.empty()) {
      SmallString<256> p(OutputDir.empty() ? "." : OutputDir.getValue());
      sys::path::append(p, sys::path::stem(f) + ".hpar" + options.backend->outputExtension);
      out = std::string(p);
    }
    if (std::string why = outputProblem("output", out, files); !why.empty()) return fail(why);
    outPaths.push_back(out);
  }
  if (!DepFile.empty()) {
    if (std::string why = outputProblem("--depfile", DepFile, files); !why.empty()) return fail(why);
    if (targetOf(DepFile) == targetOf(outPaths[0]))
      return fail("--depfile '" + DepFile + "' names the output file");
  }
  if (!OutputDir.empty() && !sys::fs::is_directory(OutputDir))
    if (std::error_code ec = sys::fs::create_directories(OutputDir))
      return fail("cannot create directory '" + OutputDir + "': " + ec.message());

  int rc = hpar::translate(Parser->getCompilations(), files, paths, options, outputs);
  if (rc != 0) {
    errs() << "hpar-translate: no output written\n";
    return 1;
  }
  // Every output and the depfile are written together: all of them, or none.
  std::vector<hpar::output::FileContents> writes;
  for (size_t i = 0; i < files.size(); ++i) {
    const hpar::TranslatedFile& result = outputs[hpar::realPath(files[i])];
    writes.push_back({outPaths[i], result.text});
    // The copies of the user's headers, under <stem>.hpar-headers/ beside the output.
    for (const hpar::TranslatedFile::Header& h : result.headers) {
      SmallString<256> p(sys::path::parent_path(outPaths[i]));
      sys::path::append(p, h.path);
      if (std::string why = outputProblem("header copy", std::string(p), files); !why.empty())
        return fail(why + "; no output written");
      if (std::error_code ec = sys::fs::create_directories(sys::path::parent_path(p)))
        return fail("cannot create directory '" + sys::path::parent_path(p).str() +
                    "': " + ec.message() + "; no output written");
      writes.push_back({std::string(p), h.text});
    }
    if (!DepFile.empty()) {
      std::string deps = outPaths[i] + ":";
      for (const std::string& d : result.dependencies) {
        deps += " \\\n  ";
        for (char c : d) deps += (c == ' ' ? std::string("\\ ") : std::string(1, c));
      }
      writes.push_back({DepFile, deps + "\n"});
    }
  }
  if (std::string err = hpar::output::writeAtomically(writes); !err.empty())
    return fail(err + "; no output written");
  return 0;
}
