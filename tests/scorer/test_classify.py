"""Classification of canned outputs and file:line matching."""
import re
import unittest

from bench.classify import Outcome, classify, names_location
from bench.labels import Access, TestCase


def racy(*locations):
    pair = [Access("X", f, l) for f, l in locations]
    return TestCase(path="/s/mpi/sync/t.c", kind="remote", access_set=["load", "rma write"],
                    pair=pair, nprocs=2, description="")


RACY = racy(("t.c", 12), ("t.c", 30))
RACE_FREE = TestCase(path="/s/mpi/sync/f.c", kind="none", access_set=["load", "rma read"],
                     pair=[], nprocs=2, description="")
REPORT = ("==RMARACE== data race (remote) between\n"
          "  LOAD at /work/suite/mpi/sync/t.c:12:9 on rank 1\n"
          "  MPI_Put at t.c:30 on rank 0\n")


def ran(output="", returncode=0, timed_out=False):
    return Outcome(compiled=True, timed_out=timed_out, returncode=returncode, output=output)


class NamesLocation(unittest.TestCase):
    def test_plain_and_with_column(self):
        self.assertTrue(names_location("at foo.c:12", "foo.c", 12))
        self.assertTrue(names_location("foo.c:12:5: here", "foo.c", 12))
        self.assertTrue(names_location("foo.c:12", "foo.c", 12))

    def test_longer_line_number_does_not_match(self):
        self.assertFalse(names_location("at foo.c:123", "foo.c", 12))
        self.assertTrue(names_location("at foo.c:123 and foo.c:12)", "foo.c", 12))

    def test_full_paths_allowed(self):
        self.assertTrue(names_location("/a/b/foo.c:12", "foo.c", 12))
        self.assertTrue(names_location("(./foo.c:12)", "foo.c", 12))
        self.assertTrue(names_location('"file": "/x/foo.c:12"', "foo.c", 12))

    def test_other_file_with_same_suffix_does_not_match(self):
        self.assertFalse(names_location("barfoo.c:12", "foo.c", 12))
        self.assertFalse(names_location("a.foo.c:12", "foo.c", 12))
        self.assertFalse(names_location("x-foo.c:12", "foo.c", 12))

    def test_dots_in_name_are_literal(self):
        self.assertFalse(names_location("fooXc:12", "foo.c", 12))
        self.assertTrue(names_location("t.helper.c:9", "t.helper.c", 9))


class Classify(unittest.TestCase):
    def test_true_positive(self):
        self.assertEqual(classify(RACY, ran(REPORT, 66)), "TP")
        self.assertEqual(classify(RACY, ran(REPORT, 0)), "TP")

    def test_true_positive_is_case_insensitive_and_survives_a_crash_exit(self):
        self.assertEqual(classify(RACY, ran(REPORT.replace("data race", "Data race"), -11)),
                         "TP")

    def test_false_negative_without_report(self):
        self.assertEqual(classify(RACY, ran("hello\n", 0)), "FN")

    def test_false_negative_with_wrong_lines(self):
        self.assertEqual(classify(RACY, ran(REPORT.replace("t.c:30", "t.c:31"), 66)), "FN")
        self.assertEqual(classify(RACY, ran(REPORT.replace("t.c:12", "t.c:120"), 66)), "FN")

    def test_false_negative_when_lines_named_without_race_words(self):
        self.assertEqual(classify(RACY, ran("t.c:12 t.c:30 look fine", 0)), "FN")

    def test_same_line_twice(self):
        self.assertEqual(classify(racy(("t.c", 5), ("t.c", 5)), ran("data race at t.c:5")),
                         "TP")

    def test_race_in_companion_file(self):
        t = racy(("t.c", 40), ("t.helper.c", 9))
        self.assertEqual(classify(t, ran("data race: t.c:40 and /x/t.helper.c:9", 66)), "TP")
        self.assertEqual(classify(t, ran("data race: t.c:40 and t.c:9", 66)), "FN")

    def test_true_and_false_negative_for_race_free(self):
        self.assertEqual(classify(RACE_FREE, ran("value 1\n", 0)), "TN")
        self.assertEqual(classify(RACE_FREE, ran(REPORT, 66)), "FP")
        self.assertEqual(classify(RACE_FREE, ran("possible DATA RACE", 0)), "FP")

    def test_race_exit_code_without_report_is_no_crash(self):
        self.assertEqual(classify(RACE_FREE, ran("", 66)), "TN")
        self.assertEqual(classify(RACY, ran("", 66)), "FN")

    def test_crash(self):
        self.assertEqual(classify(RACE_FREE, ran("", -11)), "CRASH")
        self.assertEqual(classify(RACE_FREE, ran("", 1)), "CRASH")
        self.assertEqual(classify(RACY, ran("", 134)), "CRASH")
        self.assertEqual(classify(RACY, ran("data race at t.c:99", 1)), "CRASH")
        self.assertEqual(classify(RACE_FREE, ran("", 66), race_exit_code=0), "CRASH")

    def test_timeout_and_compile_error(self):
        self.assertEqual(classify(RACY, ran(REPORT, -9, timed_out=True)), "TO")
        self.assertEqual(classify(RACE_FREE, ran("", -9, timed_out=True)), "TO")
        self.assertEqual(classify(RACY, Outcome(compiled=False, output="error")), "CE")
        self.assertEqual(classify(RACE_FREE, Outcome(compiled=False)), "CE")

    def test_custom_race_pattern(self):
        pattern = re.compile(r"WARNING: \w+Sanitizer", re.IGNORECASE)
        out = "WARNING: ThreadSanitizer: at t.c:12 and t.c:30"
        self.assertEqual(classify(RACY, ran(out), race_pattern=pattern), "TP")
        self.assertEqual(classify(RACY, ran(REPORT), race_pattern=pattern), "FN")


if __name__ == "__main__":
    unittest.main()
