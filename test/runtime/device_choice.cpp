// Which GPU a process runs on (include/hpar/impl/device_choice.hpp), chosen as Kokkos 4.6 chooses
// it, checked on the host: `choose ID MAP COUNT` asks the runtime's rule what it picks among
// COUNT devices (as no build for the host has one) with the device id ID and map_device_id_by MAP
// (-: none), under the environment each line sets; the other runs check what Kokkos::initialize
// takes from argv, the settings and the environment, and what it refuses in every build.
// RUN: %hpar-cxx -std=c++17 -O1 %s -o %t
// RUN: %t --kokkos-device-id=1 user --kokkos-map-device-id-by=mpi_rank | %FileCheck %s --check-prefix=ARGS
// ARGS: argc=2 device_id=-1 num_devices=-1
// ARGS-NEXT: arg user
// RUN: not %t --kokkos-map-device-id-by=nearest 2>&1 | %FileCheck %s --check-prefix=BADMAP
// BADMAP: hpar::abort: Error: command line argument '--kokkos-map-device-id-by=nearest' is not recognized.
// RUN: not %t --kokkos-device-id=-1 2>&1 | %FileCheck %s --check-prefix=BADID
// BADID: hpar::abort: Error: command line argument '--kokkos-device-id=-1' is invalid. The device id must be greater than or equal to zero.
// RUN: env KOKKOS_DEVICE_ID=two not %t 2>&1 | %FileCheck %s --check-prefix=BADENV
// BADENV: hpar::abort: Error: environment variable 'KOKKOS_DEVICE_ID=two' is invalid.
// RUN: env KOKKOS_MAP_DEVICE_ID_BY=nearest not %t 2>&1 | %FileCheck %s --check-prefix=BADENVMAP
// BADENVMAP: hpar::abort: Error: environment variable 'KOKKOS_MAP_DEVICE_ID_BY=nearest' is not recognized.
// InitializationSettings: a build for the host, as Kokkos' host backends, does not look at them
// (the rule does, below).
// RUN: %t settings -2 nearest | %FileCheck %s --check-prefix=SETTINGS
// SETTINGS: initialized
//
// No rank, no setting: the first device; the MPI launcher's local rank, round robin (Open MPI's
// variable before SLURM's, as Kokkos reads them); a device id wins over the rank.
// RUN: env -u OMPI_COMM_WORLD_LOCAL_RANK -u MV2_COMM_WORLD_LOCAL_RANK -u MPI_LOCALRANKID -u SLURM_LOCALID -u PMI_LOCAL_RANK %t choose - - 4 | %FileCheck %s --check-prefix=FIRST
// FIRST: device 0
// RUN: env OMPI_COMM_WORLD_LOCAL_RANK=5 %t choose - - 2 | %FileCheck %s --check-prefix=RANK5
// RANK5: device 1
// RUN: env -u OMPI_COMM_WORLD_LOCAL_RANK SLURM_LOCALID=2 %t choose - mpi_rank 4 | %FileCheck %s --check-prefix=SLURM
// SLURM: device 2
// RUN: env OMPI_COMM_WORLD_LOCAL_RANK=1 SLURM_LOCALID=2 %t choose - - 4 | %FileCheck %s --check-prefix=OMPI
// OMPI: device 1
// RUN: env OMPI_COMM_WORLD_LOCAL_RANK=1 %t choose 3 - 4 | %FileCheck %s --check-prefix=ID
// ID: device 3
// mpi_rank asked for without a rank: a warning and the first device.
// RUN: env -u OMPI_COMM_WORLD_LOCAL_RANK -u MV2_COMM_WORLD_LOCAL_RANK -u MPI_LOCALRANKID -u SLURM_LOCALID -u PMI_LOCAL_RANK %t choose - mpi_rank 2 2>&1 | %FileCheck %s --check-prefix=NORANK
// NORANK: Warning: unable to detect local MPI rank.
// NORANK: device 0
// KOKKOS_VISIBLE_DEVICES: the rank and the device id count among the devices it lists.
// RUN: env KOKKOS_VISIBLE_DEVICES=3,1 OMPI_COMM_WORLD_LOCAL_RANK=0 %t choose - - 4 | %FileCheck %s --check-prefix=VIS0
// VIS0: device 3
// RUN: env KOKKOS_VISIBLE_DEVICES=3,1 OMPI_COMM_WORLD_LOCAL_RANK=3 %t choose - - 4 | %FileCheck %s --check-prefix=VIS3
// VIS3: device 1
// RUN: env KOKKOS_VISIBLE_DEVICES=3,1 %t choose 1 - 4 | %FileCheck %s --check-prefix=VISID
// VISID: device 1
// RUN: env KOKKOS_VISIBLE_DEVICES=3,1 not %t choose 2 - 4 2>&1 | %FileCheck %s --check-prefix=TOOBIG
// TOOBIG: hpar::abort: Error: Requested GPU with id '2' but only 2 GPU(s) available!
// RUN: not %t choose -2 - 4 2>&1 | %FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: hpar::abort: Error: Requested GPU with invalid id '-2'. Device id cannot be negative!
// RUN: not %t choose - nearest 4 2>&1 | %FileCheck %s --check-prefix=NEAREST
// NEAREST: hpar::abort: Error: map_device_id_by setting 'nearest' is not recognized.
// RUN: env KOKKOS_VISIBLE_DEVICES=7 not %t choose - - 4 2>&1 | %FileCheck %s --check-prefix=NOTTHERE
// NOTTHERE: hpar::abort: Error: invalid device id '7' in environment variable 'KOKKOS_VISIBLE_DEVICES=7'
// RUN: env KOKKOS_VISIBLE_DEVICES=1,x not %t choose - - 4 2>&1 | %FileCheck %s --check-prefix=GARBLED
// GARBLED: hpar::abort: Error: invalid environment variable 'KOKKOS_VISIBLE_DEVICES=1,x'.
// random: one of the visible devices.
// RUN: env KOKKOS_VISIBLE_DEVICES=2,3 %t choose - random 4 | %FileCheck %s --check-prefix=RANDOM
// RANDOM: device {{[23]$}}
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

int main(int argc, char* argv[]) {
  if (argc == 5 && std::strcmp(argv[1], "choose") == 0) {
    const std::optional<int> id =
        std::strcmp(argv[2], "-") == 0 ? std::nullopt : std::optional<int>(std::atoi(argv[2]));
    const std::string map = std::strcmp(argv[3], "-") == 0 ? std::string() : argv[3];
    std::printf("device %d\n", hpar::impl::chosen_device(id, map, std::atoi(argv[4])));
    return 0;
  }
  if (argc == 4 && std::strcmp(argv[1], "settings") == 0) {  // initialize(settings)
    Kokkos::InitializationSettings settings;
    settings.set_device_id(std::atoi(argv[2])).set_map_device_id_by(argv[3]);
    Kokkos::ScopeGuard guard(settings);
    std::printf("initialized\n");
    return 0;
  }
  Kokkos::ScopeGuard guard(argc, argv);
  std::printf("argc=%d device_id=%d num_devices=%d\n", argc, Kokkos::device_id(), Kokkos::num_devices());
  for (int a = 1; a < argc; ++a) std::printf("arg %s\n", argv[a]);
  return 0;
}
