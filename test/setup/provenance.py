"""Checks that every program the test suite and the quickstart run is installed by set-up.

A program passes when the file it resolves to belongs to
  - a package that scripts/bootstrap.sh installs, or one those packages depend on (Depends and
    Pre-Depends, followed recursively; for "a | b" the first choice, which is what apt installs
    on a machine that has neither), or
  - the base system of a new Debian machine (packages that are Essential or of Priority required),
or lies under the CUDA toolkit's folder, which the machines this project targets provide.
Anything else (a package only recommended, one installed by hand, a file of no package) is
reported, and the exit status is 1.

The programs checked are the ones named with --tool, the first word of every command of every
RUN line under --tests (lit substitutions, which start with '%', are passed as --tool instead),
and what each --driver compiler runs to build an OpenMP program (read from its -### output).

usage: provenance.py --bootstrap scripts/bootstrap.sh --tests test --cuda /usr/local/cuda
                     [--tool PROGRAM]... [--driver "COMPILER FLAGS"]...
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

# Words of a RUN line that lit's shell runs itself, or that are shell syntax, not programs.
LIT_BUILTINS = {"cd", "echo", "export", "rm", "mkdir", "env", "not", "diff", "cat", "true",
                "false", ":", "%if", "%{", "%}", "%else"}


def installed_packages():
    """Package name -> (essential_or_required, provides, dependency groups) for installed ones."""
    fmt = "${Package}\t${db:Status-Abbrev}\t${Essential}\t${Priority}\t${Provides}\t" \
          "${Pre-Depends}\t${Depends}\n"
    out = subprocess.run(["dpkg-query", "-W", "-f=" + fmt], capture_output=True, text=True,
                         check=True).stdout
    packages = {}
    for line in out.splitlines():
        name, status, essential, priority, provides, pre, deps = (line.split("\t") + [""] * 7)[:7]
        if not status.startswith("ii"):
            continue
        groups = [[bare(alt) for alt in group.split("|")]
                  for group in (pre + "," + deps).split(",") if group.strip()]
        packages[name] = (essential == "yes" or priority == "required",
                          [bare(p) for p in provides.split(",") if p.strip()], groups)
    return packages


def bare(dependency):
    """'python3:any (>= 3.11)' -> 'python3'."""
    return re.split(r"[\s(:]", dependency.strip(), maxsplit=1)[0]


def closure(roots, packages):
    """The packages installing `roots` brings in, as apt would on a machine without them."""
    providers = {}
    for name, (_, provides, _) in packages.items():
        for virtual in provides:
            providers.setdefault(virtual, []).append(name)
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in packages:
            todo.extend(providers.get(name, []))  # a virtual package: what provides it here
            continue
        for group in packages[name][2]:
            todo.append(group[0])
    return seen


def owner(path):
    """The package that installed `path`, or None. Tries the /usr-merged twin of the path too."""
    candidates = [path]
    if path.startswith("/usr/bin/") or path.startswith("/usr/sbin/") or path.startswith("/usr/lib/"):
        candidates.append(path[len("/usr"):])
    elif path.startswith(("/bin/", "/sbin/", "/lib/")):
        candidates.append("/usr" + path)
    for candidate in candidates:
        p = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if p.returncode == 0:
            return p.stdout.split(":")[0].split(",")[0].strip()
    return None


def run_line_programs(tests_dir):
    """program name -> a RUN line that runs it, for every test file under tests_dir."""
    found = {}
    for folder, _, files in os.walk(tests_dir):
        for name in files:
            if not name.endswith((".cpp", ".test")):
                continue
            path = os.path.join(folder, name)
            # Test inputs may hold any bytes (fuzzer-found crash inputs do); RUN lines are ASCII.
            with open(path, encoding="utf-8", errors="replace") as f:
                for command in run_commands(f):
                    for word in first_words(command):
                        found.setdefault(word, f"{path}: {command}")
    return found


def run_commands(lines):
    """The commands of a test file's RUN lines, with continued lines ('\\' at the end) joined."""
    command = ""
    for line in lines:
        m = re.search(r"(?://|#)\s*RUN:\s*(.*)", line)
        if not m:
            continue
        text = m.group(1).rstrip()
        command += " " + text.rstrip("\\")
        if not text.endswith("\\"):
            yield command.strip()
            command = ""


def first_words(command):
    """The programs a lit RUN command runs: the first word of each pipeline stage."""
    words = []
    command = command.replace("%{", " ; ").replace("%}", " ; ")
    for stage in re.split(r"\|\||&&|\||;", command):
        tokens = [t for t in stage.split() if not re.match(r"^\d*>|^<|^2>&1$", t)]
        while tokens and (tokens[0] in ("not", "env", "%if") or "=" in tokens[0]):
            skip = tokens.pop(0)
            if skip == "%if" and tokens:
                tokens.pop(0)  # the feature name
            while skip == "env" and tokens and tokens[0] == "-u":  # env -u NAME [-u NAME...]
                tokens = tokens[2:]
        if tokens and not tokens[0].startswith("%") and tokens[0] not in LIT_BUILTINS:
            words.append(tokens[0])
    return words


def driver_programs(driver):
    """What a compiler command line runs to build and link a small OpenMP program."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.cpp")
        with open(src, "w") as f:
            f.write("int main() { return 0; }\n")
        p = subprocess.run(shlex.split(driver) + ["-###", src, "-o", os.path.join(tmp, "probe")],
                           capture_output=True, text=True)
    programs = []
    for line in p.stderr.splitlines():
        m = re.match(r'^\s*"([^"]+)"\s', line) or re.match(r"^ (\S+) ", line)
        if m:
            programs.append(m.group(1))
    compiler = shlex.split(driver)[0]
    linker = subprocess.run([compiler, "-print-prog-name=ld"], capture_output=True, text=True)
    programs.append(linker.stdout.strip() or "ld")
    return programs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bootstrap", required=True)
    parser.add_argument("--tests", required=True)
    parser.add_argument("--cuda", default="/usr/local/cuda")
    parser.add_argument("--tool", action="append", default=[])
    parser.add_argument("--driver", action="append", default=[])
    args = parser.parse_args()

    listed = subprocess.run(["bash", args.bootstrap, "--list-packages"], capture_output=True,
                            text=True, check=True).stdout.split()
    packages = installed_packages()
    provided = closure(listed, packages)
    base = {name for name, (required, _, _) in packages.items() if required}
    cuda = os.path.realpath(args.cuda)

    wanted = {tool: "--tool" for tool in args.tool}
    wanted.update({p: f"run by {d}" for d in args.driver for p in driver_programs(d)})
    wanted.update(run_line_programs(args.tests))

    failures = 0
    for program, why in sorted(wanted.items()):
        path = shutil.which(program)
        if not path:
            print(f"MISSING {program}: not found on PATH ({why})")
            failures += 1
            continue
        real = os.path.realpath(path)
        if real.startswith(cuda + os.sep):
            print(f"ok      {program}: CUDA toolkit")
            continue
        package = owner(real) or owner(os.path.abspath(path))
        if package in provided:
            print(f"ok      {program}: {package} (installed by bootstrap.sh)")
        elif package in base:
            print(f"ok      {program}: {package} (base system)")
        else:
            print(f"MISSING {program}: {real} comes from "
                  f"{'package ' + package if package else 'no package'}, which bootstrap.sh "
                  f"does not install ({why})")
            failures += 1
    print(f"{len(wanted) - failures} of {len(wanted)} programs installed by set-up")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
