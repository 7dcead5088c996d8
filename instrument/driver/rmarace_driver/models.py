"""Which RMA models besides MPI a program uses, so that the link adds their front ends and
libraries without an extra flag: a source that includes a model's header or calls one of its
routines, or an object or archive that refers to one."""

import os
import re
from dataclasses import dataclass

from .errors import DriverError


@dataclass(frozen=True)
class _Model:
    source_use: "re.Pattern[bytes]"
    symbol_use: "re.Pattern[str]"


_OPENSHMEM = _Model(
    re.compile(rb'#\s*include\s*[<"]p?shmemx?\.h[>"]|\b(shmem_\w+|start_pes)\s*\('),
    re.compile(r"^(p?shmem_\w+|shmalloc|shfree|shrealloc|shmemalign|start_pes|SHMEM_\w+)$"))
# GPI-2's headers (GASPI.h, GASPI_Ext.h, PGASPI.h, GASPI_Threads.h) and routines.
_GASPI = _Model(
    re.compile(rb'#\s*include\s*[<"]P?GASPI(_\w+)?\.h[>"]|\bp?gaspi_\w+\s*\('),
    re.compile(r"^p?gaspi_\w+$"))


@dataclass(frozen=True)
class ModelsUsed:
    """The OpenSHMEM library to link (None: no OpenSHMEM), and whether the program uses GASPI."""
    openshmem: str = None
    gaspi: bool = False


def _source_uses(model, path):
    try:
        with open(path, "rb") as file:
            return model.source_use.search(file.read()) is not None
    except OSError:
        return False


def _undefined_symbols(toolchain, path):
    name = os.path.basename(path)
    if name.endswith(".so") or ".so." in name or not os.path.isfile(path):
        return []
    try:
        listing = toolchain.output_of([toolchain.llvm_tool("llvm-nm"), "--undefined-only", "-j",
                                       path])
    except DriverError:
        return []  # not an object file (a linker script, say)
    return [line.split("@")[0] for line in listing.split()]


def _uses(model, toolchain, inputs):
    for item in inputs:
        if not hasattr(item, "kind"):
            continue  # an option of the command line
        if item.kind == "source" and item.path != "-" and _source_uses(model, item.path):
            return True
        if item.kind == "linker" and any(model.symbol_use.match(symbol)
                                         for symbol in _undefined_symbols(toolchain, item.path)):
            return True
    return False


def models_used(toolchain, inputs, shmem_library):
    """The models the command line's inputs use; `shmem_library` is the OpenSHMEM library chosen
    for programs that use OpenSHMEM."""
    return ModelsUsed(openshmem=shmem_library if _uses(_OPENSHMEM, toolchain, inputs) else None,
                      gaspi=_uses(_GASPI, toolchain, inputs))
