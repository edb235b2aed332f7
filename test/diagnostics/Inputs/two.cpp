#include <hpar/hpar.hpp>
void two(hpar::View<int*> v) { hpar::parallel_for("two", v.extent(0), HPAR_LAMBDA(int i) { v(i) = 2; }); }
