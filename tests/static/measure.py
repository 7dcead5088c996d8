#!/usr/bin/env python3
"""Measures the compile-time local buffer check (docs/static-check.md) on the labelled suite.

Compiles every test of the given suite directories (and its companion files) with the wrapper, only
to objects, and reads the `[-Wrmarace-local-buffer]` warnings and their notes:

- a warning on a racy test is a true positive when its line and its note's line are the two lines
  of the test's RACE_PAIR (the access and the RMA call), otherwise a false positive;
- every warning on a race-free test is a false positive.

Prints per model: the local (and all) racy tests, the tests found, recall, false positives and
precision. With --race-free-only, compiles only the race-free tests and fails when any of them gets
a warning (the CTest test). Exit status: 0, or 1 on false positives with --race-free-only or
--fail-on-false-positives, 2 on compile errors."""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from bench.labels import discover  # noqa: E402
from bench.runner import thread_flags  # noqa: E402

WARNING = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: (?:warning|error): (?P<text>.*) "
                     r"\[(?:-Werror,)?-Wrmarace-local-buffer\]$")
NOTE = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: note: ")


def parse_warnings(output):
    """The (access, call) locations of the diagnostics in a compiler's output, as (file, line)."""
    found = []
    lines = output.splitlines()
    for index, text in enumerate(lines):
        warning = WARNING.match(text)
        if not warning:
            continue
        note = NOTE.match(lines[index + 1]) if index + 1 < len(lines) else None
        call = (os.path.basename(note["file"]), int(note["line"])) if note else None
        found.append(((os.path.basename(warning["file"]), int(warning["line"])), call))
    return found


def compile_test(test, cc, cflags, workdir):
    """Compiles the test and its companions to objects; returns (diagnostics, errors)."""
    diagnostics, errors = [], []
    for index, source in enumerate(test.sources):
        command = [cc] + cflags + thread_flags(test.sources) + [
            "-c", source, "-o", os.path.join(workdir, "%s.%d.o" % (test.stem, index))]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            errors.append("%s: %s" % (source, result.stderr.strip()))
        diagnostics += parse_warnings(result.stderr)
    return diagnostics, errors


def matches(test, diagnostic):
    """Whether a diagnostic names the two labelled lines of a racy test."""
    access, call = diagnostic
    labelled = {(pair.file, pair.line) for pair in test.pair}
    return call is not None and {access, call} == labelled


def measure(tests, cc, cflags, jobs):
    with tempfile.TemporaryDirectory(prefix="rmarace-static-") as workdir:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda t: compile_test(t, cc, cflags, workdir), tests))
    rows = {}
    for test, (diagnostics, errors) in zip(tests, results):
        row = rows.setdefault(test.model, {"racy": 0, "local": 0, "race_free": 0, "found": 0,
                                           "false_positives": 0, "compile_errors": 0,
                                           "found_tests": [], "false_positive_tests": []})
        row["compile_errors"] += len(errors)
        for error in errors:
            print("compile error: %s" % error, file=sys.stderr)
        if test.racy:
            row["racy"] += 1
            row["local"] += test.kind == "local"
            if any(matches(test, d) for d in diagnostics):
                row["found"] += 1
                row["found_tests"].append(os.path.relpath(test.path, ROOT))
            elif diagnostics:
                row["false_positives"] += 1
                row["false_positive_tests"].append(os.path.relpath(test.path, ROOT))
        else:
            row["race_free"] += 1
            if diagnostics:
                row["false_positives"] += 1
                row["false_positive_tests"].append(os.path.relpath(test.path, ROOT))
    return rows


def ratio(numerator, denominator):
    return "%.2f" % (numerator / denominator) if denominator else "-"


def print_table(rows):
    print("%-6s %5s %5s %9s %5s %12s %12s %3s %9s" % (
        "model", "racy", "local", "race-free", "found", "recall/local", "recall/racy", "FP",
        "precision"))
    for model, row in sorted(rows.items()):
        print("%-6s %5d %5d %9d %5d %12s %12s %3d %9s" % (
            model, row["racy"], row["local"], row["race_free"], row["found"],
            ratio(row["found"], row["local"]), ratio(row["found"], row["racy"]),
            row["false_positives"],
            ratio(row["found"], row["found"] + row["false_positives"])))
        for path in row["false_positive_tests"]:
            print("  false positive: %s" % path)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="suite directories or tests (default: suite/mpi "
                        "suite/shmem suite/gaspi)")
    parser.add_argument("--cc", default=os.path.join(ROOT, "build", "bin", "rmarace-cc"),
                        help="the wrapper (default: %(default)s)")
    parser.add_argument("--cflags", default="-g", help="flags (default: %(default)s)")
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--race-free-only", action="store_true",
                        help="compile only race-free tests; fail on any warning")
    parser.add_argument("--fail-on-false-positives", action="store_true")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = parser.parse_args()
    paths = args.paths or [os.path.join(ROOT, "suite", m) for m in ("mpi", "shmem", "gaspi")]
    tests, _ = discover(paths)
    if args.race_free_only:
        tests = [t for t in tests if not t.racy]
    rows = measure(tests, args.cc, args.cflags.split(), args.jobs)
    print_table(rows)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=2)
    if any(row["compile_errors"] for row in rows.values()):
        return 2
    false_positives = sum(row["false_positives"] for row in rows.values())
    if false_positives and (args.race_free_only or args.fail_on_false_positives):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
