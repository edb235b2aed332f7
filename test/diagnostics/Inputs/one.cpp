#include <hpar/hpar.hpp>
void one(hpar::View<int*> v) { hpar::parallel_for("one", v.extent(0), HPAR_LAMBDA(int i) { v(i) = 1; }); }
