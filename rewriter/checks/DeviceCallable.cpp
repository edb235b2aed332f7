// Rule family "device": what a kernel runs must be able to run on the device, and portably.
//
//   hpar-device-not-visible      a called function has no visible definition
//   hpar-device-header           a called function is defined in a user header without
//                                HPAR_INLINE_FUNCTION / HPAR_FUNCTION (hpar rewrites only the
//                                main file)
//   hpar-device-virtual          a called function is virtual
//   hpar-device-recursion        a reached function calls itself, directly or through others
//   hpar-device-lambda-macro     a lambda functor comes from a macro other than HPAR_LAMBDA
//   hpar-device-std-container    a lambda functor captures, or a class functor holds, a standard
//                                container or string
//   and the constructs DeviceCode.cpp recognises in every reached body (exceptions, new/delete,
//   RTTI, static locals, calls through function pointers, containers constructed).
//
// The walk starts at each kernel's functor entries (functorEntries; a templated one, a generic
// lambda's call operator, in each instantiation), for every instantiation of each dispatch (a
// dispatch in a function template runs another functor in each), and follows every call into
// functions of the user's files; hpar's headers and system headers are the backend compiler's
// business (frontend::isLibraryLocation). It remembers the chain of calls from the kernel, and
// every diagnostic in a called function ends with that chain as notes. A function is walked once,
// for the first kernel that reaches it, so each problem is reported once, with the first chain.
//
// Functions defined in the main file are recorded in the IR to be made device-callable by the
// backend (CUDA: __host__ __device__; OpenMP: declare target).
#include "checks/Checks.h"
#include "analysis/Annotations.h"
#include "analysis/DeviceCode.h"
#include "checks/FunctorCalls.h"
#include "analysis/TeamCode.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include <set>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// One function on the chain of calls from the kernel, with the call that reached it (the
/// dispatch for a functor entry).
struct Frame {
  const FunctionDecl* fn;  // the walked declaration (a specialization, not its pattern)
  SourceLocation callSite;
  std::string name;  // as messages quote it: "'scale'", "the lambda at line 9"
};

class Checker {
public:
  explicit Checker(CheckContext& C)
      : Ctx(C.ast), SM(C.ast.getSourceManager()), Paths(C.paths), TU(C.tu), Report(C.report) {}

  /// Checks one instantiation of a dispatch: its functor, and what its entries reach. A templated
  /// entry (a generic lambda's call operator, a templated operator()) is walked in each
  /// instantiation, where its calls are resolved, under the entry's own name.
  void checkSite(const analysis::DispatchSite& Site) {
    if (!Site.functor || !Site.call || Site.kernel >= TU.kernels.size()) return;
    Kernel = &TU.kernels[Site.kernel];
    const LambdaExpr* L = analysis::lambdaOf(Site.functor);
    RootIsLambda = L != nullptr;
    if (L) {
      checkLambda(L);
      checkCaptures(L);
    } else {
      checkFunctorMembers(Site);
    }
    for (const FunctionDecl* Entry : analysis::functorEntries(Site)) {
      std::vector<const FunctionDecl*> Bodies = analysis::instancesOf(Entry);
      if (Bodies.empty()) Bodies.push_back(Entry);  // a template never instantiated: as written
      for (const FunctionDecl* Body : Bodies)
        reach(Body, Site.call->getBeginLoc(), describe(Entry));
    }
  }

private:
  /// The kernel being checked, as messages name it: "kernel 'K'".
  std::string kernelName() const { return "kernel '" + Kernel->name + "'"; }

  /// How messages quote a function.
  std::string describe(const FunctionDecl* F) const {
    if (analysis::isLambdaBody(F))
      return "the lambda at line " + std::to_string(SM.getExpansionLineNumber(
                                         cast<CXXMethodDecl>(F)->getParent()->getLocation()));
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    return "'" + Name + "'";
  }

  /// The function the walk is in, as the subject of a message: "kernel 'K'", "'Fill::operator()'
  /// of kernel 'K'", or "'scale' (reached from kernel 'K')".
  std::string where() const {
    if (Stack.size() <= 1)
      return RootIsLambda || Stack.empty() ? kernelName()
                                           : Stack[0].name + " of " + kernelName();
    return Stack.back().name + " (reached from " + kernelName() + ")";
  }

