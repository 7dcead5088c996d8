"""End-to-end runs of rmarace-bench with a fake compiler and fake test programs."""
import argparse
import csv
import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

from bench import cli

SCRIPT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "tools",
                                       "rmarace-bench"))

# Stands in for a compiler: the "executable" it writes is a shell script made of the
# `// FAKE-RUN:` lines of the main source; `FAKE-CE` in the source makes it fail.
FAKE_CC = textwrap.dedent("""\
    import os, stat, sys
    args = sys.argv[1:]
    exe = args[args.index("-o") + 1]
    sources = [a for a in args if a.endswith(".c")]
    text = open(sources[0]).read()
    if "FAKE-CE" in text:
        sys.exit("fake-cc: error: does not compile")
    body = [l.split("FAKE-RUN:", 1)[1] for l in text.splitlines() if "FAKE-RUN:" in l]
    with open(exe, "w") as f:
        f.write("#!/bin/sh\\n" + "\\n".join(body) + "\\n")
    os.chmod(exe, 0o755)
    """)


def test_file(racy, run_lines, name):
    """A labelled test whose racing accesses are on lines 12 and 14."""
    kind, pair = ("remote", '["MPI_Put@12", "LOAD@14"]') if racy else ("none", "[]")
    head = textwrap.dedent("""\
        /* RACE LABELS BEGIN
        {
          "RACE_KIND": "%s",
          "ACCESS_SET": ["rma write", "load"],
          "RACE_PAIR": %s,
          "NPROCS": 2,
          "DESCRIPTION": "fake"
        }
        RACE LABELS END */
        int main(void) {
        %s
        %s
        %s
        %s
        }
        """) % (kind, pair, "// CONFLICT" if racy else "", "MPI_Put();",
                "// CONFLICT" if racy else "", "x = y;")
    return head + "".join("// FAKE-RUN: %s\n" % l.replace("NAME", name) for l in run_lines)


CASES = {
    "001-tp-yes": (True, ["echo 'data race between NAME.c:12 and /x/NAME.c:14' >&2",
                          "exit 66"]),
    "002-fn-yes": (True, ["echo 'data race between NAME.c:12 and NAME.c:140'", "exit 66"]),
    "003-tn-no": (False, ['test "$OMPI_MCA_osc" = ucx,sm || exit 3',
                          'test "$1" = 2 || exit 4',
                          # Open MPI's session directory in the test's own working directory
                          'test -n "$OMPI_MCA_orte_tmpdir_base" && '
                          'test "$(cd "$OMPI_MCA_orte_tmpdir_base" && pwd -P)" = "$(pwd -P)" '
                          '|| exit 5',
                          "echo fine"]),
    "004-fp-no": (False, ["echo 'Data race in NAME.c:3'"]),
    "005-crash-no": (False, ["kill -SEGV $$"]),
    "006-to-no": (False, ["sleep 20"]),
    "007-ce-yes": (True, ["FAKE-CE"]),
}


