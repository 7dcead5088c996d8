"""Reading the JSON-lines logs the runtime writes (docs/reports.md, "The JSON-lines log").

Each line is one record: a race, an error, or a run's summary. A log is complete up to the moment
a run stopped, except that a run killed while writing may leave a truncated last line: that one
is skipped with a warning. Anything else that is not a valid record is an error naming the file
and the line."""

import json
from dataclasses import dataclass, field

RECORD_TYPES = ("race", "error", "summary")
# The fields without which a record cannot be reported, and their types.
REQUIRED = {
    "race": {"kind": str, "memory_rank": int, "first": dict, "second": dict},
    "error": {"kind": str, "rank": int, "message": str},
    "summary": {"distinct_races": int, "occurrences": int, "errors": int, "suppressed": int},
}
ACCESS_REQUIRED = {"rank": int, "access": str, "location": dict}
# The types of the fields the reports read where a record has them (a log edited by hand or
# written by another version may lack them).
RACE_OPTIONAL = {"memory": str, "offset": int, "count": int, "why": str}
ACCESS_OPTIONAL = {"thread": int, "size": int, "atomic_op": str, "atomic_type": str,
                   "language_atomic": bool, "direct": bool}
REGION_OPTIONAL = {"ended": bool, "begin_forgotten": bool}
LOCATION_FIELDS = {"file": str, "line": int, "function": str, "call": str, "context": str,
                   "module": str}
RACE_KINDS = ("remote", "local buffer")
TYPE_NAMES = {int: "a number", str: "a string", dict: "an object", bool: "true or false"}


class LogError(Exception):
    """A log that cannot be read; the message names the file and, when known, the line."""


@dataclass
class Record:
    """One record of a log and where it came from."""
    data: dict
    path: str
    line: int


@dataclass
class Logs:
    races: list = field(default_factory=list)      # Records of type race
    errors: list = field(default_factory=list)     # Records of type error
    summaries: list = field(default_factory=list)  # Records of type summary
    warnings: list = field(default_factory=list)   # messages about tolerated damage


def _check(record, where):
    """Raises LogError unless `record` is a record this reader knows."""
    if not isinstance(record, dict):
        raise LogError(f"{where}: expected a JSON object, got {type(record).__name__}")
    kind = record.get("type")
    if kind not in RECORD_TYPES:
        raise LogError(f"{where}: unknown record type {kind!r} (expected one of "
                       f"{', '.join(RECORD_TYPES)})")
    _check_fields(record, REQUIRED[kind], f"{where}: {kind} record")
    if kind == "race":
        if record["kind"] not in RACE_KINDS:
            raise LogError(f"{where}: unknown race kind {record['kind']!r}")
        _check_present_fields(record, RACE_OPTIONAL, f"{where}: race record")
        for side in ("first", "second"):
            _check_fields(record[side], ACCESS_REQUIRED, f"{where}: the '{side}' access")
            _check_present_fields(record[side], ACCESS_OPTIONAL, f"{where}: the '{side}' access")
            _check_location(record[side]["location"], f"{where}: the '{side}' access's location")
        region = record.get("region")
        if region is not None:
            if not isinstance(region, dict):
                raise LogError(f"{where}: the race's 'region' is not an object")
            _check_present_fields(region, REGION_OPTIONAL, f"{where}: the race's 'region'")
            for bound in ("begin", "end"):
                _check_location(region.get(bound, {}), f"{where}: the region's '{bound}'")
    if kind == "error":
        _check_location(record.get("location", {}), f"{where}: the error's location")


def _check_location(loc, what):
    if not isinstance(loc, dict):
        raise LogError(f"{what} is not an object")
    _check_present_fields(loc, LOCATION_FIELDS, what)


def _check_present_fields(obj, fields, what):
    """Checks the types of those of `fields` that `obj` has."""
    _check_fields(obj, {k: t for k, t in fields.items() if k in obj}, what)


def _check_fields(obj, fields, what):
    for name, expected in fields.items():
        if name not in obj:
            raise LogError(f"{what} has no '{name}'")
        value = obj[name]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise LogError(f"{what} has '{name}' {json.dumps(value)}, not {TYPE_NAMES[expected]}")


def read_log(path, logs, from_byte=0):
    """Appends the records of the log at `path` to `logs`, from byte `from_byte` on (the records
    a run appended to an existing log)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LogError(f"{path}: cannot read the log: {e.strerror}") from None
    if from_byte > len(data):
        raise LogError(f"{path}: the log has only {len(data)} bytes, not {from_byte}")
    skipped = data[:from_byte].count(b"\n")
    lines = [""] * skipped + data[from_byte:].decode("utf-8", errors="replace").split("\n")
    # The runtime ends every record with a newline: text after the last one is a line that a
    # stopped run cut short, unless it is a whole record (a file edited by hand).
    last = lines.pop() if lines else ""
    for number, line in enumerate(lines, 1):
        if number > skipped and line.strip():
            _add(json_record(line, f"{path}:{number}"), path, number, logs)
    if last.strip():
        number = len(lines) + 1
        try:
            record = json.loads(last)
        except json.JSONDecodeError as e:
            # A record cut short still begins like one; other text is not a log at all.
            if not last.lstrip().startswith("{"):
                raise _invalid_json(e, f"{path}:{number}") from None
            logs.warnings.append(f"{path}:{number}: the last line is incomplete (the run stopped "
                                 "while writing it?): skipped")
            return
        _check(record, f"{path}:{number}")
        _add(record, path, number, logs)


def _invalid_json(error, where):
    return LogError(f"{where}: invalid JSON: {error.msg} (column {error.colno})")


def json_record(line, where):
    try:
        record = json.loads(line)
    except json.JSONDecodeError as e:
        raise _invalid_json(e, where) from None
    _check(record, where)
    return record


def _add(record, path, number, logs):
    lists = {"race": logs.races, "error": logs.errors, "summary": logs.summaries}
    lists[record["type"]].append(Record(record, path, number))


def read_logs(paths, from_byte=0):
    logs = Logs()
    for path in paths:
        read_log(path, logs, from_byte)
    return logs
