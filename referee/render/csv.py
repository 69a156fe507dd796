"""The CSV report (``--format csv``): one row per hand and player, for a spreadsheet.

Streamed like JSON Lines: a file's rows are written as its hands are judged. The first row
is the header; then, file by file in input order:

* one ``hand`` row per judged hand and seated player, in seat order (Bid Euchre too: a
  player's row carries the team's points, tricks and score, so one pivot table serves both
  games);
* one ``error`` row per read error (``P-`` codes), after the file's hands (read errors are
  complete only once the whole file is read). A file that could not be read at all has
  only its error rows.

Columns (:data:`COLUMNS`), empty where they do not apply:

============== =============================================================================
kind           ``hand`` or ``error``
path, game     the log and its game (``bourre``, ``bid-euchre``; empty when unknown)
hand, line     the hand's number and the line of its ``hand`` statement (error rows: the
               error's line), ``column`` (error rows only)
player, team   the player; Bid Euchre: their team (``ann+cy``, seat order)
dealer, trump  the hand's dealer and trump suit letter (``h``, ``s``, ``d``, ``c``)
settled        ``true`` or ``false`` (the log does not decide the hand's money or points)
played         ``true`` when the player played the hand (Bourré: did not pass; Bid Euchre:
               did not sit out, and the hand was not a redeal)
tricks_won     the player's tricks (Bid Euchre: the team's); empty for a player who did
               not play, or when no trick was played
net            Bourré: the player's net money for the hand, the referee's settlement
points, score  Bid Euchre: the team's points for the hand and its running score after it
pot, carry     Bourré: the pot played for and the pot carried to the next hand
winner         Bourré: who took the pot; Bid Euchre: the team that won a game on the hand
bidder, bid    Bid Euchre: the winning bid
violations     how many findings name this player in the hand; ``rules`` their rule IDs
hand_violations every finding of the hand (settlement errors and faults naming nobody too)
recorded       the verdict on what the table recorded: ``none``, ``agrees``, ``differs``
               (``recorded_rules``: the rule IDs) or ``unchecked``
unsettled      why the hand is not settled, in words
code, message  error rows: the read-error code and its message
============== =============================================================================

Amounts are exact decimal text in the file's number format (``1.50`` beside ``-0.25``, as
the text report writes them, without a ``+``). Rows end with ``\\n``; the text is UTF-8.
A text cell a spreadsheet would take for a formula (one starting with ``=``, ``+``, ``-``,
``@``) is written with a leading ``'``, and control characters are shown as U+FFFD: a log
may come from the other side of a dispute. Only :mod:`csv` is used (no third-party code).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TextIO

from referee.render.views import view_of
from referee.report import FileReport, HandResult, ReadError

COLUMNS: tuple[str, ...] = (
    "kind",
    "path",
    "game",
    "hand",
    "line",
    "column",
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
    "code",
    "message",
)

_INDEX = {name: i for i, name in enumerate(COLUMNS)}
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


def _row(**cells: str) -> list[str]:
    row = [""] * len(COLUMNS)
    for name, value in cells.items():
        row[_INDEX[name]] = value
    return row


class CsvWriter:
    """Writes the rows of one or more files (the header row first, unless ``header`` is
    False: a worker's part).

    For each file: :meth:`begin`, :meth:`hand` per hand as it is judged, :meth:`end` (or
    :meth:`file` for a complete report, or :meth:`part` for rows a worker wrote).
    """

    def __init__(self, out: TextIO, *, header: bool = True, flush: bool = True) -> None:
        self._out = out
        self._flush = flush
        self._csv = csv.writer(out, lineterminator="\n")
        self._report: FileReport | None = None
        if header:
            self._csv.writerow(COLUMNS)

    def begin(self, report: FileReport) -> None:
        """A file starts (its header fields are known)."""
        self._report = report

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: taken with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write one judged hand's rows."""
        assert self._report is not None
        self._csv.writerows(hand_rows(self._report, hand))
        if self._flush:
            self._out.flush()

    def end(self, report: FileReport) -> None:
        """Write the file's read errors."""
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
    """The rows of one hand: one per seated player, in seat order."""
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
        rows.append(_row(**cells))
    return rows


def _own_rules(hand: HandResult, player: str) -> list[str]:
    """The rule IDs of the hand's findings that name ``player``, in order."""
    key = player.casefold()
    return [v.rule for v in hand.violations if v.player and v.player.casefold() == key]


def error_rows(report: FileReport) -> Iterable[list[str]]:
    """One row per read error of the file."""
    for error in report.errors:
        yield _row(
            kind="error",
            path=text_cell(report.path),
            game=report.game or "",
            line="" if error.line is None else str(error.line),
            column="" if error.column is None else str(error.column),
            code=error.code,
            message=text_cell(error.message),
        )


def render_csv(reports: Iterable[FileReport]) -> str:
    """The whole CSV for complete reports, as one string (for tests and embedding)."""
    out = io.StringIO()
    writer = CsvWriter(out, flush=False)
    for report in reports:
        writer.file(report)
    return out.getvalue()
