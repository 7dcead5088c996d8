"""Unit tests of compare_modes.py: it must see a race reported by only one mode."""
import os
import tempfile
import unittest

import compare_modes

REPORT = """result: TP
==================
WARNING: rmarace: data race (remote) on rank 1, window 1 offset 0
  Remote write of 4 bytes by MPI_Put from rank 0: /s/a.c:{first} (in main)
  Local read of 4 bytes from rank 1: /s/a.c:{second} (in main)
  Concurrent region of the MPI_Put at rank 1: from MPI_Win_fence at /s/a.c:3 to MPI_Win_fence at /s/a.c:9
==================
"""


class CompareModesTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, mode, test, text):
        path = os.path.join(self.dir.name, mode, "mpi", "sync", test + ".log")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def compare(self):
        return compare_modes.main(["compare_modes.py", os.path.join(self.dir.name, "a"),
                                   os.path.join(self.dir.name, "b")])

    def test_same_pairs_in_either_order_agree(self):
        self.write("a", "t1", REPORT.format(first=5, second=7))
        self.write("b", "t1", REPORT.format(first=7, second=5))
        self.write("a", "t2", "result: TN\n")
        self.write("b", "t2", "result: TN\n")
        self.assertEqual(self.compare(), 0)

    def test_race_in_one_mode_only_fails(self):
        self.write("a", "t1", "result: FN\n")
        self.write("b", "t1", REPORT.format(first=5, second=7))
        self.assertEqual(self.compare(), 1)

    def test_different_lines_fail(self):
        self.write("a", "t1", REPORT.format(first=5, second=7))
        self.write("b", "t1", REPORT.format(first=5, second=8))
        self.assertEqual(self.compare(), 1)

    def test_test_missing_from_one_run_fails(self):
        self.write("a", "t1", "result: TN\n")
        self.write("a", "t2", "result: TN\n")
        self.write("b", "t1", "result: TN\n")
        self.assertEqual(self.compare(), 1)

    def test_truncated_report_is_an_error(self):
        self.write("a", "t1", "WARNING: rmarace: data race (remote)\n  garbage\n")
        self.write("b", "t1", "result: TN\n")
        with self.assertRaises(SystemExit):
            self.compare()

    def test_empty_directory_fails(self):
        os.makedirs(os.path.join(self.dir.name, "a"))
        os.makedirs(os.path.join(self.dir.name, "b"))
        self.assertEqual(self.compare(), 1)


if __name__ == "__main__":
    unittest.main()
