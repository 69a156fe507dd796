"""Code actions: a quick fix for each "did you mean" of a finding, and the referee's own
settlement in place of a recorded one it found wrong (:mod:`referee.lsp.settlement`).

A "did you mean" is read from the finding: its ``mend`` when it has one (a read error's sure
correction: the word at its column and what to write), else its message (``...; did you
mean `play`?``, ``(did you mean limit?)``). The word replaced is then the item at the
finding's column, or a word the message quotes (``unknown option 'limt'``) that the line
holds: of those, the one closest to what is suggested.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lsprotocol import types

from referee.report import ReadError, Violation
from referee.suggest import edit_distance, fold

from .analysis import Analysis
from .diagnostics import Finding, Placed, diagnostic
from .edits import Edit, workspace_edit
from .settlement import SETTLEMENT_RULES, settlement_edits
from .text import Positions, item_span, statement_end

_DID_YOU_MEAN = re.compile(r"did you mean (.+?)\?")
_QUOTED = re.compile(r"'([^'\n]{1,60})'")
_BACKQUOTED = re.compile(r"`([^`\n]+)`")
_ALTERNATIVES = re.compile(r", | or ")


def suggestions(message: str) -> list[str]:
    """What a message's "did you mean" suggests, in its order (none without one)."""
    found = _DID_YOU_MEAN.search(message)
    if found is None:
        return []
    said = found.group(1)
    quoted = _BACKQUOTED.findall(said)
    return quoted or [s.strip() for s in _ALTERNATIVES.split(said) if s.strip()]


def mends(finding: Finding, lines: list[str]) -> list[Edit]:
    """One edit per "did you mean" of a finding: the word it is about, written as
    suggested. The first is the preferred one when the finding's ``mend`` gives it."""
    if finding.line is None or not 1 <= finding.line <= len(lines):
        return []
    number = finding.line - 1
    text = lines[number]
    sure = _sure_mend(finding, text, number)
    if sure is not None:
        return [sure]
    wanted = suggestions(finding.message)
    if not wanted:
        return []
    span = _mended_span(finding, text, wanted[0])
    if span is None:
        return []
    start, end = span
    return [Edit(number, start, end, new) for new in wanted if new != text[start:end]]


def _sure_mend(finding: Finding, text: str, number: int) -> Edit | None:
    """The finding's own correction (a read error's ``mend``: its column, the word
    written and the word meant), when it has one and the line still shows the word."""
    mend: Any = getattr(finding, "mend", None)
    if mend is None:
        return None
    start = int(mend.column) - 1
    old, new = str(mend.old), str(mend.new)
    if text[start : start + len(old)] != old:
        return None
    return Edit(number, start, start + len(old), new)


def _mended_span(finding: Finding, text: str, suggested: str) -> tuple[int, int] | None:
    """Where the word a suggestion replaces stands in the line: the item at the finding's
    column, or a word the message quotes; the closest to the suggestion."""
    at = max(0, (finding.column or 1) - 1)
    spans = []
    if at < statement_end(text):
        start, end = item_span(text, at)
        spans.append((start, end - 1 if text[end - 1] == ":" and end - 1 > start else end))
    for quoted in _QUOTED.findall(finding.message):
        for found in re.finditer(re.escape(quoted), text[: statement_end(text)]):
            if _whole_item(text, found.start(), found.end()):
                spans.append((found.start(), found.end()))
    if not spans:
        return None
    target = fold(suggested)

    def distance(span: tuple[int, int]) -> int:
        return edit_distance(fold(text[span[0] : span[1]]), target, 60)

    return min(spans, key=distance)


def _whole_item(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a whole item (separators or the line's ends around)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return before in " \t,:" and after in " \t,:#"


def code_actions(
    analysis: Analysis,
    placed: list[Placed],
    positions: Positions,
    wanted: types.Range,
    link: Any,
) -> Iterator[types.CodeAction]:
    """The code actions for the findings whose range meets ``wanted`` (the editor's
    selection or cursor)."""
    for where in placed:
        found = diagnostic(where, positions, link)
        if not _meets(found.range, wanted):
            continue
        finding = where.finding
        edits = mends(finding, analysis.lines)
        for index, edit in enumerate(edits):
            old = analysis.lines[edit.line][edit.start : edit.end]
            yield types.CodeAction(
                title=f"Replace '{old}' with '{edit.text}'",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[found],
                edit=workspace_edit(analysis.uri, [edit], positions),
                is_preferred=index == 0 and getattr(finding, "mend", None) is not None,
            )
        settled = _settlement_action(analysis, finding, positions)
        if settled is not None:
            title, change = settled
            yield types.CodeAction(
                title=title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[found],
                edit=change,
                is_preferred=True,
            )


def _settlement_action(
    analysis: Analysis, finding: Finding, positions: Positions
) -> tuple[str, types.WorkspaceEdit] | None:
    """The referee's settlement in place of the record a finding says is wrong."""
    if isinstance(finding, ReadError) or finding.rule not in SETTLEMENT_RULES:
        return None
    assert isinstance(finding, Violation)
    result = analysis.result_at(finding.line)
    if result is None or finding not in result.violations:
        return None
    _, events = analysis.events_at(finding.line)
    places = analysis.report.money_places
    made = settlement_edits(finding, result, events, analysis.lines, places)
    if made is None:
        return None
    title, edits = made
    return title, workspace_edit(analysis.uri, edits, positions)


def _meets(found: types.Range, wanted: types.Range) -> bool:
    """Whether two ranges share a position (touching counts: a cursor at a word's end)."""
    start = (found.start.line, found.start.character)
    end = (found.end.line, found.end.character)
    return (wanted.start.line, wanted.start.character) <= end and start <= (
        wanted.end.line,
        wanted.end.character,
    )
