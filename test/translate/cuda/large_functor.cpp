// A functor larger than the kernel-parameter space reaches the kernel through device memory. Every
// kernel takes its functor (and a reduction's spec, which holds a copy of it) as a FunctorArg; the
// launcher chooses at compile time, from the types of all the kernel's parameters, whether it holds
// the bytes (a kernel parameter, as before) or a pointer to a device copy. With nvcc, the PTX shows
// both: the 240 KB functor's kernels take 8-byte pointers, the small closure's kernel its bytes.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc -ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %FileCheck %s --check-prefix=PTX < %t.ptx %}
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
// CHECK: constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<Policy, Functor>();
// CHECK-NEXT: const auto kernel = [[LOOKUP]]<Policy, Functor, by_value>;
// CHECK: if (shape.grid.x > 0)
// CHECK-NEXT: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site));
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
// CHECK: constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<Policy, Functor, Spec, hpar::rt::cuda::ReduceState<Spec>>();
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site),
// CHECK-NEXT: hpar::rt::cuda::functor_arg<by_value>(spec, stream, site), state);
double lookup_sum(const Table& table, const int n) {
  double sum = 0.0;
  hpar::parallel_reduce("lookup_sum", n, table, sum);
  return sum;
}

// CHECK-LABEL: // hpar: parallel_for "small" (RangePolicy) from large_functor.cpp:{{[0-9]+}}
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site));
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
