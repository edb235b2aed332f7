#!/usr/bin/env bash
# Sets up, in DIR, the headers of a Kokkos that Debian packages, as a build of Kokkos for CUDA
# (sm_90) would install them, so that bench/compile_time.sh can time nvcc on the same program
# through Kokkos (KOKKOS_HEADERS=DIR). Compiling to an object file needs only headers; nothing is
# installed system-wide.
#   bench/compile/kokkos_headers.sh 3 [DIR]   Kokkos 3.4.1 (Debian 12's libtrilinos-kokkos-dev,
#                                             Trilinos 13.2), default DIR /tmp/hpar-kokkos3
#   bench/compile/kokkos_headers.sh 4 [DIR]   Kokkos 4.x (Debian unstable's libtrilinos-kokkos-dev,
#                                             Trilinos 16.1: Kokkos 4.5.1), default /tmp/hpar-kokkos4
# Both packages are configured for the Serial backend. DIR/include is the package's include
# folder; DIR/config, searched first, holds the files a CUDA build configures differently:
#   - KokkosCore_config.h: KOKKOS_ENABLE_CUDA, CUDA_LAMBDA, CUDA_CONSTEXPR, C++17, the GPU
#     architecture (Kokkos 3.4 knows no Hopper: AMPERE80; Kokkos 4: HOPPER90);
#   - the three backend lists (declare, forward, setup) name CUDA before Serial;
#   - Kokkos 4: desul/atomics/Config.hpp enables desul's CUDA atomics;
#   - Kokkos 3.4: Cuda/Kokkos_Cuda_Half.hpp is empty, as its CUDA half_t does not compile with
#     CUDA 13 (half_t is Kokkos_Half.hpp's float fallback; no program here uses it);
#   - Kokkos 4.5: three calls in Cuda/Kokkos_Cuda_Instance.hpp use the CUDA 12 signatures of
#     cudaGraphAddDependencies, cudaMemAdvise and cudaMemPrefetchAsync, which CUDA 13 changed
#     (Kokkos 4.7 supports CUDA 13); DIR's copy of the package is patched to the CUDA 13 ones.
#     The file is included by a relative path, so the patch is made in place, not in config/.
# Needs a Debian mirror once (apt-get download; for 4, with a sources list of its own naming
# unstable, kept in DIR).
set -euo pipefail
major=${1:?usage: bench/compile/kokkos_headers.sh 3|4 [DIR]}
dir=${2:-/tmp/hpar-kokkos$major}
mkdir -p "$dir/deb" "$dir/config"
dir=$(cd "$dir" && pwd)
cfg=$dir/config

download() {  # the package libtrilinos-kokkos-dev from Debian 12, or from unstable
  if [ "$major" = 3 ]; then
    (cd "$dir" && apt-get download libtrilinos-kokkos-dev >/dev/null 2>&1)
    return
  fi
  local apt=$dir/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" \
    >"$apt/sources.list"
  local opts=(-o "Dir::Etc::sourcelist=$apt/sources.list" -o Dir::Etc::sourceparts=/nonexistent
              -o "Dir::State::lists=$apt/lists" -o "Dir::Cache=$apt/cache")
  apt-get "${opts[@]}" update >/dev/null
  (cd "$dir" && apt-get "${opts[@]}" download libtrilinos-kokkos-dev >/dev/null 2>&1)
}

if [ ! -e "$dir/include/Kokkos_Core.hpp" ]; then
  ls "$dir"/libtrilinos-kokkos-dev_*.deb >/dev/null 2>&1 || download
  dpkg -x "$dir"/libtrilinos-kokkos-dev_*.deb "$dir/deb"
  src=$(dirname "$(find "$dir/deb/usr/include" -name Kokkos_Core.hpp | head -n 1)")
  ln -sfn "$src" "$dir/include"
fi
src=$dir/include
version=$(awk '/#define KOKKOS_VERSION /{print $3}' "$src/KokkosCore_config.h")
[ "${version:0:1}" = "$major" ] || { echo "expected Kokkos $major, the package has $version" >&2; exit 1; }

