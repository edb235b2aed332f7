#!/bin/sh
# Builds every test program here with clang (x86_64 offload target, so the program falls back to
# the host) and with GCC (host only), and runs each one twice: with the runtime's default shape
# and with a forced shape of several teams and threads. Compiler messages (clang's expected
# -Wopenmp-mapping warnings for closures holding Views) go to BUILD_DIR/NAME.COMPILER.log.
#   usage: run-host.sh [BUILD_DIR] [API_INCLUDE_DIR]     (extra flags: $CXXFLAGS, e.g. -DHPAR_TEST_SHAPE)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-/tmp/hpar-tests-openmp}
api=${2:-$root/include}
mkdir -p "$build"
status=0
# run_one TAG COMMAND...: runs COMMAND, prints its last line (the result line) after TAG, and
# the whole output when it fails.
run_one() {
  tag=$1; shift
  out=$("$@" 2>&1); rc=$?
  printf '%s %s\n' "$tag" "$(printf '%s\n' "$out" | tail -n 1)"
  [ $rc = 0 ] || { printf '%s\n' "$out"; status=1; }
}
for src in "$here"/*.cpp; do
  name=$(basename "$src" .cpp)
  for cc in clang gcc; do
    exe=$build/$name.$cc
    if [ $cc = clang ]; then
      clang++-19 -std=c++17 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -Wl,-rpath,/usr/lib/llvm-19/lib \
        ${CXXFLAGS:-} -I"$api" -I"$root/runtime/include" "$src" -o "$exe" 2>"$exe.log" || { cat "$exe.log"; status=1; continue; }
    else
      g++ -std=c++17 -O2 -fopenmp -foffload=disable ${CXXFLAGS:-} \
        -I"$api" -I"$root/runtime/include" "$src" -o "$exe" 2>"$exe.log" || { cat "$exe.log"; status=1; continue; }
    fi
    run_one "$(printf '%-16s %-5s default:' "$name" "$cc")" "$exe"
    # Several teams and threads even on a small host; KMP_TEAMS_THREAD_LIMIT lets libomp run them.
    run_one "$(printf '%-16s %-5s 3x4:    ' "$name" "$cc")" \
      env HPAR_OMP_TEAMS=3 HPAR_OMP_THREADS=4 KMP_TEAMS_THREAD_LIMIT=64 "$exe"
  done
done
exit $status
