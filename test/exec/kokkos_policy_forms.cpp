// Checks policy and scratch forms Kokkos' own unit tests use (Kokkos spelling): the default index type of RangePolicy, MDRangePolicy and TeamPolicy is the execution space's size_type; RangePolicy bounds of a class type that converts to the index type; MDRangePolicy built from Kokkos::Array bounds and tiles of other integer types, inner_direction, tile_size_recommended(), a host policy's default tiles (Kokkos' host tiles); Experimental::require with a WorkItemProperty keeps the range, box and teams of the policy; scratch as Kokkos counts it: View::shmem_size is the elements' bytes plus the value type's alignment (also from a LayoutStride layout), a scratch View of 24-byte structs starts at a multiple of 24 after a 4-byte allocation, get_shmem takes exactly the bytes asked; team_size_max and team_size_recommended of a LaunchBounds policy for a team reduction of 1 KB values (recommended never above max, the reduction runs at max); scratch_size_max(1) is at least Kokkos' 20 MB and a team gets 2.5 GB of level 1 (its first and last bytes written and read back).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <type_traits>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;
using size_type = Kokkos::DefaultExecutionSpace::size_type;

static_assert(std::is_same<Kokkos::RangePolicy<>::index_type, size_type>::value,
              "RangePolicy's default index type is the space's size_type");
static_assert(std::is_same<Kokkos::MDRangePolicy<Kokkos::Rank<2>>::index_type, size_type>::value,
              "MDRangePolicy's default index type is the space's size_type");
static_assert(std::is_same<Kokkos::TeamPolicy<>::index_type, size_type>::value,
              "TeamPolicy's default index type is the space's size_type");
static_assert(std::is_same<Kokkos::RangePolicy<Kokkos::IndexType<int>>::index_type, int>::value,
              "IndexType<int> is kept");

// Converts to an int and back, as a bound type of Kokkos' TestRangePolicyConstructors does.
struct Bound {
  int value;
  explicit Bound(int v) : value(v) {}
  operator int() const { return value; }
};

struct Triple {
  double x, y, z;
};

void range_and_mdrange() {
  Kokkos::RangePolicy<> from_class(Bound(3), Bound(40));
  check_eq("RangePolicy from class-type bounds: begin", (long long)from_class.begin(), 3);
  check_eq("RangePolicy from class-type bounds: end", (long long)from_class.end(), 40);
  long sum = 0;
  Kokkos::parallel_reduce("class_bounds", from_class, KOKKOS_LAMBDA(const size_type i, long& s) { s += long(i); }, sum);
  check_eq("sum over [3, 40)", sum, 40 * 39 / 2 - 3);

  const auto light = Kokkos::Experimental::require(
      Kokkos::RangePolicy<>(5, 25), Kokkos::Experimental::WorkItemProperty::HintLightWeight);
  long required = 0;
  Kokkos::parallel_reduce("required", light, KOKKOS_LAMBDA(const size_type i, long& s) { s += long(i); }, required);
  check_eq("require(RangePolicy, HintLightWeight): same range", required, 25 * 24 / 2 - 5 * 4 / 2);

  using MD = Kokkos::MDRangePolicy<Kokkos::Rank<2>, Kokkos::IndexType<int>>;
  const MD md(Kokkos::Array<long, 2>{{1, 2}}, Kokkos::Array<long, 2>{{9, 12}}, Kokkos::Array<long, 2>{{4, 4}});
  Kokkos::View<int**> hits("hits", 9, 12);
  Kokkos::parallel_for("md_array", Kokkos::Experimental::require(md, Kokkos::Experimental::WorkItemProperty::HintHeavyWeight),
                       KOKKOS_LAMBDA(const int i, const int j) { hits(i, j) += 1; });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), hits);
  int inside = 0, outside = 0;
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 12; ++j) (i >= 1 && j >= 2 ? inside : outside) += h(i, j);
  check_eq("MDRangePolicy from Kokkos::Array<long>: every point of the box once", inside, 8 * 10);
  check_eq("MDRangePolicy from Kokkos::Array<long>: no point outside", outside, 0);
  check(MD::inner_direction == (std::is_same<Kokkos::DefaultExecutionSpace::array_layout, Kokkos::LayoutLeft>::value
                                    ? Kokkos::Iterate::Left
                                    : Kokkos::Iterate::Right),
        "inner_direction follows the default space's layout");
  const auto tiles = MD({0, 0}, {100, 100}).tile_size_recommended();
  const auto chosen = MD({0, 0}, {100, 100}).m_tile;
  check(tiles[0] == chosen[0] && tiles[1] == chosen[1] && tiles[0] * tiles[1] <= MD::max_total_tile_size(),
        "tile_size_recommended() is what a policy without tiles chooses");
  // A host policy's tiles are Kokkos' host defaults: the whole innermost extent, 2 along the rest.
  using HostMD = Kokkos::MDRangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Rank<3>>;
  const auto host_tiles = HostMD({1, 0, 2}, {7, 9, 302}).m_tile;
  check(host_tiles[0] == 2 && host_tiles[1] == 2 && host_tiles[2] == 300,
        "a host MDRangePolicy without tiles takes Kokkos' host tiles {2, 2, extent}");
  check(HostMD::max_total_tile_size() >= 600, "a host MDRangePolicy's tiles are not limited to a block");
  const auto given = HostMD({0, 0, 0}, {8, 8, 8}, {4, 1, 8}).m_tile;
  check(given[0] == 4 && given[1] == 1 && given[2] == 8, "a host MDRangePolicy keeps the tiles given");
}