if [ "$major" = 3 ]; then
  sed -e 's/#define KOKKOS_ENABLE_CXX14/#define KOKKOS_ENABLE_CXX17/' \
      -e 's/#define KOKKOS_ENABLE_SERIAL/#define KOKKOS_ENABLE_SERIAL\n#define KOKKOS_ENABLE_CUDA\n#define KOKKOS_ENABLE_CUDA_LAMBDA\n#define KOKKOS_ENABLE_CUDA_CONSTEXPR\n#define KOKKOS_ARCH_AMPERE\n#define KOKKOS_ARCH_AMPERE80/' \
      "$src/KokkosCore_config.h" >"$cfg/KokkosCore_config.h"
  mkdir -p "$cfg/Cuda"
  printf '// Empty: see bench/compile/kokkos_headers.sh.\n#pragma once\n' >"$cfg/Cuda/Kokkos_Cuda_Half.hpp"
else
  sed -e 's|/\* #undef KOKKOS_ENABLE_CUDA \*/|#define KOKKOS_ENABLE_CUDA|' \
      -e 's|/\* #undef KOKKOS_ENABLE_CUDA_LAMBDA \*/|#define KOKKOS_ENABLE_CUDA_LAMBDA|' \
      -e 's|/\* #undef KOKKOS_ENABLE_CUDA_CONSTEXPR \*/|#define KOKKOS_ENABLE_CUDA_CONSTEXPR|' \
      -e 's|/\* #undef KOKKOS_ARCH_HOPPER \*/|#define KOKKOS_ARCH_HOPPER|' \
      -e 's|/\* #undef KOKKOS_ARCH_HOPPER90 \*/|#define KOKKOS_ARCH_HOPPER90|' \
      "$src/KokkosCore_config.h" >"$cfg/KokkosCore_config.h"
  mkdir -p "$cfg/desul/atomics"
  sed 's|/\* #undef DESUL_ATOMICS_ENABLE_CUDA \*/|#define DESUL_ATOMICS_ENABLE_CUDA|' \
      "$src/desul/atomics/Config.hpp" >"$cfg/desul/atomics/Config.hpp"
  instance=$src/Cuda/Kokkos_Cuda_Instance.hpp
  if [ "$version" -lt 40700 ] && ! grep -q cudaMemLocationTypeDevice "$instance"; then
    sed -i -e 's|cudaGraphAddDependencies(graph, from, to, numDependencies)|cudaGraphAddDependencies(graph, from, to, nullptr, numDependencies)|' \
           -e 's|cudaMemAdvise(devPtr, count, advice, device)|cudaMemAdvise(devPtr, count, advice, cudaMemLocation{cudaMemLocationTypeDevice, device})|' \
           -e 's|cudaMemPrefetchAsync(devPtr, count, dstDevice,|cudaMemPrefetchAsync(devPtr, count, cudaMemLocation{cudaMemLocationTypeDevice, dstDevice}, 0,|' \
           "$instance"
    [ "$(grep -c cudaMemLocationTypeDevice "$instance")" = 2 ] || { echo "cannot patch $instance" >&2; exit 1; }
  fi
  grep -q DESUL_ATOMICS_ENABLE_CUDA "$cfg/desul/atomics/Config.hpp"
fi
sed 's|#include <decl/Kokkos_Declare_SERIAL.hpp>|#include <decl/Kokkos_Declare_CUDA.hpp>\n&|' \
    "$src/KokkosCore_Config_DeclareBackend.hpp" >"$cfg/KokkosCore_Config_DeclareBackend.hpp"
sed 's|#include <fwd/Kokkos_Fwd_SERIAL.hpp>|#include <fwd/Kokkos_Fwd_CUDA.hpp>\n&|' \
    "$src/KokkosCore_Config_FwdBackend.hpp" >"$cfg/KokkosCore_Config_FwdBackend.hpp"
sed 's|#define KOKKOS_SETUP_HPP_|&\n#include <setup/Kokkos_Setup_Cuda.hpp>|' \
    "$src/KokkosCore_Config_SetupBackend.hpp" >"$cfg/KokkosCore_Config_SetupBackend.hpp"
grep -q '^#define KOKKOS_ENABLE_CUDA$' "$cfg/KokkosCore_config.h"
echo "$dir: Kokkos $version"
