#include "analysis/DispatchFinder.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"
#include "analysis/PolicyInfo.h"
#include "analysis/SourceRanges.h"
#include "ir/Naming.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace hpar {
namespace analysis {

const Expr* strip(const Expr* E) {
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto* C = dyn_cast<CXXConstructExpr>(E);
    if (!C || C->getNumArgs() != 1 || !C->getConstructor()->isCopyOrMoveConstructor()) return E;
    E = C->getArg(0);
  }
  return E;
}

const LambdaExpr* lambdaOf(const Expr* functor) {
  const Expr* E = strip(functor);
  if (const auto* L = dyn_cast<LambdaExpr>(E)) return L;
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto* V = dyn_cast<VarDecl>(Ref->getDecl()); V && V->hasInit())
      return dyn_cast<LambdaExpr>(strip(V->getInit()));
  return nullptr;
}

/// True when an argument is a label: a character pointer or array, or a std::string.
static bool isLabel(const Expr* Arg) {
  QualType T = strip(Arg)->getType().getNonReferenceType().getCanonicalType();
  if (T->isPointerType() || T->isArrayType()) {
    QualType Elem = T->isPointerType() ? T->getPointeeType() : QualType(T->getArrayElementTypeNoTypeQual(), 0);
    return Elem->isCharType();
  }
  if (const auto* RD = T->getAsCXXRecordDecl()) return RD->getName() == "basic_string";
  return false;
}

/// Returns the text of a string-literal label, or nothing when the label is computed.
static std::optional<std::string> literalLabel(const Expr* Arg) {
  const Expr* E = strip(Arg);
  if (const auto* S = dyn_cast<StringLiteral>(E)) return S->getString().str();
  for (const Stmt* Child : E->children())
    if (const auto* CE = dyn_cast_or_null<Expr>(Child))
      if (auto L = literalLabel(CE)) return L;
  return std::nullopt;
}

namespace {

/// Whether a nested parallel_for's closure is light enough to run four calls per step
/// (hpar::impl::unrolled_parallel_for): straight-line code (no loops, gotos or inner lambdas),
/// no calls other than View element accesses, and at most two element accesses (View elements,
/// subscripts, dereferences) in all, such as a copy `s(j) = a(row, j)` or an update `x(i) *= 2`.
/// Four copies of such a body keep four loads in flight for a few registers more; a closure
/// with more work, unrolled, can need enough registers to lose resident teams (batched_gemm's
/// copy of two tiles went from 32 to 48 registers per thread, which the benchmark measured as a
/// loss), so it keeps one call per step.
class LightClosure : public RecursiveASTVisitor<LightClosure> {
public:
  static bool check(const LambdaExpr* L) {
    if (!L || !L->getBody()) return false;
    LightClosure V;
    V.TraverseStmt(L->getBody());
    return V.Light && V.Accesses <= 2;
  }

  bool VisitStmt(Stmt* S) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, GotoStmt, IndirectGotoStmt, LambdaExpr>(S))
      Light = false;
    return Light;
  }
  bool VisitCallExpr(CallExpr* C) {
    const auto* Op = dyn_cast<CXXOperatorCallExpr>(C);
    if (Op && Op->getOperator() == OO_Call && Op->getNumArgs() > 0 &&
        isView(Op->getArg(0)->getType()))
      ++Accesses;
    else
      Light = false;
    return Light;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr*) {
    ++Accesses;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* U) {
    if (U->getOpcode() == UO_Deref) ++Accesses;
    return true;
  }

private:
  bool Light = true;
  unsigned Accesses = 0;
};

