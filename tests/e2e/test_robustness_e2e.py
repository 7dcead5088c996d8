"""End-to-end tests of programs shaped like real RMA software (NetPIPE, PETSc, OpenCoarrays):
no hang, no crash, no report on correct code, and the program's own output unchanged."""

import unittest

from test_e2e import Harness, tool

# Program, ranks, RMARACE_OPTIONS. Every one is race-free; a hang fails by the harness's timeout.
# Fences of ranks on one node exchange through the window's board; shared_exchange=0 takes them
# through the fence areas, as across nodes.
RACE_FREE = [
    ("unfreed_windows.c", 3, ""),
    ("self_pscw.c", 2, ""),
    ("self_pscw.c", 3, ""),
    ("self_accumulates.c", 3, ""),
    ("dynamic_reattach.c", 3, ""),
    ("gets_to_a_blocked_peer.c", 2, ""),
    ("fence_assertions_differ.c", 2, ""),
    ("fence_assertions_differ.c", 2, "shared_exchange=0"),
]


class Robustness(Harness):
    def test_correct_programs_run_unchanged_without_reports(self):
        for program, nprocs, options in RACE_FREE:
            with self.subTest(program=program, nprocs=nprocs, options=options):
                plain = self.build(program, "-O2", compiler="mpicc.openmpi", name="plain")
                checked = self.build(program, "-O2")
                expected = self.run_cmd(["mpirun", "-np", str(nprocs), plain], timeout=60)
                self.assertEqual(expected.returncode, 0, expected.stderr)
                result = self.run_cmd([tool("rmarace-run"), "-np", str(nprocs), checked],
                                      env=dict(self.env, RMARACE_OPTIONS=options), timeout=60)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotIn("rmarace", result.stderr)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 sorted(expected.stdout.splitlines()))

    def test_dynamic_window_regions_attached_in_any_address_order(self):
        # Open MPI 4.1's osc/ucx crashes on regions attached in ascending order ("ascending 3"
        # dies natively); rmarace's guard region makes them work without taking a slot the
        # program needs (32 regions is osc/ucx's limit).
        # The plain build, preloaded, has native's heap layout: it crashed every time before.
        plain = self.build("osc_ucx_dynamic_free.c", "-O2", compiler="mpicc.openmpi",
                           name="dynamic_free")
        result = self.run_cmd([tool("rmarace-run"), "--preload", "-np", "2", plain], timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines(), ["window freed"])
        checked = self.build("dynamic_attach_order.c", "-O2")
        for order, regions in (("ascending", 3), ("ascending", 12), ("ascending", 30),
                               ("descending", 32)):
            with self.subTest(order=order, regions=regions):
                result = self.run_cmd([tool("rmarace-run"), "-np", "3", checked, order,
                                       str(regions)], timeout=60)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotIn("rmarace", result.stderr)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 [f"rank {r}: {regions} {order} regions, 0 wrong"
                                  for r in range(3)])


if __name__ == "__main__":
    unittest.main()
