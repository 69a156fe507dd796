"""GitHub workflow annotations (``--format github``): findings shown inline on the log.

Run in a GitHub Actions step (``referee audit --format github records/``), findings become
annotations on the log's lines in the pull request and the run's summary::

    ::error file=records/friday.hlog,line=62,col=38,title=BR-FOLLOW::ray played 5♥: ...

* each finding's level is its rule's (:mod:`referee.severity`): ``error`` for a rule of play
  broken, a wrong settlement or score, and an input that could not be read; ``warning`` for
  a fault of the log (``L-``, ``P-SYNTAX``) and a play taken back with ``(was CARD)``;
* violations are written as their hand is judged; a file's read errors (``P-`` codes,
  titled with the code) after its hands; one with no position (a missing file) has no
  ``line``/``col``.

GitHub shows at most 10 error and 10 warning annotations per step (and 50 per job), and
drops the rest unseen. So only the first :data:`ANNOTATIONS_PER_LEVEL` of each level are
annotations; every later one is a plain line of the step's log
(``error: path:line:col: RULE message / evidence``), and a ``::notice`` at the end says how
many there are and where they are. When ``$GITHUB_STEP_SUMMARY`` names a file (as it does in
every step) the full list is appended to it too, as a Markdown table, at most
:data:`SUMMARY_LIMIT` bytes in all (GitHub's limit for a step's summary; the rows that do
not fit are counted instead).

The message is the finding's message, then its evidence, one line each; the title is the
rule ID. Values are escaped as the workflow commands require: ``%``, ``\\r`` and ``\\n`` in
the message (``%25``, ``%0D``, ``%0A``), and also ``:`` and ``,`` in the properties (``%3A``,
``%2C``); any other control character is shown as U+FFFD. A plain line never starts with
``::`` (so no text of a log can become a workflow command) and holds no line break. Paths
are written as given, so run the referee from the repository's root with relative paths
for GitHub to place them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from referee.report import FileReport, HandResult, ReadError, Violation
from referee.severity import Level, error_level, violation_level

#: GitHub shows this many annotations of each level (error, warning) per step.
ANNOTATIONS_PER_LEVEL = 10
#: The most a step's summary may hold, in bytes (GitHub's limit).
SUMMARY_LIMIT = 1 << 20
#: The variable naming the step's summary file.
SUMMARY_VARIABLE = "GITHUB_STEP_SUMMARY"

_CONTROLS = {c: "\ufffd" for c in (*range(0, 32), *range(0x7F, 0xA0)) if c not in (10, 13)}
_DATA = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A", **_CONTROLS})
_PROPERTY = str.maketrans(
    {"%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C", **_CONTROLS}
)
_PLAIN = str.maketrans({"\r": " ", "\n": " / ", **_CONTROLS})
#: Markdown in a table cell: HTML and the characters that make links, emphasis, code or a
#: new cell are written as text; a line break is ``<br>``.
_MARKDOWN = str.maketrans(
    {
        **{c: "\\" + c for c in "\\`*_[]!#~|"},
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        "\r": "",
        "\n": "<br>",
        **_CONTROLS,
    }
)


def escape_data(text: str) -> str:
    """A command's message, escaped."""
    return text.translate(_DATA)


def escape_property(text: str) -> str:
    """A command's property value (``file``, ``title``), escaped."""
    return text.translate(_PROPERTY)


def escape_markdown(text: str) -> str:
    """Text for a cell of a Markdown table, shown as it is."""
    return text.translate(_MARKDOWN)


@dataclass(frozen=True, slots=True)
class Annotation:
    """One finding as GitHub is told it: its level, where, its title (the rule ID or
    ``P-`` code) and its message (the message, then the evidence, one line each)."""

    level: Level
    file: str
    line: int | None
    col: int | None
    title: str
    message: str

    def command(self) -> str:
        """The workflow command that annotates it."""
        return command(
            self.level, self.message, file=self.file, line=self.line, col=self.col, title=self.title
        )

    def plain(self) -> str:
        """It as one plain line of the step's log (past GitHub's annotation limit)."""
        return f"{self.level}: {_where(self)}: {self.title} {self.message}".translate(_PLAIN) + "\n"

    def row(self) -> str:
        """It as a row of the summary's Markdown table."""
        cells = (self.level, _where(self), self.title, self.message)
        return "| " + " | ".join(escape_markdown(cell) for cell in cells) + " |\n"


