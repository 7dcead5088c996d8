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
        """Links the runtime first and unconditionally, so that its MPI_* definitions take
        precedence over libmpi's, with an rpath so the program finds it at run time."""
        self.runtime_library(mpi)
        return [f"-L{self.library_dir}", "-Wl,--push-state,--no-as-needed", f"-lrmarace-{mpi}",
                "-Wl,--pop-state", f"-Wl,-rpath,{self.library_dir}"]
