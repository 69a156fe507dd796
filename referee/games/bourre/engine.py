"""The Bourré session: replays hands in order and carries the money and the deal between them.

A hand the log does not decide in full (an unreadable line, no trump, a trick or a card
missing) is judged as far as the log goes but not settled: it gets no payouts of the
referee's, and its recorded lines are not checked. The money goes on from what the table
recorded for it when that says enough (who took the pot or that it carried, and every
payment); otherwise the carry (or who owes the next ante) is unknown, and the hands after it
are not settled either until a recorded ``settle pot`` gives the pot again.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from mypy_extensions import mypyc_attr

from referee.amounts import MAX_POT, MIN_POT, MONEY
from referee.games.bourre.facts import HandFacts, gather_facts
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.replay import HandOutcome, replay_hand
from referee.games.bourre.settle import (
    MoneyState,
    Recorded,
    Settlement,
    antes_paid,
    check_recorded,
    owed_antes,
    read_recorded,
    recorded_pot,
    settle_hand,
)
from referee.records import Hand, Header
from referee.report import BourreHandResult, FileReport, Record, Violation
from referee.sequence import (
    HandSequence,
    Place,
    header_may_have_said,
    may_have_said,
    split_forgotten,
)

_SETTLE_RULES = "BR-SETTLE-"
#: The verdicts of a record that agrees and of none (frozen: one each serves every hand).
_AGREES: Final = Record("agrees")
_NONE: Final = Record("none")


@mypyc_attr(allow_interpreted_subclasses=True)  # (tests subclass it)
class BourreSession:
    """Judge a Bourré log hand by hand. Call :meth:`judge` once per hand read, in order.

    ``keep_tricks``: keep each hand's trick records in its result (for ``referee show``).
    """

    def __init__(self, header: Header, options: BourreOptions, *, keep_tricks: bool = True) -> None:
        self.header = header
        self.options = options
        self.keep_tricks = keep_tricks
        self.seats: tuple[str, ...] = tuple(header.players)
        self.seated: frozenset[str] = frozenset(self.seats)  # (for each hand's replay)
        self.money = _money_before(header)
        self.next_dealer: str | None = None
        #: The next dealer by the other reading of a `dealer` line against the rotation
        #: (None: no doubt; see :meth:`_advance_deal`).
        self.other_dealer: str | None = None
        self.skips: list[str] = []  # players who lose their next turn to deal
        self.totals: dict[str, Decimal] = {p: Decimal(0) for p in self.seats}
        self.totals_complete = True  # False once a hand is not settled
        self.sequence = HandSequence()
        self._first = True
        self._last_number: int | None = None

    def fill(self, report: FileReport) -> None:
        """The standings after the last hand: each player's total over the settled hands."""
        report.totals = dict(self.totals)

    def judge(self, hand: Hand) -> list[BourreHandResult]:
        """Judge one hand as read: more than one result when the log forgot a `hand` line
        inside it (see :func:`~referee.sequence.split_forgotten`)."""
        results = []
        for part in split_forgotten(hand, self.seats, self.options.hand_size):
            place = self.sequence.place(part.hand, part.found)
            results.append(self.judge_hand(part.hand, place, part.repeats))
        return results

    def judge_hand(
        self, hand: Hand, place: Place | None = None, repeats: bool = True
    ) -> BourreHandResult:
        """Replay, judge and settle one hand; advance the session to the next.

        ``place`` is the hand's place in the log's sequence; ``repeats`` False says no
        statement it may have once comes twice in it, so it has no L-DUPLICATE (:meth:`judge`
        gives both, see :class:`~referee.sequence.Part`).
        """
        place = place or Place()
        if place.missing:
            self._lose_track(place.missing)
        facts = gather_facts(hand, self.seated)
        outcome = replay_hand(
            facts,
            self.seats,
            self.options,
            self.next_dealer,
            first=self._first,
            repeats=repeats,
            keep_tricks=self.keep_tricks,
            other_dealer=self.other_dealer,
            seated=self.seated,
        )
        recorded = [_recorded_text(s.kind, s.player, s.amount) for s in facts.settles]
        owed = self._owed(facts)
        antes = None if owed is None else antes_paid(outcome, owed, self.options)
        pot = self._pot(outcome, facts, antes)
        if outcome.incomplete or owed is None or antes is None or pot is None:
            return self._unsettled(hand, facts, outcome, owed, pot, place, recorded)
        settlement = settle_hand(self.seats, outcome, pot - antes, owed, antes, self.options)
        checked = check_recorded(facts, settlement, self.options)
        violations = outcome.violations + checked + list(place.findings)
        violations.sort(key=lambda v: (v.line, v.column))
        return self._finish(hand, outcome, settlement, violations, recorded)

    # ------------------------------------------------------------------ the money

    def _owed(self, facts: HandFacts) -> list[str] | None:
        """Who owed the ante: from the exemptions carried in, else from the hand's recorded
        `ante` line; None when neither says."""
        owed = owed_antes(self.seats, self.money.exempt, self.options)
        if owed is None and facts.antes:
            named = {n for n in facts.antes[0].players if n in self.seats}
            owed = [p for p in self.seats if p in named]
        return owed

    def _pot(self, outcome: HandOutcome, facts: HandFacts, antes: Decimal | None) -> Decimal | None:
        """The pot played for: the carry plus the antes (None: who owed them is not known)
        when both are known, else the recorded `settle pot`; None when neither is known.
        (Under `double_ante` the second antes follow the decisions, which an unreadable line
        may hide, or the log may contradict.)"""
        carry = self.money.carry
        hidden = self.options.double_ante and (bool(facts.hand.unreadable) or outcome.undecided)
        if carry is not None and antes is not None and not hidden:
            return carry + antes
        return recorded_pot(facts.settles)

    def _unsettled(
        self,
        hand: Hand,
        facts: HandFacts,
        outcome: HandOutcome,
        owed: list[str] | None,
        pot: Decimal | None,
        place: Place,
        recorded: list[str],
    ) -> BourreHandResult:
        """A hand the log does not settle: judged, not settled; the money goes on from the
        table's record where it says enough."""
        why = list(outcome.incomplete)
        if not why:
            cause = self.money.unknown or "not known"
            if pot is None:
                why.append(f"the pot is unknown ({cause})")
            else:  # (the recorded `settle pot` gives the pot, not who paid into it)
                why.append(f"who owed the ante is unknown ({cause}); an `ante` line would say")
        # (an unreadable line that may be a `settle` line leaves the record incomplete)
        unsure = may_have_said(hand.unreadable, ("settle",), self.seats)
        record = read_recorded(facts.settles, self.seats) if facts.settles and not unsure else None
        carry, exempt = self._after_unsettled(outcome, owed, pot, record, hand.number)
        self.totals_complete = False
        violations = sorted(
            outcome.violations + list(place.findings), key=lambda v: (v.line, v.column)
        )
        result = BourreHandResult(
            number=hand.number,
            line=hand.line,
            dealer=outcome.dealer,
            trump=outcome.trump,
            upcard=outcome.upcard,
            violations=violations,
            claims=outcome.claims,
            payouts=None,
            pot=pot,
            winner=record.winner if record is not None else None,
            carry=carry.carry,
            active=outcome.active,
            tricks_won={} if outcome.incomplete else outcome.tricks_won,
            antes=owed or [],
            recorded=recorded,
            tricks=outcome.tricks,
            result="not settled: " + "; ".join(why),
            settled=False,
            unsettled="; ".join(why),
            record=Record("unchecked" if recorded or facts.antes else "none"),
        )
        self.money = _bounded(MoneyState(carry.carry, exempt, carry.unknown), hand.number)
        self._advance_deal(outcome, [*outcome.took_back, *outcome.early], hand.number)
        return result

    def _after_unsettled(
        self,
        outcome: HandOutcome,
        owed: list[str] | None,
        pot: Decimal | None,
        record: Recorded | None,
        number: int,
    ) -> tuple[MoneyState, frozenset[str] | None]:
        """The carry (as a MoneyState holding it and why it is unknown) and the exemptions
        after a hand that is not settled."""
        own: Settlement | None = None
        if not outcome.incomplete and pot is not None:
            # The play is known, only the antes are not: the pot's fate and the payments
            # into the next pot follow from the play and the pot alone.
            antes = antes_paid(outcome, owed or [], self.options)
            own = settle_hand(self.seats, outcome, pot - antes, owed or [], antes, self.options)
        exempt: frozenset[str] | None
        if self.options.double_ante:
            exempt = frozenset()
        elif not outcome.incomplete:
            exempt = own.exempt_next if own is not None else self._exempt_from_play(outcome)
        elif record is not None and record.winner is not None:
            exempt = record.bourre  # a won pot: nobody tied, so the bourrés alone
        else:
            exempt = None
        carry: Decimal | None = None
        if own is not None:
            carry = own.carry
        elif record is not None and pot is not None:
            carry = pot - record.took + record.paid_in
        unknown = ""
        if carry is None or exempt is None:
            # (the first hand where the money was lost track of is the one to name)
            lost = self.money.unknown if self.money.carry is None else ""
            unknown = lost or f"hand {number} was not settled"
        return MoneyState(carry, exempt, unknown), exempt

    def _exempt_from_play(self, outcome: HandOutcome) -> frozenset[str]:
        """Who is excused from the next ante, from a hand's play alone (bourrés and ties)."""
        antes = antes_paid(outcome, [], self.options)
        return settle_hand(self.seats, outcome, Decimal(0), [], antes, self.options).exempt_next

    def _lose_track(self, missing: int) -> None:
        """Hands are missing from the log before this one: the money and the deal are not
        known from it."""
        before = self._last_number
        gap = "a hand is" if missing == 1 else f"{missing} hands are"
        where = f" after hand {before}" if before is not None else ""
        self.money = MoneyState(None, None, f"{gap} missing from the log{where}")
        self.next_dealer = self.other_dealer = None
        self.skips = []

    # ------------------------------------------------------------------ the next hand

    def _finish(
        self,
        hand: Hand,
        outcome: HandOutcome,
        settlement: Settlement,
        violations: list[Violation],
        recorded: list[str],
    ) -> BourreHandResult:
        """Book the hand's money, advance to the next hand and give the hand's result."""
        totals, add = self.totals, MONEY.add  # (exact: see referee.amounts)
        for p, net in settlement.payouts.items():
            totals[p] = add(totals[p], net)
        carry = settlement.carry
        if MIN_POT < carry < MAX_POT:
            self.money = MoneyState(carry, settlement.exempt_next)
        else:
            self.money = _bounded(MoneyState(carry, settlement.exempt_next), hand.number)
        self._advance_deal(outcome, [*outcome.took_back, *outcome.early], hand.number)
        rules = (
            tuple(sorted({v.rule for v in violations if v.rule.startswith(_SETTLE_RULES)}))
            if violations
            else ()
        )
        record = Record("differs", rules) if rules else _AGREES if recorded else _NONE
        # (Every field, in order: a class called with keywords is given them as a dict,
        # which doubles what making the result costs; test_bourre_settlement.py pins the order.)
        return BourreHandResult(
            hand.number,  # number
            hand.line,  # line
            outcome.dealer,  # dealer
            outcome.trump,  # trump
            outcome.upcard,  # upcard
            violations,  # violations
            outcome.claims,  # claims
            settlement.payouts,  # payouts
            settlement.pot,  # pot
            settlement.winner,  # winner
            settlement.carry,  # carry
            outcome.active,  # active
            outcome.tricks_won,  # tricks_won
            settlement.antes,  # antes
            settlement.took,  # took
            settlement.bourre,  # bourre
            settlement.reneges,  # reneges
            settlement.penalties,  # penalties
            recorded,  # recorded
            outcome.tricks,  # tricks
            settlement.result,  # result
            True,  # settled
            None,  # unsettled
            record,  # record
        )

    def _advance_deal(self, outcome: HandOutcome, faulted: list[str], number: int) -> None:
        """The next dealer: to the left, skipping once each player who lost a turn to deal
        (``faulted``: took back an illegal card or announced early, however often). When
        who dealt this hand is in doubt (a `dealer` line against the rotation), the next
        hand's may be the one after either reading's (``other_dealer``)."""
        for p in faulted:
            if p not in self.skips:
                self.skips.append(p)
        other = outcome.dealer_other
        after_other = _seat_after(self.seats, other, self.skips)[0] if other else None
        self.next_dealer = self._dealer_after(outcome.dealer)
        self.other_dealer = after_other if after_other != self.next_dealer else None
        self._first = False
        self._last_number = number

    def _dealer_after(self, dealer: str | None) -> str | None:
        """The player to the left of ``dealer``, skipping (once) those who lost their deal
        (each skip is then used up)."""
        if dealer is None:
            return None
        seat, passed = _seat_after(self.seats, dealer, self.skips)
        for p in passed:
            self.skips.remove(p)
        return seat


