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
    gaspi_include_dir: str = ""

    def include_flags(self, options):
        """The runtime's headers, and the headers of the bundled libraries of the other models:
        shmem-mpi's come first so that <shmem.h> is its 1.5 header, not Open MPI's 1.4 one (which
        mpicc's own include directory provides for oshmem); gaspi-mpi's GASPI.h has GPI-2's API."""
        # Installed in /usr, the annotations are in a system directory already: -I/usr/include
        # would reorder the system directories (and break C++'s #include_next).
        flags = [] if os.path.normpath(self.include_dir) == "/usr/include" else [
            f"-I{self.include_dir}"]
        if options.mpi != "openmpi":
            return flags
        if options.shmem == "shmem-mpi" and self.shmem_include_dir:
            flags.append(f"-I{self.shmem_include_dir}")
        if self.gaspi_include_dir:
            flags.append(f"-I{self.gaspi_include_dir}")
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

    def runtime_link_flags(self, mpi, models):
        """Links the front ends first and unconditionally, so that their MPI_* (shmem_*, gaspi_*)
        definitions take precedence over the libraries', then the runtime library every front end
        shares (it defines the C ABI instrumented code calls), with an rpath so the program finds
        them at run time. `models`: the other RMA models the program uses (ModelsUsed)."""
        self.runtime_library(mpi)
        # The thread front end orders the threads of a rank (pthreads, OpenMP through OMPT).
        front_ends = [f"-lrmarace-{mpi}", "-lrmarace-threads", "-lrmarace"]
        if models.openshmem:
            front_ends.insert(0, "-lrmarace-shmem")
        if models.gaspi:
            front_ends.insert(0, "-lrmarace-gaspi")
        return ([f"-L{self.library_dir}", "-Wl,--push-state,--no-as-needed"] + front_ends
                + ["-Wl,--pop-state", f"-Wl,-rpath,{self.library_dir}"])

    def model_link_flags(self, models):
        """The other models' libraries themselves, after the program's own inputs: the chosen
        OpenSHMEM library, and gaspi-mpi's libGPI2 (GPI-2's library name)."""
        libraries = []
        if models.openshmem:
            libraries.append("-lshmem-mpi" if models.openshmem == "shmem-mpi" else "-loshmem")
        if models.gaspi:
            libraries.append("-lGPI2")
        if not libraries:
            return []
        return ["-Wl,--push-state,--no-as-needed"] + libraries + ["-Wl,--pop-state"]
