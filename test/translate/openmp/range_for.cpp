// OpenMP: a parallel_for becomes a named host function holding one target region (for an OpenMP
// device) or one parallel region (for the host); free functions it calls are wrapped in declare
// target; lambdas are not touched.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v -e CHECK -e HOST %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.cpp %}
// For the host: no target construct; a contiguous block of the range per thread.
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: grep -v -e CHECK -e HOST %t.host.cpp | %FileCheck %s --check-prefix=HOST
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.host.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.host.cpp %}
#include <hpar/hpar.hpp>

// CHECK: #include <hpar/rt/openmp.hpp>

// CHECK: #pragma omp declare target
// CHECK-NEXT: #line [[#@LINE+3]] "{{.*}}range_for.cpp"
// CHECK-NEXT: double twice(double v) { return 2 * v; }
// CHECK-NEXT: #pragma omp end declare target
double twice(double v) { return 2 * v; }

// CHECK-LABEL: // hpar: parallel_for "scale" (RangePolicy) from range_for.cpp:{{[0-9]+}}
// CHECK-NEXT: template <class Label, class PolicyOrCount, class Functor>
// CHECK-NEXT: void hpar_scale_L{{[0-9]+}}(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
// The set-up is the runtime's TargetRangeFor (rt/openmp/launch.hpp); the region reads local
// copies of its members:
// CHECK-NEXT: using Launch = hpar::rt::omp::TargetRangeFor<PolicyOrCount, Functor>;
// CHECK-NEXT: Launch launch({hpar::impl::label_c_str(label), "hpar_scale_L{{[0-9]+}}", "range_for.cpp", {{[0-9]+}}}, policy_or_count, f);
// CHECK: const int64_t begin = launch.begin, end = launch.end;
// CHECK: const int nteams = launch.teams, nthreads = launch.threads;
// CHECK: const unsigned char* f_bytes = launch.f_bytes;
// CHECK: const auto& in_constant = launch.in_constant;
// CHECK-NEXT: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) device(hpar::rt::omp::device()) map(to: f_bytes[0:in_constant.mapped_bytes()]) HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes())
// CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
// CHECK-NEXT: {
// CHECK-NEXT: const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);
// CHECK-NEXT: const Functor& fn = thread_fn.get();
// CHECK-NEXT: const int64_t stride = (int64_t)omp_get_num_teams() * omp_get_num_threads();
// CHECK-NEXT: for (int64_t i = begin + (int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
// CHECK-NEXT: i < end; i += stride)
// CHECK-NEXT: fn(i);
// CHECK-NEXT: }
// HOST-LABEL: // hpar: parallel_for "scale" (RangePolicy) from range_for.cpp:{{[0-9]+}}
// HOST-NEXT: template <class Label, class PolicyOrCount, class Functor>
// HOST-NEXT: void hpar_scale_L{{[0-9]+}}(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
// HOST-NEXT: using Launch = hpar::rt::omp::RangeFor<PolicyOrCount, Functor>;
// HOST-NEXT: Launch launch({hpar::impl::label_c_str(label), "hpar_scale_L{{[0-9]+}}", "range_for.cpp", {{[0-9]+}}}, policy_or_count, f);
// HOST: const int64_t begin = launch.begin, end = launch.end;
// HOST: const unsigned char* f_bytes = launch.f_bytes;
// HOST-NOT: in_constant
// HOST: #pragma omp parallel
// HOST-NEXT: {
// HOST-NEXT: const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);
// HOST-NEXT: const Functor& fn = thread_fn.get();
// HOST-NEXT: #pragma omp for schedule(static) nowait
// HOST-NEXT: for (int64_t i = begin; i < end; ++i)
// HOST-NEXT: fn(i);
// HOST-NEXT: }
// HOST-NOT: #pragma omp target
// CHECK: hpar_scale_L{{[0-9]+}}("scale", hpar::RangePolicy<>(0, x.extent(0)), [=](int i) { x(i) = twice(x(i)); });
void scale(hpar::View<double*> x) {
  hpar::parallel_for("scale", hpar::RangePolicy<>(0, x.extent(0)), [=](int i) { x(i) = twice(x(i)); });
}

// A functor whose index parameter type is deduced (a generic lambda) gets the policy's index_type,
// as Kokkos passes it; one of a fixed type (above) gets the loop's int64_t index, which converts
// to it as an index_type value would (ir::Kernel::plainIndexParams).
// CHECK-LABEL: // hpar: parallel_for "deduced" (RangePolicy) from range_for.cpp:{{[0-9]+}}
// CHECK: fn(index_type(i));
// HOST-LABEL: // hpar: parallel_for "deduced" (RangePolicy) from range_for.cpp:{{[0-9]+}}
// HOST: fn(index_type(i));
void deduced(hpar::View<double*> x) {
  hpar::parallel_for("deduced", hpar::RangePolicy<>(0, x.extent(0)), [=](auto i) { x(i) = twice(x(i)); });
}
