"""The rmarace-report command: options, output files, and errors without tracebacks."""

import json
import os
import subprocess
import sys
import unittest

from helpers import PUT_LOAD, TWO_RUNS, ScratchDirTest, write_log

SCRIPT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                       "tools", "rmarace-report"))


class Cli(ScratchDirTest):
    def run_report(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                              timeout=60)

    def assert_clean_error(self, result, message, code=1):
        self.assertEqual(result.returncode, code, result.stderr)
        self.assertIn(message, result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_text_is_the_default_on_stdout(self):
        result = self.run_report(TWO_RUNS)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("rmarace: SUMMARY: 3 data races"))

    def test_every_format_to_a_file(self):
        for fmt, check in (("html", "<!DOCTYPE html>"), ("sarif", '"version": "2.1.0"'),
                           ("text", "SUMMARY")):
            out = os.path.join(self.dir, "report." + fmt)
            result = self.run_report("--format=" + fmt, "--output", out, TWO_RUNS)
            self.assertEqual((result.returncode, result.stdout), (0, ""), result.stderr)
            with open(out) as f:
                self.assertIn(check, f.read())

    def test_filters(self):
        result = self.run_report("--format=sarif", "--kind=error", TWO_RUNS)
        rules = [r["ruleId"] for r in json.loads(result.stdout)["runs"][0]["results"]]
        self.assertEqual(rules, ["rmarace.error.out-of-bounds"])
        result = self.run_report("--kind=local-buffer,remote", "--rank=3", TWO_RUNS)
        self.assertIn("1 data race (distinct", result.stdout)
        self.assertIn("ranks 2, 3", result.stdout)
        result = self.run_report("--file=*buf.c", TWO_RUNS)
        self.assertIn("1 data race (distinct", result.stdout)

    def test_bad_options(self):
        self.assert_clean_error(self.run_report("--kind=remotes", TWO_RUNS),
                                "unknown kind remotes", code=2)
        self.assert_clean_error(self.run_report("--format=pdf", TWO_RUNS), "invalid choice",
                                code=2)
        self.assert_clean_error(self.run_report("--from-byte=-1", TWO_RUNS), "--from-byte",
                                code=2)

    def test_bad_input_names_file_and_line(self):
        missing = os.path.join(self.dir, "missing.jsonl")
        self.assert_clean_error(self.run_report(missing), missing + ": cannot read the log")
        bad = write_log(self.dir, [PUT_LOAD], tail="garbage\n" + json.dumps(PUT_LOAD) + "\n")
        self.assert_clean_error(self.run_report("--format=html", bad), bad + ":2: invalid JSON")
        unknown = write_log(self.dir, [{"type": "progress"}], name="unknown.jsonl")
        self.assert_clean_error(self.run_report(unknown), unknown + ":1: unknown record type")

    def test_truncated_last_line_is_a_warning(self):
        log = write_log(self.dir, [PUT_LOAD], tail='{"type":"race","kind":"re')
        result = self.run_report(log)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("warning: " + log + ":2: the last line is incomplete", result.stderr)
        self.assertIn("1 data race", result.stdout)

    def test_the_output_cannot_be_a_log(self):
        log = write_log(self.dir, [PUT_LOAD])
        with open(log) as f:
            before = f.read()
        result = self.run_report("--format=html", "-o", os.path.join(self.dir, ".", "run.jsonl"),
                                 log)
        self.assert_clean_error(result, "is one of the logs")
        with open(log) as f:
            self.assertEqual(f.read(), before)

    def test_unwritable_output(self):
        result = self.run_report("--output", os.path.join(self.dir, "no", "such", "dir.html"),
                                 TWO_RUNS)
        self.assert_clean_error(result, "cannot write")


if __name__ == "__main__":
    unittest.main()
