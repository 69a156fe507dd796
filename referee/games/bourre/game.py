"""Bourré as the rest of the referee sees it (see :class:`referee.games.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.base import Game, Ledger, Session, no_bids, no_conflicts
from referee.records import Header
from referee.report import FileReport, money_places
from referee.rule import Rule

if TYPE_CHECKING:
    from referee.games.bourre.options import BourreOptions


def _options_type() -> type[BourreOptions]:
    """Its options' class, imported when first asked for: a log of the other game, or a
    command that reads no options, never needs it."""
    from referee.games.bourre.options import BourreOptions

    return BourreOptions


def _rules() -> tuple[Rule, ...]:
    from referee.games.bourre.rules import BOURRE_RULES

    return BOURRE_RULES


def _new_session(header: Header, options: BourreOptions, keep_tricks: bool) -> Session:
    from referee.games.bourre.engine import BourreSession

    return BourreSession(header, options, keep_tricks=keep_tricks)


def _money_places(header: Header, options: BourreOptions) -> int:
    """The ante, the limit and the pot before hand 1 make every amount of the file."""
    return money_places(options.ante, options.limit, header.pot)


def _new_ledger(report: FileReport) -> Ledger:
    from referee.games.bourre.ledger import BourreLedger

    return BourreLedger.of_file(report)


def _starter() -> tuple[str, str]:
    from referee.games.bourre.starter import HAND, HEAD

    return HEAD, HAND


BOURRE: Game[BourreOptions] = Game(
    key="bourre",
    title="Bourré",
    names=("bourre", "bourré", "booray"),
    seats=(2, 8),
    header_statements=frozenset({"pot", "exempt"}),
    options_type=_options_type,
    conflicts=no_conflicts,
    rules=_rules,
    new_session=_new_session,
    money_places=_money_places,
    bid_limit=no_bids,
    starter=_starter,
    new_ledger=_new_ledger,
)
