#!/usr/bin/env bash
# Builds the execution tests (test/exec) for a machine with an NVIDIA GPU, into one directory
# that can be copied there and run with its run-gpu-tests.sh. Each program is built for the
# backends its HPAR-EXEC line names, among the builds asked for:
#   cuda-src   hpar-translate --backend=cuda: OUTDIR/src/<name>.hpar.cu and the headers
#              (OUTDIR/include); run-gpu-tests.sh compiles them there with nvcc on all its cores
#   cuda       the same, compiled here: OUTDIR/<name>.cuda (nvcc -cudart static, sm_90)
#   omp-clang  hpar-translate --backend=openmp, clang++-19 offload to sm_90:
#              OUTDIR/<name>.omp-clang, and OUTDIR/clang-rt.tar.xz, the offload runtime it loads
#              there (scripts/setup-clang-offload.sh)
#   omp-gcc    the same output, g++-12 with nvptx offload: OUTDIR/<name>.omp-gcc, and the libgomp
#              runtime with its nvptx plugin
# Usage: scripts/build-gpu-tests.sh [--builds LIST] [--only NAME,...] OUTDIR
#   LIST is comma-separated (default: cuda-src,omp-clang,omp-gcc); --only builds just the named
#   programs. --cuda-sources OUTDIR is --builds cuda-src OUTDIR.
# The compile and translate flags of each build are those of rewriter/emit/Builds.def (cuda,
# openmp-nvptx-clang, openmp-nvptx-gcc), as build/bin/hpar-c++ prints them; hpar must be built.
set -uo pipefail
cd "$(dirname "$0")/.."
builds=cuda-src,omp-clang,omp-gcc
only=""
while [ $# -gt 1 ]; do
  case "$1" in
    --builds) builds=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --cuda-sources) builds=cuda-src; shift ;;
    *) break ;;
  esac
done
out=${1:?usage: build-gpu-tests.sh [--builds LIST] [--only NAME,...] OUTDIR}
wants() { [[ ",$builds," == *",$1,"* ]]; }
mkdir -p "$out/src"
: > "$out/build.log"
inc="-Iinclude -Iinclude/hpar/compat -Iruntime/include -Itest/exec"
nvcc=${HPAR_NVCC:-/usr/local/cuda/bin/nvcc}
driver=build/bin/hpar-c++
[ -x "$driver" ] || { echo "build-gpu-tests: $driver not found: build hpar first" >&2; exit 1; }
# flags OPTION BUILD [VAR=VALUE...]: what `hpar-c++ --hpar-print-OPTION=BUILD` prints, one line in
# a shell's quoting (eval splits it back into words).
flags() {
  local option=$1 build=$2; shift 2
  env "$@" "$driver" "--hpar-print-$option=$build" ||
    { echo "build-gpu-tests: $driver --hpar-print-$option=$build failed" >&2; return 1; }
}
# The runs for sm_90; GCC 12's nvptx code is sm_80's (Builds.def). The programs are linked without
# the builds' link flags: the offload runtimes they load are carried beside them.
cuda_flags=$(flags flags cuda HPAR_CUDA_ARCH=90) || exit 1
cuda_translate=$(flags translate-flags cuda) || exit 1
gcc_flags=$(flags flags openmp-nvptx-gcc HPAR_CXX=g++-12) || exit 1
# One OpenMP translation serves both compilers: their builds translate alike.
omp_translate=$(flags translate-flags openmp-nvptx-gcc HPAR_CXX=g++-12) || exit 1
if [ "$omp_translate" != "$(flags translate-flags openmp-nvptx-clang HPAR_CXX=clang++-19)" ]; then
  echo "build-gpu-tests: openmp-nvptx-clang and openmp-nvptx-gcc translate differently (Builds.def)" >&2
  exit 1
fi

