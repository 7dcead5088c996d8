"""What a compiler command line asks for: its inputs, output, phase and options, split so that the
driver can build the commands of its own steps from it."""

import os
from dataclasses import dataclass, field

from .errors import DriverError

# Options whose value is the next argument (clang 14, GCC-compatible spelling).
_OPTIONS_WITH_VALUE = {
    "-o", "-x", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-idirafter", "-iquote",
    "-isysroot", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-cxx-isystem", "-MF", "-MT",
    "-MQ", "-L", "-l", "-Xlinker", "-Xclang", "-Xassembler", "-Xpreprocessor", "-mllvm",
    "-target", "--param", "-arch", "-u", "-T", "-e", "-z", "-B", "-F", "-Xopenmp-target",
    "-working-directory", "-resource-dir", "--gcc-toolchain", "--serialize-diagnostics",
    "-MJ", "-Xanalyzer", "-Xarch_device", "-Xarch_host", "-Xcuda-fatbinary", "-Xcuda-ptxas",
    "-dependency-file", "-dependency-dot", "-include-pch", "-isystem-after", "-iframework",
    "-iframeworkwithsysroot", "-iwithsysroot", "-ivfsoverlay", "-stdlib++-isystem", "-Tbss",
    "-Tdata", "-Ttext", "-G", "-b", "--config", "-serialize-diagnostics", "-module-dependency-dir",
    "-mthread-model", "-meabi", "-fmodules-user-build-path", "-gen-cdb-fragment-path",
    "-dsym-dir", "--analyzer-output", "--sysroot", "--output", "--include-directory",
    "--define-macro", "--undefine-macro", "--library-directory", "--language", "--include",
    "--prefix", "-ccc-gcc-name", "-ccc-install-dir",
}

_SOURCE_LANGUAGES = {
    ".c": "c", ".i": "c", ".cc": "c++", ".cp": "c++", ".cxx": "c++", ".cpp": "c++", ".CPP": "c++",
    ".c++": "c++", ".C": "c++", ".ii": "c++",
}
_HEADER_EXTENSIONS = {".h", ".hh", ".hpp", ".hxx", ".H"}
_IR_EXTENSIONS = {".ll", ".bc"}
_ASSEMBLY_EXTENSIONS = {".s", ".S", ".sx"}
_SOURCE_X_LANGUAGES = {"c", "c++", "cpp-output", "c++-cpp-output"}

# Options that only matter when linking.
_LINKER_FLAGS = {
    "-shared", "-static", "-rdynamic", "-pie", "-no-pie", "-r", "-nostdlib", "-nostartfiles",
    "-nodefaultlibs", "-static-libgcc", "-static-libstdc++", "-s", "-Xlinker", "-u", "-T", "-z",
    "-l", "-L",
}
_LINKER_PREFIXES = ("-l", "-L", "-Wl,", "-fuse-ld=")

# Preprocessor and dependency options, meaningless when compiling LLVM bitcode.
_PREPROCESSOR_PREFIXES = ("-D", "-U", "-I", "-include", "-imacros", "-isystem", "-idirafter",
                          "-iquote", "-iprefix", "-iwithprefix", "-cxx-isystem", "-nostdinc", "-M")


@dataclass
class Input:
    path: str
    # "source" (C or C++), "header" (compiled to a precompiled header), "ir" (LLVM), "assembly",
    # or "linker" (objects, archives, libraries).
    kind: str
    # The -x language in effect for it, if any.
    language: str = ""

    def output_name(self, extension):
        """The name clang gives its output in the working directory: foo.c -> foo.o."""
        return os.path.splitext(os.path.basename(self.path))[0] + extension


@dataclass
class CommandLine:
    """The compiler arguments in order; every entry is an Input or a list of option tokens."""

    items: list = field(default_factory=list)
    output: str = ""

    @property
    def inputs(self):
        return [item for item in self.items if isinstance(item, Input)]

    @property
    def options(self):
        return [item for item in self.items if not isinstance(item, Input)]

    def has(self, *flags):
        return any(option[0] in flags for option in self.options)

    @property
    def phase(self):
        """preprocess (-E, -M, -MM, also -fsyntax-only: no object), compile (-c), assemble (-S)
        or link."""
        if self.has("-E", "-fsyntax-only") or (self.has("-M", "-MM")
                                               and not self.has("-MD", "-MMD")):
            return "preprocess"
        if self.has("-S"):
            return "assemble"
        if self.has("-c"):
            return "compile"
        return "link"

    def compile_options(self):
        """Option tokens for compiling one input: without phase, output, language (-x, given per
        input) and linker options."""
        tokens = []
        for option in self.options:
            if (option[0] in ("-c", "-S", "-E") or is_language(option)
                    or _is_linker_option(option)):
                continue
            tokens += option
        return tokens

    def codegen_options(self):
        """Option tokens for compiling LLVM bitcode: compile options without the preprocessor's."""
        tokens = []
        for option in self.options:
            if (option[0] in ("-c", "-S", "-E") or is_language(option)
                    or _is_linker_option(option) or option[0].startswith(_PREPROCESSOR_PREFIXES)):
                continue
            tokens += option
        return tokens


def is_language(option):
    """Whether an option token list is -x LANGUAGE (or -xLANGUAGE, --language LANGUAGE)."""
    return option[0].startswith(("-x", "--language"))


def _is_linker_option(option):
    return option[0] in _LINKER_FLAGS or option[0].startswith(_LINKER_PREFIXES)


def _classify(path, language):
    if language in _SOURCE_X_LANGUAGES:
        return "source"
    if language.endswith("-header"):
        return "header"
    if language == "ir":
        return "ir"
    if language.startswith("assembler"):
        return "assembly"
    extension = os.path.splitext(path)[1]
    if extension in _SOURCE_LANGUAGES:
        return "source"
    if extension in _HEADER_EXTENSIONS:
        return "header"
    if extension in _IR_EXTENSIONS:
        return "ir"
    if extension in _ASSEMBLY_EXTENSIONS:
        return "assembly"
    return "linker"


def parse(args):
    """Splits compiler arguments into options (with their values) and inputs."""
    command = CommandLine()
    language = ""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in _OPTIONS_WITH_VALUE:
            if index + 1 == len(args):
                raise DriverError(f"argument to '{arg}' is missing")
            value = args[index + 1]
            index += 2
            if arg in ("-o", "--output"):
                command.output = value
                continue
            if arg in ("-x", "--language"):
                language = "" if value == "none" else value
            command.items.append([arg, value])
            continue
        index += 1
        if arg.startswith("-o") and len(arg) > 2:
            command.output = arg[2:]
        elif arg.startswith("--output="):
            command.output = arg[len("--output="):]
        elif arg == "-" or not arg.startswith("-"):
            command.items.append(Input(arg, _classify(arg, language), language))
        else:
            if arg.startswith("-x") and len(arg) > 2:
                language = "" if arg[2:] == "none" else arg[2:]
            elif arg.startswith("--language="):
                language = "" if arg[11:] == "none" else arg[11:]
            command.items.append([arg])
    return command
