"""Shared pieces of the installation and build-system tests: scratch directories, commands, and
runs under rmarace-run that must find the halo library's race (programs/halo.c)."""

import os
import shutil
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.normpath(os.path.join(HERE, "..", ".."))
PROGRAMS = os.path.join(HERE, "programs")
BUILD_DIR = os.environ.get("RMARACE_BUILD_DIR", os.path.join(SOURCE_DIR, "build"))
BIN = os.environ.get("RMARACE_BIN", os.path.join(BUILD_DIR, "bin"))
# The lines of the race in the library: the put and the store into its origin buffer.
HALO_PUT = "halo.c:5"
HALO_STORE = "halo.c:6"
RACE_EXIT_CODE = 66
# What rmarace-run sets for a plain mpirun on this kind of machine.
MPIRUN_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
              "OMPI_MCA_rmaps_base_oversubscribe": "1", "OMPI_MCA_osc": "ucx,sm"}


class Harness(unittest.TestCase):
    """A scratch directory per test, and commands run in it."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="rmarace-install-test-", dir=os.environ.get("TMPDIR"))
        self.env = dict(os.environ)
        for name in ("RMARACE_OPTIONS", "RMARACE_MPI", "RMARACE_SHMEM", "CC", "CXX", "CFLAGS"):
            self.env.pop(name, None)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_cmd(self, args, cwd=None, env=None, timeout=300, check=True):
        result = subprocess.run(args, cwd=cwd or self.dir, env=env or self.env,
                                capture_output=True, text=True, timeout=timeout, check=False)
        if check:
            self.assertEqual(result.returncode, 0,
                             f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    def assert_race_run(self, run_tool, program, *locations, cwd=None, options=(), env=None):
        """Runs `program` on 2 ranks with the launcher `run_tool` (and its `options`): exit code
        66 and a race report naming every location."""
        result = self.run_cmd([run_tool, *options, "-np", "2", program], cwd=cwd, check=False,
                              env=env)
        output = result.stdout + result.stderr
        self.assertEqual(result.returncode, RACE_EXIT_CODE, output)
        self.assertIn("WARNING: rmarace: data race", output)
        for location in locations:
            self.assertIn(location, output)
        return output

    def assert_html_reports(self, run_tool, program, location):
        """The HTML report of a racy `program`, written by the launcher `run_tool` and, under a
        plain mpirun, by the runtime: both name `location`."""
        launcher_html = os.path.join(self.dir, "launcher.html")
        self.assert_race_run(run_tool, program, location,
                             options=[f"--report-html={launcher_html}"])
        runtime_html = os.path.join(self.dir, "runtime.html")
        env = dict(self.env, RMARACE_OPTIONS=f"report_html={runtime_html}", **MPIRUN_ENV)
        result = self.run_cmd(["mpirun", "-np", "2", program], check=False, env=env)
        self.assertEqual(result.returncode, RACE_EXIT_CODE, result.stdout + result.stderr)
        self.assertNotIn("warning", result.stderr)
        for html in (launcher_html, runtime_html):
            with open(html, encoding="utf-8") as page:
                self.assertIn(location, page.read(), html)
