"""How a house option is declared and how its values are read.

An option is one field of its game's options dataclass
(:mod:`referee.games.bourre.options`, :mod:`referee.games.euchre.options`), declared with
:func:`option`: its default, the values it takes (:class:`Values`; a choice's words are the
field's ``Literal`` type), and its text for people (a one-line summary, the detail). The
reader of settings (:func:`converters_of`), ``referee rules``, ``referee explain KEY``, the
starter log and the guide all come from that one declaration.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable
from dataclasses import field, fields
from decimal import Decimal
from typing import Any, NamedTuple

from referee.amounts import EXPECTED, MAX_WHOLE_DIGITS, AmountError, read_amount, read_whole
from referee.suggest import close_matches, did_you_mean


class OptionError(ValueError):
    """A house-rules problem: unknown key, bad value, unreadable or invalid file."""


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Values(NamedTuple):
    """The values an option takes.

    ``kind`` is ``"bool"`` (true or false), ``"choice"`` (one of the words of the field's
    ``Literal`` type), ``"amount"`` (money, 0 or more; with ``none_ok`` above 0, or
    ``none``) or ``"whole"`` (a whole number from ``low``, to ``high`` when given; with
    ``only``: just those numbers).
    """

    kind: str
    none_ok: bool = False
    low: int = 0
    high: int | None = None
    only: tuple[int, ...] = ()


BOOL = Values("bool")
CHOICE = Values("choice")
AMOUNT = Values("amount")
AMOUNT_OR_NONE = Values("amount", none_ok=True)


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class OptionText(NamedTuple):
    """An option's declaration beyond its default: its values, a one-line ``summary``
    (``rules``, the starter log's comment), the ``detail`` (``explain``, the guide), and a
    value to show how it is written (else one is chosen from the values)."""

    values: Values
    summary: str
    detail: str
    example: str = ""


_DECLARED = "referee.option"


def option(default: Any, values: Values, summary: str, detail: str, *, example: str = "") -> Any:
    """A house option's field: its default, values and words (see the module's doc)."""
    return field(
        default=default, metadata={_DECLARED: OptionText(values, summary, detail, example)}
    )


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Declared(NamedTuple):
    """One option as its game declares it: the key, its text, and a choice's words."""

    key: str
    text: OptionText
    choices: tuple[str, ...]


def declared_options(cls: type) -> tuple[Declared, ...]:
    """The options of a game's options dataclass, in the order of its fields."""
    hints = typing.get_type_hints(cls)
    return tuple(
        Declared(
            f.name,
            f.metadata[_DECLARED],
            tuple(a for a in typing.get_args(hints[f.name]) if isinstance(a, str)),
        )
        for f in fields(cls)
    )


@functools.cache
def converters_of(cls: type) -> dict[str, Callable[[Any], Any]]:
    """Each option's reader of a setting (a value as written, from a log, a house-rules
    file, a config or a caller), by key, derived from its declaration. Worked out once, when
    first asked for: a log that sets no option never needs them."""
    return {d.key: _converter(d.text.values, d.choices) for d in declared_options(cls)}


def _converter(values: Values, choices: tuple[str, ...]) -> Callable[[Any], Any]:
    if values.kind == "bool":
        return _to_bool
    if values.kind == "choice":
        return _to_choice(*choices)
    if values.kind == "amount":
        return _to_money(values.none_ok)
    whole = _to_int(values.low, values.high)
    if not values.only:
        return whole
    return lambda value: _check_in(whole(value), values.only)


def _check_in(value: int, allowed: tuple[int, ...]) -> int:
    if value not in allowed:
        raise OptionError("expected one of: " + ", ".join(map(str, allowed)))
    return value


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_BOOL_WORDS = ("true", "false", "yes", "no", "on", "off")  # (for a hint)


def _hinted(expected: str, value: Any, choices: tuple[str, ...]) -> str:
    """``expected ...``, then "(did you mean carry?)" when ``value`` is a word close to one
    of the ``choices``."""
    if not isinstance(value, str):
        return expected
    hint = did_you_mean(close_matches(value.strip(), choices))
    return f"{expected} ({hint})" if hint else expected


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise OptionError(_hinted("expected true or false", value, _BOOL_WORDS))


def _to_int(lo: int, hi: int | None) -> Callable[[Any], int]:
    """A whole number as written (ASCII digits, at most nine: see
    :func:`referee.amounts.read_whole`), from ``lo`` to ``hi``."""
    expected = f"expected a whole number{_range_text(lo, hi)}"

    def convert(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise OptionError(expected)
        try:
            number = read_whole(str(value))
        except ValueError as exc:
            why = str(exc)
            raise OptionError(expected if why == "not a number" else f"{expected}: {why}") from None
        if number < lo or (hi is not None and number > hi):
            raise OptionError(expected)
        return number

    return convert


def _range_text(lo: int, hi: int | None) -> str:
    return f" from {lo} to {hi}" if hi is not None else f" of at least {lo}"


def _to_money(allow_none: bool) -> Callable[[Any], Decimal | None]:
    """An amount, read as a log's amounts are read (:func:`referee.amounts.read_amount`:
    the digits 0-9, bounded, a currency sign allowed), 0 or more (``limit``: above 0, or
    none)."""
    what = EXPECTED + (" or none" if allow_none else "")

    def convert(value: Any) -> Decimal | None:
        if value is None or (allow_none and str(value).strip().lower() in {"none", "null", "~"}):
            if allow_none:
                return None
            raise OptionError(f"expected {what}")
        # (a library caller's number is read as written: an int or Decimal by its digits,
        # a float as Python writes it, `0.1` for 0.1, never by its binary value)
        if not isinstance(value, str | int | float | Decimal) or isinstance(value, bool):
            raise OptionError(f"expected {what}")
        text = value if isinstance(value, str) else _digits(value)
        try:
            amount = read_amount(text)
        except AmountError as exc:
            why = str(exc)
            raise OptionError(
                f"expected {what}" + ("" if why == "not a number" else f": {why}")
            ) from None
        if amount < 0 or (allow_none and amount == 0):
            raise OptionError(f"expected {what}" + (", above 0" if allow_none else ", 0 or more"))
        return amount

    return convert


def _digits(value: int | float | Decimal) -> str:
    """A library caller's number as written in digits (a float as ``repr`` writes it), or
    "" when it is not finite or too long to be an amount (its digits are not even made)."""
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value) if -(10**MAX_WHOLE_DIGITS) < value < 10**MAX_WHOLE_DIGITS else ""
    if not value.is_finite() or value.adjusted() >= MAX_WHOLE_DIGITS:
        return ""
    return f"{value:f}"


def _to_choice(*choices: str) -> Callable[[Any], str]:
    def convert(value: Any) -> str:
        text = str(value).strip().lower()
        if text not in choices:
            raise OptionError(_hinted("expected one of: " + ", ".join(choices), value, choices))
        return text

    return convert
