"""lit configuration of the instrumentation tests. CMake writes the paths of the build into a JSON
file, passed as --param rmarace_site=<file> (see CMakeLists.txt)."""

import json
import os
import shutil
import subprocess
import sys

import lit.formats

config.name = "rmarace-instrument"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
config.excludes = ["Inputs", "fixture"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

with open(lit_config.params["rmarace_site"], encoding="utf-8") as site_file:
    site = json.load(site_file)
config.test_exec_root = site["exec_root"]

# The environment the tests run in: this machine's tools, and MPI settings for running as root on
# an oversubscribed machine (docs/usage.md).
for name in ("PATH", "HOME", "TMPDIR", "OMPI_MCA_osc"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
config.environment.update({
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
})
config.environment.pop("RMARACE_MPI", None)

plugin = site["plugin"]
# The interpreter itself, not a launcher script that needs a shell in PATH: tests run the wrappers
# with a PATH that lacks tools on purpose.
python = os.path.realpath(sys.executable)


def mpi_compile_flags():
    """The include flags of OpenMPI's compiler wrapper, for compiling with plain clang."""
    if not shutil.which("mpicc.openmpi"):
        return ""
    return subprocess.run(["mpicc.openmpi", "--showme:compile"], capture_output=True, text=True,
                          check=False).stdout.strip()


config.substitutions += [
    ("%opt", f"{site['opt']} -load {plugin} -load-pass-plugin {plugin}"),
    ("%clangxx", "clang++-14"),
    ("%clang", "clang-14"),
    ("%mpi_cflags", mpi_compile_flags()),
    ("%plugin", plugin),
    ("%{fixture_dir}", os.path.dirname(site["fixture"])),
    ("%fixture", site["fixture"]),
    ("%rmarace_include", site["runtime_include"]),
    ("%rmarace_cxx", f"{python} {os.path.join(site['bin_dir'], 'rmarace-c++')}"),
    ("%rmarace_cc", f"{python} {os.path.join(site['bin_dir'], 'rmarace-cc')}"),
    ("FileCheck", site["filecheck"]),
]

# Every test runs: a missing prerequisite is an error, not a silently skipped test.
prerequisites = {
    "rmarace-runtime": os.path.exists(os.path.join(site["lib_dir"], "librmarace-openmpi.so")),
    "openmpi": shutil.which("mpicc.openmpi") is not None,
    "mpich": shutil.which("mpicc.mpich") is not None,
    "openmp": os.path.exists("/usr/lib/llvm-14/lib/libomp.so"),
}
missing = [name for name, present in prerequisites.items() if not present]
if missing:
    lit_config.fatal(f"missing {', '.join(missing)}; scripts/install-deps.sh installs what the "
                     "tests need and scripts/build.sh builds the runtime")
config.available_features.update(prerequisites.keys())
