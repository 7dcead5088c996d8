"""Finding labelled race tests, parsing their label blocks and checking the CONFLICT markers.

A test is a C/C++ source file with a label block: a JSON object either in a block comment
between the lines `/* RACE LABELS BEGIN` and `RACE LABELS END */`, or in a block comment
enclosed by the lines `// RACE LABELS BEGIN` and `// RACE LABELS END`. Files named
`<test stem>.<anything>.<suffix>` next to a test and without a label block are companion
translation units compiled together with it.
"""
import json
import os
import re
from dataclasses import dataclass, field

SOURCE_SUFFIXES = (".c", ".cc", ".cpp")
RACE_KINDS = ("local", "remote", "none")
ACCESS_KINDS = frozenset({
    "load", "store", "local buffer read", "local buffer write", "rma read", "rma write",
    "rma atomic read", "rma atomic write",
})
BLOCK_BEGIN, BLOCK_END = "/* RACE LABELS BEGIN", "RACE LABELS END */"
LINE_BEGIN, LINE_END = "// RACE LABELS BEGIN", "// RACE LABELS END"
MARKER = "// CONFLICT"
REQUIRED_KEYS = ("RACE_KIND", "ACCESS_SET", "RACE_PAIR", "NPROCS", "DESCRIPTION")
# "Call@line" or "Call@file:line" (the file form names an access in a companion file)
PAIR_ENTRY = re.compile(r"^([A-Za-z_]\w*)@(?:([^:@]+):)?(\d+)$")


class LabelError(Exception):
    """A malformed label block; the message names the file (and line when known)."""


@dataclass(frozen=True)
class Access:
    call: str   # MPI call name, LOAD or STORE
    file: str   # basename of the source file that holds the access
    line: int

    @property
    def location(self):
        return "%s:%d" % (self.file, self.line)


@dataclass
class TestCase:
    path: str
    kind: str
    access_set: list
    pair: list
    nprocs: int
    description: str
    companions: list = field(default_factory=list)

    @property
    def racy(self):
        return self.kind != "none"

    @property
    def expected(self):
        return "yes" if self.racy else "no"

    @property
    def sources(self):
        return [self.path] + self.companions

    @property
    def category(self):
        return os.path.basename(os.path.dirname(os.path.abspath(self.path)))

    @property
    def model(self):
        return os.path.basename(os.path.dirname(os.path.dirname(os.path.abspath(self.path))))

    @property
    def stem(self):
        return os.path.splitext(os.path.basename(self.path))[0]


def has_label_block(text):
    return "RACE LABELS BEGIN" in text


def extract_json(text, path):
    """Returns (json text, line number of its first line) of the label block in `text`."""
    lines = text.split("\n")
    for i, raw in enumerate(lines):
        line = raw.strip()
        if line.startswith(BLOCK_BEGIN):
            for j in range(i + 1, len(lines)):
                if lines[j].strip().endswith(BLOCK_END):
                    body = [line[len(BLOCK_BEGIN):]] + lines[i + 1:j]
                    body.append(lines[j].strip()[:-len(BLOCK_END)])
                    return "\n".join(body), i + 1
            raise LabelError("%s:%d: label block has no closing line '%s'" %
                             (path, i + 1, BLOCK_END))
        if line == LINE_BEGIN:
            for j in range(i + 1, len(lines)):
                if lines[j].strip() == LINE_END:
                    body = "\n".join(lines[i + 1:j]).strip()
                    if not (body.startswith("/*") and body.endswith("*/")):
                        raise LabelError("%s:%d: expected a /* ... */ comment between '%s' and "
                                         "'%s'" % (path, i + 1, LINE_BEGIN, LINE_END))
                    # keep the line structure so JSON error positions stay meaningful
                    inner = "\n".join(lines[i + 1:j])
                    inner = inner.replace("/*", "  ", 1)
                    k = inner.rfind("*/")
                    return inner[:k] + inner[k + 2:], i + 2
            raise LabelError("%s:%d: label block has no closing line '%s'" %
                             (path, i + 1, LINE_END))
    raise LabelError("%s: no label block ('%s' or '%s' line) found" %
                     (path, BLOCK_BEGIN, LINE_BEGIN))


def parse_pair_entry(entry, path):
    m = PAIR_ENTRY.match(entry) if isinstance(entry, str) else None
    if not m:
        raise LabelError("%s: RACE_PAIR entry %r is not of the form \"Call@line\" or "
                         "\"Call@file:line\"" % (path, entry))
    call, fname, line = m.groups()
    return Access(call, fname or os.path.basename(path), int(line))


