// Checks Kokkos' mathematical functions (float, double, integer and mixed arguments), min/max/clamp, Kokkos::numbers and the numeric traits, computed inside kernels against the host's <cmath>.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <type_traits>

// Overload resolution as in <cmath>: float stays float, integers compute in double, mixed
// arguments promote.
static_assert(std::is_same<decltype(Kokkos::sqrt(2.0f)), float>::value, "sqrt(float)");
static_assert(std::is_same<decltype(Kokkos::sqrt(2.0)), double>::value, "sqrt(double)");
static_assert(std::is_same<decltype(Kokkos::sqrt(2)), double>::value, "sqrt(int)");
static_assert(std::is_same<decltype(Kokkos::pow(2.0f, 2.0f)), float>::value, "pow(float, float)");
static_assert(std::is_same<decltype(Kokkos::pow(2.0f, 2)), double>::value, "pow(float, int)");
static_assert(std::is_same<decltype(Kokkos::pow(2, 2.0)), double>::value, "pow(int, double)");
static_assert(std::is_same<decltype(Kokkos::abs(-2)), int>::value, "abs(int)");
static_assert(std::is_same<decltype(Kokkos::abs(-2L)), long>::value, "abs(long)");
static_assert(std::is_same<decltype(Kokkos::isnan(1.0)), bool>::value, "isnan");
static_assert(std::is_same<decltype(Kokkos::sqrtf(2.0f)), float>::value, "sqrtf");
static_assert(std::is_same<decltype(Kokkos::rsqrt(2.0)), double>::value, "rsqrt(double)");
static_assert(std::is_same<decltype(Kokkos::rsqrt(2.0f)), float>::value, "rsqrt(float)");

// min, max and clamp are constexpr.
static_assert(Kokkos::min(3, 4) == 3 && Kokkos::max(3, 4) == 4, "min/max");
static_assert(Kokkos::clamp(12, 0, 10) == 10 && Kokkos::clamp(-2, 0, 10) == 0 &&
                  Kokkos::clamp(5, 0, 10) == 5, "clamp");
static_assert(Kokkos::min({4, 1, 3}) == 1 && Kokkos::max({4, 9, 3}) == 9, "initializer lists");

// Constants and traits at compile time.
static_assert(Kokkos::numbers::pi > 3.14159 && Kokkos::numbers::pi < 3.1416, "pi");
static_assert(Kokkos::numbers::pi_v<float> == 3.14159265358979323846f, "pi_v<float>");
static_assert(Kokkos::Experimental::finite_max<int>::value == INT_MAX, "finite_max<int>");
static_assert(Kokkos::Experimental::finite_min_v<int> == INT_MIN, "finite_min_v<int>");
static_assert(Kokkos::Experimental::epsilon_v<double> == DBL_EPSILON, "epsilon_v<double>");
static_assert(Kokkos::Experimental::digits_v<double> == DBL_MANT_DIG, "digits_v<double>");
static_assert(Kokkos::Experimental::norm_min_v<float> == FLT_MIN, "norm_min_v<float>");

constexpr int n = 1000;

// The double functions of the kernel below, in the same order.
constexpr int n_double = 45;
const char* const double_names[n_double] = {
    "abs",  "fabs",  "sqrt",   "cbrt",     "exp",       "exp2",      "expm1",  "log",
    "log2", "log10", "log1p",  "sin",      "cos",       "tan",       "asin",   "acos",
    "atan", "sinh",  "cosh",   "tanh",     "asinh",     "acosh",     "atanh",  "erf",
    "erfc", "tgamma", "lgamma", "floor",   "ceil",      "round",     "trunc",  "nearbyint",
    "pow",  "atan2", "fmod",   "fmin",     "fmax",      "hypot",     "copysign", "fdim",
    "remainder", "hypot3", "fma", "logb", "rsqrt"};

