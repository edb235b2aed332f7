// Checks Kokkos::complex in kernels (arithmetic with complex and real operands, compound assignment, accessors, comparisons, abs/arg/conj/norm/exp/log/sqrt/pow/polar and the trigonometric functions) against std::complex on the host; Sum and Prod reductions of complex values; atomic_add on complex values in a kernel; structured bindings, real/imag/conj of real numbers, printing, reading, conversions and Kokkos::exp of a std::complex on the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cmath>
#include <complex>
#include <cstdio>
#include <sstream>
#include <type_traits>

using Complex = Kokkos::complex<double>;
using StdComplex = std::complex<double>;

static_assert(std::is_same<decltype(Kokkos::complex<float>(1, 2) * 2.0), Complex>::value,
              "complex<float> * double is a complex<double>");
static_assert(std::is_same<decltype(Kokkos::abs(Complex(3, 4))), double>::value, "abs");
static_assert(alignof(Complex) == 16 && sizeof(Complex) == 16, "layout of complex<double>");

constexpr int n = 1000;
constexpr int n_results = 36;

// The points of the checks: z has a positive real part (away from the branch cuts of log and
// sqrt) and an imaginary part that changes sign; w is never zero.
KOKKOS_INLINE_FUNCTION Complex point_z(int i) { return Complex(0.3 + 1.2 * i / n, -0.8 + 1.7 * i / n); }
KOKKOS_INLINE_FUNCTION Complex point_w(int i) { return Complex(1.1 - 0.5 * i / n, 0.4 + 0.3 * i / n); }

StdComplex to_std(const Complex& z) { return StdComplex(z.real(), z.imag()); }

// The expected values of the kernel's results, in the same order.
void host_results(int i, StdComplex* r) {
  const StdComplex z = to_std(point_z(i)), w = to_std(point_w(i));
  int k = 0;
  r[k++] = z + w;
  r[k++] = z - w;
  r[k++] = z * w;
  r[k++] = z / w;
  r[k++] = z + 2.0;
  r[k++] = 3.0 * z;
  r[k++] = z / 4.0;
  r[k++] = 2.0 / z;
  r[k++] = -z;
  r[k++] = std::conj(z);
  r[k++] = std::exp(z);
  r[k++] = std::log(z);
  r[k++] = std::sqrt(z);
  r[k++] = std::pow(z, w);
  r[k++] = std::pow(z, 2.5);
  r[k++] = std::pow(1.5, z);
  r[k++] = std::polar(std::abs(z), std::arg(z));
  r[k++] = std::sin(z);
  r[k++] = std::cos(z);
  r[k++] = std::tan(z);
  r[k++] = std::sinh(z);
  r[k++] = std::cosh(z);
  r[k++] = std::tanh(z);
  r[k++] = std::log10(z);
  r[k++] = std::asin(z);
  r[k++] = std::acos(z);
  r[k++] = std::atan(z);
  r[k++] = std::asinh(z);
  r[k++] = std::acosh(z);
  r[k++] = std::atanh(z);
  r[k++] = ((z + w) * 2.0 - 1.0) / w;
  r[k++] = StdComplex(6.0, -1.0);
  r[k++] = StdComplex(std::abs(z), std::arg(z));
  r[k++] = StdComplex(std::norm(z), z.real() * z.imag());
  r[k++] = StdComplex(1.0, 1.0);
  r[k++] = StdComplex(1.0, 0.0);
}

