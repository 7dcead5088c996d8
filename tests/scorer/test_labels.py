"""Label parsing, test discovery and the RACE_PAIR / CONFLICT marker cross-check."""
import os
import tempfile
import textwrap
import unittest

from bench import labels

BLOCK_STYLE = """\
/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma read", "rma write"],
  "RACE_PAIR": ["MPI_Get@14", "MPI_Put@16"],
  "NPROCS": 3,
  "DESCRIPTION": "get and put"
}
RACE LABELS END */
#include <mpi.h>
int main(void)
{
    // CONFLICT
    MPI_Get();
    // CONFLICT
    MPI_Put();
}
"""

LINE_STYLE = """\
// RACE LABELS BEGIN
/*
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["MPI_Get@13", "LOAD@14"],
  "NPROCS": 2,
  "DESCRIPTION": "get then load"
}
*/
// RACE LABELS END
int x;
MPI_Get(&x); // CONFLICT
print(x); // CONFLICT
"""

RACE_FREE = """\
/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["local buffer read", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "put then load"
}
RACE LABELS END */
"""


def labelled(kind="remote", access='["rma read", "rma write"]',
             pair='["MPI_Get@1", "MPI_Put@2"]', nprocs="2", extra=""):
    return textwrap.dedent("""\
        /* RACE LABELS BEGIN
        {
          "RACE_KIND": "%s",
          "ACCESS_SET": %s,
          "RACE_PAIR": %s,
          "NPROCS": %s,%s
          "DESCRIPTION": "d"
        }
        RACE LABELS END */
        """) % (kind, access, pair, nprocs, extra)


class ParseLabels(unittest.TestCase):
    def test_block_style(self):
        t = labels.parse_labels(BLOCK_STYLE, "dir/mpi/conflict/001-x-yes.c")
        self.assertEqual(t.kind, "remote")
        self.assertEqual(t.access_set, ["rma read", "rma write"])
        self.assertEqual(t.nprocs, 3)
        self.assertEqual(t.description, "get and put")
        self.assertEqual([(a.call, a.file, a.line) for a in t.pair],
                         [("MPI_Get", "001-x-yes.c", 14), ("MPI_Put", "001-x-yes.c", 16)])
        self.assertTrue(t.racy)
        self.assertEqual((t.model, t.category, t.expected), ("mpi", "conflict", "yes"))

    def test_line_style(self):
        t = labels.parse_labels(LINE_STYLE, "a/b/t.c")
        self.assertEqual(t.kind, "local")
        self.assertEqual([a.location for a in t.pair], ["t.c:13", "t.c:14"])

    def test_race_free(self):
        t = labels.parse_labels(RACE_FREE, "t.c")
        self.assertFalse(t.racy)
        self.assertEqual(t.pair, [])
        self.assertEqual(t.expected, "no")

    def test_pair_entry_in_companion_file(self):
        t = labels.parse_labels(labelled(pair='["MPI_Get@30", "LOAD@t.helper.c:9"]'), "t.c")
        self.assertEqual([a.location for a in t.pair], ["t.c:30", "t.helper.c:9"])

    def test_unknown_keys_are_ignored(self):
        t = labels.parse_labels(labelled(extra='\n  "TOOL_NOTE": 1,'), "t.c")
        self.assertEqual(t.kind, "remote")

    def assert_label_error(self, text, *fragments):
        with self.assertRaises(labels.LabelError) as cm:
            labels.parse_labels(text, "suite/bad-test.c")
        message = str(cm.exception)
        self.assertIn("suite/bad-test.c", message)
        for f in fragments:
            self.assertIn(f, message)

    def test_missing_block(self):
        self.assert_label_error("int main(void) { return 0; }\n", "no label block")

    def test_missing_end_marker(self):
        self.assert_label_error(BLOCK_STYLE.replace("RACE LABELS END */", "*/"),
                                "no closing line")
        self.assert_label_error(LINE_STYLE.replace("// RACE LABELS END", ""), "no closing line")

    def test_line_style_without_comment(self):
        text = "// RACE LABELS BEGIN\n{}\n// RACE LABELS END\n"
        self.assert_label_error(text, "/* ... */")

    def test_invalid_json_names_line(self):
        text = BLOCK_STYLE.replace('"NPROCS": 3,', '"NPROCS": 3')
        self.assert_label_error(text, "not valid JSON", "bad-test.c:7")

    def test_missing_key(self):
        self.assert_label_error(BLOCK_STYLE.replace('  "NPROCS": 3,\n', ""), "lacks NPROCS")

    def test_bad_values(self):
        self.assert_label_error(labelled(kind="global"), "RACE_KIND")
        self.assert_label_error(labelled(access='["rma read"]'), "ACCESS_SET")
        self.assert_label_error(labelled(access='["rma read", "rma scribble"]'), "ACCESS_SET")
        self.assert_label_error(labelled(pair='["MPI_Get@x", "MPI_Put@2"]'), "MPI_Get@x")
        self.assert_label_error(labelled(pair='["MPI_Get@1"]'), "exactly two")
        self.assert_label_error(labelled(kind="none"), "not empty")
        self.assert_label_error(labelled(nprocs="0"), "NPROCS")
        self.assert_label_error(labelled(nprocs='"2"'), "NPROCS")
        self.assert_label_error(labelled().replace("[", "{", 1).replace("]", "}", 1),
                                "not valid JSON")

    def test_not_an_object(self):
        self.assert_label_error("/* RACE LABELS BEGIN\n[1, 2]\nRACE LABELS END */\n",
                                "JSON object")


