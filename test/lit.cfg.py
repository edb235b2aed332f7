# lit configuration for hpar. Run through `lit build/test` (see README.md).
#
# Features (REQUIRES:): clang-openmp, gcc-openmp (host OpenMP builds), nvcc (CUDA compiler
# present), gpu (an NVIDIA GPU is usable: set HPAR_TEST_GPU=1 or have nvidia-smi succeed),
# libfuzzer and clang-asan (clang-19's libFuzzer and AddressSanitizer runtimes are installed:
# libclang-rt-19-dev), make.
import os
import shutil
import subprocess
import sys
import time

import lit.formats

sys.path.insert(0, os.path.dirname(__file__))
from hpar_exec_format import HparExecFormat  # noqa: E402

config.name = "hpar"
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "cmake", "hpar_exec_format.py", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hpar_obj_root, "test")
config.test_format = lit.formats.ShTest(execute_external=False)
# This run of the suite: what its tests share (the OpenMP output of an execution program, which
# its omp-clang and omp-gcc tests both build, hpar_exec_format.py) is not taken from another run.
config.hpar_run_id = "{}-{}".format(os.getpid(), time.time_ns())
for var in ["PATH", "HOME", "HPAR_TEST_GPU", "CUDA_VISIBLE_DEVICES"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]


def have(path):
    return path and os.path.exists(path)


clangxx = shutil.which("clang++-19") or os.path.join(config.llvm_root, "bin", "clang++")
gxx = shutil.which("g++")
nvcc = os.environ.get("HPAR_NVCC", "/usr/local/cuda/bin/nvcc")
if have(clangxx):
    config.available_features.add("clang-openmp")
hpar_cxx = os.path.join(config.hpar_obj_root, "bin", "hpar-c++")


def build_flags(what, build, cxx=None):
    """What `hpar-c++ --hpar-print-<what>=<build>` prints: the flags of one build of
    rewriter/emit/Builds.def (the one place that spells them), as one line for a shell."""
    env = dict(os.environ, HPAR_CUDA_ARCH="90")
    if cxx:
        env["HPAR_CXX"] = cxx
    p = subprocess.run([hpar_cxx, "--hpar-print-{}={}".format(what, build)],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        lit_config.fatal("{} --hpar-print-{}={} failed (build hpar first): {}".format(
            hpar_cxx, what, build, p.stderr.strip()))
    return p.stdout.strip()


# clang's OpenMP build for the host: its link flags give the program an rpath to LLVM's OpenMP
# runtime, found without LD_LIBRARY_PATH (the suite does not set it, so a missing rpath fails).
clang_omp = "{} -std=c++17 {} {}".format(
    clangxx, build_flags("flags", "openmp-host-clang", clangxx),
    build_flags("link-flags", "openmp-host-clang", clangxx))
gcc_omp = "{} -std=c++17 {}".format(gxx, build_flags("flags", "openmp-host-gcc", gxx))
# CUDA for sm_90; the "check" build for a compile that is not run (cicc at -O2: Builds.def).
nvcc_cuda = "{} -std=c++17 {}".format(nvcc, build_flags("flags", "cuda"))
nvcc_check = "{} -std=c++17 {}".format(nvcc, build_flags("flags", "cuda-check"))
if gxx:
    config.available_features.add("gcc-openmp")


def have_clang_runtime(cxx, name):
    """True when clang's runtime `name` is installed: fuzzer (the fuzz target of fuzz/ links
    it), asan (-fsanitize=address)."""
    if not have(cxx):
        return False
    p = subprocess.run([cxx, "-print-resource-dir"], capture_output=True, text=True)
    lib = os.path.join(p.stdout.strip(), "lib")
    return any(os.path.exists(os.path.join(lib, path))
               for path in ("linux/libclang_rt.{}-x86_64.a".format(name),
                            "x86_64-pc-linux-gnu/libclang_rt.{}.a".format(name)))


# The OpenMP host builds run with the OpenMP runtime's defaults (a thread per processor); a team
# policy may still ask for teams of up to 64 threads on machines of 2 cores (docs/design.md
# section 8: a team is a parallel region, given the threads it asks for).

# OpenMP offload to NVIDIA GPUs, built here (and run where a GPU is present): clang with the
# CUDA 11.8 folder of scripts/setup-clang-offload.sh (test.sh makes it in build/clang-nvptx),
# GCC with its nvptx offload compiler.
clang_nvptx_cuda = os.path.join(config.hpar_obj_root, "clang-nvptx", "cuda")
if have(clangxx) and have(os.path.join(clang_nvptx_cuda, "bin", "ptxas")):
    config.available_features.add("clang-nvptx")
if shutil.which("dpkg-query") and gxx and subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", "gcc-12-offload-nvptx"],
        capture_output=True, text=True).stdout.startswith("install ok installed"):
    config.available_features.add("gcc-nvptx")
config.substitutions.append(("%clang-nvptx-cuda", clang_nvptx_cuda))

if have_clang_runtime(clangxx, "fuzzer"):
    config.available_features.add("libfuzzer")
if have_clang_runtime(clangxx, "asan"):
    config.available_features.add("clang-asan")
if have(nvcc):
    config.available_features.add("nvcc")
gpu = os.environ.get("HPAR_TEST_GPU") == "1"
if not gpu and shutil.which("nvidia-smi"):
    gpu = subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0
if gpu:
    config.available_features.add("gpu")
if shutil.which("make"):
    config.available_features.add("make")
if shutil.which("dpkg-query"):
    config.available_features.add("dpkg")

inc = "-I{0}/include -I{0}/include/hpar/compat -I{0}/runtime/include".format(config.hpar_src_root)
config.hpar_tools = {
    "translate": os.path.join(config.hpar_obj_root, "bin", "hpar-translate"),
    "filecheck": os.path.join(config.llvm_root, "bin", "FileCheck"),
    "clangxx": clangxx,
    "clangxx_omp": clang_omp,
    "gxx": gxx,
    "gxx_omp": gcc_omp,
    "nvcc": nvcc,
    "nvcc_cuda": nvcc_cuda,
    "nvcc_check": nvcc_check,
    "include": inc,
    "src_root": config.hpar_src_root,
}
config.substitutions.append(("%hpar-translate", config.hpar_tools["translate"]))
config.substitutions.append(("%hpar-cxx", os.path.join(config.hpar_obj_root, "bin", "hpar-c++")))
config.substitutions.append(("%FileCheck", config.hpar_tools["filecheck"]))
config.substitutions.append(("%hpar-inc", inc))
config.substitutions.append(("%clangxx-omp", clang_omp + " " + inc))
config.substitutions.append(("%clangxx", clangxx))
config.substitutions.append(("%gxx-omp", gcc_omp + " " + inc))
# The translate tests compile CUDA output without running it: the cuda-check build, every phase
# run with cicc (the device side) at -O2 (as the cuda execution tests on a machine without a GPU,
# hpar_exec_format.py).
# %nvcc-syntax, where the object is not used: the same with the host compiler checking the host
# side without generating code (-fsyntax-only, half its time; nvcc writes no object). Before
# %nvcc, which it begins with.
config.substitutions.append(("%nvcc-syntax", nvcc_check + " -Xcompiler -fsyntax-only " + inc))
config.substitutions.append(("%nvcc", nvcc_check + " " + inc))
config.substitutions.append(("%hpar-src", config.hpar_src_root))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%lit", os.path.join(config.llvm_root, "build", "utils", "lit", "lit.py")))
config.substitutions.append(("%hpar-obj", config.hpar_obj_root))
