#!/usr/bin/python3
"""Compares the output of a differential-testing build with the expected (serial) output,
program by program.

An output holds one section per program, starting with `== program <seed>`, and ends with
`== end`. A program matches when its section is identical to the expected one. A program whose
section is missing (the build stopped before it) is reported as not run.

Usage: compare.py EXPECTED ACTUAL [--map FILE.cpp.map] [--source FILE.cpp] [--build NAME]
Prints one line per mismatching program and exits 1 if there is any.
"""
import argparse
import sys


def sections(text):
    """seed -> list of lines, and whether the output reached `== end`."""
    out = {}
    cur = None
    ended = False
    for line in text.splitlines():
        if line.startswith("== program "):
            cur = int(line.split()[2])
            out[cur] = []
        elif line == "== end":
            ended = True
            cur = None
        elif cur is not None:
            out[cur].append(line)
    return out, ended


def read_map(path):
    where = {}
    try:
        with open(path) as f:
            for line in f:
                s, ln = line.split()
                where[int(s)] = int(ln)
    except OSError:
        pass
    return where


def compare(expected_text, actual_text, seeds=None):
    """A list of (seed, message) for the programs whose sections differ."""
    exp, exp_end = sections(expected_text)
    act, act_end = sections(actual_text)
    problems = []
    if seeds is None:
        seeds = list(exp)
    for s in seeds:
        if s not in exp:
            problems.append((s, "missing from the expected output"))
            continue
        if s not in act:
            problems.append((s, "not run (the program stopped earlier)"))
            continue
        e, a = exp[s], act[s]
        if e == a:
            continue
        if s == max(act) and not act_end:
            problems.append((s, "stopped in this program" + (f" after: {a[-1]}" if a else "")))
            continue
        for n in range(max(len(e), len(a))):
            el = e[n] if n < len(e) else "<nothing>"
            al = a[n] if n < len(a) else "<nothing>"
            if el != al:
                problems.append((s, f"expected '{el}', got '{al}'"))
                break
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("expected")
    ap.add_argument("actual")
    ap.add_argument("--map")
    ap.add_argument("--source", default="")
    ap.add_argument("--build", default="")
    a = ap.parse_args()
    with open(a.expected, errors="replace") as f:
        exp = f.read()
    try:
        with open(a.actual, errors="replace") as f:
            act = f.read()
    except OSError:
        act = ""
    where = read_map(a.map) if a.map else {}
    problems = compare(exp, act)
    for s, msg in problems:
        loc = f"{a.source}:{where[s]}" if s in where else a.source
        print(f"MISMATCH program {s} ({loc}) on {a.build}: {msg}")
    n = len(sections(exp)[0])
    print(f"{a.build}: {n - len(problems)} of {n} programs match")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
