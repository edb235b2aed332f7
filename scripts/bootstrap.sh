#!/usr/bin/env bash
# Installs the Debian 12 packages hpar needs (only those missing), then configures and builds
# hpar in build/. Safe to run any number of times.
#   bootstrap.sh --list-packages   prints the packages and does nothing else (test/setup reads it)
set -euo pipefail
cd "$(dirname "$0")/.."

# clang-tools-19 holds clang-offload-packager, which clang's OpenMP offload driver runs;
# clang-19 only recommends it, and recommends are not installed here. libclang-rt-19-dev holds
# libFuzzer and the sanitizers' runtimes, for the fuzz target (scripts/fuzz.sh, test/fuzz).
packages=(cmake ninja-build make g++ python3 clang-19 clang-tools-19 libclang-19-dev llvm-19-dev llvm-19-tools libomp-19-dev libclang-rt-19-dev)
if [ "${1:-}" = "--list-packages" ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build
