"""Compiling and running one test with the configured commands."""
import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass

from .classify import Outcome, classify

# OpenMPI on root-run, oversubscribed machines with the one-sided components that work for
# every window flavour; set for child processes unless the user already set them.
MPI_ENV_DEFAULTS = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_MCA_osc": "ucx,sm",
}
# The tests run oversubscribed (ranks times threads exceed the cores): a waiting OpenMP thread
# sleeps instead of spinning away the cores the other ranks need.
THREAD_ENV_DEFAULTS = {"OMP_WAIT_POLICY": "passive"}
COMPILE_TIMEOUT = 300


@dataclass
class Config:
    cc: str
    cflags: str
    run: str            # template with {nprocs} and {exe}
    timeout: float
    race_exit_code: int
    race_pattern: object  # compiled regular expression
    # The tool must not change a correct program's results: race-free tests are also built with
    # native_cc and run with native_run, and their standard output compared (None: not done).
    native_cc: str = None
    native_run: str = None


@dataclass
class TestResult:
    test: object
    result: str
    seconds: float      # run time (0 when the test did not compile)
    log: str            # commands and output, for --keep-output


def child_env():
    env = dict(os.environ)
    for key, value in {**MPI_ENV_DEFAULTS, **THREAD_ENV_DEFAULTS}.items():
        env.setdefault(key, value)
    return env


@dataclass
class Execution:
    returncode: int     # negative: ended by that signal
    stdout: str
    stderr: str
    timed_out: bool
    seconds: float

    @property
    def output(self):
        return self.stdout + self.stderr


def execute(argv, cwd, timeout):
    """Runs argv in its own process group; on timeout the whole group (mpirun and its ranks) is
    killed."""
    start = time.monotonic()
    env = child_env()
    # mpiruns that start at the same time (tests run in parallel) race to create Open MPI's shared
    # session directory (/tmp/ompi.<host>.<uid>: "mkdir ... File exists", then orte_init fails,
    # seen on a native run, which made a race-free test count as changed output): every run puts
    # its session directory in the test's own working directory, as rmarace-run gives each run
    # one of its own.
    env.setdefault("OMPI_MCA_orte_tmpdir_base", os.path.abspath(cwd))
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as e:
        return Execution(127, "", "cannot run %s: %s\n" % (argv[0], e), False,
                         time.monotonic() - start)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            # a grandchild left the group and keeps the pipes open: stop reading
            proc.kill()
            out = err = b""
    return Execution(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                     timed_out, time.monotonic() - start)


def run_command(template, nprocs, exe):
    return shlex.split(template.replace("{nprocs}", str(nprocs))
                       .replace("{exe}", shlex.quote(exe)))


def thread_flags(sources):
    """The flags a hybrid test needs: OpenMP when it uses OpenMP, pthreads when it uses them."""
    text = ""
    for source in sources:
        with open(source, errors="replace") as f:
            text += f.read()
    flags = []
    if "#pragma omp" in text or "<omp.h>" in text:
        flags.append("-fopenmp")
    if "pthread" in text:
        flags.append("-pthread")
    return flags


def compile_command(cc, cflags, test, exe):
    return shlex.split(cc) + shlex.split(cflags) + thread_flags(test.sources) + \
        [os.path.abspath(s) for s in test.sources] + ["-o", exe]


def output_lines(text):
    """The lines of a run's standard output, in an order independent of how the ranks' output
    interleaved."""
    return sorted(text.splitlines())


def native_output(test, config, workdir, log):
    """The standard output of the test built and run natively, or None when that failed."""
    exe = os.path.join(workdir, test.stem + ".native")
    cc = compile_command(config.native_cc, config.cflags, test, exe)
    built = execute(cc, workdir, COMPILE_TIMEOUT)
    log += ["$ " + shlex.join(cc), built.output]
    if built.returncode != 0 or built.timed_out:
        return None
    run = run_command(config.native_run, test.nprocs, exe)
    ran = execute(run, workdir, config.timeout)
    log += ["$ " + shlex.join(run), ran.output, "[exit %d]" % ran.returncode]
    return None if ran.returncode != 0 or ran.timed_out else ran.stdout


def evaluate(test, config, workdir):
    """Builds and runs one test in `workdir` and classifies the outcome."""
    exe = os.path.join(workdir, test.stem)
    cc = compile_command(config.cc, config.cflags, test, exe)
    log = ["$ " + shlex.join(cc)]
    built = execute(cc, workdir, COMPILE_TIMEOUT)
    log.append(built.output)
    if built.returncode != 0 or built.timed_out:
        outcome = Outcome(compiled=False, output=built.output)
        return TestResult(test, classify(test, outcome), 0.0, "\n".join(log))
    run = run_command(config.run, test.nprocs, exe)
    ran = execute(run, workdir, config.timeout)
    log += ["$ " + shlex.join(run), ran.output,
            "[timed out after %.0f s]" % config.timeout if ran.timed_out
            else "[exit %d]" % ran.returncode]
    outcome = Outcome(compiled=True, timed_out=ran.timed_out, returncode=ran.returncode,
                      output=ran.output)
    result = classify(test, outcome, config.race_exit_code, config.race_pattern)
    if result == "TN" and config.native_cc:
        native = native_output(test, config, workdir, log)
        if native is None:
            log.append("[the native build or run failed: no output to compare]")
            result = "CO"
        elif output_lines(native) != output_lines(ran.stdout):
            log.append("[standard output differs from the native run's:\n%s]" % native)
            result = "CO"
    return TestResult(test, result, ran.seconds, "\n".join(log))
