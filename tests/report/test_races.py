"""Distinct races (merged as the runtime's summary merges them) and the filters."""

import unittest

from helpers import error, race
from rmarace_report.log import Logs, Record
from rmarace_report.races import Filter, distinct_races, pair_key, select


def records(*races):
    return [Record(r, "run.jsonl", n) for n, r in enumerate(races, 1)]


class Distinct(unittest.TestCase):
    def test_same_locations_on_other_ranks_merge(self):
        merged = distinct_races(records(race(), race(first_rank=2, second_rank=3, memory_rank=3)))
        self.assertEqual(len(merged), 1)
        self.assertEqual(merged[0].occurrences, 2)
        self.assertEqual(merged[0].rank_text, "0, 1; 2, 3")
        self.assertEqual(merged[0].calls, ["-", "MPI_Put"])

    def test_the_order_of_the_two_accesses_does_not_matter(self):
        a = race()
        b = race(first=a["second"], second=a["first"])
        self.assertEqual(pair_key(a), pair_key(b))

    def test_kind_line_and_call_make_distinct_races(self):
        other_line = race()
        other_line["second"]["location"]["line"] = 21
        other_call = race()
        other_call["first"]["location"]["call"] = "MPI_Accumulate"
        merged = distinct_races(records(race(), race(kind="local buffer"), other_line, other_call))
        self.assertEqual(len(merged), 4)

    def test_key_matches_the_runtime_summary_key(self):
        self.assertEqual(pair_key(race()),
                         "remote|load@race.c:20/|remote write@race.c:16/MPI_Put")


class Filters(unittest.TestCase):
    def setUp(self):
        self.logs = Logs(races=records(race(), race(kind="local buffer", memory_rank=0,
                                                    second_rank=0)),
                         errors=records(error(rank=0), error(rank=3, file="src/x.c")))

    def kept(self, **kwargs):
        races, errors = select(self.logs, Filter(**kwargs))
        return [r.kind for r in races], [e["rank"] for e in errors]

    def test_nothing_filtered(self):
        self.assertEqual(self.kept(), (["local buffer", "remote"], [0, 3]))

    def test_kind(self):
        self.assertEqual(self.kept(kinds=("remote",)), (["remote"], []))
        self.assertEqual(self.kept(kinds=("local-buffer", "error")), (["local buffer"], [0, 3]))

    def test_rank_keeps_races_it_made_or_whose_memory_it_owns(self):
        self.assertEqual(self.kept(rank=1), (["remote"], []))
        self.assertEqual(self.kept(rank=3), ([], [3]))

    def test_file_substring_and_glob(self):
        self.assertEqual(self.kept(file="x.c"), ([], [3]))
        self.assertEqual(self.kept(file="race*"), (["local buffer", "remote"], []))
        self.assertEqual(self.kept(file="src/*.c"), ([], [3]))
        self.assertEqual(self.kept(file="nothing"), ([], []))


if __name__ == "__main__":
    unittest.main()
