"""End-to-end tests: MPI programs compiled with rmarace-cc and run with rmarace-run (or plain
mpirun), asserting the reports, exit codes, logs and program output."""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

BIN = os.environ.get("RMARACE_BIN", os.path.join(os.path.dirname(__file__), "../../build/bin"))
PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")
MPI_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_MCA_osc": "ucx,sm",
}


# A program that appends 1 MiB of race records to the log rmarace-run names, without MPI.
MANY_RACES_PROGRAM = """#!/usr/bin/env python3
import os
options = dict(i.split("=", 1) for i in os.environ["RMARACE_OPTIONS"].split(":") if i)
with open(options["log_path"], "a") as log:
    log.write(('{"type":"race","kind":"remote","padding":"%s"}\\n' % ("x" * 1024)) * 1024)
"""


def tool(name):
    return os.path.abspath(os.path.join(BIN, name))


class Harness(unittest.TestCase):
    """Building and running programs in a scratch directory; no tests of its own."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="rmarace-e2e-")
        self.env = dict(os.environ, **MPI_ENV)
        self.env.pop("RMARACE_OPTIONS", None)
        # Open MPI's session directory in the test's own: plain mpiruns of tests running in
        # parallel otherwise race to create the shared one (orte_init fails on "File exists").
        self.env["OMPI_MCA_orte_tmpdir_base"] = self.dir

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_cmd(self, args, env=None, timeout=120):
        return subprocess.run(args, cwd=self.dir, env=env or self.env, capture_output=True,
                              text=True, timeout=timeout)

    def build(self, program, *flags, compiler=None, name=None):
        exe = os.path.join(self.dir, name or program.replace(".c", ""))
        cmd = [compiler or tool("rmarace-cc"), *flags, os.path.join(PROGRAMS, program), "-o", exe]
        result = self.run_cmd(cmd)
        self.assertEqual(result.returncode, 0, result.stderr)
        return exe

    def rmarace_run(self, exe, nprocs, *options, env=None):
        return self.run_cmd([tool("rmarace-run"), *options, "-np", str(nprocs), exe], env=env)

    def logs(self):
        records = []
        for name in os.listdir(self.dir):
            if name.endswith(".jsonl"):
                with open(os.path.join(self.dir, name)) as f:
                    records += [json.loads(line) for line in f if line.strip()]
        return records

    def assert_race(self, output, *locations):
        self.assertIn("data race", output)
        for loc in locations:
            self.assertRegex(output, re.escape(loc) + r"(?!\d)")


class E2E(Harness):
    # ---- reports ----------------------------------------------------------------------------

    def test_report_names_both_accesses_ranks_and_region(self):
        exe = self.build("race_example.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "race_example.c:16", "race_example.c:20")
        self.assertIn("Remote write of 4 bytes by MPI_Put from rank 0", result.stderr)
        self.assertIn("Load of 4 bytes at rank 1", result.stderr)
        self.assertRegex(result.stderr, r"from MPI_Barrier at \S*race_example.c:12 to "
                                        r"MPI_Barrier at \S*race_example.c:22")
        self.assertIn("SUMMARY: 1 data race", result.stderr)
        races = [r for r in self.logs() if r["type"] == "race"]
        self.assertEqual(len(races), 1)
        self.assertEqual(races[0]["kind"], "remote")
        lines = sorted([races[0]["first"]["location"]["line"],
                        races[0]["second"]["location"]["line"]])
        self.assertEqual(lines, [16, 20])
        self.assertEqual([r["distinct_races"] for r in self.logs() if r["type"] == "summary"], [1])

    def test_reports_are_deterministic(self):
        exe = self.build("race_example.c")
        first = self.rmarace_run(exe, 2).stderr
        second = self.rmarace_run(exe, 2).stderr
        # Ranks print concurrently: compare the lines, not their interleaving.
        race_lines = lambda s: sorted(l for l in s.splitlines() if "race_example.c" in l)
        self.assertEqual(race_lines(first), race_lines(second))

    def test_race_free_programs_print_the_same_with_and_without_rmarace(self):
        # The fence programs also with shared_exchange=0: their fences then exchange through the
        # fence areas (accumulates) instead of the windows' boards.
        for program, nprocs, options in [("halo_fence.c", 4, ""), ("counter_locks.c", 3, ""),
                                         ("carried_reductions.c", 3, ""), ("fence_groups.c", 4, ""),
                                         ("halo_fence.c", 4, "shared_exchange=0"),
                                         ("fence_groups.c", 4, "shared_exchange=0")]:
            with self.subTest(program=program, options=options):
                plain = self.build(program, "-O2", compiler="mpicc.openmpi", name="plain")
                checked = self.build(program, "-O2")
                expected = self.run_cmd(["mpirun", "-np", str(nprocs), plain])
                self.assertEqual(expected.returncode, 0, expected.stderr)
                result = self.rmarace_run(checked, nprocs,
                                          env=dict(self.env, RMARACE_OPTIONS=options))
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotIn("data race", result.stderr)
                self.assertEqual(sorted(result.stdout.splitlines()),
                                 sorted(expected.stdout.splitlines()))

    def test_a_race_in_a_late_fence_epoch_of_a_pair_window_is_reported(self):
        # Fences whose exchange travels through the windows' boards (one node) or the fence areas
        # (shared_exchange=0), others by reduction (asserted fences, pair fences that carry ledger
        # entries): the epochs stay exact either way.
        exe = self.build("fence_groups.c", "-O2")
        for options in ["", "shared_exchange=0"]:
            with self.subTest(options=options):
                result = self.run_cmd([tool("rmarace-run"), "-np", "4", exe, "race"],
                                      env=dict(self.env, RMARACE_OPTIONS=options))
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "fence_groups.c:42", "fence_groups.c:43")
                self.assertIn("SUMMARY: 1 data race", result.stderr)

    def test_barriers_and_reductions_order_the_same_through_the_board_and_by_reduction(self):
        # Barriers and reductions of ranks that share a node exchange through the shared-memory
        # board (a sub-communicator's falls back to the reduction when a member has ledger entries
        # to pass on); shared_exchange=0 exchanges by reduction throughout. Quiet barriers
        # continue their epochs, and on the board their exchanges repeat: a put after them is
        # still ordered by the next barrier, and the race's region starts at the last of them.
        exe = self.build("board_sync.c", "-O2")
        for options in ["", "shared_exchange=0"]:
            with self.subTest(options=options):
                env = dict(self.env, RMARACE_OPTIONS=options)
                result = self.rmarace_run(exe, 4, env=env)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "board_sync.c:76", "board_sync.c:79")
                self.assertIn("SUMMARY: 1 data race", result.stderr)
                self.assertIn("from MPI_Barrier at " + os.path.join(PROGRAMS, "board_sync.c:73"),
                              result.stderr)
                self.assertIn("board_sync: total 10", result.stdout)

    def test_batches_partly_in_the_ring_partly_with_mpi_are_taken_in_order(self):
        # Rank 0's lock epochs send rank 1 far more batches than their shared memory ring holds
        # while rank 1 reads the ring only now and then: the rest go with MPI, and rank 1 must
        # deliver both in the order sent. Exactly the final put's race is reported, with the
        # rings and without them (shared_exchange=0: every batch with MPI).
        exe = self.build("ring_overflow_race.c", "-O2")
        for options in ["", "shared_exchange=0"]:
            with self.subTest(options=options):
                env = dict(self.env, RMARACE_OPTIONS=options)
                result = self.rmarace_run(exe, 3, env=env)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "ring_overflow_race.c:43",
                                 "ring_overflow_race.c:46")
                self.assertIn("SUMMARY: 1 data race", result.stderr)
                self.assertIn("ring_overflow_race: sum", result.stdout)

    def test_every_instrumentation_mode_finds_the_race(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("race_example.c", f"--rmarace-mode={mode}", name=mode)
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "race_example.c:16", "race_example.c:20")

    def test_a_race_in_a_loop_checked_as_a_range_names_the_loop_line(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("loop_race.c", "-O2", f"--rmarace-mode={mode}", name=mode)
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "loop_race.c:10", "loop_race.c:24")
                self.assertIn("window 1 offset 5600", result.stderr)

    def test_races_in_vectorised_loops_checked_as_ranges_name_the_loop_lines(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("vector_loop_race.c", "-O2", f"--rmarace-mode={mode}",
                                 name=f"vector-{mode}")
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "vector_loop_race.c:13", "vector_loop_race.c:26")
                self.assert_race(result.stderr, "vector_loop_race.c:18", "vector_loop_race.c:26")
                self.assertIn("window 1 offset 5600", result.stderr)  # element 700, forward
                self.assertRegex(result.stderr, r"window 1 offset 8(?!\d)")  # element 1, reversed

    def test_races_in_loop_nests_checked_as_rows_name_the_nest_line(self):
        for mode in ["selective", "full"]:
            with self.subTest(mode=mode):
                exe = self.build("nest_race.c", "-O2", f"--rmarace-mode={mode}",
                                 name=f"nest-{mode}")
                result = self.rmarace_run(exe, 2)
                self.assertEqual(result.returncode, 66, result.stderr)
                self.assert_race(result.stderr, "nest_race.c:17", "nest_race.c:24")
                self.assertIn("window 1 offset 424", result.stderr)  # (3, 5) of the source
                self.assertIn("window 1 offset 2832", result.stderr)  # (6, 2) of the destination

    def test_memory_stays_bounded_in_a_long_lock_all_epoch(self):
        # Without bound, the history of 20000 put + flush iterations takes gigabytes.
        exe = self.build("put_flush_loop.c")
        result = self.run_cmd([tool("rmarace-run"), "-np", "2", exe, "20000"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("data race", result.stderr)
        peaks = [int(m) for m in re.findall(r"rank \d: 20000 20000 peak (\d+)", result.stdout)]
        self.assertEqual(len(peaks), 2, result.stdout)
        for peak in peaks:
            self.assertLess(peak, 150 * 1024, result.stdout)

    # ---- options and exit codes -----------------------------------------------------------

    def test_exit_code_is_configurable(self):
        exe = self.build("race_example.c")
        self.assertEqual(self.rmarace_run(exe, 2, "--exitcode=7").returncode, 7)
        env = dict(self.env, RMARACE_OPTIONS="exitcode=0")
        result = self.rmarace_run(exe, 2, env=env)
        self.assertEqual(result.returncode, 0)
        self.assertIn("data race", result.stderr)

    def test_plain_mpirun_uses_the_runtime_exit_code(self):
        exe = self.build("race_example.c")
        result = self.run_cmd(["mpirun", "-np", "2", exe])
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "race_example.c:16", "race_example.c:20")

    def test_log_path_option(self):
        exe = self.build("race_example.c")
        log = os.path.join(self.dir, "races.jsonl")
        self.rmarace_run(exe, 2, f"--log={log}")
        with open(log) as f:
            kinds = [json.loads(line)["type"] for line in f]
        self.assertEqual(kinds, ["race", "summary"])
        # A relative path that begins with '-' is a file, not an option of the commands the
        # launcher reads the log with.
        result = self.rmarace_run(exe, 2, "--log=-races.jsonl")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertTrue(os.path.isfile(os.path.join(self.dir, "-races.jsonl")))

    def test_options_among_mpirun_options(self):
        # rmarace options after mpirun options are rmarace's; after the program, the program's.
        exe = self.build("race_example.c")
        log = os.path.join(self.dir, "mixed.jsonl")
        result = self.run_cmd([tool("rmarace-run"), "-np", "2", "--no-print", f"--log={log}",
                               "--exitcode=3", exe, "--no-print"])
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertNotIn("WARNING: rmarace: data race", result.stderr)
        self.assertIn("SUMMARY: 1 data race", result.stderr)
        with open(log) as f:
            self.assertEqual([json.loads(line)["type"] for line in f], ["race", "summary"])

    def test_bad_options_get_clear_errors(self):
        exe = self.build("race_example.c")
        result = self.rmarace_run(exe, 2, "--exitcode=abc")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--exitcode needs a number", result.stderr)
        env = dict(self.env, RMARACE_OPTIONS="bogus=1")
        result = self.rmarace_run(exe, 2, env=env)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown RMARACE_OPTIONS key 'bogus'", result.stderr)
        env = dict(self.env, RMARACE_OPTIONS="shared_exchange=maybe")
        result = self.rmarace_run(exe, 2, env=env)
        self.assertEqual(result.returncode, 2)
        self.assertIn("shared_exchange must be 0 or 1", result.stderr)
        result = self.run_cmd([tool("rmarace-run")])
        self.assertEqual(result.returncode, 2)
        self.assertIn("no program to run", result.stderr)
        # The log's path goes to the ranks in RMARACE_OPTIONS, whose items ':' separates.
        result = self.rmarace_run(exe, 2, "--log=a:exitcode=0.jsonl")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--log: the path 'a:exitcode=0.jsonl' contains ':'", result.stderr)

    def test_help(self):
        for name in ["rmarace-run", "rmarace-cc", "rmarace-c++"]:
            with self.subTest(tool=name):
                result = self.run_cmd([tool(name), "--help"])
                self.assertEqual(result.returncode, 0)
                self.assertIn("usage", result.stdout.lower())

    # ---- misuse, aborts and crashes ------------------------------------------------------------

    def test_out_of_bounds_rma_call_gets_an_error_report_not_a_crash(self):
        exe = self.build("out_of_bounds.c")
        result = self.rmarace_run(exe, 2)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("MPI_Put accesses bytes [4, 12) of window", result.stderr)
        self.assertIn("which exposes only 8 bytes", result.stderr)
        self.assertIn("out_of_bounds.c:13", result.stderr)
        self.assertNotIn("Segmentation fault", result.stderr)
        errors = [r for r in self.logs() if r["type"] == "error"]
        self.assertEqual(errors[0]["kind"], "out-of-bounds")

    def test_errors_set_the_exit_code(self):
        exe = self.build("out_of_bounds_returned.c")
        for launch in (lambda: self.rmarace_run(exe, 2),
                       lambda: self.run_cmd(["mpirun", "-np", "2", exe])):
            result = launch()
            self.assertEqual(result.returncode, 66, result.stderr)
            self.assertIn("put returned MPI_ERR_RMA_RANGE: 1", result.stdout)
            self.assertIn("MPI_Put accesses bytes [4, 12) of window", result.stderr)
        self.assertEqual(self.rmarace_run(exe, 2, "--exitcode=0").returncode, 0)

    def test_report_survives_mpi_abort(self):
        exe = self.build("race_then_abort.c")
        result = self.rmarace_run(exe, 2)
        self.assertNotEqual(result.returncode, 0)
        self.assert_race(result.stderr, "race_then_abort.c:15", "race_then_abort.c:16")
        races = [r for r in self.logs() if r["type"] == "race"]
        self.assertEqual(races[0]["kind"], "local buffer")

    def test_abort_judges_accesses_of_unconfirmed_lock_epochs(self):
        exe = self.build("passive_race_then_abort.c")
        result = self.rmarace_run(exe, 2)
        self.assertNotEqual(result.returncode, 0)
        self.assert_race(result.stderr, "passive_race_then_abort.c:13",
                         "passive_race_then_abort.c:16")
        races = [r for r in self.logs() if r["type"] == "race"]
        self.assertEqual([r["kind"] for r in races], ["remote"])

    def test_report_survives_a_crash(self):
        exe = self.build("race_then_crash.c")
        for signal, args in (("SIGSEGV", []), ("SIGABRT", ["abort"])):
            with self.subTest(signal=signal):
                log = os.path.join(self.dir, signal + ".jsonl")
                result = self.run_cmd([tool("rmarace-run"), "--log=" + log, "-np", "2", exe,
                                       *args])
                self.assertNotEqual(result.returncode, 0)
                with open(log) as f:
                    races = [json.loads(line) for line in f if '"type":"race"' in line]
                self.assertEqual(len(races), 1, result.stderr)
                lines = sorted([races[0]["first"]["location"]["line"],
                                races[0]["second"]["location"]["line"]])
                self.assertEqual(lines, [17, 20])

    # ---- interception without instrumentation, other MPI, progress loops -----------------------

    def test_preloaded_runtime_finds_rma_races_in_uninstrumented_programs(self):
        exe = self.build("two_origins.c", "-g", compiler="mpicc.openmpi", name="plain")
        result = self.rmarace_run(exe, 3, "--preload")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "two_origins.c:14", "two_origins.c:15")

    def test_a_program_not_built_with_rmarace_cc_is_said_to_go_unchecked(self):
        exe = self.build("two_origins.c", "-g", compiler="mpicc.openmpi", name="plain")
        unchecked = "was not built with rmarace-cc"
        result = self.run_cmd([tool("rmarace-run"), "--mca", "btl", "self,vader", "-np", "3",
                               exe])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"rmarace-run: warning: {exe} {unchecked}", result.stderr)
        self.assertIn("--preload", result.stderr)
        self.assertNotIn(unchecked, self.rmarace_run(exe, 3, "--preload").stderr)
        checked = self.build("two_origins.c", "-g")
        self.assertNotIn(unchecked, self.rmarace_run(checked, 3).stderr)

    def test_programs_started_by_name_from_path_are_symbolised(self):
        exe = self.build("two_origins.c", "-g", compiler="mpicc.openmpi", name="plain")
        env = dict(self.env, PATH=self.dir + os.pathsep + self.env.get("PATH", ""))
        result = self.run_cmd([tool("rmarace-run"), "--preload", "-np", "3", "plain"], env=env)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "two_origins.c:14", "two_origins.c:15")
        self.assertNotIn("No such file", result.stderr)

    def test_a_process_that_never_started_the_runtime_says_so(self):
        exe = self.build("pmpi_init.c")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("rank 1 done", result.stdout)
        warnings = re.findall(r"rmarace: warning: process \d+ called (MPI_\w+), but rmarace never "
                              r"started in it .*: nothing was checked", result.stderr)
        self.assertEqual(len(warnings), 2, result.stderr)  # one per rank
        # A program that starts the runtime says nothing of the kind.
        result = self.rmarace_run(self.build("halo_fence.c"), 2)
        self.assertNotIn("never started", result.stderr)

    def test_threads_blocked_in_mpi_at_once_complete(self):
        # MPI_THREAD_MULTIPLE: one thread in MPI_Recv, another in MPI_Barrier on another
        # communicator; the engine lock is released around blocking MPI calls.
        exe = self.build("thread_multiple.c", "-pthread")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("received 42", result.stdout)

    def test_openmp_threads_in_the_engine_at_once(self):
        exe = self.build("omp_rma_stress.c", "-fopenmp")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertNotIn("data race", result.stderr)
        for rank in (0, 1):
            self.assertIn(f"rank {rank}: epochs 800 counted 800 slots 800", result.stdout)
        racy = self.build("omp_rma_stress.c", "-fopenmp", "-DSHARED_SLOT", name="shared")
        result = self.rmarace_run(racy, 2)
        self.assertEqual(result.returncode, 66, result.stdout + result.stderr)
        self.assert_race(result.stderr, "omp_rma_stress.c:44")
        self.assertRegex(result.stderr, r"Remote write .* from rank \d, thread \d+")

    def test_reports_name_what_the_racing_thread_runs(self):
        exe = self.build("thread_roles.c", "-g", "-fopenmp", "-pthread")
        result = self.rmarace_run(exe, 2)
        self.assertEqual(result.returncode, 66, result.stdout + result.stderr)
        self.assertRegex(result.stderr, r"Load of 4 bytes at rank 0, thread \d+ \(OpenMP thread 1 "
                         r"of the parallel region at \S*thread_roles.c:22\): \S*thread_roles.c:35")
        contexts = {}
        for race in (r for r in self.logs() if r["type"] == "race"):
            for access in (race["first"], race["second"]):
                contexts[access["location"]["line"]] = access["location"].get("context", "")
        self.assertRegex(contexts[28], r"^OpenMP task created at \S*thread_roles.c:25$")
        self.assertRegex(contexts[43],
                         r"^thread created by pthread_create at \S*thread_roles.c:58$")
        self.assertEqual(contexts[60], "")  # the initial thread runs nothing to name

    def test_exclusive_locks_of_threads_order_their_puts(self):
        exe = self.build("thread_locks.c", "-pthread")
        for _ in range(3):  # either origin may take the lock first
            result = self.rmarace_run(exe, 3)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertNotIn("data race", result.stderr)
            self.assertIn("cell 1 or 2", result.stdout)
        self.assertNotIn("warning", result.stderr)
        # Threads 16 and 17 of each rank: deposits do not carry their components (the ranks
        # learn the joined thread 16's through the join), and the tool says so.
        late = self.build("thread_locks.c", "-pthread", "-DEARLIER_THREADS=16", name="late")
        result = self.rmarace_run(late, 3)
        self.assertIn("cell 1 or 2", result.stdout)
        self.assertRegex(result.stderr, r"rmarace: warning: thread 1[67] of rank \d synchronises "
                         r"through a lock .* carries threads 1 to 15")

    def test_exit_code_counts_only_this_runs_records_in_a_shared_log(self):
        racy = self.build("race_example.c", name="racy")
        free = self.build("halo_fence.c", name="free")
        log = os.path.join(self.dir, "shared.jsonl")
        self.assertEqual(self.rmarace_run(racy, 2, f"--log={log}").returncode, 66)
        result = self.rmarace_run(free, 2, f"--log={log}")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(log) as f:
            self.assertIn('"type":"race"', f.read())  # the first run's records are kept

    def test_exit_code_of_a_run_that_logs_more_than_a_pipe_holds(self):
        # The launcher looks for races in the log after the job; a log that outgrows a pipe's
        # buffer (many ranks, many distinct races) must count as well as a short one.
        program = os.path.join(self.dir, "log_many_races")
        with open(program, "w") as f:
            f.write(MANY_RACES_PROGRAM)
        os.chmod(program, 0o755)
        log = os.path.join(self.dir, "many.jsonl")
        result = self.rmarace_run(program, 1, f"--log={log}")
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assertGreater(os.path.getsize(log), 1 << 20)

    def test_mpich_smoke(self):
        self.assertIsNotNone(shutil.which("mpicc.mpich"),
                             "MPICH is not installed; scripts/install-deps.sh installs it")
        exe = self.build("race_example.c", "--rmarace-mpi=mpich", name="mpich")
        result = self.rmarace_run(exe, 2, "--mpi=mpich")
        self.assertEqual(result.returncode, 66, result.stdout + result.stderr)
        self.assert_race(result.stderr, "race_example.c:16", "race_example.c:20")

    def test_nonblocking_collective_in_a_progress_loop(self):
        free = self.build("ibarrier_progress.c", name="free")
        result = self.rmarace_run(free, 2)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("value 5", result.stdout)
        racy = self.build("ibarrier_progress.c", "-DLOAD_BEFORE_WAIT", name="racy")
        result = self.rmarace_run(racy, 2)
        self.assertEqual(result.returncode, 66, result.stderr)
        self.assert_race(result.stderr, "ibarrier_progress.c:18", "ibarrier_progress.c:24")


if __name__ == "__main__":
    unittest.main()
