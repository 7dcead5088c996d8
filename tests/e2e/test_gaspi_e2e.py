"""End-to-end tests of the GASPI front end: programs on the bundled GASPI library (gaspi-mpi,
GPI-2's API and ABI), built with rmarace-cc or with gaspicc and run preloaded, asserting reports,
exit codes and program output."""

import unittest

from test_e2e import Harness, tool


class Gaspi(Harness):
    def test_write_notify_orders_its_own_write_only(self):
        exe = self.build("gaspi_notify_race.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "gaspi_notify_race.c:18", "gaspi_notify_race.c:26")
        self.assertIn("Remote write of 4 bytes by gaspi_write (queue 2) from rank 0", result.stderr)
        self.assertIn("segment 3 offset 16", result.stderr)
        # The block's load after the notification is ordered by gaspi_write_notify.
        self.assertNotIn("gaspi_notify_race.c:25", result.stderr)
        self.assertIn("SUMMARY: 1 data race", result.stderr)
        self.assertIn("data 42", result.stdout)

    def test_every_instrumentation_mode_finds_the_race(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("gaspi_notify_race.c", f"--rmarace-mode={mode}", name=mode)
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "gaspi_notify_race.c:18",
                                 "gaspi_notify_race.c:26")

    def test_race_free_program_prints_the_same_with_and_without_rmarace(self):
        plain = self.build("gaspi_race_free.c", "-O2", compiler=tool("gaspicc"), name="plain")
        checked = self.build("gaspi_race_free.c", "-O2")
        for nprocs in (2, 3):
            with self.subTest(nprocs=nprocs):
                expected = self.run_cmd([tool("gaspirun"), "-np", str(nprocs), plain])
                self.assertEqual(expected.returncode, 0, expected.stderr)
                self.assertEqual(len(expected.stdout.splitlines()), nprocs, expected.stdout)
                result = self.rmarace_run(checked, nprocs)
                self.assertEqual(result.returncode, 0, result.stderr)
                # The library's own MPI windows and calls are invisible: no report, no error.
                self.assertNotIn("data race", result.stderr)
                self.assertNotIn("error", result.stderr)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 sorted(expected.stdout.splitlines()))

    def test_mpi_and_gaspi_in_one_program(self):
        exe = self.build("gaspi_mixed_mpi.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "gaspi_mixed_mpi.c:18", "gaspi_mixed_mpi.c:19")
        self.assert_race(result.stderr, "gaspi_mixed_mpi.c:26", "gaspi_mixed_mpi.c:27")
        self.assertIn("by MPI_Put from rank 0", result.stderr)
        self.assertIn("by gaspi_write (queue 0) from rank 0", result.stderr)
        self.assertIn("SUMMARY: 2 data races", result.stderr)

    def test_threads_posting_at_the_same_time_do_not_deadlock(self):
        exe = self.build("gaspi_threads_post.c", "-fopenmp")
        for _ in range(3):  # the deadlock this guards against showed in most runs
            result = self.rmarace_run(exe, 2)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertIn("rank 0 done", result.stdout)
            self.assertIn("rank 1 done", result.stdout)

    def test_program_built_with_gaspicc_runs_preloaded(self):
        exe = self.build("gaspi_two_writers.c", "-g", compiler=tool("gaspicc"))
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertRegex(result.stderr, r"Remote write of 8 bytes by gaspi_write \(queue 0\) from rank 0: "
                                        r"\S*gaspi_two_writers.c:12")
        self.assertRegex(result.stderr, r"Remote write of 8 bytes by gaspi_write \(queue 0\) from rank 2: "
                                        r"\S*gaspi_two_writers.c:12")

    def test_unknown_local_segment_gets_an_error_report(self):
        exe = self.build("gaspi_bad_segment.c")
        result = self.rmarace_run(exe, 2)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("rmarace: error on rank 0: gaspi_write (queue 0): bytes [0, 8) of local segment 7 "
                      "do not exist", result.stderr)
        self.assertIn("gaspi_bad_segment.c:9", result.stderr)


if __name__ == "__main__":
    unittest.main()
