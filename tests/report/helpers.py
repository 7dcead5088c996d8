"""Records shaped like the runtime's (core/src/report_format.cpp), for the tests of
rmarace-report."""

import copy
import json
import os
import tempfile
import unittest

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
# Two runs' records; the log names examples/race_example.c relative to the repository.
TWO_RUNS = os.path.join(DATA, "two_runs.jsonl")
ROOT = os.path.normpath(os.path.join(DATA, "..", "..", ".."))


def location(file, line, call="", function="main"):
    return {"file": file, "line": line, "function": function, "call": call}


def access(rank, kind, loc, thread=0, size=4):
    return {"rank": rank, "thread": thread, "access": kind, "size": size, "atomic_op": "none",
            "atomic_type": "none", "language_atomic": False, "direct": False, "location": loc}


PUT_LOAD = {
    "type": "race", "kind": "remote", "memory_rank": 1, "memory": "window 1", "offset": 0,
    "count": 1,
    "first": access(0, "remote write", location("race.c", 16, "MPI_Put")),
    "second": access(1, "load", location("race.c", 20)),
    "region": {"begin": location("race.c", 12, "MPI_Barrier"),
               "end": location("race.c", 22, "MPI_Barrier"), "ended": True},
}


def race(**changes):
    """PUT_LOAD with some fields changed (`first_rank=`, `second_rank=`: the accesses' ranks)."""
    r = copy.deepcopy(PUT_LOAD)
    for side in ("first", "second"):
        if side + "_rank" in changes:
            r[side]["rank"] = changes.pop(side + "_rank")
    r.update(changes)
    return r


def error(kind="out-of-bounds", rank=0, file="oob.c", line=13):
    return {"type": "error", "kind": kind, "rank": rank, "message": "MPI_Put accesses bytes "
            "[4, 12) of window 1 at rank 1, which exposes only 8 bytes there",
            "location": location(file, line, "MPI_Put")}


SUMMARY = {"type": "summary", "distinct_races": 1, "occurrences": 1, "errors": 0, "suppressed": 0}


def write_log(directory, records, tail="", name="run.jsonl"):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in records) + tail)
    return path


class ScratchDirTest(unittest.TestCase):
    """A test with a scratch directory, self.dir, removed after it."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()