void host_double(double x, double y, double* r) {
  int k = 0;
  r[k++] = std::abs(-x);
  r[k++] = std::fabs(-x);
  r[k++] = std::sqrt(x);
  r[k++] = std::cbrt(-x);
  r[k++] = std::exp(x);
  r[k++] = std::exp2(x);
  r[k++] = std::expm1(x);
  r[k++] = std::log(x);
  r[k++] = std::log2(x);
  r[k++] = std::log10(x);
  r[k++] = std::log1p(x);
  r[k++] = std::sin(y);
  r[k++] = std::cos(y);
  r[k++] = std::tan(y);
  r[k++] = std::asin(x);
  r[k++] = std::acos(x);
  r[k++] = std::atan(y);
  r[k++] = std::sinh(y);
  r[k++] = std::cosh(y);
  r[k++] = std::tanh(y);
  r[k++] = std::asinh(y);
  r[k++] = std::acosh(1.0 + y);
  r[k++] = std::atanh(x);
  r[k++] = std::erf(y);
  r[k++] = std::erfc(y);
  r[k++] = std::tgamma(y);
  r[k++] = std::lgamma(y);
  r[k++] = std::floor(y);
  r[k++] = std::ceil(y);
  r[k++] = std::round(y);
  r[k++] = std::trunc(-y);
  r[k++] = std::nearbyint(y);
  r[k++] = std::pow(y, x);
  r[k++] = std::atan2(x, -y);
  r[k++] = std::fmod(y, x);
  r[k++] = std::fmin(x, y);
  r[k++] = std::fmax(x, y);
  r[k++] = std::hypot(x, y);
  r[k++] = std::copysign(x, -y);
  r[k++] = std::fdim(y, x);
  r[k++] = std::remainder(y, x);
  r[k++] = std::hypot(x, y, 2.0);
  r[k++] = std::fma(x, y, 1.0);
  r[k++] = std::logb(y);
  r[k++] = 1.0 / std::sqrt(y);
}

// The float functions, a subset.
constexpr int n_float = 12;
const char* const float_names[n_float] = {"sqrt", "exp", "log", "sin", "cos",   "pow",
                                          "atan2", "fabs", "sqrtf", "hypot", "rsqrt", "rsqrtf"};

void host_float(float x, float y, float* r) {
  int k = 0;
  r[k++] = std::sqrt(x);
  r[k++] = std::exp(x);
  r[k++] = std::log(x);
  r[k++] = std::sin(y);
  r[k++] = std::cos(y);
  r[k++] = std::pow(y, x);
  r[k++] = std::atan2(x, y);
  r[k++] = std::fabs(-y);
  r[k++] = std::sqrt(y);
  r[k++] = std::hypot(x, y);
  r[k++] = 1.0f / std::sqrt(x);
  r[k++] = 1.0f / std::sqrt(y);
}

double relative_error(double got, double expected) {
  const double scale = std::fabs(expected) > 1.0 ? std::fabs(expected) : 1.0;
  return std::fabs(got - expected) / scale;
}

