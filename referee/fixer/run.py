"""``referee fix``: a log with what the referee can mend corrected, as a new text.

What is mended, from the report of the log (:class:`~referee.report.FileReport`: its hands'
results and violations, its read errors) and the log's own text, never from the engines:

* a line that could not be read (``P-SYNTAX``) whose "did you mean" names one keyword that
  makes the line read (:class:`~referee.report.Mend`): that word is written so;
* in a hand the referee settled, the recorded lines it found wrong: Bourré's ``settle``
  lines (``BR-SETTLE-POT``, ``-WIN``, ``-BOURRE``, ``-RENEGE``, ``-PENALTY``) and ``ante``
  line (``BR-SETTLE-ANTE``), Bid Euchre's ``settle`` (``BE-SCORE``) and ``score``
  (``BE-TOTAL``) lines, are written as the referee settles the hand.

Everything else is kept byte for byte: comments, spacing, line ends, the byte-order mark,
the encoding. A recorded line is changed only where it is wrong, and as little as it takes
(see :mod:`referee.fixer.bourre`, :mod:`referee.fixer.euchre`); a hand that is not settled
is left as it is. The fixed text is judged again and mended again until nothing more can
be, so that fixing a fixed log changes nothing. The input is never written: a log is
evidence.

Nothing here prints or writes a file: the command line does (``referee/cli.py``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from referee.fixer.bourre import bourre_edits
from referee.fixer.euchre import euchre_edits
from referee.fixer.lines import Block
from referee.fixer.text import Edits, LogText, applied, decode_log, moved
from referee.report import (
    BourreHandResult,
    FileReport,
    HandResult,
    ReadError,
    file_not_read,
)
from referee.rulebook import settlement_rules

if TYPE_CHECKING:
    from referee.audit import Reading

#: How many times the log is judged and mended at most: a mended line may let a hand be
#: settled, whose record is then mended in the next round (two or three rounds suffice).
MAX_ROUNDS = 6

#: The rules whose lines are rewritten, by game.
FIXED_RULES = settlement_rules()


@dataclass(frozen=True, slots=True)
class Change:
    """One thing mended, in words: ``line`` (1-based, in the input) and what was done."""

    line: int
    what: str


@dataclass(frozen=True, slots=True)
class Left:
    """A hand ``fix`` leaves as it is, and why, in words."""

    hand: int
    why: str


@dataclass(slots=True)
class FixOutcome:
    """What ``fix`` made of a log.

    ``original`` and ``fixed`` are None when the input could not be decoded (then
    ``report`` carries its error). ``report`` judges the fixed text; ``remaining`` lists
    its findings (rule ID or read-error code, line), which ``fix`` cannot mend; ``left``
    the hands it did not touch because the log does not settle them.
    """

    original: LogText | None
    fixed: LogText | None
    report: FileReport
    changes: list[Change] = field(default_factory=list)
    left: list[Left] = field(default_factory=list)
    remaining: list[tuple[str, int | None]] = field(default_factory=list)
    settled: bool = True  # False: still changing after MAX_ROUNDS (a referee bug if seen)

    @property
    def changed(self) -> bool:
        """Whether the fixed text differs from the input."""
        return (
            self.fixed is not None
            and self.original is not None
            and (self.fixed.lines != self.original.lines)
        )

    @property
    def not_read(self) -> bool:
        """Whether the (fixed) input could not be read as a log at all."""
        return self.fixed is None or file_not_read(self.report)

    def exit_code(self) -> int:
        """2 when the log could not be read as a log at all; 1 when a line was changed or
        a finding remains; else 0."""
        from referee.report import EXIT_CLEAN, EXIT_ERRORS, EXIT_FINDINGS

        if self.not_read:
            return EXIT_ERRORS
        return EXIT_FINDINGS if self.changed or self.remaining else EXIT_CLEAN


Judge = Callable[[LogText], FileReport]


def fix_log(data: bytes, judge: Judge, name: str, encoding: str | None = None) -> FixOutcome:
    """Mend what can be mended in the log ``data`` (its bytes; ``name``: its name in the
    report), judging each text with ``judge`` (see :func:`judge_with`), until nothing more
    can be."""
    original = decode_log(data, encoding)
    if isinstance(original, ReadError):
        return FixOutcome(None, None, FileReport(path=name, errors=[original]))
    current, report = original, judge(original)
    outcome = FixOutcome(original, original, report)
    origins: list[int] = list(range(1, len(original.lines) + 1))  # each line's in the input
    for _ in range(MAX_ROUNDS):
        edits, changes = _mends(report, current, origins)
        if not edits:
            edits, changes = _settlement_edits(report, current, origins)
        if not edits:
            break
        current, origins = applied(current, edits), moved(origins, edits)
        report = judge(current)
        outcome.changes.extend(changes)
    else:
        outcome.settled = False
    outcome.fixed, outcome.report = current, report
    outcome.left = [
        Left(h.number, h.unsettled or "the log does not settle it")
        for h in report.hands
        if not h.settled
    ]
    outcome.remaining = _remaining(report)
    return outcome


def judge_with(
    name: str, rules_file: Path | None, base_dir: Path | None, reading: Reading
) -> Judge:
    """A judge of a log's text as ``referee audit`` judges the file: named ``name``, with
    the ``--rules`` file, a ``rules PATH`` relative to ``base_dir``, the folder config and
    the other settings of ``reading``; every hand kept."""
    from referee.audit import stream_text

    def judge(log: LogText) -> FileReport:
        return stream_text(log.text(), name, rules_file, base_dir, reading=reading).collect()

    return judge


def _remaining(report: FileReport) -> list[tuple[str, int | None]]:
    """Every finding of the fixed log: its read errors and violations, in line order."""
    found: list[tuple[str, int | None]] = [(e.code, e.line) for e in report.errors]
    found += [(v.rule, v.line) for h in report.hands for v in h.violations]
    return sorted(found, key=lambda item: (item[1] or 0, item[0]))


def remaining_in_words(remaining: Sequence[tuple[str, int | None]], shown: int = 5) -> str:
    """``BR-FOLLOW (lines 17, 30), P-SYNTAX (line 40)``: each rule or code with where."""
    lines: dict[str, list[int]] = {}
    for rule, line in remaining:
        lines.setdefault(rule, [])
        if line is not None and line not in lines[rule]:
            lines[rule].append(line)
    parts = []
    for rule, where in lines.items():
        if not where:
            parts.append(rule)
            continue
        listed = ", ".join(str(n) for n in where[:shown])
        more = f" and {len(where) - shown} more" if len(where) > shown else ""
        parts.append(f"{rule} (line{'s' if len(where) > 1 else ''} {listed}{more})")
    return ", ".join(parts)


def _mends(report: FileReport, log: LogText, origins: list[int]) -> tuple[Edits, list[Change]]:
    """The sure "did you mean" of each line that could not be read, applied."""
    by_line: dict[int, list[ReadError]] = {}
    for error in report.errors:
        if error.mend is not None and error.line is not None and 0 < error.line <= len(log.lines):
            by_line.setdefault(error.line, []).append(error)
    edits: Edits = {}
    changes: list[Change] = []
    for number, errors in sorted(by_line.items()):
        text = unicodedata.normalize("NFC", log.lines[number - 1].text)  # (as it was read)
        done = False
        for error in sorted(errors, key=lambda e: -(e.mend.column if e.mend else 0)):
            mend = error.mend
            assert mend is not None
            at = mend.column - 1
            if text[at : at + len(mend.old)] != mend.old:
                continue  # (not where the reader saw it: never guess)
            text = text[:at] + mend.new + text[at + len(mend.old) :]
            what = f"`{mend.old}` written `{mend.new}` ({error.code}: did you mean)"
            changes.append(Change(origins[number - 1], what))
            done = True
        if done:
            edits[number - 1] = [text]
    return edits, changes


def _settlement_edits(
    report: FileReport, log: LogText, origins: list[int]
) -> tuple[Edits, list[Change]]:
    """The recorded lines of each settled hand that the referee found wrong, rewritten."""
    edits: Edits = {}
    changes: list[Change] = []
    for hand, span in _spans(report.hands, len(log.lines)):
        rules = set(hand.record.rules) & FIXED_RULES
        if not hand.settled or hand.record.verdict != "differs" or not rules:
            continue
        block = Block(log, span, report.money_places)
        if isinstance(hand, BourreHandResult):
            found = bourre_edits(hand, block, rules)
        else:
            found = euchre_edits(hand, block, rules)
        if found:
            edits.update(found)
            where = _edits_in_words(found, log, origins)
            what = f"hand {hand.number}: {', '.join(sorted(rules))}: {where}"
            changes.append(Change(origins[min(found)], what))
    return edits, changes


def _edits_in_words(edits: Edits, log: LogText, origins: list[int]) -> str:
    """``line 75 rewritten, a line added after line 138``, as the referee settles it."""
    rewritten, removed, commented, added = [], [], [], []
    for index, new in sorted(edits.items()):
        number = origins[index]
        if not new:
            removed.append(number)
        elif new[0].strip().startswith("#"):
            commented.append(number)
        elif new[0] != log.lines[index].text:
            rewritten.append(number)
        added += [number] * (len(new) - 1)
    parts = [
        _numbered(rewritten, "rewritten"),
        _numbered(removed, "removed"),
        _numbered(commented, "removed but for the comment"),
    ]
    for number in sorted(set(added)):
        count = added.count(number)
        parts.append(f"{_count(count, 'line')} added after line {number}")
    return ", ".join(p for p in parts if p) + ", as the referee settles the hand"


def _numbered(numbers: list[int], what: str) -> str:
    if not numbers:
        return ""
    return f"line{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))} {what}"


def _count(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {word}{'' if n == 1 else 's'}"


def _spans(hands: Sequence[HandResult], count: int) -> list[tuple[HandResult, range]]:
    """Each hand with the indexes (from 0) of its lines: from its ``hand`` line to the
    next hand's."""
    ordered = sorted(hands, key=lambda h: h.line)
    out = []
    for i, hand in enumerate(ordered):
        end = ordered[i + 1].line - 1 if i + 1 < len(ordered) else count
        out.append((hand, range(max(hand.line - 1, 0), max(end, hand.line - 1))))
    return out
