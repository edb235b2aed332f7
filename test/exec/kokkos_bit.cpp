// Checks Kokkos' bit manipulation functions (Kokkos_BitManipulation.hpp): the constexpr ones at compile time and in a kernel, and the Experimental::*_builtin ones in a kernel, against values computed bit by bit on the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_BitManipulation.hpp>
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

static_assert(Kokkos::popcount(0xF0F0u) == 8, "popcount");
static_assert(Kokkos::countl_zero(uint32_t(1)) == 31 && Kokkos::countl_zero(uint8_t(0)) == 8,
              "countl_zero");
static_assert(Kokkos::countr_zero(uint64_t(1) << 40) == 40, "countr_zero");
static_assert(Kokkos::countl_one(uint16_t(0xFF00)) == 8 && Kokkos::countr_one(7u) == 3,
              "countl_one, countr_one");
static_assert(Kokkos::bit_width(5u) == 3u && Kokkos::bit_ceil(5u) == 8u &&
                  Kokkos::bit_floor(5u) == 4u && Kokkos::has_single_bit(64u),
              "powers of two");
static_assert(Kokkos::rotl(uint8_t(0x81), 1) == 0x03 && Kokkos::rotr(uint8_t(0x81), 1) == 0xC0 &&
                  Kokkos::rotl(uint8_t(0x81), -1) == 0xC0,
              "rotations");
static_assert(Kokkos::byteswap(uint32_t(0x11223344)) == 0x44332211u, "byteswap");

constexpr int n = 4096;
constexpr int n_results = 24;

// A spread of 64-bit values: small, large, single bits, all ones.
KOKKOS_INLINE_FUNCTION uint64_t sample(int i) {
  if (i % 7 == 0) return uint64_t(1) << (i % 64);
  if (i % 11 == 0) return ~uint64_t(0) >> (i % 64);
  return uint64_t(i) * 0x9E3779B97F4A7C15ull;
}

// The expected results, computed one bit at a time.
int leading_zeros(uint64_t x, int bits) {
  int k = 0;
  for (int b = bits - 1; b >= 0 && !((x >> b) & 1); --b) ++k;
  return k;
}
int trailing_zeros(uint64_t x, int bits) {
  int k = 0;
  for (int b = 0; b < bits && !((x >> b) & 1); ++b) ++k;
  return k;
}
int ones(uint64_t x) {
  int k = 0;
  for (int b = 0; b < 64; ++b) k += (x >> b) & 1;
  return k;
}

void host_results(int i, int64_t* r) {
  const uint64_t x = sample(i);
  const uint32_t y = uint32_t(x >> 16);
  const uint8_t z = uint8_t(x >> 3);
  int k = 0;
  for (int pass = 0; pass < 2; ++pass) {  // the constexpr functions, then the builtin ones
    r[k++] = ones(x);
    r[k++] = ones(y);
    r[k++] = leading_zeros(x, 64);
    r[k++] = leading_zeros(y, 32);
    r[k++] = leading_zeros(z, 8);
    r[k++] = trailing_zeros(x, 64);
    r[k++] = trailing_zeros(y, 32);
    r[k++] = leading_zeros(~y, 32);   // countl_one
    r[k++] = trailing_zeros(z ^ 0xFF, 8);   // countr_one
    r[k++] = 32 - leading_zeros(y, 32);    // bit_width
    r[k++] = y == 0 ? 0 : uint32_t(1) << (31 - leading_zeros(y, 32));   // bit_floor
    r[k++] = uint32_t((y << 5) | (y >> 27));   // rotl by 5
  }
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<int64_t**> out("out", n, n_results);
    Kokkos::parallel_for("bits", n, KOKKOS_LAMBDA(const int i) {
      const uint64_t x = sample(i);
      const uint32_t y = uint32_t(x >> 16);
      const uint8_t z = uint8_t(x >> 3);
      int k = 0;
      out(i, k++) = Kokkos::popcount(x);
      out(i, k++) = Kokkos::popcount(y);
      out(i, k++) = Kokkos::countl_zero(x);
      out(i, k++) = Kokkos::countl_zero(y);
      out(i, k++) = Kokkos::countl_zero(z);
      out(i, k++) = Kokkos::countr_zero(x);
      out(i, k++) = Kokkos::countr_zero(y);
      out(i, k++) = Kokkos::countl_one(y);
      out(i, k++) = Kokkos::countr_one(z);
      out(i, k++) = Kokkos::bit_width(y);
      out(i, k++) = Kokkos::bit_floor(y);
      out(i, k++) = Kokkos::rotl(y, 5);
      out(i, k++) = Kokkos::Experimental::popcount_builtin(x);
      out(i, k++) = Kokkos::Experimental::popcount_builtin(y);
      out(i, k++) = Kokkos::Experimental::countl_zero_builtin(x);
      out(i, k++) = Kokkos::Experimental::countl_zero_builtin(y);
      out(i, k++) = Kokkos::Experimental::countl_zero_builtin(z);
      out(i, k++) = Kokkos::Experimental::countr_zero_builtin(x);
      out(i, k++) = Kokkos::Experimental::countr_zero_builtin(y);
      out(i, k++) = Kokkos::Experimental::countl_one_builtin(y);
      out(i, k++) = Kokkos::Experimental::countr_one_builtin(z);
      out(i, k++) = Kokkos::Experimental::bit_width_builtin(y);
      out(i, k++) = Kokkos::Experimental::bit_floor_builtin(y);
      out(i, k++) = Kokkos::Experimental::rotl_builtin(y, -27);   // the same as rotl by 5
    });
    auto h = Kokkos::create_mirror_view(out);
    Kokkos::deep_copy(h, out);
    long long bad[n_results] = {};
    for (int i = 0; i < n; ++i) {
      int64_t r[n_results];
      host_results(i, r);
      for (int k = 0; k < n_results; ++k) bad[k] += h(i, k) != r[k];
    }
    char what[64];
    for (int k = 0; k < n_results; ++k) {
      std::snprintf(what, sizeof what, "bit function %d in a kernel (wrong values)", k);
      check_eq(what, bad[k], 0);
    }

    // bit_cast and byteswap in a kernel.
    Kokkos::View<uint64_t[3]> cast("cast");
    Kokkos::parallel_for("cast", 1, KOKKOS_LAMBDA(const int) {
      cast(0) = Kokkos::bit_cast<uint64_t>(-2.5);
      cast(1) = Kokkos::byteswap(uint64_t(0x0102030405060708ull));
      cast(2) = Kokkos::Experimental::bit_cast_builtin<uint32_t>(1.0f);
    });
    auto hc = Kokkos::create_mirror_view(cast);
    Kokkos::deep_copy(hc, cast);
    const double d = -2.5;
    uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    check(hc(0) == bits, "bit_cast<uint64_t>(double) in a kernel");
    check(hc(1) == 0x0807060504030201ull, "byteswap(uint64_t) in a kernel");
    check(hc(2) == 0x3F800000u, "bit_cast_builtin<uint32_t>(float) in a kernel");
  }
  Kokkos::finalize();
  return report();
}
