"""Words for what the log records, in the runtime's own phrasing (core/src/report_format.cpp), so
that every report format says the same as the reports on stderr."""

import os


def location(loc):
    """`file:line` of a location object, as the runtime prints it."""
    if not loc or not loc.get("file"):
        return "<unknown location>"
    return f"{loc['file']}:{loc.get('line', 0)}"


def short_location(loc):
    """`name:line`: the file's name without its directories."""
    if not loc or not loc.get("file"):
        return "<unknown location>"
    return f"{os.path.basename(loc['file'])}:{loc.get('line', 0)}"


def is_remote(access):
    return access.get("access", "").startswith("remote")


def is_buffer(access):
    return access.get("access", "").startswith("local buffer")


def access_kind(access):
    """`Load`, `Remote write`, `Atomic remote write`, `Direct store`, ..."""
    what = access.get("access", "access")
    if access.get("direct"):
        what = "direct store" if what == "remote write" else "direct load"
    if access.get("atomic_op", "none") != "none":
        what = "atomic " + what
    if access.get("language_atomic"):
        what = "C/C++ atomic " + what
    return what[:1].upper() + what[1:]


def thread_suffix(access):
    thread = access.get("thread", 0)
    return f", thread {thread}" if thread else ""


def access_line(access):
    """The line the runtime prints for one access of a race."""
    loc = access.get("location") or {}
    size = access.get("size", 0)
    text = f"{access_kind(access)} of {size} byte{'' if size == 1 else 's'}"
    if loc.get("call"):
        text += f" by {loc['call']}"
    text += (" from rank " if is_remote(access) else " at rank ") + str(access.get("rank"))
    text += thread_suffix(access)
    if loc.get("context"):
        text += f" ({loc['context']})"
    text += ": " + location(loc)
    if loc.get("function"):
        text += f" (in {loc['function']})"
    if access.get("atomic_op", "none") != "none":
        text += f" [{access['atomic_op']}, {access.get('atomic_type', 'none')}]"
    return text


def headline(race):
    """`data race (remote) on rank 1, window 1 offset 0`."""
    memory = race.get("memory", "")
    offset = race.get("offset", 0)
    where = f" at address {offset:#x}" if memory == "local memory" else f" offset {offset}"
    return f"data race ({race['kind']}) on rank {race['memory_rank']}, {memory}{where}"


def event(loc, if_missing):
    """A synchronisation event of a concurrent region: `MPI_Barrier at t.c:12`."""
    if not loc or (not loc.get("file") and not loc.get("call")):
        return if_missing
    return f"{loc.get('call') or 'the event'} at {location(loc)}"


def rma_access(race):
    """The access whose concurrent region the race's `region` is: the RMA one."""
    later = race["second"]
    return later if is_remote(later) or is_buffer(later) else race["first"]


def region_bounds(race):
    """(begin, end) of the race's concurrent region in words, or None without a region."""
    region = race.get("region")
    if not region:
        return None
    if region.get("begin_forgotten"):
        begin = "a synchronisation call too far back to name"
    else:
        begin = event(region.get("begin"), "program start")
    if region.get("ended", True):
        end = event(region.get("end"), "program end")
    else:
        end = "program end (never completed)"
    return begin, end


def region_line(race):
    bounds = region_bounds(race)
    if not bounds:
        return None
    rma = rma_access(race)
    call = (rma.get("location") or {}).get("call")
    if not call:
        if rma.get("direct"):
            call = "direct store" if rma.get("access") == "remote write" else "direct load"
        else:
            call = "RMA access"
    return (f"Concurrent region of the {call} at rank {race['memory_rank']}: "
            f"from {bounds[0]} to {bounds[1]}")


def error_line(error):
    """The line the runtime prints for an error, without its `rmarace: ` prefix."""
    text = f"error on rank {error['rank']}: {error['message']}"
    loc = error.get("location") or {}
    if loc.get("file"):
        text += " (" + (f"{loc['call']} at " if loc.get("call") else "") + location(loc) + ")"
    return text
