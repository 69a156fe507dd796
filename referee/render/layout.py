"""Text tables laid out in a width: the words wrap, the numbers never do.

A table is laid out once its columns' widest cells are known (the text report measures its
rows as they stream by), then each row is written as one or more lines. With no width
(piped output) every row is one line, whatever its length, as it always was: stable and
easy to grep. In a width (a terminal's), the narrowest layout that fits is used:

1. **one line a row**, when the whole row fits;
2. **words wrapped in place**: the columns of words (``Column.wraps``: a result, a
   recorded verdict, a path) are narrowed, none below :data:`MIN_WORDS` cells, and their
   text wraps onto the next lines of the row, under the column;
3. **words beneath**: the other columns stay on the row's first line and the words come on
   the lines below, indented (a table too wide for its numbers and its words side by side);
4. **in bands**: when even the other columns do not fit, the repeated columns
   (``Column.band``: a player's money) are split into bands, one under the other and
   aligned, and the words come beneath.

A column that is not a column of words is never cut or wrapped (a number is never split),
but for a long name (a player's in a header, a dealer's in a cell of a ``Column.names``
column): when the table has lines wider than the width even so, names are wrapped at
:data:`NAME_CAPS` cells (the first that fits), so that one 200-character name does not
push the table off the screen. Only a table whose first columns and a single band column
are wider than the width (a terminal narrower than about 60 columns) has lines wider than
the width.

Dependency-free but for rich's measure of widths in terminal cells (a suit symbol is one
cell, a CJK character two): :func:`referee.render.cells.cell_len`, and
:func:`rich.cells.chop_cells` to cut a word longer than its column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from referee.render.cells import cell_len

#: Cells before a table and between its columns.
INDENT = 2
GAP = 2
#: The narrowest a column of words is wrapped to before the words go beneath the row.
MIN_WORDS = 12
#: The widths a name (a header, a cell of a column of names) is wrapped at, the first
#: that fits, in a table that does not fit its width with the names whole.
NAME_CAPS = (20, MIN_WORDS)
NAME_CAP = NAME_CAPS[0]


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Column(NamedTuple):
    """A table's column: its header, how it is aligned, whether it may wrap or go in bands."""

    header: str
    right: bool = False  # right-aligned (numbers)
    wraps: bool = False  # words: wrapped to fit the width
    band: bool = False  # one of a run of like columns (players) that may go in bands
    least: int = MIN_WORDS  # words: the narrowest it is wrapped to beside the other columns
    beneath: bool = True  # words: may go on the lines beneath the row (else it stays beside)
    names: bool = False  # its cells are names (a dealer): a long one may wrap (NAME_CAPS)


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class _Strip(NamedTuple):
    """Some of a row's columns on one line (or more, when a cell wraps): column indexes and
    widths, after ``indent`` cells."""

    indent: int
    cells: tuple[tuple[int, int], ...]  # (column index, width)


