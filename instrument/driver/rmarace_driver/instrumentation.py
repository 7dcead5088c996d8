"""The clang arguments that load the rmarace pass and configure it."""

BITCODE_SECTION = ".rmarace.bitcode"


def plugin_options(layout):
    """Loads the plugin into clang's option parser only, for compilations that run no pass (the
    front end of the bitcode step, assembly, headers): the program's own -mllvm -rmarace-...
    options reach them too, and clang rejects options nobody registered."""
    return ["-Xclang", "-load", "-Xclang", layout.plugin]


def pass_arguments(layout, options, whole_program=None):
    """Loads the plugin into the pass pipeline (-fpass-plugin) and into clang's option parser
    (-Xclang -load), so that -mllvm can set its options. `whole_program`, a pair of the program's
    name and the file listing the symbols outside code uses, makes the module a whole program."""
    arguments = [f"-fpass-plugin={layout.plugin}"] + plugin_options(layout) + [
                 "-mllvm", f"-rmarace-mode={options.mode}",
                 # Keep loads and stores of different source lines apart: merged into one
                 # instruction, they would have no line to report.
                 "-mllvm", "-simplifycfg-sink-common=false",
                 "-mllvm", "-simplifycfg-hoist-common=false"]
    if options.list_instrumentation:
        arguments += ["-mllvm", "-rmarace-list"]
        if options.list_file:
            arguments += ["-mllvm", f"-rmarace-list-file={options.list_file}"]
    if whole_program is None:
        # Translation units only: the whole-program step at link time sees the same code again
        # and would repeat the diagnostics.
        arguments += ["-mllvm", f"-rmarace-local-buffer={options.local_buffer}"]
    else:
        name, external_symbols = whole_program
        arguments += ["-mllvm", "-rmarace-whole-program",
                      "-mllvm", f"-rmarace-external-symbols={external_symbols}",
                      "-mllvm", f"-rmarace-program-name={name}"]
    return arguments
