"""The HTML report: one self-contained page (inline CSS and SVG, no script, nothing fetched),
rendered with Jinja2 from templates/report.html.j2 with autoescaping."""

import os

import jinja2

from . import describe, timeline
from .sources import Sources

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")


def _environment():
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.globals.update(location=describe.location, short_location=describe.short_location,
                       headline=describe.headline, access_line=describe.access_line,
                       region_line=describe.region_line, geometry=timeline)
    return env


def render(races, errors, logs, log_paths, sources=None, filtered=""):
    """The page of the distinct `races` and `errors` of `logs` (read from `log_paths`); `sources`
    finds the source files, `filtered` says what the command line's filters kept."""
    sources = sources or Sources()
    # Per race: its timeline picture and the source around its later and earlier access.
    details = [(r, timeline.build(r.race),
                [("Later access", sources.snippet(r.race["second"].get("location"))),
                 ("Earlier access", sources.snippet(r.race["first"].get("location")))])
               for r in races]
    template = _environment().get_template("report.html.j2")
    return template.render(races=races, details=details, errors=errors,
                           summaries=logs.summaries, warnings=logs.warnings, logs=log_paths,
                           filtered=filtered, occurrences=sum(r.occurrences for r in races))
