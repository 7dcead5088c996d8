"""Headless Chromium for the HTML report's tests: a screenshot, the rendered DOM and the console,
and a small PNG reader (zlib only) to look at the screenshot's pixels.

Run as a script it takes the screenshot of a report: `browser.py REPORT.html OUT.png [W H]`
(docs/images/html-report.png is made so)."""

import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

BROWSERS = ("chromium", "chromium-browser")
# Flags of a headless run on a machine without a display, GPU or sandbox (as root).
FLAGS = ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
         "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0"]


def find_browser():
    return next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)


def _run(browser, args, page, timeout=60):
    # A profile of its own: concurrent runs do not share one.
    with tempfile.TemporaryDirectory(prefix="rmarace-chromium-") as profile:
        return subprocess.run([browser, *FLAGS, "--user-data-dir=" + profile, *args,
                               "file://" + os.path.abspath(page)],
                              capture_output=True, text=True, timeout=timeout)


def screenshot(page, png, width=1000, height=1300, browser=None):
    """Takes the screenshot; returns the browser's stderr (its log)."""
    result = _run(browser or find_browser(),
                  ["--screenshot=" + os.path.abspath(png), f"--window-size={width},{height}"], page)
    if result.returncode != 0 or not os.path.isfile(png):
        raise RuntimeError(f"chromium failed ({result.returncode}): {result.stderr[-2000:]}")
    return result.stderr


def dump_dom(page, browser=None):
    """(the DOM after rendering, the browser's log)."""
    result = _run(browser or find_browser(), ["--dump-dom"], page)
    if result.returncode != 0:
        raise RuntimeError(f"chromium failed ({result.returncode}): {result.stderr[-2000:]}")
    return result.stdout, result.stderr


def console_messages(log):
    """The page's console messages and script errors in the browser's log."""
    return [line for line in log.splitlines()
            if ":CONSOLE(" in line or "Uncaught" in line or "Refused to" in line]


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def read_png(path):
    """(width, height, channels, rows of bytes) of an 8-bit RGB or RGBA PNG, not interlaced."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    at, idat, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        at += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA PNGs without interlacing are read")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up_left = previous[i - channels] if i >= channels else 0
                line[i] = (line[i] + _paeth(left, previous[i], up_left)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def count_pixels(png, predicate):
    """How many pixels (r, g, b) of the PNG satisfy `predicate`."""
    width, _, channels, rows = read_png(png)
    count = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            count += predicate(row[x], row[x + 1], row[x + 2])
    return count


if __name__ == "__main__":
    if len(sys.argv) not in (3, 5):
        sys.exit("usage: browser.py REPORT.html OUT.png [WIDTH HEIGHT]")
    size = [int(v) for v in sys.argv[3:5]] or [1000, 1300]
    screenshot(sys.argv[1], sys.argv[2], *size)
