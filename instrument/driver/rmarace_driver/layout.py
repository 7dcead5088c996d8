"""Where the pass plugin, the runtime library and the runtime headers are."""

import os
from dataclasses import dataclass

from .errors import DriverError


# OpenSHMEM libraries a program can be built against (with Open MPI): their headers and library.
SHMEM_LIBRARIES = ("shmem-mpi", "oshmem")


@dataclass
class Layout:
    library_dir: str
    include_dir: str
    shmem_include_dir: str = ""

    def include_flags(self, options):
        """The runtime's headers, and the OpenSHMEM headers of the chosen library: shmem-mpi's
        come first so that <shmem.h> is its 1.5 header, not Open MPI's 1.4 one (which mpicc's own
        include directory provides for oshmem)."""
        flags = [f"-I{self.include_dir}"]
        if options.mpi == "openmpi" and options.shmem == "shmem-mpi" and self.shmem_include_dir:
            flags.append(f"-I{self.shmem_include_dir}")
        return flags

    @property
    def plugin(self):
        path = os.path.join(self.library_dir, "RmaracePass.so")
        if not os.path.isfile(path):
            raise DriverError(f"the instrumentation pass {path} does not exist "
                              "(build rmarace with scripts/build.sh)")
        return path

    def runtime_library(self, mpi):
        path = os.path.join(self.library_dir, f"librmarace-{mpi}.so")
        if not os.path.isfile(path):
            raise DriverError(f"the rmarace runtime {path} does not exist "
                              "(build rmarace with scripts/build.sh)")
        return path

    def runtime_link_flags(self, mpi, openshmem=None):
        """Links the front ends first and unconditionally, so that their MPI_* (and shmem_*)
        definitions take precedence over the libraries', then the runtime library every front end
        shares (it defines the C ABI instrumented code calls), with an rpath so the program finds
        them at run time. `openshmem`: the OpenSHMEM library the program uses, if any."""
        self.runtime_library(mpi)
        front_ends = [f"-lrmarace-{mpi}", "-lrmarace"]
        if openshmem:
            front_ends.insert(0, "-lrmarace-shmem")
        return ([f"-L{self.library_dir}", "-Wl,--push-state,--no-as-needed"] + front_ends
                + ["-Wl,--pop-state", f"-Wl,-rpath,{self.library_dir}"])

    def openshmem_link_flags(self, openshmem):
        """The OpenSHMEM library itself, after the program's own inputs."""
        if not openshmem:
            return []
        name = "shmem-mpi" if openshmem == "shmem-mpi" else "oshmem"
        return ["-Wl,--push-state,--no-as-needed", f"-l{name}", "-Wl,--pop-state"]
