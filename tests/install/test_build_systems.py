"""rmarace-cc and rmarace-c++ as the compilers of build systems, like mpicc: an autotools-style
configure and Makefile, CMake with the wrappers as its compilers, shared libraries whose races are
reported with their own file:line, and C objects linked by rmarace-c++ (docs/install.md)."""

import os
import shutil
import unittest

from harness import BIN, HALO_PUT, HALO_STORE, HERE, PROGRAMS, Harness

CC = os.path.join(BIN, "rmarace-cc")
CXX = os.path.join(BIN, "rmarace-c++")
RUN = os.path.join(BIN, "rmarace-run")


class Autotools(Harness):
    """CC=rmarace-cc ./configure && make, with automake's dependency tracking."""

    def test_configure_and_make(self):
        source = os.path.join(self.dir, "src")
        shutil.copytree(os.path.join(HERE, "autotools"), os.path.join(source, "autotools"))
        shutil.copytree(PROGRAMS, os.path.join(source, "programs"))
        build = os.path.join(self.dir, "build")
        os.makedirs(build)
        env = dict(self.env, CC=CC)
        configure = self.run_cmd([os.path.join(source, "autotools", "configure")], cwd=build,
                                 env=env)
        for line in ("checking whether the C compiler works... yes",
                     "checking for suffix of object files... o",
                     f"checking how to run the C preprocessor... {CC} -E",
                     "checking for MPI_Win_allocate... yes",
                     "checking for rmarace_no_such_function... no"):
            self.assertIn(line, configure.stdout)
        # The compiler's version went into config.log, as autoconf prints it.
        with open(os.path.join(build, "config.log"), encoding="utf-8") as log:
            self.assertIn("clang version 14", log.read())

        self.run_cmd(["make"], cwd=build)
        # The dependency file names the object and, with -MP, every header as a phony target.
        with open(os.path.join(build, ".deps", "halo.Po"), encoding="utf-8") as file:
            dependencies = file.read()
        self.assertRegex(dependencies,
                         r"^halo\.o:[\s\\]+\S*/programs/halo\.c[\s\\]+\S*/programs/halo\.h")
        self.assertRegex(dependencies, r"\n\S*/programs/halo\.h:\n")
        self.assertFalse(os.path.exists(os.path.join(build, ".deps", "halo.Tpo")))
        self.assertEqual(self.run_cmd(["make", "-q"], cwd=build, check=False).returncode, 0)
        # A changed header rebuilds what includes it.
        os.utime(os.path.join(source, "programs", "halo.h"))
        self.assertEqual(self.run_cmd(["make", "-q"], cwd=build, check=False).returncode, 1)
        self.run_cmd(["make"], cwd=build)

        self.assert_race_run(RUN, os.path.join(build, "halo_app"), HALO_PUT, HALO_STORE)


class CMakeCompiler(Harness):
    """cmake -DCMAKE_C_COMPILER=rmarace-cc -DCMAKE_CXX_COMPILER=rmarace-c++: identification, checks,
    a shared library, Ninja's dependency tracking."""

    def test_cmake_project(self):
        build = os.path.join(self.dir, "build")
        configure = self.run_cmd(["cmake", "-S", os.path.join(HERE, "cmake-compiler"), "-B",
                                  build, "-G", "Ninja", f"-DCMAKE_C_COMPILER={CC}",
                                  f"-DCMAKE_CXX_COMPILER={CXX}", "-DCMAKE_BUILD_TYPE=Release"])
        self.assertIn("The C compiler identification is Clang 14", configure.stdout)
        self.assertIn("The CXX compiler identification is Clang 14", configure.stdout)
        self.assertIn("Detecting C compiler ABI info - done", configure.stdout)
        self.assertIn("Check for working C compiler: " + CC + " - skipped", configure.stdout)
        self.run_cmd(["cmake", "--build", build])
        # Ninja read the headers of each object from its dependency file.
        deps = self.run_cmd(["ninja", "-C", build, "-t", "deps"]).stdout
        self.assertRegex(deps, r"halo\.c\.o: #deps \d+.*\n(.*\n)*?\s+\S*programs/halo\.h")
        self.assertIn("ninja: no work to do.", self.run_cmd(["ninja", "-C", build]).stdout)

        needed = self.run_cmd(["llvm-readelf-14", "-d", os.path.join(build, "halo_app")]).stdout
        self.assertIn("[libhalo.so]", needed)
        for program in ("halo_app", "halo_cxx"):
            self.assert_race_run(RUN, os.path.join(build, program), HALO_PUT, HALO_STORE)


class CommandLines(Harness):
    """Shared libraries and mixed C/C++ programs built by hand."""

    def test_shared_library(self):
        """An instrumented library that makes the RMA calls and races: the report names the
        library's lines."""
        self.run_cmd([CC, "-O2", "-shared", "-fPIC", os.path.join(PROGRAMS, "halo.c"), "-o",
                      "libhalo.so"])
        self.run_cmd([CC, "-O2", f"-I{PROGRAMS}", os.path.join(PROGRAMS, "halo_main.c"), "-L.",
                      "-lhalo", f"-Wl,-rpath,{self.dir}", "-o", "app"])
        output = self.assert_race_run(RUN, os.path.join(self.dir, "app"), HALO_PUT, HALO_STORE)
        self.assertIn("(in halo_send)", output)

    def test_mixed_c_and_cxx(self):
        """C objects from rmarace-cc linked into a C++ program by rmarace-c++."""
        self.run_cmd([CC, "-O2", "-c", os.path.join(PROGRAMS, "halo.c"), "-o", "halo.o"])
        self.run_cmd([CXX, "-O2", "-c", f"-I{PROGRAMS}", os.path.join(PROGRAMS, "halo_main.cpp"),
                      "-o", "main.o"])
        self.run_cmd([CXX, "-O2", "main.o", "halo.o", "-o", "app"])
        listing = self.run_cmd(["llvm-nm-14", "-C", "app"]).stdout
        self.assertRegex(listing, r"T halo_send\n")
        self.assert_race_run(RUN, os.path.join(self.dir, "app"), HALO_PUT, HALO_STORE)


if __name__ == "__main__":
    unittest.main()
