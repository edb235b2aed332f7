#include "analysis/DeviceCallGraph.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"
#include "analysis/TeamCode.h"
#include "analysis/Types.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hpar {
namespace analysis {

std::string describeFunction(const FunctionDecl* F, const ASTContext& Ctx) {
  if (isLambdaBody(F))
    return "the lambda at line " +
           std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
               cast<CXXMethodDecl>(F)->getParent()->getLocation()));
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return "'" + Name + "'";
}

namespace {

class DeviceWalk {
public:
  DeviceWalk(ASTContext& Ctx, const AnalysedFile& File, ir::TranslationUnit& TU)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), File(File), Paths(File.paths()), TU(TU) {}

  /// Walks one instantiation of a dispatch: its functor, and what its entries reach. A templated
  /// entry (a generic lambda's call operator, a templated operator()) is walked in each
  /// instantiation, where its calls are resolved, under the entry's own name.
  void walkSite(const DispatchSite& Site) {
    if (!Site.functor || !Site.call || Site.kernel >= TU.kernels.size()) return;
    Kernel = Site.kernel;
    const LambdaExpr* L = lambdaOf(Site.functor);
    RootIsLambda = L != nullptr;
    if (L) {
      lambdaFunctor(L, Site);
      captures(L);
    } else {
      functorMembers(Site);
    }
    // Each entry in the instantiations this dispatch runs (functorBodies: a templated
    // operator() in the one its pattern calls), under the entry's own name.
    const std::vector<const FunctionDecl*> Called = functorBodies(Site);
    for (const FunctionDecl* Entry : functorEntries(Site)) {
      std::vector<const FunctionDecl*> Bodies;
      for (const FunctionDecl* Body : instancesOf(Entry))
        if (llvm::is_contained(Called, Body)) Bodies.push_back(Body);
      if (Bodies.empty()) Bodies.push_back(Entry);  // a template never instantiated: as written
      for (const FunctionDecl* Body : Bodies)
        reach(Body, Site.call->getBeginLoc(), describeFunction(Entry, Ctx));
    }
  }

  std::vector<DeviceFinding> Findings;

private:
  /// A finding of `kind` at `loc`, in the function the walk is in.
  DeviceFinding& find(DeviceFinding::Kind Kind, SourceLocation Loc) {
    DeviceFinding& F = Findings.emplace_back();
    F.kind = Kind;
    F.kernel = Kernel;
    F.rootIsLambda = RootIsLambda;
    F.chain = Stack;
    F.loc = Loc;
    return F;
  }

