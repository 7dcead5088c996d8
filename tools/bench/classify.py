"""Classifying one test run as TP, TN, FP, FN, TO (timeout), CE (compile error) or CRASH; the
runner adds CO (a race-free test whose output differs from its native run's)."""
import re
from dataclasses import dataclass

RESULTS = ("TP", "TN", "FP", "FN", "TO", "CE", "CRASH", "CO")
DEFAULT_RACE_PATTERN = "data race"
DEFAULT_RACE_EXIT_CODE = 66


@dataclass
class Outcome:
    """What happened when a test was built and run."""
    compiled: bool
    timed_out: bool = False
    returncode: int = 0     # negative: ended by that signal
    output: str = ""        # stdout and stderr of the run combined


def names_location(output, filename, line):
    """True when `output` names `filename:line`, possibly with a directory in front, and
    the line number is not the prefix of a longer one (foo.c:12 does not match foo.c:123)."""
    pattern = r"(?<![\w.\-])" + re.escape(filename) + ":" + str(line) + r"(?!\d)"
    return re.search(pattern, output) is not None


def crashed(returncode, race_exit_code):
    return returncode != 0 and returncode != race_exit_code


def classify(test, outcome, race_exit_code=DEFAULT_RACE_EXIT_CODE,
             race_pattern=re.compile(DEFAULT_RACE_PATTERN, re.IGNORECASE)):
    if not outcome.compiled:
        return "CE"
    if outcome.timed_out:
        return "TO"
    reported = race_pattern.search(outcome.output) is not None
    failed = crashed(outcome.returncode, race_exit_code)
    if test.racy:
        # a report counts only when it names both racing accesses
        if reported and all(names_location(outcome.output, a.file, a.line) for a in test.pair):
            return "TP"
        return "CRASH" if failed else "FN"
    if reported:
        return "FP"
    return "CRASH" if failed else "TN"
