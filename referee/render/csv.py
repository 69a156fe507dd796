"""The CSV reports: the hands table (``--format csv``) and the findings table
(``--format csv-findings``), for a spreadsheet or a script.

Two tables, so that each column holds one type (a script reading ``hand`` gets integers,
``settled`` true/false), and a cell is empty only when it has no value. Streamed like JSON
Lines: a file's rows are written as its hands are judged. The first row is the header;
then, file by file in input order:

* hands (:data:`HAND_COLUMNS`): one row per judged hand and seated player, in seat order
  (Bid Euchre too: a player's row carries the team's points, tricks and score, so one pivot
  table serves both games);
* findings (:data:`FINDING_COLUMNS`): one ``violation`` row per finding of each hand (the
  JSON report's order), then one ``error`` row per read error (``P-`` codes) of the file
  (complete only once the whole file is read). Claims are not findings (the JSON report
  has them).

Hands columns:

============== =============================================================================
kind           ``hand`` (kept from the one table of earlier versions, for scripts that
               filter on it)
path, game     the log and its game (``bourre``, ``bid-euchre``)
hand, line     the hand's number and the line of its ``hand`` statement
player, team   the player; Bid Euchre: their team (``ann+cy``, seat order)
dealer, trump  the hand's dealer and trump suit letter (``h``, ``s``, ``d``, ``c``); empty
               when the log does not say
settled        ``true`` or ``false`` (the log does not decide the hand's money or points)
played         ``true`` when the player played the hand (Bourré: did not pass; Bid Euchre:
               did not sit out, and the hand was not a redeal)
tricks_won     the player's tricks (Bid Euchre: the team's), ``0`` for a player who passed
               and on a redeal; empty for a Bourré player who alone took the pot without
               play (no trick was played: ``0`` would read as a bourré)
net            Bourré: the player's net money for the hand, the referee's settlement;
               empty when the hand is not settled
points, score  Bid Euchre: the team's points for the hand and its running score after it;
               empty when not known
pot, carry     Bourré: the pot played for and the pot carried to the next hand
winner         Bourré: who took the pot; Bid Euchre: the team that won a game on the hand
bidder, bid    Bid Euchre: the winning bid (``4``, ``ask``, ``moon``: text)
violations     how many findings name this player in the hand; ``rules`` their rule IDs
hand_violations every finding of the hand (settlement errors and faults naming nobody too)
recorded       the verdict on what the table recorded: ``none``, ``agrees``, ``differs``
               (``recorded_rules``: the rule IDs) or ``unchecked``
unsettled      why the hand is not settled, in words
============== =============================================================================

Findings columns:

============== =============================================================================
kind           ``violation`` or ``error`` (a read error)
path, game     the log and its game (empty when it could not be read)
hand           the hand's number (empty for a read error: its line may be a ``hand``
               statement that could not be read)
line, column   where (empty for a read error with no position: a missing file)
rule, level    the rule ID or read-error code; ``error`` or ``warning`` (as in SARIF)
player, trick  whom and which trick the finding names (empty when it names none: a
               settlement error, a read error)
card           the card (``5h``, ``Th``), empty when none
corrected      ``true`` for a play taken back with ``(was CARD)``
message        the finding; ``evidence`` its evidence, lines joined by `` / ``
============== =============================================================================

A number, amount or true/false cell is empty only when there is no value: the other game's
column (``net`` on a Bid Euchre row), a value the log does not decide, or one the row's
kind does not have (``hand`` of a read error). A text cell is empty when there is none (no
winner, no rule). Amounts are exact decimal text in the file's number format (``1.50``
beside ``-0.25``, as the text report writes them, without a ``+``). Rows end with ``\\n``;
the text is UTF-8. A text cell a spreadsheet would take for a formula (one starting with
``=``, ``+``, ``-``, ``@``) is written with a leading ``'``, and control characters are
shown as U+FFFD: a log may come from the other side of a dispute. Only :mod:`csv` is used
(no third-party code).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TextIO

from referee.render.views import view_of
from referee.report import FileReport, HandResult, ReadError
from referee.severity import error_level, violation_level

#: The hands table (``--format csv``): one row per hand and seated player.
HAND_COLUMNS: tuple[str, ...] = (
    "kind",
    "path",
    "game",
    "hand",
    "line",
    "player",
    "team",
    "dealer",
    "trump",
    "settled",
    "played",
    "tricks_won",
    "net",
    "points",
    "score",
    "pot",
    "carry",
    "winner",
    "bidder",
    "bid",
    "violations",
    "rules",
    "hand_violations",
    "recorded",
    "recorded_rules",
    "unsettled",
)

#: The findings table (``--format csv-findings``): one row per violation and read error.
FINDING_COLUMNS: tuple[str, ...] = (
    "kind",
    "path",
    "game",
    "hand",
    "line",
    "column",
    "rule",
    "level",
    "player",
    "trick",
    "card",
    "corrected",
    "message",
    "evidence",
)

#: The tables, by the name of their format.
TABLES: dict[str, tuple[str, ...]] = {"csv": HAND_COLUMNS, "csv-findings": FINDING_COLUMNS}

_HAND_INDEX = {name: i for i, name in enumerate(HAND_COLUMNS)}
_FINDING_INDEX = {name: i for i, name in enumerate(FINDING_COLUMNS)}
_FORMULA_START = ("=", "+", "-", "@")
_CONTROLS = {c: "\ufffd" for c in (*range(0, 32), *range(0x7F, 0xA0))}


def text_cell(value: str | None) -> str:
    """A text cell as written: control characters shown as U+FFFD, and a ``'`` before a
    cell that a spreadsheet would run as a formula."""
    if not value:
        return ""
    text = value.translate(_CONTROLS)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _row(index: dict[str, int], cells: dict[str, str]) -> list[str]:
    row = [""] * len(index)
    for name, value in cells.items():
        row[index[name]] = value
    return row


class CsvWriter:
    """Writes the rows of one table (``table``: ``csv``, the hands, or ``csv-findings``,
    the findings) for one or more files, the header row first (unless ``header`` is False:
    a worker's part).

    For each file: :meth:`begin`, :meth:`hand` per hand as it is judged, :meth:`end` (or
    :meth:`file` for a complete report, or :meth:`part` for rows a worker wrote).
    """

    def __init__(
        self, out: TextIO, *, header: bool = True, flush: bool = True, table: str = "csv"
    ) -> None:
        self._out = out
        self._flush = flush
        self._findings = table == "csv-findings"
        self._csv = csv.writer(out, lineterminator="\n")
        self._report: FileReport | None = None
        if header:
            self._csv.writerow(TABLES[table])

    def begin(self, report: FileReport) -> None:
        """A file starts (its header fields are known)."""
        self._report = report

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: taken with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write one judged hand's rows."""
        assert self._report is not None
        rows = finding_rows if self._findings else hand_rows
        self._csv.writerows(rows(self._report, hand))
        if self._flush:
            self._out.flush()

    def end(self, report: FileReport) -> None:
        """Write the file's read errors (the findings table)."""
        if self._findings:
            self._csv.writerows(error_rows(report))
            if self._flush:
                self._out.flush()
        self._report = None

    def file(self, report: FileReport) -> None:
        """Write a complete report: its hands' rows, then its errors."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, text: str) -> None:
        """Write the rows another writer wrote (:meth:`take_part`)."""
        self._out.write(text)
        if self._flush:
            self._out.flush()

    def take_part(self) -> str:
        """The rows written so far to a :class:`io.StringIO`, and start afresh."""
        assert isinstance(self._out, io.StringIO)
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text


def hand_rows(report: FileReport, hand: HandResult) -> list[list[str]]:
    """The hands table's rows of one hand: one per seated player, in seat order."""
    common = {
        "kind": "hand",
        "path": text_cell(report.path),
        "game": report.game or "",
        "hand": str(hand.number),
        "line": str(hand.line),
        "dealer": hand.dealer or "",
        "trump": hand.trump or "",
        "settled": _flag(hand.settled),
        "hand_violations": str(len(hand.violations)),
        "recorded": hand.record.verdict,
        "recorded_rules": " ".join(hand.record.rules),
        "unsettled": text_cell(hand.unsettled),
    }
    rows = []
    view = view_of(hand.game)
    for player in report.players:
        own = _own_rules(hand, player)
        cells = {**common, "player": player, "violations": str(len(own))}
        cells["rules"] = " ".join(dict.fromkeys(own))
        if view is not None:
            cells.update(view.csv_cells(hand, player, report))
        rows.append(_row(_HAND_INDEX, cells))
    return rows


def _own_rules(hand: HandResult, player: str) -> list[str]:
    """The rule IDs of the hand's findings that name ``player``, in order."""
    key = player.casefold()
    return [v.rule for v in hand.violations if v.player and v.player.casefold() == key]


def finding_rows(report: FileReport, hand: HandResult) -> list[list[str]]:
    """The findings table's rows of one hand: one per violation, in the hand's order."""
    path, game, number = text_cell(report.path), report.game or "", str(hand.number)
    return [
        _row(
            _FINDING_INDEX,
            {
                "kind": "violation",
                "path": path,
                "game": game,
                "hand": number,
                "line": str(v.line),
                "column": str(v.column),
                "rule": v.rule,
                "level": violation_level(v),
                "player": text_cell(v.player),
                "trick": "" if v.trick is None else str(v.trick),
                "card": v.card or "",
                "corrected": _flag(v.corrected),
                "message": text_cell(v.message),
                "evidence": text_cell(EVIDENCE_JOIN.join(_lines(v.evidence))),
            },
        )
        for v in hand.violations
    ]


#: Between the lines of a finding's evidence, in its one cell.
EVIDENCE_JOIN = " / "


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def error_rows(report: FileReport) -> Iterable[list[str]]:
    """The findings table's rows of the file's read errors, one each (no hand: a read
    error is about a line, which may be the ``hand`` statement itself)."""
    for error in report.errors:
        yield _row(
            _FINDING_INDEX,
            {
                "kind": "error",
                "path": text_cell(report.path),
                "game": report.game or "",
                "line": "" if error.line is None else str(error.line),
                "column": "" if error.column is None else str(error.column),
                "rule": error.code,
                "level": error_level(error),
                "corrected": "false",
                "message": text_cell(error.message),
            },
        )


def render_csv(reports: Iterable[FileReport], table: str = "csv") -> str:
    """The whole CSV table (``csv``: hands; ``csv-findings``: findings) for complete
    reports, as one string (for tests and embedding)."""
    out = io.StringIO()
    writer = CsvWriter(out, flush=False, table=table)
    for report in reports:
        writer.file(report)
    return out.getvalue()
