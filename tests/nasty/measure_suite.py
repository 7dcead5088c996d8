#!/usr/bin/env python3
"""How many racy tests of the suite show a different output under the nasty schedule.

Each racy test (RACE_KIND local or remote; with --race-free the race-free ones, RACE_KIND none,
which must all print the same) of the given suite directories is built with
rmarace-cc and run with rmarace-run twice under the normal schedule and once per seed under
--schedule=nasty (and four more times normally when a nasty output differs); the programs' standard output is compared (its lines sorted, so that the
interleaving of ranks' lines does not count). A test is

  not observable  it prints nothing under the normal schedule
  unstable        its two normal runs already differ
  different       some nasty run printed something else than the normal runs
  same            every nasty run printed what the normal runs printed
  failed          a run timed out or did not build (a nasty run that hangs counts here)

Besides, the races rmarace reports (its SUMMARY line) are compared between the first normal run
and the nasty runs: the tests whose reports differ are listed (the schedule must not change what
is detected; a program whose output changed may take another path, though).

Usage: measure_suite.py [--bin DIR] [--seeds 1,2,3] [--jobs N] [--race-free] [--markdown FILE]
                        SUITE_DIR...
(docs/nasty.md has the figures of the last run).
"""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from bench import labels, runner  # noqa: E402  (the scorer's test discovery and runner)

CATEGORIES = ("different", "same", "not observable", "unstable", "failed")
RUN_TIMEOUT = 60
# Normal runs added for a test whose nasty output differs, to tell timing from the schedule.
EXTRA_NORMAL_RUNS = 4


def normalised(stdout):
    return sorted(line.rstrip() for line in stdout.splitlines() if line.strip())


def classify(normal_runs, nasty_runs):
    """normal_runs, nasty_runs: lists of stdout texts, None for a run that failed."""
    if any(out is None for out in normal_runs + nasty_runs):
        return "failed"
    first = normalised(normal_runs[0])
    if not first:
        return "not observable"
    if any(normalised(out) != first for out in normal_runs[1:]):
        return "unstable"
    if any(normalised(out) != first for out in nasty_runs):
        return "different"
    return "same"


def summary_of(stderr):
    """rmarace's SUMMARY line (the number of races it reports), or "" without one."""
    return next((line.strip() for line in stderr.splitlines() if "SUMMARY:" in line), "")


def run_of(argv, cwd, timeout):
    """The standard output and rmarace's summary of a run, or (None, None) when it timed out."""
    try:
        result = subprocess.run(argv, cwd=cwd, env=runner.child_env(), capture_output=True,
                                text=True, timeout=timeout, start_new_session=True)
    except subprocess.TimeoutExpired:
        return None, None
    return result.stdout, summary_of(result.stderr)


def measure(test, bin_dir, seeds, workdir):
    exe = os.path.join(workdir, test.stem)
    cc = [os.path.join(bin_dir, "rmarace-cc"), "-O1", *runner.thread_flags(test.sources),
          *[os.path.abspath(s) for s in test.sources], "-o", exe]
    if subprocess.run(cc, cwd=workdir, capture_output=True,
                      timeout=runner.COMPILE_TIMEOUT).returncode != 0:
        return test, "failed", False
    run = [os.path.join(bin_dir, "rmarace-run"), "--no-print", "--exitcode=0"]
    tail = ["-np", str(test.nprocs), exe]
    normal_runs = [run_of(run + tail, workdir, RUN_TIMEOUT) for _ in range(2)]
    nasty_runs = [run_of(run + ["--schedule=nasty", "--seed=%d" % seed] + tail, workdir,
                         RUN_TIMEOUT) for seed in seeds]
    normal = [out for out, _ in normal_runs]
    nasty = [out for out, _ in nasty_runs]
    reports_differ = any(summary != normal_runs[0][1] for _, summary in nasty_runs)
    category = classify(normal, nasty)
    if category == "different":
        # A difference must not be the program's own timing: more normal runs must agree.
        normal += [run_of(run + tail, workdir, RUN_TIMEOUT)[0] for _ in range(EXTRA_NORMAL_RUNS)]
        category = classify(normal, nasty)
    return test, category, reports_differ


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="+")
    parser.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--race-free", action="store_true",
                        help="measure the race-free tests (whose output must not change)")
    parser.add_argument("--markdown")
    args = parser.parse_args(argv[1:])
    seeds = [int(s) for s in args.seeds.split(",")]
    tests, _ = labels.discover(args.suites)
    chosen = [t for t in tests if t.racy != args.race_free]
    kind = "race-free" if args.race_free else "racy"
    results = {}
    reports_differ = []
    with tempfile.TemporaryDirectory(prefix="rmarace-nasty-suite-") as scratch:
        def one(test):
            workdir = os.path.join(scratch, test.category, test.stem)
            os.makedirs(workdir, exist_ok=True)
            return measure(test, os.path.abspath(args.bin), seeds, workdir)
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for test, category, differ in pool.map(one, chosen):
                results[test.path] = category
                if differ:
                    reports_differ.append(test.path)
                print("%-15s %s%s" % (category, test.path, " (reports differ)" if differ else ""),
                      flush=True)
    counts = {c: sum(1 for v in results.values() if v == c) for c in CATEGORIES}
    lines = ["| %s tests | " % kind + " | ".join(CATEGORIES) + " |",
             "|---|" + "---|" * len(CATEGORIES),
             "| %d | " % len(chosen) + " | ".join(str(counts[c]) for c in CATEGORIES) + " |"]
    different = sorted(p for p, c in results.items() if c == "different")
    print("\n".join(lines))
    print("different:", *[os.path.relpath(p) for p in different], sep="\n  ")
    print("reports differ:", *[os.path.relpath(p) for p in sorted(reports_differ)], sep="\n  ")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(lines) + "\n\nDifferent under the nasty schedule:\n\n")
            f.writelines("- `%s`\n" % os.path.relpath(p) for p in different)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
