"""Reading logs: records, the errors that name file and line, tolerated damage."""

import json
import os
import unittest

from helpers import PUT_LOAD, SUMMARY, TWO_RUNS, ScratchDirTest, error, write_log
from rmarace_report.log import LogError, read_logs


class ReadLogs(ScratchDirTest):
    def assert_error(self, records_or_text, expected):
        path = os.path.join(self.dir, "bad.jsonl")
        with open(path, "w") as f:
            f.write(records_or_text)
        with self.assertRaises(LogError) as caught:
            read_logs([path])
        self.assertIn(path + expected, str(caught.exception))

    def test_records_are_sorted_by_type_and_know_their_line(self):
        logs = read_logs([TWO_RUNS])
        self.assertEqual((len(logs.races), len(logs.errors), len(logs.summaries)), (4, 1, 2))
        self.assertEqual([r.line for r in logs.summaries], [4, 7])
        self.assertEqual(logs.warnings, [])

    def test_several_logs_are_read_in_order(self):
        other = write_log(self.dir, [PUT_LOAD, SUMMARY])
        logs = read_logs([TWO_RUNS, other])
        self.assertEqual(len(logs.races), 5)
        self.assertEqual(logs.races[-1].path, other)

    def test_missing_file(self):
        with self.assertRaises(LogError) as caught:
            read_logs([os.path.join(self.dir, "none.jsonl")])
        self.assertIn("none.jsonl: cannot read the log: No such file", str(caught.exception))

    def test_invalid_json_names_the_line(self):
        self.assert_error(json.dumps(PUT_LOAD) + "\n{not json}\n" + json.dumps(SUMMARY) + "\n",
                          ":2: invalid JSON")

    def test_unknown_record_type(self):
        self.assert_error('\n{"type":"overview"}\n', ":2: unknown record type 'overview'")

    def test_record_without_a_field_or_of_a_wrong_type(self):
        broken = dict(PUT_LOAD)
        del broken["second"]
        self.assert_error(json.dumps(broken) + "\n", ":1: race record has no 'second'")
        self.assert_error('{"type":"error","kind":"x","rank":"0","message":"m"}\n',
                          ":1: error record has 'rank' \"0\", not a number")
        self.assert_error("[1, 2]\n", ":1: expected a JSON object")
        bad_line = json.loads(json.dumps(PUT_LOAD))
        bad_line["region"]["end"]["line"] = "22"
        self.assert_error(json.dumps(bad_line) + "\n", ":1: the region's 'end' has 'line' \"22\"")
        bad_location = json.loads(json.dumps(PUT_LOAD))
        bad_location["first"]["location"] = "race.c:16"
        self.assert_error(json.dumps(bad_location) + "\n", ":1: the 'first' access has "
                          "'location' \"race.c:16\", not an object")

    def test_fields_the_reports_read_have_their_types_where_present(self):
        for part, field, value, expected in (
                (None, "offset", "0x10", ":1: race record has 'offset' \"0x10\", not a number"),
                ("first", "thread", [1], ":1: the 'first' access has 'thread' [1], not a number"),
                ("second", "size", "4", ":1: the 'second' access has 'size' \"4\""),
                ("region", "ended", "no", ":1: the race's 'region' has 'ended' \"no\", not "
                                          "true or false")):
            broken = json.loads(json.dumps(PUT_LOAD))
            (broken[part] if part else broken)[field] = value
            self.assert_error(json.dumps(broken) + "\n", expected)
        without = json.loads(json.dumps(PUT_LOAD))
        del without["offset"], without["first"]["thread"], without["region"]["ended"]
        path = write_log(self.dir, [without])
        self.assertEqual(len(read_logs([path]).races), 1)

    def test_text_that_is_no_record_is_an_error_also_on_the_last_line(self):
        self.assert_error("not a log", ":1: invalid JSON")
        self.assert_error(json.dumps(SUMMARY) + "\nrandom bytes", ":2: invalid JSON")

    def test_truncated_last_line_is_skipped_with_a_warning(self):
        path = write_log(self.dir, [PUT_LOAD, error()], tail='{"type":"race","ki')
        logs = read_logs([path])
        self.assertEqual((len(logs.races), len(logs.errors)), (1, 1))
        self.assertEqual(len(logs.warnings), 1)
        self.assertIn(path + ":3: the last line is incomplete", logs.warnings[0])

    def test_a_whole_last_record_without_newline_counts(self):
        path = write_log(self.dir, [PUT_LOAD], tail=json.dumps(SUMMARY))
        logs = read_logs([path])
        self.assertEqual((len(logs.summaries), logs.warnings), (1, []))

    def test_from_byte_reads_one_runs_records_with_their_line_numbers(self):
        with open(TWO_RUNS, "rb") as f:
            first_run = b"".join(f.readlines()[:4])
        logs = read_logs([TWO_RUNS], from_byte=len(first_run))
        self.assertEqual((len(logs.races), len(logs.errors)), (2, 0))
        self.assertEqual([r.line for r in logs.races], [5, 6])
        with self.assertRaises(LogError):
            read_logs([TWO_RUNS], from_byte=10 ** 9)


if __name__ == "__main__":
    unittest.main()