void check_functions() {
  Kokkos::View<Complex**> out("out", n, n_results);
  Kokkos::parallel_for("complex_functions", n, KOKKOS_LAMBDA(const int i) {
    const Complex z = point_z(i), w = point_w(i);
    int k = 0;
    out(i, k++) = z + w;
    out(i, k++) = z - w;
    out(i, k++) = z * w;
    out(i, k++) = z / w;
    out(i, k++) = z + 2.0;
    out(i, k++) = 3.0 * z;
    out(i, k++) = z / 4.0;
    out(i, k++) = 2.0 / z;
    out(i, k++) = -z;
    out(i, k++) = Kokkos::conj(z);
    out(i, k++) = Kokkos::exp(z);
    out(i, k++) = Kokkos::log(z);
    out(i, k++) = Kokkos::sqrt(z);
    out(i, k++) = Kokkos::pow(z, w);
    out(i, k++) = Kokkos::pow(z, 2.5);
    out(i, k++) = Kokkos::pow(1.5, z);
    out(i, k++) = Kokkos::polar(Kokkos::abs(z), Kokkos::arg(z));
    out(i, k++) = Kokkos::sin(z);
    out(i, k++) = Kokkos::cos(z);
    out(i, k++) = Kokkos::tan(z);
    out(i, k++) = Kokkos::sinh(z);
    out(i, k++) = Kokkos::cosh(z);
    out(i, k++) = Kokkos::tanh(z);
    out(i, k++) = Kokkos::log10(z);
    out(i, k++) = Kokkos::asin(z);
    out(i, k++) = Kokkos::acos(z);
    out(i, k++) = Kokkos::atan(z);
    out(i, k++) = Kokkos::asinh(z);
    out(i, k++) = Kokkos::acosh(z);
    out(i, k++) = Kokkos::atanh(z);
    Complex t = z;
    t += w;
    t *= 2.0;
    t -= 1.0;
    t /= w;
    out(i, k++) = t;
    t.real(5.0);
    t.imag(-1.0);
    t.real() += 1.0;
    out(i, k++) = t;
    out(i, k++) = Complex(Kokkos::abs(z), Kokkos::arg(z));
    out(i, k++) = Complex(Kokkos::norm(z), Kokkos::real(z) * Kokkos::imag(z));
    out(i, k++) = Complex(z == z, z != w);
    out(i, k++) = Complex(Complex(2.0, 0.0) == 2.0, 2.0 == Complex(2.0, 1.0));
  });
  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  double worst[n_results] = {};
  for (int i = 0; i < n; ++i) {
    StdComplex r[n_results];
    host_results(i, r);
    for (int k = 0; k < n_results; ++k) {
      const double scale = std::abs(r[k]) > 1.0 ? std::abs(r[k]) : 1.0;
      worst[k] = std::fmax(worst[k], std::abs(to_std(h(i, k)) - r[k]) / scale);
    }
  }
  char what[64];
  for (int k = 0; k < n_results; ++k) {
    std::snprintf(what, sizeof what, "complex result %d (worst relative error)", k);
    check_near(what, worst[k], 0.0, 1e-12);
  }
}

void check_reductions() {
  Complex sum;
  Kokkos::parallel_reduce("complex_sum", n, KOKKOS_LAMBDA(const int i, Complex& s) {
    s += Complex(i, -2.0 * i);
  }, sum);
  check_near("Sum of complex (scalar result): real", sum.real(), n * (n - 1) / 2.0, 0.0);
  check_near("Sum of complex (scalar result): imag", sum.imag(), -1.0 * n * (n - 1), 0.0);

  Complex sum2;
  Kokkos::parallel_reduce("complex_sum_reducer", Kokkos::RangePolicy<>(0, n),
                          KOKKOS_LAMBDA(const int i, Complex& s) { s += Complex(1.0, i % 3); },
                          Kokkos::Sum<Complex>(sum2));
  check_near("Kokkos::Sum<complex>: real", sum2.real(), n, 0.0);
  check_near("Kokkos::Sum<complex>: imag", sum2.imag(), 999.0, 0.0);  // 333 * (0 + 1 + 2) + 0

  // Eight unit factors of phase pi/8 multiply to e^(i pi) = -1.
  Complex product;
  Kokkos::parallel_reduce("complex_prod", 8, KOKKOS_LAMBDA(const int, Complex& p) {
    p *= Kokkos::polar(1.0, Kokkos::numbers::pi / 8);
  }, Kokkos::Prod<Complex>(product));
  check_near("Kokkos::Prod<complex>: real", product.real(), -1.0, 1e-14);
  check_near("Kokkos::Prod<complex>: imag", product.imag(), 0.0, 1e-14);
}

