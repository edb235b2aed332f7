// What the backend's compiler instantiates beyond what the translator's parse does.
#pragma once

namespace clang {
class ASTContext;
class Sema;
}  // namespace clang

namespace hpar {
namespace frontend {

/// Instantiates the members defined inline in a class template specialisation that the file only
/// declares (`extern template struct Neighbor<Space>;`, instantiated in another source), and what
/// they use. clang's OpenMP offload device pass and nvcc instantiate them, which a plain parse
/// does not: their dispatches must then be translated in this file too, or those compilers meet
/// them untranslated. Call it once the file is parsed, before analysis, for a backend whose
/// compiler does (ir::Target::instantiatesDeclaredSpecialisations).
void instantiateDeclaredSpecialisations(clang::Sema& S, clang::ASTContext& Ctx);

}  // namespace frontend
}  // namespace hpar
