"""The nasty schedule (docs/nasty.md), end to end: programs built with rmarace-cc and run with
rmarace-run, once normally and once with --schedule=nasty.

- BugPatterns: the bug patterns of Nasty-MPI's evaluation (and the local buffer races it makes
  visible, in MPI RMA with and without requests, with OpenSHMEM's _nbi calls and with GASPI's
  queues). Each prints the right output under the normal schedule and a wrong one under the nasty
  schedule, and rmarace reports the same race in both.
- RaceFree: race-free programs (MPI RMA, request-based MPI RMA, OpenSHMEM, GASPI) print the same
  under every stage and seed, with no report.
- Options: malformed schedule options are rejected before any rank starts.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from bench.runner import MPI_ENV_DEFAULTS as MPI_ENV  # noqa: E402  (this machine's MPI settings)

BIN = os.environ.get("RMARACE_BIN", os.path.join(HERE, "..", "..", "build", "bin"))
PROGRAMS = os.path.join(HERE, "programs")
# The seed of the fixed-seed runs; any seed manifests the deterministic patterns.
SEED = 12345
RACE_EXIT = 66
LOCATION = re.compile(r"(nasty_\w+\.c:\d+)")


def tool(name):
    return os.path.abspath(os.path.join(BIN, name))


class Harness(unittest.TestCase):
    """Builds the programs once per class in a scratch directory."""

    programs = ()

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="rmarace-nasty-")
        cls.env = dict(os.environ, **MPI_ENV)
        cls.env.pop("RMARACE_OPTIONS", None)
        for program in cls.programs:
            result = subprocess.run([tool("rmarace-cc"), "-O1", os.path.join(PROGRAMS, program + ".c"),
                                     "-o", os.path.join(cls.dir, program)],
                                    cwd=cls.dir, env=cls.env, capture_output=True, text=True,
                                    timeout=300)
            if result.returncode != 0:
                raise RuntimeError(f"building {program}: {result.stderr}")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def run_program(self, program, nprocs, *options):
        return subprocess.run([tool("rmarace-run"), "--no-print", *options, "-np", str(nprocs),
                               os.path.join(self.dir, program)],
                              cwd=self.dir, env=self.env, capture_output=True, text=True,
                              timeout=120)

    def nasty(self, program, nprocs, seed=SEED, stages=None):
        options = ["--schedule=nasty", f"--seed={seed}"]
        if stages:
            options.append(f"--nasty-stages={stages}")
        result = self.run_program(program, nprocs, *options)
        self.assertIn(f"rmarace: nasty schedule, seed {seed} (stages {stages or 'delay,reorder,split'})",
                      result.stderr)
        return result

    @staticmethod
    def race_pairs(stderr):
        """The pairs of source locations of the summary's races."""
        summary = stderr[stderr.find("SUMMARY"):]
        pairs = set()
        for block in re.split(r"\n  \d+ x ", summary)[1:]:
            pairs.add(tuple(sorted(set(LOCATION.findall(block)))))
        return pairs


class BugPatterns(Harness):
    # program: (ranks, right output under the normal schedule)
    cases = {
        "nasty_origin_reuse": (2, "value 1\n"),
        "nasty_get_early": (2, "value 42\n"),
        "nasty_polling_get": (2, "flag seen\n"),
        "nasty_wrong_flush_target": (2, "flag 1\n"),
        "nasty_flush_local": (2, "sum 36\n"),
        "nasty_put_acc_order": (2, "values" + " 11" * 8 + "\n"),
        "nasty_shmem_nbi": (2, "value 1\n"),
        "nasty_rget_early": (2, "value 42\n"),
        "nasty_rput_reuse": (2, "value 1\n"),
        "nasty_gaspi_read_early": (2, "value 42\n"),
        "nasty_gaspi_source_reuse": (2, "value 1\n"),
    }
    programs = tuple(cases)

    def check(self, program, same_races=True):
        nprocs, right = self.cases[program]
        normal = self.run_program(program, nprocs)
        self.assertEqual(normal.returncode, RACE_EXIT, normal.stderr)
        self.assertEqual(normal.stdout, right, normal.stderr)
        nasty = self.nasty(program, nprocs)
        self.assertEqual(nasty.returncode, RACE_EXIT, nasty.stderr)
        self.assertNotEqual(nasty.stdout, right, nasty.stderr)
        self.assertTrue(nasty.stdout.strip(), nasty.stderr)  # the program still ran to the end
        races, nasty_races = self.race_pairs(normal.stderr), self.race_pairs(nasty.stderr)
        self.assertTrue(races, normal.stderr)
        if same_races:
            self.assertEqual(nasty_races, races)
        else:
            self.assertLessEqual(races, nasty_races)
        return nasty

    def test_origin_buffer_overwritten_before_the_unlock(self):
        self.assertEqual(self.check("nasty_origin_reuse").stdout, "value 2\n")

    def test_get_result_read_before_the_flush_is_stale(self):
        self.assertEqual(self.check("nasty_get_early").stdout, "value 0\n")

    def test_polling_with_uncompleted_gets_never_sees_the_flag(self):
        # The nasty run polls a thousand times: its gets also race with each other.
        self.assertEqual(self.check("nasty_polling_get", same_races=False).stdout,
                         "flag not seen\n")

    def test_flush_of_the_wrong_target_leaves_the_accumulate_pending(self):
        self.assertEqual(self.check("nasty_wrong_flush_target").stdout, "flag 0\n")

    def test_local_flush_does_not_order_a_put_before_a_get(self):
        self.check("nasty_flush_local")

    def test_put_and_accumulate_without_flush_are_not_ordered(self):
        self.check("nasty_put_acc_order")

    def test_shmem_put_nbi_source_overwritten_before_the_quiet(self):
        self.assertEqual(self.check("nasty_shmem_nbi").stdout, "value 2\n")

    def test_rget_result_read_before_the_wait_is_stale(self):
        self.assertEqual(self.check("nasty_rget_early").stdout, "value 0\n")

    def test_rput_origin_overwritten_before_the_wait(self):
        self.assertEqual(self.check("nasty_rput_reuse").stdout, "value 2\n")

    def test_gaspi_read_destination_read_after_a_barrier_is_stale(self):
        self.assertEqual(self.check("nasty_gaspi_read_early").stdout, "value 0\n")

    def test_gaspi_write_source_overwritten_before_the_wait(self):
        self.assertEqual(self.check("nasty_gaspi_source_reuse").stdout, "value 2\n")

    def test_order_dependent_patterns_manifest_for_most_seeds(self):
        # Split pieces of the put and the get (or the accumulate) are shuffled together: all
        # seeds but about 1 in 9 manifest; a few seeds must almost all show it.
        for program in ("nasty_flush_local", "nasty_put_acc_order"):
            nprocs, right = self.cases[program]
            wrong = sum(self.nasty(program, nprocs, seed=seed).stdout != right
                        for seed in range(1, 6))
            self.assertGreaterEqual(wrong, 4, program)

    def test_delay_alone_manifests_the_completion_patterns(self):
        for program in ("nasty_origin_reuse", "nasty_get_early", "nasty_wrong_flush_target",
                        "nasty_rget_early", "nasty_rput_reuse", "nasty_gaspi_read_early",
                        "nasty_gaspi_source_reuse"):
            nprocs, right = self.cases[program]
            self.assertNotEqual(self.nasty(program, nprocs, stages="delay").stdout, right, program)

    def test_a_seed_replays_the_same_output(self):
        nprocs, _ = self.cases["nasty_put_acc_order"]
        first = self.nasty("nasty_put_acc_order", nprocs, seed=7).stdout
        self.assertEqual(self.nasty("nasty_put_acc_order", nprocs, seed=7).stdout, first)


