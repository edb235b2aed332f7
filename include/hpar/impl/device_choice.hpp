// hpar: which GPU a process runs on, chosen at initialize() as Kokkos 4.6 chooses it
// (Kokkos::Impl::get_gpu), so that the ranks of an MPI job on one machine spread over its GPUs:
//   - a device id (InitializationSettings::set_device_id, --kokkos-device-id=N, KOKKOS_DEVICE_ID):
//     that one of the visible devices;
//   - else map_device_id_by "random" (--kokkos-map-device-id-by=, KOKKOS_MAP_DEVICE_ID_BY): one
//     drawn with the process id as the seed;
//   - else ("mpi_rank", the default) the local MPI rank's, round robin over the visible devices,
//     the rank read from the variable the MPI launcher sets (Open MPI, MVAPICH2, MPICH, SLURM,
//     PMI); without one, the first visible device.
// The visible devices are those KOKKOS_VISIBLE_DEVICES lists (comma-separated ids), else all.
// A device backend (memory.hpp: device_count, device_select) applies the choice; the builds for
// the host have no device and ignore it, as Kokkos' host backends do. docs/design.md section 5.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>
#include <unistd.h>

namespace hpar {
namespace impl {

/// Ends the program with a message from initialize(), as Kokkos::abort does there.
[[noreturn]] inline void initialize_failed(const std::string& message) {
  std::fprintf(stderr, "hpar::abort: %s Raised by Kokkos::initialize().\n", message.c_str());
  std::fflush(stderr);
  std::abort();
}

/// `text` as a whole decimal int, or `fallback`.
inline int whole_int(const char* text, int fallback) {
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  return *end == '\0' && n >= -(1L << 30) && n <= (1L << 30) ? int(n) : fallback;
}

/// The MPI rank of this process among those on its node, from the variable its launcher sets, or
/// -1 when none is set (the variables Kokkos reads, in its order).
inline int mpi_local_rank_on_node() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK",
                           "MPI_LOCALRANKID", "SLURM_LOCALID", "PMI_LOCAL_RANK"})
    if (const char* value = std::getenv(name)) return whole_int(value, -1);
  return -1;
}

/// Whether `how` is a map_device_id_by Kokkos knows.
inline bool valid_map_device_id_by(const std::string& how) {
  return how == "mpi_rank" || how == "random";
}

/// The devices a process may use among `count`: KOKKOS_VISIBLE_DEVICES's list, else 0..count-1.
/// An id of the list that is negative or not below `count` ends the program.
inline std::vector<int> visible_devices(int count) {
  std::vector<int> ids;
  const char* list = std::getenv("KOKKOS_VISIBLE_DEVICES");
  if (!list) {
    for (int i = 0; i < count; ++i) ids.push_back(i);
    return ids;
  }
  for (const char* p = list; *p;) {
    char* end = nullptr;
    const long id = std::strtol(p, &end, 10);
    if (end == p || (*end != ',' && *end != '\0'))
      initialize_failed("Error: invalid environment variable 'KOKKOS_VISIBLE_DEVICES=" +
                        std::string(list) + "'.");
    if (id < 0 || id >= count)
      initialize_failed("Error: invalid device id '" + std::to_string(id) +
                        "' in environment variable 'KOKKOS_VISIBLE_DEVICES=" + list +
                        "': a device id is at least 0 and below the number of GPUs (" +
                        std::to_string(count) + ").");
    ids.push_back(int(id));
    p = *end == ',' ? end + 1 : end;
  }
  return ids;
}

/// The device this process runs on, of `count` the backend sees (at least one), as chosen by the
/// rules at the top of this file, with the device id and the map_device_id_by given (none: empty).
/// A negative id, one beyond the visible devices or a mapping Kokkos does not know ends the
/// program, as in Kokkos (whose host backends never ask).
inline int chosen_device(std::optional<int> device_id, const std::string& map_device_id_by,
                         int count) {
  const std::vector<int> visible = visible_devices(count);
  if (visible.empty()) initialize_failed("Error: no GPU available for execution.");
  const int n = int(visible.size());
  if (device_id) {
    if (*device_id < 0)
      initialize_failed("Error: Requested GPU with invalid id '" + std::to_string(*device_id) +
                        "'. Device id cannot be negative!");
    if (*device_id >= n)
      initialize_failed("Error: Requested GPU with id '" + std::to_string(*device_id) +
                        "' but only " + std::to_string(n) + " GPU(s) available!");
    return visible[size_t(*device_id)];
  }
  if (!map_device_id_by.empty() && !valid_map_device_id_by(map_device_id_by))
    initialize_failed("Error: map_device_id_by setting '" + map_device_id_by +
                      "' is not recognized.");
  if (map_device_id_by == "random") {
    std::default_random_engine generator(static_cast<unsigned>(getpid()));
    std::uniform_int_distribution<int> pick(0, n - 1);
    return visible[size_t(pick(generator))];
  }
  const int rank = mpi_local_rank_on_node();
  if (rank < 0) {
    if (!map_device_id_by.empty())
      std::fprintf(stderr,
                   "Warning: unable to detect local MPI rank. Falling back to the first GPU "
                   "available for execution. Raised by Kokkos::initialize().\n");
    return visible[0];
  }
  return visible[size_t(rank % n)];
}

}  // namespace impl
}  // namespace hpar
