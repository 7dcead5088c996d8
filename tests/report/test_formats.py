"""The three formats: text like the runtime's summary, SARIF valid against the official 2.1.0
schema, and a self-contained, escaped HTML page with source and timeline pictures."""

import json
import os
import re
import tempfile
import unittest

import jsonschema

from helpers import ROOT, TWO_RUNS, error, race
from rmarace_report import html, sarif, text, timeline
from rmarace_report.log import Logs, Record, read_logs
from rmarace_report.races import Filter, select
from rmarace_report.sources import Sources


def selected(path=TWO_RUNS):
    logs = read_logs([path])
    races, errors = select(logs, Filter())
    return logs, races, errors


class Text(unittest.TestCase):
    def test_summary_in_the_runtimes_words(self):
        logs, races, errors = selected()
        out = text.render(races, errors, logs.summaries)
        self.assertTrue(out.startswith("rmarace: SUMMARY: 3 data races (distinct pairs of source "
                                       "locations, 4 occurrences), 1 error\n"), out)
        self.assertIn("  2 x data race (remote) on rank 1, window 1 offset 0 (ranks 0, 1; 2, 3)\n"
                      "     Load of 4 bytes at rank 1: examples/race_example.c:20 (in main)\n"
                      "     Remote write of 4 bytes by MPI_Put from rank 0: "
                      "examples/race_example.c:16 (in main)\n"
                      "     Concurrent region of the MPI_Put at rank 1: from MPI_Barrier at "
                      "examples/race_example.c:12 to MPI_Barrier at examples/race_example.c:22\n",
                      out)
        self.assertIn("local memory at address 0x8637bd0", out)
        self.assertIn("Store of 8 bytes at rank 2, thread 3: src/buf.c:31 (in send)", out)
        self.assertIn("from a synchronisation call too far back to name", out)
        self.assertIn("[sum, double]", out)
        self.assertIn("error on rank 0: MPI_Put accesses bytes [4, 12)", out)
        self.assertIn("two_runs.jsonl:7: the run's summary: 2 data races, 2 occurrences, "
                      "0 errors, 1 suppressed", out)