def _where(annotation: Annotation) -> str:
    where = annotation.file
    if annotation.line:
        where += f":{annotation.line}"
        if annotation.col:
            where += f":{annotation.col}"
    return where


def command(
    level: str, message: str, *, file: str | None, line: int | None, col: int | None, title: str
) -> str:
    """One workflow command line: ``::level file=...,line=...,col=...,title=...::message``
    (``file`` None: an annotation of the run, on no file)."""
    props = [f"file={escape_property(file)}"] if file is not None else []
    if file is not None and line:
        props.append(f"line={line}")
        if col:
            props.append(f"col={col}")
    props.append(f"title={escape_property(title)}")
    return f"::{level} {','.join(props)}::{escape_data(message)}\n"


def violation_annotation(path: str, v: Violation) -> Annotation:
    """The annotation for one violation."""
    lines = [("(corrected) " if v.corrected else "") + v.message]
    lines += [ln for ln in v.evidence.splitlines() if ln.strip()]
    return Annotation(violation_level(v), path, v.line, v.column, v.rule, "\n".join(lines))


def error_annotation(path: str, error: ReadError) -> Annotation:
    """The annotation for one read error."""
    return Annotation(error_level(error), path, error.line, error.column, error.code, error.message)


class GithubWriter:
    """Writes the annotations of one or more files, a hand at a time, within GitHub's limits,
    and the step summary's table to ``summary`` (if given).

    For each file: :meth:`begin`, :meth:`hand` per hand, :meth:`end` (or :meth:`file` for a
    complete report, or :meth:`part` for what a worker kept); then :meth:`close`. With
    ``keep`` the writer only keeps a file's annotations, for :meth:`take_part` (a worker
    process's share of a batch: which of them are annotated is the main process's choice).
    """

    def __init__(
        self,
        out: TextIO,
        *,
        flush: bool = True,
        summary: TextIO | None = None,
        summary_room: int = SUMMARY_LIMIT,
        keep: bool = False,
    ) -> None:
        self._out = out
        self._flush = flush
        self._keep = keep
        self._kept: list[Annotation] = []
        self._path = ""
        self._files = 0
        self.counts: dict[str, int] = {"error": 0, "warning": 0}  # findings of each level
        self._summary = StepSummary(summary, summary_room) if summary is not None else None

    def begin(self, report: FileReport) -> None:
        """A file starts."""
        self._path = report.path

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: taken with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write the annotations of one judged hand's violations."""
        self._write(violation_annotation(self._path, v) for v in hand.violations)

    def end(self, report: FileReport) -> None:
        """Write the file's read errors."""
        self._write(error_annotation(report.path, e) for e in report.errors)
        self._files += 1

    def file(self, report: FileReport) -> None:
        """Write a complete report."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, part: list[Annotation]) -> None:
        """Write a file's annotations that another writer kept (:meth:`take_part`)."""
        self._write(part)
        self._files += 1

    def take_part(self) -> list[Annotation]:
        """The annotations kept so far (``keep``), and start afresh."""
        part, self._kept = self._kept, []
        return part

    def close(self) -> None:
        """The run is done: say how many findings were not annotated, and where they are;
        finish the step summary."""
        shown = {level: min(n, ANNOTATIONS_PER_LEVEL) for level, n in self.counts.items()}
        if shown != self.counts:
            where = "in this log" + (" and in the job summary" if self._summary else "")
            self._out.write(
                command(
                    "notice",
                    f"{_findings(self.counts)}; GitHub annotates at most "
                    f"{ANNOTATIONS_PER_LEVEL} errors and {ANNOTATIONS_PER_LEVEL} warnings a "
                    f"step, so {_findings(shown)} are annotated: every finding is {where}",
                    file=None,
                    line=None,
                    col=None,
                    title="referee",
                )
            )
        if self._summary is not None:
            self._summary.close(self._files, self.counts)
        if self._flush:
            self._out.flush()

    def _write(self, annotations: Iterable[Annotation]) -> None:
        if self._keep:
            self._kept.extend(annotations)
            return
        wrote = False
        for annotation in annotations:
            level = annotation.level
            self.counts[level] = self.counts.get(level, 0) + 1
            if self.counts[level] <= ANNOTATIONS_PER_LEVEL:
                self._out.write(annotation.command())
            else:
                self._out.write(annotation.plain())
            if self._summary is not None:
                self._summary.add(annotation)
            wrote = True
        if wrote and self._flush:
            self._out.flush()