class RaceFree(Harness):
    programs = ("nasty_clean", "nasty_shmem_clean", "nasty_requests_clean", "nasty_gaspi_clean")
    NPROCS = 3

    def check_unchanged(self, program, runs):
        normal = self.run_program(program, self.NPROCS)
        self.assertEqual(normal.returncode, 0, normal.stderr)
        self.assertTrue(normal.stdout.strip(), normal.stderr)
        lines = sorted(normal.stdout.splitlines())  # ranks print in any interleaving
        for stages, seed in runs:
            with self.subTest(program=program, stages=stages, seed=seed):
                nasty = self.nasty(program, self.NPROCS, seed=seed, stages=stages)
                self.assertEqual(nasty.returncode, 0, nasty.stderr)
                self.assertEqual(sorted(nasty.stdout.splitlines()), lines)
                self.assertNotIn("data race", nasty.stderr)

    # Each stage alone for 3 seeds, all stages for 10.
    RUNS = [(stages, seed) for stages in ("delay", "reorder", "split") for seed in (1, 2, 3)]
    RUNS += [(None, seed) for seed in range(1, 11)]

    def test_mpi_output_is_the_same_under_every_stage_and_seed(self):
        self.check_unchanged("nasty_clean", self.RUNS)

    def test_request_based_mpi_output_is_the_same_under_every_stage_and_seed(self):
        self.check_unchanged("nasty_requests_clean", self.RUNS)

    def test_gaspi_output_is_the_same_under_every_stage_and_seed(self):
        self.check_unchanged("nasty_gaspi_clean", self.RUNS)

    def test_shmem_output_is_the_same_under_the_schedule(self):
        self.check_unchanged("nasty_shmem_clean", [(None, seed) for seed in range(1, 6)])


class Options(Harness):
    programs = ("nasty_clean",)

    def rejected(self, *options, env_options=None):
        env = dict(self.env)
        if env_options:
            env["RMARACE_OPTIONS"] = env_options
        result = subprocess.run([tool("rmarace-run"), *options, "-np", "1",
                                 os.path.join(self.dir, "nasty_clean")],
                                cwd=self.dir, env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 2, result.stderr)
        return result.stderr

    def test_malformed_values_are_rejected_before_the_run(self):
        self.assertIn("unknown schedule", self.rejected("--schedule=mean"))
        self.assertIn("--seed needs a positive number", self.rejected("--seed=-3"))
        self.assertIn("nasty_stages must be", self.rejected(env_options="nasty_stages=delay,shuffle"))
        self.assertIn("seed must be", self.rejected(env_options="seed=abc"))

    def test_default_seed_is_picked_and_printed(self):
        result = self.run_program("nasty_clean", 2, "--schedule=nasty", "--nasty-stages=split")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stderr, r"rmarace: nasty schedule, seed [1-9]\d* \(stages split\)")

    def test_normal_schedule_prints_nothing_about_it(self):
        result = self.run_program("nasty_clean", 2, "--schedule=normal")
        self.assertNotIn("nasty", result.stderr)


if __name__ == "__main__":
    unittest.main()
