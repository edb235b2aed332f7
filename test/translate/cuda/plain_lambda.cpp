// The lambda functor of a kernel gets an execution space. Written in the dispatch of a device
// parallel_for or parallel_reduce, only the launcher sees it, so it is compiled for the device
// alone: HPAR_LAMBDA and its Kokkos spellings become `[=] __device__` (`[=, *this] __device__`),
// a lambda written out gains `__device__`. A lambda kept in a variable, a parallel_scan's (whose
// launcher reads the value type from its call operator) and one of a dispatch that some
// instantiation runs on the host keep, or gain, both spaces.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

void twice(hpar::View<double*> x) {
  hpar::parallel_for("twice", x.extent(0), [=](int i) { x(i) *= 2; });
  // CHECK: hpar_twice_L[[@LINE-1]]_launch("twice", x.extent(0), [=] __device__(int i) { x(i) *= 2; });
  auto body = [=](int i) { x(i) += 1; };
  // CHECK: auto body = [=] __host__ __device__(int i) { x(i) += 1; };
  hpar::parallel_for("plus_one", x.extent(0), body);
  // CHECK: hpar_plus_one_L[[@LINE-1]]_launch("plus_one", x.extent(0), body);
  hpar::parallel_for("kept", x.extent(0), HPAR_LAMBDA(int i) { x(i) -= 1; });
  // CHECK: hpar_kept_L[[@LINE-1]]_launch("kept", x.extent(0), [=] __device__(int i) { x(i) -= 1; });
  double sum = 0;
  hpar::parallel_reduce("sum", x.extent(0), HPAR_LAMBDA(int i, double& s) { s += x(i); }, sum);
  // CHECK: hpar_sum_L[[@LINE-1]]_launch("sum", x.extent(0), [=] __device__(int i, double& s) { s += x(i); }, sum);
  hpar::parallel_scan("prefix", x.extent(0), HPAR_LAMBDA(int i, double& p, bool last) {
    // CHECK: hpar_prefix_L[[@LINE-1]]_launch("prefix", x.extent(0), HPAR_LAMBDA(int i, double& p, bool last) {
    p += x(i);
    if (last) x(i) = p;
  });
  int host_calls = 0;
  hpar::parallel_for("on_host", hpar::RangePolicy<hpar::DefaultHostExecutionSpace>(0, 4),
                     [&](int i) { host_calls += i; });
  // CHECK: hpar::parallel_for("on_host", hpar::RangePolicy<hpar::DefaultHostExecutionSpace>(0, 4),
  // CHECK-NEXT: [&](int i) { host_calls += i; });
}

struct Scale {
  hpar::View<double*> x;
  double by = 2;
  void run() const {
    hpar::parallel_for("scale", x.extent(0), HPAR_CLASS_LAMBDA(int i) { x(i) *= by; });
    // CHECK: hpar_scale_L[[@LINE-1]]_launch("scale", x.extent(0), [=, *this] __device__(int i) { x(i) *= by; });
  }
};

// One dispatch, instantiated for the host and for the device: the lambda keeps both spaces.
template <class Space>
int count(int n) {
  int counted = 0;
  hpar::parallel_reduce("count", hpar::RangePolicy<Space>(0, n), HPAR_LAMBDA(int, int& c) { c += 1; },
                        counted);
  // CHECK: hpar_count_L[[@LINE-2]]_launch("count", hpar::RangePolicy<Space>(0, n), HPAR_LAMBDA(int, int& c) { c += 1; },
  return counted;
}

int both(int n) { return count<hpar::DefaultExecutionSpace>(n) + count<hpar::DefaultHostExecutionSpace>(n); }
