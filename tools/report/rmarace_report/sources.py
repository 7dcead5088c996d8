"""Lines of source around a reported location, read from the source files when they can be found."""

import os
from dataclasses import dataclass, field

CONTEXT_LINES = 3  # before and after the reported line


@dataclass
class Snippet:
    file: str                 # as the log names it
    line: int
    found: str = None         # the path read, None when the file was not found
    lines: list = field(default_factory=list)  # (number, text, is the reported line)

    @property
    def missing_reason(self):
        if not self.file:
            return "the location has no source file (code without debug information)"
        if self.found is None:
            return f"source file {self.file} not found"
        return f"{self.file} has no line {self.line}"


def ancestors(directory):
    """The directories above `directory`, nearest first."""
    path = os.path.abspath(directory)
    while os.path.dirname(path) != path:
        path = os.path.dirname(path)
        yield path


class Sources:
    """Finds source files: as named (absolute, or relative to the working directory), else
    relative to each of `search_dirs` (by their path, then by their name alone), else relative to
    a directory above the working directory or a search directory. clang 14 names a source file
    outside the compilation directory relative to the deepest directory the two share
    (`/tmp/src/a.c` compiled in `/tmp/build` is `src/a.c`), and runs usually start in or below
    the compilation directory."""

    def __init__(self, search_dirs=()):
        self.search_dirs = list(search_dirs)
        self._cache = {}

    def _find(self, name):
        candidates = [name]
        for d in self.search_dirs:
            candidates += [os.path.join(d, name), os.path.join(d, os.path.basename(name))]
        if not os.path.isabs(name):
            for d in [os.getcwd()] + self.search_dirs:
                candidates += [os.path.join(a, name) for a in ancestors(d)]
        return next((c for c in candidates if os.path.isfile(c)), None)

    def _lines(self, name):
        if name not in self._cache:
            path = self._find(name)
            lines = None
            if path:
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        lines = f.read().splitlines()
                except OSError:
                    path = None
            self._cache[name] = (path, lines)
        return self._cache[name]

    def snippet(self, loc, context=CONTEXT_LINES):
        loc = loc or {}
        snip = Snippet(loc.get("file") or "", int(loc.get("line") or 0))
        if not snip.file:
            return snip
        snip.found, lines = self._lines(snip.file)
        if lines is None or not 1 <= snip.line <= len(lines):
            return snip
        first = max(1, snip.line - context)
        last = min(len(lines), snip.line + context)
        snip.lines = [(n, lines[n - 1], n == snip.line) for n in range(first, last + 1)]
        return snip
