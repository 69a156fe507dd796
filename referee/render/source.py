"""Re-reading lines of a log file from disk, for the source snippets of the reports.

Dependency-free (the text, show and HTML renderers all use it).
"""

from __future__ import annotations

import io
from collections.abc import Callable

from referee.audit import STDIN_NAME, stdin_text

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
    if path == STDIN_NAME and stdin_text() is not None:  # it cannot be read again
        return _text_lines(stdin_text() or "", wanted)
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


def _text_lines(text: str, wanted: set[int]) -> dict[int, str]:
    """The wanted lines of a log held as text (read from standard input)."""
    lines = io.StringIO(text.removeprefix("\ufeff"), newline=None).read().split("\n")
    return {n: lines[n - 1].translate(_CONTROLS) for n in wanted if 0 < n <= len(lines)}


#: The widest source snippet printed under a finding: a longer line is cut around the column.
SNIPPET_WIDTH = 160


def snippet_window(source: str, column: int | None) -> tuple[str, int | None]:
    """``source`` cut to about :data:`SNIPPET_WIDTH` characters around ``column`` (a cut
    end shown as ``…``), and the column within the cut text. A 5 MB line with many findings
    must not be printed once per finding."""
    if len(source) <= SNIPPET_WIDTH:
        return source, column
    at = (column or 1) - 1
    start = max(0, min(at - SNIPPET_WIDTH // 2, len(source) - SNIPPET_WIDTH))
    end = start + SNIPPET_WIDTH
    head = "…" if start else ""
    cut = head + source[start:end] + ("…" if end < len(source) else "")
    return cut, (at - start + len(head) + 1) if column else None
