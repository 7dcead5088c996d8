"""Response files (@FILE) on the wrappers' command lines, expanded as clang 14 expands them: GNU
quoting (whitespace separates arguments; single and double quotes group; a backslash escapes the
next character, inside quotes too), nested @FILE names relative to the working directory, and an
@FILE that does not exist kept as an argument (the compiler then reports it)."""

from .errors import DriverError

_MAX_DEPTH = 32


def tokenize(text):
    """Splits response file text into arguments (llvm::cl::TokenizeGNUCommandLine)."""
    arguments = []
    token = []
    index, end = 0, len(text)
    while index < end:
        if not token:
            while index < end and text[index].isspace():
                index += 1
            if index == end:
                break
        char = text[index]
        if char == "\\" and index + 1 < end:
            token.append(text[index + 1])
            index += 2
            continue
        if char in "'\"":
            index += 1
            while index < end and text[index] != char:
                if text[index] == "\\" and index + 1 < end:
                    index += 1
                token.append(text[index])
                index += 1
            index += 1  # the closing quote (or the end of an unterminated string)
            continue
        if char.isspace():
            if token:
                arguments.append("".join(token))
                token = []
        else:
            token.append(char)
        index += 1
    if token:
        arguments.append("".join(token))
    return arguments


def expand(argv, _depth=0):
    """argv with every @FILE replaced by the arguments in FILE, recursively."""
    expanded = []
    for arg in argv:
        if not arg.startswith("@") or len(arg) == 1:
            expanded.append(arg)
            continue
        path = arg[1:]
        try:
            with open(path, encoding="utf-8", errors="surrogateescape") as file:
                text = file.read()
        except FileNotFoundError:
            expanded.append(arg)
            continue
        except OSError as error:
            raise DriverError(f"cannot read the response file {path}: {error.strerror}") from None
        if _depth == _MAX_DEPTH:
            raise DriverError(f"response files nested more than {_MAX_DEPTH} deep at {path} "
                              "(does it include itself?)")
        expanded += expand(tokenize(text), _depth + 1)
    return expanded
