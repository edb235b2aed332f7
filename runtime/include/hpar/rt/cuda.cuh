// hpar runtime, CUDA backend: the one header a translated .cu file includes.
//
// Selecting this backend makes the device memory space of the API header CUDA global memory: the
// API header takes the backend's configuration, spaces and device memory from cuda/config.hpp,
// cuda/spaces.hpp and cuda/memory.hpp.
// The generated code is a named __global__ kernel plus a host launcher per dispatch, a few lines
// that build and run one of this runtime's launch objects; it needs this runtime for the launches
// and for the collective parts of each pattern:
//   cuda/launchers.cuh
//                     RangeFor, MDRangeGridFor, MDRangeTilesFor, RangeReduce, MDRangeReduce,
//                     TeamFor, TeamReduce (RangeScan: cuda/scan.cuh): one launcher per pattern
//                     and policy kind, typed by its kernel's parameters; the sequence of runtime
//                     calls of every launch;
//   cuda/launch.cuh   LaunchShape, range_shape() (occupancy-sized grid-stride launches),
//                     stream_of() (the stream of the policy's execution space instance),
//                     check_launch() (errors reported with the kernel's label and source line;
//                     HPAR_SYNC_LAUNCH=1 also waits for each kernel), shared-memory opt-in;
//   cuda/buffer.cuh   grow-only device buffers behind the launch states below, one per stream;
//   cuda/functor_arg.cuh
//                     FunctorArg, fits_in_parameters(): the functor as a kernel parameter, or
//                     through device memory when the kernel's parameters would not fit;
//   cuda/reduce.cuh   Accumulator, ReduceState, reduce_shape(), finish_reduce(), store_result():
//                     block combine + last-block finalisation in the same launch;
//   cuda/mdrange.cuh  MDTiles, md_shape(), md_reduce_shape(): MDRangePolicy tiles -> blocks;
//   cuda/scan.cuh     ScanState, scan_shape(), scan_tiles(), store_total(), RangeScan: single-pass
//                     scan with decoupled look-back, built from CUB's block primitives; not included
//                     here: the translator includes it after this header in a file with a
//                     RangePolicy parallel_scan, because CUB's headers cost nvcc about 5.6 s of
//                     every file that includes them (docs/performance.md);
//   cuda/stage.cuh    StageTile, stage_in_bounds: a range lambda's loop that reads the same View
//                     elements in every thread, staged in shared memory; included by the
//                     translator in a file with such a loop;
//   cuda/team.cuh     TeamMember (the team functor's argument), TeamScratch, team_launch(),
//                     finish_team_reduce(); built on cuda/team_collectives.cuh (block and
//                     lane-group reductions, scans, broadcasts) and cuda/team_scan.cuh (whole
//                     nested range scans).
// Every launch, launch-state reset and copy of a dispatch goes to the stream of its policy's
// execution space instance (the legacy default stream for the default instance); state and functor
// buffers are per stream and rely on that stream's order (cuda/buffer.cuh).
#pragma once

// The API header's CUDA configuration (the build may name it already: hpar_add_executable).
#ifndef HPAR_BACKEND_CONFIG
#define HPAR_BACKEND_CONFIG <hpar/rt/cuda/config.hpp>
#endif

#include <cuda_runtime.h>

#include <hpar/hpar.hpp>
#include <hpar/rt/common.hpp>

#include <hpar/rt/cuda/launch.cuh>
#include <hpar/rt/cuda/buffer.cuh>
#include <hpar/rt/cuda/functor_arg.cuh>
#include <hpar/rt/cuda/reduce.cuh>
#include <hpar/rt/cuda/mdrange.cuh>
#include <hpar/rt/cuda/mdgrid.cuh>
#include <hpar/rt/cuda/team.cuh>
#include <hpar/rt/cuda/read_only.cuh>
#include <hpar/rt/cuda/launchers.cuh>
