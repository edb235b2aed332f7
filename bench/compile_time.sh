#!/usr/bin/env bash
# Times the build of a Kokkos-style source through hpar's CUDA output: hpar-translate, then
# nvcc -c with the flags of bench/build.sh, REPS times each (default 3), and prints the best of
# each and nvcc's phases (nvcc --time) of the best run.
#   bench/compile_time.sh [FILE...]     (default: bench/compile/nine_kernels.cpp)
# With KOKKOS_HEADERS=DIR (made by bench/compile/kokkos_headers.sh: a Kokkos's headers as
# a CUDA build installs them), it also times the same file compiled through Kokkos as its
# nvcc_wrapper does (`nvcc -x cu` with the same flags), alternating with hpar's build.
# Environment: HPAR_TRANSLATE (default build/bin/hpar-translate), NVCC (default
# /usr/local/cuda/bin/nvcc), REPS, KOKKOS_HEADERS. Results: docs/performance.md, "nvcc's time".
set -euo pipefail
cd "$(dirname "$0")/.."
translate=${HPAR_TRANSLATE:-build/bin/hpar-translate}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
reps=${REPS:-3}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(bench/compile/nine_kernels.cpp)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
flags=(-O3 -std=c++17 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr)
for f in "${files[@]}"; do
  best_t=999999 best_n=999999 best_k=999999
  for r in $(seq "$reps"); do
    if [ -n "${KOKKOS_HEADERS:-}" ] && [ "$best_k" != none ]; then
      t0=$(now)
      if "$nvcc" -x cu "${flags[@]}" -I"$KOKKOS_HEADERS/config" \
           -I"$KOKKOS_HEADERS/include" -c "$f" -o "$work/kokkos.o" \
           >"$work/kokkos.log" 2>&1; then
        kt=$(echo "$(now) - $t0" | bc)
        (( $(echo "$kt < $best_k" | bc) )) && best_k=$kt
      else
        best_k=none  # not a plain Kokkos program (the benchmarks include hpar's own headers)
      fi
    fi
    t0=$(now)
    "$translate" --backend=cuda "$f" -o "$work/out.cu" -- -Ibench
    t1=$(now)
    rm -f "$work/time.csv"
    "$nvcc" "${flags[@]}" \
      -Iinclude -Iinclude/hpar/compat -Iruntime/include -Ibench -c "$work/out.cu" \
      -o "$work/out.o" --time "$work/time.csv"
    t2=$(now)
    tt=$(echo "$t1 - $t0" | bc) nt=$(echo "$t2 - $t1" | bc)
    (( $(echo "$tt < $best_t" | bc) )) && best_t=$tt
    if (( $(echo "$nt < $best_n" | bc) )); then
      best_n=$nt
      phases=$(awk -F' , ' 'NR > 1 { p[$2] += $7 } END {
        printf "cudafe++ %.2f s, cicc %.2f s, ptxas %.2f s, host compiler %.2f s, preprocessing %.2f s",
          p["cudafe++"] / 1000, p["cicc"] / 1000, p["ptxas"] / 1000, p["gcc (compiling)"] / 1000,
          (p["gcc (preprocessing 4)"] + p["gcc (preprocessing 1)"]) / 1000 }' "$work/time.csv")
    fi
  done
  kernels=$(grep -c '^// hpar: parallel_' "$work/out.cu" || true)
  printf '%s: %s kernels; translate %.2f s, nvcc %.2f s, total %.2f s (best of %s); nvcc: %s\n' \
    "$f" "$kernels" "$best_t" "$best_n" "$(echo "$best_t + $best_n" | bc)" "$reps" "$phases"
  if [ "$best_k" = none ]; then
    echo "$f through Kokkos: does not build with those headers:"
    head -n 3 "$work/kokkos.log"
  elif [ -n "${KOKKOS_HEADERS:-}" ]; then
    printf '%s through Kokkos: nvcc %.2f s (best of %s); hpar / Kokkos = %.2f\n' "$f" "$best_k" \
      "$reps" "$(echo "($best_t + $best_n) / $best_k" | bc -l)"
  fi
done
