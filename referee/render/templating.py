"""The HTML page's templates: jinja2, with every value escaped where it is written.

The templates (``referee/render/templates/*.html``, ``chart.svg``) hold the page's markup as
macros that the writer calls piece by piece (a file's section is written around its
findings and rows, which wait in temporary files; see :mod:`referee.render.html`). The
environment autoescapes every ``{{ value }}``: a name, message, path or line from a log is
never markup, whatever it holds. Before it is escaped, a value has every control, bidi and
zero-width character made visible (:func:`referee.render.safe.visible`, the environment's
``finalize``). Only the macros' own output, and the page's fixed CSS and script, are markup
(:class:`markupsafe.Markup`) and go in as they are.

The style sheet and script are files beside the templates (``page.css``, ``page.js``),
copied into the page inline: the page fetches nothing.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from referee.render.fmt import count
from referee.render.safe import visible

TEMPLATES = Path(__file__).with_name("templates")


def shown(value: object) -> object:
    """What a ``{{ value }}`` prints, before autoescaping: markup as it is, a number as it
    is, anything else as text with its invisible characters made visible."""
    if isinstance(value, Markup | int):
        return value
    return visible(str(value))


def text(value: object) -> Markup:
    """``value`` as safe HTML text (visible, escaped), for markup built outside a template."""
    return escape(visible(str(value)))


def path_html(path: str) -> Markup:
    """A path, escaped, that may break after its slashes (a long one in a narrow column)."""
    return Markup("/<wbr>").join(text(part) for part in path.split("/"))


@functools.cache
def environment() -> Environment:
    """The page's template environment (made once a process; templates compiled on first
    use and kept)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        finalize=shown,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.filters["wbr"] = path_html
    env.globals["count"] = count
    env.globals["NL"] = Markup("\n")  # (a line end written as it is, not as "\\n")
    return env


@functools.cache
def macros(name: str) -> Any:
    """The macros of template ``name`` (its module: ``macros("page.html").head(...)``)."""
    return environment().get_template(name).module


@functools.cache
def asset(name: str) -> str:
    """A fixed file copied into the page (``page.css``, ``page.js``), as it is."""
    return (TEMPLATES / name).read_text(encoding="utf-8")
