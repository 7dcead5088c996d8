"""The installed package: `cmake --install` into a prefix (the CTest fixture install-prefix), the
same prefix moved elsewhere, the CMake package (find_package(rmarace), rmarace_enable) and the
Debian package built by CPack (docs/install.md)."""

import glob
import os
import re
import shutil
import unittest

from harness import BUILD_DIR, HALO_PUT, HALO_STORE, PROGRAMS, SOURCE_DIR, Harness

PREFIX = os.environ.get("RMARACE_INSTALL_PREFIX", os.path.join(BUILD_DIR, "install-test", "prefix"))
EXAMPLE = os.path.join(SOURCE_DIR, "examples", "race_example.c")
SHMEM_EXAMPLE = os.path.join(SOURCE_DIR, "examples", "shmem_race_example.c")
GASPI_EXAMPLE = os.path.join(SOURCE_DIR, "examples", "gaspi_race_example.c")
PROJECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "project")

# What an installed prefix holds (relative to it).
LAYOUT = [
    "bin/rmarace-cc", "bin/rmarace-c++", "bin/rmarace-run", "bin/rmarace-bench",
    "bin/shmem-mpi-cc", "bin/shmem-mpi-run", "bin/gaspicc", "bin/gaspirun",
    "lib/rmarace/librmarace.so", "lib/rmarace/librmarace-openmpi.so",
    "lib/rmarace/librmarace-mpich.so", "lib/rmarace/librmarace-shmem.so",
    "lib/rmarace/librmarace-gaspi.so", "lib/rmarace/librmarace-threads.so",
    "lib/rmarace/RmaracePass.so", "lib/rmarace/libshmem-mpi.so", "lib/rmarace/libGPI2.so",
    "lib/rmarace/python/rmarace_driver/main.py", "share/rmarace/bench/cli.py",
    "bin/rmarace-report", "share/rmarace/rmarace_report/cli.py",
    "share/rmarace/rmarace_report/templates/report.html.j2",
    "lib/cmake/rmarace/rmaraceConfig.cmake", "lib/cmake/rmarace/rmaraceConfigVersion.cmake",
    "include/rmarace/rmarace.h", "include/rmarace/shmem-mpi/shmem.h",
    "include/rmarace/gaspi-mpi/GASPI.h", "share/doc/rmarace/README.md",
    "share/doc/rmarace/usage.md", "share/doc/rmarace/install.md",
    "share/doc/rmarace/examples/race_example.c",
]


class PrefixTests(Harness):
    """Checks of one installed prefix."""

    def check_layout(self, prefix):
        missing = [path for path in LAYOUT if not os.path.exists(os.path.join(prefix, path))]
        self.assertEqual(missing, [], f"missing from {prefix}")
        # Nothing installed refers to the build or source tree.
        for path in glob.glob(os.path.join(prefix, "bin", "*")) + glob.glob(
                os.path.join(prefix, "lib", "cmake", "rmarace", "*")):
            if os.path.islink(path):
                self.fail(f"{path} is a symbolic link")
            with open(path, encoding="utf-8") as file:
                text = file.read()
            for tree in (BUILD_DIR, SOURCE_DIR):
                self.assertNotIn(os.path.realpath(tree), text, path)
        # The front ends find the runtime next to them.
        dynamic = self.run_cmd(["llvm-readelf-14", "-d",
                                os.path.join(prefix, "lib/rmarace/librmarace-openmpi.so")]).stdout
        self.assertIn("[$ORIGIN]", dynamic)
        # The scorer finds its modules in share/rmarace.
        self.assertIn("usage: rmarace-bench",
                      self.run_cmd([os.path.join(prefix, "bin", "rmarace-bench"), "--help"]).stdout)
        # The bundled libraries' compiler scripts use the prefix's headers and libraries.
        for script, example, library in (("shmem-mpi-cc", SHMEM_EXAMPLE, "libshmem-mpi.so"),
                                         ("gaspicc", GASPI_EXAMPLE, "libGPI2.so")):
            program = os.path.join(self.dir, script + "-program")
            self.run_cmd([os.path.join(prefix, "bin", script), example, "-o", program])
            ldd = self.run_cmd(["ldd", program]).stdout
            self.assertIn(os.path.join(prefix, "lib", "rmarace", library), ldd)

    def check_example(self, prefix):
        """The README's example, built and run with the prefix's wrapper and launcher."""
        program = os.path.join(self.dir, "race_example")
        self.run_cmd([os.path.join(prefix, "bin", "rmarace-cc"), EXAMPLE, "-o", program])
        run = os.path.join(prefix, "bin", "rmarace-run")
        self.assert_race_run(run, program, "race_example.c:16", "race_example.c:20")
        self.assert_html_reports(run, program, "race_example.c:16")

    def check_package(self, prefix):
        """tests/install/project: find_package(rmarace), rmarace_enable, rmarace::runtime."""
        build = os.path.join(self.dir, "project")
        self.run_cmd(["cmake", "-S", PROJECT, "-B", build, "-G", "Ninja",
                      f"-DCMAKE_PREFIX_PATH={prefix}"])
        self.run_cmd(["cmake", "--build", build, "-v"])
        run = os.path.join(prefix, "bin", "rmarace-run")
        # The launchers put the wrappers in front of the project's compiler.
        with open(os.path.join(build, "CMakeFiles", "rules.ninja"), encoding="utf-8") as rules:
            launchers = re.findall(r"rmarace-c(?:c|\+\+) --rmarace-launcher", rules.read())
        self.assertEqual(sorted(set(launchers)), ["rmarace-c++ --rmarace-launcher",
                                                  "rmarace-cc --rmarace-launcher"])
        for program in ("halo_app", "halo_cxx"):
            output = self.assert_race_run(run, os.path.join(build, program), HALO_PUT,
                                          HALO_STORE)
            self.assertIn("(in halo_send)", output)
        # Compiled by the project's compiler, linked with the runtime: the MPI calls are seen.
        self.assert_race_run(run, os.path.join(build, "put_put"), "put_put.c:13")


