"""The pieces of the JSON report's text (:mod:`referee.render.json`): its values, a small
serializer of its own (Decimal amounts as their exact decimal text, never through a binary
float; a fixed order of keys; two-space indents; arrays and objects of scalars on one line),
and the objects every game's hand shares (its findings, its head and tail keys), which each
game's view (:mod:`referee.render.views`) writes its hands with. Nothing here asks a view,
so the views and the report's writer both build on this module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from decimal import Decimal
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) uses
from typing import Any, Final, TypeVar, cast

from referee.cards import BOURRE_DECK, JOKER, parse_card
from referee.report import ClaimRuling, HandResult, ReadError, Violation

JsonValue = None | bool | int | str | Decimal | list["JsonValue"] | dict[str, "JsonValue"]


#: Line breaks to JavaScript and to many line-splitting readers, though JSON lets them stand
#: in a string: written as escapes, so one JSON Lines object is always one line. (They can
#: only stand inside strings, so the finished text is escaped, once, when not ASCII.)
_SEPARATORS: Final = (("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\x85", "\\u0085"))


quote: Final[Callable[[str], str]] = encode_basestring


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


#: Quoted object keys, ``"key": `` (a handful, used millions of times).
_KEYS: Final[dict[object, str]] = {}


def _key(key: object) -> str:
    quoted = _KEYS.get(key)
    if quoted is None:
        quoted = quote(str(key)) + ": "
        if len(_KEYS) < 4096:
            _KEYS[key] = quoted
    return quoted


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


#: The keys every hand's object starts with and ends with, whatever its game (see
#: :func:`hand_json`); a game's own keys come between them.
HAND_HEAD_KEYS = ("number", "line", "dealer", "trump", "violations", "claims")


HAND_TAIL_KEYS = ("settled", "unsettled")


def hand_head_texts(hand: HandResult, level: int) -> list[str]:
    """The values of :data:`HAND_HEAD_KEYS` for a view's direct writer, written as
    :func:`dumps` writes them (the hand's object at nesting ``level``)."""
    return [
        str(hand.number),
        str(hand.line),
        text_or_null(hand.dealer),
        text_or_null(hand.trump),
        objects_text(hand.violations, violation_json, level + 1),
        objects_text(hand.claims, claim_json, level + 1),
    ]


def hand_tail_texts(hand: HandResult) -> tuple[str, str]:
    """The values of :data:`HAND_TAIL_KEYS` for a view's direct writer."""
    return ("true" if hand.settled else "false", text_or_null(hand.unsettled))


class ObjectLayout:
    """An object of fixed keys as :func:`dumps` lays out one that holds a list or an object
    (one key a line), for a view's direct writer: the texts between its values, made once
    per nesting level (a game's hands are all written at one level), then filled in by a
    slice assignment and one join (a ``%`` template is scanned again for every hand)."""

    __slots__ = ("_between", "keys")

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.keys = keys
        #: level -> [the text before the first value, "", the text after it, "", ...]
        self._between: dict[int, list[str]] = {}

    def text(self, level: int, values: list[str]) -> str:
        """The object at nesting ``level`` with ``values``: one JSON text per key, in order."""
        between = self._between.get(level)
        if between is None:
            between = self._between[level] = self._layout(level)
        parts = between.copy()
        parts[1::2] = values  # (a ValueError unless there is one value per key)
        return "".join(parts)

    def _layout(self, level: int) -> list[str]:
        pad = "\n" + "  " * (level + 1)
        parts = ["{" + pad + _key(self.keys[0])]
        for key in self.keys[1:]:
            parts += ("", "," + pad + _key(key))
        parts += ("", "\n" + "  " * level + "}")
        return parts


def text_or_null(value: str | None) -> str:
    return "null" if value is None else quote(value)


def amounts_text(amounts: dict[str, Decimal]) -> str:
    """An object of name -> amount on one line, as :func:`dumps` writes it."""
    if not amounts:
        return "{}"
    keys = _KEYS  # (the cache of _key, looked up here first)
    parts = ["{"]
    for k, v in amounts.items():
        parts += (keys.get(k) or _key(k), number_text(v), ", ")
    parts[-1] = "}"
    return "".join(parts)


def counts_text(counts: dict[str, int]) -> str:
    """An object of name -> count on one line, as :func:`dumps` writes it.

    Like :func:`amounts_text`, one list of pieces (key, value, separator) and one join: a
    ``"key": value`` text made per item, then joined and wrapped in braces, was a new
    string more per item and two more per object. (Each writes its values itself: a
    writer passed as a function is called through Python when compiled.)"""
    if not counts:
        return "{}"
    keys = _KEYS
    parts = ["{"]
    for k, v in counts.items():
        parts += (keys.get(k) or _key(k), str(v), ", ")
    parts[-1] = "}"
    return "".join(parts)


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
_NORMAL_CARDS: Final = frozenset(card for card in (*BOURRE_DECK, JOKER) if parse_card(card) == card)


def _option_value(value: object) -> JsonValue:
    # (a tuple of types, not ``bool | int | ...``: compiled, a union is built at each call)
    if value is None or isinstance(value, (bool, int, str, Decimal)):
        return value
    return str(value)


def number_text(value: Decimal) -> str:
    """Exact decimal text of a finite Decimal as a JSON number: ``5``, ``0.5``, ``-1.25``.

    No context rounding is involved (unlike ``Decimal.normalize``): every digit is kept,
    trailing fractional zeros are dropped and ``-0`` is written ``0``.
    """
    text = str(value)  # (plain, as "f" writes it, unless it has an exponent: cheaper)
    if "E" in text or not text[-1].isdigit() or "N" in text:  # 1E+2, 1E-7; Infinity, NaN123
        if not value.is_finite():
            raise ValueError(f"cannot write {value} as a JSON number")
        text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" or not text else text


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
    elif isinstance(value, dict):
        _write_mapping(value, level, parts)
    else:
        _write_other(value, level, parts)


def _write_mapping(value: Mapping[Any, JsonValue], level: int, parts: list[str]) -> None:
    _write_items(value.keys(), value.values(), "{", "}", level, parts)


def _write_other(value: object, level: int, parts: list[str]) -> None:
    """A list, or any other mapping or iterable a caller gives. A list is told from a
    mapping without asking the Mapping ABC, whose check runs Python code (each file's head
    and tail would ask it a few times)."""
    if not isinstance(value, list) and isinstance(value, Mapping):
        _write_mapping(value, level, parts)
    else:
        items = value if isinstance(value, list) else list(cast(Iterable[JsonValue], value))
        _write_items(None, items, "[", "]", level, parts)


def _write_items(
    keys: Iterable[object] | None,
    values: Collection[JsonValue],
    open_: str,
    close: str,
    level: int,
    parts: list[str],
) -> None:
    """An object (its ``keys``) or an array (``keys`` None) of ``values``: of scalars only
    (a finding, payouts, a player list), on one line; else one item a line. (Keys and
    values as the mapping's own views: a report with many findings writes many objects,
    and no list of pairs is made for one.)"""
    first, between, end = "", ", ", close
    for item in values:
        if isinstance(item, (dict, list)):  # (a tuple: see _option_value)
            first = "\n" + "  " * (level + 1)
            between, end = "," + first, "\n" + "  " * level + close
            break
    names = iter(keys) if keys is not None else None
    cached = _KEYS  # (the cache of _key, looked up here first)
    parts.append(open_)
    separator = first
    for item in values:
        if names is None:
            parts.append(separator)
        else:
            name = next(names)
            parts.append(separator + (cached.get(name) or _key(name)))
        _write(item, level + 1, parts)
        separator = between
    parts.append(end)
