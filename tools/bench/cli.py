"""Command line of rmarace-bench: compile, run and score labelled race tests."""
import argparse
import os
import re
import shlex
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import labels, report
from .classify import DEFAULT_RACE_EXIT_CODE, DEFAULT_RACE_PATTERN
from .metrics import accuracy, summarize
from .runner import Config, evaluate

DESCRIPTION = """\
Compile, run and score labelled race tests (see docs/suite.md). Each test is built with
CC CFLAGS SOURCES -o EXE and run with the run template; its output is classified as TP, TN,
FP, FN, TO (timeout), CE (compile error), CRASH or CO (output changed, with --native-cc). The defaults use rmarace; every tool-specific
part is an option, so the same suite scores another tool."""

EPILOG = """\
classification: a racy test is TP when the output contains the race pattern and names both
racing accesses as file:line (file = basename, a directory in front is fine); otherwise FN, or
CRASH when the run ended by a signal or with a non-zero exit code other than the race exit
code. A race-free test is FP when the output contains the race pattern, otherwise TN or CRASH;
with --native-cc and --native-run, a TN whose standard output differs from the native build's
(compared line by line in sorted order, since ranks' lines interleave) is CO.

examples:
  rmarace-bench                                   # the repository's suite/ with rmarace
  rmarace-bench suite/mpi --jobs 2 --csv out.csv --markdown out.md
  rmarace-bench suite/mpi --cc mpicc.openmpi --run "mpirun -np {nprocs} {exe}"
  rmarace-bench suite --list --filter 'sync/.*lock'"""


def candidate_bin_dirs(script):
    """Where rmarace-cc may live: next to the script (installed in bin/), or in the build tree
    of the repository the script belongs to (tools/ next to build/)."""
    here = os.path.dirname(os.path.abspath(script))
    real = os.path.dirname(os.path.realpath(script))
    dirs = [here, os.path.join(real, "..", "build", "bin"), os.path.join(here, "..", "build",
                                                                        "bin")]
    return [os.path.normpath(d) for d in dict.fromkeys(dirs)]


def default_suite_dir(script):
    real = os.path.dirname(os.path.realpath(script))
    for d in (os.path.join(real, "..", "suite"), os.path.join(real, "..", "..", "suite")):
        if os.path.isdir(d):
            return os.path.normpath(d)
    return None


def parse_args(argv):
    p = argparse.ArgumentParser(prog="rmarace-bench", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="test files or directories (default: the repository's suite/)")
    p.add_argument("--cc", metavar="CMD",
                   help="compile command; gets CFLAGS, the sources and -o EXE appended "
                        "(default: rmarace-cc of this build)")
    p.add_argument("--cflags", default="-g", metavar="FLAGS",
                   help="flags placed before the sources (default: %(default)s)")
    p.add_argument("--run", metavar="TEMPLATE",
                   help="run command with {nprocs} and {exe} placeholders "
                        "(default: rmarace-run -np {nprocs} {exe})")
    p.add_argument("--native-cc", metavar="CMD",
                   help="also build each race-free test with CMD (e.g. mpicc.openmpi) and ...")
    p.add_argument("--native-run", metavar="TEMPLATE",
                   help="... run it with TEMPLATE: a race-free test whose standard output (its "
                        "lines in any order) differs from the native run's is CO")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                   help="run time limit per test; a longer run is TO (default: %(default)s)")
    p.add_argument("--jobs", "-j", type=int, default=2, metavar="N",
                   help="tests built and run at the same time (default: %(default)s)")
    p.add_argument("--race-exit-code", type=int, default=DEFAULT_RACE_EXIT_CODE, metavar="N",
                   help="exit code the tool uses when it found races; it does not make a "
                        "CRASH (default: %(default)s)")
    p.add_argument("--race-pattern", default=DEFAULT_RACE_PATTERN, metavar="REGEX",
                   help="case-insensitive regular expression that marks a race report "
                        "(default: '%(default)s')")
    p.add_argument("--filter", metavar="REGEX",
                   help="only tests whose path matches this regular expression")
    p.add_argument("--list", action="store_true", help="list the tests and their labels only")
    p.add_argument("--csv", metavar="FILE", help="write one CSV row per test")
    p.add_argument("--markdown", metavar="FILE", help="write the summary and per-test tables")
    p.add_argument("--keep-output", metavar="DIR",
                   help="save each test's commands and output in DIR/MODEL/CATEGORY/TEST.log")
    p.add_argument("--min-accuracy", type=float, metavar="X",
                   help="exit with status 1 when the overall accuracy is below X")
    p.add_argument("--quiet", "-q", action="store_true", help="no per-test progress lines")
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if bool(args.native_cc) != bool(args.native_run):
        p.error("--native-cc and --native-run go together")
    return args


def display_path(path):
    rel = os.path.relpath(os.path.abspath(path))
    return path if rel.startswith("..") else rel