  /// A lambda functor needs a device execution space on CUDA unless HPAR_LAMBDA gave it one: the
  /// backend adds it after the capture list. A lambda written by another macro cannot be edited.
  /// A lambda that only the device calls (ir::TranslationUnit::deviceLambdas) gets the device
  /// space alone, in place of the macro or after the capture list, where the translated source
  /// writes it (deviceOnlyHere).
  void lambdaFunctor(const LambdaExpr* L, const DispatchSite& Site) {
    const ir::Kernel& K = TU.kernels[Site.kernel];
    const bool DeviceOnly = isa<LambdaExpr>(strip(Site.functor)) && !K.onHost && !K.alsoOnHost &&
                            K.pattern != ir::Pattern::Scan;
    SourceLocation Bracket = L->getIntroducerRange().getEnd();
    if (Bracket.isMacroID()) {
      llvm::StringRef Macro = Lexer::getImmediateMacroName(Bracket, SM, Ctx.getLangOpts());
      if (Macro != "HPAR_LAMBDA" && Macro != "KOKKOS_LAMBDA" && Macro != "HPAR_CLASS_LAMBDA" &&
          Macro != "KOKKOS_CLASS_LAMBDA") {
        find(DeviceFinding::Kind::LambdaFromMacro, L->getBeginLoc()).macro = Macro.str();
        return;
      }
      if (!DeviceOnly) return;
      // The macro the file spells (KOKKOS_LAMBDA stands for HPAR_LAMBDA).
      const CharSourceRange Spelled = SM.getExpansionRange(Bracket);
      const llvm::StringRef Name = Lexer::getSourceText(Spelled, SM, Ctx.getLangOpts());
      const bool Class = Name == "KOKKOS_CLASS_LAMBDA" || Name == "HPAR_CLASS_LAMBDA";
      if ((Class || Name == "KOKKOS_LAMBDA" || Name == "HPAR_LAMBDA") &&
          deviceOnlyHere(Spelled.getBegin())) {
        const unsigned Begin = SM.getFileOffset(Spelled.getBegin());
        if (MarkedLambdas.insert(Begin).second)
          TU.deviceLambdas.push_back({Begin, unsigned(Name.size()), Class ? "[=, *this]" : "[=]"});
      }
      return;
    }
    unsigned After = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Bracket, 0, SM, Ctx.getLangOpts()));
    if (!MarkedLambdas.insert(After).second) return;
    if (DeviceOnly && deviceOnlyHere(Bracket))
      TU.deviceLambdas.push_back({After, 0, ""});
    else
      TU.plainLambdas.push_back(After);
  }

  /// Whether a device-only lambda at `Loc` (a file location) gets the device space alone: when
  /// the translated source writes it. A lambda of one of the user's headers keeps both spaces
  /// (HPAR_LAMBDA's, or those added after its capture list), which is valid wherever it runs.
  bool deviceOnlyHere(SourceLocation Loc) const { return File.isSource() && File.writtenHere(Loc); }

  /// A container captured by copy (also through a reference) is copied into the kernel's
  /// closure, to the device.
  void captures(const LambdaExpr* L) {
    for (const LambdaCapture& C : L->captures()) {
      if (!C.capturesVariable() || C.getCaptureKind() != LCK_ByCopy) continue;
      const ValueDecl* V = C.getCapturedVar();
      if (V && isStdContainer(V->getType().getNonReferenceType(), Ctx))
        find(DeviceFinding::Kind::CapturedContainer, C.getLocation()).decl = V;
    }
  }

  /// A class functor is copied to the device with its members.
  void functorMembers(const DispatchSite& Site) {
    const CXXRecordDecl* RD = recordOf(Site.functor->getType());
    if (!RD) return;
    for (const FieldDecl* F : RD->fields()) {
      if (F->getType()->isReferenceType() || !isStdContainer(F->getType(), Ctx)) continue;
      DeviceFinding& D = find(DeviceFinding::Kind::HeldContainer, F->getLocation());
      D.decl = F;
      D.record = RD;
      D.dispatch = Site.call;
    }
  }

  /// A call whose callee cannot run on the device.
  void badCall(DeviceFinding::Kind Kind, SourceLocation CallSite, const FunctionDecl* Callee,
               const std::string& Name) {
    DeviceFinding& D = find(Kind, CallSite);
    D.callee = Callee;
    D.calleeName = Name;
  }

  /// Follows one call: checks the called function and, when it is the user's, walks its body.
  /// Template specializations are walked as instantiated (their calls are resolved there) and
  /// marked where they are written (the pattern). Messages quote it as `Name`, or as
  /// describeFunction says when `Name` is empty.
  void reach(const FunctionDecl* Called, SourceLocation CallSite, std::string Name = "") {
    if (!Called || Called->isDeleted()) return;
    const FunctionDecl* Pattern = Called->getTemplateInstantiationPattern();
    const FunctionDecl* F = (Pattern ? Pattern : Called)->getCanonicalDecl();
    // hpar's API and the standard library are the backend compiler's.
    if (frontend::isLibraryLocation(SM, Paths, F->getLocation())) return;
    const FunctionDecl* Key = Called->getCanonicalDecl();
    for (const DeviceFrame& Fr : Stack)
      if (Fr.fn == Key) return recursion(Key, CallSite);
    if (Visited.count(Key)) return;
    if (Name.empty()) Name = describeFunction(Called, Ctx);
    // An object the device constructs is destroyed there: its destructor, called implicitly.
    if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(F))
      if (const CXXDestructorDecl* Dtor = Ctor->getParent()->getDestructor())
        if (const FunctionDecl* DtorDef = Dtor->getDefinition())
          if (DtorDef->isOutOfLine() && !frontend::isLibraryLocation(SM, Paths, DtorDef->getLocation()))
            recordOutOfLine(DtorDef);
    const FunctionDecl* Body = Called->getDefinition();
    const auto* M = dyn_cast<CXXMethodDecl>(F);
    if (isLambdaBody(F) || Called->isImplicit()) {
      // A lambda is device code where it is written; an implicit member (a constructor, an
      // assignment) runs its members' ones. Neither is marked: the backends handle them.
      Visited.insert(Key);
      walk(Body, CallSite, Name);
      return;
    }
    // The problems of a call belong to its call site.
    if (M && M->isVirtual()) return badCall(DeviceFinding::Kind::CallsVirtual, CallSite, F, Name);
    bool Annotated = false;
    for (const FunctionDecl* D : F->redecls())
      if (ownAnnotation(D) == "hpar::device_callable") Annotated = true;
    const FunctionDecl* Def = F->getDefinition();
    if (!Def) return badCall(DeviceFinding::Kind::CallsInvisible, CallSite, F, Name);
    const bool Here = File.writtenHereExpanded(Def->getLocation());
    if (!Here && !Annotated)
      return badCall(DeviceFinding::Kind::CallsUnmarked, CallSite, Def, Name);
    Visited.insert(Key);
    Stack.push_back({Key, CallSite, Name});
    if (Here && !Annotated && Marked.insert(F).second) mark(F, Def);
    if ((isa<CXXConstructorDecl>(Def) || isa<CXXDestructorDecl>(Def)) && Def->isOutOfLine())
      recordOutOfLine(Def);
    Stack.pop_back();
    walk(Body ? Body : Def, CallSite, Name);
  }

  /// Walks one definition with its frame on the chain: finds its unsafe constructs and follows
  /// its calls, in source order. A template specialization's calls are resolved in it, but the
  /// branches `if constexpr` discarded are only in its pattern, where nvcc still checks them, so
  /// the pattern's constructs are found too: the pattern is scanned once, with the first
  /// specialization walked (its constructs are at the same locations in every one).
  void walk(const FunctionDecl* Def, SourceLocation CallSite, const std::string& Name) {
    if (!Def) return;
    Stack.push_back({Def->getCanonicalDecl(), CallSite, Name});
    for (const DeviceEvent& E : scanDeviceCode(Def, Ctx, Paths)) {
      if (E.kind == DeviceEvent::Call) reach(E.callee, E.loc);
      else find(DeviceFinding::Kind::Unsafe, E.loc).event = E;
    }
    if (const FunctionDecl* Pattern = Def->getTemplateInstantiationPattern();
        Pattern && ScannedPatterns.insert(Pattern).second)
      for (const DeviceEvent& E : scanDeviceCode(Pattern, Ctx, Paths))
        if (E.kind == DeviceEvent::Unsafe) find(DeviceFinding::Kind::Unsafe, E.loc).event = E;
    Stack.pop_back();
  }

  /// A call of a function already on the chain: the chain from it to here is a cycle. Found
  /// once per function (each specialization of a template closes its cycle at the same call).
  void recursion(const FunctionDecl* Callee, SourceLocation CallSite) {
    if (!RecursionFound.insert(Callee).second) return;
    DeviceFinding& D = find(DeviceFinding::Kind::Recursion, CallSite);
    D.callee = Callee;
    D.calleeName = describeFunction(Callee, Ctx);
    D.self = Stack.back().fn == Callee;
  }

  /// Records a constructor or destructor defined outside its class, wherever it is
  /// (TranslationUnit::outOfLineStructors).
  void recordOutOfLine(const FunctionDecl* Def) {
    if (!RecordedOutOfLine.insert(Def).second) return;
    SourceLocation Begin = SM.getExpansionLoc(Def->getOuterLocStart());
    if (const auto* FT = Def->getDescribedFunctionTemplate())
      Begin = SM.getExpansionLoc(FT->getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(Def->getEndLoc());
    End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    if (Begin.isInvalid() || End.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End)) return;
    TU.outOfLineStructors.push_back({Begin.getRawEncoding(), End.getRawEncoding()});
  }

  /// Records the declarations of a function of the analysed file that the backend must mark.
  void mark(const FunctionDecl* F, const FunctionDecl* Def) {
    bool Member = isa<CXXMethodDecl>(F);
    for (const FunctionDecl* D : F->redecls()) {
      SourceLocation Begin = SM.getExpansionLoc(D->getInnerLocStart());
      if (!File.writtenHere(Begin)) {
        DeviceFinding& Found = find(DeviceFinding::Kind::DeclaredElsewhere, D->getLocation());
        Found.callee = F;
        Found.decl = D;
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
  const AnalysedFile& File;
  const frontend::SearchPaths& Paths;
  llvm::DenseSet<const FunctionDecl*> RecordedOutOfLine;
  ir::TranslationUnit& TU;
  size_t Kernel = 0;
  bool RootIsLambda = false;
  std::vector<DeviceFrame> Stack;                        // the chain of calls from the kernel
  llvm::DenseSet<const FunctionDecl*> Visited;           // specializations walked
  llvm::DenseSet<const FunctionDecl*> Marked;            // patterns recorded for marking
  llvm::DenseSet<const FunctionDecl*> ScannedPatterns;   // template patterns scanned in walk()
  llvm::DenseSet<const FunctionDecl*> RecursionFound;
  llvm::DenseSet<unsigned> MarkedLambdas;
};

}  // namespace

std::vector<DeviceFinding> walkDeviceCode(ASTContext& Ctx, const AnalysedFile& File,
                                          const std::vector<DispatchSite>& Instances,
                                          ir::TranslationUnit& TU) {
  DeviceWalk W(Ctx, File, TU);
  for (const DispatchSite& Site : Instances)
    if (!TU.kernels[Site.kernel].onHost && !TU.kernels[Site.kernel].onHostThreads) W.walkSite(Site);
  return std::move(W.Findings);
}

}  // namespace analysis
}  // namespace hpar