/// Counts, over the View element accesses in a closure, those whose stride-1 subscript (the last
/// of a LayoutRight View, the first of a LayoutLeft one) is the parameter `First` and those whose
/// is `Last`. A View of another layout, or a subscript that is an expression, counts for neither.
class StrideVotes : public RecursiveASTVisitor<StrideVotes> {
public:
  StrideVotes(const ParmVarDecl* First, const ParmVarDecl* Last)
      : FirstParam(First), LastParam(Last) {}

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr* Op) {
    if (Op->getOperator() != OO_Call || Op->getNumArgs() < 2) return true;
    const CXXRecordDecl* View =
        Op->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (!isView(View)) return true;
    const llvm::StringRef Layout = layoutOf(View);
    const Expr* Unit = nullptr;
    if (Layout == "hpar::layout_right") Unit = Op->getArg(Op->getNumArgs() - 1);
    else if (Layout == "hpar::layout_left") Unit = Op->getArg(1);
    const auto* Ref = Unit ? dyn_cast<DeclRefExpr>(Unit->IgnoreParenImpCasts()) : nullptr;
    if (!Ref) return true;
    if (Ref->getDecl() == FirstParam) ++First;
    if (Ref->getDecl() == LastParam) ++Last;
    return true;
  }

  unsigned First = 0, Last = 0;

private:
  /// The annotation of a View's array_layout ("hpar::layout_right", ...), or "".
  static llvm::StringRef layoutOf(const CXXRecordDecl* View) {
    for (const NamedDecl* D : View->lookup(&View->getASTContext().Idents.get("array_layout")))
      if (const auto* T = dyn_cast<TypedefNameDecl>(D))
        return annotationOf(T->getUnderlyingType()->getAsCXXRecordDecl());
    return "";
  }

  const ParmVarDecl* FirstParam;
  const ParmVarDecl* LastParam;
};

