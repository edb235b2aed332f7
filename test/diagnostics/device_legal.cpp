// What family 5 must not flag: device-legal code in kernels (placement new, constant static
// locals, calls of lambdas and functor objects, of functions named through & or *, printf,
// std::array / pair / tuple / complex, unevaluated operands) and anything at all in code that
// only the host runs. The translated file also compiles with nvcc when it is present.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// LEGAL-NOT: {{error|warning}}
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --input-file %t.cu
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>
#include <array>
#include <complex>
#include <cstdio>
#include <map>
#include <new>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

struct Base {
  int k = 1;
};
struct Derived : Base {
  int j = 2;
};
struct Point {
  double x, y;
};

double lookup(int i) {
  static constexpr double table[4] = {1, 2, 4, 8};
  static const int mask = 3;
  static constexpr Point origin{0, 0};
  return table[i & mask] + origin.x;
}
// CHECK: __host__ __device__ double lookup(int i)

struct Twice {
  HPAR_INLINE_FUNCTION int operator()(int v) const { return 2 * v; }
};
int twice(int v) { return 2 * v; }
// CHECK: __host__ __device__ int twice(int v)

// Everything below runs only on the host.
long host_factorial(int n) { return n <= 1 ? 1 : n * host_factorial(n - 1); }
int host_counter() {
  static int calls = 0;
  thread_local int mine = 0;
  return ++calls + mine;
}
std::vector<double> host_values(int n) {
  std::vector<double> v(n);
  double* tmp = new double[n];
  delete[] tmp;
  int (*fp)(int) = twice;
  try {
    v.at(0) = fp(1);
  } catch (const std::out_of_range&) {
    throw;
  }
  return v;
}
// CHECK: {{^}}std::vector<double> host_values(int n)

void legal(hpar::View<double*> x, hpar::View<int*> y) {
  std::map<std::string, int> names{{"x", 0}};
  std::vector<double> v = host_values(4);
  hpar::parallel_for("legal", x.extent(0), HPAR_LAMBDA(int i) {
    alignas(Point) unsigned char storage[sizeof(Point)];
    Point* p = new (storage) Point{1.0, 2.0};
    Derived d;
    Base* b = &d;
    auto add = [](double a, double c) { return a + c; };
    auto scale = [=](auto v) { return v * x.extent(0); };
    struct Local {
      static int one() { return 1; }
    };
    std::array<double, 3> a{1, 2, 3};
    std::pair<int, double> pr{1, 2.0};
    std::tuple<int, int> tu{3, 4};
    std::complex<double> z(1.0, 2.0);
    x(i) = add(p->x, lookup(i)) + scale(b->k) + Local::one() + a[0] + pr.second + std::get<0>(tu) +
           z.real() + Twice{}(i) + (&twice)(i) + (*twice)(i) +
           sizeof(std::vector<int>);
    decltype(std::string("unevaluated").size()) n = 0;
    x(i) += n;
    if (i == 0) printf("first element %g\n", x(i));
  });
  hpar::parallel_for("team", hpar::TeamPolicy<>(y.extent(0) / 4, hpar::AUTO),
                     HPAR_LAMBDA(const hpar::TeamPolicy<>::member_type& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, 4), [&](int j) {
      y(team.league_rank() * 4 + j) = twice(j);
    });
  });
  (void)host_factorial(5);
  (void)host_counter();
  (void)names;
  (void)v;
}
