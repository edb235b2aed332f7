// Included by translation_limits.cpp inside its namespace 'kernels'.
inline void zero(hpar::View<double*> x, int n) {
  hpar::parallel_for("zero", n, HPAR_LAMBDA(int i) { x(i) = 0; });
}
