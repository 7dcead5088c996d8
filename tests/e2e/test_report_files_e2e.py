"""End-to-end tests of the report files (rmarace-run --report-html/--report-sarif, the runtime's
report_html/report_sarif options), the per-rank overview and --summary-only: the bundled example
race, built with rmarace-cc, run on 2 ranks."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from test_e2e import PROGRAMS, Harness, tool

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXAMPLE = os.path.join(ROOT, "examples", "race_example.c")
sys.path.insert(0, os.path.join(ROOT, "tools", "report"))
from rmarace_report.sarif import SCHEMA_FILE  # noqa: E402

LINES = ("race_example.c:16", "race_example.c:20")


class ReportFiles(Harness):
    @classmethod
    def setUpClass(cls):
        # Built once for all tests: the race example and a program that crashes after its race.
        # (Compiled outside the repository, the debug information names the sources by their
        # absolute paths, which the reports read the lines around the accesses from.)
        cls.build_dir = tempfile.TemporaryDirectory(prefix="rmarace-e2e-reports-")
        cls.exe = os.path.join(cls.build_dir.name, "race_example")
        cls.crash = os.path.join(cls.build_dir.name, "race_then_crash")
        for source, exe in ((EXAMPLE, cls.exe),
                            (os.path.join(PROGRAMS, "race_then_crash.c"), cls.crash)):
            subprocess.run([tool("rmarace-cc"), "-O2", source, "-o", exe], check=True,
                           cwd=cls.build_dir.name, timeout=120)

    @classmethod
    def tearDownClass(cls):
        cls.build_dir.cleanup()

    def setUp(self):
        super().setUp()
        self.html = os.path.join(self.dir, "report.html")
        self.sarif = os.path.join(self.dir, "report.sarif")

    def check_sarif(self, lines=(16, 20)):
        import jsonschema
        with open(self.sarif) as f:
            log = json.load(f)
        with open(SCHEMA_FILE) as f:
            jsonschema.validate(log, json.load(f))
        results = log["runs"][0]["results"]
        self.assertEqual(len(results), 1, results)
        locations = results[0]["locations"] + results[0]["relatedLocations"]
        named = {(os.path.basename(loc["physicalLocation"]["artifactLocation"]["uri"]),
                  loc["physicalLocation"]["region"]["startLine"]) for loc in locations}
        for line in lines:
            self.assertIn(("race_example.c", line), named)

    def check_html(self):
        with open(self.html) as f:
            page = f.read()
        timeline = re.search(r"<svg class=\"timeline\".*?</svg>", page, re.S)
        self.assertIsNotNone(timeline, page[:1000])
        for label in LINES:
            self.assertIn(label, timeline.group(0))
        # The source around both lines, found where the program was compiled from.
        self.assertRegex(page, r'class="line hit"><span class="ln">16</span>\s*MPI_Put')
        self.assertRegex(page, r'class="line hit"><span class="ln">20</span>\s*printf')

    def test_rmarace_run_writes_both_reports(self):
        result = self.rmarace_run(self.exe, 2, "--report-html=" + self.html,
                                  "--report-sarif=" + self.sarif)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.check_sarif()
        self.check_html()

    def test_rmarace_run_reports_only_this_runs_records(self):
        log = os.path.join(self.dir, "shared.jsonl")
        self.rmarace_run(self.exe, 2, "--log=" + log)
        result = self.rmarace_run(self.exe, 2, "--log=" + log, "--report-sarif=" + self.sarif)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.check_sarif()  # one result, not one per run
        with open(self.sarif) as f:
            self.assertEqual(len(json.load(f)["runs"][0]["properties"]["summaries"]), 1)

    def test_the_runtime_writes_them_under_plain_mpirun(self):
        env = dict(self.env, RMARACE_OPTIONS=f"report_html={self.html}:report_sarif={self.sarif}")
        result = self.run_cmd(["mpirun", "-np", "2", self.exe], env=env)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertNotIn("warning", result.stderr)
        self.check_sarif()
        self.check_html()

    def test_a_report_that_cannot_be_written_is_a_warning_only(self):
        bad = os.path.join(self.dir, "no", "such", "dir", "report.html")
        env = dict(self.env, RMARACE_OPTIONS=f"report_html={bad}:exitcode=0")
        result = self.run_cmd(["mpirun", "-np", "2", self.exe], env=env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("rmarace: warning: the html report " + bad + " was not written: "
                      "rmarace-report exited with code 1", result.stderr)
        self.assertIn("win_base[0] is", result.stdout)

    def test_rmarace_run_refuses_a_report_it_cannot_write_before_the_job(self):
        bad = os.path.join(self.dir, "no", "such", "dir", "report.sarif")
        result = self.rmarace_run(self.exe, 2, "--report-sarif=" + bad)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn(f"rmarace-run: error: cannot write the report '{bad}': "
                      f"'{os.path.dirname(bad)}' is not a writable directory", result.stderr)
        self.assertNotIn("win_base[0] is", result.stdout)  # the program did not run

    def test_a_crashed_run_still_gets_its_report(self):
        result = self.rmarace_run(self.crash, 2, "--report-html=" + self.html,
                                  "--report-sarif=" + self.sarif)
        self.assertNotEqual(result.returncode, 0)
        with open(self.html) as f:
            page = f.read()
        self.assertIn("race_then_crash.c:17", page)
        self.assertIn("race_then_crash.c:20", page)
        self.assertIn("No summary record", page)

    def test_program_and_report_paths_with_blanks_quotes_and_colons(self):
        odd = os.path.join(self.dir, "it's a \"dir\"")
        os.mkdir(odd)
        exe = os.path.join(odd, "race example; $(x)")
        shutil.copy(self.exe, exe)
        # The launcher writes its reports itself: a ':' is fine there.
        self.html = os.path.join(odd, "report: 'one'.html")
        self.sarif = os.path.join(odd, "report $HOME.sarif")
        result = self.rmarace_run(exe, 2, "--report-html=" + self.html,
                                  "--report-sarif=" + self.sarif,
                                  "--log=" + os.path.join(odd, "run log.jsonl"))
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertNotIn("warning", result.stderr)
        self.check_sarif()
        self.check_html()
        # The runtime runs rmarace-report with an argument vector: nothing is interpreted.
        os.remove(self.sarif)
        env = dict(self.env, RMARACE_OPTIONS="report_sarif=" + self.sarif)
        result = self.run_cmd(["mpirun", "-np", "2", exe], env=env)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertNotIn("warning", result.stderr)
        self.check_sarif()

    def test_verbose_prints_one_overview_line_per_rank(self):
        result = self.rmarace_run(self.exe, 2, "--verbose")
        self.assertEqual(result.returncode, 66, result.stderr)
        lines = re.findall(r"^rmarace: rank (\d) tracked (\d+) windows?, (\d+) RMA calls?, "
                           r"(\d+) access(?:es)? checked; found (\d+) races?, (\d+) errors?$",
                           result.stderr, re.M)
        self.assertEqual([line[0] for line in lines], ["0", "1"], result.stderr)
        by_rank = {int(line[0]): [int(n) for n in line[1:]] for line in lines}
        self.assertEqual(by_rank[0][:2], [1, 1])  # rank 0: its window and its MPI_Put
        self.assertEqual(by_rank[1][:2], [1, 0])
        self.assertGreaterEqual(by_rank[1][2], 2)  # the store and the racing load at least
        self.assertEqual(by_rank[1][3:], [1, 0])   # the race is found where the memory is

    def test_summary_only(self):
        result = self.rmarace_run(self.exe, 2, "--summary-only")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertNotIn("WARNING: rmarace", result.stderr)
        self.assertIn("rmarace: SUMMARY: 1 data race", result.stderr)
        # A run that crashed before its summary gets one from the log.
        result = self.rmarace_run(self.crash, 2, "--summary-only")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("rmarace: SUMMARY: 1 data race", result.stderr)


if __name__ == "__main__":
    unittest.main()