def _money_before(header: Header) -> MoneyState:
    """The money hand 1 inherits: the header's `pot` (none: an empty pot) and its `exempt`
    players. A header line that could not be read and may have been the `pot` line (when
    none was read) or an `exempt` line leaves that unknown, saying why: hand 1 is then not
    settled unless its own lines say it (a recorded `settle pot`, an `ante` line), as after
    a hand the log does not settle."""
    carry: Decimal | None = header.pot or Decimal(0)
    exempt: frozenset[str] | None = frozenset(n.name for n in header.exempt if n.seated)
    causes: list[int] = []
    if header.unread:
        unread_pot = header_may_have_said(header, ("pot",)) if header.pot is None else None
        if unread_pot is not None:
            carry = None
            causes.append(unread_pot.line)
        unread_exempt = header_may_have_said(header, ("exempt",))
        if unread_exempt is not None:
            exempt = None
            causes.append(unread_exempt.line)
    if not causes:
        return MoneyState(carry, exempt)
    return MoneyState(carry, exempt, _unread_header(causes))


def _unread_header(lines: list[int]) -> str:
    """Why money of the header is unknown, in words: ``line 3 of the header could not be
    read``."""
    numbers = sorted(set(lines))
    which = " and ".join(str(n) for n in numbers)
    word = "line" if len(numbers) == 1 else "lines"
    return f"{word} {which} of the header could not be read"


