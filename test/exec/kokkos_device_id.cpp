// Kokkos::initialize takes the device arguments out of argv, as Kokkos does, and a build with a
// device runs on the one asked for: with --kokkos-device-id=0, Kokkos::device_id() is 0 and the
// kernels run there; a build for the host has no device (device_id() and num_devices() are -1),
// and an OpenMP build for a device that finds none runs on the host (num_devices() 0, or -1 where
// it is built for the host alone).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstring>
#include <type_traits>

int main() {
  char program[] = "kokkos_device_id", device[] = "--kokkos-device-id=0", mine[] = "--mesh=3",
       map[] = "--kokkos-map-device-id-by=mpi_rank";
  char* argv[] = {program, device, mine, map, nullptr};
  int argc = 4;
  Kokkos::initialize(argc, argv);
  int failures = 0;
  if (argc != 2 || std::strcmp(argv[1], "--mesh=3") != 0 || argv[2] != nullptr) {
    std::printf("FAILED: arguments left: %d\n", argc);
    ++failures;
  }
  // The serial build's default space is the host's; the others may or may not have a device.
  const bool serial = std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::Serial>;
  const int id = Kokkos::device_id(), devices = Kokkos::num_devices();
  const bool expected = devices > 0 ? id == 0 : id == -1 && (devices == -1 || (devices == 0 && !serial));
  if (!expected || (serial && devices != -1)) {
    std::printf("FAILED: device_id() %d, num_devices() %d\n", id, devices);
    ++failures;
  }
  {
    Kokkos::View<long*> cells("cells", 1000);
    Kokkos::parallel_for("number", 1000, KOKKOS_LAMBDA(const int i) { cells(i) = i; });
    long sum = 0;
    Kokkos::parallel_reduce(
        "sum", 1000, KOKKOS_LAMBDA(const int i, long& s) { s += cells(i); }, sum);
    if (sum != 499500) {
      std::printf("FAILED: sum %ld, want 499500\n", sum);
      ++failures;
    }
  }
  Kokkos::finalize();
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
