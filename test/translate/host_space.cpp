// A dispatch over a host execution space is not rewritten: the header runs it on the host in
// every build, so its functor may capture by reference and use host-only code. The spaces and
// KOKKOS_ENABLE_* macros of the backend exist while the translator parses. A dispatch over a
// count runs where its functor's own `execution_space` says, as in Kokkos (the DualView
// tutorial's functor templated on the space).
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s --check-prefix=CHECK
// RUN: %hpar-translate --backend=openmp %s -o %t.device.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v CHECK %t.device.cpp | %FileCheck %s --check-prefix=CHECK
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
  Kokkos::parallel_for("host", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 8),
                       [&](int i) { seen.push_back(i); h(i) = i; });
  // CHECK: Kokkos::parallel_for("host", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 8),
  // CHECK-NOT: hpar_host_L
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
  Kokkos::parallel_for("host_functor", 8, Fill<Kokkos::DefaultHostExecutionSpace>{h});
  // CHECK: Kokkos::parallel_for("host_functor", 8, Fill<Kokkos::DefaultHostExecutionSpace>{h});
  Kokkos::View<int*> d("d", 8);
  Kokkos::parallel_for("device_functor", 8, Fill<Kokkos::DefaultExecutionSpace>{d});
  // CHECK: hpar_device_functor_L[[@LINE-1]]{{(_launch)?}}("device_functor", 8,
}
// CHECK-NOT: hpar_host_functor_L
// CHECK-NOT: hpar_host_L
