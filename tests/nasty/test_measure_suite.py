"""Unit tests of measure_suite.classify: what counts as a different output."""
import unittest

from measure_suite import classify


class Classify(unittest.TestCase):
    def test_a_different_nasty_output_counts(self):
        self.assertEqual(classify(["value 1\n", "value 1\n"], ["value 1\n", "value 2\n"]),
                         "different")

    def test_same_output_in_another_rank_order_is_the_same(self):
        self.assertEqual(classify(["a\nb\n", "b\na\n"], ["b\na\n"]), "same")

    def test_silent_programs_are_not_observable(self):
        self.assertEqual(classify(["", "\n"], ["x\n"]), "not observable")

    def test_normal_runs_that_differ_are_unstable(self):
        self.assertEqual(classify(["1\n", "2\n"], ["3\n"]), "unstable")

    def test_a_run_that_timed_out_fails(self):
        self.assertEqual(classify(["1\n", "1\n"], [None]), "failed")


if __name__ == "__main__":
    unittest.main()
