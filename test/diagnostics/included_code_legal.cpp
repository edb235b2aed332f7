// Dispatches that hpar-dispatch-in-included-code must accept: each is written inside a
// file-scope declaration of the file that holds it, wherever the template it belongs to was
// first declared. Here: a function template declared in this file and defined in a header, an
// explicit specialisation in a header of a class template declared here, a member template of a
// class of this file defined in a header, and a member template of this file's class defined
// below. (A partial specialisation in a header included once per value of a macro:
// translate/header_specialisation.cpp; members defined in the source for a header's classes:
// translate/member_template.cpp, exec/kokkos_member_template.cpp.)
// RUN: %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s --allow-empty
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --backend=openmp %s -o %t/out.cpp -- -I%S/Inputs
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t/out.cpp -I%S/Inputs %}
// CHECK-NOT: {{error|warning}}
#include <hpar/hpar.hpp>

template <class T>
void fill(hpar::View<T*> x);

template <class T>
struct Twice;

struct Ring {
  hpar::View<double*> x;
  template <int N>
  void rotate();
  template <int N>
  void shift();
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) += 1; }
};

#include "definitions.hpp"

template <int N>
void Ring::shift() {
  hpar::parallel_for("shift", hpar::RangePolicy<>(0, N), *this);
}

void run(Ring& r, hpar::View<float*> y) {
  fill(y);
  Twice<float>::apply(y);
  r.rotate<2>();
  r.shift<4>();
}
