"""Shared helpers for Bourré tests: audit a log text with the real parser and engine."""

from __future__ import annotations

from decimal import Decimal

from referee.games.bourre.engine import BourreSession
from referee.options import BourreOptions, apply_settings
from referee.parser import read_text
from referee.report import BourreHandResult


def audit_bourre(text: str, **options: object) -> list[BourreHandResult]:
    """Parse ``text`` and judge every hand; the log's `option` lines and ``options`` apply."""
    reader = read_text(text)
    assert reader.header is not None, reader.errors
    settings: dict[str, object] = {o.key: o.value for o in reader.header.options}
    settings.update(options)
    opts = apply_settings(BourreOptions(), "bourre", settings)
    assert isinstance(opts, BourreOptions)
    session = BourreSession(reader.header, opts)
    hands = [session.judge_hand(h) for h in reader.hands()]
    assert not reader.errors, reader.errors
    return hands


def rules_of(hand: BourreHandResult) -> list[str]:
    """The rule IDs found in a hand, in order."""
    return [v.rule for v in hand.violations]


def money(mapping: dict[str, Decimal]) -> dict[str, int | str]:
    """Payouts as plain ints (or strings for fractions), for readable asserts."""
    return {k: int(v) if v == v.to_integral() else str(v) for k, v in mapping.items()}
