// A functor larger than the kernel-parameter space reaches the kernel through device memory. Every
// kernel takes its functor (and a reduction's spec, which holds a copy of it) as a FunctorArg; the
// launcher chooses at compile time, from the types of all the kernel's parameters, whether it holds
// the bytes (a kernel parameter, as before) or a pointer to a device copy. With nvcc, the PTX shows
// both: the 240 KB functor's kernels take 8-byte pointers, the small closure's kernel its bytes.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc -ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %FileCheck %s --check-prefix=PTX < %t.ptx %}
// The choice is the launch object's (rt/cuda/launchers.cuh): by_value from every parameter of the
// kernel type it names, in order.
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
// RUN: %FileCheck %s --check-prefix=RUNTIME-SCAN < %hpar-src/runtime/include/hpar/rt/cuda/scan.cuh
#include <hpar/hpar.hpp>

struct Table {
  using value_type = double;
  hpar::View<double*> y;
  double c[30000];
  HPAR_INLINE_FUNCTION void operator()(const int i) const { y(i) = c[i % 30000]; }
  HPAR_INLINE_FUNCTION void operator()(const int i, double& sum) const { sum += c[i % 30000]; }
  HPAR_INLINE_FUNCTION void init(double& sum) const { sum = 0.0; }
  HPAR_INLINE_FUNCTION void join(double& dst, const double& src) const { dst += src; }
};

// CHECK-LABEL: // hpar: parallel_for "lookup" (RangePolicy) from large_functor.cpp:{{[0-9]+}}
// CHECK-NEXT: template <class Policy, class Functor, bool ByValue>
// CHECK-NEXT: __global__ void [[LOOKUP:hpar_lookup_L[0-9]+]](const Policy policy,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg) {
// CHECK-NEXT: const Functor& f = f_arg.get();
// CHECK: f(index_type(i));
// CHECK: void [[LOOKUP]]_launch(
// CHECK: launch.run([[LOOKUP]]<typename Launch::Policy, Functor, Launch::by_value>);
void lookup(const Table& table, const int n) {
  hpar::parallel_for("lookup", n, table);
}

// The functor-defined reduction keeps a copy of the functor in its spec: both travel the same way.
// CHECK-LABEL: // hpar: parallel_reduce "lookup_sum" (RangePolicy) from large_functor.cpp:{{[0-9]+}}
// CHECK-NEXT: template <class Policy, class Functor, class Spec, bool ByValue>
// CHECK-NEXT: __global__ void hpar_lookup_sum_L{{[0-9]+}}(const Policy policy,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK-NEXT: const hpar::rt::cuda::ReduceState<Spec> state) {
// CHECK-NEXT: const Functor& f = f_arg.get();
// CHECK-NEXT: const Spec& spec = spec_arg.get();
// CHECK: spec.call(f, acc.data(), index_type(i));
// CHECK: launch.run(hpar_lookup_sum_L{{[0-9]+}}<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>);
double lookup_sum(const Table& table, const int n) {
  double sum = 0.0;
  hpar::parallel_reduce("lookup_sum", n, table, sum);
  return sum;
}

// CHECK-LABEL: // hpar: parallel_for "small" (RangePolicy) from large_functor.cpp:{{[0-9]+}}
// CHECK: launch.run(hpar_small_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value>);
void small(hpar::View<double*> y, const double a) {
  hpar::parallel_for("small", y.extent(0), HPAR_LAMBDA(const int i) { y(i) = a; });
}

// The kernels nvcc compiled: ByValue (Lb0E / Lb1E in the mangled name) and the parameter sizes.
// PTX-LABEL: .entry _Z{{[0-9]+}}hpar_lookup_L{{[0-9]+}}I{{.*}}Lb0EE
// PTX-NEXT: .param .align {{[0-9]+}} .b8 {{.*}}_param_0[{{[0-9]+}}],
// PTX-NEXT: .param .align 8 .b8 {{.*}}_param_1[8]
// PTX-NEXT: )
// PTX-LABEL: .entry _Z{{[0-9]+}}hpar_lookup_sum_L{{[0-9]+}}I{{.*}}Lb0EE
// PTX-NEXT: .param .align {{[0-9]+}} .b8 {{.*}}_param_0[{{[0-9]+}}],
// PTX-NEXT: .param .align 8 .b8 {{.*}}_param_1[8],
// PTX-NEXT: .param .align 8 .b8 {{.*}}_param_2[8],
// PTX-LABEL: .entry _Z{{[0-9]+}}hpar_small_L{{[0-9]+}}I{{.*}}Lb1EE
// PTX-NEXT: .param .align {{[0-9]+}} .b8 {{.*}}_param_0[{{[0-9]+}}],
// PTX-NEXT: .param .align 8 .b8 {{.*}}_param_1[{{[1-9][0-9]}}]
// PTX-NEXT: )

// RUNTIME-LABEL: class RangeFor
// RUNTIME: static constexpr bool by_value = fits_in_parameters<Policy, Functor>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>);
// RUNTIME-LABEL: class MDRangeGridFor
// RUNTIME: static constexpr bool by_value = fits_in_parameters<Policy, Functor, Box>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, Box);
// RUNTIME-LABEL: class MDRangeTilesFor
// RUNTIME: static constexpr bool by_value = fits_in_parameters<Policy, Functor>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>);
// The range and MDRange reductions share theirs (ReduceDispatch):
// RUNTIME-LABEL: class ReduceDispatch
// RUNTIME: static constexpr bool by_value =
// RUNTIME-NEXT: fits_in_parameters<Policy, Functor, Spec, ReduceState<Spec>>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
// RUNTIME-NEXT: ReduceState<Spec>);
// RUNTIME-LABEL: class RangeReduce : public ReduceDispatch<PolicyOrCount, Functor, Results...>
// RUNTIME-LABEL: class MDRangeReduce : public ReduceDispatch<PolicyOrCount, Functor, Results...>
// RUNTIME-LABEL: class TeamFor
// RUNTIME: static constexpr bool by_value = fits_in_parameters<Policy, Functor, TeamScratch>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, TeamScratch);
// RUNTIME-LABEL: class TeamReduce
// RUNTIME: static constexpr bool by_value =
// RUNTIME-NEXT: fits_in_parameters<Policy, Functor, Spec, ReduceState<Spec>, TeamScratch>();
// RUNTIME-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
// RUNTIME-NEXT: ReduceState<Spec>, TeamScratch);
// RUNTIME-SCAN-LABEL: class RangeScan
// RUNTIME-SCAN: static constexpr bool by_value = fits_in_parameters<Policy, Functor, Spec, ScanState<Spec>>();
// RUNTIME-SCAN-NEXT: using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
// RUNTIME-SCAN-NEXT: ScanState<Spec>);
