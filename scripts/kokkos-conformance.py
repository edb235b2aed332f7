#!/usr/bin/env python3
"""Kokkos' own unit tests through hpar: the conformance runner (docs/testing.md).

Builds the unit-test drivers of a Kokkos source tree the user points it at (core/unit_test of
kokkos/kokkos; hpar never ships or fetches Kokkos) through hpar-c++, the way Kokkos' CMake builds
them: one driver per test header, `#include <Test<Category>_Category.hpp>` then
`#include <Test<Name>.hpp>`, linked with Kokkos' UnitTestMainInit.cpp and Debian's GoogleTest
(libgtest-dev). Builds:

  serial     hpar-c++ --hpar-backend=serial, g++       Kokkos' serial category (Kokkos::Serial)
  omp-gcc    hpar-c++ --hpar-backend=openmp, g++       Kokkos' openmp category, with
  omp-clang  hpar-c++ --hpar-backend=openmp, clang++-19  TEST_EXECSPACE the default execution
                                                       space (see below)
  cuda       hpar-c++ --hpar-backend=cuda (nvcc)       Kokkos' cuda category (Kokkos::Cuda)

The host builds run here (OMP_NUM_THREADS=2 unless set; --no-run
builds only); the cuda build is compiled here. Each build's folder, OUTDIR/<build>, holds a
script, run-conformance.sh, that runs its drivers wherever the folder is copied (a machine with an
NVIDIA GPU for cuda, a machine with more cores for the others) and writes the results beside the
binaries: copy NAME.json and NAME.run.log back into OUTDIR/<build> and run `--table`.

Why the openmp builds test the default execution space: in hpar's OpenMP build the translated
dispatches run on the default execution space (OpenMP target regions, docs/design.md "Spaces per
build"), which is what the build is for; Kokkos' openmp category names Kokkos::OpenMP. The
runner keeps Kokkos' category file and redefines only TEST_EXECSPACE.

Kokkos-internal names that some tests use (they are not Kokkos' public API, and hpar's headers do
not provide them) come from a shim the runner writes into OUTDIR/shim and force-includes after
the category file: RUNNER SHIM, not part of hpar.

Usage:
  scripts/kokkos-conformance.py [--builds serial,omp-gcc,omp-clang,cuda] [--drivers SET|A,B,..]
                                [--jobs N] [--no-run] [--table] KOKKOS_SRC OUTDIR
  SET: core (the 27 parallel-pattern drivers, the default), extended (atomics, views, subviews,
  complex, local deep copy, unique token, shared space), all (both).
"""
import argparse
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CORE = """TeamBasic TeamVectorRange TeamScan TeamScratch TeamReductionScan TeamMDRange TeamTeamSize
TeamPolicyConstructors TeamCombinedReducers RangePolicy RangePolicyConstructors Reductions
Reducers_a Reducers_b Reducers_c Reducers_d Reducers_e MDRange_a MDRange_b MDRange_c MDRange_d
MDRange_e MDRange_f MDRange_g MDRangeReduce MDRangePolicyConstructors
ParallelScanRangePolicy""".split()

EXTENDED = ("""Atomics AtomicOperations_int AtomicOperations_unsignedint AtomicOperations_longint
AtomicOperations_unsignedlongint AtomicOperations_longlongint AtomicOperations_unsignedlonglongint
AtomicOperations_double AtomicOperations_float AtomicOperations_complexdouble
AtomicOperations_complexfloat AtomicOperations_shared ViewAPI_a ViewAPI_b ViewAPI_c ViewAPI_d
ViewAPI_e SubView_a SubView_b SubView_c01 SubView_c02 SubView_c03 SubView_c04 SubView_c05
SubView_c06 SubView_c07 SubView_c08 SubView_c09 SubView_c10 SubView_c11 SubView_c12 SubView_c13
SubView_c14 Complex LocalDeepCopy UniqueToken SharedSpace Reductions_DeviceView""").split()

CATEGORY = {"serial": "Serial", "omp-gcc": "OpenMP", "omp-clang": "OpenMP", "cuda": "Cuda"}
BACKEND = {"serial": "serial", "omp-gcc": "openmp", "omp-clang": "openmp", "cuda": "cuda"}
HOST_CXX = {"serial": "g++", "omp-gcc": "g++", "omp-clang": "clang++-19", "cuda": "g++"}

