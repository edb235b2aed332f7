// Questions about types that recognisers and checks both ask: the class behind a type, its
// member types, whether two types are the same once references and qualifiers are gone.
#pragma once

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

namespace hpar {
namespace analysis {

/// The class behind a (reference to a) type, with its definition, or null.
const clang::CXXRecordDecl* recordOf(clang::QualType T);

/// The member type `name` of a class (a typedef or alias, looked up through its bases), or null.
const clang::TypedefNameDecl* memberTypedef(const clang::CXXRecordDecl* RD, llvm::StringRef name,
                                            int depth = 0);

/// The canonical type a member typedef names, or a null type.
clang::QualType memberType(const clang::CXXRecordDecl* RD, llvm::StringRef name);

/// Whether a class declares a member called `name` (a function, a field, a type).
bool hasMember(const clang::CXXRecordDecl* RD, llvm::StringRef name);

/// The same type without references and top-level qualifiers, canonical.
clang::QualType bare(clang::QualType T);

/// Whether two types are the same once bare.
bool sameType(clang::QualType A, clang::QualType B);

/// Whether a type still depends on a template parameter (an `auto` parameter of a generic lambda).
bool dependent(clang::QualType T);

}  // namespace analysis
}  // namespace hpar