void check_functions() {
  Kokkos::View<double**> d("d", n, n_double);
  Kokkos::View<float**> f("f", n, n_float);
  // x in (0, 1), y in (0.5, 3.5): inside the domain of every function below.
  Kokkos::parallel_for("double_functions", n, KOKKOS_LAMBDA(const int i) {
    const double x = 0.0005 + 0.999 * i / n;
    const double y = 0.5 + 3.0 * i / n;
    int k = 0;
    d(i, k++) = Kokkos::abs(-x);
    d(i, k++) = Kokkos::fabs(-x);
    d(i, k++) = Kokkos::sqrt(x);
    d(i, k++) = Kokkos::cbrt(-x);
    d(i, k++) = Kokkos::exp(x);
    d(i, k++) = Kokkos::exp2(x);
    d(i, k++) = Kokkos::expm1(x);
    d(i, k++) = Kokkos::log(x);
    d(i, k++) = Kokkos::log2(x);
    d(i, k++) = Kokkos::log10(x);
    d(i, k++) = Kokkos::log1p(x);
    d(i, k++) = Kokkos::sin(y);
    d(i, k++) = Kokkos::cos(y);
    d(i, k++) = Kokkos::tan(y);
    d(i, k++) = Kokkos::asin(x);
    d(i, k++) = Kokkos::acos(x);
    d(i, k++) = Kokkos::atan(y);
    d(i, k++) = Kokkos::sinh(y);
    d(i, k++) = Kokkos::cosh(y);
    d(i, k++) = Kokkos::tanh(y);
    d(i, k++) = Kokkos::asinh(y);
    d(i, k++) = Kokkos::acosh(1.0 + y);
    d(i, k++) = Kokkos::atanh(x);
    d(i, k++) = Kokkos::erf(y);
    d(i, k++) = Kokkos::erfc(y);
    d(i, k++) = Kokkos::tgamma(y);
    d(i, k++) = Kokkos::lgamma(y);
    d(i, k++) = Kokkos::floor(y);
    d(i, k++) = Kokkos::ceil(y);
    d(i, k++) = Kokkos::round(y);
    d(i, k++) = Kokkos::trunc(-y);
    d(i, k++) = Kokkos::nearbyint(y);
    d(i, k++) = Kokkos::pow(y, x);
    d(i, k++) = Kokkos::atan2(x, -y);
    d(i, k++) = Kokkos::fmod(y, x);
    d(i, k++) = Kokkos::fmin(x, y);
    d(i, k++) = Kokkos::fmax(x, y);
    d(i, k++) = Kokkos::hypot(x, y);
    d(i, k++) = Kokkos::copysign(x, -y);
    d(i, k++) = Kokkos::fdim(y, x);
    d(i, k++) = Kokkos::remainder(y, x);
    d(i, k++) = Kokkos::hypot(x, y, 2.0);
    d(i, k++) = Kokkos::fma(x, y, 1.0);
    d(i, k++) = Kokkos::logb(y);
    d(i, k++) = Kokkos::rsqrt(y);
  });
  Kokkos::parallel_for("float_functions", n, KOKKOS_LAMBDA(const int i) {
    const float x = 0.0005f + 0.999f * float(i) / float(n);
    const float y = 0.5f + 3.0f * float(i) / float(n);
    int k = 0;
    f(i, k++) = Kokkos::sqrt(x);
    f(i, k++) = Kokkos::exp(x);
    f(i, k++) = Kokkos::log(x);
    f(i, k++) = Kokkos::sin(y);
    f(i, k++) = Kokkos::cos(y);
    f(i, k++) = Kokkos::pow(y, x);
    f(i, k++) = Kokkos::atan2(x, y);
    f(i, k++) = Kokkos::fabs(-y);
    f(i, k++) = Kokkos::sqrtf(y);
    f(i, k++) = Kokkos::hypot(x, y);
    f(i, k++) = Kokkos::rsqrt(x);
    f(i, k++) = Kokkos::rsqrtf(y);
  });
  auto hd = Kokkos::create_mirror_view(d);
  auto hf = Kokkos::create_mirror_view(f);
  Kokkos::deep_copy(hd, d);
  Kokkos::deep_copy(hf, f);

  // Device math libraries may differ from the host's by a few units in the last place.
  double worst_double[n_double] = {};
  double worst_float[n_float] = {};
  for (int i = 0; i < n; ++i) {
    double rd[n_double];
    host_double(0.0005 + 0.999 * i / n, 0.5 + 3.0 * i / n, rd);
    for (int k = 0; k < n_double; ++k)
      worst_double[k] = std::fmax(worst_double[k], relative_error(hd(i, k), rd[k]));
    float rf[n_float];
    host_float(0.0005f + 0.999f * float(i) / float(n), 0.5f + 3.0f * float(i) / float(n), rf);
    for (int k = 0; k < n_float; ++k)
      worst_float[k] = std::fmax(worst_float[k], relative_error(hf(i, k), rf[k]));
  }
  char what[96];
  for (int k = 0; k < n_double; ++k) {
    std::snprintf(what, sizeof what, "Kokkos::%s(double) in a kernel (worst relative error)",
                  double_names[k]);
    check_near(what, worst_double[k], 0.0, 1e-13);
  }
  for (int k = 0; k < n_float; ++k) {
    std::snprintf(what, sizeof what, "Kokkos::%s(float) in a kernel (worst relative error)",
                  float_names[k]);
    check_near(what, worst_float[k], 0.0, 1e-6);
  }
}

