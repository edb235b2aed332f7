#!/usr/bin/env python3
"""How translation time and memory grow with the size of a file: generates Kokkos programs of
three sizes (generate.py), and for each compares hpar-translate (both backends) with
clang++-19 -fsyntax-only on the same file, twice: as the serial build compiles it (only the
include folders), and with the flags the translator parses it with (its parse of the backend's
configuration). Prints a Markdown table of seconds (user + system CPU time, the lower of
`--repeat` runs), peak resident memory, and the ratios to the serial parse. Run from anywhere:

    bench/scale/measure.py [--sizes 1000,4000,12000] [--repeat 2] [--translator PATH]

Both layouts of generate.py are measured: a function per kernel, and every kernel in main.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd):
    """Runs cmd; returns (cpu seconds, wall seconds, peak resident MiB)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    if status != 0:
        sys.exit("failed ({}): {}\n{}".format(status, " ".join(cmd), err))
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024.0


def best(cmd, repeat):
    runs = [run(cmd) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,4000,12000")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--translator", default=os.path.join(ROOT, "build", "bin", "hpar-translate"))
    ap.add_argument("--clang", default="clang++-19")
    args = ap.parse_args()

    includes = ["-I" + os.path.join(ROOT, "include"), "-I" + os.path.join(ROOT, "runtime", "include"),
                "-I" + os.path.join(ROOT, "include", "hpar", "compat")]
    serial_flags = ["-fsyntax-only", "-std=c++17"] + includes

    # The translator's own parse flags (rewriter/frontend/Frontend.cpp, makeArgumentsAdjuster).
    def translating_flags(backend):
        return serial_flags + ["-D__HPAR_TRANSLATING__=1",
                               "-DHPAR_BACKEND_CONFIG=<hpar/rt/{}/config.hpp>".format(backend)]

    print("| layout | kernels | dispatches | file | backend | clang, serial | clang, translator's flags "
          "| hpar-translate | time ratio | memory: clang, serial | clang, translator's flags "
          "| hpar-translate | memory ratio |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for layout in ("functions", "one function"):
            for n in [int(s) for s in args.sizes.split(",")]:
                measure(args, tmp, layout, n, serial_flags, translating_flags)


def measure(args, tmp, layout, n, serial_flags, translating_flags):
    src = os.path.join(tmp, "scale_{}.cpp".format(n))
    with open(src, "w") as f:
        extra = ["--one-function"] if layout == "one function" else []
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py")] + extra + [str(n)],
                       stdout=f, check=True)
    text = open(src).read()
    dispatches = sum(text.count("Kokkos::parallel_" + p + "(\"") for p in ("for", "reduce", "scan"))
    size_mb = os.path.getsize(src) / 1e6
    s_cpu, _, s_mem = best([args.clang] + serial_flags + [src], args.repeat)
    for backend in ("cuda", "openmp"):
        c_cpu, _, c_mem = best([args.clang] + translating_flags(backend) + [src], args.repeat)
        out = os.path.join(tmp, "out." + backend)
        h_cpu, _, h_mem = best([args.translator, "--backend=" + backend, src, "-o", out], args.repeat)
        print("| {} | {} | {} | {:.1f} MB | {} | {:.1f} s | {:.1f} s | {:.1f} s | {:.2f} | {:.0f} MiB "
              "| {:.0f} MiB | {:.0f} MiB | {:.2f} |".format(
                  layout, n, dispatches, size_mb, backend, s_cpu, c_cpu, h_cpu, h_cpu / s_cpu, s_mem,
                  c_mem, h_mem, h_mem / s_mem), flush=True)

if __name__ == "__main__":
    main()
