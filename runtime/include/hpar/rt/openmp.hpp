// hpar runtime, OpenMP 5 offload backend: the one header a translated file includes.
//
// Selecting this backend makes the device memory space of the API header OpenMP device memory
// (omp_target_alloc on hpar::rt::omp::device()): the API header takes the backend's
// configuration, spaces and device memory from openmp/config.hpp, openmp/spaces.hpp and
// openmp/memory.hpp. The generated code is plain OpenMP offload
// (`target teams distribute parallel for`, `target teams` + `parallel`); it needs this runtime
// only for what a pragma cannot express, and for the set-up around each region:
//   openmp/launch.hpp  the launch of a RangePolicy or MDRangePolicy dispatch, one typed template
//                      per pattern and policy kind (RangeFor, TargetRangeReduce, ...): the
//                      policy checked, the buffers, the functor's bytes; the generated function
//                      builds one, its region reads local copies of its members, and it finishes;
//   openmp/device.hpp  which device to run on, the teams x threads shape of a device, and the
//                      grow-only device buffers behind the two patterns below; with it
//                      openmp/warp.hpp (a GPU's warp primitives) and openmp/functor_copies.hpp
//                      (how a region's threads read the functor: constant memory, copies);
//   openmp/reduce.hpp  ReducePartials: one accumulator per (team, thread), combined on the host;
//   openmp/scan.hpp    ScanChunks and scan_single_pass: a one-region scan over chunks, each
//                      chunk's offset found by looking back over the chunks before it;
//   openmp/team.hpp    TeamMember (the team functor's argument, team collectives over a
//                      team-shared buffer);
//   openmp/team_launch.hpp  TeamLaunch (team size, teams, the region's buffers), and the launch
//                      of a TeamPolicy dispatch (TeamDispatch, TeamFor, TargetTeamReduce, ...);
//   openmp/stage.hpp   a range lambda's loop that reads the same elements in every thread, staged
//                      in a team's shared memory with clang on an NVIDIA GPU;
//   read_only.hpp      the Views a team parallel_for only reads, read through the read-only
//                      data cache on an NVIDIA GPU when they are apart from the others.
// Reductions that fit the `reduction` clause and MDRange nests (`collapse(N)`) need nothing
// beyond device().
#pragma once

// The API header's OpenMP configuration (the build may name it already: hpar_add_executable).
#ifndef HPAR_BACKEND_CONFIG
#define HPAR_BACKEND_CONFIG <hpar/rt/openmp/config.hpp>
#endif

#include <omp.h>

#include <hpar/hpar.hpp>
#include <hpar/rt/common.hpp>

#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/openmp/launch.hpp>
#include <hpar/rt/openmp/reduce.hpp>
#include <hpar/rt/openmp/scan.hpp>
#include <hpar/rt/openmp/stage.hpp>
#include <hpar/rt/openmp/team.hpp>
#include <hpar/rt/openmp/team_launch.hpp>
#include <hpar/rt/read_only.hpp>

namespace hpar {
namespace rt {
namespace omp {
// Views a team kernel only reads (hpar/rt/read_only.hpp); the generated code names them here.
using rt::memory_of;
using rt::read_only;
using rt::views_apart;
}  // namespace omp
}  // namespace rt
}  // namespace hpar
