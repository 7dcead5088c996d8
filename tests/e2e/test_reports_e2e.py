"""End-to-end tests of what reports explain and what users can silence: the rule that makes
atomic operations race, the object file of each access, and suppression files (docs/reports.md)."""

import os
import unittest

from test_e2e import PROGRAMS, Harness, tool

LIB_RACE = ("third_party_lib.c:10", "third_party_lib.c:12")
MAIN_RACE = ("third_party_main.c:22", "third_party_main.c:26")


class Reports(Harness):
    def build_with_third_party_library(self):
        """third_party_main.c built with rmarace-cc, linked against a library built with plain
        mpicc (code the user did not write, not instrumented)."""
        lib = os.path.join(self.dir, "libthird.so")
        result = self.run_cmd(["mpicc.openmpi", "-g", "-shared", "-fPIC",
                               os.path.join(PROGRAMS, "third_party_lib.c"), "-o", lib])
        self.assertEqual(result.returncode, 0, result.stderr)
        return self.build("third_party_main.c", "-L" + self.dir, "-lthird",
                          "-Wl,-rpath," + self.dir)

    def suppressions(self, *lines):
        path = os.path.join(self.dir, "app.supp")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def races(self):
        return [r for r in self.logs() if r["type"] == "race"]

    def test_atomic_races_say_which_rule_makes_them_races(self):
        exe = self.build_with_third_party_library()
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, *LIB_RACE)
        self.assert_race(result.stderr, *MAIN_RACE)
        self.assertIn("Why: atomic operations on different basic datatypes (byte and double) are "
                      "neither atomic nor ordered with respect to each other", result.stderr)
        lib_races = [r for r in self.races() if "why" in r]
        self.assertEqual(len(lib_races), 2, result.stderr)  # one per rank: each updates itself
        for race in lib_races:
            for side in ("first", "second"):
                self.assertTrue(race[side]["location"]["module"].endswith("/libthird.so"), race)
        main_race = [r for r in self.races() if "why" not in r]
        self.assertEqual(len(main_race), 1, result.stderr)
        self.assertTrue(main_race[0]["second"]["location"]["module"].endswith("third_party_main"))

    def test_stripped_programs_name_no_wrong_function(self):
        # Only exported symbols are left: the static function of the puts has none, and the
        # nearest one below it (_start, exported_before) is another function.
        exe = self.build("stripped_static.c", "-O1", "-s", "-rdynamic",
                         compiler="mpicc.openmpi", name="stripped")
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertIn("data race", result.stderr)
        self.assertNotIn("(in _start)", result.stderr)
        self.assertNotIn("(in exported_before)", result.stderr)
        # With debug information, or only the full symbol table, the function is named.
        exe = self.build("stripped_static.c", "-O1", "-g", compiler="mpicc.openmpi", name="debug")
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertIn("stripped_static.c:11 (in put_from)", result.stderr)
        exe = self.build("stripped_static.c", "-O1", compiler="mpicc.openmpi", name="symbols")
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertIn("(in put_from)", result.stderr)

    def test_each_suppression_form_silences_its_race_only(self):
        exe = self.build_with_third_party_library()
        for rule in ("race:libthird.so", "race:third_update_patch", "race:third_party_lib.c",
                     "race:third_party_lib.c:12", "call:MPI_Accumulate", "call:^MPI_Acc*"):
            with self.subTest(rule=rule):
                supp = self.suppressions("# third-party code", "", rule)
                result = self.rmarace_run(exe, 2, "--suppressions=" + supp)
                self.assertEqual(result.returncode, 66, result.stderr)  # the program's own race
                self.assert_race(result.stderr, *MAIN_RACE)
                self.assertNotIn("(in third_update_patch)", result.stderr)
                self.assertIn("SUMMARY: 1 data race (distinct pairs of source locations, "
                              "1 occurrence), 2 suppressed", result.stderr)
                self.assertIn("2 x suppressed by " + rule, result.stderr)
                summary = [r for r in self.logs() if r["type"] == "summary"][-1]
                self.assertEqual((summary["distinct_races"], summary["suppressed"]), (1, 2))
                for name in os.listdir(self.dir):
                    if name.endswith(".jsonl"):
                        os.remove(os.path.join(self.dir, name))

    def test_rules_that_match_nothing_suppress_nothing(self):
        exe = self.build_with_third_party_library()
        supp = self.suppressions("race:third_party_lib.c:1", "call:MPI_Get", "race:libfoo.so")
        result = self.rmarace_run(exe, 2, "--suppressions=" + supp)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, *LIB_RACE)
        self.assertNotIn("suppressed", result.stderr)

    def test_suppressed_races_do_not_change_the_exit_code(self):
        exe = self.build_with_third_party_library()
        supp = self.suppressions("race:libthird.so", "race:third_party_main.c:26")
        env = dict(self.env, RMARACE_OPTIONS="suppressions=" + supp)
        for launch in (lambda: self.rmarace_run(exe, 2, env=env),
                       lambda: self.run_cmd(["mpirun", "-np", "2", exe], env=env)):
            result = launch()
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertNotIn("WARNING: rmarace", result.stderr)
            self.assertIn("3 suppressed", result.stderr)

    def test_malformed_suppressions_get_errors_naming_file_and_line(self):
        exe = self.build_with_third_party_library()
        supp = self.suppressions("race:libthird.so", "races:foo", "call:")
        result = self.rmarace_run(exe, 2, "--suppressions=" + supp)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertIn(supp + ":2: unknown rule type 'races' in 'races:foo'", result.stderr)
        self.assertIn(supp + ":3: empty pattern", result.stderr)
        errors = [r for r in self.logs() if r["type"] == "error"]
        self.assertEqual([e["kind"] for e in errors], ["bad-suppressions"] * 2)
        # The valid line still applies.
        self.assertNotIn("(in third_update_patch)", result.stderr)
        missing = self.rmarace_run(exe, 2, "--suppressions=" + supp + ".missing")
        self.assertEqual(missing.returncode, 2)
        self.assertIn("cannot read the suppressions file", missing.stderr)
        result = self.run_cmd([tool("rmarace-run"), "--suppressions", "-np", "2", exe])
        self.assertEqual(result.returncode, 2)
        self.assertIn("--suppressions needs a value", result.stderr)


if __name__ == "__main__":
    unittest.main()
