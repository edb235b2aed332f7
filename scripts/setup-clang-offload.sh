#!/usr/bin/env bash
# Sets up clang-19's OpenMP offload to NVIDIA GPUs on Debian 12 (ARCHITECTURE.md section 6) and
# prints the folder it made. Safe to run any number of times: what is there is kept.
#   scripts/setup-clang-offload.sh [DIR]          (default DIR: build/clang-nvptx)
#   scripts/setup-clang-offload.sh --flags [DIR]  prints the clang flags for an sm_90 build
#   scripts/setup-clang-offload.sh --pack [DIR]   also packs DIR/runtime.tar.xz (below)
#
# DIR/cuda     a CUDA folder for clang's --cuda-path: CUDA 11.8's ptxas, nvlink and fatbinary and
#              libdevice, from Debian's nvidia-cuda-toolkit (non-free; fetched with apt-get
#              download through a private source list, nothing is installed). LLVM 19's offload
#              plugin refuses device images that CUDA 13's ptxas assembled, so the newer toolkit
#              at /usr/local/cuda cannot serve here.
# DIR/runtime  what a clang offload program loads on a machine without LLVM 19: libomptarget,
#              libomp, libLLVM and their libraries, to put on LD_LIBRARY_PATH there; with --pack
#              the same packed in DIR/runtime.tar.xz (43 MB, 2 minutes) for copying there.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=0
pack=0
if [ "${1:-}" = "--flags" ]; then flags=1; shift; fi
if [ "${1:-}" = "--pack" ]; then pack=1; shift; fi
dir=${1:-build/clang-nvptx}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
llvm_lib=/usr/lib/llvm-19/lib

if [ "$flags" = 1 ]; then
  # The flags are the build openmp-nvptx-clang of rewriter/emit/Builds.def (which says why each
  # is there), as the driver built from this tree prints them.
  if [ ! -x build/bin/hpar-c++ ]; then
    echo "setup-clang-offload.sh: --flags needs build/bin/hpar-c++: build hpar first" >&2
    exit 1
  fi
  HPAR_CXX=clang++-19 HPAR_CUDA_ARCH=90 HPAR_OPENMP_CUDA_PATH="$dir/cuda" \
    build/bin/hpar-c++ --hpar-print-flags=openmp-nvptx-clang
  exit 0
fi

sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"

# clang-19 and its offload packager, libomptarget (bootstrap.sh installs them with hpar).
need=()
for p in clang-19 clang-tools-19 libomp-19-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# ---- DIR/cuda ------------------------------------------------------------------------------
cuda=$dir/cuda
if [ ! -x "$cuda/bin/ptxas" ] || [ ! -f "$cuda/nvvm/libdevice/libdevice.10.bc" ]; then
  apt=$dir/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
  echo "deb http://deb.debian.org/debian bookworm main contrib non-free" > "$apt/sources.list"
  o=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
     -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root)
  echo "setup-clang-offload: fetching Debian's nvidia-cuda-toolkit (CUDA 11.8, about 84 MB)" >&2
  apt-get "${o[@]}" -qq update
  (cd "$apt/debs" && apt-get "${o[@]}" -qq download nvidia-cuda-toolkit)
  rm -rf "$apt/root"
  dpkg -x "$apt"/debs/nvidia-cuda-toolkit_*.deb "$apt/root"
  rm -rf "$cuda"
  mkdir -p "$cuda/bin" "$cuda/nvvm/libdevice" "$cuda/include"
  cp "$apt"/root/usr/bin/{ptxas,nvlink,fatbinary} "$cuda/bin/"
  cp "$apt/root/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$cuda/nvvm/libdevice/"
  # clang reads the version from cuda.h; nothing else of the header is used by OpenMP offload.
  printf '#pragma once\n#define CUDA_VERSION 11080\n' > "$cuda/include/cuda.h"
  echo "CUDA Version 11.8.89" > "$cuda/version.txt"
  rm -rf "$apt"
fi

# ---- DIR/runtime ---------------------------------------------------------------------------
# libomptarget and every library it loads that is not the C and C++ runtime (those the other
# machine has, newer).
runtime=$dir/runtime
if [ ! -f "$runtime/libomptarget.so.19.1" ]; then
  rm -rf "$runtime.tmp"
  mkdir -p "$runtime.tmp"
  cp -L "$llvm_lib/libomptarget.so.19.1" "$llvm_lib/libomp.so.5" "$runtime.tmp/"
  ldd "$llvm_lib/libomptarget.so.19.1" | awk '/=> \// { print $1, $3 }' |
    while read -r name path; do
      case "$name" in
        libc.so.*|libm.so.*|libstdc++.so.*|libgcc_s.so.*|ld-linux*) ;;
        *) cp -L "$path" "$runtime.tmp/$name" ;;
      esac
    done
  rm -rf "$runtime" "$dir/runtime.tar.xz"
  mv "$runtime.tmp" "$runtime"
fi
if [ "$pack" = 1 ] && [ ! -f "$dir/runtime.tar.xz" ]; then
  echo "setup-clang-offload: packing $runtime (about 2 minutes)" >&2
  tar -cJf "$dir/runtime.tar.xz.tmp" -C "$runtime" . && mv "$dir/runtime.tar.xz.tmp" "$dir/runtime.tar.xz"
fi
echo "$dir"