  /// Notes from the function the walk is in back to the kernel, innermost first.
  void noteChain() {
    for (size_t I = Stack.size(); I-- > 1;) {
      std::string Caller = I == 1 && RootIsLambda ? kernelName() : Stack[I - 1].name;
      Report.note(Stack[I].callSite, Stack[I].name + " called from " + Caller + " here");
    }
    if (!Stack.empty() && !RootIsLambda)
      Report.note(Stack[0].callSite,
                  Stack[0].name + " runs as " + kernelName() + ", launched here");
  }

  /// Reports once per check and location, whichever kernel reaches it first.
  bool firstReport(diag::CheckId Check, SourceLocation Loc) {
    return Reported.insert({(unsigned)Check, Loc.getRawEncoding()}).second;
  }

  /// A lambda functor needs a device execution space on CUDA unless HPAR_LAMBDA gave it one. A
  /// lambda of a function template is one per instantiation, at one location: reported once.
  void checkLambda(const LambdaExpr* L) {
    SourceLocation Bracket = L->getIntroducerRange().getEnd();
    if (Bracket.isMacroID()) {
      llvm::StringRef Macro = Lexer::getImmediateMacroName(Bracket, SM, Ctx.getLangOpts());
      if (Macro != "HPAR_LAMBDA" && Macro != "KOKKOS_LAMBDA" && Macro != "KOKKOS_CLASS_LAMBDA" &&
          firstReport(diag::CheckId::DeviceLambdaMacro, L->getBeginLoc()))
        Report.report(diag::CheckId::DeviceLambdaMacro, L->getBeginLoc(),
                      "lambda of " + kernelName() + " comes from macro '" + Macro.str() +
                          "'; write it with HPAR_LAMBDA or plainly");
      return;
    }
    unsigned After = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Bracket, 0, SM, Ctx.getLangOpts()));
    if (MarkedLambdas.insert(After).second) TU.plainLambdas.push_back(After);
  }

  /// A container captured by copy (also through a reference) is copied into the kernel's
  /// closure, to the device.
  void checkCaptures(const LambdaExpr* L) {
    for (const LambdaCapture& C : L->captures()) {
      if (!C.capturesVariable() || C.getCaptureKind() != LCK_ByCopy) continue;
      const ValueDecl* V = C.getCapturedVar();
      QualType Held = V ? V->getType().getNonReferenceType() : QualType();
      if (!V || !analysis::isStdContainer(Held, Ctx)) continue;
      if (!firstReport(diag::CheckId::DeviceStdContainer, C.getLocation())) continue;
      Report.report(diag::CheckId::DeviceStdContainer, C.getLocation(),
                    kernelName() + " captures '" + V->getName().str() + "', a '" +
                        Held.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
                        "', by copy; standard containers and strings hold host memory and cannot "
                        "be used on the device: copy the data into a View")
          << SourceRange(C.getLocation());
      Report.note(V->getLocation(), "'" + V->getName().str() + "' declared here");
    }
  }

  /// A class functor is copied to the device with its members.
  void checkFunctorMembers(const analysis::DispatchSite& Site) {
    const CXXRecordDecl* RD = analysis::recordOf(Site.functor->getType());
    if (!RD) return;
    for (const FieldDecl* F : RD->fields()) {
      if (F->getType()->isReferenceType() || !analysis::isStdContainer(F->getType(), Ctx)) continue;
      if (!firstReport(diag::CheckId::DeviceStdContainer, F->getLocation())) continue;
      Report.report(diag::CheckId::DeviceStdContainer, F->getLocation(),
                    "functor '" + RD->getNameAsString() + "' of " + kernelName() + " holds '" +
                        F->getName().str() + "', a '" +
                        F->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) +
                        "'; standard containers and strings hold host memory and cannot be "
                        "used on the device: hold a View instead")
          << F->getSourceRange();
      Report.note(Site.call->getBeginLoc(), "functor copied to the device here");
    }
  }

  /// Reports a call's problem at the call site, in the function the walk is in, with a note at
  /// the called function when `At` is valid.
  void callError(diag::CheckId Check, SourceLocation CallSite, const std::string& Message,
                 SourceLocation At = {}, const std::string& AtNote = "") {
    if (!firstReport(Check, CallSite)) return;
    Report.report(Check, CallSite, where() + " calls " + Message);
    if (At.isValid()) Report.note(At, AtNote);
    noteChain();
  }

  /// Follows one call: checks the called function and, when it is the user's, walks its body.
  /// Template specializations are walked as instantiated (their calls are resolved there) and
  /// marked where they are written (the pattern). Messages quote it as `Name`, or as describe()
  /// says when `Name` is empty.
  void reach(const FunctionDecl* Called, SourceLocation CallSite, std::string Name = "") {
    if (!Called || Called->isDeleted()) return;
    const FunctionDecl* Pattern = Called->getTemplateInstantiationPattern();
    const FunctionDecl* F = (Pattern ? Pattern : Called)->getCanonicalDecl();
    // hpar's API and the standard library are the backend compiler's.
    if (frontend::isLibraryLocation(SM, Paths, F->getLocation())) return;
    const FunctionDecl* Key = Called->getCanonicalDecl();
    for (const Frame& Fr : Stack)
      if (Fr.fn == Key) return recursion(Key, CallSite);
    if (Visited.count(Key)) return;
    if (Name.empty()) Name = describe(Called);
    const FunctionDecl* Body = Called->getDefinition();
    const auto* M = dyn_cast<CXXMethodDecl>(F);
    if (analysis::isLambdaBody(F) || Called->isImplicit()) {
      // A lambda is device code where it is written; an implicit member (a constructor, an
      // assignment) runs its members' ones. Neither is marked: the backends handle them.
      Visited.insert(Key);
      walk(Body, CallSite, Name);
      return;
    }
    // The problems of a call belong to its call site: each call is reported (once, since its
    // caller is walked once).
    if (M && M->isVirtual())
      return callError(diag::CheckId::DeviceVirtual, CallSite,
                       "virtual function " + Name + ", which cannot be called on the device");
    bool Annotated = false;
    for (const FunctionDecl* D : F->redecls())
      if (analysis::ownAnnotation(D) == "hpar::device_callable") Annotated = true;
    const FunctionDecl* Def = F->getDefinition();
    if (!Def) {
      return callError(diag::CheckId::DeviceNotVisible, CallSite,
                       Name + ", whose definition is not visible in this file, so it cannot be "
                              "compiled for the device",
                       F->getLocation(), Name + " declared here");
    }
    bool InMain = SM.isWrittenInMainFile(SM.getExpansionLoc(Def->getLocation()));
    if (!InMain && !Annotated) {
      return callError(diag::CheckId::DeviceHeader, CallSite,
                       Name + ", which is defined in another file without HPAR_INLINE_FUNCTION "
                              "or HPAR_FUNCTION",
                       Def->getLocation(), Name + " defined here");
    }
    Visited.insert(Key);
    Stack.push_back({Key, CallSite, Name});
    if (InMain && !Annotated && Marked.insert(F).second) mark(F, Def);
    Stack.pop_back();
    walk(Body ? Body : Def, CallSite, Name);
  }

  /// Walks one definition with its frame on the chain: reports its unsafe constructs and follows
  /// its calls, in source order. A template specialization's calls are resolved in it, but the
  /// branches `if constexpr` discarded are only in its pattern, where nvcc still checks them, so
  /// the pattern's constructs are reported too: the pattern is scanned once, with the first
  /// specialization walked (its constructs are at the same locations in every one).
  void walk(const FunctionDecl* Def, SourceLocation CallSite, const std::string& Name) {
    if (!Def) return;
    Stack.push_back({Def->getCanonicalDecl(), CallSite, Name});
    for (const analysis::DeviceEvent& E : analysis::scanDeviceCode(Def, Ctx, Paths)) {
      if (E.kind == analysis::DeviceEvent::Call) reach(E.callee, E.loc);
      else unsafe(E);
    }
    if (const FunctionDecl* Pattern = Def->getTemplateInstantiationPattern();
        Pattern && ScannedPatterns.insert(Pattern).second)
      for (const analysis::DeviceEvent& E : analysis::scanDeviceCode(Pattern, Ctx, Paths))
        if (E.kind == analysis::DeviceEvent::Unsafe) unsafe(E);
    Stack.pop_back();
  }

  /// Reports a construct the device cannot run, in the function the walk is in, once per rule
  /// and location.
  void unsafe(const analysis::DeviceEvent& E) {
    if (!firstReport(E.check, E.loc)) return;
    Report.report(E.check, E.loc, where() + " " + E.what + "; " + E.why) << E.range;
    if (E.usedAt.isValid()) Report.note(E.usedAt, E.usedNote);
    noteChain();
  }

  /// A call of a function already on the chain: the chain from it to here is a cycle. Reported
  /// once per function, and once per call (each specialization of a template closes its cycle at
  /// the same call).
  void recursion(const FunctionDecl* Callee, SourceLocation CallSite) {
    if (!RecursiveReported.insert(Callee).second) return;
    if (!firstReport(diag::CheckId::DeviceRecursion, CallSite)) return;
    bool Self = Stack.back().fn == Callee;
    Report.report(diag::CheckId::DeviceRecursion, CallSite,
                  where() + " calls " + (Self ? std::string("itself") : describe(Callee)) +
                      " recursively; hpar does not allow recursion in device code, whose stack "
                      "depth is not portable");
    noteChain();
  }

  /// Records the declarations of a main-file function that the backend must mark.
  void mark(const FunctionDecl* F, const FunctionDecl* Def) {
    bool Member = isa<CXXMethodDecl>(F);
    for (const FunctionDecl* D : F->redecls()) {
      SourceLocation Begin = SM.getExpansionLoc(D->getInnerLocStart());
      if (!SM.isWrittenInMainFile(Begin)) {
        Report.report(diag::CheckId::DeviceHeader, D->getLocation(),
                      "'" + F->getQualifiedNameAsString() + "' is called from " + kernelName() +
                          " but declared in another file; mark it HPAR_FUNCTION");
        noteChain();
        continue;
      }
      ir::TranslationUnit::DeviceFunction DF;
      DF.declBegin = SM.getFileOffset(Begin);
      DF.isMember = Member || !D->getDeclContext()->getRedeclContext()->isFileContext();
      DF.isDefinition = D == Def;
      if (DF.isDefinition) {
        DF.defBegin = SM.getFileOffset(SM.getExpansionLoc(D->getOuterLocStart()));
        if (const auto* FT = D->getDescribedFunctionTemplate())
          DF.defBegin = SM.getFileOffset(SM.getExpansionLoc(FT->getBeginLoc()));
        SourceLocation End = SM.getExpansionLoc(D->getEndLoc());
        DF.defEnd = SM.getFileOffset(Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
      }
      TU.deviceFunctions.push_back(DF);
    }
  }

  ASTContext& Ctx;
  SourceManager& SM;
  const frontend::SearchPaths& Paths;
  ir::TranslationUnit& TU;
  diag::Reporter& Report;
  const ir::Kernel* Kernel = nullptr;
  bool RootIsLambda = false;
  std::vector<Frame> Stack;                              // the chain of calls from the kernel
  llvm::DenseSet<const FunctionDecl*> Visited;           // specializations walked
  llvm::DenseSet<const FunctionDecl*> Marked;            // patterns recorded for marking
  llvm::DenseSet<const FunctionDecl*> ScannedPatterns;   // template patterns scanned in walk()
  llvm::DenseSet<const FunctionDecl*> RecursiveReported;
  std::set<std::pair<unsigned, unsigned>> Reported;      // (check, location) already reported
  llvm::DenseSet<unsigned> MarkedLambdas;
};

}  // namespace

/// Checks every instantiation of every dispatch: a dispatch in a function template runs another
/// functor in each. What several reach is walked and reported once, with the first chain.
/// Dispatches over a host execution space run on the host: nothing they reach is device code.
void checkDeviceCallable(CheckContext& C) {
  Checker K(C);
  for (const auto& Site : C.instances)
    if (!C.tu.kernels[Site.kernel].onHost) K.checkSite(Site);
}

}  // namespace checks
}  // namespace hpar