class InstalledPrefix(PrefixTests):
    """The prefix the fixture installed with `cmake --install`."""

    def test_layout(self):
        self.check_layout(PREFIX)

    def test_example(self):
        self.check_example(PREFIX)

    def test_find_package(self):
        self.check_package(PREFIX)

    def test_package_version(self):
        """A newer major version than the installed one is refused."""
        project = os.path.join(self.dir, "src")
        os.makedirs(project)
        with open(os.path.join(project, "CMakeLists.txt"), "w", encoding="utf-8") as file:
            file.write("cmake_minimum_required(VERSION 3.20)\nproject(v C)\n"
                       "find_package(rmarace 9.0 REQUIRED)\n")
        result = self.run_cmd(["cmake", "-S", project, "-B", os.path.join(self.dir, "b"),
                               f"-DCMAKE_PREFIX_PATH={PREFIX}"], check=False)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn('compatible with requested version "9.0"', result.stderr)


class MovedPrefix(PrefixTests):
    """An installed prefix moved elsewhere keeps working: every path is relative."""

    def test_moved_prefix(self):
        first = os.path.join(self.dir, "first")
        self.run_cmd(["cmake", "--install", BUILD_DIR, "--prefix", first])
        moved = os.path.join(self.dir, "moved", "elsewhere")
        os.makedirs(os.path.dirname(moved))
        shutil.move(first, moved)
        self.check_layout(moved)
        self.check_example(moved)
        # The bundled OpenSHMEM library and its headers, from the moved prefix too.
        program = os.path.join(self.dir, "shmem_race_example")
        self.run_cmd([os.path.join(moved, "bin", "rmarace-cc"), SHMEM_EXAMPLE, "-o", program])
        libraries = self.run_cmd(["llvm-readelf-14", "-d", program]).stdout
        self.assertIn(os.path.join(moved, "lib", "rmarace"), libraries)
        self.assert_race_run(os.path.join(moved, "bin", "rmarace-run"), program,
                             "shmem_race_example.c")
        self.check_package(moved)


class DebianPackage(Harness):
    """The .deb CPack builds: its control fields, its contents, and the programs in it, extracted
    with dpkg -x (not installed: the relocatable layout works from any directory)."""

    def test_deb(self):
        self.run_cmd(["cpack", "-G", "DEB", "-B", self.dir,
                      "--config", os.path.join(BUILD_DIR, "CPackConfig.cmake")], timeout=600)
        debs = glob.glob(os.path.join(self.dir, "rmarace_*.deb"))
        self.assertEqual(len(debs), 1, os.listdir(self.dir))
        deb = debs[0]
        self.assertRegex(os.path.basename(deb), r"^rmarace_\d+\.\d+\.\d+_amd64\.deb$")

        control = self.run_cmd(["dpkg-deb", "-I", deb]).stdout
        fields = {}
        for line in control.splitlines():
            name, _, value = line.strip().partition(": ")
            fields.setdefault(name, value)
        self.assertEqual(fields["Package"], "rmarace")
        self.assertEqual(fields["Architecture"], "amd64")
        depends = [item.strip().split(" ")[0] for item in fields["Depends"].split(",")]
        for package in ("python3", "clang-14", "llvm-14", "openmpi-bin", "libopenmpi-dev",
                        "libopenmpi3", "libmpich12", "libstdc++6", "libc6"):
            self.assertIn(package, depends, fields["Depends"])
        self.assertIn("mpich", fields["Recommends"])

        contents = self.run_cmd(["dpkg-deb", "-c", deb]).stdout
        for path in LAYOUT:
            self.assertIn(f"./usr/{path}\n", contents)
        for line in contents.splitlines():
            self.assertRegex(line.split()[-1], r"^\./(usr(/.*)?)?$")

        root = os.path.join(self.dir, "root")
        self.run_cmd(["dpkg", "-x", deb, root])
        prefix = os.path.join(root, "usr")
        program = os.path.join(self.dir, "race_example")
        self.run_cmd([os.path.join(prefix, "bin", "rmarace-cc"), EXAMPLE, "-o", program])
        run = os.path.join(prefix, "bin", "rmarace-run")
        self.assert_race_run(run, program, "race_example.c:16", "race_example.c:20")
        self.assert_html_reports(run, program, "race_example.c:16")


if __name__ == "__main__":
    unittest.main()