def _findings(counts: dict[str, int]) -> str:
    """``3 errors and 1 warning``."""
    words = [f"{n} {level}{'' if n == 1 else 's'}" for level, n in counts.items()]
    return " and ".join(words)


class StepSummary:
    """The step summary's part: a heading, a table of every finding (as many rows as fit in
    ``room`` bytes), and a line of counts."""

    def __init__(self, out: TextIO, room: int) -> None:
        self._out = out
        self._room = room - len(_HEADING.encode()) - _CLOSING_ROOM
        self._rows = 0
        self._left_out = 0
        self._out.write(_HEADING)

    def add(self, annotation: Annotation) -> None:
        """One finding's row, if it fits."""
        row = annotation.row()
        if not self._rows:
            row = _TABLE_HEAD + row
        size = len(row.encode("utf-8", "replace"))
        if self._left_out or size > self._room:
            self._left_out += 1
            return
        self._out.write(row)
        self._room -= size
        self._rows += 1

    def close(self, files: int, counts: dict[str, int]) -> None:
        """The line of counts; the summary is done."""
        total = sum(counts.values())
        files_text = f"{files} file{'' if files == 1 else 's'}"
        if not total:
            self._out.write(f"No findings in {files_text}.\n\n")
        else:
            line = f"\n{_findings(counts)} in {files_text}."
            if self._left_out:
                line += (
                    f" {self._left_out} more not listed here: a step's summary holds at most "
                    "1 MiB; the step's log lists them all."
                )
            self._out.write(line + "\n\n")
        self._out.flush()


_HEADING = "\n### referee audit\n\n"  # (after what the step's other commands wrote)
_TABLE_HEAD = "| level | where | rule | finding |\n|---|---|---|---|\n"
_CLOSING_ROOM = 512  # bytes kept for the closing line


def open_summary() -> tuple[TextIO | None, int]:
    """The step summary file named by ``$GITHUB_STEP_SUMMARY``, opened to append, and the
    room left in it; None when the variable is not set or the file cannot be opened (a
    note on stderr says so: the annotations are still written)."""
    name = os.environ.get(SUMMARY_VARIABLE)
    if not name:
        return None, 0
    try:
        if os.path.exists(name) and not os.path.isfile(name):  # (a pipe would block)
            raise OSError(f"{name}: not a regular file")
        out = open(name, "a", encoding="utf-8", errors="replace", newline="\n")  # noqa: SIM115
        size = out.tell()
    except OSError as exc:
        import sys

        from referee.render.safe import visible

        why = visible(f"cannot write the step summary ({SUMMARY_VARIABLE}): {exc}")
        sys.stderr.write(f"referee: {why}\n")
        return None, 0
    return out, SUMMARY_LIMIT - size


def render_github(reports: Iterable[FileReport]) -> str:
    """Every annotation for complete reports, as one string (for tests)."""
    out = io.StringIO()
    writer = GithubWriter(out, flush=False)
    for report in reports:
        writer.file(report)
    writer.close()
    return out.getvalue()
