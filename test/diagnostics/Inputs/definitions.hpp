// Definitions of templates that included_code_legal.cpp declares, included at file scope after
// the declarations: each dispatch is in a file-scope declaration of this header.
template <class T>
void fill(hpar::View<T*> x) {
  hpar::parallel_for("fill", x.extent(0), HPAR_LAMBDA(int i) { x(i) = 1; });
}

template <>
struct Twice<float> {
  static void apply(hpar::View<float*> x) {
    hpar::parallel_for("twice", x.extent(0), HPAR_LAMBDA(int i) { x(i) *= 2; });
  }
};

template <int N>
void Ring::rotate() {
  for (int k = 0; k < N; ++k) hpar::parallel_for("rotate", x.extent(0), *this);
}
