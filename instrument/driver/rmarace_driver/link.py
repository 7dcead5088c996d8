"""Linking in selective mode, with whole-program instrumentation.

LLVM 14's lld cannot load pass plugins at link time, so the driver does the whole-program step
itself:
1. It links the objects as they are. Each was instrumented on its own, so this program is already
   correct; it is also the fallback when a later step fails.
2. From that program and the native inputs it learns which symbols code outside the analysed
   bitcode can reach by name: symbols the program exports to shared libraries (its dynamic symbol
   table, which the linker fills exactly with those), and symbols that native objects and static
   archives refer to.
3. It links the bitcode the objects carry into one module, instruments it as a whole program
   (only those symbols are entry points from outside), compiles it and links it in place of those
   objects.
"""

import os
import shutil
import sys

from .command_line import Input
from .elf import read_section
from .errors import DriverError
from .instrumentation import BITCODE_SECTION, pass_arguments
from .toolchain import CommandFailed


def _flatten(items):
    tokens = []
    for item in items:
        tokens += [item.path] if isinstance(item, Input) else item
    return tokens


class WholeProgramLinker:
    def __init__(self, toolchain, layout, options, command, workspace, tool, models):
        self.toolchain = toolchain
        self.layout = layout
        self.options = options
        self.command = command
        self.workspace = workspace
        self.tool = tool
        self.models = models
        self._bitcode_of = {}

    def link(self, items, output):
        """Links `items` (the command line with sources replaced by their objects) to `output`."""
        carriers = [item for item in items
                    if isinstance(item, Input) and item.kind == "linker" and self._bitcode(item)]
        separate = self.workspace.path(os.path.basename(output))
        # A relocatable link produces an object again, a static one cannot use the runtime library.
        if not carriers or self.command.has("-r", "-static"):
            self._link(items, separate)
            shutil.move(separate, output)
            return
        tools = (self.toolchain.llvm_tool("llvm-link"), self.toolchain.llvm_tool("llvm-nm"))
        self._link(items, separate)
        try:
            whole = self._instrument_whole_program(carriers, items, separate, output, *tools)
            first = items.index(carriers[0])
            linked = [item for item in items if item not in carriers]
            linked.insert(first, Input(whole, "linker"))
            self._link(linked, output)
        except (DriverError, CommandFailed) as failure:
            reason = f": {failure}" if isinstance(failure, DriverError) else ""
            print(f"{self.tool}: warning: whole-program instrumentation failed{reason}; "
                  "the program uses the objects as instrumented one by one", file=sys.stderr)
            shutil.move(separate, output)

    def _link(self, items, output):
        self.toolchain.compile(self.layout.runtime_link_flags(self.options.mpi, self.models)
                               + _flatten(items) + self.layout.model_link_flags(self.models)
                               + ["-o", output])

    def _bitcode(self, item):
        """The whole-program bitcode an object carries, or None."""
        if item.path not in self._bitcode_of:
            self._bitcode_of[item.path] = read_section(item.path, BITCODE_SECTION)
        return self._bitcode_of[item.path]

    def _instrument_whole_program(self, carriers, items, separate, output, llvm_link, llvm_nm):
        modules = []
        for carrier in carriers:
            path = self.workspace.path(carrier.output_name(".bc"))
            with open(path, "wb") as file:
                file.write(self._bitcode(carrier))
            modules.append(path)
        merged = self.workspace.path("whole-program.bc")
        self.toolchain.run([llvm_link, "-o", merged] + modules)
        symbols = self.workspace.path("external-symbols.txt")
        with open(symbols, "w", encoding="utf-8") as file:
            file.writelines(f"{name}\n"
                            for name in sorted(self._external_symbols(items, separate, llvm_nm)))
        whole = self.workspace.path("whole-program.o")
        # Like LTO: the link step's optimisation level, -O2 by default; functions compiled with
        # -O0 carry optnone and stay unoptimised.
        position_independent = ["-fPIC"] if self.command.has("-shared") else []
        self.toolchain.compile(["-O2"] + self.command.codegen_options() + position_independent
                               + ["-g", "-Wno-unused-command-line-argument"]
                               + pass_arguments(self.layout, self.options, (output, symbols))
                               + ["-c", merged, "-o", whole])
        return whole

    def _external_symbols(self, items, separate, nm):
        """Names that code outside the bitcode may refer to: exported by the program, or
        undefined in native objects and static archives."""
        names = set(self._names([nm, "-D", "--defined-only", "-j", separate]))
        native = [item.path for item in items
                  if isinstance(item, Input) and item.kind == "linker" and not self._bitcode(item)
                  and not _is_shared_library(item.path)]
        for path in native + self._static_libraries():
            names.update(self._names([nm, "--undefined-only", "-j", path]))
        return names

    def _names(self, command):
        try:
            listing = self.toolchain.output_of(command)
        except DriverError:
            # Not an object file (a linker script, for instance): it refers to no symbols.
            return []
        return [line.split("@")[0] for line in listing.split()
                if line and not line.endswith(":")]

    def _static_libraries(self):
        """Archives that -l options find in the -L directories of the command line, where the
        linker takes an archive (no shared library next to it, or -static)."""
        directories, names = [], []
        for option in self.command.options:
            value = option[1] if len(option) > 1 else option[0][2:]
            if option[0].startswith("-L"):
                directories.append(value)
            elif option[0].startswith("-l") and not value.startswith(":"):
                names.append(value)
        archives = []
        for name in names:
            for directory in directories:
                archive = os.path.join(directory, f"lib{name}.a")
                shared = os.path.join(directory, f"lib{name}.so")
                if os.path.exists(shared) and not self.command.has("-static"):
                    break
                if os.path.exists(archive):
                    archives.append(archive)
                    break
        return archives


def _is_shared_library(path):
    name = os.path.basename(path)
    return name.endswith(".so") or ".so." in name