// Integer and mixed arguments, classification, min/max/clamp, constants and traits in a kernel;
// each result is one slot of a View, compared with its expected value on the host.
void check_other() {
  constexpr int slots = 32;
  Kokkos::View<double*> r("r", slots);
  Kokkos::parallel_for("other", 1, KOKKOS_LAMBDA(const int) {
    const double inf = Kokkos::Experimental::infinity_v<double>;
    const double nan = Kokkos::Experimental::quiet_NaN<double>::value;
    const int three = 3;
    r(0) = Kokkos::sqrt(16);                      // integer argument: double 4
    r(1) = Kokkos::pow(2, 10);                    // integers: double 1024
    r(2) = Kokkos::pow(2.0f, 3);                  // float with int: double 8
    r(3) = Kokkos::abs(-three);                   // int 3
    r(4) = Kokkos::abs(-7L);                      // long 7
    r(5) = Kokkos::isnan(nan) + 2 * Kokkos::isnan(1.0);          // 1
    r(6) = Kokkos::isinf(-inf) + 2 * Kokkos::isinf(1.0f);        // 1
    r(7) = Kokkos::isfinite(1.5) + 2 * Kokkos::isfinite(inf);    // 1
    r(8) = Kokkos::signbit(-0.0) + 2 * Kokkos::signbit(0.5f);    // 1
    r(9) = Kokkos::min(three, 7) + 10 * Kokkos::max(three, 7);   // 73
    r(10) = Kokkos::clamp(12, 0, 10) + 100 * Kokkos::clamp(-4, -2, 5);   // 10 - 200
    r(11) = Kokkos::max(1.0, Kokkos::numbers::pi);  // binds pi by reference on the device
    r(12) = Kokkos::min({5, 2, 8, 3});
    r(13) = Kokkos::max({5, 2, 8, 3});
    r(14) = Kokkos::max(-9, 4, [](int a, int b) { return a * a < b * b; });   // -9: larger square
    r(15) = Kokkos::numbers::e;
    r(16) = Kokkos::numbers::sqrt2;
    r(17) = Kokkos::numbers::ln2;
    r(18) = Kokkos::numbers::inv_pi;
    r(19) = Kokkos::numbers::pi_v<float>;
    r(20) = Kokkos::numbers::phi;
    r(21) = Kokkos::Experimental::epsilon_v<double>;
    r(22) = Kokkos::Experimental::finite_max_v<float>;
    r(23) = Kokkos::Experimental::digits<float>::value;
    r(24) = Kokkos::fmin(2, 3.5) + Kokkos::fmax(2.5f, 1);                  // 2 + 2.5
    r(25) = Kokkos::atan2(1, 1);                                            // pi / 4
    r(26) = Kokkos::copysign(3, -1.0);                                      // -3
    r(27) = Kokkos::fmod(7, 3);                                             // 1
    r(28) = Kokkos::log(Kokkos::exp(2));                                    // 2
    r(29) = Kokkos::round(2.5) + Kokkos::floor(-2.5) + Kokkos::ceil(2.1f);  // 3 - 3 + 3
    r(30) = Kokkos::isnan(Kokkos::nan(""));                                 // 1
    r(31) = Kokkos::hypot(3, 4);                                            // 5
  });
  auto h = Kokkos::create_mirror_view(r);
  Kokkos::deep_copy(h, r);
  const double expected[slots] = {4.0, 1024.0, 8.0, 3.0, 7.0, 1.0, 1.0, 1.0, 1.0, 73.0, -190.0,
                                  M_PI, 2.0, 8.0, -9.0, M_E, M_SQRT2, M_LN2, M_1_PI,
                                  double(3.14159265358979323846f), 1.618033988749894848,
                                  DBL_EPSILON, FLT_MAX, FLT_MANT_DIG, 4.5, M_PI / 4, -3.0, 1.0,
                                  2.0, 3.0, 1.0, 5.0};
  char what[64];
  for (int k = 0; k < slots; ++k) {
    std::snprintf(what, sizeof what, "kernel result slot %d", k);
    check_near(what, h(k), expected[k], 1e-15 * std::fabs(expected[k]));
  }
}

// The Kokkos tutorials' idiom: a reduction of a math expression.
void check_reduction() {
  double total = 0.0;
  Kokkos::parallel_reduce("pythagoras", n, KOKKOS_LAMBDA(const int i, double& sum) {
    const double t = 2.0 * Kokkos::numbers::pi * i / n;
    sum += Kokkos::pow(Kokkos::sin(t), 2) + Kokkos::pow(Kokkos::cos(t), 2);
  }, total);
  check_near("sum of sin^2 + cos^2", total, double(n), 1e-10);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  check_functions();
  check_other();
  check_reduction();
  Kokkos::finalize();
  return report();
}
