"""The JSON report (``--format json``): the shape in ``hand-log.md``, byte-for-byte stable.

A small serializer of its own (not :mod:`json`'s encoder) so Decimal amounts are written as
their exact decimal text (``0.5``, ``12``), never through a binary float. Keys keep a fixed
order; the output is indented by two spaces (an object or array holding only scalars, such
as ``payouts`` or ``players``, stays on one line), UTF-8, and ends with a newline.

The document can be written in one go (:func:`render_json`) or streamed file by file
(:class:`JsonWriter`) with identical bytes, so a long batch never holds every report.

Additions to the spec's keys (allowed by "keys may be added"): file ``players``,
``metadata``, ``options`` (house options that differ from the defaults); for Bid Euchre the
file ``score`` (final running score), mirrored in ``totals`` so both games have the
standings under one key; hand ``line``; Bourré hand ``result`` (how the pot went, in words),
``upcard``, ``active``, ``tricks_won``;
Bid Euchre hand ``bidder``, ``bid``, ``redeal``, ``tricks_won``, ``game``; violation
``corrected`` (always) and ``evidence``; claim ``reason``, ``line``, ``column``.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from json.encoder import encode_basestring as _quote  # what json.dumps(ensure_ascii=False) uses
from typing import TextIO

from referee.cards import parse_card
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    HandResult,
    ReadError,
    Report,
    Violation,
)

JsonValue = None | bool | int | str | Decimal | list["JsonValue"] | dict[str, "JsonValue"]

_KEYS: dict[str, str] = {}  # quoted object keys, "key": (a handful, used millions of times)


def _key(key: object) -> str:
    quoted = _KEYS.get(key)  # type: ignore[call-overload]
    if quoted is None:
        quoted = _quote(str(key)) + ": "
        if len(_KEYS) < 4096:
            _KEYS[str(key)] = quoted
    return quoted


def render_json(report: Report) -> str:
    """The whole JSON document for ``report``."""
    import io

    out = io.StringIO()
    writer = JsonWriter(out)
    for file in report.files:
        writer.file(file)
    writer.close()
    return out.getvalue()


class JsonWriter:
    """Streams the document ``{"files": [...]}`` one file report at a time."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._count = 0

    def file(self, report: FileReport) -> None:
        """Append one file's object."""
        self._out.write('{\n  "files": [\n    ' if self._count == 0 else ",\n    ")
        self._out.write(dumps(file_json(report), level=2))
        self._count += 1

    def close(self) -> None:
        """Finish the document."""
        self._out.write('{\n  "files": []\n}\n' if self._count == 0 else "\n  ]\n}\n")


# ----------------------------------------------------------------------------- shapes


def file_json(report: FileReport) -> dict[str, JsonValue]:
    """The object for one file."""
    obj: dict[str, JsonValue] = {
        "path": report.path,
        "game": report.game,
        "players": list(report.players),
        "metadata": dict(report.metadata),
        "options": {k: _option_value(v) for k, v in report.options_changed.items()},
        "errors": [error_json(e) for e in report.errors],
        "hands": [hand_json(h) for h in report.hands],
    }
    if report.game == "bid-euchre":
        score: dict[str, JsonValue] = dict(report.score)
        obj["totals"] = score
        obj["score"] = dict(score)
    else:
        obj["totals"] = {k: v for k, v in report.totals.items()}
    return obj


def error_json(error: ReadError) -> dict[str, JsonValue]:
    """A ``P-`` read error."""
    return {
        "code": error.code,
        "line": error.line,
        "column": error.column,
        "message": error.message,
    }


def violation_json(v: Violation) -> dict[str, JsonValue]:
    """One violation; ``corrected`` is always present."""
    return {
        "rule": v.rule,
        "player": v.player,
        "trick": v.trick,
        "card": card_text(v.card),
        "line": v.line,
        "column": v.column,
        "message": v.message,
        "corrected": v.corrected,
        "evidence": v.evidence,
    }


