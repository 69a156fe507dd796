"""Plain text for the text report when it goes to a pipe or a file, without rich.

Piped, the text report has no colour and no width: each line is written as its text
(:meth:`referee.render.text.TextRenderer._print`), and rich only carried the words there.
Importing rich costs some 15 ms, a tenth of a one-hand audit, so a plain report builds its
lines with :class:`PlainText` (what it uses of :class:`rich.text.Text`, with the same
``plain``) and writes to a :class:`PlainConsole`. Whether a report is plain is decided as
rich decides it (:func:`plain_console`); in any doubt rich is used, as before.
``tests/test_startup.py`` compares both ways on every sample.
"""

from __future__ import annotations

import builtins
import os
import sys
from typing import Any, Protocol, TextIO

__all__ = ["Line", "PlainConsole", "PlainText", "plain_console"]

#: The characters rich's Text drops from the text it is given (rich.control's
#: STRIP_CONTROL_CODES: bell, backspace, vertical tab, form feed, carriage return).
_DROPPED = dict.fromkeys((7, 8, 11, 12, 13))

#: Environment variables with which rich may take a pipe for a terminal.
_TERMINAL_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


def _stripped(text: str) -> str:
    """``text`` without the characters rich drops. (Asked first whether it is printable, as
    nearly all is: a scan in C, where ``translate`` looks every character up in a dict.)"""
    return text if text.isprintable() else text.translate(_DROPPED)


class Line(Protocol):
    """A line of the text report being made: rich's ``Text`` (on a terminal), or
    :class:`PlainText`."""

    @property
    def plain(self) -> str: ...

    def append(self, text: str, style: str | None = None) -> Any: ...

    def __add__(self, other: Any) -> Line: ...


class PlainText:
    """A line of the plain report: the words of a rich ``Text``, its styles ignored."""

    __slots__ = ("plain",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.plain = _stripped(text)

    def append(self, text: str, style: str | None = None) -> PlainText:
        """``text`` added at the end (as rich's ``Text.append`` of a string)."""
        self.plain += _stripped(text)
        return self

    def __add__(self, other: object) -> PlainText:
        """The two joined (as rich's ``Text + Text`` or ``Text + str``)."""
        if not isinstance(other, PlainText | str):
            return NotImplemented
        joined = PlainText(other) if isinstance(other, str) else other
        return PlainText._of(self.plain + joined.plain)

    @staticmethod
    def _of(plain: str) -> PlainText:
        """A line of text already stripped."""
        line = PlainText()
        line.plain = plain
        return line


class PlainConsole:
    """What the text report asks of a console when its output is plain: the file it
    writes to, and that it is no terminal and has no colours (as rich's console says of a
    pipe)."""

    is_terminal = False
    color_system: str | None = None
    width = 80  # (rich's default; never read: a plain report has no width)

    def __init__(self, file: TextIO | None) -> None:
        self.file: TextIO = file if file is not None else sys.stdout


def plain_console(file: TextIO | None, color: bool | None) -> PlainConsole | None:
    """A plain console for ``file`` when rich's would be plain (``color`` False, or None
    and ``file`` no terminal, nothing in the environment telling rich otherwise), else
    None: then rich decides, and writes."""
    if color is False:  # (rich: force_terminal=False, no colour system)
        return PlainConsole(file)
    if color is not None or any(name in os.environ for name in _TERMINAL_VARIABLES):
        return None
    if hasattr(builtins, "get_ipython") or "idlelib" in sys.modules:  # (rich's own cases)
        return None
    stream = file if file is not None else sys.stdout
    try:
        is_tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        return None
    return None if is_tty else PlainConsole(file)
