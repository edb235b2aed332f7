// Checks atomics on values the hardware cannot exchange whole, which Kokkos serves from a lock
// table: a class with its own copy constructor and assignment (as Kokkos' TestAtomics
// SuperScalar<4>), and a 16-byte trivially copyable struct (wider than a CUDA atomic). Many
// threads add to one location and to seven, through atomic_add, atomic_fetch_add,
// atomic_fetch_sub, atomic_max, atomic_exchange, atomic_compare_exchange, atomic_load and
// atomic_store; every sum is of integers, exact in double, so any lost update shows.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>

template <int N>
struct SuperScalar {
  double val[N];
  KOKKOS_INLINE_FUNCTION SuperScalar() {
    for (int i = 0; i < N; ++i) val[i] = 0.0;
  }
  KOKKOS_INLINE_FUNCTION SuperScalar(const SuperScalar& src) {
    for (int i = 0; i < N; ++i) val[i] = src.val[i];
  }
  KOKKOS_INLINE_FUNCTION SuperScalar& operator=(const SuperScalar& src) {
    for (int i = 0; i < N; ++i) val[i] = src.val[i];
    return *this;
  }
  KOKKOS_INLINE_FUNCTION explicit SuperScalar(double x) {
    for (int i = 0; i < N; ++i) val[i] = x * (i + 1);
  }
  KOKKOS_INLINE_FUNCTION SuperScalar operator+(const SuperScalar& o) const {
    SuperScalar r;
    for (int i = 0; i < N; ++i) r.val[i] = val[i] + o.val[i];
    return r;
  }
  KOKKOS_INLINE_FUNCTION SuperScalar operator-(const SuperScalar& o) const {
    SuperScalar r;
    for (int i = 0; i < N; ++i) r.val[i] = val[i] - o.val[i];
    return r;
  }
  KOKKOS_INLINE_FUNCTION bool operator<(const SuperScalar& o) const { return val[0] < o.val[0]; }
  KOKKOS_INLINE_FUNCTION bool operator>(const SuperScalar& o) const { return val[0] > o.val[0]; }
};

struct Pair16 {  // trivially copyable, 16 bytes
  double a, b;
  KOKKOS_INLINE_FUNCTION Pair16 operator+(const Pair16& o) const { return {a + o.a, b + o.b}; }
};

using Super = SuperScalar<32>;  // wide enough that an unlocked update is seen to lose others

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  {
    const int n = 30000;
    Kokkos::View<Super*> one("one", 1), seven("seven", 7), maxed("maxed", 1);
    Kokkos::View<Pair16*> pairs("pairs", 3);
    Kokkos::View<double*> fetched("fetched", n);
    Kokkos::parallel_for("add", n, KOKKOS_LAMBDA(const int i) {
      Kokkos::atomic_add(&one(0), Super(i));
      const Super before = Kokkos::atomic_fetch_add(&seven(i % 7), Super(1.0));
      fetched(i) = before.val[0];
      Kokkos::atomic_fetch_sub(&seven(i % 7), Super(0.5));
      Kokkos::atomic_max(&maxed(0), Super(double((i * 7919) % n)));
      Kokkos::atomic_add(&pairs(i % 3), Pair16{1.0, double(i)});
    });
    auto h_one = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), one);
    auto h_seven = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), seven);
    auto h_max = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), maxed);
    auto h_pairs = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), pairs);
    auto h_fetched = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), fetched);
    const double total = double(n) * (n - 1) / 2;
    for (int k = 0; k < 32; ++k) check_same("atomic_add of SuperScalar<32>", h_one(0).val[k], total * (k + 1));
    for (int s = 0; s < 7; ++s) {
      const int count = n / 7 + (s < n % 7 ? 1 : 0);
      check_same("atomic_fetch_add then atomic_fetch_sub", h_seven(s).val[0], 0.5 * count);
    }
    check_same("atomic_max", h_max(0).val[0], double(n - 1));
    // Each fetch_add saw a value that runs of +1 and -0.5 steps reach: a multiple of 0.5 from 0 to n.
    long long unreachable = 0;
    for (int i = 0; i < n; ++i) {
      const double twice = 2 * h_fetched(i);
      if (twice != double((long long)twice) || twice < 0 || twice > 2.0 * n) ++unreachable;
    }
    check_eq("values atomic_fetch_add returned", unreachable, 0);
    for (int s = 0; s < 3; ++s) {
      double count = 0, sum = 0;
      for (int i = s; i < n; i += 3) {
        count += 1;
        sum += i;
      }
      check_same("atomic_add of a 16-byte struct (count)", h_pairs(s).a, count);
      check_same("atomic_add of a 16-byte struct (sum)", h_pairs(s).b, sum);
    }

    // exchange, compare-exchange, load and store: each thread takes the token once.
    Kokkos::View<Super*> token("token", 1);
    Kokkos::View<int> winners("winners");
    Kokkos::parallel_for("exchange", n, KOKKOS_LAMBDA(const int i) {
      const Super seen = Kokkos::atomic_load(&token(0));
      const Super old = Kokkos::atomic_compare_exchange(&token(0), seen, Super(double(i + 1)));
      if (old.val[0] == seen.val[0]) Kokkos::atomic_add(&winners(), 1);
      if (i == 0) {
        const Super was = Kokkos::atomic_exchange(&token(0), Super(-1.0));
        Kokkos::atomic_store(&token(0), Super(was.val[0] < 0 ? -2.0 : -3.0));
      }
    });
    auto h_token = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), token);
    int h_winners = 0;
    Kokkos::deep_copy(h_winners, winners);
    check(h_winners >= 1 && h_winners <= n, "compare_exchange winners");
    check(h_token(0).val[0] == -2.0 || h_token(0).val[0] == -3.0 || (h_token(0).val[0] >= 1 && h_token(0).val[0] <= n),
          "token after exchange and store");
    check_same("token second component", h_token(0).val[1], 2 * h_token(0).val[0]);
  }
  return report();
}
