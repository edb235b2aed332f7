"""lit test format for hpar's self-checking execution programs.

Each program in test/exec names the backends it runs on in a line
    // HPAR-EXEC: serial omp-clang omp-gcc cuda
and becomes one lit test per backend (exec/range_for.cpp/cuda, ...):

  serial     the untranslated program built with g++ (the reference semantics)
  omp-clang  hpar-translate --backend=openmp, built with clang++ -fopenmp, host fallback
  omp-gcc    hpar-translate --backend=openmp, built with g++ -fopenmp, host fallback
  cuda       hpar-translate --backend=cuda, built with nvcc; run only where a GPU is present
             (elsewhere only compiled, the host side at -O0)

A program passes when it exits 0 and prints PASSED. A program with a line
    // HPAR-EXEC-FAILS: <text>
must instead stop with a non-zero status and print <text>; translated builds must also name
the failing kernel ("kernel 'hpar_...'") and its source line. With
    // HPAR-EXEC-FAILS-BEFORE-KERNELS: <text>
the program stops before any kernel (a policy's constructor), so no kernel is named.
"""
import fcntl
import glob
import os
import re
import subprocess

import lit.formats.base
import lit.Test

REQUIRES = {"serial": [], "omp-clang": ["clang-openmp"], "omp-gcc": ["gcc-openmp"], "cuda": ["nvcc"]}


def backends_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*//\s*HPAR-EXEC:(.*)", line)
            if m:
                return m.group(1).split()
    return []


