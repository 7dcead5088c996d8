"""Fortran programs: no instrumentation (the pass runs on clang's IR, and no LLVM 14 Fortran
compiler exists in Debian 12), so they are checked with rmarace-run --preload, which sees their MPI
calls when the MPI's Fortran bindings call the C MPI_* functions: MPICH's do, Open MPI's call
PMPI_* directly (docs/install.md)."""

import os
import shutil
import unittest

from test_e2e import PROGRAMS, Harness


class Fortran(Harness):
    def test_a_race_between_puts_of_a_fortran_program_is_found_with_preload(self):
        self.assertIsNotNone(shutil.which("mpif90.mpich"),
                             "mpif90.mpich not found (scripts/install-deps.sh installs it)")
        exe = os.path.join(self.dir, "fortran_put_race")
        build = self.run_cmd(["mpif90.mpich", "-g", os.path.join(PROGRAMS, "fortran_put_race.f90"),
                              "-o", exe])
        self.assertEqual(build.returncode, 0, build.stderr)
        result = self.rmarace_run(exe, 2, "--preload", "--mpi=mpich")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertIn("data race (remote) on rank 0, window 1 offset 0", result.stderr)
        # Both puts, from the two ranks; the call sites are the Fortran bindings' (in mpi_put_).
        self.assertIn("Remote write of 4 bytes by MPI_Put from rank 0", result.stderr)
        self.assertIn("Remote write of 4 bytes by MPI_Put from rank 1", result.stderr)
        self.assertIn("(in mpi_put_)", result.stderr)
        self.assertIn("SUMMARY: 1 data race", result.stderr)


if __name__ == "__main__":
    unittest.main()
