"""Entry point of rmarace-cc and rmarace-c++: decides which steps a command line needs."""

import os
import sys

from . import command_line
from .compile import InputCompiler
from .errors import DriverError
from .instrumentation import pass_arguments
from .layout import Layout
from .link import WholeProgramLinker
from .models import ModelsUsed, models_used
from .options import USAGE, parse
from .response_files import expand
from .toolchain import CommandFailed, find_toolchain
from .workspace import Workspace

_MPI_TOOLS = {"c": "mpicc", "c++": "mpicxx"}


class Driver:
    def __init__(self, tool, toolchain, layout, options, command):
        self.tool = tool
        self.toolchain = toolchain
        self.layout = layout
        self.options = options
        self.command = command

    def run(self):
        phase = self.command.phase
        compiled = [item for item in self.command.inputs if item.kind != "linker"]
        if not self.command.inputs:
            # A query (--version, -v, -dumpversion, -print-*): the compiler's own answer, without
            # include directories it would warn are unused.
            self.toolchain.compile(self.options.compiler_args)
        elif phase == "preprocess" or self.command.has("-###"):
            # The MPI compiler adds its link flags unless it sees -c, -E or -S (not for -M).
            quiet = ["-Wno-unused-command-line-argument"] if phase == "preprocess" else []
            self.toolchain.compile(self.layout.include_flags(self.options) + quiet
                                   + self.options.compiler_args)
        elif self.options.mode != "selective":
            self._run_in_one_step(phase, compiled)
        elif phase == "link":
            self._link_selective()
        else:
            self._compile_selective(phase, compiled)

    def _run_in_one_step(self, phase, compiled):
        """Modes full and none need no step of their own: one compiler command does it all."""
        arguments = self.layout.include_flags(self.options) + self.options.compiler_args + ["-g"]
        if self.options.mode == "full" and compiled:
            arguments += pass_arguments(self.layout, self.options)
        if phase == "link":
            models = self.models(self.command.inputs)
            arguments = (self.layout.runtime_link_flags(self.options.mpi, models) + arguments
                         + self.layout.model_link_flags(models))
        self.toolchain.compile(arguments)

    def models(self, inputs):
        """The RMA models besides MPI the program uses (their front ends run with Open MPI only)."""
        if self.options.mpi != "openmpi":
            return ModelsUsed()
        return models_used(self.toolchain, inputs, self.options.shmem)

    def _check_selective(self):
        if any(option[0].startswith("-flto") for option in self.command.options):
            raise DriverError("-flto cannot be combined with --rmarace-mode=selective, which "
                              "analyses the whole program at link time itself")

    def _compile_selective(self, phase, compiled):
        self._check_selective()
        # Objects and libraries are not used without a link, but must exist, as for clang.
        for item in self.command.inputs:
            if item.kind == "linker" and not os.path.exists(item.path):
                raise DriverError(f"no such file or directory: '{item.path}'")
        if self.command.output and len(compiled) > 1:
            raise DriverError("cannot specify -o when generating multiple output files")
        phase_flag = "-S" if phase == "assemble" else "-c"
        with Workspace() as workspace:
            compiler = InputCompiler(self.toolchain, self.layout, self.options, self.command,
                                     workspace)
            for item in compiled:
                output = self.command.output or item.output_name(self._extension(phase))
                compiler.compile(item, output, phase_flag)

    def _extension(self, phase):
        if self.command.has("-emit-llvm"):
            return ".ll" if phase == "assemble" else ".bc"
        return ".s" if phase == "assemble" else ".o"

    def _link_selective(self):
        self._check_selective()
        output = self.command.output or "a.out"
        directory = os.path.dirname(output) or "."
        if not os.path.isdir(directory):
            raise DriverError(f"cannot open output file {output}: directory {directory} does not "
                              "exist")
        with Workspace() as workspace:
            compiler = InputCompiler(self.toolchain, self.layout, self.options, self.command,
                                     workspace)
            items = []
            for item in self.command.items:
                if isinstance(item, command_line.Input) and item.kind != "linker":
                    compiled = workspace.path(item.output_name(".o"))
                    # A dependency file is named as the one-step compile and link names it.
                    compiler.compile(item, compiled, "-c",
                                     self.command.output or item.output_name(".o"))
                    items.append(command_line.Input(compiled, "linker"))
                elif isinstance(item, command_line.Input) or not command_line.is_language(item):
                    # Every input is an object now: a -x would make the linker step read
                    # objects as source.
                    items.append(item)
            linker = WholeProgramLinker(self.toolchain, self.layout, self.options, self.command,
                                        workspace, self.tool, self.models(items))
            linker.link(items, output)


def main(language, tool, argv, library_dir, include_dir, shmem_include_dir="",
         gaspi_include_dir=""):
    """Runs the wrapper; returns its exit status. Problems are reported as one line on stderr."""
    try:
        options = parse(expand(argv))
        if options.help:
            print(USAGE.format(tool=tool, mpi_tool=_MPI_TOOLS[language]))
            return 0
        toolchain = find_toolchain(language, options.mpi, verbose="-v" in options.compiler_args)
        command = command_line.parse(options.compiler_args)
        layout = Layout(library_dir, include_dir, shmem_include_dir, gaspi_include_dir)
        Driver(tool, toolchain, layout, options, command).run()
        return 0
    except DriverError as error:
        print(f"{tool}: error: {error}", file=sys.stderr)
        return 1
    except CommandFailed as failure:
        return failure.returncode
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"{tool}: error: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
