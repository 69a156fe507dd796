"""The Bourré session: replays hands in order and carries the money and the deal between them."""

from __future__ import annotations

from decimal import Decimal

from referee.bourre.facts import gather_facts
from referee.bourre.replay import HandReplay
from referee.bourre.settle import MoneyState, Settlement, check_recorded, settle_hand
from referee.options import BourreOptions
from referee.records import Hand, Header
from referee.report import BourreHandResult


class BourreSession:
    """Judge a Bourré log hand by hand. Call :meth:`judge_hand` once per hand, in order."""

    def __init__(self, header: Header, options: BourreOptions) -> None:
        self.header = header
        self.options = options
        self.seats: tuple[str, ...] = tuple(header.players)
        exempt = frozenset(n.name for n in header.exempt if n.seated)
        self.money = MoneyState(header.pot or Decimal(0), exempt)
        self.next_dealer: str | None = None
        self.skips: list[str] = []  # players who lose their next turn to deal
        self.totals: dict[str, Decimal] = {p: Decimal(0) for p in self.seats}

    def judge_hand(self, hand: Hand) -> BourreHandResult:
        """Replay, judge and settle one hand; advance the session to the next."""
        facts = gather_facts(hand)
        replay = HandReplay(facts, self.seats, self.options, self.next_dealer)
        outcome = replay.run()
        settlement = settle_hand(self.seats, outcome, self.money, self.options)
        violations = outcome.violations + check_recorded(facts, settlement)
        violations.sort(key=lambda v: (v.line, v.column))
        for p, net in settlement.payouts.items():
            self.totals[p] += net
        self._advance(outcome.dealer, outcome.took_back, settlement)
        return BourreHandResult(
            number=hand.number,
            line=hand.line,
            dealer=outcome.dealer,
            trump=outcome.trump,
            upcard=outcome.upcard,
            violations=violations,
            claims=outcome.claims,
            payouts=settlement.payouts,
            pot=settlement.pot,
            winner=settlement.winner,
            carry=settlement.carry,
            active=outcome.active,
            tricks_won=outcome.tricks_won,
            antes=settlement.antes,
            took=settlement.took,
            bourre=settlement.bourre,
            reneges=settlement.reneges,
            recorded=[_recorded_text(s) for s in facts.settles],
            tricks=outcome.tricks,
            result=settlement.result,
        )

    def _advance(self, dealer: str | None, took_back: list[str], s: Settlement) -> None:
        self.money = MoneyState(s.carry, s.exempt_next)
        for p in took_back:
            if p not in self.skips:
                self.skips.append(p)
        self.next_dealer = self._dealer_after(dealer)

    def _dealer_after(self, dealer: str | None) -> str | None:
        """The player to the left of ``dealer``, skipping (once) those who lost their deal."""
        if dealer is None:
            return None
        i = self.seats.index(dealer)
        for step in range(1, 2 * len(self.seats) + 1):
            seat = self.seats[(i + step) % len(self.seats)]
            if seat in self.skips:
                self.skips.remove(seat)
                continue
            return seat
        return None


def _recorded_text(line: object) -> str:
    kind = getattr(line, "kind", "")
    player = getattr(line, "player", None)
    amount = getattr(line, "amount", None)
    parts = ["settle", player.name, kind] if player is not None else ["settle", kind]
    if amount is not None:
        parts.append(str(amount))
    return " ".join(p for p in parts if p)
