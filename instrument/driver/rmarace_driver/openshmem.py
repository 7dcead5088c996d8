"""Whether a program uses OpenSHMEM, so that the link adds the OpenSHMEM front end and library
without an extra flag: a source that includes <shmem.h> or calls an OpenSHMEM routine, or an
object or archive that refers to one."""

import os
import re

from .errors import DriverError

_SOURCE_USE = re.compile(rb'#\s*include\s*[<"]p?shmemx?\.h[>"]|\b(shmem_\w+|start_pes)\s*\(')
_SYMBOL_USE = re.compile(r"^(p?shmem_\w+|shmalloc|shfree|shrealloc|shmemalign|start_pes|SHMEM_\w+)$")


def _source_uses(path):
    try:
        with open(path, "rb") as file:
            return _SOURCE_USE.search(file.read()) is not None
    except OSError:
        return False


def _object_uses(toolchain, path):
    name = os.path.basename(path)
    if name.endswith(".so") or ".so." in name or not os.path.isfile(path):
        return False
    try:
        listing = toolchain.output_of([toolchain.llvm_tool("llvm-nm"), "--undefined-only", "-j",
                                       path])
    except DriverError:
        return False  # not an object file (a linker script, say)
    return any(_SYMBOL_USE.match(line.split("@")[0]) for line in listing.split())


def uses_openshmem(toolchain, inputs):
    """True when any of the command line's inputs uses OpenSHMEM."""
    for item in inputs:
        if not hasattr(item, "kind"):
            continue  # an option of the command line
        if item.kind == "source" and item.path != "-" and _source_uses(item.path):
            return True
        if item.kind == "linker" and _object_uses(toolchain, item.path):
            return True
    return False
