"""Distinct races and the filters of the command line.

Races are merged as the runtime's summary merges them (ReportWriter::pairKey in
runtime/src/reports.cpp): by kind and the two accesses' kinds, source locations and calls,
ignoring which ranks made them. Each rank logs a pair the first time it detects it, so a distinct
race's occurrences here are the log records merged into it (the summary record of the log has the
runtime's full count)."""

import fnmatch
from dataclasses import dataclass, field

from . import describe

KINDS = ("remote", "local-buffer", "error")


def pair_key(race):
    def side(access):
        loc = access.get("location") or {}
        return f"{access.get('access')}@{describe.location(loc)}/{loc.get('call', '')}"
    a, b = sorted((side(race["first"]), side(race["second"])))
    return f"{race['kind']}|{a}|{b}"


@dataclass
class DistinctRace:
    key: str
    race: dict                  # the first record of the pair
    occurrences: int = 0
    ranks: set = field(default_factory=set)    # per record: the sorted ranks involved

    @property
    def kind(self):
        return self.race["kind"]

    @property
    def calls(self):
        """The calls of the two accesses, later first (`MPI_Put`, or `-` for a load)."""
        return [(self.race[s].get("location") or {}).get("call") or "-"
                for s in ("second", "first")]

    @property
    def rank_text(self):
        """`0, 1` for one set of ranks, `0, 1; 2, 3` for several."""
        return "; ".join(", ".join(map(str, ranks)) for ranks in sorted(self.ranks))


def distinct_races(records):
    merged = {}
    for record in records:
        race = record.data
        entry = merged.get(pair_key(race))
        if entry is None:
            entry = merged[pair_key(race)] = DistinctRace(pair_key(race), race)
        entry.occurrences += 1
        entry.ranks.add(tuple(sorted({race["first"]["rank"], race["second"]["rank"],
                                      race["memory_rank"]})))
    return sorted(merged.values(), key=lambda r: r.key)


@dataclass
class Filter:
    """What --kind, --rank and --file keep; None keeps everything."""
    kinds: tuple = None   # of KINDS
    rank: int = None
    file: str = None      # a glob (fnmatch) or a plain substring of the path

    def _file_matches(self, loc):
        path = (loc or {}).get("file") or ""
        if not path:
            return False
        if any(c in self.file for c in "*?["):
            return fnmatch.fnmatch(path, self.file) or fnmatch.fnmatch(path.rsplit("/", 1)[-1],
                                                                       self.file)
        return self.file in path

    def race(self, race):
        if self.kinds is not None and race["kind"].replace(" ", "-") not in self.kinds:
            return False
        accesses = (race["first"], race["second"])
        if self.rank is not None and self.rank not in (race["memory_rank"],
                                                       *(a["rank"] for a in accesses)):
            return False
        return self.file is None or any(self._file_matches(a.get("location")) for a in accesses)

    def error(self, error):
        if self.kinds is not None and "error" not in self.kinds:
            return False
        if self.rank is not None and error["rank"] != self.rank:
            return False
        return self.file is None or self._file_matches(error.get("location"))


def select(logs, keep):
    """(distinct races, errors) of `logs` that the Filter `keep` lets through."""
    races = distinct_races([r for r in logs.races if keep.race(r.data)])
    errors = [e.data for e in logs.errors if keep.error(e.data)]
    return races, errors
