// parallel_reduce and parallel_scan kernels: accumulator, block finish, look-back scan; a file with a scan includes the scan runtime (CUB) after the runtime header.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
// RUN: %FileCheck %s --check-prefix=RUNTIME-SCAN < %hpar-src/runtime/include/hpar/rt/cuda/scan.cuh
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
// CHECK-NEXT: using Launch = hpar::rt::cuda::RangeReduce<PolicyOrCount, Functor, Results...>;
// CHECK: policy_or_count, f, results...);
// CHECK-NEXT: launch.run(hpar_dot_L{{[0-9]+}}<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>);
double dot(hpar::View<double*> x, hpar::View<double*> y) {
  double sum = 0;
  hpar::parallel_reduce("dot", x.extent(0), HPAR_LAMBDA(int i, double& s) { s += x(i) * y(i); }, sum);
  return sum;
}

// CHECK-LABEL: // hpar: parallel_scan "prefix" (RangePolicy) from reduce_scan.cpp:{{[0-9]+}}
// CHECK: hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
// CHECK: void hpar_prefix_L{{[0-9]+}}_launch({{.*}}Results&&... results) {
// CHECK-NEXT: using Launch = hpar::rt::cuda::RangeScan<PolicyOrCount, Functor, Results...>;
// CHECK: policy_or_count, f, results...);
// CHECK-NEXT: launch.run(hpar_prefix_L{{[0-9]+}}<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>);
long prefix(hpar::View<long*> in, hpar::View<long*> out) {
  long total = 0;
  hpar::parallel_scan("prefix", in.extent(0), HPAR_LAMBDA(int i, long& update, bool final) {
    if (final) out(i) = update;
    update += in(i);
  }, total);
  return total;
}

// What the launch objects do: the spec from the policy, the functor and the results; the shape;
// the launch state; a launch even for an empty range (the identity, or a total of it); the
// check; the result or total handed to the spec.
// RUNTIME-LABEL: void launch_reduction(
// RUNTIME: const auto state = ReduceState<Spec>::acquire(shape, spec, launch.stream, launch.site);
// RUNTIME-NEXT: kernel<<<shape.grid, shape.block, shape.shmem, launch.stream>>>(
// RUNTIME-NEXT: launch.policy, functor_arg<by_value>(launch.f, launch.stream, launch.site),
// RUNTIME-NEXT: functor_arg<by_value>(spec, launch.stream, launch.site), state, more...);
// RUNTIME-NEXT: check_launch(launch.site);
// RUNTIME-NEXT: store_result(spec, state, launch.stream, launch.site);
// RUNTIME-LABEL: class ReduceDispatch
// RUNTIME: spec(impl::make_reduce_spec(this->policy, f, results...)) {}
// RUNTIME-LABEL: class RangeReduce
// RUNTIME: const LaunchShape shape = reduce_shape(kernel, this->policy.end() - this->policy.begin(),
// RUNTIME-NEXT: this->spec, this->site, max_block);
// RUNTIME-NEXT: detail::launch_reduction(*this, this->spec, kernel, shape);
// RUNTIME-SCAN-LABEL: class RangeScan
// RUNTIME-SCAN: spec(impl::make_scan_spec(this->policy, f, results...)) {}
// RUNTIME-SCAN: scan_shape(kernel, this->policy.end() - this->policy.begin(), spec, this->site);
// RUNTIME-SCAN-NEXT: const auto state = ScanState<Spec>::acquire(shape, spec, this->stream, this->site);
// RUNTIME-SCAN-NEXT: kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
// RUNTIME-SCAN-NEXT: this->policy, functor_arg<by_value>(this->f, this->stream, this->site),
// RUNTIME-SCAN-NEXT: functor_arg<by_value>(spec, this->stream, this->site), state);
// RUNTIME-SCAN-NEXT: check_launch(this->site);
// RUNTIME-SCAN-NEXT: store_total(spec, state, this->stream, this->site);
