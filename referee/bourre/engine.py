"""The Bourré session: replays hands in order and carries the money and the deal between them."""

from __future__ import annotations

from decimal import Decimal

from referee.bourre.facts import gather_facts
from referee.bourre.quick import quick_outcome, recorded_agrees
from referee.bourre.replay import HandOutcome, HandReplay
from referee.bourre.settle import MoneyState, Settlement, check_recorded, settle_hand
from referee.options import BourreOptions
from referee.records import Hand, Header, NameAt, QuickHand
from referee.report import BourreHandResult, Violation

#: Whether a :class:`QuickHand` goes through the quick lane first (off only in tests, to
#: compare the lanes).
QUICK_LANE = True


class BourreSession:
    """Judge a Bourré log hand by hand. Call :meth:`judge_hand` once per hand, in order.

    ``keep_tricks``: keep each hand's trick records in its result (for ``referee show``).
    """

    def __init__(self, header: Header, options: BourreOptions, *, keep_tricks: bool = True) -> None:
        self.header = header
        self.options = options
        self.keep_tricks = keep_tricks
        self.seats: tuple[str, ...] = tuple(header.players)
        exempt = frozenset(n.name for n in header.exempt if n.seated)
        self.money = MoneyState(header.pot or Decimal(0), exempt)
        self.next_dealer: str | None = None
        self.skips: list[str] = []  # players who lose their next turn to deal
        self.totals: dict[str, Decimal] = {p: Decimal(0) for p in self.seats}

    def judge_hand(self, hand: Hand | QuickHand) -> BourreHandResult:
        """Replay, judge and settle one hand; advance the session to the next.

        A :class:`QuickHand` is judged by the quick lane (:mod:`referee.bourre.quick`) when
        it breaks no rule, and otherwise read in full and replayed.
        """
        if isinstance(hand, QuickHand):
            result = self._judge_quick(hand) if QUICK_LANE else None
            if result is not None:
                return result
            hand = hand.read()
        facts = gather_facts(hand)
        replay = HandReplay(facts, self.seats, self.options, self.next_dealer)
        outcome = replay.run()
        settlement = settle_hand(self.seats, outcome, self.money, self.options)
        violations = outcome.violations + check_recorded(facts, settlement)
        violations.sort(key=lambda v: (v.line, v.column))
        if not self.keep_tricks:
            outcome.tricks = []
        recorded = [_recorded_text(s.kind, s.player, s.amount) for s in facts.settles]
        return self._finish(hand, outcome, settlement, violations, recorded)

    def _judge_quick(self, hand: QuickHand) -> BourreHandResult | None:
        """The quick lane: the result of a hand that breaks no rule, else None."""
        outcome = quick_outcome(
            hand, self.seats, self.options, self.next_dealer, keep_tricks=self.keep_tricks
        )
        if outcome is None:
            return None
        settlement = settle_hand(self.seats, outcome, self.money, self.options)
        if not recorded_agrees(hand, settlement):
            return None
        recorded = (
            [_recorded_text(kind, player, amount) for kind, player, amount in hand.settles]
            if hand.settles
            else []
        )
        return self._finish(hand, outcome, settlement, [], recorded)

    def _finish(
        self,
        hand: Hand | QuickHand,
        outcome: HandOutcome,
        settlement: Settlement,
        violations: list[Violation],
        recorded: list[str],
    ) -> BourreHandResult:
        """Book the hand's money, advance to the next hand and give the hand's result."""
        totals = self.totals
        for p, net in settlement.payouts.items():
            totals[p] += net
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
            recorded=recorded,
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


def _recorded_text(kind: str, player: NameAt | str | None, amount: Decimal | None) -> str:
    """A recorded settle line in words: ``settle eve wins 5``."""
    name = player.name if isinstance(player, NameAt) else player
    words = f"settle {name} {kind}" if name else f"settle {kind}"
    return words if amount is None else f"{words} {amount}"
