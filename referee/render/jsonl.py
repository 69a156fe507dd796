"""The JSON Lines report (``--format jsonl``): one JSON object per line, streamed.

Each line is written (and flushed) as soon as its hand is judged, so a batch of any size
can be piped into ``jq`` or a database without the whole report ever being built. Lines
come file by file, in input order; for each file:

1. one ``hand`` object per judged hand, in log order::

     {"kind": "hand", "path": "friday.hlog", "game": "bourre", "number": 1, "line": 6,
      "dealer": "eve", "trump": "h", "violations": [...], "claims": [...], "payouts": {...},
      "pot": 5, "winner": "eve", "carry": 5, ...}

   After ``kind``, ``path`` and ``game`` (the game's name) come exactly the keys of that
   hand's object in the JSON report (``--format json``), in the same order and with the same
   values, except that the Bid Euchre hand's ``game`` (the number of the game within the
   session) is renamed ``game_number``, since ``game`` names the game here;

2. one ``error`` object per read error (``P-`` codes), in file order::

     {"kind": "error", "path": "bad.hlog", "game": null,
      "error": {"code": "P-SYNTAX", "line": 3, "column": 7, "message": "..."}}

   (parse errors are only known once the whole file has been read, so they follow the
   hands);

3. one ``summary`` object, always last for the file (also for a file that could not be
   read)::

     {"kind": "summary", "path": "friday.hlog", "game": "bourre", "players": [...],
      "metadata": {...}, "options": {...}, "hand_count": 1, "violation_count": 0,
      "error_count": 0, "totals": {"ann": -1, ...}, "totals_complete": true,
      "summary": true}

   ``players``, ``metadata``, ``options``, ``totals`` and ``totals_complete`` are the file
   object's keys in the JSON report; Bid Euchre adds ``score`` (the final running score,
   equal to ``totals``; null when the log leaves it unknown).
   The counts follow ``--select``/``--ignore`` like the violations listed.

Every object has ``kind`` (``"hand"``, ``"error"`` or ``"summary"``) and ``path``. Amounts
are exact JSON numbers, as in the JSON report; text is UTF-8, one object per ``\\n``-ended
line, keys in a fixed order.
"""

from __future__ import annotations

import dataclasses
import io
from typing import TextIO

from referee.render.json import file_json, hand_json
from referee.render.jsontext import JsonValue, dumps_line, error_json
from referee.report import FileReport, HandResult, ReadError


class JsonlWriter:
    """Writes the lines of one or more files; counts what it wrote for the exit status.

    For each file: :meth:`begin`, :meth:`hand` per hand as it is judged, :meth:`end` (or
    :meth:`file` for a complete report, or :meth:`part` for lines a worker wrote).
    """

    def __init__(self, out: TextIO, *, flush: bool = True) -> None:
        self._out = out
        self._flush = flush
        self._report: FileReport | None = None
        self._hands = 0
        self._violations = 0
        self.total_violations = 0
        self.total_errors = 0
        self.files = 0

    def begin(self, report: FileReport) -> None:
        """A file starts (its header fields are known)."""
        self._report = report

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: written with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write one judged hand of the file begun."""
        assert self._report is not None
        self._line(hand_line(self._report, hand))
        self._hands += 1
        self._violations += len(hand.violations)

    def end(self, report: FileReport) -> None:
        """Write the file's errors and its summary (counting the hands written since the
        previous file's summary)."""
        for error in report.errors:
            obj: dict[str, JsonValue] = {"kind": "error", "path": report.path}
            obj["game"] = report.game
            obj["error"] = error_json(error)
            self._line(obj)
        self._line(summary_line(report, self._hands, self._violations))
        self.total_violations += self._violations
        self.total_errors += len(report.errors)
        self.files += 1
        self._hands = self._violations = 0
        self._report = None

    def file(self, report: FileReport) -> None:
        """Write a complete report: its hands, errors and summary."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, text: str) -> None:
        """Write the lines of a file that another writer wrote (:meth:`take_part`)."""
        self._out.write(text)
        if self._flush:
            self._out.flush()

    def take_part(self) -> str:
        """The lines written so far to a :class:`io.StringIO`, and start afresh."""
        assert isinstance(self._out, io.StringIO)
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text

    def _line(self, obj: dict[str, JsonValue]) -> None:
        self._out.write(dumps_line(obj) + "\n")
        if self._flush:
            self._out.flush()


def hand_line(report: FileReport, hand: HandResult) -> dict[str, JsonValue]:
    """The ``hand`` object: kind, path and game, then the JSON report's hand keys."""
    obj: dict[str, JsonValue] = {"kind": "hand", "path": report.path, "game": report.game}
    for key, value in hand_json(hand).items():
        obj["game_number" if key == "game" else key] = value
    return obj


def summary_line(report: FileReport, hands: int, violations: int) -> dict[str, JsonValue]:
    """The ``summary`` object closing a file."""
    full = file_json(dataclasses.replace(report, hands=[], errors=[]))
    obj: dict[str, JsonValue] = {"kind": "summary", "path": report.path, "game": report.game}
    for key in ("players", "metadata", "options"):
        obj[key] = full[key]
    obj["hand_count"] = hands
    obj["violation_count"] = violations
    obj["error_count"] = len(report.errors)
    obj["totals"] = full["totals"]
    if "score" in full:
        obj["score"] = full["score"]
    obj["totals_complete"] = full["totals_complete"]
    obj["summary"] = True
    return obj


def render_jsonl(reports: list[FileReport]) -> str:
    """All the lines for complete reports, as one string (for tests and embedding)."""
    out = io.StringIO()
    writer = JsonlWriter(out, flush=False)
    for report in reports:
        writer.file(report)
    return out.getvalue()
