"""Money as the referee reads it and adds it up: one amount type for the whole program.

An amount is a :class:`~decimal.Decimal` made by :func:`read_amount` (an option's value, a
house-rules file's, a library caller's) or :func:`exact_amount` (an amount of a log, which
the grammar's AMOUNT has matched), and by nothing else:

* written in the digits 0 to 9, with an optional sign and decimal point (``12``, ``0.50``,
  ``-3``) and one currency sign (:mod:`referee.currency`); never an exponent (``1E+30``),
  another script's digits (Bengali ``৪``, drawn like an 8), ``_`` or a YAML octal, hex or
  sexagesimal number;
* at most :data:`MAX_WHOLE_DIGITS` (15) digits before the point, leading zeros aside, and
  :data:`MAX_PLACES` (4) after it: up to 999,999,999,999,999.9999. No table reaches it: 15
  digits are a thousand trillion of any currency, and 4 places are the smallest unit ISO
  4217 gives any currency (CLF, UYW; most have 2, a few 3).

Arithmetic never rounds. A hand's money is antes, the pot, what is paid into it and taken
from it, each a bounded amount times a handful (at most 16 antes, a few dozen payments of
at most the pot); a Bourré pot carried from hand to hand can still grow without end (each
bourré pays the whole pot into the next), so a pot carried past :data:`MAX_POT` (10^18) is
not settled (the hands after it are left unsettled, saying so). Every amount of a hand is
then below 10^21 with at most 4 places: 25 digits, within Decimal's default 28 (a library
caller whose own context has fewer, :data:`HAND_PRECISION`, gets each hand judged in
:data:`MONEY`: see ``referee.audit``). Sums over many hands (a file's totals, the HTML
chart's and ``show``'s running balances, the standings, the settle-up) are made in
:data:`MONEY`, whose
:data:`PRECISION` (60 digits) holds 10^35 hands of the largest amounts; it traps
:class:`~decimal.Inexact` and :class:`~decimal.Rounded`, so should a bound ever fail, the
referee stops with an error rather than round a digit away.
"""

from __future__ import annotations

import unicodedata
from decimal import (
    Clamped,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    Rounded,
    Underflow,
)
from typing import Final

from referee.currency import strip_sign

#: The most digits before the decimal point (leading zeros aside), and after it.
MAX_WHOLE_DIGITS: Final = 15
MAX_PLACES: Final = 4

#: A Bourré pot carried into a hand must be below this to be settled (see the module).
MAX_POT: Final = Decimal(10) ** 18
MIN_POT: Final = -MAX_POT

#: The digits of :data:`MONEY`: sums of up to 10^35 amounts below 10^21 with 4 places.
PRECISION: Final = 60

#: The digits a hand's money needs (below 10^21, 4 places: 25), rounded up to Python's
#: default context's 28; a context with fewer judges in :data:`MONEY` instead.
HAND_PRECISION: Final = 28

#: The context every sum over hands is made in: exact, or an error.
MONEY: Final = Context(
    prec=PRECISION,
    Emax=PRECISION,
    Emin=-PRECISION,
    traps=[InvalidOperation, DivisionByZero, Overflow, Underflow, Inexact, Rounded, Clamped],
)

#: What an amount is expected to be, for messages.
EXPECTED: Final = (
    f"an amount such as 1 or 0.50 (digits 0-9, at most {MAX_WHOLE_DIGITS} before the point "
    f"and {MAX_PLACES} after it)"
)



def _digits(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0-9 (``str.isdigit`` alone takes any
    script's digits)."""
    return text.isascii() and text.isdigit()


def _is_number(text: str) -> bool:
    """``[+-]?[0-9]+(\\.[0-9]+)?``, without a regular expression to compile at start-up."""
    whole, point, places = text[1:].partition(".") if text[:1] in "+-" else text.partition(".")
    return _digits(whole) and (not point or _digits(places))


class AmountError(ValueError):
    """Text that is not an amount; the message says why (and what an amount is)."""


def exact_amount(number: str) -> Decimal:
    """The value of ``number``: an optional sign, ASCII digits, an optional point and
    digits (the grammar's AMOUNT without its currency sign); AmountError when it has too
    many digits before or after the point. Cheap: a log's amounts come through here."""
    whole, _, places = number.lstrip("+-").partition(".")
    if len(places) > MAX_PLACES:
        raise AmountError(
            f"the amount {_short(number)} has more than {MAX_PLACES} digits after the point"
        )
    if len(whole) > MAX_WHOLE_DIGITS and len(whole.lstrip("0")) > MAX_WHOLE_DIGITS:
        raise AmountError(
            f"the amount {_short(number)} is too large: at most {MAX_WHOLE_DIGITS} digits "
            "before the point"
        )
    return Decimal(number)


def read_amount(text: str) -> Decimal:
    """An amount as written anywhere but a log's own lines (an `option` line's value, a
    house-rules file's, a library caller's): spaces around it and one currency sign
    allowed, the rest as :func:`exact_amount`; AmountError saying what is wrong."""
    number = strip_sign(text.strip())
    if not _is_number(number):
        raise AmountError(_not_a_number(number))
    return exact_amount(number)


def read_whole(text: str) -> int:
    """A whole number as written (a house option such as `target`): ASCII digits, an
    optional sign, at most nine digits; ValueError otherwise (``int()`` would take ``৪``,
    ``1_000`` and a thousand digits)."""
    number = text.strip()
    digits = number[1:] if number[:1] in "+-" else number
    if len(digits) > 9 or not _digits(digits):
        raise ValueError(_not_a_number(number))
    return int(number)


def _not_a_number(number: str) -> str:
    """Why ``number`` is not an amount (a digit of another script is named)."""
    for char in number:
        if char.isdigit() and not char.isascii():
            name = unicodedata.name(char, "a digit")
            return f"'{char}' (U+{ord(char):04X} {name}) is not one of the digits 0-9"
    if "e" in number.lower() and any(c.isdigit() for c in number):
        return "an amount is written without an exponent"
    return "not a number"


def _short(text: str, size: int = 20) -> str:
    return text if len(text) <= size else text[:size] + "..."


def money_sum(amounts: list[Decimal] | tuple[Decimal, ...], start: Decimal) -> Decimal:
    """``start`` plus ``amounts``, exactly (in :data:`MONEY`)."""
    total = start
    for amount in amounts:
        total = MONEY.add(total, amount)
    return total
