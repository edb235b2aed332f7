#!/usr/bin/env bash
# Proves on a machine without a GPU that every hpar benchmark passes its own check, at small
# sizes: untranslated (serial reference semantics, g++), and through the OpenMP output for the host
# (g++ -foffload=disable, and clang++-19 when installed), the natural, tuned and spelled sources
# (bench/, bench/tuned/, bench/spelled/); the hand-written OpenMP baselines
# (bench/baselines/openmp/) with g++; and, with KOKKOS_ROOT set, the natural sources built against
# Kokkos itself. Builds into $BENCH_HOST_DIR (default /tmp/hpar-bench-host); arguments replace the
# default sizes. The OpenMP outputs are built with the flags of rewriter/emit/Builds.def
# (openmp-host-gcc, openmp-host-clang), as hpar-c++ (HPAR_DRIVER, default beside the translator)
# prints them. BENCH_ONLY (names, e.g. "nbody nbody_team"; natural, tuned or spelled, as
# bench/build.sh takes them) checks only those programs (a name covers its tuned variant;
# nine_kernels is one of the names); default all.
#
# Exit status: non-zero when a build or a check failed.
set -uo pipefail
cd "$(dirname "$0")/.."

dir=${BENCH_HOST_DIR:-/tmp/hpar-bench-host}
translate=${HPAR_TRANSLATE:-build/bin/hpar-translate}
mkdir -p "$dir"
includes=(-I include -I include/hpar/compat -I runtime/include -I bench)
common_args=(--reps 3 --warmup 1 --copy-n 2^20)
driver=${HPAR_DRIVER:-$(dirname "$translate")/hpar-c++}

# hpar_flags ARRAY COMPILER OPTION... : ARRAY+=(what `hpar-c++ OPTION` prints for HPAR_CXX=COMPILER,
# in a shell's quoting), for each OPTION.
hpar_flags() {
  local array=$1 cxx=$2 option line; shift 2
  for option in "$@"; do
    line=$(HPAR_CXX=$cxx "$driver" "$option") || { echo "host check: $driver $option failed" >&2; exit 2; }
    eval "$array+=($line)"
  done
}
gcc_omp=()
hpar_flags gcc_omp g++ --hpar-print-flags=openmp-host-gcc
clang_omp=()
if command -v clang++-19 > /dev/null; then
  hpar_flags clang_omp clang++-19 --hpar-print-flags=openmp-host-clang \
    --hpar-print-link-flags=openmp-host-clang
fi

# The natural benchmarks (bench/NAME.cpp), and natural_of NAME: the one a spelled program
# (bench/spelled/NAME.cpp, named <benchmark>_<spelling>) spells, or NAME itself.
naturals=(launch triad dot scan stencil3d yax spmv team_scan batched_gemm big_scratch team_mdrange
          nbody nbody_team docking stream)
natural_of() {
  local b best=""
  [[ " ${naturals[*]} " == *" $1 "* ]] && { echo "$1"; return; }
  for b in "${naturals[@]}"; do
    if [[ "$1" == "${b}_"* ]] && [ "${#b}" -gt "${#best}" ]; then best=$b; fi
  done
  echo "${best:-$1}"
}

# Problem sizes (the --n, and for team_scan --m, arguments): not powers of two, so that ragged
# tiles and tails are exercised (yax's 301 columns and team_scan's 1031 leave a partial last
# chunk for teams of 256 threads). The team benchmarks have few teams: the OpenMP host build
# runs every team with its full team size of host threads, and its team barriers are slow when
# those threads outnumber the cores. batched_gemm's --n is its number of 16 x 16 matrices (one
# team of 256 per matrix), big_scratch's its number of rows of 8192 doubles (one team of 512 per
# row, 64 KiB of scratch each).
size_args() {
  case $1 in
    stencil3d) echo --n 67 ;;
    yax) echo --n 301 ;;
    launch) echo --n 1000 ;;
    spmv) echo --n 67 ;;
    team_scan) echo --n 37 --m 1031 ;;
    batched_gemm) echo --n 37 ;;
    big_scratch) echo --n 13 ;;
    team_mdrange) echo --n 3 ;;
    nbody | nbody_team) echo --n 2000 ;;
    docking) echo --n 1000 --m 300 ;;
    *) echo --n 1000003 ;;
  esac
}

# The OpenMP builds run with the OpenMP runtime's defaults, as the test suite's do (a team of more
# threads than the processors still runs: docs/design.md section 8).
clang_env=()
# KOKKOS_ROOT: an installed Kokkos with its OpenMP backend; every natural source is then also
# built against it and run (bench/cpu.sh builds one on the machine it measures).
kokkos_root=${KOKKOS_ROOT:-}

failed=0
# check NAME CMD...: runs CMD, prints its RESULT lines, records a failure.
check() {
  local name=$1; shift
  if "$@" > "$dir/$name.log" 2>&1; then
    grep '^RESULT ' "$dir/$name.log" | sed "s/^/[$name] /"
    return 0
  fi
  echo "FAILED: $name (see $dir/$name.log)"
  tail -n 8 "$dir/$name.log" | sed 's/^/    /'
  failed=1
  return 1
}