void scratch_forms() {
  using IntScratch = Kokkos::View<int64_t***, Kokkos::DefaultExecutionSpace::scratch_memory_space>;
  check_eq("shmem_size(5, 6, 7) of int64_t: elements plus one", (long long)IntScratch::shmem_size(5, 6, 7), (5 * 6 * 7 + 1) * 8);
  int order[3] = {2, 0, 1}, extents[3] = {100, 10, 3};
  check_eq("shmem_size of a LayoutStride layout equals LayoutRight's",
           (long long)Kokkos::View<double***, Kokkos::LayoutStride, Kokkos::DefaultExecutionSpace::scratch_memory_space>::shmem_size(
               Kokkos::LayoutStride::order_dimensions(3, order, extents)),
           (long long)Kokkos::View<double***, Kokkos::LayoutRight, Kokkos::DefaultExecutionSpace::scratch_memory_space>::shmem_size(100, 10, 3));
  using TripleScratch = Kokkos::View<Triple*, Kokkos::DefaultExecutionSpace::scratch_memory_space>;
  using IntsScratch = Kokkos::View<int*, Kokkos::DefaultExecutionSpace::scratch_memory_space>;
  check_eq("shmem_size(11) of a 24-byte struct", (long long)TripleScratch::shmem_size(11), 11 * 24 + 24);

  Kokkos::View<long[4]> out("out");
  const size_t bytes = TripleScratch::shmem_size(11) + IntsScratch::shmem_size(1) + 64;
  Kokkos::parallel_for("scratch_align", team_policy(1, 1).set_scratch_size(0, Kokkos::PerTeam(bytes)),
                       KOKKOS_LAMBDA(const member_type& team) {
                         IntsScratch small(team.team_scratch(0), 1);
                         TripleScratch a(team.team_scratch(0), 11);
                         char* p1 = static_cast<char*>(team.team_scratch(0).get_shmem(12));
                         char* p2 = static_cast<char*>(team.team_scratch(0).get_shmem(4));
                         out(0) = a.data() == nullptr ? -1 : long(reinterpret_cast<uintptr_t>(a.data()) % sizeof(Triple));
                         out(1) = long(p2 - p1);
                         out(2) = small.data() == nullptr ? 0 : 1;
                       });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  check_eq("a scratch View of 24-byte structs starts at a multiple of 24", h(0), 0);
  check_eq("get_shmem(12) then get_shmem(4): 12 bytes apart", h(1), 12);
  check_eq("the small scratch View was allocated", h(2), 1);
}

// A team reduction of 1 KB values, as Kokkos' TestTeamTeamSize reduces arrays of doubles.
struct KiloValue {
  double v[128];
  KOKKOS_INLINE_FUNCTION KiloValue() {
    for (int i = 0; i < 128; ++i) v[i] = 0;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const KiloValue& o) {
    for (int i = 0; i < 128; ++i) v[i] += o.v[i];
  }
};
struct KiloReduce {
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team, KiloValue& sum) const {
    if (team.team_rank() == 0) sum.v[team.league_rank() % 128] += 1;
  }
};

void team_sizes() {
  using Bounded = Kokkos::TeamPolicy<Kokkos::LaunchBounds<128, 8>>;
  Bounded p(100, Kokkos::AUTO, 4);
  const int max_for = p.team_size_max(KiloReduce(), Kokkos::ParallelForTag());
  const int rec_for = p.team_size_recommended(KiloReduce(), Kokkos::ParallelForTag());
  const int max_reduce = p.team_size_max(KiloReduce(), Kokkos::ParallelReduceTag());
  const int rec_reduce = p.team_size_recommended(KiloReduce(), Kokkos::ParallelReduceTag());
  check(max_for >= rec_for && max_reduce >= rec_reduce && max_for >= max_reduce && rec_reduce >= 1,
        "team_size_max >= team_size_recommended, for >= reduce (LaunchBounds<128, 8>)");
  KiloValue total;
  Kokkos::parallel_reduce("kilo", Bounded(100, max_reduce, 4).set_scratch_size(0, Kokkos::PerTeam(4096)),
                          KiloReduce(), total);
  long count = 0;
  for (int i = 0; i < 128; ++i) count += long(total.v[i]);
  check_eq("a team reduction of 1 KB values at team_size_max", count, 100);
}

void large_level1() {
  check(team_policy::scratch_size_max(1) >= 20 * 1024 * 1024, "scratch_size_max(1) is at least 20 MB");
  const size_t bytes = size_t(5) << 29;  // 2.5 GB, above 2^31 - 1
  Kokkos::View<long[2]> seen("seen");
  Kokkos::parallel_for("large_level1", team_policy(1, 1).set_scratch_size(1, Kokkos::PerTeam(bytes)),
                       KOKKOS_LAMBDA(const member_type& team) {
                         char* p = static_cast<char*>(team.team_scratch(1).get_shmem(bytes));
                         if (p == nullptr) {
                           seen(0) = -1;
                           return;
                         }
                         p[0] = 7;
                         p[bytes - 1] = 9;
                         seen(0) = p[0];
                         seen(1) = p[bytes - 1];
                       });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), seen);
  check_eq("2.5 GB of level-1 scratch: first byte", h(0), 7);
  check_eq("2.5 GB of level-1 scratch: last byte", h(1), 9);
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  range_and_mdrange();
  scratch_forms();
  team_sizes();
  large_level1();
  return report();
}
