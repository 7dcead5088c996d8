#!/usr/bin/env python3
"""Checks that two scorer runs of the same suite reported the same races, test by test.

usage: compare_modes.py DIR_A DIR_B

DIR_A and DIR_B are rmarace-bench --keep-output directories (one log per test). A race is the
unordered pair of file:line locations of its two accesses, taken from each report's two access
lines; a test's races are the set of such pairs. Used to show that selective instrumentation is
sound: full mode, which instruments every access, must not find a race that selective mode misses
(and selective mode must not find one that full mode does not).
"""
import os
import re
import sys

HEADER = re.compile(r"^WARNING: rmarace: data race")
LOCATION = re.compile(r": (\S+:\d+) \(in ")


def races(log_path):
    """The set of unordered location pairs reported in one test's log."""
    with open(log_path, errors="replace") as f:
        lines = f.read().splitlines()
    pairs = set()
    for i, line in enumerate(lines):
        if not HEADER.match(line):
            continue
        locations = [m.group(1) for m in (LOCATION.search(x) for x in lines[i + 1:i + 3]) if m]
        if len(locations) != 2:
            raise SystemExit(f"{log_path}:{i + 1}: a race report without two access locations")
        pairs.add(tuple(sorted(locations)))
    return pairs


def logs(root):
    found = {}
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".log"):
                path = os.path.join(directory, name)
                found[os.path.relpath(path, root)] = path
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    a, b = logs(argv[1]), logs(argv[2])
    if not a:
        print(f"no test logs in {argv[1]}", file=sys.stderr)
        return 1
    problems = []
    for test in sorted(set(a) ^ set(b)):
        problems.append(f"{test}: logged in only one of the runs")
    compared = 0
    for test in sorted(set(a) & set(b)):
        races_a, races_b = races(a[test]), races(b[test])
        compared += 1
        for pair in sorted(races_a - races_b):
            problems.append(f"{test}: only {argv[1]} reports {pair[0]} / {pair[1]}")
        for pair in sorted(races_b - races_a):
            problems.append(f"{test}: only {argv[2]} reports {pair[0]} / {pair[1]}")
    for problem in problems:
        print(problem)
    print(f"{compared} tests compared, {len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
