// Rule family "device-callable": everything a kernel calls must be able to run on the device.
//
//   hpar-device-not-visible   a called function has no visible definition
//   hpar-device-header        a called function is defined in a user header without
//                             HPAR_INLINE_FUNCTION / HPAR_FUNCTION (hpar rewrites only the main file)
//   hpar-device-virtual       a called function is virtual
//   hpar-device-throw         a called function (or the functor) throws
//   hpar-device-lambda-macro  a lambda functor comes from a macro other than HPAR_LAMBDA
//
// Functions defined in the main file are recorded in the IR to be made device-callable by the
// backend (CUDA: __host__ __device__; OpenMP: declare target).
#pragma once

#include "analysis/DispatchFinder.h"
#include "frontend/Frontend.h"
#include "ir/Kernel.h"

namespace hpar {
namespace checks {

/// Checks every dispatch's functor and its call graph; records what must be marked.
void checkDeviceCallable(clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
                         const std::vector<analysis::DispatchSite>& Sites,
                         ir::TranslationUnit& TU);

}  // namespace checks
}  // namespace hpar
