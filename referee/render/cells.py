"""The width of text in terminal cells, as rich measures it.

rich's :func:`rich.cells.cell_len` counts a printable ASCII character, and a suit symbol,
as one cell (in every Unicode version it knows); so does :func:`cell_len` here, without
importing rich (some milliseconds at start-up) until a text holds anything else (a name in
another script, a control character). ``tests/test_startup.py`` holds them to the same
answers.
"""

from __future__ import annotations

__all__ = ["cell_len"]

#: The characters counted here: one cell each.
_ONE_CELL = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("♠♥♦♣♤♡♢♧")
_one_cell_each = _ONE_CELL.issuperset


def cell_len(text: str) -> int:
    """The cells ``text`` takes on a terminal (:func:`rich.cells.cell_len`'s answer)."""
    if _one_cell_each(text):
        return len(text)
    from rich.cells import cell_len as measured

    return measured(text)
