// Dispatches inside a class's member function, in a namespace, over class-template functors (one
// marked HPAR_INLINE_FUNCTION, one made device-callable by the translator).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>
namespace app {
template <class T>
struct Axpy {
  hpar::View<T*> x, y;
  T a;
  HPAR_INLINE_FUNCTION void operator()(int i) const { y(i) += a * x(i); }
};
template <class T>
struct Scaler {
  T w;
  void operator()(int i, T& s) const { s += w * i; }
};
class Solver {
 public:
  explicit Solver(int n) : x_("x", n), y_("y", n), n_(n) {}
  double run() {
    auto x = x_, y = y_;
    hpar::parallel_for("init", n_, HPAR_LAMBDA(int i) { x(i) = 1; y(i) = i; });
    hpar::parallel_for("axpy", n_, Axpy<double>{x, y, 2.0});
    double s = 0;
    hpar::parallel_reduce("sum", n_, HPAR_LAMBDA(int i, double& a) { a += y(i); }, s);
    double t = 0;
    hpar::parallel_reduce("scaled", n_, Scaler<double>{0.5}, t);
    return s + t;
  }
 private:
  hpar::View<double*> x_, y_;
  int n_;
};
}
int main() {
  hpar::ScopeGuard g;
  app::Solver s(1000);
  double r = s.run();
  double expect = 0; for (int i = 0; i < 1000; ++i) expect += i + 2.0 + 0.5 * i;
  if (r != expect) {
    std::printf("check failed: got %.17g, expected %.17g\nFAILED: 1 checks\n", r, expect);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
