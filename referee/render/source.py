"""The source snippets of the reports: the line a finding is about, cut and made safe.

A finding carries the line as it was read and judged (``source_line``, from
``source_start`` in the line); the reports never read the log again, which may have
changed, or be a pipe that cannot be read twice. :func:`read_source_lines` is kept for tests
and tools that build reports by hand.

Dependency-free (the text, show and HTML renderers all use it; rich measures a snippet's
cells only for a terminal).
"""

from __future__ import annotations

from collections.abc import Callable

#: Control characters (but tab) shown as U+FFFD: one column each, so carets stay aligned, and
#: a binary file's bytes never reach the terminal as control codes.
_CONTROLS = {c: "\ufffd" for c in (*range(0, 9), *range(10, 32), 0x7F)}

#: Reads the wanted 1-based line numbers of a file: ``(path, {3, 17}) -> {3: "...", ...}``.
LineSource = Callable[[str, set[int]], dict[int, str]]


def read_source_lines(path: str, wanted: set[int]) -> dict[int, str]:
    """Re-read the wanted lines of a log from disk (empty when it cannot be read)."""
    found: dict[int, str] = {}
    if not wanted:
        return found
    last = max(wanted)
    try:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if number in wanted:
                    text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                    text = text.removeprefix("\ufeff") if number == 1 else text
                    found[number] = text.translate(_CONTROLS)
                if number >= last:
                    break
    except OSError:
        return {}
    return found


def no_sources(path: str, wanted: set[int]) -> dict[int, str]:
    """The reports' default :data:`LineSource`: nothing is read again from the disk."""
    return {}


def finding_source(
    source: str | None, start: int, column: int | None
) -> tuple[str | None, int | None]:
    """A finding's kept line and its column in it (the kept part starts at ``start``)."""
    if source is None or not start or not column:
        return source, column
    return "…" + source, column - start + 1


#: The widest source snippet printed under a finding: a longer line is cut around the column.
SNIPPET_WIDTH = 160


def snippet_window(
    source: str, column: int | None, room: int | None = None
) -> tuple[str, int | None]:
    """``source`` cut to about :data:`SNIPPET_WIDTH` characters around ``column`` (a cut
    end shown as ``…``), and the column within the cut text. A 5 MB line with many findings
    must not be printed once per finding. With ``room`` (the cells a terminal has left for
    it), the cut, its ``…`` marks included, fits in that many cells too (but never fewer
    than :data:`LEAST_ROOM`), so that the terminal does not wrap it away from its caret."""
    if room is None:
        return _window(source, column, SNIPPET_WIDTH, 0)
    from rich.cells import cell_len  # (only on a terminal: the HTML page never needs it)

    room = max(room, LEAST_ROOM)
    size = min(SNIPPET_WIDTH, room)
    cut, at = _window(source, column, size, 2)
    while size > LEAST_ROOM and (over := cell_len(cut.expandtabs(8)) - room) > 0:
        size = max(size - max(over // 2, 1), LEAST_ROOM)  # (wide characters, tabs)
        cut, at = _window(source, column, size, 2)
    return cut, at


#: The narrowest a snippet is cut to on a terminal, however narrow.
LEAST_ROOM = 20


def _window(source: str, column: int | None, size: int, marks: int) -> tuple[str, int | None]:
    """``source`` cut to ``size`` characters around ``column``, less ``marks`` (the room
    kept for the ``…`` at the cut ends), and the column within the cut text."""
    if len(source) <= size:
        return source, column
    size -= marks
    at = (column or 1) - 1
    start = max(0, min(at - size // 2, len(source) - size))
    end = start + size
    head = "…" if start else ""
    cut = head + source[start:end] + ("…" if end < len(source) else "")
    return cut, (at - start + len(head) + 1) if column else None
