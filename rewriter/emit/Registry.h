// The table of backends (emit/Backends.def): what the pipeline, the command line and the checks
// know about each backend, without knowing any backend by name.
#pragma once

#include "emit/Backend.h"
#include "ir/Target.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace hpar {
namespace emit {

// Each backend's factory, defined in its folder.
#define HPAR_BACKEND(Factory, Name, Extension, GenericLambdas, InstantiatesDeclared, MarksOutOfLine) \
  std::unique_ptr<Backend> Factory();
#include "emit/Backends.def"

/// One line of Backends.def.
struct BackendInfo {
  const char* name;             // --backend=<name>
  const char* outputExtension;  // ".cu": input.cpp becomes input.hpar.cu
  ir::Target traits;            // what the checks must know about the backend's compilers
  std::unique_ptr<Backend> (*make)();
};

/// Every backend, in Backends.def order; the first is the default (--check without --backend).
llvm::ArrayRef<BackendInfo> allBackends();

/// The backend called `name`, or null.
const BackendInfo* findBackend(llvm::StringRef name);

/// The backends' names for messages: "cuda or openmp".
std::string backendNames();

}  // namespace emit
}  // namespace hpar
