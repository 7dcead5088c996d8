"""Compiling single inputs in selective mode. A C or C++ source compiled to an object yields an
object that is instrumented on its own (sound for any link) and carries the source's
uninstrumented bitcode for the whole-program step of the link (link.py)."""

import os

from .instrumentation import BITCODE_SECTION, pass_arguments, plugin_options


def _without_pass_options(tokens):
    """Tokens without the pass's own -mllvm -rmarace-... options: the assembler, which runs no
    pass and cannot load the plugin, would reject them."""
    kept = []
    i = 0
    while i < len(tokens):
        if tokens[i] == "-mllvm" and i + 1 < len(tokens) and tokens[i + 1].startswith("-rmarace-"):
            i += 2
            continue
        kept.append(tokens[i])
        i += 1
    return kept


class InputCompiler:
    def __init__(self, toolchain, layout, options, command, workspace):
        self.toolchain = toolchain
        self.layout = layout
        self.options = options
        self.command = command
        self.workspace = workspace

    def compile(self, item, output, phase_flag, dependency_target=None):
        """Compiles one input with -c or -S into `output`. -MD and -MMD name the dependency file
        and its target after `dependency_target` (default: `output`)."""
        language = ["-x", item.language] if item.language else []
        # Assembly has no accesses to instrument; a header becomes a precompiled header.
        if item.kind in ("assembly", "header"):
            self.toolchain.compile(_without_pass_options(self.command.compile_options())
                                   + language + [phase_flag, item.path, "-o", output])
        elif (item.kind == "source" and phase_flag == "-c" and item.path != "-"
              and not self.command.has("-emit-llvm")):
            self._compile_with_bitcode(item, language, output, dependency_target or output)
        else:
            self.toolchain.compile(self.command.compile_options() + language
                                   + self._debug_and_headers()
                                   + pass_arguments(self.layout, self.options)
                                   + [phase_flag, item.path, "-o", output])

    def _debug_and_headers(self):
        return ["-g"] + self.layout.include_flags(self.options)

    def _dependency_arguments(self, target):
        """-MD and -MMD name the dependency file and target after the object (or the program), as
        clang does, not after the intermediate bitcode."""
        if not self.command.has("-MD", "-MMD"):
            return []
        arguments = []
        if not self.command.has("-MF"):
            arguments += ["-MF", os.path.splitext(target)[0] + ".d"]
        if not self.command.has("-MT", "-MQ"):
            arguments += ["-MQ", target]
        return arguments

    def _compile_with_bitcode(self, item, language, output, dependency_target):
        objcopy = self.toolchain.llvm_tool("llvm-objcopy")
        bitcode = self.workspace.path(item.output_name(".bc"))
        # The front end only: the optimisation pipeline runs when the bitcode is compiled, here
        # for this object and at link time for the whole program.
        self.toolchain.compile(self.command.compile_options()
                               + self._dependency_arguments(dependency_target)
                               + self._debug_and_headers() + language
                               + plugin_options(self.layout)
                               + ["-c", "-emit-llvm", "-Xclang", "-disable-llvm-passes",
                                  item.path, "-o", bitcode])
        self.toolchain.compile(self.command.codegen_options()
                               + ["-g", "-Wno-unused-command-line-argument"]
                               + pass_arguments(self.layout, self.options)
                               + ["-c", bitcode, "-o", output])
        # An excluded section: linkers drop it from executables and shared libraries.
        self.toolchain.run([objcopy, "--add-section", f"{BITCODE_SECTION}={bitcode}",
                            "--set-section-flags", f"{BITCODE_SECTION}=exclude,readonly", output])