/// Whether a nested range argument is a one-dimensional range at the thread or team-vector level
/// (impl::NestedRange<ThreadLevel or TeamVectorLevel, ...>), where unrolled_parallel_for applies.
bool unrollableRange(const Expr* Range) {
  const NestedRangeKind K = nestedRangeOf(Range);
  return !K.md && (K.level == NestedLevel::Thread || K.level == NestedLevel::TeamVector);
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext& Ctx, const AnalysedFile& File, diag::Reporter& Report, ir::TranslationUnit& TU)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), File(File), Paths(File.paths()), Report(Report), TU(TU),
        HostOnly(defaultSpaceOnHost(Ctx)) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  /// Keeps InInstantiation: whether the walk is inside an instantiated template.
  bool TraverseDecl(Decl* D) {
    const bool Outer = InInstantiation;
    if (const auto* F = dyn_cast_or_null<FunctionDecl>(D))
      InInstantiation = InInstantiation || F->isTemplateInstantiation();
    if (isa_and_nonnull<ClassTemplateSpecializationDecl>(D)) InInstantiation = true;
    const bool Result = RecursiveASTVisitor::TraverseDecl(D);
    InInstantiation = Outer;
    return Result;
  }

  void run() {
    // The declarations parsed from the text, not those a precompiled header holds (its
    // declarations are the API's, and reading them back only to skip them cost the in-memory
    // entry point, which parses after one, most of its time on a small file). Without a
    // precompiled header or modules the two lists are the same.
    std::vector<Decl*> Walk;
    for (Decl* D : Ctx.getTranslationUnitDecl()->noload_decls()) {
      if (D->getBeginLoc().isValid() && frontend::isLibraryLocation(SM, Paths, D->getBeginLoc())) continue;
      noteFileScope(D);
      Walk.push_back(D);
    }
    // Declarations of the user's headers are the headers' own translation (Translate.cpp);
    // here they are walked to find which headers have dispatches.
    for (Decl* D : Walk) TraverseDecl(D);
  }

  bool VisitCallExpr(CallExpr* Call) {
    const FunctionDecl* Callee = Call->getDirectCallee();
    llvm::StringRef A = annotationOf(Callee);
    if (A.starts_with("hpar::nested::")) return visitNested(Call, A);
    ir::Pattern Pattern;
    if (A == "hpar::parallel_for") Pattern = ir::Pattern::For;
    else if (A == "hpar::parallel_reduce") Pattern = ir::Pattern::Reduce;
    else if (A == "hpar::parallel_scan") Pattern = ir::Pattern::Scan;
    else return true;

    SourceLocation Loc = Call->getBeginLoc();
    if (frontend::isLibraryLocation(SM, Paths, Loc)) return true;  // hpar's own headers and system headers
    const FileID CallFile = SM.getFileID(SM.getExpansionLoc(Loc));
    const std::optional<unsigned> InsertAt = fileScopeDeclaration(SM.getExpansionLoc(Loc));
    if (!InsertAt) {
      // The kernel goes before the enclosing file-scope declaration, which another file holds.
      error(diag::CheckId::DispatchInIncludedCode, Loc,
            "hpar dispatch in a file included inside a declaration cannot be translated: the "
            "kernel would go before that declaration, in another file; include the file at file "
            "scope, or move the dispatch into the including file");
      return true;
    }
    if (CallFile != File.id()) {  // in another of the user's files: translated in that file's pass
      if (std::find(OtherFiles.begin(), OtherFiles.end(), CallFile) == OtherFiles.end())
        OtherFiles.push_back(CallFile);
      return true;
    }
    const Expr* CalleeExpr = Call->getCallee()->IgnoreImplicit();
    SourceRange CalleeRange = CalleeExpr->getSourceRange();
    if (CalleeRange.getBegin().isMacroID() || CalleeRange.getEnd().isMacroID()) {
      error(diag::CheckId::DispatchInMacro, Loc, "hpar dispatch written inside a macro expansion cannot be translated");
      return true;
    }
    unsigned Begin = SM.getFileOffset(CalleeRange.getBegin());
    if (auto Known = KernelAt.find(Begin); Known != KernelAt.end()) {
      // Another instantiation of the same template: the same kernel, another functor type, or
      // for a policy of another kind or rank the kernel of that kind (Kernel::variantOf).
      const DispatchSite& First = Sites[Known->second];
      if (runsOnHost(Call)) TU.kernels[First.kernel].alsoOnHost = true;
      const size_t Kernel = kernelOfKind(Call, First.kernel);
      if (Kernel == TU.kernels.size()) return true;  // a variant just recorded, as a site of its own
      for (unsigned I = 0; I < First.call->getNumArgs() && I < Call->getNumArgs(); ++I)
        if (First.call->getArg(I) == First.functor) Instances.push_back({Call, Call->getArg(I), Kernel});
      return true;
    }

    // A dispatch inside a kernel's functor: legal where the kernel runs on the host (its own
    // threads or the calling thread) and the dispatch over a host space (Kokkos runs it on the
    // calling thread), and then a kernel of its own. Over a space the header runs, an
    // untranslated one. Over a space the build translates (Kokkos::OpenMP in the OpenMP build
    // for the host) the header runs a range or MDRange on the calling thread too; a team policy,
    // whose member is the translated kernels' own, is translated, and its region, nested in the
    // outer kernel's, has the calling thread alone. In the OpenMP build for the host every
    // kernel runs on the host's threads, the default space's too, so every nesting is legal there,
    // as in Kokkos' OpenMP build.
    const std::optional<size_t> Outer = Enclosing.containing(Loc);
    bool NestedOnHostThreads = false;
    if (Outer) {
      const bool HostOuter = HostOnly || TU.kernels[*Outer].onHost || TU.kernels[*Outer].onHostThreads;
      const HostKind Inner = hostKind(Call);
      if (!HostOuter || Inner == HostKind::No) {
        error(diag::CheckId::NestedDispatch, Loc, "nested dispatch: a parallel pattern inside the functor of kernel '" +
                            TU.kernels[*Outer].name +
                            "' is only legal over TeamThreadRange, TeamVectorRange or "
                            "ThreadVectorRange inside a TeamPolicy functor");
        return true;
      }
      NestedOnHostThreads = Inner == HostKind::Threads;
    }

    ir::Kernel K;
    K.pattern = Pattern;
    unsigned Arg = 0, NumArgs = Call->getNumArgs();
    if (NumArgs > 0 && isLabel(Call->getArg(0))) {
      K.hasLabel = true;
      if (auto L = literalLabel(Call->getArg(0))) K.label = *L;
      Arg = 1;
    }
    if (NumArgs < Arg + 2) {
      error(diag::CheckId::DispatchArguments, Loc, "hpar dispatch needs a policy and a functor");
      return true;
    }
    auto Facts = describePolicy(strip(Call->getArg(Arg))->getType(),
                                strip(Call->getArg(Arg + 1))->getType());
    if (!Facts) {
      error(diag::CheckId::UnsupportedPolicy, Call->getArg(Arg)->getBeginLoc(), "unsupported execution policy type '" +
                                                       Call->getArg(Arg)->getType().getAsString() + "'");
      return true;
    }
    K.policy = Facts->kind;
    K.rank = Facts->rank;
    K.hasWorkTag = Facts->hasWorkTag;
    K.onHost = Facts->onHost || NestedOnHostThreads;  // a nested one is the header's (above)
    K.onHostThreads = Facts->onHostThreads && !NestedOnHostThreads;
    if (K.policy != ir::PolicyKind::Range && Pattern == ir::Pattern::Scan) {
      error(diag::CheckId::ScanPolicy, Loc, std::string("parallel_scan over ") +
                          (K.policy == ir::PolicyKind::Team ? "a TeamPolicy" : "an MDRangePolicy") +
                          " is not part of the programming model; scan inside the team with a "
                          "nested parallel_scan or team_scan");
      return true;
    }
    const Expr* Functor = Call->getArg(Arg + 1);
    unsigned Rest = NumArgs - (Arg + 2);
    if (Pattern == ir::Pattern::Reduce) {
      K.numResults = Rest;
      if (Rest == 1)
        K.reduceOp = scalarReduceOf(strip(Functor)->getType(),
                                    strip(Call->getArg(Arg + 2))->getType());
    }
    if (Pattern == ir::Pattern::Scan) K.hasScanTotal = Rest == 1;

    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    K.file = llvm::sys::path::filename(P.getFilename()).str();
    K.line = P.getLine();
    K.column = P.getColumn();
    K.inHeader = TU.header;
    K.inHeaderTemplate = TU.header && InInstantiation;
    if (K.inHeaderTemplate) K.alsoOnHost = true;  // another file may run it on the host
    K.name = ir::kernelName(K, Names);
    K.calleeBegin = Begin;
    K.calleeEnd = endOffset(CalleeRange);
    K.insertAt = *InsertAt;

    KernelAt[Begin] = TU.kernels.size();
    Sites.push_back({Call, Functor, TU.kernels.size()});
    Enclosing.add(Call->getArg(Arg + 1)->getSourceRange(), TU.kernels.size());
    TU.kernels.push_back(std::move(K));
    return true;
  }

  std::vector<DispatchSite> Sites;
  std::vector<DispatchSite> Instances;  // the other instantiations of Sites' calls
  std::vector<FileID> OtherFiles;       // the user's headers with dispatches, in order found

