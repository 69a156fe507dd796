"""Small text formats shared by the renderers (dependency-free): amounts, counts, option values."""

from __future__ import annotations

from decimal import Decimal

from referee.render.jsontext import number_text


def money(value: Decimal | int, places: int = 0) -> str:
    """An amount without exponent: ``5``, ``0.5``; with ``places``, at least that many
    decimals (``1.50`` beside ``-0.25``: one format for a file's amounts, see
    :func:`referee.report.money_places`), never fewer than the amount has."""
    text = number_text(Decimal(value))
    if places <= 0:
        return text
    whole, _, fraction = text.partition(".")
    return f"{whole}.{fraction.ljust(places, '0')}"


def signed(value: Decimal | int, places: int = 0) -> str:
    """An amount with its sign: ``+4``, ``-1``, ``0``."""
    text = money(value, places)
    return "+" + text if value > 0 else text


def count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``1 hand``, ``3 files``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def option_text(value: object) -> str:
    """A house-rule option's value as written in reports."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return money(value)
    return str(value)
