// Kokkos_ENABLE_CUDA_UVM (the macro KOKKOS_ENABLE_CUDA_UVM, which hpar's Kokkos package defines
// for -DKokkos_ENABLE_CUDA_UVM=ON): the device's default memory space is CudaUVMSpace, as with
// Kokkos, so a View of the default space is managed memory that the host reads and writes
// directly (and that an MPI library which is not CUDA-aware can send); without it, CudaSpace.
// RUN: %hpar-translate --backend=cuda %s -o %t.uvm.cu -- -std=c++17 -DKOKKOS_ENABLE_CUDA_UVM
// RUN: %if nvcc %{ %nvcc-syntax -DKOKKOS_ENABLE_CUDA_UVM -c %t.uvm.cu -o %t.uvm.o %}
// RUN: %hpar-translate --backend=cuda %s -o %t.cu -- -std=c++17
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <type_traits>

#if defined(KOKKOS_ENABLE_CUDA_UVM)
static_assert(std::is_same_v<Kokkos::DefaultExecutionSpace::memory_space, Kokkos::CudaUVMSpace>);
static_assert(std::is_same_v<Kokkos::View<double*>::memory_space, Kokkos::CudaUVMSpace>);
static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, Kokkos::View<double*>::memory_space>::accessible);
#define HOST_READS
#else
static_assert(std::is_same_v<Kokkos::DefaultExecutionSpace::memory_space, Kokkos::CudaSpace>);
static_assert(!Kokkos::SpaceAccessibility<Kokkos::HostSpace, Kokkos::View<double*>::memory_space>::accessible);
#endif

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<double*> x("x", 100);
  Kokkos::parallel_for("fill", 100, KOKKOS_LAMBDA(const int i) { x(i) = 2.0 * i; });
  Kokkos::fence();
  double sum = 0;
#if defined(HOST_READS)
  for (int i = 0; i < 100; ++i) sum += x(i);  // managed memory: the host reads it
#endif
  std::printf("%g\n", sum);
  return 0;
}
