#include "frontend/Instantiations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include <vector>

using namespace clang;

namespace hpar {
namespace frontend {

namespace {
/// The class template specialisations with an explicit instantiation declaration.
struct DeclaredSpecialisations : RecursiveASTVisitor<DeclaredSpecialisations> {
  std::vector<ClassTemplateSpecializationDecl*> Found;
  bool VisitClassTemplateDecl(ClassTemplateDecl* T) {
    for (ClassTemplateSpecializationDecl* S : T->specializations())
      if (S->getSpecializationKind() == TSK_ExplicitInstantiationDeclaration &&
          S->hasDefinition())
        Found.push_back(S);
    return true;
  }
};
}  // namespace

void instantiateDeclaredSpecialisations(Sema& S, ASTContext& Ctx) {
  DeclaredSpecialisations V;
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (V.Found.empty()) return;
  // The parse is over and Sema has closed the file's scope; instantiation may declare builtins
  // there, so it gets one for the time being.
  Scope FileScope(nullptr, Scope::DeclScope, Ctx.getDiagnostics());
  FileScope.setEntity(Ctx.getTranslationUnitDecl());
  Scope* Closed = S.TUScope;
  S.TUScope = &FileScope;
  for (ClassTemplateSpecializationDecl* Spec : V.Found) {
    for (CXXMethodDecl* M : Spec->methods()) {
      if (M->hasBody() || M->isDeleted() || M->isDefaulted()) continue;
      const FunctionDecl* Pattern = M->getTemplateInstantiationPattern();
      if (!Pattern || !Pattern->hasBody() || !Pattern->isInlined()) continue;
      S.InstantiateFunctionDefinition(M->getLocation(), M, /*Recursive=*/true,
                                      /*DefinitionRequired=*/false, /*AtEndOfTU=*/true);
    }
  }
  S.PerformPendingInstantiations();
  S.TUScope = Closed;
}

}  // namespace frontend
}  // namespace hpar
