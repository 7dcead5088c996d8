"""The rmarace options of the compiler wrappers, separated from the compiler's own arguments."""

import os
from dataclasses import dataclass, field

from .errors import DriverError

MODES = ("selective", "full", "none")
MPIS = ("openmpi", "mpich")
SHMEMS = ("shmem-mpi", "oshmem")
SWITCHES = ("on", "off")

# The warning group of the compile-time local buffer check. clang 14 cannot give a plugin's
# diagnostics a group of their own, so the wrappers read the options that name it (and take them
# out of clang's arguments, which would call them unknown) and tell the pass the severity.
LOCAL_BUFFER_GROUP = "rmarace-local-buffer"

USAGE = """\
usage: {tool} [rmarace options] [compiler arguments]

Compiles and links an MPI program like {mpi_tool}, with clang 14, debug information, the rmarace
instrumentation pass and the rmarace runtime. All arguments that are not rmarace options are
passed to the compiler.

rmarace options:
  --rmarace-mode=selective  instrument only loads and stores that may touch RMA-relevant memory
                            (default)
  --rmarace-mode=full       instrument every load, store and memory intrinsic
  --rmarace-mode=none       no instrumentation: only MPI calls are intercepted
  --rmarace-list[=FILE]     print, per function, how many accesses were instrumented (to stderr,
                            or appended to FILE)
  --rmarace-mpi=openmpi|mpich
                            MPI implementation to build against (default openmpi; also the
                            environment variable RMARACE_MPI)
  --rmarace-shmem=shmem-mpi|oshmem
                            OpenSHMEM library of a program that uses OpenSHMEM (with Open MPI):
                            the bundled OpenSHMEM 1.5 library (default) or Open MPI's OpenSHMEM
                            1.4 (also the environment variable RMARACE_SHMEM)
  --rmarace-static=on|off   the compile-time local buffer check (default on): a warning for a
                            load or store of an RMA call's local buffer before any call that
                            could complete the operation; clang's -Werror,
                            -Werror=rmarace-local-buffer, -Wno-error=rmarace-local-buffer,
                            -Wno-rmarace-local-buffer and -w apply to it
  --rmarace-launcher        the first compiler argument is the compiler a build system would
                            run (a compiler launcher, as rmarace_enable() in CMake sets it); it
                            is replaced by {tool}
  --help                    this text

Response files (@FILE) are expanded as clang expands them.
"""


@dataclass
class RmaraceOptions:
    mode: str = "selective"
    mpi: str = "openmpi"
    shmem: str = "shmem-mpi"
    list_instrumentation: bool = False
    list_file: str = ""
    static_check: bool = True
    # "off", "warning" or "error": what the pass does with local buffer races it finds.
    local_buffer: str = "warning"
    help: bool = False
    launcher: bool = False
    compiler_args: list = field(default_factory=list)


def _choice(option, value, choices):
    if value not in choices:
        raise DriverError(f"{option}={value} is not one of {', '.join(choices)}")
    return value


def parse(argv, environ=os.environ):
    """Splits argv into rmarace options and the arguments for the compiler."""
    options = RmaraceOptions()
    options.mpi = _choice("RMARACE_MPI", environ.get("RMARACE_MPI", "openmpi"), MPIS)
    options.shmem = _choice("RMARACE_SHMEM", environ.get("RMARACE_SHMEM", "shmem-mpi"), SHMEMS)
    arguments = iter(argv)
    for arg in arguments:
        name, equals, value = arg.partition("=")
        if name in ("--rmarace-mode", "--rmarace-mpi", "--rmarace-shmem",
                    "--rmarace-static") and not equals:
            # Also spelled with the value as the next argument.
            value = next(arguments, None)
            if value is None:
                raise DriverError(f"{name} needs a value (see --help)")
        if arg == "--help":
            options.help = True
        elif name == "--rmarace-mode":
            options.mode = _choice(name, value, MODES)
        elif name == "--rmarace-mpi":
            options.mpi = _choice(name, value, MPIS)
        elif name == "--rmarace-shmem":
            options.shmem = _choice(name, value, SHMEMS)
        elif name == "--rmarace-static":
            options.static_check = _choice(name, value, SWITCHES) == "on"
        elif arg == "--rmarace-launcher":
            options.launcher = True
        elif arg == "--rmarace-list":
            options.list_instrumentation = True
        elif name == "--rmarace-list" and value:
            options.list_instrumentation = True
            options.list_file = os.path.abspath(value)
        elif arg.startswith("--rmarace"):
            raise DriverError(f"unknown option {arg} (see --help)")
        else:
            options.compiler_args.append(arg)
    options.compiler_args, options.local_buffer = _local_buffer_severity(options.compiler_args,
                                                                         options.static_check)
    if options.launcher:
        # Launched by a build system: the compiler it would have run comes first.
        if not options.compiler_args or options.compiler_args[0].startswith("-"):
            raise DriverError("--rmarace-launcher needs the compiler command after it")
        del options.compiler_args[0]
    return options


def _local_buffer_severity(compiler_args, enabled):
    """Applies clang's rules for the warning options of the local buffer group: the last of
    -W<group> and -Wno-<group> decides (-Werror=<group> enables it too), a -Werror=<group> or
    -Wno-error=<group> overrides -Werror and -Wno-error, and -w silences every warning. Returns
    the arguments for clang, without the group's options, and the severity for the pass."""
    arguments = []
    global_error, group_error, silenced = False, None, False
    for arg in compiler_args:
        if arg == f"-W{LOCAL_BUFFER_GROUP}":
            enabled = True
        elif arg == f"-Wno-{LOCAL_BUFFER_GROUP}":
            enabled = False
        elif arg == f"-Werror={LOCAL_BUFFER_GROUP}":
            enabled, group_error = True, True
        elif arg == f"-Wno-error={LOCAL_BUFFER_GROUP}":
            group_error = False
        else:
            if arg == "-Werror":
                global_error = True
            elif arg == "-Wno-error":
                global_error = False
            elif arg == "-w":
                silenced = True
            arguments.append(arg)
    if not enabled or silenced:
        return arguments, "off"
    error = group_error if group_error is not None else global_error
    return arguments, "error" if error else "warning"
