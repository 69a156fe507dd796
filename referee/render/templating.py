"""The HTML page's templates: jinja2, every value escaped where it is written.

The templates (``referee/render/templates/*.html``, ``chart.svg``) hold the page's markup as
macros that the writer calls piece by piece (a file's section is written around its
findings and rows, which wait in temporary files; see :mod:`referee.render.html`).

Every ``{{ value }}`` a template writes is escaped: a name, message, path or line from a
log is never markup, whatever it holds. Before it is escaped, a value has every control,
bidi and zero-width character made visible (:func:`referee.render.safe.visible`). Only
:class:`markupsafe.Markup` goes in as it is: what a macro returns (:func:`macros` marks it),
the page's fixed CSS and script, a path with its break points (:func:`path_html`).

The escaping is the environment's ``finalize``, which jinja2 calls on every ``{{ }}``
output: the rule of jinja2's ``autoescape`` (escape all but Markup) at less than half its
cost, since ``autoescape`` wraps each value in markupsafe's ``escape`` and a new ``Markup``
object (a row of the hands table: 10 µs instead of 25; the tables are most of a page). So
the environment's ``autoescape`` is off, and a template must not write what another
macro returned (it would be escaped twice, never left raw): macros are called from
Python, which marks their output.

The style sheet and script are files beside the templates (``page.css``, ``page.js``),
copied into the page inline: the page fetches nothing.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from referee.render.fmt import count
from referee.render.safe import UNSAFE, visible

TEMPLATES = Path(__file__).with_name("templates")


#: A character that :func:`shown` changes: one :func:`~referee.render.safe.visible` makes
#: visible, or one that HTML escapes (most values have none: they are written as they are).
_CHANGED = re.compile(UNSAFE.pattern[:-1] + "&<>\"']")


def shown(value: object) -> str:
    """What a ``{{ value }}`` writes: markup as it is, anything else as text, its invisible
    characters made visible, escaped for HTML content and quoted attribute values."""
    if type(value) is str:
        if _CHANGED.search(value) is None:
            return value
        return html.escape(visible(value), quote=True)
    if isinstance(value, Markup):
        return value
    if type(value) is int:
        return str(value)
    return shown(str(value))


def text(value: object) -> Markup:
    """``value`` as safe HTML text (visible, escaped), for markup built outside a template."""
    return Markup(shown(value))


class _Macros:
    """A template's macros, each returning :class:`~markupsafe.Markup` (what a macro
    writes is markup, its values escaped)."""

    def __init__(self, module: Any) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Callable[..., Markup]:
        macro = getattr(self._module, name)

        def call(*args: Any) -> Markup:
            return Markup(macro(*args))

        setattr(self, name, call)  # (looked up once)
        return call


def path_html(path: str) -> Markup:
    """A path, escaped, that may break after its slashes (a long one in a narrow column)."""
    return Markup("/<wbr>").join(text(part) for part in path.split("/"))


@functools.cache
def environment() -> Environment:
    """The page's template environment (made once a process; templates compiled on first
    use and kept)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=False,  # (escaped by finalize: see the module's docstring)
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
    """The macros of template ``name`` (``macros("page.html").head(...)``), each returning
    markup."""
    return _Macros(environment().get_template(name).module)


@functools.cache
def asset(name: str) -> str:
    """A fixed file copied into the page (``page.css``, ``page.js``), as it is."""
    return (TEMPLATES / name).read_text(encoding="utf-8")
