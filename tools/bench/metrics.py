"""Counting results and computing precision, recall and accuracy per group of tests."""
from collections import Counter

from .classify import RESULTS

ALL = "all"


def precision(counts):
    return ratio(counts["TP"], counts["TP"] + counts["FP"])


def recall(counts):
    return ratio(counts["TP"], counts["TP"] + counts["FN"])


def accuracy(counts):
    """TO, CE, CRASH and CO are wrong answers: they count in the denominator only."""
    return ratio(counts["TP"] + counts["TN"], sum(counts[r] for r in RESULTS))


def ratio(num, den):
    return num / den if den else None


def summarize(rows):
    """rows: (model, category, result) triples. Returns an ordered list of
    ((model, category), Counter) with per-category rows, a per-model row (category "all")
    when a model has more than one category, and the overall row ("all", "all")."""
    groups = {}
    for model, category, result in rows:
        for key in ((model, category), (model, ALL), (ALL, ALL)):
            groups.setdefault(key, Counter())[result] += 1
    categories_of = Counter(m for (m, c) in groups if c != ALL and m != ALL)
    ordered = []
    for model in sorted({m for m, _ in groups if m != ALL}):
        ordered += [((model, c), groups[(model, c)])
                    for c in sorted(c for m, c in groups if m == model and c != ALL)]
        if categories_of[model] > 1:
            ordered.append(((model, ALL), groups[(model, ALL)]))
    if (ALL, ALL) in groups:
        ordered.append(((ALL, ALL), groups[(ALL, ALL)]))
    return ordered
