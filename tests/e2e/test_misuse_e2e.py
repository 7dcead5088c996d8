"""End-to-end tests of misuse: erroneous window calls get an error report naming the problem and
the call site, never a crash, and calls MPI itself rejects keep MPI's own answer."""

import unittest

from test_e2e import Harness

NPROCS = 2


class Misuse(Harness):
    def run_both(self, program):
        """The program's output natively and under rmarace, and rmarace's result."""
        plain = self.build(program, compiler="mpicc.openmpi", name="plain")
        checked = self.build(program)
        native = self.run_cmd(["mpirun", "-np", str(NPROCS), plain], timeout=60)
        result = self.rmarace_run(checked, NPROCS)
        self.assertNotIn("Segmentation fault", result.stderr)
        self.assertNotIn("Caught signal", result.stderr)
        return native, result

    def errors(self):
        return [r for r in self.logs() if r["type"] == "error"]

    def assert_reported(self, result, kind, message, line):
        self.assertEqual(result.returncode, 66, result.stdout + result.stderr)
        self.assertIn(message, result.stderr)
        errors = self.errors()
        self.assertTrue(errors, result.stderr)
        self.assertEqual({e["kind"] for e in errors}, {kind}, errors)
        self.assertIn(line, {e["location"]["line"] for e in errors}, errors)

    def test_a_call_on_a_freed_window_is_an_error_not_a_crash(self):
        _, result = self.run_both("misuse_freed_window.c")
        self.assert_reported(result, "freed-window",
                             "MPI_Put on a window that was freed (MPI_Win_free)", 9)
        self.assertIn("MPI_Put on a freed window returned an error", result.stdout)

    def test_an_rma_call_outside_any_epoch_is_reported(self):
        native, result = self.run_both("misuse_no_epoch.c")
        self.assert_reported(result, "no-access-epoch",
                             "outside an access epoch of window 1 (no fence epoch, lock, "
                             "lock_all or MPI_Win_start covers that rank)", 6)
        self.assertEqual(sorted(result.stdout.splitlines()), sorted(native.stdout.splitlines()))

    def test_a_put_after_a_closing_fence_is_outside_any_epoch(self):
        native, result = self.run_both("misuse_put_after_last_fence.c")
        self.assert_reported(result, "no-access-epoch", "outside an access epoch of window 1",
                             10)
        self.assertEqual(len(self.errors()), NPROCS)  # the put after the fence only
        self.assertEqual(sorted(result.stdout.splitlines()), sorted(native.stdout.splitlines()))

    def test_a_flush_outside_a_passive_epoch_is_reported(self):
        native, result = self.run_both("misuse_unlock_without_lock.c")
        self.assert_reported(result, "no-passive-epoch",
                             "MPI_Win_flush of rank 0 outside a passive target epoch of window 1",
                             8)
        # The calls MPI rejects itself keep MPI's answer.
        self.assertEqual(sorted(result.stdout.splitlines()), sorted(native.stdout.splitlines()))
        self.assertIn("MPI_Win_unlock without lock returned an error", result.stdout)

    def test_freeing_a_window_inside_a_lock_epoch_is_reported(self):
        native, result = self.run_both("misuse_free_while_locked.c")
        self.assert_reported(result, "free-in-epoch",
                             "MPI_Win_free of window 1 inside a lock on rank ", 9)
        self.assertEqual(sorted(result.stdout.splitlines()), sorted(native.stdout.splitlines()))

    def test_calls_mpi_rejects_keep_mpis_answer_without_reports(self):
        for program in ("misuse_wrong_rank.c", "misuse_null_window.c"):
            with self.subTest(program=program):
                native, result = self.run_both(program)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotIn("rmarace", result.stderr)
                self.assertIn("returned an error", result.stdout)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 sorted(native.stdout.splitlines()))


if __name__ == "__main__":
    unittest.main()