# Every natural source (bench/NAME.cpp), every tuned one (bench/tuned/NAME.cpp, run as
# NAME-tuned) and every spelled one (bench/spelled/NAME.cpp, at the sizes of the benchmark it
# spells).
for src in bench/launch.cpp bench/triad.cpp bench/dot.cpp bench/scan.cpp bench/stencil3d.cpp bench/yax.cpp \
           bench/spmv.cpp bench/team_scan.cpp bench/batched_gemm.cpp bench/big_scratch.cpp \
           bench/team_mdrange.cpp bench/nbody.cpp bench/nbody_team.cpp bench/docking.cpp bench/stream.cpp bench/tuned/*.cpp \
           bench/spelled/*.cpp; do
  b=$(basename "$src" .cpp)
  [ -n "${BENCH_ONLY:-}" ] && [[ " $BENCH_ONLY " != *" $b "* ]] && continue
  id=$b
  [ "$src" = "bench/tuned/$b.cpp" ] && id=$b-tuned
  if [ "$#" -gt 0 ]; then
    args=("$@")
  else
    read -r -a args <<< "$(size_args "$(natural_of "$b")")"
    args+=("${common_args[@]}")
  fi

  check "$id-build-serial" g++ -O2 -std=c++17 "${includes[@]}" "$src" -o "$dir/$id-serial" &&
    check "$id-serial" "$dir/$id-serial" "${args[@]}"

  check "$id-translate-openmp" "$translate" --backend=openmp "$src" \
    -o "$dir/$id.hpar.cpp" -- -std=c++17 -I bench || continue
  check "$id-build-openmp-gcc" g++ -O2 -std=c++17 "${gcc_omp[@]}" "${includes[@]}" \
    "$dir/$id.hpar.cpp" -o "$dir/$id-openmp-gcc" &&
    check "$id-openmp-gcc" "$dir/$id-openmp-gcc" "${args[@]}"
  if command -v clang++-19 > /dev/null; then
    check "$id-build-openmp-clang" clang++-19 -O2 -std=c++17 "${clang_omp[@]}" \
      "${includes[@]}" "$dir/$id.hpar.cpp" -o "$dir/$id-openmp-clang" &&
      check "$id-openmp-clang" env "${clang_env[@]}" "$dir/$id-openmp-clang" "${args[@]}"
  fi
  [ "$src" = "bench/$b.cpp" ] || continue
  # The hand-written OpenMP baseline (none for launch), and Kokkos itself.
  if [ -f "bench/baselines/openmp/$b.cpp" ]; then
    check "$id-build-openmp-baseline" g++ -O2 -std=c++17 -fopenmp -I bench \
      "bench/baselines/openmp/$b.cpp" -o "$dir/$id-openmp-baseline" &&
      check "$id-openmp-baseline" "$dir/$id-openmp-baseline" "${args[@]}"
  fi
  if [ -n "$kokkos_root" ]; then
    klib=$kokkos_root/lib; [ -d "$kokkos_root/lib64" ] && klib=$kokkos_root/lib64
    check "$id-build-kokkos" g++ -O2 -std=c++17 -fopenmp -DBENCH_IMPL='"kokkos-openmp"' \
      -I "$kokkos_root/include" -I bench "$src" -o "$dir/$id-kokkos" \
      -L "$klib" -lkokkoscontainers -lkokkoscore -ldl &&
      check "$id-kokkos" "$dir/$id-kokkos" "${args[@]}"
  fi
done

# The compile-time program (bench/compile_time.sh times its build) checks its nine kernels' results.
src=bench/compile/nine_kernels.cpp
if [ -z "${BENCH_ONLY:-}" ] || [[ " $BENCH_ONLY " == *" nine_kernels "* ]]; then
  check nine_kernels-build-serial g++ -O2 -std=c++17 "${includes[@]}" "$src" -o "$dir/nine_kernels-serial" &&
    check nine_kernels-serial "$dir/nine_kernels-serial"
  if check nine_kernels-translate-openmp "$translate" --backend=openmp "$src" \
       -o "$dir/nine_kernels.hpar.cpp" -- -std=c++17; then
    check nine_kernels-build-openmp-gcc g++ -O2 -std=c++17 "${gcc_omp[@]}" "${includes[@]}" \
      "$dir/nine_kernels.hpar.cpp" -o "$dir/nine_kernels-openmp-gcc" &&
      check nine_kernels-openmp-gcc "$dir/nine_kernels-openmp-gcc"
    if command -v clang++-19 > /dev/null; then
      check nine_kernels-build-openmp-clang clang++-19 -O2 -std=c++17 "${clang_omp[@]}" \
        "${includes[@]}" "$dir/nine_kernels.hpar.cpp" -o "$dir/nine_kernels-openmp-clang" &&
        check nine_kernels-openmp-clang env "${clang_env[@]}" "$dir/nine_kernels-openmp-clang"
    fi
  fi
fi

echo
if [ "$failed" -ne 0 ]; then echo "host check: FAILED"; else echo "host check: all passed"; fi
exit $failed
