"""Unit tests of measure_suite: what counts as a different output, and which line of rmarace's
report is compared."""
import unittest

from measure_suite import classify, summary_of


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


class Summary(unittest.TestCase):
    def test_the_summary_line_is_what_is_compared(self):
        stderr = "rmarace: nasty schedule, seed 1\nrmarace: SUMMARY: 2 data races (...)\nmore\n"
        self.assertEqual(summary_of(stderr), "rmarace: SUMMARY: 2 data races (...)")

    def test_a_run_without_races_has_none(self):
        self.assertEqual(summary_of("something else\n"), "")


if __name__ == "__main__":
    unittest.main()
