"""A document's lines and positions: the referee's (line and column from 1, in code
points) and the client's (from 0, in the position encoding agreed at start-up: UTF-16 code
units unless the client offers UTF-32 or UTF-8).

The referee counts lines as git does: a line ends at ``\\n`` or ``\\r\\n``, and a lone ``\\r``
is a character inside its line (a finding, ``P-SYNTAX``, at its column). The protocol ends a
line at a lone ``\\r`` too, so the editor may show more lines than the referee counts:
:class:`Positions` converts between the two at the protocol's edge, and the rest of the
language server works in the referee's lines (those :func:`split_lines` gives).
"""

from __future__ import annotations

import re
from typing import Literal

from lsprotocol import types

_LINE_END = re.compile(r"\r?\n")
#: What parts the items of a line: the grammar's separators, and a comment's start.
_ITEM_END = frozenset(" \t,#")

Encoding = Literal["utf-8", "utf-16", "utf-32"]


def split_lines(text: str) -> list[str]:
    """The document's lines as the referee counts them, without their ends (a text ending
    in a line end has an empty last line, as the editor shows it)."""
    return _LINE_END.split(text)


def statement_end(line: str) -> int:
    """Where a line's statement ends (before its comment and the separators before it)."""
    cut = line.find("#")
    body = line if cut < 0 else line[:cut]
    return len(body.rstrip(" \t,"))


def item_span(line: str, start: int) -> tuple[int, int]:
    """The item of a line (a word, a card, an amount) that starts at code point ``start``
    (from 0): from there up to the next separator or comment. At or after the statement's
    end, its last character (so that the span shows), or an empty span on an empty line."""
    end = statement_end(line)
    if start >= end:
        return (end - 1, end) if end > 0 else (0, 0)
    stop = start
    while stop < end and line[stop] not in _ITEM_END:
        stop += 1
    return start, max(stop, start + 1)


def statement_span(line: str) -> tuple[int, int]:
    """The statement of a line: from its first character to its end (no comment)."""
    end = statement_end(line)
    start = len(line) - len(line.lstrip(" \t,"))
    return (start, end) if start < end else (0, end)


class Positions:
    """The document's lines (the referee's, see the module's doc), and the conversion of
    positions to and from the client's."""

    def __init__(self, lines: list[str], encoding: Encoding = "utf-16") -> None:
        self.lines = lines
        self.encoding = encoding
        # The client's lines where a line holds a lone carriage return: the client's line
        # where each of the referee's lines starts, and each client line's (line, start).
        self._first: list[int] | None = None
        self._parts: list[tuple[int, int]] = []
        if any("\r" in line for line in lines):
            self._first = []
            for number, line in enumerate(lines):
                self._first.append(len(self._parts))
                start = 0
                for part in line.split("\r"):
                    self._parts.append((number, start))
                    start += len(part) + 1

    def line(self, number: int) -> str:
        """Line ``number`` (from 0, the referee's), or ``""`` past the end."""
        return self.lines[number] if 0 <= number < len(self.lines) else ""

    def _units(self, text: str) -> int:
        if self.encoding == "utf-32" or text.isascii():
            return len(text)
        if self.encoding == "utf-8":
            return len(text.encode("utf-8", "surrogatepass"))
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def position(self, line: int, column: int) -> types.Position:
        """The client's position of code point ``column`` (from 0) of the referee's ``line``
        (from 0)."""
        text = self.line(line)
        column = max(0, min(column, len(text)))
        if self._first is None or not 0 <= line < len(self._first):
            return types.Position(line=line, character=self._units(text[:column]))
        start = text.rfind("\r", 0, column) + 1  # (where the client's line starts)
        client = self._first[line] + text.count("\r", 0, column)
        return types.Position(line=client, character=self._units(text[start:column]))

    def range(self, line: int, start: int, end: int) -> types.Range:
        """The client's range of code points ``start`` to ``end`` of ``line`` (from 0)."""
        return types.Range(start=self.position(line, start), end=self.position(line, end))

    def locate(self, position: types.Position) -> tuple[int, int]:
        """The referee's line (from 0) and code point (from 0, clamped to the client's line)
        of a client's position."""
        line, start = position.line, 0
        if self._first is not None and 0 <= position.line < len(self._parts):
            line, start = self._parts[position.line]
        text = self.line(line)
        end = text.find("\r", start)
        part = text[start : end if end >= 0 else len(text)]
        wanted = position.character
        if self.encoding == "utf-32" or part.isascii():
            return line, start + max(0, min(wanted, len(part)))
        units = 0
        for index, char in enumerate(part):
            if units >= wanted:
                return line, start + index
            units += self._units(char)
        return line, start + len(part)


_WORD_END = frozenset(" \t,#()+:")


def word_at(line: str, column: int) -> tuple[int, int]:
    """The word of ``line`` around code point ``column`` (from 0; the cursor may stand
    just after it): its start and end, empty where there is none."""
    start = min(max(column, 0), len(line))
    while start > 0 and line[start - 1] not in _WORD_END:
        start -= 1
    end = start
    while end < len(line) and line[end] not in _WORD_END:
        end += 1
    if end < column:  # (the cursor stands after a separator: no word there)
        return column, column
    return start, end


def in_comment(line: str, column: int) -> bool:
    """Whether code point ``column`` of ``line`` is inside its comment."""
    cut = line.find("#")
    return 0 <= cut < column
