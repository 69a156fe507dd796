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
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) uses
from typing import TextIO, TypeVar

from referee.cards import BOURRE_DECK, JOKER, parse_card
from referee.render.views import view_of
from referee.report import (
    ClaimRuling,
    FileReport,
    HandResult,
    ReadError,
    Report,
    Violation,
)

JsonValue = None | bool | int | str | Decimal | list["JsonValue"] | dict[str, "JsonValue"]

#: Line breaks to JavaScript and to many line-splitting readers, though JSON lets them stand
#: in a string: written as escapes, so one JSON Lines object is always one line. (They can
#: only stand inside strings, so the finished text is escaped, once, when not ASCII.)
_SEPARATORS = (("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\x85", "\\u0085"))
quote: Callable[[str], str] = encode_basestring


def escaped(text: str) -> str:
    """Serialized JSON with U+2028, U+2029 and U+0085 written as escapes.

    Each is looked for with ``in`` (a scan in C) and replaced only where present: the text
    of a hand with a ♥ in it is seldom one with a separator, and ``str.translate`` with a
    table costs a dictionary look-up per character."""
    if text.isascii():
        return text
    for separator, escape in _SEPARATORS:
        if separator in text:
            text = text.replace(separator, escape)
    return text


_T = TypeVar("_T")

_KEYS: dict[object, str] = {}  # quoted object keys, "key": (a handful, used millions of times)


def _key(key: object) -> str:
    quoted = _KEYS.get(key)
    if quoted is None:
        quoted = quote(str(key)) + ": "
        if len(_KEYS) < 4096:
            _KEYS[key] = quoted
    return quoted


def render_json(report: Report) -> str:
    """The whole JSON document for ``report``."""
    out = io.StringIO()
    writer = JsonWriter(out)
    for file in report.files:
        writer.file(file)
    writer.close()
    return out.getvalue()


_FILE_LEVEL = 2  # files are items of the top-level "files" list
_HAND_LEVEL = _FILE_LEVEL + 2  # hands are items of a file's "hands" list


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


_HAND_SEPARATORS = {
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


#: The keys every hand's object starts with and ends with, whatever its game (see
#: :func:`hand_json`); a game's own keys come between them.
HAND_HEAD_KEYS = ("number", "line", "dealer", "trump", "violations", "claims")
HAND_TAIL_KEYS = ("settled", "unsettled")


def hand_head_texts(hand: HandResult, level: int) -> tuple[object, ...]:
    """The values of :data:`HAND_HEAD_KEYS` for a view's direct writer, written as
    :func:`dumps` writes them (the hand's object at nesting ``level``)."""
    return (
        hand.number,
        hand.line,
        text_or_null(hand.dealer),
        text_or_null(hand.trump),
        objects_text(hand.violations, violation_json, level + 1),
        objects_text(hand.claims, claim_json, level + 1),
    )


def hand_tail_texts(hand: HandResult) -> tuple[str, str]:
    """The values of :data:`HAND_TAIL_KEYS` for a view's direct writer."""
    return ("true" if hand.settled else "false", text_or_null(hand.unsettled))


_TEMPLATES: dict[tuple[tuple[str, ...], int], str] = {}


def object_template(keys: tuple[str, ...], level: int) -> str:
    """An object of these keys at nesting ``level``, as :func:`dumps` lays out one that
    holds a list or an object, with a ``%s`` for each value (for a view's direct writer;
    no key holds a ``%``). Kept: a game's hands are all written at one level."""
    template = _TEMPLATES.get((keys, level))
    if template is None:
        pad = "\n" + "  " * (level + 1)
        body = ",".join(pad + _key(key) + "%s" for key in keys)
        template = "{" + body + "\n" + "  " * level + "}"
        if len(_TEMPLATES) < 64:
            _TEMPLATES[keys, level] = template
    return template


def text_or_null(value: str | None) -> str:
    return "null" if value is None else quote(value)


def amounts_text(amounts: Mapping[str, Decimal]) -> str:
    keys = _KEYS  # (the cache of _key, looked up here first)
    parts = []
    for k, v in amounts.items():
        parts.append((keys.get(k) or _key(k)) + number_text(v))
    return "{" + ", ".join(parts) + "}"


def counts_text(counts: Mapping[str, int]) -> str:
    keys = _KEYS  # (the cache of _key, looked up here first)
    parts = []
    for k, n in counts.items():
        parts.append((keys.get(k) or _key(k)) + str(n))
    return "{" + ", ".join(parts) + "}"


def objects_text(items: Sequence[_T], shape: Callable[[_T], JsonValue], level: int) -> str:
    """A list of objects at nesting ``level``, as :func:`dumps` writes it."""
    if not items:
        return "[]"
    return dumps([shape(item) for item in items], level)


def card_text(card: str | None) -> str | None:
    """A card as rank + lower-case suit letter (``Th``), whatever form it came in."""
    if card is None or card in _NORMAL_CARDS:
        return card
    return parse_card(card) or card


#: The cards already in the form :func:`card_text` gives (most cards the engines hand over).
_NORMAL_CARDS = frozenset(card for card in (*BOURRE_DECK, JOKER) if parse_card(card) == card)


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
    text = str(value)  # (plain, as "f" writes it, unless it has an exponent: cheaper)
    if "E" in text or not text[-1].isdigit():  # 1E+2, 1E-7; Infinity, NaN
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
    return escaped("".join(parts))


def dumps_line(value: JsonValue) -> str:
    """Serialize on one line (``{"a": 1, "b": [2, 3]}``), for JSON Lines; same number rules."""
    parts: list[str] = []
    _write_line(value, parts)
    return escaped("".join(parts))


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
        parts.append(quote(value))
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
