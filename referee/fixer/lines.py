"""A hand's recorded lines taken apart, for ``referee fix``: each ``settle``, ``score`` or
``ante`` statement's keyword as written, its body and its tail (spacing, comment), so that
a line is rewritten in its own style; and amounts written as the log writes them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

from referee.fixer.text import LogText

#: A recorded statement's keyword at the start of a line, as written (with a colon).
_KEYWORD = re.compile(r"[\t ,]*(settle|score|ante)(?![\w'-])(?:[\t ]*:)?", re.IGNORECASE)
#: An amount as written: a sign, a currency sign before or after, the number.
_AMOUNT = re.compile(
    r"(?<![\w'.+-])(?P<sign>[+-]?)(?P<cur>[$€£¥₹]?)(?P<sign2>[+-]?)"
    r"(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<after>[$€£¥₹]?)(?![\w.])"
)


class Statement(NamedTuple):
    """A recorded line taken apart: its keyword as written (``head``: the indent, the
    keyword, a colon), the spacing after it, what follows it, and its ``tail`` (the
    spacing and comment after the statement)."""

    at: int  # the line's index (from 0)
    kind: str  # settle, score or ante
    head: str
    gap: str
    body: str
    tail: str

    def written(self, body: str) -> str:
        """The line with ``body`` in place of its statement's, the rest kept; a comment
        set apart by spaces stays in its column where the line leaves room."""
        line = f"{self.head}{self.gap or ' '}{body}" if body else self.head
        tail = self.tail
        spaces = len(tail) - len(tail.lstrip(" "))
        if spaces >= 2 and tail[spaces:].startswith("#"):
            column = len(self.head) + len(self.gap) + len(self.body) + spaces
            tail = " " * max(1, column - len(line)) + tail[spaces:]
        return line + tail

    def comment_only(self) -> list[str]:
        """What is left of the line when its statement goes: its comment, if any."""
        indent = self.head[: len(self.head) - len(self.head.lstrip("\t ,"))]
        comment = self.tail.strip()
        return [indent + comment] if comment else []


class Block:
    """A hand's recorded lines (``settle``, ``score``, ``ante``), in log order."""

    def __init__(self, log: LogText, span: range, places: int) -> None:
        self.places = places
        self.statements: list[Statement] = []
        for index in span:
            text = log.lines[index].text
            match = _KEYWORD.match(text)
            if match is None:
                continue
            hash_at = text.find("#")
            code = text if hash_at < 0 else text[:hash_at]
            end = max(len(code.rstrip("\t ,")), match.end())
            rest = text[match.end() : end]
            body = rest.lstrip("\t ,")
            gap = rest[: len(rest) - len(body)]
            kind = match.group(1).lower()
            self.statements.append(
                Statement(index, kind, text[: match.end()], gap, body, text[end:])
            )

    def of(self, *kinds: str) -> list[Statement]:
        return [s for s in self.statements if s.kind in kinds]

    def written_places(self) -> int:
        """The decimals the hand's recorded amounts are written with (else the file's)."""
        for statement in self.of("settle"):
            for match in _AMOUNT.finditer(statement.body):
                return len(match.group("number").partition(".")[2])
        return self.places

    def currency(self) -> tuple[str, bool] | None:
        """The currency sign the hand's recorded amounts carry, and whether before the
        number; None when they carry none."""
        for statement in self.of("settle"):
            for match in _AMOUNT.finditer(statement.body):
                if match.group("cur"):
                    return match.group("cur"), True
                if match.group("after"):
                    return match.group("after"), False
        return None


def money(amount: Decimal, places: int, currency: tuple[str, bool] | None = None) -> str:
    """``amount`` with at least ``places`` decimals (more if it needs them), with the
    currency sign where the log writes it."""
    exponent = amount.normalize().as_tuple().exponent
    needed = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    digits = format(abs(amount), f".{max(places, needed)}f")
    sign = "-" if amount < 0 else ""
    if currency is None:
        return sign + digits
    mark, before = currency
    return f"{sign}{mark}{digits}" if before else f"{sign}{digits}{mark}"


def amounts_replaced(body: str, values: Sequence[Decimal], places: int | None) -> str | None:
    """``body`` with its amounts (as many as ``values``, else None) written as ``values``,
    each keeping its sign's and currency sign's places and (``places`` None: whole
    numbers) its decimals."""
    matches = list(_AMOUNT.finditer(body))
    if len(matches) != len(values):
        return None
    out, at = [], 0
    for match, value in zip(matches, values, strict=True):
        written = match.group("number").partition(".")[2]
        decimals = 0 if places is None else max(len(written), places if not written else 0)
        digits = money(abs(value), decimals)
        plus = "+" if "+" in (match.group("sign") + match.group("sign2")) and value >= 0 else ""
        minus = "-" if value < 0 else ""
        cur, after = match.group("cur"), match.group("after")
        out.append(body[at : match.start()] + f"{minus or plus}{cur}{digits}{after}")
        at = match.end()
    out.append(body[at:])
    return "".join(out)
