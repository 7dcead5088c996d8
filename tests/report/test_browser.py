"""The HTML report in a real browser: headless Chromium renders it without script errors, the
rendered DOM has the timeline pictures naming both lines, and a screenshot shows them."""

import os
import re
import tempfile
import unittest

import browser
from helpers import ROOT, TWO_RUNS
from rmarace_report import html
from rmarace_report.log import read_logs
from rmarace_report.races import Filter, select
from rmarace_report.sources import Sources

# The colours of the timeline's access markers (#c8102e) and of the concurrent region's span.
MARKER = (0xC8, 0x10, 0x2E)


def near(colour, tolerance=24):
    return lambda r, g, b: (abs(r - colour[0]) <= tolerance and abs(g - colour[1]) <= tolerance
                            and abs(b - colour[2]) <= tolerance)


class Browser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not browser.find_browser():
            raise RuntimeError("chromium is not installed (scripts/install-deps.sh installs it)")
        cls.tmp = tempfile.TemporaryDirectory()
        logs = read_logs([TWO_RUNS])
        races, errors = select(logs, Filter())
        cls.page = os.path.join(cls.tmp.name, "report.html")
        with open(cls.page, "w") as f:
            f.write(html.render(races, errors, logs, [TWO_RUNS], Sources([ROOT])))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_rendered_dom_has_the_timelines_naming_both_lines(self):
        dom, log = browser.dump_dom(self.page)
        self.assertEqual(browser.console_messages(log), [])
        svgs = re.findall(r"<svg class=\"timeline\".*?</svg>", dom, re.S)
        self.assertEqual(len(svgs), 3, dom[:2000])
        put_load = next(s for s in svgs if "race_example.c:20" in s)
        self.assertIn("race_example.c:16", put_load)
        self.assertIn("concurrent region", put_load)

    def test_screenshot_shows_the_page_and_its_pictures(self):
        png = os.path.join(self.tmp.name, "report.png")
        log = browser.screenshot(self.page, png, width=900, height=1400)
        self.assertEqual(browser.console_messages(log), [])
        self.assertGreater(os.path.getsize(png), 10_000)
        width, height, _, _ = browser.read_png(png)
        self.assertEqual((width, height), (900, 1400))
        not_white = browser.count_pixels(png, lambda r, g, b: r < 240 or g < 240 or b < 240)
        self.assertGreater(not_white, width * height // 50)  # text, tables and pictures
        self.assertLess(not_white, width * height // 2)       # not a blank or black page
        # The red access markers of the first timeline (two circles of radius 7, ~150 pixels
        # each) and more of the next.
        self.assertGreater(browser.count_pixels(png, near(MARKER)), 2 * 120)


if __name__ == "__main__":
    unittest.main()
