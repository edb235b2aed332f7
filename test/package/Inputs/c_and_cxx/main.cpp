#include <Kokkos_Core.hpp>

#include <cstdio>

#include "stubs.h"

int offsets_of(Kokkos::View<int*> counts, Kokkos::View<int*> offsets);
int count_at_least(Kokkos::View<double*> values, double threshold);

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int failed = 0;
  {
    // SIZES comes from the build: 1,2,4,8 (four values, if every comma reached the compiler).
    const int sizes[] = {SIZES};
    const int nsizes = int(sizeof(sizes) / sizeof(sizes[0]));
    if (nsizes != 4 || sizes[3] != 8) {
      std::printf("SIZES has %d values\n", nsizes);
      ++failed;
    }
    const int n = 100000;
    Kokkos::View<int*> counts("counts", n), offsets("offsets", n);
    Kokkos::View<double*> values("values", n);
    Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) {
      counts(i) = sizes[i % 4];
      values(i) = 0.5 * (i % 10);
    });
    const int total = offsets_of(counts, offsets);
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), offsets);
    if (total != n / 4 * 15 || h(n - 1) != total - 8 || h(5) != 1 + 2 + 4 + 8 + 1) {
      std::printf("offsets: total %d, last %d, sixth %d\n", total, h(n - 1), h(5));
      ++failed;
    }
    const int kept = count_at_least(values, 2.0);  // i % 10 in 4..9
    const double all = stub_allreduce_sum(kept) * stub_comm_size();
    if (kept != n / 10 * 6 || all != kept) {
      std::printf("count: %d (over ranks %g)\n", kept, all);
      ++failed;
    }
  }
  Kokkos::finalize();
  std::printf(failed ? "FAILED\n" : "PASSED\n");
  return failed;
}
