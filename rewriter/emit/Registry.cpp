#include "emit/Registry.h"

namespace hpar {
namespace emit {

llvm::ArrayRef<BackendInfo> allBackends() {
  static const BackendInfo Table[] = {
#define HPAR_BACKEND(Factory, Name, Extension, GenericLambdas, InstantiatesDeclared, MarksOutOfLine) \
  {Name, Extension, ir::Target{GenericLambdas, InstantiatesDeclared, MarksOutOfLine}, Factory},
#include "emit/Backends.def"
  };
  return Table;
}

const BackendInfo* findBackend(llvm::StringRef name) {
  for (const BackendInfo& B : allBackends())
    if (name == B.name) return &B;
  return nullptr;
}

std::string backendNames() {
  std::string Names;
  llvm::ArrayRef<BackendInfo> All = allBackends();
  for (size_t I = 0; I < All.size(); ++I)
    Names += std::string(I == 0 ? "" : I + 1 == All.size() ? " or " : ", ") + All[I].name;
  return Names;
}

}  // namespace emit
}  // namespace hpar
