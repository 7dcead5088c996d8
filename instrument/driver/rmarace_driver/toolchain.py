"""The programs the driver runs: the MPI compiler wrapper over clang 14, and LLVM tools."""

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

from .errors import DriverError

# For each MPI and language: the MPI compiler wrapper, how to make it use clang 14, and the Debian
# packages that provide it.
_MPI_COMPILERS = {
    ("openmpi", "c"): ("mpicc.openmpi", [], {"OMPI_CC": "clang-14"}, "openmpi-bin libopenmpi-dev"),
    ("openmpi", "c++"): ("mpicxx.openmpi", [], {"OMPI_CXX": "clang++-14"},
                         "openmpi-bin libopenmpi-dev"),
    ("mpich", "c"): ("mpicc.mpich", ["-cc=clang-14"], {}, "mpich libmpich-dev"),
    ("mpich", "c++"): ("mpicxx.mpich", ["-cxx=clang++-14"], {}, "mpich libmpich-dev"),
}

_CLANG = {"c": "clang-14", "c++": "clang++-14"}


class CommandFailed(Exception):
    """A command failed after printing its own diagnostics; the driver exits with its status."""

    def __init__(self, returncode):
        super().__init__(returncode)
        self.returncode = returncode


def _require(program, packages):
    path = shutil.which(program)
    if not path:
        noun = "packages" if " " in packages else "package"
        raise DriverError(f"{program} not found in PATH (Debian {noun}: {packages})")
    return path


@dataclass
class Toolchain:
    """Runs the MPI compiler wrapper (with clang 14 underneath) and LLVM tools."""

    compiler: list
    environment: dict
    verbose: bool = False

    def run(self, command, quiet=False):
        """Runs a command; raises CommandFailed when it fails. `quiet` hides its output."""
        if self.verbose:
            print("rmarace:", " ".join(command), file=sys.stderr)
        output = subprocess.DEVNULL if quiet else None
        status = subprocess.run(command, env=self.environment, stdout=output,
                                stderr=output, check=False).returncode
        if status != 0:
            raise CommandFailed(status)

    def output_of(self, command):
        """Runs a command and returns its standard output."""
        if self.verbose:
            print("rmarace:", " ".join(command), file=sys.stderr)
        result = subprocess.run(command, env=self.environment, capture_output=True, text=True,
                                check=False)
        if result.returncode != 0:
            raise DriverError(f"{command[0]} failed: {result.stderr.strip()}")
        return result.stdout

    def compile(self, args, quiet=False):
        self.run(self.compiler + args, quiet)

    def llvm_tool(self, name):
        return _require(f"{name}-14", "llvm-14")


def find_toolchain(language, mpi, verbose=False):
    """The toolchain for `language` ("c" or "c++") and `mpi`; explains what is missing."""
    wrapper, wrapper_args, wrapper_env, packages = _MPI_COMPILERS[(mpi, language)]
    _require(_CLANG[language], "clang-14")
    path = _require(wrapper, packages)
    environment = dict(os.environ)
    environment.update(wrapper_env)
    return Toolchain([path] + wrapper_args, environment, verbose)
