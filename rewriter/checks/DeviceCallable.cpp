// Rule family "device": what a kernel runs must be able to run on the device, and portably.
//
//   hpar-device-not-visible      a called function has no visible definition
//   hpar-device-header           a called function is defined in a user header without
//                                HPAR_INLINE_FUNCTION / HPAR_FUNCTION (hpar rewrites only the
//                                file it translates)
//   hpar-device-virtual          a called function is virtual
//   hpar-device-recursion        a reached function calls itself, directly or through others
//   hpar-device-lambda-macro     a lambda functor comes from a macro other than HPAR_LAMBDA
//   hpar-device-std-container    a lambda functor captures, or a class functor holds, a standard
//                                container or string
//   and the constructs analysis/DeviceCode.cpp recognises in every reached body (exceptions,
//   new/delete, RTTI, static locals, calls through function pointers, containers constructed).
//
// Analysis walks what each kernel runs (analysis/DeviceCallGraph.h) and lists what it found, in
// walk order, each with the chain of calls from the kernel; this family words them. Every
// diagnostic in a called function ends with that chain as notes. A problem several kernels reach
// is reported once, with the first chain.
#include "analysis/DeviceCallGraph.h"
#include "checks/Checks.h"

#include <set>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

using analysis::DeviceFinding;

class DeviceReporter {
public:
  DeviceReporter(CheckContext& C) : Ctx(C.ast), TU(C.tu), Report(C.report) {}

  void report(const DeviceFinding& F) {
    Found = &F;
    switch (F.kind) {
    case DeviceFinding::Kind::LambdaFromMacro:
      if (first(diag::CheckId::DeviceLambdaMacro))
        Report.report(diag::CheckId::DeviceLambdaMacro, F.loc,
                      "lambda of " + kernelName() + " comes from macro '" + F.macro +
                          "'; write it with HPAR_LAMBDA or plainly");
      return;
    case DeviceFinding::Kind::CapturedContainer: return capturedContainer();
    case DeviceFinding::Kind::HeldContainer: return heldContainer();
    case DeviceFinding::Kind::CallsVirtual:
      return callError(diag::CheckId::DeviceVirtual,
                       "virtual function " + F.calleeName + ", which cannot be called on the device");
    case DeviceFinding::Kind::CallsInvisible:
      return callError(diag::CheckId::DeviceNotVisible,
                       F.calleeName + ", whose definition is not visible in this file, so it "
                                      "cannot be compiled for the device",
                       F.callee->getLocation(), F.calleeName + " declared here");
    case DeviceFinding::Kind::CallsUnmarked:
      return callError(diag::CheckId::DeviceHeader,
                       F.calleeName + ", which is defined in another file without "
                                      "HPAR_INLINE_FUNCTION or HPAR_FUNCTION",
                       F.callee->getLocation(), F.calleeName + " defined here");
    case DeviceFinding::Kind::Recursion:
      if (!first(diag::CheckId::DeviceRecursion)) return;
      Report.report(diag::CheckId::DeviceRecursion, F.loc,
                    where() + " calls " + (F.self ? std::string("itself") : F.calleeName) +
                        " recursively; hpar does not allow recursion in device code, whose stack "
                        "depth is not portable");
      return noteChain();
    case DeviceFinding::Kind::Unsafe: {
      const analysis::DeviceEvent& E = F.event;
      if (!first(E.check)) return;
      Report.report(E.check, E.loc, where() + " " + E.what + "; " + E.why) << E.range;
      if (E.usedAt.isValid()) Report.note(E.usedAt, E.usedNote);
      return noteChain();
    }
    case DeviceFinding::Kind::DeclaredElsewhere:
      Report.report(diag::CheckId::DeviceHeader, F.loc,
                    "'" + F.callee->getQualifiedNameAsString() + "' is called from " +
                        kernelName() + " but declared in another file; mark it HPAR_FUNCTION");
      return noteChain();
    }
  }

private:
  /// The kernel of the finding, as messages name it: "kernel 'K'".
  std::string kernelName() const { return "kernel '" + TU.kernels[Found->kernel].name + "'"; }

  /// The function the finding is in, as the subject of a message: "kernel 'K'",
  /// "'Fill::operator()' of kernel 'K'", or "'scale' (reached from kernel 'K')".
  std::string where() const {
    const std::vector<analysis::DeviceFrame>& Chain = Found->chain;
    if (Chain.size() <= 1)
      return Found->rootIsLambda || Chain.empty() ? kernelName()
                                                  : Chain[0].name + " of " + kernelName();
    return Chain.back().name + " (reached from " + kernelName() + ")";
  }

  /// Notes from the function the finding is in back to the kernel, innermost first.
  void noteChain() {
    const std::vector<analysis::DeviceFrame>& Chain = Found->chain;
    for (size_t I = Chain.size(); I-- > 1;) {
      std::string Caller = I == 1 && Found->rootIsLambda ? kernelName() : Chain[I - 1].name;
      Report.note(Chain[I].callSite, Chain[I].name + " called from " + Caller + " here");
    }
    if (!Chain.empty() && !Found->rootIsLambda)
      Report.note(Chain[0].callSite,
                  Chain[0].name + " runs as " + kernelName() + ", launched here");
  }

  /// Reports once per check and location, whichever kernel reaches it first.
  bool first(diag::CheckId Check) {
    return Reported.insert({(unsigned)Check, Found->loc.getRawEncoding()}).second;
  }

  /// Reports a call's problem at the call site, in the function the walk is in, with a note at
  /// the called function when `At` is valid.
  void callError(diag::CheckId Check, const std::string& Message, SourceLocation At = {},
                 const std::string& AtNote = "") {
    if (!first(Check)) return;
    Report.report(Check, Found->loc, where() + " calls " + Message);
    if (At.isValid()) Report.note(At, AtNote);
    noteChain();
  }

  void capturedContainer() {
    if (!first(diag::CheckId::DeviceStdContainer)) return;
    const NamedDecl* V = Found->decl;
    QualType Held = cast<ValueDecl>(V)->getType().getNonReferenceType();
    Report.report(diag::CheckId::DeviceStdContainer, Found->loc,
                  kernelName() + " captures '" + V->getName().str() + "', a '" +
                      Held.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
                      "', by copy; standard containers and strings hold host memory and cannot "
                      "be used on the device: copy the data into a View")
        << SourceRange(Found->loc);
    Report.note(V->getLocation(), "'" + V->getName().str() + "' declared here");
  }

  void heldContainer() {
    if (!first(diag::CheckId::DeviceStdContainer)) return;
    const auto* F = cast<FieldDecl>(Found->decl);
    Report.report(diag::CheckId::DeviceStdContainer, Found->loc,
                  "functor '" + Found->record->getNameAsString() + "' of " + kernelName() +
                      " holds '" + F->getName().str() + "', a '" +
                      F->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
                      "'; standard containers and strings hold host memory and cannot be "
                      "used on the device: hold a View instead")
        << F->getSourceRange();
    Report.note(Found->dispatch->getBeginLoc(), "functor copied to the device here");
  }

  const ASTContext& Ctx;
  const ir::TranslationUnit& TU;
  diag::Reporter& Report;
  const DeviceFinding* Found = nullptr;
  std::set<std::pair<unsigned, unsigned>> Reported;  // (check, location) already reported
};

}  // namespace

void checkDeviceCallable(CheckContext& C) {
  DeviceReporter R(C);
  for (const DeviceFinding& F : C.device) R.report(F);
}

}  // namespace checks
}  // namespace hpar
