#!/usr/bin/env bash
# Runs the binaries made by scripts/build-gpu-tests.sh (on a machine with an NVIDIA GPU) and
# prints one line per program and a closing "N passed, N failed" line.
cd "$(dirname "$0")"
# Sources translated elsewhere (build-gpu-tests.sh --cuda-sources): compile them here first.
nvcc=${HPAR_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ -d include ] && ls src/*.hpar.cu >/dev/null 2>&1; then
  ls src/*.hpar.cu | xargs -P "$(nproc)" -I{} sh -c '
    name=$(basename {} .hpar.cu)
    [ -x "$name.cuda" ] || "$0" -std=c++17 -O3 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr \
      -Iinclude -Iinclude/hpar/compat -Iexec {} -o "$name.cuda" > "$name.cuda.build.log" 2>&1 || echo "BUILD-FAILED $name.cuda" >> build.log' "$nvcc"
fi
# The clang offload programs load LLVM 19's offload runtime, carried along packed.
if [ -f clang-rt.tar.xz ] && [ ! -f clang-rt/libomptarget.so.19.1 ]; then
  mkdir -p clang-rt && tar -xJf clang-rt.tar.xz -C clang-rt
fi
export OMP_TARGET_OFFLOAD=MANDATORY   # the OpenMP binaries must really run on the GPU
pass=0; fail=0
# HPAR_GPU_TESTS: the builds to run (default: all of them).
for exe in ${HPAR_GPU_TESTS:-*.cuda *.omp-clang *.omp-gcc}; do
  [ -x "$exe" ] || continue
  # libgomp and its plugin lie beside the programs; clang's runtime in clang-rt/.
  case "$exe" in
    *.omp-clang) export LD_LIBRARY_PATH=$PWD/clang-rt ;;
    *) export LD_LIBRARY_PATH=$PWD ;;
  esac
  # A program with an HPAR-EXEC-FAILS line must stop with that message, naming its kernel.
  expected=$(sed -n 's|^// HPAR-EXEC-FAILS: *||p' "src/${exe%.*}.hpar."* 2>/dev/null | head -n 1)
  output=$(timeout 300 "./$exe" 2>&1); status=$?
  if [ -n "$expected" ]; then
    if [ $status -ne 0 ] && grep -qF "$expected" <<<"$output" && grep -q "kernel 'hpar_" <<<"$output"; then
      ok=1; else ok=0; fi
  elif [ $status -eq 0 ] && grep -q '^PASSED' <<<"$output"; then ok=1; else ok=0; fi
  if [ $ok -eq 1 ]; then
    echo "PASS $exe"; pass=$((pass + 1))
  else
    echo "FAIL $exe"; echo "$output" | tail -n 20 | sed 's/^/    /'; fail=$((fail + 1))
  fi
done
build_failures=$(grep -c BUILD-FAILED build.log 2>/dev/null)
grep BUILD-FAILED build.log 2>/dev/null | while read -r _ exe _; do
  echo "FAIL (build) $exe"
  grep -m 20 -E "error|BUILD" "$exe.build.log" 2>/dev/null | sed 's/^/    /'
done
fail=$((fail + ${build_failures:-0}))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