if wants cuda-src; then
  mkdir -p "$out/include" "$out/exec"
  cp -r include/. runtime/include/. "$out/include/"
  cp test/exec/*.hpp "$out/exec/"
fi
clang_flags=""
if wants omp-clang; then
  clang_dir=$(scripts/setup-clang-offload.sh --pack) || exit 1
  clang_flags=$(scripts/setup-clang-offload.sh --flags)
  cp "$clang_dir/runtime.tar.xz" "$out/clang-rt.tar.xz"
fi
if wants omp-gcc; then
  if ! dpkg-query -W -f='${Status}' gcc-12-offload-nvptx 2>/dev/null | grep -q "install ok installed"; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc-12-offload-nvptx >/dev/null
  fi
  cp /usr/lib/x86_64-linux-gnu/libgomp.so.1 /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$out/"
fi

build_one() {
  local src=$1 name
  name=$(basename "$src" .cpp)
  local backends
  backends=$(sed -n 's|^// HPAR-EXEC:||p' "$src" | head -n 1)
  has() { [[ " $backends " == *" $1 "* ]]; }
  if has cuda && { wants cuda-src || wants cuda; }; then
    eval "local translate_flags=($cuda_translate)"
    build/bin/hpar-translate --backend=cuda "$src" -o "$out/src/$name.hpar.cu" \
      ${translate_flags[0]+-- "${translate_flags[@]}"} ||
      echo "BUILD-FAILED $name.cuda (translation)"
    if wants cuda && [ -f "$out/src/$name.hpar.cu" ]; then
      eval "local nvcc_flags=($cuda_flags)"
      "$nvcc" -std=c++17 -O3 "${nvcc_flags[@]}" -cudart static \
        $inc "$out/src/$name.hpar.cu" -o "$out/$name.cuda" > "$out/$name.cuda.build.log" 2>&1 ||
        echo "BUILD-FAILED $name.cuda"
    fi
  fi
  if { has omp-clang && wants omp-clang; } || { has omp-gcc && wants omp-gcc; }; then
    # For the GPU: Kokkos with OpenMPTarget (KOKKOS_ENABLE_OPENMPTARGET; hpar/rt/openmp/config.hpp).
    eval "local translate_flags=($omp_translate)"
    build/bin/hpar-translate --backend=openmp "$src" -o "$out/src/$name.hpar.cpp" \
      -- -std=c++17 "${translate_flags[@]}" ||
      echo "BUILD-FAILED $name.omp (translation)"
  fi
  if has omp-clang && wants omp-clang && [ -f "$out/src/$name.hpar.cpp" ]; then
    clang++-19 -std=c++17 -O2 $clang_flags $inc "$out/src/$name.hpar.cpp" -o "$out/$name.omp-clang" \
      > "$out/$name.omp-clang.build.log" 2>&1 || echo "BUILD-FAILED $name.omp-clang"
  fi
  if has omp-gcc && wants omp-gcc && [ -f "$out/src/$name.hpar.cpp" ]; then
    eval "local offload_flags=($gcc_flags)"
    g++-12 -std=c++17 -O2 "${offload_flags[@]}" \
      $inc "$out/src/$name.hpar.cpp" -o "$out/$name.omp-gcc" \
      > "$out/$name.omp-gcc.build.log" 2>&1 || echo "BUILD-FAILED $name.omp-gcc"
  fi
  return 0
}
export -f build_one wants; export out inc nvcc builds clang_flags cuda_flags cuda_translate gcc_flags omp_translate
for src in test/exec/*.cpp; do
  name=$(basename "$src" .cpp)
  [ -z "$only" ] || [[ ",$only," == *",$name,"* ]] || continue
  echo "$src"
done | xargs -P "$(nproc)" -I{} bash -c 'build_one {}' 2>&1 | tee -a "$out/build.log"
# The build logs of programs that built are of no use there.
for log in "$out"/*.build.log; do
  [ -e "$log" ] || continue
  grep -q "BUILD-FAILED $(basename "$log" .build.log)\$" "$out/build.log" || rm -f "$log"
done
cp scripts/run-gpu-tests.sh scripts/sanitize-gpu-tests.sh "$out/"
# The cuda build's flags (Builds.def), for run-gpu-tests.sh's compiles of the translated sources.
echo "$cuda_flags" > "$out/cuda-flags"
echo "build-gpu-tests: $(grep -c BUILD-FAILED "$out/build.log") build failures; $(du -sh "$out" | cut -f1) in $out"