def resolve_commands(args, script):
    """Fills in the rmarace defaults for --cc and --run; returns an error message or None."""
    if args.cc and args.run:
        return None
    dirs = candidate_bin_dirs(script)
    found = next((d for d in dirs if os.access(os.path.join(d, "rmarace-cc"), os.X_OK)), None)
    if found is None:
        missing = " and ".join(o for o, v in (("--cc", args.cc), ("--run", args.run)) if not v)
        return ("rmarace-cc not found in %s; build rmarace first or pass %s" %
                (", ".join(dirs), missing))
    args.cc = args.cc or shlex.quote(os.path.join(found, "rmarace-cc"))
    args.run = args.run or shlex.quote(os.path.join(found, "rmarace-run")) + \
        " -np {nprocs} {exe}"
    return None


def list_tests(tests):
    for t in tests:
        pair = " ".join(a.call + "@" + (a.location if a.file != os.path.basename(t.path)
                                        else str(a.line)) for a in t.pair) or "-"
        print("%s  np=%d  %s  %s" % (display_path(t.path), t.nprocs, t.kind, pair))
    print("%d tests" % len(tests))


def save_log(directory, result):
    d = os.path.join(directory, result.test.model, result.test.category)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, result.test.stem + ".log"), "w") as f:
        f.write("result: %s\n%s\n" % (result.result, result.log))


def run_all(tests, config, jobs, quiet, keep_output):
    results = {}
    with tempfile.TemporaryDirectory(prefix="rmarace-bench-") as tmp:
        def one(index, test):
            workdir = os.path.join(tmp, "%04d" % index)
            os.makedirs(workdir)
            return evaluate(test, config, workdir)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(one, i, t): i for i, t in enumerate(tests)}
            for done, fut in enumerate(as_completed(futures), 1):
                r = fut.result()
                results[futures[fut]] = r
                if keep_output:
                    save_log(keep_output, r)
                if not quiet:
                    print("[%*d/%d] %-5s %s (%.1f s)" % (len(str(len(tests))), done,
                                                        len(tests), r.result,
                                                        display_path(r.test.path), r.seconds),
                          flush=True)
    return [results[i] for i in range(len(tests))]


def main(argv=None, script=None):
    script = script or sys.argv[0]
    args = parse_args(sys.argv[1:] if argv is None else argv)
    paths = args.paths
    if not paths:
        suite = default_suite_dir(script)
        if suite is None:
            print("rmarace-bench: error: no suite/ found next to the script; name test "
                  "directories", file=sys.stderr)
            return 2
        paths = [suite]
    try:
        tests, warnings = labels.discover(paths)
        pattern = re.compile(args.race_pattern, re.IGNORECASE)
        selector = re.compile(args.filter) if args.filter else None
    except labels.LabelError as e:
        print("rmarace-bench: error: %s" % e, file=sys.stderr)
        return 2
    except re.error as e:
        print("rmarace-bench: error: bad regular expression: %s" % e, file=sys.stderr)
        return 2
    if selector:
        tests = [t for t in tests if selector.search(display_path(t.path))]
    for w in warnings:
        print("rmarace-bench: warning: %s" % w, file=sys.stderr)
    if args.list:
        list_tests(tests)
        return 0
    if not tests:
        print("rmarace-bench: error: no labelled tests found", file=sys.stderr)
        return 2
    error = resolve_commands(args, script)
    if error:
        print("rmarace-bench: error: %s" % error, file=sys.stderr)
        return 2
    compiler = shlex.split(args.cc)[0] if shlex.split(args.cc) else ""
    if not shutil.which(compiler):
        print("rmarace-bench: error: compiler %r not found" % compiler, file=sys.stderr)
        return 2
    config = Config(cc=args.cc, cflags=args.cflags, run=args.run, timeout=args.timeout,
                    race_exit_code=args.race_exit_code, race_pattern=pattern,
                    native_cc=args.native_cc, native_run=args.native_run)
    results = run_all(tests, config, args.jobs, args.quiet, args.keep_output)
    print()
    print(report.text_table(results))
    if args.csv:
        report.write_csv(args.csv, results, display_path)
    if args.markdown:
        settings = [("compile", "%s %s SOURCES -o EXE" % (args.cc, args.cflags)),
                    ("run", args.run), ("timeout", "%g s" % args.timeout),
                    ("race exit code", str(args.race_exit_code)),
                    ("race pattern", args.race_pattern)]
        report.write_markdown(args.markdown, results, display_path, settings)
    overall = summarize([(r.test.model, r.test.category, r.result) for r in results])[-1][1]
    acc = accuracy(overall)
    if args.min_accuracy is not None and (acc is None or acc < args.min_accuracy):
        print("rmarace-bench: accuracy %.2f is below the required %.2f" %
              (acc or 0.0, args.min_accuracy), file=sys.stderr)
        return 1
    return 0
