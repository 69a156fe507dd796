"""GitHub workflow annotations (``--format github``): findings shown inline on the log.

Run in a GitHub Actions step (``referee audit --format github records/``), every finding
becomes an annotation on the log's line in the pull request and the run's summary::

    ::error file=records/friday.hlog,line=62,col=38,title=BR-FOLLOW::ray played 5♥: ...

* one ``error`` per violation, and a ``warning`` for a corrected one (a card taken back
  with ``(was CARD)``: reported, but it costs only the pot); written as its hand is judged;
* one ``error`` per read error (``P-`` codes, titled with the code), after the file's hands;
  a read error with no position (a missing file) has no ``line``/``col``.

The message is the finding's message, then its evidence, one line each; the title is the
rule ID. Values are escaped as the workflow commands require: ``%``, ``\\r`` and ``\\n`` in
the message (``%25``, ``%0D``, ``%0A``), and also ``:`` and ``,`` in the properties (``%3A``,
``%2C``); any other control character is shown as U+FFFD. Paths are written as given, so
run the referee from the repository's root with relative paths for GitHub to place them.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TextIO

from referee.report import FileReport, HandResult, ReadError, Violation

_CONTROLS = {c: "\ufffd" for c in (*range(0, 32), *range(0x7F, 0xA0)) if c not in (10, 13)}
_DATA = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A", **_CONTROLS})
_PROPERTY = str.maketrans(
    {"%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C", **_CONTROLS}
)


def escape_data(text: str) -> str:
    """A command's message, escaped."""
    return text.translate(_DATA)


def escape_property(text: str) -> str:
    """A command's property value (``file``, ``title``), escaped."""
    return text.translate(_PROPERTY)


def command(
    level: str, message: str, *, file: str, line: int | None, col: int | None, title: str
) -> str:
    """One workflow command line: ``::level file=...,line=...,col=...,title=...::message``."""
    props = [f"file={escape_property(file)}"]
    if line:
        props.append(f"line={line}")
        if col:
            props.append(f"col={col}")
    props.append(f"title={escape_property(title)}")
    return f"::{level} {','.join(props)}::{escape_data(message)}\n"


def violation_command(path: str, v: Violation) -> str:
    """The annotation for one violation."""
    lines = [("(corrected) " if v.corrected else "") + v.message]
    lines += [ln for ln in v.evidence.splitlines() if ln.strip()]
    level = "warning" if v.corrected else "error"
    return command(level, "\n".join(lines), file=path, line=v.line, col=v.column, title=v.rule)


def error_command(path: str, error: ReadError) -> str:
    """The annotation for one read error."""
    return command(
        "error", error.message, file=path, line=error.line, col=error.column, title=error.code
    )


class GithubWriter:
    """Writes the annotations of one or more files, a hand at a time.

    For each file: :meth:`begin`, :meth:`hand` per hand, :meth:`end` (or :meth:`file` for a
    complete report, or :meth:`part` for what a worker wrote).
    """

    def __init__(self, out: TextIO, *, flush: bool = True) -> None:
        self._out = out
        self._flush = flush
        self._path = ""

    def begin(self, report: FileReport) -> None:
        """A file starts."""
        self._path = report.path

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: taken with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write the annotations of one judged hand's violations."""
        self._write(violation_command(self._path, v) for v in hand.violations)

    def end(self, report: FileReport) -> None:
        """Write the file's read errors."""
        self._write(error_command(report.path, e) for e in report.errors)

    def file(self, report: FileReport) -> None:
        """Write a complete report."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, text: str) -> None:
        """Write what another writer wrote (:meth:`take_part`)."""
        self._write((text,))

    def take_part(self) -> str:
        """What was written so far to a :class:`io.StringIO`, and start afresh."""
        assert isinstance(self._out, io.StringIO)
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text

    def _write(self, lines: Iterable[str]) -> None:
        wrote = False
        for line in lines:
            self._out.write(line)
            wrote = True
        if wrote and self._flush:
            self._out.flush()


def render_github(reports: Iterable[FileReport]) -> str:
    """Every annotation for complete reports, as one string (for tests)."""
    out = io.StringIO()
    writer = GithubWriter(out, flush=False)
    for report in reports:
        writer.file(report)
    return out.getvalue()