private:
  /// The kernel of `First`'s dispatch site for another instantiation `Call`: `First` itself when
  /// the policy has its kind and rank (or runs on the host, or is not understood), else the
  /// variant of that kind and rank (Kernel::variantOf). A new variant is recorded with `Call` as
  /// its site, and TU.kernels.size() (after the new kernel) is returned.
  size_t kernelOfKind(const CallExpr* Call, size_t First) {
    const unsigned Arg = TU.kernels[First].hasLabel ? 1 : 0;
    if (Call->getNumArgs() < Arg + 2) return First;
    auto Facts = describePolicy(strip(Call->getArg(Arg))->getType(),
                                strip(Call->getArg(Arg + 1))->getType());
    if (!Facts || Facts->onHost) return First;
    auto sameShape = [&](const ir::Kernel& K) { return K.policy == Facts->kind && K.rank == Facts->rank; };
    if (sameShape(TU.kernels[First])) return First;
    for (size_t I = First + 1; I < TU.kernels.size(); ++I)
      if (TU.kernels[I].variantOf == int(First) && sameShape(TU.kernels[I])) return I;
    // The site's facts (pattern, label, position, offsets) are the first kernel's; the policy's
    // are this call's. What analysis adds later (nest, scratch, shape) starts empty.
    ir::Kernel V;
    const ir::Kernel& K = TU.kernels[First];
    V.pattern = K.pattern;
    V.hasLabel = K.hasLabel;
    V.label = K.label;
    V.numResults = K.numResults;
    V.hasScanTotal = K.hasScanTotal;
    V.file = K.file;
    V.line = K.line;
    V.column = K.column;
    V.inHeader = K.inHeader;
    V.inHeaderTemplate = K.inHeaderTemplate;
    V.alsoOnHost = K.alsoOnHost;
    V.calleeBegin = K.calleeBegin;
    V.calleeEnd = K.calleeEnd;
    V.insertAt = K.insertAt;
    V.policy = Facts->kind;
    V.rank = Facts->rank;
    V.hasWorkTag = Facts->hasWorkTag;
    if (V.pattern == ir::Pattern::Reduce && V.numResults == 1)
      V.reduceOp = scalarReduceOf(strip(Call->getArg(Arg + 1))->getType(),
                                  strip(Call->getArg(Arg + 2))->getType());
    V.variantOf = int(First);
    ir::Kernel& Primary = TU.kernels[First];
    if (Primary.siteName.empty()) {
      Primary.siteName = Primary.name;
      Primary.name = Primary.siteName + "_" + ir::policyKindSuffix(Primary);
    }
    V.name = Primary.siteName + "_" + ir::policyKindSuffix(V);
    Sites.push_back({Call, Call->getArg(Arg + 1), TU.kernels.size()});
    TU.kernels.push_back(std::move(V));
    return TU.kernels.size();
  }

  /// Whether a dispatch runs on a host execution space the header runs (Serial in every build,
  /// Kokkos::OpenMP in the builds for a device): its policy's space, or for a count its functor's.
  bool runsOnHost(const CallExpr* Call) const { return hostKind(Call) == HostKind::Header; }

  /// Where a dispatch's policy runs: not on the host, on a host space the header runs, on
  /// Kokkos::OpenMP translated for the host's threads as a range or MDRange (which the header
  /// runs on the calling thread inside a kernel), or in a kernel translated for the host's threads
  /// (a team policy over Kokkos::OpenMP, and any policy of the OpenMP build for the host).
  enum class HostKind { No, Header, Threads, Translated };
  HostKind hostKind(const CallExpr* Call) const {
    const unsigned Arg = Call->getNumArgs() > 0 && isLabel(Call->getArg(0)) ? 1 : 0;
    if (Call->getNumArgs() <= Arg + 1) return HostKind::No;
    auto Facts = describePolicy(strip(Call->getArg(Arg))->getType(),
                                strip(Call->getArg(Arg + 1))->getType());
    if (!Facts) return HostKind::No;
    if (Facts->onHost) return HostKind::Header;
    if (Facts->onHostThreads && Facts->kind != ir::PolicyKind::Team) return HostKind::Threads;
    return Facts->onHostThreads || HostOnly ? HostKind::Translated : HostKind::No;
  }

  /// A nested pattern (over TeamThreadRange, ThreadVectorRange, TeamVectorRange or their MDRange
  /// forms, and single) stays as it is written: it runs through the team member of the backend
  /// (docs/design.md section 8). Where it may appear (only where a team functor runs it) is the
  /// nesting checks' concern (checks/Nesting.cpp); here only light closures are noted.
  bool visitNested(CallExpr* Call, llvm::StringRef A) {
    if (frontend::isLibraryLocation(SM, Paths, Call->getBeginLoc())) return true;
    if (A == "hpar::nested::parallel_for") noteUnrollable(Call);
    if (A == "hpar::nested::parallel_for" || A == "hpar::nested::parallel_reduce")
      noteWalkOrder(Call);
    return true;
  }

  /// Records a nested ThreadVectorMDRange or TeamVectorMDRange of the analysed file whose lanes
  /// would take an index the closure's Views do not have at stride 1, while they have the other
  /// end index there: StrideVotes counts, over the closure's View element accesses, whose stride-1
  /// subscript is the closure's first index and whose is its last; lowering then wraps the range
  /// so the winner walks fastest (hpar::impl::walk_last_fastest / walk_first_fastest).
  void noteWalkOrder(const CallExpr* Call) {
    if (Call->getNumArgs() < 2) return;
    const NestedRangeKind K = nestedRangeOf(Call->getArg(0));
    if (!K.md || (K.level != NestedLevel::Vector && K.level != NestedLevel::TeamVector)) return;
    const LambdaExpr* L = lambdaOf(Call->getArg(1));
    if (!L || !L->getBody() || L->getCallOperator()->getNumParams() < unsigned(K.rank)) return;
    StrideVotes V(L->getCallOperator()->getParamDecl(0),
                  L->getCallOperator()->getParamDecl(K.rank - 1));
    V.TraverseStmt(L->getBody());
    if (V.First == V.Last) return;
    const bool lastFastest = V.Last > V.First;
    if (lastFastest == !K.left) return;  // Rank's direction already walks it fastest
    SourceRange R = Call->getArg(0)->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || !File.writtenHere(R.getBegin()))
      return;
    const unsigned Begin = SM.getFileOffset(R.getBegin());
    if (!Seen.insert(Begin).second) return;  // another instantiation of the same template
    TU.rewalkedRanges.push_back({Begin, endOffset(R), lastFastest});
  }

  /// Records a nested parallel_for of the analysed file over a one-dimensional thread or team-vector
  /// range whose closure is light (LightClosure), so that lowering calls the unrolled form.
  void noteUnrollable(const CallExpr* Call) {
    if (Call->getNumArgs() != 2 || !unrollableRange(Call->getArg(0))) return;
    const auto* Callee = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImplicit());
    if (!Callee || Callee->hasExplicitTemplateArgs()) return;
    SourceRange R = Callee->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || !File.writtenHere(R.getBegin()))
      return;
    if (!LightClosure::check(lambdaOf(Call->getArg(1)))) return;
    const unsigned Begin = SM.getFileOffset(R.getBegin());
    if (!Seen.insert(Begin).second) return;  // another instantiation of the same template
    TU.unrolledNestedFors.push_back({Begin, endOffset(R)});
  }

  /// Records where a file-scope declaration is written: the file that holds its text from its
  /// documentation comment or first token to its last token (a declaration that begins in one file and ends in another holds
  /// no dispatch this pass can place, and is not recorded). Of nested declarations (`struct S
  /// {...} s;` is two, both beginning at `struct`) the outermost is kept.
  void noteFileScope(const Decl* D) {
    const SourceRange R = D->getSourceRange();
    if (R.isInvalid()) return;
    const CharSourceRange E = SM.getExpansionRange(R);
    const auto [BeginFile, Begin] = SM.getDecomposedLoc(E.getBegin());
    const auto [EndFile, End] = SM.getDecomposedLoc(E.getEnd());
    if (BeginFile != EndFile || End < Begin) return;
    // A kernel goes before the declaration's documentation comment (`///`, `/** */`), which
    // stays with the function it documents.
    unsigned Start = Begin;
    if (const RawComment* Doc = Ctx.getRawCommentForDeclNoCache(D)) {
      const auto [DocFile, DocBegin] = SM.getDecomposedLoc(SM.getExpansionLoc(Doc->getBeginLoc()));
      if (DocFile == BeginFile && DocBegin < Begin) Start = DocBegin;
    }
    unsigned& Recorded = FileScope[BeginFile].try_emplace(Start, End).first->second;
    Recorded = std::max(Recorded, End);
  }

  /// The offset, in the file holding `Loc` (an expansion location), of the file-scope
  /// declaration of that same file whose text contains `Loc`: where the kernel of a dispatch
  /// written at `Loc` goes. None when no declaration of the file contains it: the file was
  /// included inside a declaration of another file (a `.inc` file in a function or class body,
  /// a header included inside a namespace), so the kernel would have to go into that other
  /// file. Which declaration the walk reached the dispatch from does not matter: an
  /// instantiation is walked from its template's first declaration, which may be in another
  /// file than the definition that holds the dispatch (a member template declared in a class of
  /// a header and defined in the source; a partial specialisation, in a header, of a class
  /// template declared in the including file).
  std::optional<unsigned> fileScopeDeclaration(SourceLocation Loc) const {
    const auto [File, Offset] = SM.getDecomposedLoc(Loc);
    auto Decls = FileScope.find(File);
    if (Decls == FileScope.end()) return std::nullopt;
    auto Next = Decls->second.upper_bound(Offset);  // the first declaration beginning after Loc
    if (Next == Decls->second.begin()) return std::nullopt;
    auto Prev = std::prev(Next);  // file-scope declarations are disjoint, but for a shared start
    if (Offset > Prev->second) return std::nullopt;
    // Of nested declarations whose recorded starts differ (one of them documented), the outermost.
    while (Prev != Decls->second.begin() && std::prev(Prev)->second >= Offset) --Prev;
    return Prev->first;
  }

  /// The file offset just past the last token of R.
  unsigned endOffset(SourceRange R) const {
    return SM.getFileOffset(Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts()));
  }

  void error(diag::CheckId Check, SourceLocation Loc, const std::string& Message) {
    Report.report(Check, Loc, Message);
  }

  ASTContext& Ctx;
  SourceManager& SM;
  const AnalysedFile& File;
  const frontend::SearchPaths& Paths;
  diag::Reporter& Report;
  ir::TranslationUnit& TU;
  /// The user's file-scope declarations, per file: where each begins -> where it ends (offsets).
  llvm::DenseMap<FileID, std::map<unsigned, unsigned>> FileScope;
  bool InInstantiation = false;
  llvm::DenseMap<unsigned, size_t> KernelAt;  // callee offset of a recorded dispatch -> its kernel
  llvm::DenseSet<unsigned> Seen;  // callee offsets of the unrolled fors already recorded
  std::set<std::string> Names;
  OuterRanges Enclosing{File};  // the functor arguments of the recorded dispatches
  /// The build runs every kernel on the host's threads (the OpenMP build for the host, whose
  /// default space is the host's).
  const bool HostOnly;
};

}  // namespace

Dispatches findDispatches(ASTContext& Ctx, const AnalysedFile& File, diag::Reporter& Report,
                          ir::TranslationUnit& TU) {
  const frontend::SearchPaths& Paths = File.paths();
  Finder F(Ctx, File, Report, TU);
  F.run();
  // What each instantiation's functor runs: the overloads its own policy and pattern select.
  for (std::vector<DispatchSite>* List : {&F.Sites, &F.Instances})
    for (DispatchSite& Site : *List)
      Site.members = calledMembers(Site, TU.kernels[Site.kernel].pattern, Ctx.getSourceManager(), Paths);
  Dispatches Found;
  Found.instances = F.Sites;
  Found.instances.insert(Found.instances.end(), F.Instances.begin(), F.Instances.end());
  Found.sites = std::move(F.Sites);
  Found.otherFiles = std::move(F.OtherFiles);
  return Found;
}

const Expr* policyArgument(const DispatchSite& Site) {
  if (!Site.call) return nullptr;
  for (unsigned I = 1; I < Site.call->getNumArgs(); ++I)
    if (Site.call->getArg(I) == Site.functor) return Site.call->getArg(I - 1);
  return nullptr;
}

}  // namespace analysis
}  // namespace hpar
