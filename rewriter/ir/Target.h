// What the checks must know about the compiler a translation is for: the limits of a backend's
// toolchain that change what is a valid program (emit/Backends.def gives each backend's).
#pragma once

namespace hpar {
namespace ir {

struct Target {
  /// A generic lambda ([](auto i)) can be a top-level functor. nvcc rejects generic extended
  /// lambdas ("extended lambdas cannot be generic"), so the CUDA backend cannot take one.
  bool genericLambdaFunctors = true;
  /// The compiler instantiates the inline members of a class template specialisation declared
  /// `extern template` in the file (clang's OpenMP offload device pass and nvcc do; a host
  /// compile does not), so the translator instantiates them too (frontend/Instantiations.h).
  bool instantiatesDeclaredSpecialisations = false;
  /// The compiler compiles a constructor or destructor the device reaches for the device only
  /// when it is marked where it is defined, if it is defined outside its class (clang 19's OpenMP
  /// offload: "undefined reference to S::S(...)" in the device image otherwise), so the
  /// translator marks those definitions, rewriting the header that holds one if it must.
  bool marksOutOfLineStructors = false;
};

}  // namespace ir
}  // namespace hpar
