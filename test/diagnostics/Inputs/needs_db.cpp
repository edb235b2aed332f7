#include <hpar/hpar.hpp>
#ifndef FROM_DATABASE
#error "compiled without the flags of the compilation database"
#endif
void fill(hpar::View<int*> v) { hpar::parallel_for("fill", v.extent(0), HPAR_LAMBDA(int i) { v(i) = FROM_DATABASE; }); }
