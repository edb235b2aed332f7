// A policy built from a Kokkos::Cuda instance over the program's own stream: each launcher takes
// the stream of its policy's instance (stream_of) and sends there the kernel, the launch state,
// the functor's copy and the result's copy. cudaStream_t and the CUDA calls around it, and an
// #include <cuda_runtime.h>, parse without CUDA's headers (rt/cuda/parse_api.hpp and the stand-in
// rt/cuda/parse/cuda_runtime.h); the output, which includes the real ones, compiles.
// In the OpenMP build Kokkos::Cuda does not exist: the program's #ifdef leaves it out, and
// naming it there is an error.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
// RUN: %FileCheck %s --check-prefix=RUNTIME-SCAN < %hpar-src/runtime/include/hpar/rt/cuda/scan.cuh
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: not %hpar-translate --backend=openmp %s -o %t.unguarded.cpp -- -std=c++17 -DUNGUARDED 2>&1 | %FileCheck %s --check-prefix=OPENMP
#include <Kokkos_Core.hpp>
#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>
#endif
// CHECK: #include <Kokkos_Core.hpp>
// CHECK-NEXT: #ifdef KOKKOS_ENABLE_CUDA
// CHECK-NEXT: #include <cuda_runtime.h>

// Each launcher builds its launch object from the policy, whose execution space instance names
// the stream (rt/cuda/launchers.cuh).
// CHECK-LABEL: // hpar: parallel_for "scale" (RangePolicy) from streams.cpp:{{[0-9]+}}
// CHECK: void hpar_scale_L{{[0-9]+}}_launch(
// CHECK: using Launch = hpar::rt::cuda::RangeFor<PolicyOrCount, Functor>;
// CHECK: policy_or_count, f);
// CHECK-LABEL: // hpar: parallel_reduce "sum" (RangePolicy) from streams.cpp:{{[0-9]+}}
// CHECK: using Launch = hpar::rt::cuda::RangeReduce<PolicyOrCount, Functor, Results...>;
// CHECK: policy_or_count, f, results...);
// CHECK-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from streams.cpp:{{[0-9]+}}
// CHECK: using Launch = hpar::rt::cuda::TeamFor<PolicyOrCount, Functor>;
// CHECK: policy_or_count, f, hpar::rt::cuda::TeamKernelBlock::
// The program's own CUDA calls and its instance stay as written.
// CHECK: cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
// CHECK-NEXT: Kokkos::Cuda exec(stream);
// CHECK-NEXT: Kokkos::View<double*> x("x", n);
// CHECK-NEXT: cudaMemcpyAsync(x.data(), host, n * sizeof(double), cudaMemcpyHostToDevice, stream);
// CHECK-NEXT: hpar_scale_L{{[0-9]+}}_launch("scale", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
#ifdef KOKKOS_ENABLE_CUDA
double run(const double* host, int n) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  Kokkos::Cuda exec(stream);
  Kokkos::View<double*> x("x", n);
  cudaMemcpyAsync(x.data(), host, n * sizeof(double), cudaMemcpyHostToDevice, stream);
  Kokkos::parallel_for("scale", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                       KOKKOS_LAMBDA(const int i) { x(i) *= 2; });
  double sum = 0;
  Kokkos::parallel_reduce("sum", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                          KOKKOS_LAMBDA(const int i, double& s) { s += x(i); }, sum);
  using member = Kokkos::TeamPolicy<Kokkos::Cuda>::member_type;
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<Kokkos::Cuda>(exec, n / 32, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member& team) {
                         Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 32), [&](const int k) {
                           x(team.league_rank() * 32 + k) += 1;
                         });
                       });
  exec.fence("after rows");
  std::vector<Kokkos::Cuda> parts =
      Kokkos::Experimental::partition_space(Kokkos::Cuda(stream, Kokkos::Impl::ManageStream::no), 1, 1);
  cudaStreamDestroy(stream);
  return sum + (parts[0] == parts[1]);
}
#endif

#ifdef UNGUARDED
// OPENMP: error: 'Cuda' is unavailable: Kokkos::Cuda exists only in a CUDA build
void unguarded() { Kokkos::Cuda exec; }
#endif

// Every launch object takes the stream of its policy's instance, once the policy is checked, and
// launches, acquires launch state and stores results on it alone.
// RUNTIME-LABEL: class Dispatch {
// RUNTIME: stream(checked_stream()) {}
// RUNTIME: if (const impl::PolicyProblem why = impl::policy_problem(policy)) fail(site, why.c_str());
// RUNTIME-NEXT: return stream_of(policy);
// RUNTIME-NOT: {{<<<[^>]*shmem>>>}}
// RUNTIME-NOT: {{acquire\(shape, spec, [^,]*site\)}}
// RUNTIME-NOT: {{store_(result|total)\(spec, state\)}}
// RUNTIME-SCAN-LABEL: class RangeScan
// RUNTIME-SCAN: : Dispatch<PolicyOrCount, Functor>(site, policy_or_count, f),
// RUNTIME-SCAN-NOT: {{<<<[^>]*shmem>>>}}
// RUNTIME-SCAN-NOT: {{acquire\(shape, spec, [^,]*site\)}}
// RUNTIME-SCAN-NOT: {{store_(result|total)\(spec, state\)}}