void check_atomics() {
  Kokkos::View<Complex> total("total");
  Kokkos::View<Complex*> bins("bins", 4);
  Kokkos::View<Kokkos::complex<float>*> fbins("fbins", 2);
  Kokkos::parallel_for("complex_atomics", n, KOKKOS_LAMBDA(const int i) {
    Kokkos::atomic_add(&total(), Complex(1.0, i));
    Kokkos::atomic_add(&bins(i % 4), Complex(i, 1.0));
    Kokkos::atomic_sub(&bins(i % 4), Complex(0.0, 0.5));
    Kokkos::atomic_add(&fbins(i % 2), Kokkos::complex<float>(1.0f, -1.0f));
  });
  auto htotal = Kokkos::create_mirror_view(total);
  auto hbins = Kokkos::create_mirror_view(bins);
  auto hfbins = Kokkos::create_mirror_view(fbins);
  Kokkos::deep_copy(htotal, total);
  Kokkos::deep_copy(hbins, bins);
  Kokkos::deep_copy(hfbins, fbins);
  check_near("atomic_add on complex: real", htotal().real(), n, 0.0);
  check_near("atomic_add on complex: imag", htotal().imag(), n * (n - 1) / 2.0, 0.0);
  for (int b = 0; b < 4; ++b) {
    double expected = 0.0;
    for (int i = b; i < n; i += 4) expected += i;
    check_near("atomic_add on complex bins: real", hbins(b).real(), expected, 0.0);
    check_near("atomic_add/atomic_sub on complex bins: imag", hbins(b).imag(), 0.5 * (n / 4), 0.0);
  }
  check_near("atomic_add on complex<float>: real", hfbins(1).real(), n / 2, 0.0);
  check_near("atomic_add on complex<float>: imag", hfbins(1).imag(), -n / 2, 0.0);
}

void check_host() {
  std::ostringstream os;
  os << Complex(1.5, -2.0) << ' ' << Kokkos::complex<float>(0.25f);
  check(os.str() == "(1.5,-2) (0.25,0)", "operator<< writes (re,im)");
  const Complex from_std = StdComplex(3.0, 4.0);
  const StdComplex to = Complex(-1.0, 0.5);
  check(from_std == Complex(3.0, 4.0) && to == StdComplex(-1.0, 0.5),
        "conversions from and to std::complex");
  constexpr Kokkos::complex<float> c(1.0f, 2.0f);
  static_assert(c.real() == 1.0f && c.imag() == 2.0f, "constexpr construction");
  Complex z;
  check(z.real() == 0.0 && z.imag() == 0.0, "default construction is zero");
  z = 7.0;
  check(z == Complex(7.0, 0.0), "assignment from a real number");
  check(Kokkos::abs(Complex(3.0, 4.0)) == 5.0, "abs on the host");
  static_assert(Kokkos::real(1) == 1.0 && std::is_same<decltype(Kokkos::real(1)), double>::value,
                "real of an int is a double");
  static_assert(Kokkos::imag(2.0f) == 0.0f && std::is_same<decltype(Kokkos::imag(2.0f)), float>::value,
                "imag of a float is a float");
  check(Kokkos::conj(3) == Complex(3.0, -0.0), "conj of an int is a complex<double>");
  Complex parts(1.5, -2.5);
  auto& [re, im] = parts;
  re = 4.0;
  check(parts == Complex(4.0, -2.5) && im == -2.5, "structured bindings name the parts");
  std::stringstream in("1 (2) (3,4) x");
  Complex r1, r2, r3, r4(9.0, 9.0);
  in >> r1 >> r2 >> r3;
  check(r1 == Complex(1, 0) && r2 == Complex(2, 0) && r3 == Complex(3, 4), "operator>> reads re, (re) and (re,im)");
  in >> r4;
  check(r4 == Complex(9.0, 9.0) && in.fail(), "a failed operator>> leaves its value");
  const Complex e = Kokkos::exp(StdComplex(0.5, -1.25));  // Kokkos' exp of a std::complex
  check_near("exp of a std::complex: real", e.real(), std::exp(StdComplex(0.5, -1.25)).real(), 1e-15);
  check_near("exp of a std::complex: imag", e.imag(), std::exp(StdComplex(0.5, -1.25)).imag(), 1e-15);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  check_functions();
  check_reductions();
  check_atomics();
  check_host();
  return report();
}
