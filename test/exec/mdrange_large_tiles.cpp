// MDRange parallel_for with tiles larger than a GPU block (more than 1024 points, more than 64
// along the third index): every point of the box is visited exactly once, in both orders.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

static int failures = 0;

template <class Policy>
void check2(const char* what, const Policy& policy, int n0, int n1, int l0, int l1) {
  hpar::View<int**> hits("hits", n0, n1);
  hpar::parallel_for("large_tiles_2d", policy, HPAR_LAMBDA(int i, int j) { hpar::atomic_add(&hits(i, j), 1); });
  auto h = hpar::create_mirror_view(hits);
  hpar::deep_copy(h, hits);
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j) {
      const int want = (i >= l0 && j >= l1) ? 1 : 0;
      if (h(i, j) != want && failures++ < 10)
        std::printf("%s: point (%d, %d) visited %d times, expected %d\n", what, i, j, h(i, j), want);
    }
}

template <class Policy>
void check3(const char* what, const Policy& policy, int n0, int n1, int n2, int l0, int l1, int l2) {
  hpar::View<int***> hits("hits", n0, n1, n2);
  hpar::parallel_for("large_tiles_3d", policy, HPAR_LAMBDA(int i, int j, int k) { hpar::atomic_add(&hits(i, j, k), 1); });
  auto h = hpar::create_mirror_view(hits);
  hpar::deep_copy(h, hits);
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j)
      for (int k = 0; k < n2; ++k) {
        const int want = (i >= l0 && j >= l1 && k >= l2) ? 1 : 0;
        if (h(i, j, k) != want && failures++ < 10)
          std::printf("%s: point (%d, %d, %d) visited %d times, expected %d\n", what, i, j, k, h(i, j, k), want);
      }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  using L2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Left, hpar::Iterate::Left>>;
  using R2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Right, hpar::Iterate::Right>>;
  using L3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Left, hpar::Iterate::Left>>;
  using R3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Right, hpar::Iterate::Right>>;
  check2("rank 2 left, 2048x1 tiles", L2({3, 1}, {3000, 40}, {2048, 1}), 3000, 40, 3, 1);
  check2("rank 2 right, 3x700 tiles", R2({0, 5}, {50, 2000}, {3, 700}), 50, 2000, 0, 5);
  check3("rank 3 left, 64x32x2 tiles", L3({1, 2, 3}, {130, 70, 9}, {64, 32, 2}), 130, 70, 9, 1, 2, 3);
  check3("rank 3 right, 1x4x300 tiles", R3({0, 1, 7}, {5, 9, 700}, {1, 4, 300}), 5, 9, 700, 0, 1, 7);
  check3("rank 3 left, 8x4x100 tiles (more than 64 along z)", L3({0, 0, 0}, {17, 9, 250}, {8, 4, 100}), 17, 9, 250, 0, 0, 0);
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
