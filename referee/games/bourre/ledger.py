"""Bourré's standings (a :class:`referee.games.Ledger`): per player the money (the referee's
own settlement, net), the hands dealt in and played, the pots won, the bourrés paid and the
illegal plays; then who pays whom, by :func:`referee.settleup.settle_up`.

Money adds up to zero over a whole session, except what is left in the pot: the pot is one
more party in the settle-up (:data:`POT`), with the balance that makes the night add up
(money put in and not yet won is paid into the pot, kept for the next game; money won that
came from a pot before the first counted hand is paid by it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from referee.amounts import MONEY, money_sum
from referee.games.bourre.rules import RENEGE_RULES
from referee.games.ledger import (
    count_reneges,
    labelled,
    merge_lines,
    player_key,
    with_hands,
)
from referee.report import BourreHandResult, FileReport, HandResult
from referee.settleup import SettleUp, settle_up

#: The name of the pot as a party of the settle-up (no player can have it: a name is
#: letters, digits, ``_``, ``'`` and ``-``).
POT = "(pot)"

_ZERO = Decimal(0)


@dataclass(slots=True)
class BourreLine:
    """One player's Bourré standing over the counted hands: its numbers (in
    order: the JSON keys) add up over the files."""

    name: str
    files: int = 0  # files with a counted hand of theirs
    hands: int = 0  # counted hands dealt in (every seated player is dealt a hand)
    played: int = 0  # of them, played (did not pass)
    pots_won: int = 0
    bourres: int = 0
    reneges: int = 0  # illegal plays that stood
    corrected: int = 0  # illegal plays taken back (`(was CARD)`)
    net: Decimal = _ZERO


@dataclass(slots=True)
class BourreLedger:
    """The Bourré players' lines, by :func:`~referee.games.ledger.player_key`."""

    players: dict[str, BourreLine] = field(default_factory=dict)
    money_places: int = 0  # the decimals of the amounts (the widest file's with a line)

    @classmethod
    def of_file(cls, report: FileReport) -> BourreLedger:
        """A file's empty ledger: a line for every seated player."""
        return cls({player_key(p): BourreLine(p) for p in report.players}, report.money_places)

    def add(self, hand: HandResult) -> bool:
        if not isinstance(hand, BourreHandResult) or not hand.settled or hand.payouts is None:
            return False
        active = {player_key(p) for p in hand.active}
        winner = player_key(hand.winner) if hand.winner else None
        bourre = {player_key(p) for p in hand.bourre}
        for key, line in self.players.items():
            line.hands += 1
            line.played += key in active
            line.pots_won += key == winner
            line.bourres += key in bourre
        for player, amount in hand.payouts.items():
            paid = self.players.get(player_key(player))
            if paid is not None:
                paid.net = MONEY.add(paid.net, amount)  # (exact: see referee.amounts)
        count_reneges(self.players, hand, RENEGE_RULES)
        return True

    def end(self) -> None:
        self.players = with_hands(self.players)
        if not self.players:
            self.money_places = 0  # (a file that counts nobody sets no format)

    def merge(self, other: BourreLedger) -> None:
        merge_lines(self.players, other.players)
        self.money_places = max(self.money_places, other.money_places)

    def names(self) -> list[str]:
        return [line.name for line in self.players.values()]

    def label(self, keys: frozenset[str]) -> None:
        for key, line in self.players.items():
            if key in keys:
                line.name = labelled(line.name)

    def lines(self) -> list[BourreLine]:
        """The players, the biggest winner first (then by name)."""
        return sorted(self.players.values(), key=lambda p: (-p.net, player_key(p.name)))

    def pot(self) -> Decimal:
        """What the pot gained over the counted hands: the players' nets, negated."""
        return MONEY.minus(money_sum([line.net for line in self.players.values()], _ZERO))

    def balances(self) -> dict[str, Decimal]:
        """Every party's balance for the settle-up (the pot last, when not zero)."""
        balances = {line.name: line.net for line in self.lines()}
        if self.pot():
            balances[POT] = self.pot()
        return balances

    def settle_up(self) -> SettleUp:
        """Who pays whom: the fewest transfers that settle every balance."""
        return settle_up(self.balances())