# RUNNER SHIM: Kokkos-internal names used by the unit tests, not public Kokkos API.
SHIM = r"""// RUNNER SHIM (scripts/kokkos-conformance.py): Kokkos-internal names that Kokkos' unit tests
// use. Not Kokkos' public API and not part of hpar; written by the conformance runner.
#pragma once
#include <Kokkos_Core.hpp>
#include <string_view>
#if defined(_OPENMP)
#include <omp.h>
#endif
#include <typeinfo>
namespace Kokkos {
namespace Impl {
// Impl::TypeInfo<T>::name(): the tests use it only to label kernels.
template <class T>
struct TypeInfo {
  static std::string_view name() { return typeid(T).name(); }
};
// Impl::get_tile_size_properties(space): an MDRangePolicy's tiling parameters, which
// TestMDRangePolicyConstructors compares with tile_size_recommended(). hpar's: tiles of at most
// 256 elements, the fastest dimension up to 32 (include/hpar/policies.hpp, choose_tiles).
struct TileSizeProperties {
  int max_threads = 1024;
  int default_largest_tile_size = 32;
  int default_tile_size = 8;
  int max_total_tile_size = 256;
};
template <class Space>
TileSizeProperties get_tile_size_properties(const Space&) {
  return {};
}
}  // namespace Impl
}  // namespace Kokkos
namespace runner_shim {
// ExecSpace::impl_hardware_thread_id(), a static member of Kokkos' execution spaces (the calling
// thread's index; TestRange's dynamic-schedule test counts iterations per thread with it). A
// member cannot be added from outside, so the call becomes one of name(), which every space has,
// and this function.
KOKKOS_INLINE_FUNCTION int hardware_thread_id() {
#if defined(_OPENMP)
  return omp_get_thread_num();
#else
  return 0;
#endif
}
}  // namespace runner_shim
#define impl_hardware_thread_id() name() ? ::runner_shim::hardware_thread_id() : 0
"""

OPENMP_SPACE = """// RUNNER: the OpenMP builds test the default execution space (see scripts/kokkos-conformance.py)
#undef TEST_EXECSPACE
#define TEST_EXECSPACE Kokkos::DefaultExecutionSpace
"""


def sh(cmd, log, env=None, timeout=None):
    with open(log, "w") as f:
        try:
            return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            f.write("\nTIMEOUT\n")
            return 124


def driver_source(ksrc, name):
    """The test header a driver includes (Kokkos' CMake: Test<Name>.hpp; a few are .cpp)."""
    ut = os.path.join(ksrc, "core", "unit_test")
    for cand in ("Test%s.hpp" % name, "Test%s.cpp" % name):
        if os.path.exists(os.path.join(ut, cand)):
            return cand
    return None


def build_driver(args, build, name, out):
    ut = os.path.join(args.kokkos, "core", "unit_test")
    hdr = driver_source(args.kokkos, name)
    if hdr is None:
        return name, "missing", "no Test%s.hpp in %s" % (name, ut)
    src = os.path.join(out, "Test%s_%s.cpp" % (CATEGORY[build], name))
    with open(src, "w") as f:
        f.write("#include <Test%s_Category.hpp>\n" % CATEGORY[build])
        if build.startswith("omp"):
            f.write(OPENMP_SPACE)
        f.write("#include <runner_shim.hpp>\n#include <%s>\n" % hdr)
    exe = os.path.join(out, name)
    env = dict(os.environ, HPAR_CXX=HOST_CXX[build])
    cmd = [args.driver, "--hpar-backend=" + BACKEND[build], "-std=c++17", "-O2",
           "-I" + ut, "-I" + os.path.join(ut, "category_files"), "-I" + os.path.join(args.outdir, "shim"),
           src, os.path.join(out, "main.o"), "-lgtest", "-lpthread", "-o", exe]
    t = time.time()
    rc = sh(cmd, exe + ".build.log", env=env, timeout=args.build_timeout)
    took = time.time() - t
    if rc != 0:
        return name, "build-failed", "%.0f s" % took
    return name, "built", "%.0f s" % took


def first_error(log):
    try:
        with open(log, errors="replace") as f:
            for line in f:
                if "error" in line or "TIMEOUT" in line:
                    return line.strip()[:200]
    except OSError:
        pass
    return ""


def run_driver(out, name, timeout):
    exe = os.path.join(out, name)
    res = exe + ".json"
    if os.path.exists(res):
        os.remove(res)
    env = dict(os.environ, OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "2"))
    rc = sh([exe, "--gtest_output=json:" + res], exe + ".run.log", env=env, timeout=timeout)
    return name, rc


def results(out, name):
    """(passed, failed names, rc note) of one driver's run, from its GoogleTest JSON."""
    res = os.path.join(out, name + ".json")
    if not os.path.exists(res):
        log = os.path.join(out, name + ".run.log")
        why = "no run"
        if os.path.exists(log):
            tail = open(log, errors="replace").read().strip().splitlines()[-1:] or [""]
            why = "crashed: " + tail[0][:160]
        return None, [], why
    data = json.load(open(res))
    passed, failed, skipped = 0, [], 0
    for suite in data.get("testsuites", []):
        for t in suite.get("testsuite", []):
            full = suite["name"] + "." + t["name"]
            if t.get("failures"):
                failed.append(full)
            elif t.get("result") == "SKIPPED" or t.get("status") == "NOTRUN":
                skipped += 1
            else:
                passed += 1
    return (passed, skipped), failed, ""


