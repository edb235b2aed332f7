// What each kernel runs on the device: the walk from a kernel's functor entries through every
// call into the user's functions, done once, by analysis. It records in the IR what the backends
// must make device-callable (the analysed file's functions it reaches, the lambdas written without
// HPAR_LAMBDA), and lists in walk order what the device rule family reports
// (checks/DeviceCallable.cpp), each finding with the chain of calls that reached it.
//
// The walk starts at each kernel's functor entries (functorEntries: of a class functor only the
// members the dispatch runs, a templated operator() in the instantiation it calls; a generic
// lambda's call operator in each instantiation), for every instantiation of each dispatch (a
// dispatch in a function template runs another functor in each), and follows every call into
// functions of the user's files; hpar's headers and system headers are the backend compiler's
// business (frontend::isLibraryLocation). A function is walked once, for the first kernel that
// reaches it, so each problem is found once, with the first chain. Dispatches over a host
// execution space run on the host: nothing they reach is device code.
#pragma once

#include "analysis/DeviceCode.h"
#include "analysis/DispatchFinder.h"
#include "analysis/AnalysedFile.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// One function on the chain of calls from a kernel, with the call that reached it (the dispatch
/// for a functor entry).
struct DeviceFrame {
  const clang::FunctionDecl* fn = nullptr;  // the walked declaration (a specialization)
  clang::SourceLocation callSite;
  std::string name;  // as messages quote it: "'scale'", "the lambda at line 9"
};

/// Something on a kernel's device path that the device rule family reports.
struct DeviceFinding {
  enum class Kind {
    LambdaFromMacro,    // the lambda functor comes from `macro`, not HPAR_LAMBDA (at `loc`)
    CapturedContainer,  // the lambda functor captures `decl`, a standard container, by copy
    HeldContainer,      // the class functor `record` holds `decl`, a standard container
    CallsVirtual,       // calls `callee`, a virtual function
    CallsInvisible,     // calls `callee`, whose definition is not visible
    CallsUnmarked,      // calls `callee`, defined in another file without HPAR_INLINE_FUNCTION
    Recursion,          // calls `callee`, already on the chain (`self`: the caller itself)
    Unsafe,             // `event`: a construct the device cannot run
    DeclaredElsewhere,  // `callee`, a function of the analysed file it reaches, has a declaration (`decl`)
                        // in another file, where the backend cannot mark it
  };
  Kind kind = Kind::Unsafe;
  size_t kernel = 0;          // index into TranslationUnit::kernels
  bool rootIsLambda = false;  // the kernel's functor is a lambda
  /// The chain of calls from the kernel to the function the finding is in, outermost first.
  std::vector<DeviceFrame> chain;
  clang::SourceLocation loc;                    // where the finding is reported
  const clang::FunctionDecl* callee = nullptr;
  std::string calleeName;                       // as messages quote the callee
  const clang::NamedDecl* decl = nullptr;
  const clang::CXXRecordDecl* record = nullptr;
  const clang::CallExpr* dispatch = nullptr;    // HeldContainer: the dispatch copying the functor
  std::string macro;
  bool self = false;
  DeviceEvent event;
};

/// Walks what every device kernel runs; records the functions and lambdas to make
/// device-callable in `tu` (deviceFunctions, plainLambdas) and returns the findings, in walk
/// order.
std::vector<DeviceFinding> walkDeviceCode(clang::ASTContext& ast, const AnalysedFile& file,
                                          const std::vector<DispatchSite>& instances,
                                          ir::TranslationUnit& tu);

/// How messages quote a function: "'ns::scale'", "the lambda at line 9".
std::string describeFunction(const clang::FunctionDecl* fn, const clang::ASTContext& ast);

}  // namespace analysis
}  // namespace hpar
