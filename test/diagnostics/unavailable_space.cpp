// A space of another backend is an error at the user's line that names the build that has it,
// while translating and in the plain compile of the serial build, and it is the only error: a
// policy or View that takes the incomplete space type skips it.
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -DUSE_OPENMP 2>&1 | %FileCheck %s --check-prefix=CUDA --implicit-check-not=error:
// RUN: test ! -e %t.cu
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp -- -DUSE_CUDA 2>&1 | %FileCheck %s --check-prefix=OPENMP --implicit-check-not=error:
// RUN: not %clangxx -std=c++17 %hpar-inc -fsyntax-only -DUSE_CUDA %s 2>&1 | %FileCheck %s --check-prefix=SERIAL --implicit-check-not=error:
// RUN: not %clangxx -std=c++17 %hpar-inc -fsyntax-only -DUSE_HOST_OPENMP %s 2>&1 | %FileCheck %s --check-prefix=SERIAL-OPENMP --implicit-check-not=error:
#include <Kokkos_Core.hpp>

int main() {
#if defined(USE_OPENMP)
  // Kokkos::OpenMP exists in the CUDA build (beside Cuda, as in Kokkos with both); OpenMPTarget
  // does not.
  Kokkos::parallel_for(Kokkos::RangePolicy<Kokkos::OpenMP>(0, 4), [](int) {});
  Kokkos::parallel_for(Kokkos::RangePolicy<Kokkos::Experimental::OpenMPTarget>(0, 4), KOKKOS_LAMBDA(int) {});
  // CUDA: unavailable_space.cpp:[[@LINE-1]]:66: error: 'OpenMPTarget' is unavailable: Kokkos::Experimental::OpenMPTarget exists only in an OpenMP build (hpar-translate --backend=openmp); guard its use with #ifdef KOKKOS_ENABLE_OPENMPTARGET
#endif
#if defined(USE_HOST_OPENMP)
  Kokkos::parallel_for(Kokkos::RangePolicy<Kokkos::OpenMP>(0, 4), [](int) {});
  // SERIAL-OPENMP: unavailable_space.cpp:[[@LINE-1]]:52: error: 'OpenMP' is unavailable: Kokkos::OpenMP exists only in an OpenMP or a CUDA build
#endif
#if defined(USE_CUDA)
  Kokkos::View<double*, Kokkos::CudaUVMSpace> u("u", 4);
  // OPENMP: unavailable_space.cpp:[[@LINE-1]]:33: error: 'CudaUVMSpace' is unavailable: Kokkos::CudaUVMSpace exists only in a CUDA build (hpar-translate --backend=cuda); guard its use with #ifdef KOKKOS_ENABLE_CUDA
  // SERIAL: unavailable_space.cpp:[[@LINE-2]]:33: error: 'CudaUVMSpace' is unavailable: Kokkos::CudaUVMSpace exists only in a CUDA build
#endif
}
