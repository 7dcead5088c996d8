"""The command line of rmarace-report."""

import argparse
import json
import os
import sys

from . import races as race_selection
from .log import LogError, read_logs
from .sources import Sources

FORMATS = ("text", "html", "sarif")


class MissingModule(Exception):
    """A Python module a report format needs is not installed."""


def _kinds(value):
    kinds = tuple(k.strip() for k in value.split(",") if k.strip())
    unknown = [k for k in kinds if k not in race_selection.KINDS]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown kind {', '.join(unknown) or repr(value)} (use "
            f"{', '.join(race_selection.KINDS)}, or several separated by commas)")
    return kinds


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="rmarace-report",
        description="Reads the JSON-lines logs of rmarace runs and reports their distinct data "
                    "races and errors as text, a self-contained HTML page or SARIF 2.1.0.")
    p.add_argument("logs", nargs="+", metavar="LOG",
                   help="JSON-lines log of a run (rmarace-*.jsonl)")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default): the summary for terminals; html: one page with source "
                        "and timeline pictures; sarif: SARIF 2.1.0 for code scanning tools")
    p.add_argument("-o", "--output", default="-", metavar="PATH",
                   help="where to write the report (default: standard output)")
    p.add_argument("--kind", type=_kinds, metavar="KIND",
                   help="only races of this kind, or errors: remote, local-buffer or error "
                        "(several separated by commas)")
    p.add_argument("--rank", type=int, metavar="N",
                   help="only races involving rank N (either access, or its memory) and errors "
                        "of rank N")
    p.add_argument("--file", metavar="PATTERN",
                   help="only races with an access, and errors, in a source file matching "
                        "PATTERN (a substring of the path, or a glob such as '*/solver*.c')")
    p.add_argument("--source-dir", action="append", default=[], metavar="DIR",
                   help="where to look for source files the log names by relative path "
                        "(repeatable; the working directory and the logs' directories are "
                        "searched too)")
    p.add_argument("--from-byte", type=int, default=0, metavar="N",
                   help="read the logs from byte N on: the records one run appended to a log "
                        "that earlier runs wrote to (rmarace-run and the runtime use it)")
    args = p.parse_args(argv)
    if args.from_byte < 0:
        p.error("--from-byte needs a number >= 0")
    return args


def _filter_text(args):
    parts = []
    if args.kind:
        parts.append("kind " + ",".join(args.kind))
    if args.rank is not None:
        parts.append(f"rank {args.rank}")
    if args.file:
        parts.append(f"file {args.file}")
    return "; ".join(parts)


def render(args, logs):
    keep = race_selection.Filter(kinds=args.kind, rank=args.rank, file=args.file)
    races, errors = race_selection.select(logs, keep)
    if args.format == "sarif":
        from . import sarif
        return json.dumps(sarif.render(races, errors, logs.summaries), indent=2) + "\n"
    if args.format == "html":
        try:
            from . import html
        except ImportError as e:
            raise MissingModule(e.name) from None
        dirs = args.source_dir + sorted({os.path.dirname(os.path.abspath(p)) for p in args.logs})
        return html.render(races, errors, logs, args.logs, Sources(dirs), _filter_text(args))
    from . import text
    return text.render(races, errors, logs.summaries)


def _same_file(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return False


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        logs = read_logs(args.logs, args.from_byte)
    except LogError as e:
        print(f"rmarace-report: error: {e}", file=sys.stderr)
        return 1
    for warning in logs.warnings:
        print(f"rmarace-report: warning: {warning}", file=sys.stderr)
    try:
        report = render(args, logs)
    except MissingModule as e:
        print(f"rmarace-report: error: the {args.format} report needs the Python module "
              f"{e} (Debian: python3-{e}; scripts/install-deps.sh installs it)",
              file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(report)
        return 0
    if any(_same_file(args.output, log) for log in args.logs):
        print(f"rmarace-report: error: the output {args.output} is one of the logs: writing it "
              "would destroy the log", file=sys.stderr)
        return 1
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(report)
    except OSError as e:
        print(f"rmarace-report: error: cannot write {args.output}: {e.strerror}", file=sys.stderr)
        return 1
    return 0
