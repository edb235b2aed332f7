// Functions of this file that a generic nested closure of a team kernel or a templated
// operator() calls with its parameter are reached through their instantiations and become
// __host__ __device__, as are those the functor of each instantiation of a dispatch in a function
// template calls. (A generic functor is no extended lambda for nvcc: device_generic.cpp checks it
// without CUDA output.) nvcc only warns when device code calls a host function: -Werror makes it
// an error.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc -Werror cross-execution-space-call -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

double halve(double v) { return v / 2; }
// CHECK: __host__ __device__ double halve(double v) { return v / 2; }

double negate(double v) { return -v; }
// CHECK: __host__ __device__ double negate(double v) { return -v; }

double shift(double v) { return v + 1; }
// CHECK: __host__ __device__ double shift(double v) { return v + 1; }

double square(double v) { return v * v; }
// CHECK: __host__ __device__ double square(double v) { return v * v; }

struct Square {
  hpar::View<double*> x;
  template <class I>
  HPAR_INLINE_FUNCTION void operator()(I i) const { x(i) = square(x(i)); }
};
struct Negate {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = negate(x(i)); }
};
struct Shift {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = shift(x(i)); }
};

template <class F>
void apply(int n, F f) {
  hpar::parallel_for("apply", n, f);
}

void run(hpar::View<double**> a, hpar::View<double*> x) {
  hpar::parallel_for("rows", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](auto j) { a(r, j) = halve(a(r, j)); });
  });
  hpar::parallel_for("square", x.extent(0), Square{x});
  apply(x.extent(0), Negate{x});
  apply(x.extent(0), Shift{x});
}
