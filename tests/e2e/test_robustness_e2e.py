"""End-to-end tests of programs shaped like real RMA software (NetPIPE, PETSc, OpenCoarrays):
no hang, no crash, no report on correct code, and the program's own output unchanged."""

import unittest

from test_e2e import Harness, tool

# Program, ranks. Every one is race-free; a hang fails by the harness's timeout.
RACE_FREE = [
    ("unfreed_windows.c", 3),
    ("self_pscw.c", 2),
    ("self_pscw.c", 3),
    ("self_accumulates.c", 3),
    ("dynamic_reattach.c", 3),
    ("gets_to_a_blocked_peer.c", 2),
]


class Robustness(Harness):
    def test_correct_programs_run_unchanged_without_reports(self):
        for program, nprocs in RACE_FREE:
            with self.subTest(program=program, nprocs=nprocs):
                plain = self.build(program, "-O2", compiler="mpicc.openmpi", name="plain")
                checked = self.build(program, "-O2")
                expected = self.run_cmd(["mpirun", "-np", str(nprocs), plain], timeout=60)
                self.assertEqual(expected.returncode, 0, expected.stderr)
                result = self.run_cmd([tool("rmarace-run"), "-np", str(nprocs), checked],
                                      timeout=60)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotIn("rmarace", result.stderr)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 sorted(expected.stdout.splitlines()))


if __name__ == "__main__":
    unittest.main()
