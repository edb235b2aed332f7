// Spaces as a Kokkos program uses them: the memory space picked with #ifdef KOKKOS_ENABLE_*,
// policies over host execution spaces (which run on the host in every build, so their functors
// may use host-only code and capture by reference), SharedSpace reached from both sides where the
// build has it, the space API (name, concurrency, fence, device_type, SpaceAccessibility), the
// version macros, and a custom reduction identity reopened in namespace Kokkos.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <string>
#include <vector>

#if defined(KOKKOS_ENABLE_CUDA)
using DeviceMemory = Kokkos::CudaSpace;
#elif defined(KOKKOS_ENABLE_OPENMPTARGET)
using DeviceMemory = Kokkos::OpenMPTargetSpace;
#else
using DeviceMemory = Kokkos::HostSpace;
#endif

#if !KOKKOS_VERSION_GREATER_EQUAL(4, 0, 0) || KOKKOS_VERSION < 40000
#error "expected the Kokkos 4 API"
#endif

struct Range3 {
  int lo, hi, count;
  KOKKOS_INLINE_FUNCTION Range3& operator+=(const Range3& o) {
    lo = o.lo < lo ? o.lo : lo;
    hi = o.hi > hi ? o.hi : hi;
    count += o.count;
    return *this;
  }
};

namespace Kokkos {
template <>
struct reduction_identity<Range3> {
  KOKKOS_FORCEINLINE_FUNCTION static Range3 sum() { return {1 << 30, -(1 << 30), 0}; }
};
}  // namespace Kokkos

static int errors = 0;
static void expect(bool ok, const char* what) {
  if (!ok) {
    ++errors;
    std::printf("check failed: %s\n", what);
  }
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    const int n = 1000;

    // A host policy over host memory, with host-only code and a by-reference capture: Serial
    // (one thread) may append to a vector; DefaultHostExecutionSpace (OpenMP, many threads, where
    // the build has it) counts with an atomic.
    Kokkos::View<double*, Kokkos::HostSpace> host("host", n);
    std::vector<int> visited;
    Kokkos::parallel_for("host_fill", Kokkos::RangePolicy<Kokkos::Serial>(0, n),
                         [&](const int i) {
                           host(i) = 2.0 * i;
                           visited.push_back(i);
                         });
    expect(int(visited.size()) == n, "the host policy visited every index once");
    int counted = 0;
    Kokkos::parallel_for("host_count", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, n),
                         [&](const int i) {
                           if (host(i) == 2.0 * i) Kokkos::atomic_inc(&counted);
                         });
    expect(counted == n, "the default host space visited every index once");
    std::string labels;
    Kokkos::parallel_for(
        "host_team", Kokkos::TeamPolicy<Kokkos::Serial>(3, 1),
        [&](const Kokkos::TeamPolicy<Kokkos::Serial>::member_type& team) {
          labels += std::to_string(team.league_rank());
        });
    expect(labels == "012", "a host TeamPolicy ran its teams on the host");

    // The device side, in the memory space the #ifdef chose.
    Kokkos::View<double*, DeviceMemory> dev("dev", n);
    Kokkos::deep_copy(dev, host);
    double sum = 0;
    Kokkos::parallel_reduce("dev_sum", Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace>(0, n),
                            KOKKOS_LAMBDA(const int i, double& s) { s += dev(i); }, sum);
    expect(sum == 999000.0, "sum over the default execution space");

    double host_sum = 0;
    Kokkos::parallel_reduce("host_sum", Kokkos::RangePolicy<Kokkos::Serial>(0, n),
                            KOKKOS_LAMBDA(const int i, double& s) { s += host(i); }, host_sum);
    expect(host_sum == 999000.0, "sum over a host execution space");

    // A custom identity, specialised in namespace Kokkos.
    Range3 range;
    Kokkos::parallel_reduce(
        "range", n,
        KOKKOS_LAMBDA(const int i, Range3& r) {
          const int v = (i * 37) % 501;
          r.lo = v < r.lo ? v : r.lo;
          r.hi = v > r.hi ? v : r.hi;
          r.count += 1;
        },
        Kokkos::Sum<Range3>(range));
    expect(range.lo == 0 && range.hi == 500 && range.count == n, "custom reduction identity");

#if defined(KOKKOS_HAS_SHARED_SPACE)
    // Shared memory: written by a device kernel, read on the host after a fence.
    Kokkos::View<int*, Kokkos::SharedSpace> shared("shared", n);
    Kokkos::parallel_for("shared_fill", n, KOKKOS_LAMBDA(const int i) { shared(i) = 3 * i; });
    Kokkos::fence();
    long long shared_sum = 0;
    for (int i = 0; i < n; ++i) shared_sum += shared(i);
    expect(shared_sum == 3LL * n * (n - 1) / 2, "SharedSpace read on the host");
    static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, Kokkos::SharedSpace>::accessible,
                  "the host reaches SharedSpace");
#endif
#if defined(KOKKOS_HAS_SHARED_HOST_PINNED_SPACE)
    // Pinned host memory: written on the host, read by a device kernel.
    Kokkos::View<int*, Kokkos::SharedHostPinnedSpace> pinned("pinned", n);
    for (int i = 0; i < n; ++i) pinned(i) = i % 7;
    int pinned_sum = 0;
    Kokkos::parallel_reduce("pinned_sum", n,
                            KOKKOS_LAMBDA(const int i, int& s) { s += pinned(i); }, pinned_sum);
    int expected_pinned = 0;
    for (int i = 0; i < n; ++i) expected_pinned += i % 7;
    expect(pinned_sum == expected_pinned, "SharedHostPinnedSpace read by a kernel");
#endif

    // The space API.
    using Exec = Kokkos::DefaultExecutionSpace;
    static_assert(Kokkos::is_execution_space<Exec>::value, "an execution space");
    static_assert(Kokkos::is_memory_space<Exec::memory_space>::value, "a memory space");
    static_assert(Kokkos::is_execution_space<Kokkos::DefaultHostExecutionSpace>::value, "host");
    static_assert(!Kokkos::is_execution_space<Kokkos::HostSpace>::value, "not an execution space");
    static_assert(std::is_same<Exec::device_type::execution_space, Exec>::value, "device_type");
    static_assert(Kokkos::SpaceAccessibility<Kokkos::DefaultHostExecutionSpace,
                                             Kokkos::HostSpace>::accessible,
                  "the host reaches HostSpace");
    static_assert(Kokkos::SpaceAccessibility<Exec, Exec::memory_space>::accessible,
                  "the device reaches its own memory");
    expect(Exec().concurrency() >= 1 && Kokkos::DefaultHostExecutionSpace::concurrency() >= 1,
           "concurrency");
    expect(std::string(Exec::name()).size() > 0, "name");
    Exec().fence();
    Exec().fence("labelled fence");
    Kokkos::DefaultHostExecutionSpace().fence();
    std::printf("execution space %s, host execution space %s, Kokkos %d\n", Exec::name(),
                Kokkos::DefaultHostExecutionSpace::name(), KOKKOS_VERSION);
  }
  Kokkos::finalize();
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
