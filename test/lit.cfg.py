# lit configuration for hpar. Run through `lit build/test` (see README.md).
#
# Features (REQUIRES:): clang-openmp, gcc-openmp (host OpenMP builds), nvcc (CUDA compiler
# present), gpu (an NVIDIA GPU is usable: set HPAR_TEST_GPU=1 or have nvidia-smi succeed).
import os
import shutil
import subprocess
import sys

import lit.formats

sys.path.insert(0, os.path.dirname(__file__))
from hpar_exec_format import HparExecFormat  # noqa: E402

config.name = "hpar"
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "cmake", "hpar_exec_format.py", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hpar_obj_root, "test")
config.test_format = lit.formats.ShTest(execute_external=False)
for var in ["PATH", "HOME", "LD_LIBRARY_PATH", "HPAR_TEST_GPU", "CUDA_VISIBLE_DEVICES"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]


def have(path):
    return path and os.path.exists(path)


clangxx = shutil.which("clang++-19") or os.path.join(config.llvm_root, "bin", "clang++")
gxx = shutil.which("g++")
nvcc = os.environ.get("HPAR_NVCC", "/usr/local/cuda/bin/nvcc")
if have(clangxx):
    config.available_features.add("clang-openmp")
if gxx:
    config.available_features.add("gcc-openmp")
if have(nvcc):
    config.available_features.add("nvcc")
gpu = os.environ.get("HPAR_TEST_GPU") == "1"
if not gpu and shutil.which("nvidia-smi"):
    gpu = subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0
if gpu:
    config.available_features.add("gpu")

inc = "-I{0}/include -I{0}/include/hpar/compat -I{0}/runtime/include".format(config.hpar_src_root)
config.hpar_tools = {
    "translate": os.path.join(config.hpar_obj_root, "bin", "hpar-translate"),
    "filecheck": os.path.join(config.llvm_root, "bin", "FileCheck"),
    "clangxx": clangxx,
    "gxx": gxx,
    "nvcc": nvcc,
    "include": inc,
    "src_root": config.hpar_src_root,
    "llvm_lib": os.path.join(config.llvm_root, "lib"),
}
config.substitutions.append(("%hpar-translate", config.hpar_tools["translate"]))
config.substitutions.append(("%FileCheck", config.hpar_tools["filecheck"]))
config.substitutions.append(("%hpar-inc", inc))
config.substitutions.append(("%clangxx-omp",
                             clangxx + " -std=c++17 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu " + inc))
config.substitutions.append(("%gxx-omp", "{} -std=c++17 -fopenmp -foffload=disable {}".format(gxx, inc)))
config.substitutions.append(("%nvcc",
                             nvcc + " -std=c++17 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr " + inc))
config.substitutions.append(("%hpar-src", config.hpar_src_root))
config.substitutions.append(("%hpar-obj", config.hpar_obj_root))
config.environment["LD_LIBRARY_PATH"] = config.hpar_tools["llvm_lib"] + ":" + config.environment.get("LD_LIBRARY_PATH", "")