class Sarif(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(sarif.SCHEMA_FILE) as f:
            cls.schema = json.load(f)

    def render(self, races_list=None, errors_list=None):
        logs, races, errors = selected()
        if races_list is not None:
            logs = Logs(races=[Record(r, "x", 1) for r in races_list],
                        errors=[Record(e, "x", 1) for e in errors_list or []])
            races, errors = select(logs, Filter())
        log = sarif.render(races, errors, logs.summaries)
        jsonschema.validate(log, self.schema)
        return log

    def test_valid_against_the_official_schema(self):
        log = self.render()
        self.assertEqual(log["version"], "2.1.0")
        run = log["runs"][0]
        self.assertEqual(run["tool"]["driver"]["name"], "rmarace")
        self.assertEqual(len(run["results"]), 4)

    def test_the_schema_rejects_what_it_should(self):
        log = self.render()
        del log["runs"][0]["tool"]
        with self.assertRaises(jsonschema.ValidationError):
            jsonschema.validate(log, self.schema)

    def test_primary_location_is_the_later_access_and_the_earlier_is_related(self):
        result = self.render([race()])["runs"][0]["results"][0]
        self.assertEqual(result["ruleId"], "rmarace.race.remote")
        primary = result["locations"][0]["physicalLocation"]
        self.assertEqual((primary["artifactLocation"]["uri"], primary["region"]["startLine"]),
                         ("race.c", 20))
        related = {r["id"]: r["physicalLocation"]["region"]["startLine"]
                   for r in result["relatedLocations"]}
        self.assertEqual(related, {1: 16, 2: 12, 3: 22})
        self.assertIn("race.c:16", result["message"]["text"])

    def test_rules_for_both_race_kinds_and_every_error_kind(self):
        log = self.render([race(kind="local buffer")], [error(), error(kind="brand-new")])
        run = log["runs"][0]
        rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
        for rule in ("rmarace.race.remote", "rmarace.race.local-buffer",
                     "rmarace.error.out-of-bounds", "rmarace.error.freed-window",
                     "rmarace.error.brand-new"):
            self.assertIn(rule, rules)
        for result in run["results"]:
            self.assertEqual(rules[result["ruleIndex"]], result["ruleId"])

    def test_absolute_paths_are_file_uris(self):
        r = race()
        r["second"]["location"]["file"] = "/home/u/my app/race.c"
        result = self.render([r])["runs"][0]["results"][0]
        self.assertEqual(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                         "file:///home/u/my%20app/race.c")


class Timeline(unittest.TestCase):
    def test_lanes_region_and_arrow_of_a_remote_race(self):
        t = timeline.build(race())
        self.assertEqual([lane.label for lane in t.lanes], ["rank 0", "rank 1"])
        rank1 = t.lanes[1].y
        self.assertEqual(t.span[2], rank1)  # measured at the memory's rank
        self.assertEqual(t.arrows, [(timeline.X_FIRST, t.lanes[0].y, rank1)])
        self.assertEqual(sorted((e.name, e.where) for e in t.events),
                         [("MPI_Barrier", "race.c:12"), ("MPI_Barrier", "race.c:22"),
                          ("MPI_Put", "race.c:16"), ("load", "race.c:20")])

    def test_local_buffer_region_starts_at_the_call_on_its_threads_lane(self):
        r = race(kind="local buffer", memory_rank=0, second_rank=0)
        r["first"]["access"] = "local buffer read"
        r["second"]["thread"] = 2
        r["region"]["begin"] = dict(r["first"]["location"])
        t = timeline.build(r)
        self.assertEqual([lane.label for lane in t.lanes], ["rank 0", "rank 0, thread 2"])
        self.assertEqual((t.span[0], t.span[2]), (timeline.X_FIRST, t.lanes[0].y))
        self.assertEqual(len([e for e in t.events if e.kind == "sync"]), 1)  # only the end

    def test_labels_that_would_overlap_are_staggered(self):
        r = race()
        for loc in (r["second"]["location"], r["region"]["end"]):
            loc["file"] = "a_rather_long_source_file_name.c"
        offsets = {e.where: e.offset for e in timeline.build(r).events}
        self.assertEqual(offsets["race.c:12"], 0)
        self.assertEqual(offsets["a_rather_long_source_file_name.c:20"], 0)
        self.assertEqual(offsets["a_rather_long_source_file_name.c:22"], timeline.STAGGER)
        r["region"]["end"]["file"] = "race.c"
        self.assertFalse(any(e.offset for e in timeline.build(r).events))


class Html(unittest.TestCase):
    def render(self, source_dirs=(ROOT,)):
        logs, races, errors = selected()
        return html.render(races, errors, logs, [TWO_RUNS], Sources(source_dirs))

    def test_self_contained_without_script(self):
        page = self.render()
        self.assertNotIn("<script", page)
        self.assertNotRegex(page, r"(src|href)=\"(https?:)?//")
        self.assertNotIn("@import", page)
        self.assertNotRegex(page, r"url\((?!#)")  # only the SVG's own markers

    def test_names_are_escaped(self):
        page = self.render()
        self.assertIn("lib/third &lt;&amp;&gt; party.c:12", page)
        self.assertNotIn("third <&> party", page)

    def test_one_timeline_per_race_naming_both_lines_and_the_region(self):
        page = self.render()
        svgs = re.findall(r"<svg class=\"timeline\".*?</svg>", page, re.S)
        self.assertEqual(len(svgs), 3)
        put_load = next(s for s in svgs if "race_example.c:20" in s)
        for label in ("race_example.c:16", "race_example.c:12", "race_example.c:22", "MPI_Put",
                      "MPI_Barrier", "concurrent region", "rank 0", "rank 1"):
            self.assertIn(label, put_load)
        self.assertIn('class="arrow"', put_load)  # the put reaches rank 1's memory
        buffer = next(s for s in svgs if "buf.c:31" in s)
        self.assertIn("rank 2, thread 3", buffer)
        self.assertIn("never completed", buffer)

    def test_source_lines_around_both_accesses_or_why_not(self):
        page = self.render()
        self.assertRegex(page, r'<span class="line hit"><span class="ln">20</span>\s*printf')
        self.assertRegex(page, r'<span class="line hit"><span class="ln">16</span>\s*MPI_Put')
        self.assertIn("No source shown: source file src/buf.c not found.", page)
        self.assertNotIn("No source shown: source file examples/race_example.c", page)

    def test_counts_and_errors_are_shown(self):
        page = self.render()
        self.assertIn("3 distinct data races (4 logged occurrences), 1 error", page)
        self.assertRegex(page, r"two_runs.jsonl:7</code></td><td class=\"n\">2</td><td "
                               r"class=\"n\">2</td><td class=\"n\">0</td><td class=\"n\">1</td>")
        self.assertIn("out-of-bounds", page)


class SourceSearch(unittest.TestCase):
    def test_a_name_relative_to_a_directory_above_the_working_directory_is_found(self):
        # clang 14 names /base/src/a.c, compiled in /base/build, as src/a.c.
        with tempfile.TemporaryDirectory() as base:
            os.makedirs(os.path.join(base, "src"))
            os.makedirs(os.path.join(base, "build", "run"))
            with open(os.path.join(base, "src", "a.c"), "w") as f:
                f.write("int a;\n")
            cwd = os.getcwd()
            try:
                os.chdir(os.path.join(base, "build", "run"))
                found = Sources()._find(os.path.join("src", "a.c"))
                missing = Sources()._find(os.path.join("src", "b.c"))
            finally:
                os.chdir(cwd)
            self.assertEqual(found, os.path.join(base, "src", "a.c"))
            self.assertIsNone(missing)


if __name__ == "__main__":
    unittest.main()
