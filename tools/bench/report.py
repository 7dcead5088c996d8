"""Summary tables (text and markdown) and the per-test CSV."""
import csv

from .classify import RESULTS
from .metrics import accuracy, precision, recall, summarize

METRIC_NOTE = ("P = TP/(TP+FP), R = TP/(TP+FN), A = (TP+TN)/(all tests); TO, CE, CRASH and CO "
               "(output changed) count as wrong answers in A only; '-' means undefined.")
HEADER = ["model", "category", "tests"] + list(RESULTS) + ["P", "R", "A"]


def fmt(value):
    return "-" if value is None else "%.2f" % value


def summary_rows(results):
    """results: list of TestResult. Returns table rows (lists of strings)."""
    rows = []
    for (model, category), counts in summarize(
            [(r.test.model, r.test.category, r.result) for r in results]):
        rows.append([model, category, str(sum(counts.values()))] +
                    [str(counts[k]) for k in RESULTS] +
                    [fmt(precision(counts)), fmt(recall(counts)), fmt(accuracy(counts))])
    return rows


def text_table(results):
    rows = [HEADER] + summary_rows(results)
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    lines = []
    for row in rows:
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in
                 enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines + [METRIC_NOTE])


def write_csv(path, results, display):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["file", "model", "category", "expected", "result", "seconds"])
        for r in results:
            w.writerow([display(r.test.path), r.test.model, r.test.category, r.test.expected,
                        r.result, "%.2f" % r.seconds])


def markdown_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(out)


def write_markdown(path, results, display, settings):
    parts = ["# rmarace-bench results", ""]
    parts += ["- %s: `%s`" % (k, v) for k, v in settings]
    parts += ["", "## Summary", "", markdown_table(HEADER, summary_rows(results)), "",
              METRIC_NOTE, "", "## Tests", ""]
    parts.append(markdown_table(
        ["file", "expected", "result", "seconds"],
        [[display(r.test.path), r.test.expected, r.result, "%.2f" % r.seconds]
         for r in results]))
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")
