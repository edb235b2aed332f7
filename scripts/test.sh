#!/usr/bin/env bash
# Installs what is missing, builds hpar, and runs the whole lit suite (translation output,
# diagnostics, execution programs on every available backend, the CMake package test).
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/bootstrap.sh || exit 1
# CUDA 11.8's tools for clang's OpenMP offload to NVIDIA GPUs (the clang-nvptx tests).
./scripts/setup-clang-offload.sh > /dev/null ||
  echo "test: scripts/setup-clang-offload.sh failed; the clang-nvptx tests will be skipped" >&2
jobs=${HPAR_TEST_JOBS:-$(nproc)}
# Debian's python3 (bootstrap.sh installs it), not whichever python3 comes first on PATH.
/usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv -j "$jobs" build/test "$@" 2>&1 | tee build/lit.log
status=${PIPESTATUS[0]}
passed=$(grep -Eo '^ *Passed *: *[0-9]+' build/lit.log | grep -Eo '[0-9]+' || echo 0)
failed=$(grep -Eo '^ *Failed *: *[0-9]+' build/lit.log | grep -Eo '[0-9]+' || echo 0)
skipped=$(grep -Eo '^ *Unsupported *: *[0-9]+' build/lit.log | grep -Eo '[0-9]+' || echo 0)
echo "${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
exit $status