def _seat_after(
    seats: tuple[str, ...], dealer: str, skips: list[str]
) -> tuple[str | None, list[str]]:
    """The player to the left of ``dealer``, passing over (once) each of ``skips``, and the
    players passed over."""
    i = seats.index(dealer)
    passed: list[str] = []
    for step in range(1, 2 * len(seats) + 1):
        seat = seats[(i + step) % len(seats)]
        if seat in skips and seat not in passed:
            passed.append(seat)
            continue
        return seat, passed
    return None, passed


def _bounded(money: MoneyState, number: int) -> MoneyState:
    """``money``, or, when the pot it carries is past :data:`~referee.amounts.MAX_POT` (a
    pot that grew hand after hand without a `limit`), the pot unknown, saying why: the
    hands after it are not settled, where the referee's arithmetic would no longer be
    exact (see :mod:`referee.amounts`)."""
    carry = money.carry
    if carry is None or MIN_POT < carry < MAX_POT:
        return money
    why = (
        f"hand {number} left {carry} in the pot, past the 10^18 the referee settles; "
        "a `limit` keeps a pot from growing so"
    )
    return MoneyState(None, money.exempt, why)


def _recorded_text(kind: str, name: str | None, amount: Decimal | None) -> str:
    """A recorded settle line in words: ``settle eve wins 5``."""
    if amount is None:
        return f"settle {name} {kind}" if name else f"settle {kind}"
    return f"settle {name} {kind} {amount}" if name else f"settle {kind} {amount}"