def expected_failure(path):
    """(text, whether a translated build must name a kernel), or None."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*//\s*HPAR-EXEC-FAILS(-BEFORE-KERNELS)?:\s*(.*\S)", line)
            if m:
                return m.group(2), m.group(1) is None
    return None


def translation(src, output_dir, tools, run_id, env):
    """The OpenMP output of `src` for this run of the suite, which its omp-clang and omp-gcc
    tests share: the first to get here translates it (under a lock), the other reads it. Returns
    (path or None, log)."""
    stem = os.path.join(output_dir, os.path.basename(src) + ".openmp")
    path = f"{stem}.{run_id}.hpar.cpp"
    with open(stem + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(path):
            return path, f"(the OpenMP output of this run: {path})"
        for old in glob.glob(glob.escape(stem) + ".*.hpar.cpp"):  # earlier runs'
            os.remove(old)
        cmd = f"{tools['translate']} --backend=openmp {src} -o {path}.part"
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=600, env=env)
        log = "$ " + cmd + "\n" + p.stdout + p.stderr
        if p.returncode != 0:
            return None, log + f"exit status {p.returncode}"
        os.replace(path + ".part", path)
        return path, log


def commands(backend, src, work, tools, gpu, translated=None):
    """The shell commands that build (and run) one program on one backend; `translated`: the
    OpenMP output already made for it (translation)."""
    exe = os.path.join(work, "prog")
    inc = tools["include"]
    if backend == "serial":
        return [f"{tools['gxx']} -std=c++17 -O2 -Wall {inc} {src} -o {exe}", exe]
    if backend in ("omp-clang", "omp-gcc"):
        # The OpenMP output is the same for both compilers: translated once per run (translation).
        out = translated or os.path.join(work, "prog.hpar.cpp")
        cxx = f"{tools['clangxx_omp' if backend == 'omp-clang' else 'gxx_omp']} -O2"
        return ([] if translated else [f"{tools['translate']} --backend=openmp {src} -o {out}"]) + [
            f"{cxx} {inc} -I{os.path.dirname(src)} {out} -o {exe}", exe]
    if backend == "cuda":
        out = os.path.join(work, "prog.hpar.cu")
        cmds = [f"{tools['translate']} --backend=cuda {src} -o {out}"]
        if gpu:
            return cmds + [f"{tools['nvcc_cuda']} {inc} -I{os.path.dirname(src)} -O3 {out} -o {exe}",
                           exe]
        # Compile only, where no GPU can run it: the cuda-check build (rewriter/emit/Builds.def),
        # every phase run (cudafe++, cicc, ptxas for sm_90, the host compiler) rejecting what it
        # would reject at full optimisation, the device side's cicc at -O2; the host compiler
        # checks the host side without generating code (-fsyntax-only: half of its time, and
        # nvcc writes no object, which nothing would run).
        return cmds + [f"{tools['nvcc_check']} {inc} -I{os.path.dirname(src)} -O0 "
                       f"-Xcompiler -fsyntax-only -c {out} -o {exe}.o"]
    raise ValueError(backend)


class HparExecFormat(lit.formats.base.TestFormat):
    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        source_path = testSuite.getSourcePath(path_in_suite)
        for name in sorted(os.listdir(source_path)):
            path = os.path.join(source_path, name)
            if not name.endswith(".cpp") or not os.path.isfile(path):
                continue
            for backend in backends_of(path):
                yield lit.Test.Test(testSuite, path_in_suite + (name, backend), localConfig,
                                    file_path=path)

    def getTestsForPath(self, testSuite, path_in_suite, litConfig, localConfig):
        """A program named on lit's command line: one test per backend it names."""
        path = testSuite.getSourcePath(path_in_suite)
        for backend in backends_of(path):
            yield lit.Test.Test(testSuite, path_in_suite + (backend,), localConfig, file_path=path)

    def execute(self, test, litConfig):
        backend = test.path_in_suite[-1]
        if backend not in REQUIRES:
            return lit.Test.Result(lit.Test.FAIL, f"unknown backend '{backend}'")
        missing = [f for f in REQUIRES[backend] if f not in test.config.available_features]
        if missing:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "missing: " + ", ".join(missing))
        src = test.getFilePath()
        work = os.path.join(test.suite.getExecPath(test.path_in_suite[:-2]), "Output",
                            test.path_in_suite[-2] + "." + backend)
        os.makedirs(work, exist_ok=True)
        gpu = "gpu" in test.config.available_features
        failure = expected_failure(src)
        log = []
        translated = None
        if backend in ("omp-clang", "omp-gcc"):
            translated, text = translation(src, os.path.dirname(work), test.config.hpar_tools,
                                           test.config.hpar_run_id, test.config.environment)
            log.append(text)
            if not translated:
                return lit.Test.Result(lit.Test.FAIL, "\n".join(log))
        cmds = commands(backend, src, work, test.config.hpar_tools, gpu, translated)
        runs_program = not (backend == "cuda" and not gpu)
        for n, cmd in enumerate(cmds):
            log.append("$ " + cmd)
            if failure and runs_program and n == len(cmds) - 1:
                p = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=600,
                                   env=test.config.environment)
                out = p.stdout + p.stderr
                log.append(out)
                text, names_kernel = failure
                ok = p.returncode != 0 and text in out and "PASSED" not in p.stdout
                if backend != "serial" and names_kernel:
                    ok = ok and "kernel 'hpar_" in out and os.path.basename(src) + ":" in out
                return lit.Test.Result(lit.Test.PASS if ok else lit.Test.FAIL,
                                       "\n".join(log) + ("" if ok else "\nexpected failure not seen"))
            try:
                p = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=600,
                                   env=test.config.environment)
            except subprocess.TimeoutExpired:
                log.append("timed out")
                return lit.Test.Result(lit.Test.FAIL, "\n".join(log))
            log.append(p.stdout + p.stderr)
            if p.returncode != 0:
                log.append(f"exit status {p.returncode}")
                return lit.Test.Result(lit.Test.FAIL, "\n".join(log))
        if runs_program and "PASSED" not in p.stdout:
            return lit.Test.Result(lit.Test.FAIL, "\n".join(log) + "\nno PASSED line")
        return lit.Test.Result(lit.Test.PASS, "\n".join(log))
