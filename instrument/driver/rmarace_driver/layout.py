"""Where the pass plugin, the runtime library and the runtime headers are."""

import os
from dataclasses import dataclass

from .errors import DriverError


@dataclass
class Layout:
    library_dir: str
    include_dir: str

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

    def runtime_link_flags(self, mpi):
        """Links the MPI front end first and unconditionally, so that its MPI_* definitions take
        precedence over libmpi's, then the runtime library every front end shares (it defines
        the C ABI instrumented code calls), with an rpath so the program finds both at run
        time."""
        self.runtime_library(mpi)
        return [f"-L{self.library_dir}", "-Wl,--push-state,--no-as-needed", f"-lrmarace-{mpi}",
                "-lrmarace", "-Wl,--pop-state", f"-Wl,-rpath,{self.library_dir}"]
