// Repeats RangePolicy parallel_scans and checks every element every time: a stream compaction
// with an int count, an exclusive prefix sum of 8-byte values, and a scan of a 16-byte struct,
// at lengths about the scans' tiles (1,536, 2,048 and 4,096 indices) and over many tiles, with
// new data each repetition. A scan whose tiles hand each other a wrong prefix now and then (a race
// between tiles) fails here in some repetitions and not others: run it many times
// (scripts/run-gpu-tests.sh --repeat).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

// A value that changes with the index and the repetition.
KOKKOS_INLINE_FUNCTION int data_of(int64_t i, int rep) {
  uint32_t h = uint32_t(i) * 2654435761u + uint32_t(rep) * 40503u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return int(h % 1000u);
}

// A sum and a count together: 16 bytes, wider than a scan's packed tile descriptor.
struct SumCount {
  int64_t sum;
  int count;
  KOKKOS_INLINE_FUNCTION SumCount() : sum(0), count(0) {}
  KOKKOS_INLINE_FUNCTION SumCount& operator+=(const SumCount& o) {
    sum += o.sum;
    count += o.count;
    return *this;
  }
};

// Prints the first few bad elements of one check and counts the check once.
struct Mismatches {
  const char* what;
  int64_t n;
  int rep;
  int64_t bad = 0;
  void operator()(int64_t i, long long got, long long expected) {
    if (got == expected) return;
    if (bad < 3)
      std::printf("  %s (n %lld, repetition %d): element %lld is %lld, expected %lld\n", what,
                  (long long)n, rep, (long long)i, got, expected);
    ++bad;
  }
  ~Mismatches() {
    if (bad != 0) {
      ++g_failed;
      std::printf("check failed: %s (n %lld, repetition %d): %lld bad elements\n", what,
                  (long long)n, rep, (long long)bad);
    }
  }
};

void compaction(const int n, const int rep) {
  Kokkos::View<int*> v("v", n), kept("kept", n);
  auto hv = Kokkos::create_mirror_view(v);
  std::vector<int> expected;
  for (int i = 0; i < n; ++i) {
    hv(i) = data_of(i, rep);
    if (hv(i) >= 667) expected.push_back(i);
  }
  Kokkos::deep_copy(v, hv);
  Kokkos::deep_copy(kept, -1);
  int nkept = -1;
  Kokkos::parallel_scan("compact", n, KOKKOS_LAMBDA(const int i, int& slot, const bool final) {
    const bool keep = v(i) >= 667;
    if (final && keep) kept(slot) = i;
    slot += keep;
  }, nkept);
  auto hk = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), kept);
  check_eq("compaction count", nkept, (long long)expected.size());
  Mismatches bad{"compaction slots", n, rep};
  for (int s = 0; s < n; ++s) bad(s, hk(s), s < int(expected.size()) ? expected[s] : -1);
}

void prefix_sums(const int64_t n, const int rep) {
  Kokkos::View<int64_t*> in("in", n), out("out", n);
  auto hin = Kokkos::create_mirror_view(in);
  for (int64_t i = 0; i < n; ++i) hin(i) = int64_t(data_of(i, rep)) << 20;  // past 32 bits
  Kokkos::deep_copy(in, hin);
  int64_t total = -1;
  Kokkos::parallel_scan("prefix_sums", Kokkos::RangePolicy<>(0, n),
                        KOKKOS_LAMBDA(const int64_t i, int64_t& update, const bool final) {
                          if (final) out(i) = update;
                          update += in(i);
                        },
                        total);
  auto hout = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  Mismatches bad{"exclusive 8-byte sums", n, rep};
  int64_t running = 0;
  for (int64_t i = 0; i < n; ++i) {
    bad(i, hout(i), running);
    running += hin(i);
  }
  check_eq("8-byte total", total, running);
}

void struct_scan(const int64_t n, const int rep) {
  Kokkos::View<int*> in("in", n);
  Kokkos::View<int64_t*> sums("sums", n);
  Kokkos::View<int*> counts("counts", n);
  auto hin = Kokkos::create_mirror_view(in);
  for (int64_t i = 0; i < n; ++i) hin(i) = data_of(i, rep + 1000);
  Kokkos::deep_copy(in, hin);
  SumCount total;
  Kokkos::parallel_scan("sum_count", n, KOKKOS_LAMBDA(const int64_t i, SumCount& update, const bool final) {
    SumCount own;
    own.sum = in(i);
    own.count = in(i) % 2;
    update += own;
    if (final) {  // inclusive
      sums(i) = update.sum;
      counts(i) = update.count;
    }
  }, total);
  auto hs = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
  Mismatches bad_sums{"inclusive struct sums", n, rep}, bad_counts{"inclusive struct counts", n, rep};
  int64_t sum = 0, count = 0;
  for (int64_t i = 0; i < n; ++i) {
    sum += hin(i);
    count += hin(i) % 2;
    bad_sums(i, hs(i), sum);
    bad_counts(i, hc(i), count);
  }
  check_eq("struct total sum", total.sum, sum);
  check_eq("struct total count", total.count, count);
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const int sizes[] = {1, 1535, 1536, 1537, 2047, 2048, 2049, 4096, 4097, 100000, 1048577};
    for (int rep = 0; rep < 5; ++rep)
      for (const int n : sizes) {
        compaction(n, rep);
        prefix_sums(n, rep);
        struct_scan(n, rep);
      }
  }
  Kokkos::finalize();
  return report();
}
