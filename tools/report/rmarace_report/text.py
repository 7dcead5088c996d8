"""The text report: the runtime's summary for terminals, of the selected races and errors."""

from . import describe


def _plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def render(races, errors, summaries):
    occurrences = sum(r.occurrences for r in races)
    out = [f"rmarace: SUMMARY: {_plural(len(races), 'data race')} (distinct pairs of source "
           f"locations, {_plural(occurrences, 'occurrence')})"
           + (f", {_plural(len(errors), 'error')}" if errors else "")]
    for r in races:
        out.append(f"  {r.occurrences} x {describe.headline(r.race)} (ranks {r.rank_text})")
        out.append(f"     {describe.access_line(r.race['second'])}")
        out.append(f"     {describe.access_line(r.race['first'])}")
        if r.race.get("why"):
            out.append(f"     Why: {r.race['why']}")
        region = describe.region_line(r.race)
        if region:
            out.append(f"     {region}")
    for e in errors:
        out.append(f"  {describe.error_line(e)}")
    for record in summaries:
        s = record.data
        out.append(f"rmarace: {record.path}:{record.line}: the run's summary: "
                   f"{_plural(s['distinct_races'], 'data race')}, "
                   f"{_plural(s['occurrences'], 'occurrence')}, {_plural(s['errors'], 'error')}, "
                   f"{s['suppressed']} suppressed")
    return "\n".join(out) + "\n"
