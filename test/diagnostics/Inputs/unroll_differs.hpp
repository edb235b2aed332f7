// Tile<UNROLL> for the UNROLL header_inclusions_differ.cpp defines: no include guard. Which
// dispatch the specialisation holds depends on the macro.
template <>
struct Tile<UNROLL> {
  static void run(hpar::View<double*> x) {
#if UNROLL == 1
    hpar::parallel_for("copy", x.extent(0), HPAR_LAMBDA(int i) { x(i) = 1; });
#else
    hpar::parallel_for("unrolled", x.extent(0) / UNROLL, HPAR_LAMBDA(int i) {
      for (int u = 0; u < UNROLL; ++u) x(i * UNROLL + u) = 1;
    });
#endif
  }
};
