"""A temporary directory for the intermediate files of one driver run."""

import os
import tempfile


class Workspace:
    def __init__(self):
        self._directory = tempfile.TemporaryDirectory(prefix="rmarace-")
        self._count = 0

    def path(self, name):
        """A fresh path ending in `name`; names may repeat (a/x.c and b/x.c)."""
        self._count += 1
        return os.path.join(self._directory.name, f"{self._count}-{os.path.basename(name)}")

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self._directory.cleanup()
