#!/usr/bin/env bash
# Runs every benchmark binary in this directory (bench/out/, as built by bench/build.sh) and
# prints one table per benchmark, or per kernel of a benchmark whose programs time several (stream:
# one RESULT name and one table per kernel, tables_of). Arguments go to every binary, e.g.
# `./run.sh --reps 50`.
#
# Columns
#   best_ms, median_ms  over the timed repetitions (each: one dispatch + fence)
#   GB/s                bytes per run / best time (bytes as defined by each benchmark)
#   copy_GB/s           device-to-device copy bandwidth measured in the same process
#   of_copy             GB/s / copy_GB/s
#   vs_baseline         best time / best time of cuda-baseline (above 1: slower than it); for
#                       nbody_team, which has no baseline of its own, nbody's (baseline_of)
#   of_hpar_cuda        best time of the hpar CUDA output of the same source (hpar-cuda, or
#                       hpar-cuda-tuned for a tuned build) / best time (1: as fast as it)
#   vs_natural          for a spelled program (bench/spelled/<benchmark>_<spelling>.cpp): best
#                       time / best time of the same build of the natural <benchmark> (above 1:
#                       slower than the natural spelling)
# A last table puts the best time of each spelled program through hpar-cuda and hpar-omp-clang
# beside its natural benchmark's (both must have run).
# Every output line of the binaries is kept in logs/<binary>.log, the RESULT lines of all of them
# in logs/results.txt. The OpenMP binaries run with OMP_TARGET_OFFLOAD=MANDATORY unless the
# environment sets it, so they fail instead of quietly running on the host. BENCH_IMPLS and
# BENCH_NAMES choose the builds and the benchmarks to run (default: all).
#
# Exit status: non-zero when a binary failed, printed no result, or a check failed.
set -u
cd "$(dirname "$0")"
base_ld_path=${LD_LIBRARY_PATH:-}
# The clang builds load LLVM 19's offload runtime, carried along packed (bench/build.sh).
if [ -f clang-rt.tar.xz ] && [ ! -f clang-rt/libomptarget.so.19.1 ]; then
  mkdir -p clang-rt && tar -xJf clang-rt.tar.xz -C clang-rt
fi

# CUDA builds left to this machine (bench/build.sh with BENCH_CUDA_THERE=1).
if [ -f cuda-builds.txt ]; then
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  sed "s|^nvcc |$nvcc |" cuda-builds.txt | xargs -P "$(nproc)" -I{} sh -c '{} > /dev/null 2>&1 || echo "run: build failed: {}" >&2'
fi

naturals="triad dot scan stencil3d yax spmv team_scan batched_gemm big_scratch team_mdrange nbody nbody_team docking stream"
# The spelled programs (bench/spelled/, issue 47); keep in step with bench/build.sh's list.
spelled="triad_stored_lambda triad_functor dot_stored_lambda dot_functor
  stencil3d_stored_lambda stencil3d_functor stencil3d_constexpr stencil3d_plain yax_functor yax_helper
  spmv_functor spmv_helper spmv_local_const spmv_runtime team_scan_functor team_scan_helper
  batched_gemm_functor batched_gemm_helper batched_gemm_local_const batched_gemm_runtime
  team_mdrange_local_const team_mdrange_runtime team_mdrange_stored_lambda team_mdrange_functor
  team_mdrange_helper nbody_functor nbody_stored_lambda docking_functor docking_stored_lambda
  docking_helper"
benchmarks=${BENCH_NAMES:-$naturals $spelled}
benchmarks=$(echo $benchmarks)  # one line
# Benchmarks compared with another's baseline (NAME=OTHER): the same problem written another way.
baseline_of="nbody_team=nbody"
# Benchmarks whose programs print several RESULT names (NAME=RESULT1,RESULT2,...), a table each;
# every other benchmark's RESULT name is its own.
tables_of="stream=stream_copy,stream_mul,stream_add,stream_triad,stream_dot"
impls=${BENCH_IMPLS:-cuda-baseline hpar-cuda hpar-omp-clang hpar-omp-gcc hpar-cuda-tuned hpar-omp-clang-tuned hpar-omp-gcc-tuned}
limit=${BENCH_TIMEOUT:-900}
mkdir -p logs
results=logs/results.txt
: > "$results"

