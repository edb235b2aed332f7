// A dispatch over Serial is not rewritten: the header runs it on the host in every build, so its
// functor may capture by reference and use host-only code. DefaultHostExecutionSpace is Serial
// too (HEADER_CHECK) except in the OpenMP build for the host, where it is Kokkos::OpenMP
// (THREADS_CHECK): its dispatches are translated to run on every OpenMP thread, and their
// functors are still host code (a by-reference capture and host-only calls are accepted). The
// spaces and KOKKOS_ENABLE_* macros of the backend exist while the translator parses. A dispatch
// over a count runs where its functor's own `execution_space` says, as in Kokkos (the DualView
// tutorial's functor templated on the space).
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefixes=CHECK,HEADER_CHECK
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s --check-prefixes=CHECK,THREADS_CHECK
// RUN: %hpar-translate --backend=openmp %s -o %t.device.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v CHECK %t.device.cpp | %FileCheck %s --check-prefixes=CHECK,HEADER_CHECK
#include <Kokkos_Core.hpp>
#include <vector>

#if defined(KOKKOS_ENABLE_CUDA)
using Memory = Kokkos::CudaSpace;
#elif defined(KOKKOS_ENABLE_OPENMPTARGET)
using Memory = Kokkos::OpenMPTargetSpace;
#else
using Memory = Kokkos::DefaultExecutionSpace::memory_space;
#endif

void run(std::vector<int>& seen) {
  Kokkos::View<int*, Kokkos::HostSpace> h("h", 8);
  Kokkos::parallel_for("host", Kokkos::RangePolicy<Kokkos::Serial>(0, 8),
                       [&](int i) { seen.push_back(i); h(i) = i; });
  // CHECK: Kokkos::parallel_for("host", Kokkos::RangePolicy<Kokkos::Serial>(0, 8),
  // CHECK-NOT: hpar_host_L
  Kokkos::parallel_for("host_threads", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 8),
                       [&](int i) { seen[i] = int(seen.size()) + i; h(i) = i; });
  // HEADER_CHECK: Kokkos::parallel_for("host_threads", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 8),
  // THREADS_CHECK: hpar_host_threads_L[[@LINE-3]]{{(_launch)?}}("host_threads", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 8),
  Kokkos::View<int*, Memory> d("d", 8);
  Kokkos::parallel_for("device", Kokkos::RangePolicy<>(0, 8), KOKKOS_LAMBDA(int i) { d(i) = i; });
  // CHECK: hpar_device_L[[@LINE-1]]{{(_launch)?}}("device",
}

template <class ExecutionSpace>
struct Fill {
  using execution_space = ExecutionSpace;
  Kokkos::View<int*, typename ExecutionSpace::memory_space> v;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = i; }
};

void counts() {
  Kokkos::View<int*, Kokkos::HostSpace> h("h", 8);
  Kokkos::parallel_for("host_functor", 8, Fill<Kokkos::Serial>{h});
  // CHECK: Kokkos::parallel_for("host_functor", 8, Fill<Kokkos::Serial>{h});
  Kokkos::parallel_for("host_threads_functor", 8, Fill<Kokkos::DefaultHostExecutionSpace>{h});
  // HEADER_CHECK: Kokkos::parallel_for("host_threads_functor", 8, Fill<Kokkos::DefaultHostExecutionSpace>{h});
  // THREADS_CHECK: hpar_host_threads_functor_L[[@LINE-2]]{{(_launch)?}}("host_threads_functor", 8,
  Kokkos::View<int*> d("d", 8);
  Kokkos::parallel_for("device_functor", 8, Fill<Kokkos::DefaultExecutionSpace>{d});
  // CHECK: hpar_device_functor_L[[@LINE-1]]{{(_launch)?}}("device_functor", 8,
}
// CHECK-NOT: hpar_host_functor_L
// CHECK-NOT: hpar_host_L
// HEADER_CHECK-NOT: hpar_host_threads
