#!/usr/bin/python3
"""Differential testing of hpar: random Kokkos programs (generate.py) built untranslated (the
serial reference, g++), translated for OpenMP and built with clang++-19 and with g++ (host
fallback), and translated for CUDA (to be compiled with nvcc and run on a machine with an
NVIDIA GPU); every program's output must equal the serial build's, exactly.

  run.py --first 0 --count 1000                  host builds, 40 programs per executable
  run.py --first 0 --count 1000 --cuda-dir gpu/difftest
        also translates every file for CUDA into gpu/difftest/src, with the headers, the
        expected (serial) outputs and run-cuda.sh, which compiles with nvcc on all cores of
        the GPU machine, runs every program and compares there:
          cd gpu/difftest && ./run-cuda.sh
  run.py --compare-cuda gpu/difftest             compares results/*.cuda.out brought back
  run.py --seeds 17,42 --builds serial,omp-gcc    just these programs (one file)
  run.py --builds serial,cuda-compile            translate for CUDA and compile with nvcc only
  run.py --builds serial,cuda                    build with nvcc and run here (a GPU and LLVM)

Each mismatch is printed as
  MISMATCH program <seed> (<generated file>:<line>) on <build>: <first differing line>
and reproduced by `generate.py --seeds <seed> -o repro.cpp`. Exits 1 on any mismatch or
failed build. Set HPAR_TRANSLATE, CLANGXX, GXX to use other tools.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import compare  # noqa: E402
import generate  # noqa: E402

INC = ["-I" + os.path.join(ROOT, "include"), "-I" + os.path.join(ROOT, "include", "hpar", "compat"),
       "-I" + os.path.join(ROOT, "runtime", "include")]
BUILDS = ["serial", "omp-clang", "omp-gcc"]
# Also: cuda (translated, nvcc -O3, run: on a machine with an NVIDIA GPU and LLVM) and
# cuda-compile (translated and compiled with nvcc, host side at -O0, not run).
ALL_BUILDS = BUILDS + ["cuda", "cuda-compile"]
NVCC_FLAGS = ["-std=c++17", "-arch=sm_90", "--extended-lambda", "--expt-relaxed-constexpr"]


def tools():
    clang = os.environ.get("CLANGXX") or shutil.which("clang++-19") or "clang++"
    gxx = os.environ.get("GXX") or shutil.which("g++") or "g++"
    translate = os.environ.get("HPAR_TRANSLATE") or os.path.join(ROOT, "build", "bin", "hpar-translate")
    p = subprocess.run([clang, "-print-file-name=libomptarget.so"], capture_output=True, text=True)
    rpath = os.path.dirname(os.path.realpath(p.stdout.strip())) if os.path.isabs(p.stdout.strip()) else ""
    nvcc = os.environ.get("NVCC") or os.environ.get("HPAR_NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    return {"clang": clang, "gxx": gxx, "translate": translate, "rpath": rpath, "nvcc": nvcc}


def sh(cmd, log, timeout=900, stdout=None):
    """Runs cmd (a list); appends what it printed to log; True when it succeeded."""
    log.append("$ " + " ".join(cmd))
    try:
        p = subprocess.run(cmd, stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        log.append("timed out")
        return False
    if stdout is None and p.stdout:
        log.append(p.stdout[-4000:])
    if p.stderr:
        log.append(p.stderr[-4000:])
    if p.returncode != 0:
        log.append(f"exit status {p.returncode}")
    return p.returncode == 0


def build_and_run(build, src, work, t, opt):
    """Builds src for one build and runs it; returns (output text or None, log)."""
    log = []
    base = os.path.join(work, os.path.basename(src)[:-4])
    exe = f"{base}.{build}"
    if build == "serial":
        ok = sh([t["gxx"], "-std=c++17", opt, *INC, src, "-o", exe], log)
    elif build in ("cuda", "cuda-compile"):
        cu = f"{base}.hpar.cu"
        if not os.path.exists(cu) and not sh([t["translate"], "--backend=cuda", src, "-o", cu], log):
            return None, log
        if build == "cuda-compile":
            # nvcc's -O applies to the host compiler only: -O0 keeps this short, same device code.
            ok = sh([t["nvcc"], *NVCC_FLAGS, "-O0", *INC, "-c", cu, "-o", exe + ".o"], log)
            return ("" if ok else None), log
        ok = sh([t["nvcc"], *NVCC_FLAGS, "-O3", *INC, cu, "-o", exe], log)
    else:
        omp = f"{base}.hpar.cpp"
        if not os.path.exists(omp):
            if not sh([t["translate"], "--backend=openmp", src, "-o", omp], log):
                return None, log
        if build == "omp-clang":
            cmd = [t["clang"], "-std=c++17", "-fopenmp"]
            if t["rpath"]:
                cmd.append("-Wl,-rpath," + t["rpath"])
            ok = sh(cmd + [opt, *INC, omp, "-o", exe], log)
        else:
            ok = sh([t["gxx"], "-std=c++17", opt, "-fopenmp", "-foffload=disable", *INC, omp, "-o", exe], log)
    if not ok:
        return None, log
    out = f"{exe}.out"
    with open(out, "w") as f:
        sh([exe], log, timeout=600, stdout=f)
    with open(out, errors="replace") as f:
        return f.read(), log


def run_file(seeds, work, t, builds, opt, cuda_dir):
    """Generates one file of programs and checks every build; returns a list of problem lines."""
    name = f"diff_{seeds[0]}" if len(seeds) > 1 else f"diff_{seeds[0]}_only"
    src = os.path.join(work, name + ".cpp")
    generate.generate(seeds, src)
    for stale in (".hpar.cpp", ".hpar.cu"):  # translations of an earlier generator's file
        if os.path.exists(src[:-4] + stale):
            os.remove(src[:-4] + stale)
    where = compare.read_map(src + ".map")
    problems = []
    expected, log = build_and_run("serial", src, work, t, opt)
    if expected is None or not expected.rstrip().endswith("== end"):
        return [f"FAILED serial build or run of {src} (programs {seeds[0]}..{seeds[-1]}):\n" + "\n".join(log)]
    for b in builds:
        if b == "serial":
            continue
        actual, log = build_and_run(b, src, work, t, opt)
        if actual is None:
            problems.append(f"FAILED {b} build of {src} (programs {seeds[0]}..{seeds[-1]}):\n" + "\n".join(log[-6:]))
            continue
        if b == "cuda-compile":
            continue
        for s, msg in compare.compare(expected, actual, seeds):
            problems.append(f"MISMATCH program {s} ({src}:{where.get(s, '?')}) on {b}: {msg}")
    if cuda_dir:
        log = []
        cu = os.path.join(cuda_dir, "src", name + ".hpar.cu")
        if not sh([t["translate"], "--backend=cuda", src, "-o", cu], log):
            problems.append(f"FAILED cuda translation of {src}:\n" + "\n".join(log))
        shutil.copy(src, os.path.join(cuda_dir, "expected", name + ".cpp"))
        shutil.copy(src + ".map", os.path.join(cuda_dir, "expected", name + ".cpp.map"))
        with open(os.path.join(cuda_dir, "expected", name + ".out"), "w") as f:
            f.write(expected)
    return problems


def prepare_cuda_dir(d):
    for sub in ("src", "expected", "include"):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    for tree in (os.path.join(ROOT, "include"), os.path.join(ROOT, "runtime", "include")):
        shutil.copytree(tree, os.path.join(d, "include"), dirs_exist_ok=True)
    shutil.copy(os.path.join(HERE, "compare.py"), d)
    shutil.copy(os.path.join(HERE, "run-cuda.sh"), d)


def compare_cuda(d):
    bad = 0
    total = 0
    for name in sorted(os.listdir(os.path.join(d, "expected"))):
        if not name.endswith(".out"):
            continue
        stem = name[:-4]
        with open(os.path.join(d, "expected", name)) as f:
            exp = f.read()
        try:
            with open(os.path.join(d, "results", stem + ".cuda.out"), errors="replace") as f:
                act = f.read()
        except OSError:
            act = ""
        where = compare.read_map(os.path.join(d, "expected", stem + ".cpp.map"))
        secs = compare.sections(exp)[0]
        total += len(secs)
        for s, msg in compare.compare(exp, act):
            bad += 1
            print(f"MISMATCH program {s} ({stem}.cpp:{where.get(s, '?')}) on cuda: {msg}")
    print(f"cuda: {total - bad} of {total} programs match")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seeds", help="comma-separated seeds, in one file")
    ap.add_argument("--per-file", type=int, default=40)
    ap.add_argument("--builds", default=",".join(BUILDS))
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "difftest"))
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--cuda-dir")
    ap.add_argument("--compare-cuda", metavar="DIR")
    a = ap.parse_args()
    if a.compare_cuda:
        return compare_cuda(a.compare_cuda)
    builds = [b for b in a.builds.split(",") if b]
    for b in builds:
        if b not in ALL_BUILDS:
            ap.error(f"unknown build {b}")
    os.makedirs(a.work, exist_ok=True)
    if a.cuda_dir:
        prepare_cuda_dir(a.cuda_dir)
    t = tools()
    if a.seeds:
        files = [[int(x) for x in a.seeds.split(",")]]
    else:
        seeds = list(range(a.first, a.first + a.count))
        files = [seeds[i:i + a.per_file] for i in range(0, len(seeds), a.per_file)]
    all_problems = []
    n = 0
    start = time.time()
    # OpenMP threads that wait sleep instead of spinning: teams of up to 32 threads share few cores.
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    for seeds in files:
        problems = run_file(seeds, a.work, t, builds, a.opt, a.cuda_dir)
        n += len(seeds)
        for p in problems:
            print(p, flush=True)
        all_problems += problems
        print(f"programs {seeds[0]}..{seeds[-1]}: {len(problems)} problems "
              f"({n} programs done, {time.time() - start:.0f} s)", flush=True)
    print(f"{n} programs, builds {', '.join(builds)}: "
          f"{sum(1 for p in all_problems if p.startswith('MISMATCH'))} mismatches, "
          f"{sum(1 for p in all_problems if p.startswith('FAILED'))} failed builds")
    return 1 if all_problems else 0


if __name__ == "__main__":
    sys.exit(main())