class MarkedLines(unittest.TestCase):
    def test_marker_line_marks_next_line(self):
        self.assertEqual(labels.marked_lines(BLOCK_STYLE), {14, 16})

    def test_trailing_marker_marks_its_own_line(self):
        self.assertEqual(labels.marked_lines(LINE_STYLE), {13, 14})

    def test_indented_marker(self):
        self.assertEqual(labels.marked_lines("a\n        // CONFLICT\n  x = 1;\n"), {3})


class Discovery(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.cat = os.path.join(self.root, "mpi", "misc")
        os.makedirs(self.cat)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.cat, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_finds_tests_and_companions(self):
        main = self.write("001-tu-yes.c", labelled(
            kind="local", access='["local buffer write", "load"]',
            pair='["MPI_Get@12", "LOAD@001-tu-yes.helper.c:3"]') +
            "\n// CONFLICT\nMPI_Get();\n")
        helper = self.write("001-tu-yes.helper.c", "void f(int *p)\n{\n    // CONFLICT\n"
                                                   "    g(*p);\n}\n")
        self.write("002-free-no.c", RACE_FREE)
        self.write("notes.c", "int unlabelled;\n")
        self.write("README.txt", "RACE LABELS BEGIN in a text file is ignored\n")
        tests, warnings = labels.discover([self.root])
        self.assertEqual([os.path.basename(t.path) for t in tests],
                         ["001-tu-yes.c", "002-free-no.c"])
        self.assertEqual(tests[0].sources, [main, helper])
        self.assertEqual(tests[1].companions, [])
        self.assertEqual((tests[0].model, tests[0].category), ("mpi", "misc"))
        # helper line 4 is marked, RACE_PAIR says 3: a warning names the helper file
        self.assertTrue(any("001-tu-yes.helper.c:4" in w for w in warnings), warnings)
        self.assertTrue(any("001-tu-yes.helper.c:3" in w for w in warnings), warnings)

    def test_cross_check_clean(self):
        path = self.write("001-ok-yes.c", BLOCK_STYLE)
        tests, warnings = labels.discover([path])
        self.assertEqual(len(tests), 1)
        self.assertEqual(warnings, [])

    def test_cross_check_mismatch(self):
        self.write("001-bad-yes.c", BLOCK_STYLE.replace("MPI_Put@16", "MPI_Put@15"))
        _, warnings = labels.discover([self.root])
        self.assertEqual(len(warnings), 2, warnings)
        self.assertIn("001-bad-yes.c:15: named in RACE_PAIR but not marked", warnings[0])
        self.assertIn("001-bad-yes.c:16: marked with // CONFLICT but not named", warnings[1])

    def test_cross_check_file_name_and_unknown_companion(self):
        self.write("001-free-yes.c", RACE_FREE)
        self.write("002-x-yes.c", labelled(pair='["MPI_Get@1", "LOAD@missing.c:2"]'))
        _, warnings = labels.discover([self.root])
        self.assertTrue(any("file name says 'yes'" in w for w in warnings), warnings)
        self.assertTrue(any("missing.c is neither" in w for w in warnings), warnings)

    def test_malformed_label_aborts_with_file_name(self):
        path = self.write("001-broken-yes.c", "/* RACE LABELS BEGIN\n{\n")
        with self.assertRaises(labels.LabelError) as cm:
            labels.discover([self.root])
        self.assertIn(path, str(cm.exception))

    def test_missing_path(self):
        with self.assertRaises(labels.LabelError):
            labels.discover([os.path.join(self.root, "nope")])


if __name__ == "__main__":
    unittest.main()
