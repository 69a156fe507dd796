"""Bid Euchre as the rest of the referee sees it (see :class:`referee.games.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.base import Game, Ledger, Session, whole_amounts
from referee.records import Header
from referee.report import FileReport
from referee.rule import Rule

if TYPE_CHECKING:
    from referee.games.euchre.options import EuchreOptions


def _options_type() -> type[EuchreOptions]:
    """Its options' class, imported when first asked for: a log of the other game, or a
    command that reads no options, never needs it."""
    from referee.games.euchre.options import EuchreOptions

    return EuchreOptions


def _conflicts(options: EuchreOptions) -> list[tuple[tuple[str, ...], str]]:
    """The joker is a single-deck variant."""
    if options.joker and options.deck == "double":
        return [
            (
                ("joker", "deck"),
                "options joker and deck conflict: the joker variant is played with a single "
                "deck (24 cards and the joker); set joker: false or deck: single",
            )
        ]
    return []


def _rules() -> tuple[Rule, ...]:
    from referee.games.euchre.rules import EUCHRE_RULES

    return EUCHRE_RULES


def _new_session(header: Header, options: EuchreOptions, keep_tricks: bool) -> Session:
    from referee.games.euchre.engine import EuchreSession

    return EuchreSession(header, options, keep_tricks=keep_tricks)


def _bid_limit(options: EuchreOptions) -> int | None:
    """Numbered bids read up to 12 with two decks (6 with one, the grammar's own)."""
    return 12 if options.deck == "double" else None


def _new_ledger(report: FileReport) -> Ledger:
    from referee.games.euchre.ledger import EuchreLedger

    return EuchreLedger.of_file(report)


def _starter() -> tuple[str, str]:
    from referee.games.euchre.starter import HAND, HEAD

    return HEAD, HAND


EUCHRE: Game[EuchreOptions] = Game(
    key="bid-euchre",
    title="Bid Euchre",
    names=("bid-euchre", "bid_euchre"),
    seats=(4, 4),
    header_statements=frozenset({"score"}),
    options_type=_options_type,
    conflicts=_conflicts,
    rules=_rules,
    new_session=_new_session,
    money_places=whole_amounts,
    bid_limit=_bid_limit,
    starter=_starter,
    new_ledger=_new_ledger,
)