for b in $benchmarks; do
  for impl in $impls; do
    exe=$b-$impl
    if [ ! -x "./$exe" ]; then
      echo "RUN run=$exe bench=$b impl=$impl rc=missing" >> "$results"
      continue
    fi
    echo "run: ./$exe $*" >&2
    case "$impl" in
      hpar-omp-clang*) export LD_LIBRARY_PATH="$PWD/clang-rt${base_ld_path:+:$base_ld_path}" ;;
      *) export LD_LIBRARY_PATH="$PWD${base_ld_path:+:$base_ld_path}" ;;
    esac
    if [ "${impl#hpar-omp}" != "$impl" ]; then
      OMP_TARGET_OFFLOAD=${OMP_TARGET_OFFLOAD:-MANDATORY} timeout "$limit" "./$exe" "$@" \
        > "logs/$exe.log" 2>&1
    else
      timeout "$limit" "./$exe" "$@" > "logs/$exe.log" 2>&1
    fi
    rc=$?
    grep '^RESULT ' "logs/$exe.log" | sed "s/^RESULT /RESULT run=$exe /" >> "$results"
    echo "RUN run=$exe bench=$b impl=$impl rc=$rc" >> "$results"
    if [ "$rc" -ne 0 ]; then
      echo "run: ./$exe exited with status $rc; end of logs/$exe.log:" >&2
      tail -n 8 "logs/$exe.log" | sed 's/^/    /' >&2
    fi
  done
done

awk -v benchmarks="$benchmarks" -v impls="$impls" -v baseline_of="$baseline_of" -v tables_of="$tables_of" \
    -v naturals="$naturals" '
