"""The timeline picture of one race: its geometry, drawn as inline SVG by the HTML template.

One lane per rank (and per thread other than a rank's initial one) involved. On them, left to
right: the synchronisation call that begins the concurrent region, the earlier and the later of
the two accesses, and the call that ends the region; the region is a span on the lane of the rank
whose memory is involved (where the runtime measures it). An RMA access is drawn at the rank that
made the call, with an arrow to the memory it touches. The order is logical, not a time scale: the
log records no times, only that both accesses fall inside the region."""

from dataclasses import dataclass, field

from . import describe

WIDTH = 900
LABEL_WIDTH = 120      # the lane names
LANE_HEIGHT = 100
TOP = 16
# Where the events sit, left to right.
X_BEGIN, X_FIRST, X_SECOND, X_END = 210, 390, 570, 750
CHAR_WIDTH = 6.5       # of the 11px labels, about
STAGGER = 14           # how far a label moves away from its lane to clear its neighbour's
# The shapes the template draws around a lane's y.
LANE_END_MARGIN = 10   # between a lane's end and the picture's right edge
MARKER_RADIUS = 7      # an access's circle; arrows start at its edge
SYNC_HALF_HEIGHT = 18  # a synchronisation call's bar
SPAN_HALF_HEIGHT = 12  # the concurrent region's band
ARROW_HEAD_GAP = 13    # arrows end just outside the band, where their head shows
NAME_ABOVE = 22        # the baseline of the name above the lane
WHERE_BELOW = 32       # the baseline of `file:line` below the lane


@dataclass
class Lane:
    label: str
    y: int


@dataclass
class Event:
    kind: str       # "access" or "sync"
    x: int
    y: int
    name: str       # the call, or the kind of access
    where: str      # basename:line
    title: str      # the full text, shown as a tooltip
    offset: int = 0  # how much further from the lane its labels are (to clear a neighbour's)


@dataclass
class Timeline:
    width: int
    height: int
    lanes: list = field(default_factory=list)
    events: list = field(default_factory=list)
    arrows: list = field(default_factory=list)  # (x, y from, y to)
    span: tuple = None                          # (x from, x to, y, label)
    label_width: int = LABEL_WIDTH


def _lane_key(rank, thread):
    return (rank, thread or 0)


def _lane_label(key):
    rank, thread = key
    return f"rank {rank}" + (f", thread {thread}" if thread else "")


def _access_event(access, x, y):
    loc = access.get("location") or {}
    name = loc.get("call") or describe.access_kind(access).lower()
    return Event("access", x, y, name, describe.short_location(loc), describe.access_line(access))


def _sync_event(loc, x, y, missing, text):
    if loc and (loc.get("file") or loc.get("call")):
        return Event("sync", x, y, loc.get("call") or "event", describe.short_location(loc), text)
    return Event("sync", x, y, missing, "", text)


def _same_place(a, b):
    return bool(a and b) and all(a.get(k) == b.get(k) for k in ("file", "line", "call"))


def build(race):
    first, second = race["first"], race["second"]
    rma = describe.rma_access(race)
    if race["kind"] == "local buffer":
        # The region runs from the RMA call to its completion at the rank that made it.
        region_key = _lane_key(rma["rank"], rma.get("thread"))
    else:
        # Measured at the memory's rank: on the lane of its own access there, if any.
        at_memory = [a for a in (second, first)
                     if a["rank"] == race["memory_rank"] and not describe.is_remote(a)]
        region_key = _lane_key(race["memory_rank"],
                               at_memory[0].get("thread") if at_memory else 0)
    keys = sorted({region_key, _lane_key(first["rank"], first.get("thread")),
                   _lane_key(second["rank"], second.get("thread"))})
    ys = {k: TOP + LANE_HEIGHT * i + LANE_HEIGHT // 2 for i, k in enumerate(keys)}
    t = Timeline(WIDTH, TOP * 2 + LANE_HEIGHT * len(keys),
                 lanes=[Lane(_lane_label(k), ys[k]) for k in keys])
    region_y = ys[region_key]
    x_of = {}
    for access, x in ((first, X_FIRST), (second, X_SECOND)):
        y = ys[_lane_key(access["rank"], access.get("thread"))]
        t.events.append(_access_event(access, x, y))
        x_of[id(access)] = x
        if describe.is_remote(access) and y != region_y:
            t.arrows.append((x, y, region_y))
    bounds = describe.region_bounds(race)
    if not bounds:
        _stagger(t.events)
        return t
    region = race["region"]
    begin, end = bounds
    x_begin = X_BEGIN
    if region.get("begin_forgotten"):
        t.events.append(Event("sync", X_BEGIN, region_y, "too far back", "", begin))
    elif _same_place(region.get("begin"), rma.get("location")):
        x_begin = x_of[id(rma)]  # the RMA call itself begins the region (local buffer races)
    else:
        t.events.append(_sync_event(region.get("begin"), X_BEGIN, region_y, "program start",
                                    "region begins: " + begin))
    ended = region.get("ended", True)
    t.events.append(_sync_event(region.get("end") if ended else None, X_END, region_y,
                                "program end" if ended else "never completed",
                                "region ends: " + end))
    t.span = (x_begin, X_END, region_y, "concurrent region")
    _stagger(t.events)
    return t


def _label_width(event):
    return CHAR_WIDTH * max(len(event.name), len(event.where))


def _stagger(events):
    """Moves every other label of a lane away from the lane where neighbours' labels would
    overlap."""
    by_lane = {}
    for e in events:
        by_lane.setdefault(e.y, []).append(e)
    for lane in by_lane.values():
        lane.sort(key=lambda e: e.x)
        for left, right in zip(lane, lane[1:]):
            overlap = (_label_width(left) + _label_width(right)) / 2 > right.x - left.x - 8
            if overlap and not left.offset:
                right.offset = STAGGER
