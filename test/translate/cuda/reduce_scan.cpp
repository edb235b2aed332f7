// parallel_reduce and parallel_scan kernels: accumulator, block finish, look-back scan; a file with a scan includes the scan runtime (CUB) after the runtime header.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>
// CHECK: #include <hpar/rt/cuda.cuh>
// CHECK-NEXT: #include <hpar/rt/cuda/scan.cuh>
// CHECK-LABEL: // hpar: parallel_reduce "dot" (RangePolicy) from reduce_scan.cpp:{{[0-9]+}}
// CHECK: __global__ void hpar_dot_L{{[0-9]+}}(const Policy policy,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK-NEXT: const hpar::rt::cuda::ReduceState<Spec> state) {
// CHECK-NEXT: const Functor& f = f_arg.get();
// CHECK-NEXT: const Spec& spec = spec_arg.get();
// CHECK: hpar::rt::cuda::Accumulator<Spec> acc(spec);
// CHECK: spec.call(f, acc.data(), index_type(i));
// CHECK: hpar::rt::cuda::finish_reduce(spec, state, acc.data());
// CHECK: void hpar_dot_L{{[0-9]+}}_launch({{.*}}Results&&... results) {
// CHECK: hpar::impl::make_reduce_spec(policy, f, results...);
// CHECK: constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<Policy, Functor, Spec, hpar::rt::cuda::ReduceState<Spec>>();
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site),
// CHECK-NEXT: hpar::rt::cuda::functor_arg<by_value>(spec, stream, site), state);
// CHECK: hpar::rt::cuda::store_result(spec, state, stream, site);
double dot(hpar::View<double*> x, hpar::View<double*> y) {
  double sum = 0;
  hpar::parallel_reduce("dot", x.extent(0), HPAR_LAMBDA(int i, double& s) { s += x(i) * y(i); }, sum);
  return sum;
}

// CHECK-LABEL: // hpar: parallel_scan "prefix" (RangePolicy) from reduce_scan.cpp:{{[0-9]+}}
// CHECK: hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
// CHECK: hpar::impl::make_scan_spec(policy, f, results...);
// CHECK: constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<Policy, Functor, Spec, hpar::rt::cuda::ScanState<Spec>>();
// CHECK: hpar::rt::cuda::store_total(spec, state, stream, site);
long prefix(hpar::View<long*> in, hpar::View<long*> out) {
  long total = 0;
  hpar::parallel_scan("prefix", in.extent(0), HPAR_LAMBDA(int i, long& update, bool final) {
    if (final) out(i) = update;
    update += in(i);
  }, total);
  return total;
}
