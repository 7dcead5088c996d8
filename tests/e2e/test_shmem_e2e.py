"""End-to-end tests of the OpenSHMEM front end: programs on the bundled OpenSHMEM 1.5 library
(shmem-mpi) and on Open MPI's OpenSHMEM 1.4 (OSHMEM), built with rmarace-cc or run preloaded,
asserting reports, exit codes and program output."""

import shutil
import unittest

from test_e2e import Harness, tool


class OpenShmem(Harness):
    def test_signal_orders_the_data_and_the_global_race_is_found(self):
        exe = self.build("shmem_signal_race.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "shmem_signal_race.c:17", "shmem_signal_race.c:22")
        self.assertIn("Remote write of 4 bytes by shmem_int_p from rank 0", result.stderr)
        self.assertIn("global 'flag_value' offset 0", result.stderr)
        # The block read after the signal wait is ordered by the put-with-signal.
        self.assertNotIn("shmem_signal_race.c:21", result.stderr)
        self.assertIn("SUMMARY: 1 data race", result.stderr)
        self.assertIn("data 42", result.stdout)

    def test_every_instrumentation_mode_finds_the_race(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("shmem_signal_race.c", f"--rmarace-mode={mode}", name=mode)
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "shmem_signal_race.c:17",
                                 "shmem_signal_race.c:22")

    def test_race_free_program_prints_the_same_with_and_without_rmarace(self):
        plain = self.build("shmem_race_free.c", "-O2", compiler=tool("shmemcc"), name="plain")
        checked = self.build("shmem_race_free.c", "-O2")
        expected = self.run_cmd([tool("shmemrun"), "-np", "3", plain])
        self.assertEqual(expected.returncode, 0, expected.stderr)
        result = self.rmarace_run(checked, 3)
        self.assertEqual(result.returncode, 0, result.stderr)
        # The library's own MPI windows and calls are invisible: no report, no error.
        self.assertNotIn("data race", result.stderr)
        self.assertNotIn("error", result.stderr)
        self.assertEqual(sorted(result.stdout.splitlines()), sorted(expected.stdout.splitlines()))

    def test_mpi_and_openshmem_in_one_program(self):
        exe = self.build("shmem_mixed_mpi.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "shmem_mixed_mpi.c:16", "shmem_mixed_mpi.c:17")
        self.assert_race(result.stderr, "shmem_mixed_mpi.c:23", "shmem_mixed_mpi.c:24")
        self.assertIn("by MPI_Put from rank 0", result.stderr)
        self.assertIn("by shmem_int_p from rank 0", result.stderr)
        self.assertIn("SUMMARY: 2 data races", result.stderr)

    def test_report_survives_shmem_global_exit(self):
        exe = self.build("shmem_global_exit.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assert_race(result.stderr, "shmem_global_exit.c:9", "shmem_global_exit.c:10")

    def test_address_that_is_not_symmetric_gets_an_error_report(self):
        exe = self.build("shmem_not_symmetric.c")
        result = self.rmarace_run(exe, 2)
        self.assertNotEqual(result.returncode, 0)
        self.assertRegex(result.stderr, r"rmarace: error on rank 0: shmem_int_put: address 0x[0-9a-f]+ "
                                        r"is not symmetric")
        self.assertIn("shmem_not_symmetric.c:8", result.stderr)

    # ---- Open MPI's OpenSHMEM 1.4 ---------------------------------------------------------------

    def test_oshmem_program_built_with_rmarace_cc(self):
        exe = self.build("shmem14_race.c", "--rmarace-shmem=oshmem")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "shmem14_race.c:14", "shmem14_race.c:16")
        self.assertIn("by shmem_int_put from rank 0", result.stderr)

    def test_oshmem_program_built_with_oshcc_runs_preloaded(self):
        if not shutil.which("oshcc"):
            self.fail("oshcc (Open MPI's OpenSHMEM) is missing: scripts/install-deps.sh installs it")
        exe = self.build("shmem14_two_puts.c", "-g", compiler="oshcc")
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertRegex(result.stderr, r"Remote write of 4 bytes by shmem_int_put from rank 0: "
                                        r"\S*shmem14_two_puts.c:11")
        self.assertRegex(result.stderr, r"Remote write of 4 bytes by shmem_int_put from rank 2: "
                                        r"\S*shmem14_two_puts.c:11")


if __name__ == "__main__":
    unittest.main()
