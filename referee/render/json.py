"""The JSON report (``--format json``): the shape in ``hand-log.md``, byte-for-byte stable.

A small serializer of its own (not :mod:`json`'s encoder) so Decimal amounts are written as
their exact decimal text (``0.5``, ``12``), never through a binary float. Keys keep a fixed
order; the output is indented by two spaces (an object or array holding only scalars, such
as ``payouts`` or ``players``, stays on one line), UTF-8, and ends with a newline.

The document can be written in one go (:func:`render_json`) or streamed (:class:`JsonWriter`)
with identical bytes: file by file, and each file hand by hand as its hands are judged, so
neither a long batch nor a long log is ever held whole. So that a file's object can be written
before its last hand is judged, its keys come in this order: ``path``, ``game``, ``players``,
``metadata``, ``options``, ``hands``, ``errors`` (read errors are complete only once every
line was read), ``totals`` and, for Bid Euchre, ``score`` (JSON key order carries no meaning;
this one is fixed). A hand's object is rendered by :func:`hand_text`, which for Bourré writes
the fixed shape directly, byte for byte what the general serializer writes.

Additions to the spec's keys (allowed by "keys may be added"): file ``players``,
``metadata``, ``options`` (house options that differ from the defaults); for Bid Euchre the
file ``score`` (final running score), mirrored in ``totals`` so both games have the
standings under one key; hand ``line``; Bourré hand ``result`` (how the pot went, in words),
``upcard``, ``active``, ``tricks_won``;
Bid Euchre hand ``bidder``, ``bid``, ``redeal``, ``redeal_reason`` (``all-pass``,
``stuck-dealer``, ``ace-no-face``; null when not a redeal), ``tricks_won``, ``game``; violation
``corrected`` (always) and ``evidence``; claim ``reason``, ``line``, ``column``.
"""

from __future__ import annotations

import io
from typing import Final, TextIO

from referee.render.jsontext import (
    JsonValue,
    _key,
    _option_value,
    _write,
    claim_json,
    dumps,
    error_json,
    escaped,
    violation_json,
)
from referee.render.views import view_of
from referee.report import (
    FileReport,
    HandResult,
    ReadError,
    Report,
)


def render_json(report: Report) -> str:
    """The whole JSON document for ``report``."""
    out = io.StringIO()
    writer = JsonWriter(out)
    for file in report.files:
        writer.file(file)
    writer.close()
    return out.getvalue()


_FILE_LEVEL: Final = 2  # files are items of the top-level "files" list
_HAND_LEVEL: Final = _FILE_LEVEL + 2  # hands are items of a file's "hands" list


class JsonWriter:
    """Streams the document ``{"files": [...]}``: a file at a time, each a hand at a time.

    For each file call :meth:`begin`, :meth:`hand` for each of its hands, then :meth:`end`
    (or :meth:`file` for a complete report, or :meth:`part` for a file's object rendered
    elsewhere); finally :meth:`close`. With ``document`` False the writer renders one file's
    object only, for :meth:`take_part` (a worker process's share of a batch).
    """

    def __init__(self, out: TextIO, *, document: bool = True) -> None:
        self._out = out
        self._document = document
        self._count = 0
        self._hands = 0

    def begin(self, report: FileReport) -> None:
        """Open a file's object: its keys up to ``hands`` (the header fields are known)."""
        self._out.write(self._separator() + file_head(report))
        self._hands = 0

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: written with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Append one hand to the open file."""
        self._out.write(_HAND_SEPARATORS[self._hands == 0] + hand_text(hand, _HAND_LEVEL))
        self._hands += 1

    def end(self, report: FileReport) -> None:
        """Close the open file with its errors and standings (complete once it is judged)."""
        self._out.write(file_tail(report, self._hands))

    def file(self, report: FileReport) -> None:
        """Append one complete file's object."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, text: str) -> None:
        """Append a file's object rendered by another writer (:meth:`take_part`)."""
        self._out.write(self._separator() + text)

    def take_part(self) -> str:
        """The file object written so far (``document`` False), and start afresh."""
        assert isinstance(self._out, io.StringIO) and not self._document
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text

    def close(self) -> None:
        """Finish the document."""
        self._out.write('{\n  "files": []\n}\n' if self._count == 0 else "\n  ]\n}\n")

    def _separator(self) -> str:
        self._count += 1
        if not self._document:
            return ""
        return '{\n  "files": [\n    ' if self._count == 1 else ",\n    "


_HAND_SEPARATORS: Final = {
    True: "\n" + "  " * _HAND_LEVEL,
    False: ",\n" + "  " * _HAND_LEVEL,
}


def file_head(report: FileReport) -> str:
    """A file's object from its opening brace to ``"hands": [``."""
    inner = "\n" + "  " * (_FILE_LEVEL + 1)
    parts = ["{"]
    for key, value in _head_fields(report).items():
        parts.append(inner + _key(key))
        _write(value, _FILE_LEVEL + 1, parts)
        parts.append(",")
    parts.append(inner + '"hands": [')
    return escaped("".join(parts))


def file_tail(report: FileReport, hands: int) -> str:
    """A file's object after its ``hands`` (``hands``: how many were written)."""
    inner = "\n" + "  " * (_FILE_LEVEL + 1)
    parts = [(inner + "]") if hands else "]"]
    for key, value in _tail_fields(report).items():
        parts.append("," + inner + _key(key))
        _write(value, _FILE_LEVEL + 1, parts)
    parts.append("\n" + "  " * _FILE_LEVEL + "}")
    return escaped("".join(parts))


# ----------------------------------------------------------------------------- shapes


def file_json(report: FileReport) -> dict[str, JsonValue]:
    """The object for one file."""
    obj = _head_fields(report)
    obj["hands"] = [hand_json(h) for h in report.hands]
    obj.update(_tail_fields(report))
    return obj


def _head_fields(report: FileReport) -> dict[str, JsonValue]:
    """A file's keys before ``hands`` (known once its header is read)."""
    return {
        "path": report.path,
        "game": report.game,
        "players": list(report.players),
        "metadata": dict(report.metadata),
        "options": {k: _option_value(v) for k, v in report.options_changed.items()},
    }


def _tail_fields(report: FileReport) -> dict[str, JsonValue]:
    """A file's keys after ``hands`` (complete once it is judged)."""
    obj: dict[str, JsonValue] = {"errors": [error_json(e) for e in report.errors]}
    view = view_of(report.game) if report.game else None
    obj.update(view.file_totals(report) if view is not None else {"totals": dict(report.totals)})
    obj["totals_complete"] = report.totals_complete
    return obj


def hand_json(hand: HandResult) -> dict[str, JsonValue]:
    """One hand, in the shape of its game."""
    obj: dict[str, JsonValue] = {
        "number": hand.number,
        "line": hand.line,
        "dealer": hand.dealer,
        "trump": hand.trump,
        "violations": [violation_json(v) for v in hand.violations],
        "claims": [claim_json(c) for c in hand.claims],
    }
    view = view_of(hand.game)
    if view is not None:
        obj.update(view.hand_fields(hand))
    obj["settled"] = hand.settled
    obj["unsettled"] = hand.unsettled
    return obj


def hand_text(hand: HandResult, level: int) -> str:
    """One hand's object serialized at nesting ``level``: ``dumps(hand_json(hand), level)``,
    or the same bytes written directly where the hand's view does so (Bourré: a bulk audit
    writes millions)."""
    view = view_of(hand.game)
    text = view.hand_text(hand, level) if view is not None else None
    return text if text is not None else dumps(hand_json(hand), level)


# ----------------------------------------------------------------------------- serializer
