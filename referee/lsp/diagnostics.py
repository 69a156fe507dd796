"""A report's findings as diagnostics: every violation and read error of ``referee audit``,
each where the log shows it, with its rule ID as the code, a link to its explanation, and
the level the machine formats give it (:mod:`referee.severity`: ``error`` or
``warning``).

A finding points at one item of a line (its column): the diagnostic covers that item (the
card, the name, the word that does not read). A finding that names no card and points at
the start of its statement (a recorded payment that is wrong, a hand out of sequence)
covers the whole statement. One with no line (a log with no ``players`` line) is shown on
the first line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lsprotocol import types

from referee.readcodes import P_RULES
from referee.report import FileReport, ReadError, Violation
from referee.severity import error_level, violation_level

from .analysis import Analysis
from .text import Positions, item_span, statement_span

#: The diagnostics' source, as editors show it beside each message.
SOURCE = "referee"

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}

#: A finding: a violation or a read error.
Finding = Violation | ReadError


@dataclass(frozen=True, slots=True)
class Placed:
    """A finding and the code points of the line it covers (line from 0)."""

    finding: Finding
    line: int
    start: int
    end: int


def findings(report: FileReport) -> Iterator[Finding]:
    """Every finding of a report: the hands' violations, then the read errors."""
    for hand in report.hands:
        yield from hand.violations
    yield from report.errors


def place(finding: Finding, lines: list[str]) -> Placed:
    """Where a finding is shown in the document."""
    if finding.line is None or not 1 <= finding.line <= len(lines):
        text = lines[0] if lines else ""
        return Placed(finding, 0, *statement_span(text))
    number = finding.line - 1
    text = lines[number]
    at = max(0, (finding.column or 1) - 1)
    start, end = statement_span(text)
    whole = isinstance(finding, Violation) and finding.card is None and at <= start
    if whole and start < end:
        return Placed(finding, number, start, end)
    return Placed(finding, number, *item_span(text, at))


def message(finding: Finding) -> str:
    """The diagnostic's message: the finding's, then its evidence (as ``audit`` prints
    it under the finding), ``(corrected)`` first for a play taken back."""
    if isinstance(finding, ReadError):
        return finding.message
    words = ("(corrected) " if finding.corrected else "") + finding.message
    return f"{words}\n{finding.evidence}" if finding.evidence else words


def code_of(finding: Finding) -> str:
    """The finding's rule ID or read-error code."""
    return finding.rule if isinstance(finding, Violation) else finding.code


def diagnostic(
    placed: Placed, positions: Positions, link: Callable[[str], str | None]
) -> types.Diagnostic:
    """The diagnostic of a placed finding (``link``: the explanation's URI of a code)."""
    finding = placed.finding
    code = code_of(finding)
    level = violation_level(finding) if isinstance(finding, Violation) else error_level(finding)
    href = link(code)
    return types.Diagnostic(
        range=positions.range(placed.line, placed.start, placed.end),
        message=message(finding),
        severity=_SEVERITY[level],
        code=code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
    )


def diagnostics(
    analysis: Analysis, positions: Positions, link: Callable[[str], str | None]
) -> list[types.Diagnostic]:
    """Every finding of the document as a diagnostic, in the report's order; the
    settings' own problems first."""
    found = [
        diagnostic(place(ReadError(P_RULES, None, None, problem), analysis.lines), positions, link)
        for problem in analysis.settings.problems
    ]
    found += [
        diagnostic(place(f, analysis.lines), positions, link) for f in findings(analysis.report)
    ]
    return found