class TableLayout:
    """Where each column of a table goes in ``width`` cells (None: no limit).

    ``widths`` are the widest cells of the columns; ``header``, if given, the headers, which
    are measured here (a header is a name that may be wrapped, see :data:`NAME_CAPS`).
    """

    def __init__(
        self,
        columns: Sequence[Column],
        widths: Sequence[int],
        width: int | None,
        header: Sequence[str] = (),
    ) -> None:
        self.columns = list(columns)
        heads = [cell_len(h) for h in header] or [0] * len(widths)
        self.widths = [max(w, h) for w, h in zip(widths, heads, strict=True)]
        self.right = {i for i, c in enumerate(columns) if c.right}
        #: The widths the layout starts from: the natural ones, or with long names capped.
        self._laid = self.widths
        self._strips = self._fit(width)
        for cap in NAME_CAPS:
            if width is None or self._fits(width):
                break
            self._laid = [
                max(min(w, cap) if c.names else w, min(h, cap))
                for c, w, h in zip(columns, widths, heads, strict=True)
            ]
            self._strips = self._fit(width)
        #: Whether every row is one line at its natural widths (the fast, piped layout).
        self.natural = len(self._strips) == 1 and [w for _, w in self._strips[0].cells] == (
            self.widths
        )

    # ------------------------------------------------------------------ fitting

    def _fits(self, width: int) -> bool:
        """Whether every line of the layout is at most ``width`` cells."""
        return all(_span([w for _, w in s.cells], s.indent) <= width for s in self._strips)

    def _fit(self, width: int | None) -> list[_Strip]:
        widths, columns = self._laid, self.columns
        if width is None or _span(widths) <= width:
            return [_Strip(INDENT, tuple(enumerate(widths)))]
        words = [i for i, c in enumerate(columns) if c.wraps]
        beside = [i for i in words if not columns[i].beneath]  # (a path: the row's name)
        under = [i for i in words if columns[i].beneath]
        first = self._beside([i for i in range(len(columns))], words, width)
        if first is not None:  # every column on the row's line, the words wrapped
            return [first]
        line = [i for i in range(len(columns)) if i not in under]
        first = self._beside(line, beside, width)
        if first is not None and under:  # the words beneath, the rest on the row's line
            return [first, self._beneath(under, first, width)]
        if not any(self.columns[i].band for i in line):  # the words beside squeezed
            first = self._beside(line, beside, width, squeeze=True)
        strips = [first] if first is not None else self._bands(line, beside, width)
        return [*strips, self._beneath(under, strips[0], width)] if under else strips

    def _beside(
        self, line: list[int], words: list[int], width: int, squeeze: bool = False
    ) -> _Strip | None:
        """The columns ``line`` on one line, their ``words`` sharing what the others leave
        (each at least its ``least``, or with ``squeeze`` a cell); None if they cannot."""
        fixed = [i for i in line if i not in words]
        room = width - _span([self._laid[i] for i in fixed]) - GAP * len(words)
        wanted = [self._laid[i] for i in words]
        least = [1 if squeeze else min(self._laid[i], self.columns[i].least) for i in words]
        if room < sum(least):
            return None
        shares = dict(zip(words, _share(room, wanted), strict=True))
        return _Strip(INDENT, tuple((i, shares.get(i, self._laid[i])) for i in line))

    def _bands(self, line: list[int], words: list[int], width: int) -> list[_Strip]:
        """The columns ``line`` with their band columns in as few bands as fit (its
        ``words``, staying beside, at their ``least``)."""
        widths = [
            min(self._laid[i], self.columns[i].least) if i in words else self._laid[i]
            for i in range(len(self._laid))
        ]
        band = [i for i in line if self.columns[i].band]
        if len(band) < 2:
            return [_Strip(INDENT, tuple((i, widths[i]) for i in line))]
        head = [i for i in line if i < band[0]]
        tail = [i for i in line if i > band[0] and i not in band]
        for count in range(2, len(band) + 1):
            per = -(-len(band) // count)  # (rounded up)
            groups = [band[k : k + per] for k in range(0, len(band), per)]
            slots = [max(widths[g[k]] for g in groups if k < len(g)) for k in range(per)]
            if per == 1 or _span([*(widths[i] for i in head + tail), *slots]) <= width:
                break
        cells = [(i, widths[i]) for i in head] + [(i, slots[k]) for k, i in enumerate(groups[0])]
        strips = [_Strip(INDENT, tuple(cells + [(i, widths[i]) for i in tail]))]
        after_head = INDENT + sum(widths[i] + GAP for i in head)
        strips += [
            _Strip(after_head, tuple((i, slots[k]) for k, i in enumerate(group)))
            for group in groups[1:]
        ]
        return strips

    def _beneath(self, words: list[int], first: _Strip, width: int) -> _Strip:
        """The columns of words on the lines under the row: after the row's first column
        (the hand number), or a little indented when that is words too (a path)."""
        lead, lead_width = first.cells[0]
        indent = INDENT + (2 if self.columns[lead].wraps else lead_width + GAP)
        room = max(width - indent - GAP * (len(words) - 1), len(words))
        shares = _share(room, [self._laid[i] for i in words])
        return _Strip(indent, tuple(zip(words, shares, strict=True)))

    # ------------------------------------------------------------------ writing

    def lines(self, cells: Sequence[str]) -> list[str]:
        """A row (or the header, or a footer) as the lines it takes."""
        if self.natural:
            return [self.line(cells)]
        out: list[str] = []
        for strip in self._strips:
            pieces = [_wrap(cells[i], w) if cells[i] else [""] for i, w in strip.cells]
            if len(strip.cells) and all(p == [""] for p in pieces) and out:
                continue  # (nothing in it: a footer's empty words)
            for k in range(max(len(p) for p in pieces)):
                parts = []
                for (i, w), piece in zip(strip.cells, pieces, strict=True):
                    text = piece[k] if k < len(piece) else ""
                    fill = " " * max(w - cell_len(text), 0)
                    parts.append(fill + text if i in self.right else text + fill)
                out.append((" " * strip.indent + (" " * GAP).join(parts)).rstrip())
        return out

    def line(self, cells: Sequence[str]) -> str:
        """A row as one line at the natural widths (the layout with no width)."""
        widths, right = self.widths, self.right
        out = []
        for i, cell in enumerate(cells):
            fill = " " * (widths[i] - cell_len(cell))
            out.append(fill + cell if i in right else cell + fill)
        return (" " * INDENT + (" " * GAP).join(out)).rstrip()


def _span(widths: Sequence[int], indent: int = INDENT) -> int:
    """The cells a line of columns this wide takes (after ``indent`` cells)."""
    return indent + sum(widths) + GAP * max(len(widths) - 1, 0)


def _share(room: int, wanted: Sequence[int]) -> list[int]:
    """``room`` cells shared among columns that want ``wanted``: a column that wants less
    than an even share gets what it wants, the others share what is left evenly."""
    shares = [0] * len(wanted)
    todo = sorted(range(len(wanted)), key=lambda k: wanted[k])
    left = room
    while todo:
        even = left // len(todo)
        if wanted[todo[0]] <= even:
            k = todo.pop(0)
            shares[k] = wanted[k]
            left -= wanted[k]
            continue
        spare = left - even * len(todo)  # (the first columns get a cell more)
        for j, k in enumerate(todo):
            shares[k] = even + (1 if j < spare else 0)
        break
    return shares


#: Where a line of words may break: after a space, a slash or a comma.
_BREAKS = re.compile(r"[^ /,]*[ /,]+|[^ /,]+")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken after spaces, slashes and commas
    (a word longer than the width is cut in pieces); the trailing spaces dropped."""
    return _wrap(text, width)


def _wrap(text: str, width: int) -> list[str]:
    if cell_len(text) <= width:
        return [text]
    width = max(width, 1)
    lines: list[str] = []
    line = ""
    for chunk in _BREAKS.findall(text):
        if cell_len((line + chunk).rstrip()) <= width:
            line += chunk
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = chunk.lstrip(" ")
        while cell_len(line.rstrip()) > width:
            from rich.cells import chop_cells  # (a word wider than the column: rarely)

            head, *_ = chop_cells(line, width)
            lines.append(head)
            line = line[len(head) :]
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines
