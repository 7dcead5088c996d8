"""The SARIF 2.1.0 report: one result per distinct race and per error.

A race's primary location is its later-detected access (the one the runtime's report names first,
the JSON `second`); the earlier access is related location 1, and the synchronisation calls that
begin and end the concurrent region are related locations 2 and 3 when they have a source
location. Rules: `rmarace.race.remote`, `rmarace.race.local-buffer`, and `rmarace.error.<kind>`
for each kind of error (docs/reports.md)."""

import os
from urllib.parse import quote

from . import describe

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SCHEMA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas",
                           "sarif-2.1.0-rtm.5.json")
HELP = {"text": "See docs/reports.md of rmarace."}

RACE_RULES = {
    "remote": ("rmarace.race.remote", "RemoteDataRace",
               "Conflicting accesses to the same target memory that no completion and "
               "synchronisation order."),
    "local buffer": ("rmarace.race.local-buffer", "LocalBufferRace",
                     "An RMA call's origin buffer is accessed before the call is locally "
                     "complete."),
}
ERROR_RULES = {
    "out-of-bounds": "An RMA call accesses bytes outside the target's part of the window.",
    "freed-window": "A window call on the handle of a window the process freed.",
    "no-access-epoch": "An RMA communication call to a rank that no access epoch covers.",
    "no-passive-epoch": "A flush outside a passive target epoch of that rank.",
    "free-in-epoch": "MPI_Win_free inside a lock, lock_all, access or exposure epoch.",
    "bad-suppressions": "A malformed line of the suppressions file.",
}


def _error_rule_id(kind):
    return "rmarace.error." + kind


def _rules():
    rules = []
    for rule_id, name, text in RACE_RULES.values():
        rules.append({"id": rule_id, "name": name, "shortDescription": {"text": text},
                      "fullDescription": {"text": text + " The result's location is the later-"
                                          "detected access; related locations are the earlier "
                                          "access and the bounds of the concurrent region."},
                      "help": HELP,
                      "defaultConfiguration": {"level": "error"}})
    for kind, text in ERROR_RULES.items():
        rules.append({"id": _error_rule_id(kind),
                      "name": "".join(w.capitalize() for w in kind.split("-")) + "Error",
                      "shortDescription": {"text": text}, "help": HELP,
                      "defaultConfiguration": {"level": "error"}})
    return rules


def _uri(path):
    if os.path.isabs(path):
        return "file://" + quote(path)
    return quote(path)


def _location(loc, message=None, location_id=None):
    """A SARIF location for a log location, or None without a source file."""
    if not loc or not loc.get("file"):
        return None
    physical = {"artifactLocation": {"uri": _uri(loc["file"])}}
    if loc.get("line", 0) > 0:
        physical["region"] = {"startLine": loc["line"]}
    result = {"physicalLocation": physical}
    if loc.get("function"):
        result["logicalLocations"] = [{"name": loc["function"], "kind": "function"}]
    if location_id is not None:
        result["id"] = location_id
    if message:
        result["message"] = {"text": message}
    return result


def _race_result(race, rule_index):
    r = race.race
    later, earlier = r["second"], r["first"]
    text = (f"{describe.headline(r)}: {describe.access_line(later)} races with "
            f"{describe.access_line(earlier)}")
    if r.get("why"):
        text += f". Why: {r['why']}"
    region = describe.region_line(r)
    if region:
        text += f". {region}"
    related = [_location(earlier.get("location"), "earlier access: " +
                         describe.access_line(earlier), 1)]
    bounds = describe.region_bounds(r)
    if bounds:
        related.append(_location(r["region"].get("begin"), "concurrent region begins: " +
                                 bounds[0], 2))
        if r["region"].get("ended", True):
            related.append(_location(r["region"].get("end"), "concurrent region ends: " +
                                     bounds[1], 3))
    return {
        "ruleId": RACE_RULES[r["kind"]][0], "ruleIndex": rule_index, "level": "error",
        "message": {"text": text},
        "locations": [loc for loc in [_location(later.get("location"))] if loc],
        "relatedLocations": [loc for loc in related if loc],
        "occurrenceCount": race.occurrences,
        "partialFingerprints": {"rmaracePair/v1": race.key},
        "properties": {"ranks": sorted({n for ranks in race.ranks for n in ranks}),
                       "memoryRank": r["memory_rank"], "memory": r.get("memory", "")},
    }


def _error_result(error, rule_index):
    return {"ruleId": _error_rule_id(error["kind"]), "ruleIndex": rule_index, "level": "error",
            "message": {"text": describe.error_line(error)},
            "locations": [loc for loc in [_location(error.get("location"))] if loc],
            "properties": {"rank": error["rank"]}}


def render(races, errors, summaries=()):
    """The SARIF log, as a JSON-ready dict."""
    rules = _rules()
    # Errors of kinds this version does not describe still get a rule.
    for kind in sorted({e["kind"] for e in errors} - set(ERROR_RULES)):
        rules.append({"id": _error_rule_id(kind), "shortDescription": {"text": f"{kind} error"},
                      "help": HELP, "defaultConfiguration": {"level": "error"}})
    rule_ids = [rule["id"] for rule in rules]
    results = [_race_result(r, rule_ids.index(RACE_RULES[r.kind][0])) for r in races]
    results += [_error_result(e, rule_ids.index(_error_rule_id(e["kind"]))) for e in errors]
    run = {"tool": {"driver": {"name": "rmarace", "rules": rules}},
           "results": results}
    if summaries:
        run["properties"] = {"summaries": [dict(s.data) for s in summaries]}
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