# Splits "key=value" fields of a RESULT or RUN line into f[].
function parse(    i, eq) {
  delete f
  for (i = 2; i <= NF; ++i) {
    eq = index($i, "=")
    if (eq > 0) f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
  }
}
# A measurement is keyed by its program (r) and RESULT name (k = r SUBSEP name); the copy and
# failed checks by the program.
$1 == "RESULT" {
  parse()
  r = f["run"]
  if (f["check"] != "ok") { bad[r] = bad[r] " " f["name"] "-check-" f["check"] }
  if (f["name"] == "copy") { copy[r] = f["gbytes_per_s"]; next }
  k = r SUBSEP f["name"]
  have[k] = 1; best[k] = f["best_ms"]; median[k] = f["median_ms"]; gbps[k] = f["gbytes_per_s"]
  check[k] = f["check"]; n[k] = f["n"]; bytes[k] = f["bytes"]; reps[k] = f["reps"]
  next
}
$1 == "RUN" { parse(); rc[f["run"]] = f["rc"] }
# The natural benchmark a spelled program (<benchmark>_<spelling>) spells, or "" (for a natural
# benchmark too).
function natural_of(b,    k, best) {
  best = ""
  if (b in is_natural) return best
  for (k = 1; k <= nnat; ++k)
    if (index(b, NAT[k] "_") == 1 && length(NAT[k]) > length(best)) best = NAT[k]
  return best
}
# The best time of RESULT key k (program SUBSEP RESULT name), and the ratio of the best times of two keys.
function ms(k) { return have[k] ? sprintf("%.3f", best[k]) : "-" }
function ratio(k, q) { return (have[k] && have[q] && best[q] > 0) ? sprintf("%.3f", best[k] / best[q]) : "-" }
END {
  nb = split(benchmarks, B, " "); ni = split(impls, I, " "); nnat = split(naturals, NAT, " ")
  for (x = 1; x <= nnat; ++x) is_natural[NAT[x]] = 1
  no = split(baseline_of, O, " ")
  for (x = 1; x <= no; ++x) { eq = index(O[x], "="); other[substr(O[x], 1, eq - 1)] = substr(O[x], eq + 1) }
  nt = split(tables_of, T, " ")
  for (x = 1; x <= nt; ++x) { eq = index(T[x], "="); tables[substr(T[x], 1, eq - 1)] = substr(T[x], eq + 1) }
  failures = 0
  for (x = 1; x <= nb; ++x) {
    b = B[x]; base = ((b in other) ? other[b] : b) "-cuda-baseline"
    nn = split((b in tables) ? tables[b] : b, N, ",")
    for (z = 1; z <= nn; ++z) {
      # Table t of benchmark b: the RESULT lines named t of the programs b-IMPL; where b takes
      # the baseline of another benchmark (baseline_of), the RESULT line named as that one.
      t = N[z]; bt = base SUBSEP ((b in other) ? other[b] : t); size = ""
      for (y = 1; y <= ni; ++y) if (have[b "-" I[y], t]) { k = b "-" I[y] SUBSEP t; size = "n=" n[k] "  reps=" reps[k] "  bytes/run=" bytes[k]; break }
      printf "\n== %s  %s\n", t, size
      nat = natural_of(b)
      printf "%-20s %10s %10s %9s %10s %8s %12s %12s %10s  %s\n", "impl", "best_ms", "median_ms", "GB/s", "copy_GB/s", "of_copy", "vs_baseline", "of_hpar_cuda", "vs_natural", "check"
      for (y = 1; y <= ni; ++y) {
        r = b "-" I[y]; k = r SUBSEP t
        if (rc[r] == "missing") {
          if (I[y] == "cuda-baseline" && (b in other)) printf "%-20s (none of its own: vs_baseline is %s)\n", I[y], base
          else printf "%-20s %s\n", I[y], "(not built)"
          continue
        }
        if (!have[k]) {
          printf "%-20s FAILED: exit status %s, no RESULT line (see logs/%s.log)\n", I[y], rc[r], r
          ++failures; continue
        }
        ofc = (copy[r] > 0) ? sprintf("%.3f", gbps[k] / copy[r]) : "-"
        vs = (have[bt] && best[bt] > 0) ? sprintf("%.3f", best[k] / best[bt]) : "-"
        hc = b "-hpar-cuda" (I[y] ~ /-tuned$/ ? "-tuned" : "") SUBSEP t
        ofh = (have[hc] && best[k] > 0) ? sprintf("%.3f", best[hc] / best[k]) : "-"
        status = check[k]
        if (rc[r] != 0) status = status " (exit status " rc[r] ")"
        if (bad[r] != "") status = status " (" substr(bad[r], 2) ")"
        if (rc[r] != 0 || bad[r] != "") ++failures
        vn = (nat != "") ? ratio(k, nat "-" I[y] SUBSEP nat) : "-"
        printf "%-20s %10.3f %10.3f %9.1f %10s %8s %12s %12s %10s  %s\n", I[y], best[k], median[k], gbps[k], (copy[r] != "" ? copy[r] : "-"), ofc, vs, ofh, vn, status
      }
    }
  }
  # Each spelled program beside its natural benchmark, through hpar-cuda and hpar-omp-clang.
  header = 0
  for (x = 1; x <= nb; ++x) {
    b = B[x]; nat = natural_of(b)
    if (nat == "") continue
    if (!header) {
      printf "\n== spelled programs against their natural benchmark (best ms; ratio: spelled / natural, above 1: slower)\n"
      printf "%-28s %-14s %10s %10s %7s %10s %10s %7s\n", "spelled", "natural", "cuda", "natural", "ratio", "omp-clang", "natural", "ratio"
      header = 1
    }
    c = b "-hpar-cuda" SUBSEP b; nc = nat "-hpar-cuda" SUBSEP nat
    o = b "-hpar-omp-clang" SUBSEP b; on = nat "-hpar-omp-clang" SUBSEP nat
    printf "%-28s %-14s %10s %10s %7s %10s %10s %7s\n", b, nat, ms(c), ms(nc), ratio(c, nc), ms(o), ms(on), ratio(o, on)
  }
  printf "\n%s\n", failures ? failures " run(s) FAILED" : "all checks passed"
  exit failures ? 1 : 0
}' "$results"