def parse_labels(text, path):
    """Parses and validates the label block of one test file; raises LabelError."""
    body, first_line = extract_json(text, path)
    try:
        data = json.loads(body)
    except json.JSONDecodeError as e:
        raise LabelError("%s:%d: label block is not valid JSON: %s" %
                         (path, first_line + e.lineno - 1, e.msg)) from None
    if not isinstance(data, dict):
        raise LabelError("%s: label block must be a JSON object" % path)
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise LabelError("%s: label block lacks %s" % (path, ", ".join(missing)))
    kind = data["RACE_KIND"]
    if kind not in RACE_KINDS:
        raise LabelError("%s: RACE_KIND must be one of %s, not %r" %
                         (path, ", ".join(RACE_KINDS), kind))
    access = data["ACCESS_SET"]
    if (not isinstance(access, list) or len(access) != 2 or
            not all(a in ACCESS_KINDS for a in access)):
        raise LabelError("%s: ACCESS_SET must list two of: %s (got %r)" %
                         (path, ", ".join(sorted(ACCESS_KINDS)), access))
    pair = data["RACE_PAIR"]
    if not isinstance(pair, list):
        raise LabelError("%s: RACE_PAIR must be a list" % path)
    if kind == "none" and pair:
        raise LabelError("%s: RACE_KIND is none but RACE_PAIR is not empty" % path)
    if kind != "none" and len(pair) != 2:
        raise LabelError("%s: a racy test needs exactly two RACE_PAIR entries" % path)
    nprocs = data["NPROCS"]
    if not isinstance(nprocs, int) or isinstance(nprocs, bool) or nprocs < 1:
        raise LabelError("%s: NPROCS must be a positive integer, not %r" % (path, nprocs))
    if not isinstance(data["DESCRIPTION"], str):
        raise LabelError("%s: DESCRIPTION must be a string" % path)
    return TestCase(path=path, kind=kind, access_set=list(access),
                    pair=[parse_pair_entry(p, path) for p in pair], nprocs=nprocs,
                    description=data["DESCRIPTION"])


def marked_lines(text):
    """Line numbers marked as racing accesses: the line after a line that is only
    `// CONFLICT`, or a code line ending in `// CONFLICT` (the community's older style)."""
    lines = text.split("\n")
    marked = set()
    for i, raw in enumerate(lines):
        line = raw.strip()
        if line == MARKER:
            marked.add(i + 2)
        elif line.endswith(MARKER):
            marked.add(i + 1)
    return marked


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def cross_check(test):
    """Warnings where RACE_PAIR lines, CONFLICT markers and the file name disagree."""
    warnings = []
    files = {os.path.basename(s): s for s in test.sources}
    named = {}
    for access in test.pair:
        if access.file not in files:
            warnings.append("%s: RACE_PAIR names %s, but %s is neither the test nor one of "
                            "its companion files" % (test.path, access.location, access.file))
            continue
        named.setdefault(access.file, set()).add(access.line)
    for base, path in files.items():
        marks = marked_lines(read_text(path))
        for line in sorted(named.get(base, set()) - marks):
            warnings.append("%s:%d: named in RACE_PAIR but not marked with %s" %
                            (path, line, MARKER))
        for line in sorted(marks - named.get(base, set())):
            warnings.append("%s:%d: marked with %s but not named in RACE_PAIR" %
                            (path, line, MARKER))
    suffix = test.stem.rsplit("-", 1)[-1]
    if suffix in ("yes", "no") and suffix != test.expected:
        warnings.append("%s: file name says '%s' but RACE_KIND is %s" %
                        (test.path, suffix, test.kind))
    return warnings


def companions_of(path, siblings):
    stem = os.path.splitext(os.path.basename(path))[0]
    return sorted(os.path.join(os.path.dirname(path), s) for s in siblings
                  if s.startswith(stem + ".") and s.endswith(SOURCE_SUFFIXES) and
                  s != os.path.basename(path))


def discover(paths):
    """Finds all labelled tests under the given files and directories, in path order.
    Returns (tests, warnings); raises LabelError for a malformed label block."""
    candidates = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                candidates += [os.path.join(root, f) for f in sorted(files)]
        elif os.path.isfile(p):
            candidates.append(p)
        else:
            raise LabelError("%s: no such file or directory" % p)
    tests, warnings, labelled = [], [], set()
    texts = {}
    for path in candidates:
        if path.endswith(SOURCE_SUFFIXES):
            text = read_text(path)
            if has_label_block(text):
                texts[path] = text
                labelled.add(os.path.abspath(path))
    for path, text in texts.items():
        test = parse_labels(text, path)
        siblings = os.listdir(os.path.dirname(path) or ".")
        test.companions = [c for c in companions_of(path, siblings)
                           if os.path.abspath(c) not in labelled]
        tests.append(test)
        warnings += cross_check(test)
    return tests, warnings
