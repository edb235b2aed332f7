#!/usr/bin/env bash
# Sets up, in DIR (default /tmp/hpar-kokkos3), the headers of the one Kokkos that Debian 12
# packages (3.4.1, in libtrilinos-kokkos-dev, configured for the Serial backend), as a build of
# Kokkos for CUDA would install them, so that bench/compile_time.sh can time nvcc on the same
# program through Kokkos (KOKKOS_HEADERS=DIR). Compiling to an object file needs only headers;
# nothing is installed system-wide. Changes to the package's headers, in DIR/config, which is
# searched first:
#   - KokkosCore_config.h: KOKKOS_ENABLE_CUDA, CUDA_LAMBDA, CUDA_CONSTEXPR, ARCH_AMPERE80, C++17;
#   - the three backend lists (declare, forward, setup) name CUDA before Serial;
#   - Cuda/Kokkos_Cuda_Half.hpp is empty: Kokkos 3.4's CUDA half_t does not compile with CUDA 13,
#     so half_t is Kokkos_Half.hpp's float fallback (no program here uses it).
# Needs apt-get download (a Debian mirror) once.
set -euo pipefail
dir=${1:-/tmp/hpar-kokkos3}
mkdir -p "$dir/deb" "$dir/config/Cuda"
if [ ! -d "$dir/deb/usr/include/trilinos" ]; then
  (cd "$dir" && apt-get download libtrilinos-kokkos-dev >/dev/null)
  dpkg -x "$dir"/libtrilinos-kokkos-dev_*.deb "$dir/deb"
fi
src=$dir/deb/usr/include/trilinos
cfg=$dir/config
sed -e 's/#define KOKKOS_ENABLE_CXX14/#define KOKKOS_ENABLE_CXX17/' \
    -e 's/#define KOKKOS_ENABLE_SERIAL/#define KOKKOS_ENABLE_SERIAL\n#define KOKKOS_ENABLE_CUDA\n#define KOKKOS_ENABLE_CUDA_LAMBDA\n#define KOKKOS_ENABLE_CUDA_CONSTEXPR\n#define KOKKOS_ARCH_AMPERE\n#define KOKKOS_ARCH_AMPERE80/' \
    "$src/KokkosCore_config.h" >"$cfg/KokkosCore_config.h"
sed 's|#include <decl/Kokkos_Declare_SERIAL.hpp>|#include <decl/Kokkos_Declare_CUDA.hpp>\n&|' \
    "$src/KokkosCore_Config_DeclareBackend.hpp" >"$cfg/KokkosCore_Config_DeclareBackend.hpp"
sed 's|#include <fwd/Kokkos_Fwd_SERIAL.hpp>|#include <fwd/Kokkos_Fwd_CUDA.hpp>\n&|' \
    "$src/KokkosCore_Config_FwdBackend.hpp" >"$cfg/KokkosCore_Config_FwdBackend.hpp"
sed 's|#define KOKKOS_SETUP_HPP_|&\n#include <setup/Kokkos_Setup_Cuda.hpp>|' \
    "$src/KokkosCore_Config_SetupBackend.hpp" >"$cfg/KokkosCore_Config_SetupBackend.hpp"
printf '// Empty: see bench/compile/kokkos3_headers.sh.\n#pragma once\n' >"$cfg/Cuda/Kokkos_Cuda_Half.hpp"
grep -q KOKKOS_ENABLE_CUDA "$cfg/KokkosCore_config.h"
echo "$dir"