class EndToEnd(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        root = cls.tmp.name
        cls.suite = os.path.join(root, "suite")
        os.makedirs(os.path.join(cls.suite, "fake", "sync"))
        for name, (racy, lines) in CASES.items():
            with open(os.path.join(cls.suite, "fake", "sync", name + ".c"), "w") as f:
                f.write(test_file(racy, lines, name))
        cls.cc = os.path.join(root, "fakecc.py")
        with open(cls.cc, "w") as f:
            f.write(FAKE_CC)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def bench(self, *args):
        env = {k: v for k, v in os.environ.items() if not k.startswith("OMPI_")}
        cmd = [sys.executable, SCRIPT, "--cc", "%s %s" % (sys.executable, self.cc),
               "--run", "{exe} {nprocs}", "--timeout", "2", "--quiet"] + list(args)
        return subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=120)

    def test_classifies_and_writes_reports(self):
        out_csv = os.path.join(self.tmp.name, "r.csv")
        out_md = os.path.join(self.tmp.name, "r.md")
        keep = os.path.join(self.tmp.name, "keep")
        p = self.bench(self.suite, "--csv", out_csv, "--markdown", out_md, "--keep-output",
                       keep, "--jobs", "3")
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out_csv) as f:
            rows = list(csv.DictReader(f))
        results = {os.path.basename(r["file"])[:-2]: r["result"] for r in rows}
        self.assertEqual(results, {"001-tp-yes": "TP", "002-fn-yes": "FN", "003-tn-no": "TN",
                                   "004-fp-no": "FP", "005-crash-no": "CRASH",
                                   "006-to-no": "TO", "007-ce-yes": "CE"})
        self.assertEqual({r["model"] for r in rows}, {"fake"})
        self.assertEqual({r["category"] for r in rows}, {"sync"})
        self.assertEqual(rows[0]["expected"], "yes")
        # summary: P = 1/2, R = 1/2, A = 2/7 with TO, CE and CRASH counted as wrong (no CO
        # without --native-cc)
        self.assertRegex(p.stdout, r"fake\s+sync\s+7\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+0\s+"
                                   r"0\.50\s+0\.50\s+0\.29")
        self.assertIn("count as wrong answers", p.stdout)
        with open(out_md) as f:
            md = f.read()
        self.assertIn("| fake | sync | 7 |", md)
        self.assertIn("006-to-no.c | no | TO |", md)
        with open(os.path.join(keep, "fake", "sync", "004-fp-no.log")) as f:
            self.assertIn("Data race in 004-fp-no.c:3", f.read())

    def test_race_free_tests_whose_output_differs_from_the_native_run_are_co(self):
        suite = os.path.join(self.tmp.name, "native-suite")
        os.makedirs(os.path.join(suite, "fake", "sync"))
        # The native build's executable ends in .native; the ranks' lines may come in any order.
        cases = {"001-same-no": ['case "$0" in *.native) echo b; echo a;; *) echo a; echo b;; esac'],
                 "002-changed-no": ['case "$0" in *.native) echo 42;; *) echo 41;; esac'],
                 "003-native-fails-no": ['case "$0" in *.native) exit 1;; esac', "echo x"],
                 "004-racy-yes": ["echo 'data race between NAME.c:12 and NAME.c:14'", "exit 66"]}
        for name, lines in cases.items():
            with open(os.path.join(suite, "fake", "sync", name + ".c"), "w") as f:
                f.write(test_file(name.endswith("yes"), lines, name))
        out_csv = os.path.join(self.tmp.name, "native.csv")
        keep = os.path.join(self.tmp.name, "native-keep")
        native = "%s %s" % (sys.executable, self.cc)
        p = self.bench(suite, "--native-cc", native, "--native-run", "{exe} {nprocs}",
                       "--csv", out_csv, "--keep-output", keep, "--min-accuracy", "1.0")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        with open(out_csv) as f:
            results = {os.path.basename(r["file"])[:-2]: r["result"] for r in csv.DictReader(f)}
        self.assertEqual(results, {"001-same-no": "TN", "002-changed-no": "CO",
                                   "003-native-fails-no": "CO", "004-racy-yes": "TP"})
        with open(os.path.join(keep, "fake", "sync", "002-changed-no.log")) as f:
            self.assertIn("standard output differs from the native run's", f.read())
        self.assertIn("(output changed)", p.stdout)
        p = self.bench(suite, "--native-cc", native)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--native-cc and --native-run go together", p.stderr)

    def test_min_accuracy_and_filter(self):
        p = self.bench(self.suite, "--filter", "00[13]", "--min-accuracy", "1.0")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        p = self.bench(self.suite, "--filter", "00[12]", "--min-accuracy", "0.9")
        self.assertEqual(p.returncode, 1)
        self.assertIn("below the required", p.stderr)

    def test_list(self):
        p = self.bench(self.suite, "--list")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("001-tp-yes.c  np=2  remote  MPI_Put@12 LOAD@14", p.stdout)
        self.assertIn("7 tests", p.stdout)
        self.assertEqual(p.stderr, "")

    def test_label_error_exits_2(self):
        bad = os.path.join(self.tmp.name, "bad")
        os.makedirs(bad)
        with open(os.path.join(bad, "x.c"), "w") as f:
            f.write("/* RACE LABELS BEGIN\n{\"RACE_KIND\": 1}\nRACE LABELS END */\n")
        p = self.bench(bad)
        self.assertEqual(p.returncode, 2)
        self.assertIn("x.c", p.stderr)


class DefaultCommands(unittest.TestCase):
    def test_found_next_to_installed_script(self):
        with tempfile.TemporaryDirectory() as tmp:
            bindir = os.path.join(tmp, "bin")
            os.makedirs(bindir)
            cc = os.path.join(bindir, "rmarace-cc")
            with open(cc, "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(cc, os.stat(cc).st_mode | stat.S_IXUSR)
            args = argparse.Namespace(cc=None, run=None)
            self.assertIsNone(cli.resolve_commands(args, os.path.join(bindir, "rmarace-bench")))
            self.assertEqual(args.cc, cc)
            self.assertEqual(args.run, os.path.join(bindir, "rmarace-run") +
                             " -np {nprocs} {exe}")

    def test_missing_tool_names_the_options(self):
        with tempfile.TemporaryDirectory() as tmp:
            args = argparse.Namespace(cc="mpicc", run=None)
            error = cli.resolve_commands(args, os.path.join(tmp, "x", "rmarace-bench"))
            self.assertIn("--run", error)
            self.assertNotIn("--cc", error)


if __name__ == "__main__":
    unittest.main()