def table(args, builds, drivers):
    lines = ["| driver | " + " | ".join(builds) + " |", "|---" * (len(builds) + 1) + "|"]
    totals = {b: [0, 0, 0, 0] for b in builds}  # drivers built, tests passed, failed, skipped
    failures = []
    for name in drivers:
        row = []
        for b in builds:
            out = os.path.join(args.outdir, b)
            exe = os.path.join(out, name)
            if not os.path.exists(exe):
                log = exe + ".build.log"
                row.append("build fails" if os.path.exists(log) else "-")
                if os.path.exists(log):
                    failures.append("%s %s: build: %s" % (b, name, first_error(log)))
                continue
            totals[b][0] += 1
            counts, failed, why = results(out, name)
            if counts is None:
                row.append("built" if b == "cuda" and why == "no run" else why[:40])
                if why != "no run":
                    failures.append("%s %s: %s" % (b, name, why))
                continue
            (passed, skipped) = counts
            totals[b][1] += passed
            totals[b][2] += len(failed)
            totals[b][3] += skipped
            cell = "%d/%d" % (passed, passed + len(failed))
            if skipped:
                cell += " (%d skipped)" % skipped
            row.append(cell)
            failures += ["%s %s: FAILED %s" % (b, name, f) for f in failed]
        lines.append("| %s | %s |" % (name, " | ".join(row)))
    lines.append("| **total** | " + " | ".join(
        "%d/%d built, %d/%d passed" % (totals[b][0], len(drivers), totals[b][1],
                                       totals[b][1] + totals[b][2]) for b in builds) + " |")
    print("\n".join(lines))
    if failures:
        print("\nNot passing:")
        print("\n".join("  " + f for f in failures))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kokkos", help="a Kokkos source tree (kokkos/kokkos)")
    p.add_argument("outdir")
    p.add_argument("--builds", default="serial,omp-gcc,omp-clang,cuda")
    p.add_argument("--drivers", default="core")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--no-run", action="store_true", help="build only")
    p.add_argument("--table", action="store_true", help="only print the table of OUTDIR")
    p.add_argument("--build-timeout", type=int, default=1800)
    p.add_argument("--run-timeout", type=int, default=600)
    p.add_argument("--driver", default=os.path.join(ROOT, "build", "bin", "hpar-c++"))
    args = p.parse_args()
    args.kokkos = os.path.abspath(args.kokkos)
    args.outdir = os.path.abspath(args.outdir)
    builds = args.builds.split(",")
    sets = {"core": CORE, "extended": EXTENDED, "all": CORE + EXTENDED}
    drivers = sets.get(args.drivers) or args.drivers.split(",")
    if args.table:
        table(args, builds, drivers)
        return 0
    ut = os.path.join(args.kokkos, "core", "unit_test")
    if not os.path.exists(os.path.join(ut, "UnitTestMainInit.cpp")):
        sys.exit("kokkos-conformance: %s is not a Kokkos source tree (no core/unit_test)" % args.kokkos)
    if not os.path.exists("/usr/lib/x86_64-linux-gnu/libgtest.a"):
        sys.exit("kokkos-conformance: needs GoogleTest (apt-get install libgtest-dev)")
    os.makedirs(os.path.join(args.outdir, "shim"), exist_ok=True)
    with open(os.path.join(args.outdir, "shim", "runner_shim.hpp"), "w") as f:
        f.write(SHIM)
    for b in builds:
        out = os.path.join(args.outdir, b)
        os.makedirs(out, exist_ok=True)
        env = dict(os.environ, HPAR_CXX=HOST_CXX[b])
        main_o = os.path.join(out, "main.o")
        if sh([args.driver, "--hpar-backend=" + BACKEND[b], "-std=c++17", "-O2", "-c",
               os.path.join(ut, "UnitTestMainInit.cpp"), "-o", main_o], main_o + ".log", env=env) != 0:
            print("%s: UnitTestMainInit.cpp does not build: %s" % (b, first_error(main_o + ".log")))
            continue
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            for name, state, note in ex.map(lambda n: build_driver(args, b, n, out), drivers):
                print("%-10s %-28s %-12s %s" % (b, name, state, note), flush=True)
        # A script that runs this build's drivers where the folder is copied (the GPU machine for
        # cuda; any machine for the host builds): results in NAME.json and NAME.run.log.
        with open(os.path.join(out, "run-conformance.sh"), "w") as f:
            f.write("#!/bin/bash\n# Runs the %s conformance drivers here; results in NAME.json\n"
                    "cd \"$(dirname \"$0\")\"\nexport OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}\n"
                    "for d in %s; do [ -x $d ] || continue\n"
                    "  timeout %d ./$d --gtest_output=json:$d.json > $d.run.log 2>&1; echo \"$d rc=$?\"\n"
                    "done\n" % (b, " ".join(drivers), args.run_timeout))
        os.chmod(os.path.join(out, "run-conformance.sh"), 0o755)
        if b != "cuda" and not args.no_run:
            with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs // 2)) as ex:
                built = [n for n in drivers if os.path.exists(os.path.join(out, n))]
                for name, rc in ex.map(lambda n: run_driver(out, n, args.run_timeout), built):
                    print("%-10s %-28s ran, exit %d" % (b, name, rc), flush=True)
    table(args, builds, drivers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
