"""Precision, recall, accuracy and the grouping of results."""
import unittest
from collections import Counter

from bench.metrics import ALL, accuracy, precision, recall, summarize


class Metrics(unittest.TestCase):
    def test_values(self):
        c = Counter(TP=6, TN=3, FP=2, FN=1)
        self.assertAlmostEqual(precision(c), 6 / 8)
        self.assertAlmostEqual(recall(c), 6 / 7)
        self.assertAlmostEqual(accuracy(c), 9 / 12)

    def test_undefined(self):
        c = Counter(TN=4)
        self.assertIsNone(precision(c))
        self.assertIsNone(recall(c))
        self.assertEqual(accuracy(c), 1.0)
        self.assertIsNone(accuracy(Counter()))

    def test_failures_count_only_in_accuracy(self):
        c = Counter(TP=2, TN=2, TO=1, CE=1, CRASH=2)
        self.assertEqual(precision(c), 1.0)
        self.assertEqual(recall(c), 1.0)
        self.assertAlmostEqual(accuracy(c), 4 / 8)


class Summarize(unittest.TestCase):
    def test_groups_and_order(self):
        rows = [("mpi", "sync", "TP"), ("mpi", "conflict", "FN"), ("mpi", "sync", "TN"),
                ("shmem", "sync", "FP")]
        groups = summarize(rows)
        keys = [k for k, _ in groups]
        self.assertEqual(keys, [("mpi", "conflict"), ("mpi", "sync"), ("mpi", ALL),
                                ("shmem", "sync"), (ALL, ALL)])
        counts = dict(groups)
        self.assertEqual(counts[("mpi", "sync")], Counter(TP=1, TN=1))
        self.assertEqual(counts[("mpi", ALL)], Counter(TP=1, TN=1, FN=1))
        self.assertEqual(sum(counts[(ALL, ALL)].values()), 4)

    def test_empty(self):
        self.assertEqual(summarize([]), [])


if __name__ == "__main__":
    unittest.main()