def claim_json(c: ClaimRuling) -> dict[str, JsonValue]:
    """The ruling on one ``claim`` line."""
    return {
        "by": c.by,
        "against": c.against,
        "trick": c.trick,
        "ruling": c.ruling,
        "reason": c.reason,
        "line": c.line,
        "column": c.column,
    }


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
    if isinstance(hand, BourreHandResult):
        obj["upcard"] = card_text(hand.upcard)
        obj["payouts"] = dict(hand.payouts)
        obj["pot"] = hand.pot
        obj["winner"] = hand.winner
        obj["carry"] = hand.carry
        obj["result"] = hand.result
        obj["active"] = list(hand.active)
        obj["tricks_won"] = dict(hand.tricks_won)
    elif isinstance(hand, EuchreHandResult):
        obj["points"] = dict(hand.points)
        obj["score"] = dict(hand.score)
        obj["winner"] = hand.winner
        obj["bidder"] = hand.bidder
        obj["bid"] = hand.bid
        obj["redeal"] = hand.redeal
        obj["tricks_won"] = dict(hand.tricks_won)
        obj["game"] = hand.game_number
    return obj


def card_text(card: str | None) -> str | None:
    """A card as rank + lower-case suit letter (``Th``), whatever form it came in."""
    if card is None:
        return None
    return parse_card(card) or card


def _option_value(value: object) -> JsonValue:
    if value is None or isinstance(value, bool | int | str | Decimal):
        return value
    return str(value)


# ----------------------------------------------------------------------------- serializer


def number_text(value: Decimal) -> str:
    """Exact decimal text of a finite Decimal as a JSON number: ``5``, ``0.5``, ``-1.25``.

    No context rounding is involved (unlike ``Decimal.normalize``): every digit is kept,
    trailing fractional zeros are dropped and ``-0`` is written ``0``.
    """
    if not value.is_finite():
        raise ValueError(f"cannot write {value} as a JSON number")
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def dumps(value: JsonValue, level: int = 0) -> str:
    """Serialize with two-space indentation starting at nesting ``level``."""
    parts: list[str] = []
    _write(value, level, parts)
    return "".join(parts)


def dumps_line(value: JsonValue) -> str:
    """Serialize on one line (``{"a": 1, "b": [2, 3]}``), for JSON Lines; same number rules."""
    parts: list[str] = []
    _write_line(value, parts)
    return "".join(parts)


def _write_line(value: JsonValue, parts: list[str]) -> None:
    if isinstance(value, Mapping):
        parts.append("{")
        for i, (key, item) in enumerate(value.items()):
            parts.append((", " if i else "") + _key(key))
            _write_line(item, parts)
        parts.append("}")
    elif isinstance(value, list):
        parts.append("[")
        for i, item in enumerate(value):
            if i:
                parts.append(", ")
            _write_line(item, parts)
        parts.append("]")
    else:
        _write(value, 0, parts)


def _write(value: JsonValue, level: int, parts: list[str]) -> None:
    if value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(str(value))
    elif isinstance(value, Decimal):
        parts.append(number_text(value))
    elif isinstance(value, str):
        parts.append(_quote(value))
    elif isinstance(value, Mapping):
        _write_items(
            [(_key(k), v) for k, v in value.items()],
            "{",
            "}",
            level,
            parts,
        )
    else:
        _write_items([("", v) for v in value], "[", "]", level, parts)


def _write_items(
    items: list[tuple[str, JsonValue]], open_: str, close: str, level: int, parts: list[str]
) -> None:
    if all(not isinstance(v, dict | list) for _, v in items):
        # Scalars only (player lists, payouts, scores): one line.
        parts.append(open_)
        for i, (prefix, item) in enumerate(items):
            parts.append((", " if i else "") + prefix)
            _write(item, level + 1, parts)
        parts.append(close)
        return
    inner = "\n" + "  " * (level + 1)
    parts.append(open_)
    for i, (prefix, item) in enumerate(items):
        parts.append(("," if i else "") + inner + prefix)
        _write(item, level + 1, parts)
    parts.append("\n" + "  " * level + close)
