// Rule family "captures": what a top-level functor lambda captures must make sense in the copy of
// the lambda that runs on the device.
//
//   hpar-capture-by-ref   `[&]` or `&x`: the copy holds references to host variables
//   hpar-capture-this     members used through the captured `this`: the copy holds a host pointer
//   hpar-mutable-lambda   `mutable`: every device thread would change its own copy of the captures
//
// Only the functors of top-level dispatches (CheckContext::captures) are checked: the closures of
// nested patterns run inside the kernel, where capturing by reference is the normal idiom.
//
// Macros: HPAR_LAMBDA / KOKKOS_LAMBDA expand to `[=]`, so the capture list may be spelled in a
// macro. Fix-its only touch text written in the file: a plain capture list, the `mutable` keyword
// after the parameters, or the name of the lambda macro itself (HPAR_LAMBDA -> HPAR_CLASS_LAMBDA).
//
// Analysis reads what each lambda captures and where it is written (analysis/CaptureFindings.h);
// this family decides what to report and words it.
#include "analysis/CaptureFindings.h"
#include "checks/Checks.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hpar {
namespace checks {
namespace {

using analysis::CaptureFinding;

/// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string quotedList(const std::vector<analysis::ByRefCapture>& Captures) {
  std::string S;
  for (size_t I = 0; I < Captures.size(); ++I) {
    if (I > 0) S += I + 1 == Captures.size() ? " and " : ", ";
    S += "'" + Captures[I].name + "'";
  }
  return S;
}

class CaptureChecker {
public:
  explicit CaptureChecker(CheckContext& C) : TU(C.tu), Report(C.report), Target(C.target) {}

  void check(const CaptureFinding& F) {
    // A functor written once in a template is found once (DispatchFinder skips the other
    // instantiations); a lambda variable passed to two dispatches is reported once.
    if (!Checked.insert(F.lambda).second) return;
    Kernel = TU.kernels[F.kernel].name;
    bool ByRef = checkByRef(F);
    checkThis(F, ByRef);
    checkMutable(F);
    if (!Target.genericLambdaFunctors) checkGeneric(F);
  }

private:
  /// hpar-capture-by-ref. Returns whether it reported (its fix-it then also settles `this`).
  bool checkByRef(const CaptureFinding& F) {
    if (!F.refDefault && F.byRef.empty()) return false;
    std::string Msg = "lambda of kernel '" + Kernel + "' ";
    if (F.byRef.empty())
      Msg += "has the by-reference capture default '&': a kernel's lambda is copied to the device, "
             "where references to host variables are invalid; capture by value";
    else
      Msg += "captures " + quotedList(F.byRef) +
             " by reference: its copy on the device would refer to host memory; capture by value";
    {
      auto D = Report.report(diag::CheckId::CaptureByRef, F.byRefLoc, Msg);
      D << F.introducer;
      if (F.byValueFix) D << *F.byValueFix;
    }  // emitted here, before its notes
    for (const analysis::ByRefCapture& C : F.byRef)
      Report.note(C.loc, "'" + C.name + "' captured by reference here");
    return true;
  }

  /// hpar-capture-this.
  void checkThis(const CaptureFinding& F, bool ByRefFixed) {
    if (!F.capturesThis) return;
    const bool Uses = !F.memberUsed.empty();
    std::string Msg = "lambda of kernel '" + Kernel + "' ";
    Msg += Uses ? "uses members of " + F.thisClass + " through the captured 'this' pointer"
                : "captures the 'this' pointer of " + F.thisClass;
    Msg += ", a host address on the device; capture the object by value with '[=, *this]' "
           "(HPAR_CLASS_LAMBDA, KOKKOS_CLASS_LAMBDA)";
    {
      auto D = Report.report(diag::CheckId::CaptureThis, F.thisLoc, Msg);
      D << F.introducer;
      // After a by-reference report, its fix-it already captures `*this`.
      if (!ByRefFixed && F.thisFix) D << *F.thisFix;
    }
    if (Uses) Report.note(F.memberUseLoc, "member '" + F.memberUsed + "' used through 'this' here");
  }

  /// hpar-mutable-lambda.
  /// A generic lambda (an `auto` parameter) as a kernel's functor: nvcc refuses it ("extended
  /// lambdas cannot be generic lambdas"), in the CUDA output as with Kokkos; reported at the
  /// first `auto` parameter. Nested closures may stay generic: they are not extended lambdas.
  void checkGeneric(const CaptureFinding& F) {
    if (!F.generic) return;
    std::string Name = F.autoParameter.empty() ? "" : " '" + F.autoParameter + "'";
    Report.report(diag::CheckId::GenericLambda, F.genericLoc,
                  "lambda of kernel '" + Kernel + "' is generic (its parameter" + Name +
                      " is declared 'auto'): nvcc cannot compile a generic extended lambda; "
                      "give the parameter its type (an index type such as 'int', or "
                      "'const Kokkos::TeamPolicy<>::member_type&' for a team)");
  }

  void checkMutable(const CaptureFinding& F) {
    if (!F.isMutable) return;
    const bool Written = F.mutableLoc.isValid();
    auto D = Report.report(diag::CheckId::MutableLambda, Written ? F.mutableLoc : F.begin,
                           "lambda of kernel '" + Kernel +
                               "' is 'mutable': every device thread would change its own copy "
                               "of the captures; remove 'mutable' and keep changing state in a View");
    if (Written) {
      D << SourceRange(F.mutableLoc, F.mutableLoc);
      D << FixItHint::CreateRemoval(
          F.afterMutable.isValid() ? CharSourceRange::getCharRange(F.mutableLoc, F.afterMutable)
                                   : CharSourceRange::getTokenRange(F.mutableLoc));
    }
  }

  const ir::TranslationUnit& TU;
  diag::Reporter& Report;
  const ir::Target& Target;
  std::string Kernel;
  llvm::SmallPtrSet<const LambdaExpr*, 8> Checked;
};

}  // namespace

void checkCaptures(CheckContext& C) {
  CaptureChecker K(C);
  for (const CaptureFinding& F : C.captures)
    if (!C.tu.kernels[F.kernel].onHost && !C.tu.kernels[F.kernel].onHostThreads)
      K.check(F);  // the host may capture anything
}

}  // namespace checks
}  // namespace hpar
