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


def execute(argv, cwd, timeout):
    """Runs argv in its own process group. Returns (returncode, output, timed_out, seconds);
    on timeout the whole group (mpirun and its ranks) is killed."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=child_env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
    except OSError as e:
        return 127, "cannot run %s: %s\n" % (argv[0], e), False, time.monotonic() - start
    timed_out = False
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            # a grandchild left the group and keeps the pipe open: stop reading
            proc.kill()
            out = b""
    return proc.returncode, out.decode(errors="replace"), timed_out, time.monotonic() - start


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


def evaluate(test, config, workdir):
    """Builds and runs one test in `workdir` and classifies the outcome."""
    exe = os.path.join(workdir, test.stem)
    cc = shlex.split(config.cc) + shlex.split(config.cflags) + thread_flags(test.sources) + \
        [os.path.abspath(s) for s in test.sources] + ["-o", exe]
    log = ["$ " + shlex.join(cc)]
    rc, out, timed_out, _ = execute(cc, workdir, COMPILE_TIMEOUT)
    log.append(out)
    if rc != 0 or timed_out:
        outcome = Outcome(compiled=False, output=out)
        return TestResult(test, classify(test, outcome), 0.0, "\n".join(log))
    run = run_command(config.run, test.nprocs, exe)
    rc, out, timed_out, seconds = execute(run, workdir, config.timeout)
    log += ["$ " + shlex.join(run), out,
            "[timed out after %.0f s]" % config.timeout if timed_out else "[exit %d]" % rc]
    outcome = Outcome(compiled=True, timed_out=timed_out, returncode=rc, output=out)
    result = classify(test, outcome, config.race_exit_code, config.race_pattern)
    return TestResult(test, result, seconds, "\n".join(log))
