"""The Bid Euchre session: judges hands one at a time and keeps the running score.

Each hand goes: dealer (rotation), auction, contract and trump (or a redeal: all passed,
a stuck dealer, an Ace No Face ``redeal`` line), the recorded hands (``deal``, the joker's
``discard``, ``exchange``), the trick replay (log faults, then following suit), claims,
scoring, and the recorded ``settle`` / ``score`` checks. The deck, the hand size and the
ladder come from the house options (:mod:`referee.games.euchre.deck`). Nothing here prints.

A hand the log does not decide (an unreadable line, tricks without a winning bid, no trump,
a trick or a card missing) is judged as far as the log goes but not scored: it gets no
points of the referee's and its recorded lines are not checked. The running score goes on
from the table's record for it (its ``score`` line, or its ``settle`` line on a known score);
otherwise the score is unknown, and later hands are not scored either until a recorded
``score`` gives it again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final, TypeVar, cast

import referee.games.logchecks as logchecks
from referee.cards import suit_word
from referee.games.euchre.auction import Auction, bidding_order, label, run_auction
from referee.games.euchre.claims import Disputes, rule_on_claims
from referee.games.euchre.deck import deck_of
from referee.games.euchre.holdings import Contract, apply_discard, apply_exchange, read_deals
from referee.games.euchre.options import EuchreOptions
from referee.games.euchre.redeal import judge_redeal
from referee.games.euchre.replay import Replay, Seen, Setup, TrickReplay
from referee.games.euchre.rules import BE_BID_ORDER, BE_SCORE, BE_TOTAL, trick_winner
from referee.games.euchre.score import (
    game_winner,
    hand_points,
    line_text,
    read_entries,
    report_wrong,
    wrong_entries,
)
from referee.games.euchre.table import Findings, Table
from referee.logrules import L_DEALER, L_DUPLICATE, L_MISSING, L_PLAYER, L_TURN
from referee.records import (
    BidLine,
    ClaimLine,
    DealerLine,
    DealLine,
    DiscardLine,
    Event,
    ExchangeLine,
    Hand,
    Header,
    RedealLine,
    ScoreLine,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
    columns,
    located,
    play_items,
)
from referee.report import REDEAL_REASONS, EuchreHandResult, FileReport, Record, Violation
from referee.sequence import (
    HandSequence,
    Place,
    count_may_have_said,
    duplicate_findings,
    header_may_have_said,
    may_have_said,
    split_forgotten,
)

E = TypeVar("E", bound=Event)


class _Statements:
    """A hand's statements grouped by kind, each kind in log order: one pass over the hand,
    which the session asks for a dozen kinds. (The kinds of :data:`~referee.records.Event`
    are final classes, so a statement's kind is its type.)"""

    def __init__(self, hand: Hand) -> None:
        by_kind: dict[type, list[Any]] = {}
        for event in hand.events:
            same = by_kind.get(type(event))
            if same is None:
                by_kind[type(event)] = [event]
            else:
                same.append(event)
        self._by_kind = by_kind

    def of(self, kind: type[E]) -> list[E]:
        """The hand's statements of this kind, in log order."""
        return cast(list[E], self._by_kind.get(kind, []))


def _is_first_lead(v: Violation, leader: Seen) -> bool:
    """Whether ``v`` is the L-TURN against this lead of trick 1."""
    return v.rule == L_TURN.id and v.trick == 1 and (v.line, v.column) == leader.card_place()


class _Outcome:
    """What one hand decided, before scoring. (Made for every hand: a plain class, since a
    compiled dataclass's generated ``__init__`` runs as Python.)"""

    __slots__ = (
        "contract",
        "dealer",
        "dealer_other",
        "incomplete",
        "redeal",
        "redeal_reason",
        "replay",
        "trump",
    )

    def __init__(self, dealer: str | None, dealer_other: str | None = None) -> None:
        self.dealer = dealer
        #: Who dealt by the other reading when it is in doubt (None: it is not): the
        #: `dealer` line is not the rotation's (L-DEALER), either may be the slip; or, with
        #: no `dealer` line, an earlier one left two rotations. What turns on one dealer
        #: (the deal's sizes, the joker's discard, the first lead) is then not judged, the
        #: bids are judged under both (:meth:`EuchreSession._auction`), and the next hand's
        #: dealer may be either reading's.
        self.dealer_other = dealer_other
        self.contract: Contract | None = None
        self.trump: str | None = None
        self.redeal = False
        self.redeal_reason: str | None = None  # a key of REDEAL_REASONS when a redeal
        self.incomplete: list[str] = []  # why it cannot be scored, in words
        self.replay = Replay()  # (until the tricks are replayed)


def _trump_in_doubt(
    trumps: Sequence[TrumpLine], bid: BidLine, out: _Outcome, findings: Findings, *, report: bool
) -> None:
    """The winning bid names one suit and the hand's (first) ``trump`` line another: the
    trump is stated twice (L-DUPLICATE on the `trump` line) and the log does not say which
    was right. The hand is then judged as one whose trump is unknown: following suit is not
    judged (it depends on the trump) and the hand is not scored. A second `trump` line's
    L-DUPLICATE then says that neither line is used, not that the first one counts.
    ``report`` False (a line of the hand that could not be read may have been a higher
    bid): the contradiction may follow from that slip, already reported, so it is not
    reported again; the trump is in doubt all the same."""
    first = trumps[0]
    named, stated = suit_word(bid.suit or ""), suit_word(first.suit)
    doubt = f"the winning bid, line {bid.line}, says {bid.player} bid {label(bid.bid)} {named}"
    out.trump = None
    out.incomplete.append(
        f"the trump is in doubt: the winning bid names {named}, the `trump` line {stated}"
    )
    later = {(t.line, t.column) for t in trumps[1:]}
    for i, v in enumerate(findings.items):
        if v.rule == L_DUPLICATE.id and (v.line, v.column) in later:
            findings.items[i] = dataclasses.replace(
                v,
                evidence=f"the first, line {first.line}, says trump {stated}, and {doubt}: "
                "the trump is in doubt and no `trump` line is used",
            )
    if not report:
        return
    findings.add(
        L_DUPLICATE,
        first.line,
        first.column,
        f"the trump given twice in the hand: this line says {stated}, the winning bid {named}",
        evidence=f"{doubt}; the log does not say which suit was trump, so following suit is "
        "not judged and the hand is not scored",
    )


class EuchreSession:
    """Judges the hands of one Bid Euchre log, in order, keeping the running score.

    ``keep_tricks``: keep each hand's trick records in its result (for ``referee show``);
    without it they are made only for a hand with a claim, whose ruling reads them.
    """

    def __init__(self, header: Header, options: EuchreOptions, *, keep_tricks: bool = True) -> None:
        self.options = options
        self.keep_tricks = keep_tricks
        self.deck = deck_of(options)
        self.table = Table(header.players)
        #: The running score now; None when the log does not decide it (see ``_unknown``).
        self._score: dict[str, int] | None = {t: 0 for t in self.table.teams}
        self._unknown = ""  # why the running score is unknown, in words
        self._pending = Findings(
            self.table.players
        )  # faults of the header, reported with the first hand
        self._next_dealer: str | None = None
        #: The next dealer by the other reading of a `dealer` line against the rotation
        #: (None: no doubt).
        self._other_dealer: str | None = None
        self._game_number = 1
        self._game_over = False
        self._first = True
        self._last_number: int | None = None
        self.totals_complete = True  # False once a hand is not scored
        self.sequence = HandSequence()
        self._read_header_score(header)

    @property
    def score(self) -> dict[str, int] | None:
        """The running score now, keyed by team (seat order: seats 1+3, then 2+4), or None
        when the log does not decide it."""
        return dict(self._score) if self._score is not None else None

    def fill(self, report: FileReport) -> None:
        """The standings after the last hand: the running score (None: not known)."""
        report.score = self.score

    def judge(self, hand: Hand) -> list[EuchreHandResult]:
        """Judge one hand as read: more than one result when the log forgot a `hand` line
        inside it (see :func:`~referee.sequence.split_forgotten`)."""
        results = []
        one_deck = self.deck.copies == 1
        for part in split_forgotten(hand, self.table.players, self.deck.tricks, one_deck):
            place = self.sequence.place(part.hand, part.found)
            results.append(self.judge_hand(part.hand, place, part.repeats))
        return results

    def _read_header_score(self, header: Header) -> None:
        """The running score before hand 1: the header's `score` line, else 0-0; unknown
        when no `score` line was read and a header line that could not be read may have
        been it (the hands are then scored as after a hand missing from the log)."""
        if header.score is None:
            unread = header_may_have_said(header, ("score",)) if header.unread else None
            if unread is not None:
                self._score = None
                self._unknown = (
                    f"the score is unknown (line {unread.line} of the header could not be read)"
                )
            return
        recorded = read_entries(header.score, self.table, BE_TOTAL, self._pending)
        assert self._score is not None
        for team, points in recorded.items():
            self._score[team] = int(points)

    # ------------------------------------------------------------------ one hand

    def judge_hand(
        self, hand: Hand, place: Place | None = None, repeats: bool = True
    ) -> EuchreHandResult:
        """Judge one hand (called once per hand, in order) and update the running score.

        ``place`` is the hand's place in the log's sequence; ``repeats`` False says no
        statement it may have once comes twice in it, so it has no L-DUPLICATE (:meth:`judge`
        gives both, see :class:`~referee.sequence.Part`).
        """
        place = place or Place()
        if place.missing:
            self._lose_track(place.missing)
        if self._game_over:
            self._game_over = False
            self._game_number += 1
            self._score = {t: 0 for t in self.table.teams}
        findings = self._pending if self._first else Findings(self.table.players)
        findings.items.extend(place.findings)
        if repeats:
            findings.items.extend(duplicate_findings(hand, self.table.players, euchre=True))
        said = _Statements(hand)
        outcome = _Outcome(*self._settle_dealer(hand, said, findings))
        if hand.unreadable:
            outcome.incomplete.append(_unread(hand))
        auction = self._auction(hand, said, outcome, findings)
        self._settle_contract(hand, said, auction, outcome, findings)
        outcome.replay = self._replay(hand, said, outcome, findings)
        self._check_first_lead(hand, auction, outcome, findings)
        result = self._score_hand(hand, said, outcome, findings)
        claims = said.of(ClaimLine)
        if claims or self.keep_tricks:
            result.tricks = outcome.replay.records(outcome.trump, self.deck)
        result.claims = rule_on_claims(
            claims,
            outcome.replay.follows,
            result.tricks,
            outcome.trump,
            findings,
            self.deck,
            self._play_gaps(hand, outcome) if claims else (),
            _disputes(outcome.replay),
        )
        if not self.keep_tricks:
            result.tricks = []
        result.violations = findings.sorted()
        self._first = False
        self._last_number = hand.number
        self._next_dealer = self.table.left_of(outcome.dealer) if outcome.dealer else None
        other = outcome.dealer_other
        self._other_dealer = self.table.left_of(other) if other is not None else None
        if self._other_dealer == self._next_dealer:
            self._other_dealer = None
        return result

    def _check_first_lead(
        self, hand: Hand, auction: Auction, out: _Outcome, findings: Findings
    ) -> None:
        """Under ``first_lead: bidder`` the leader of trick 1 is the high bidder; one who led
        it with no bid line at all may be the bidder whose bid the log left out, so the
        contract is in doubt and the hand is not scored (the L-TURN says why)."""
        plays = out.replay.plays
        contract = out.contract
        if self.options.first_lead != "bidder" or contract is None or not plays or not plays[0]:
            return
        leader = plays[0][0]
        if leader.player == contract.bidder or leader.player in auction.written:
            return
        if may_have_said(hand.unreadable, ("bid",), self.table.players):
            # A bid line that did not read may have been the leader's winning bid: the
            # first lead follows from that slip, which is already reported (P-SYNTAX).
            findings.items[:] = [v for v in findings.items if not _is_first_lead(v, leader)]
            out.incomplete.append(f"the winning bid is in doubt: {leader.player} led trick 1")
            return
        note = (
            f"; {leader.player} has no bid line: if {leader.player} won the bidding, that bid "
            "is missing from the log"
        )
        for i, v in enumerate(findings.items):
            if _is_first_lead(v, leader):
                findings.items[i] = dataclasses.replace(v, evidence=v.evidence + note)
        out.incomplete.append(
            f"the winning bid is in doubt: {leader.player} led trick 1 with no bid line"
        )

    def _play_gaps(self, hand: Hand, out: _Outcome) -> list[str]:
        """What the log leaves out of the hand's play, in words (a claim's ruling says so):
        a line that could not be read and may have been a trick, tricks or cards missing."""
        gaps = list(out.replay.incomplete)
        if count_may_have_said(hand.unreadable, ("trick",), self.table.players):
            gaps.insert(0, _unread(hand))
        return gaps

    def _lose_track(self, missing: int) -> None:
        """Hands are missing from the log before this one: the score and the deal are not
        known from it."""
        gap = "a hand is" if missing == 1 else f"{missing} hands are"
        where = f" after hand {self._last_number}" if self._last_number is not None else ""
        self._score = None
        self._unknown = f"the score is unknown ({gap} missing from the log{where})"
        self._next_dealer = self._other_dealer = None

    def _auction(self, hand: Hand, said: _Statements, out: _Outcome, findings: Findings) -> Auction:
        """The bids replayed from the hand's dealer. When who dealt is in doubt (a `dealer`
        line that is not the rotation's, L-DEALER: see :class:`_Outcome`), the bids are
        judged from the other reading's dealer when they are in order from it and not
        from the first: the `dealer` line is then the one slip, and the bids no second
        finding."""
        dealer = out.dealer
        bids = said.of(BidLine)
        order_known = not may_have_said(hand.unreadable, ("bid",), self.table.players)
        played = bool(said.of(TrumpLine) or said.of(TrickLine))

        def replayed(given: str | None, into: Findings) -> Auction:
            return run_auction(
                bids,
                self.table,
                given,
                self.options,
                into,
                order_known=order_known,
                top=self.deck.top_bid,
                played=played,
            )

        rotation = out.dealer_other
        if rotation is None or dealer is None or rotation == dealer or not bids:
            return replayed(dealer, findings)
        stated, turned = Findings(self.table.players), Findings(self.table.players)
        auction = replayed(dealer, stated)
        if _out_of_turn(stated):
            from_rotation = replayed(rotation, turned)
            if not _out_of_turn(turned):
                findings.items.extend(turned.items)
                return from_rotation
        findings.items.extend(stated.items)
        return auction

    def _settle_dealer(
        self, hand: Hand, said: _Statements, findings: Findings
    ) -> tuple[str | None, str | None]:
        """The dealer: the stated one (L-DEALER when not the expected one, nor the other
        reading's of an earlier doubt) or the expected; and who dealt by the other reading
        when it is in doubt (see :class:`_Outcome`), else None."""
        lines = said.of(DealerLine)
        for line in lines:
            if not self.table.seated(line.player):
                findings.unseated(line.player, line, 1, "the dealer line")
        stated = next((d for d in lines if self.table.seated(d.player)), None)
        expected, other = self._next_dealer, self._other_dealer
        if stated is None:
            unsure = may_have_said(hand.unreadable, ("dealer",), self.table.players)
            if expected is None and self._first and not unsure:
                findings.add(
                    L_MISSING,
                    hand.line,
                    hand.column,
                    f"hand {hand.number} names no dealer",
                    evidence="the first hand of a log must have a `dealer` line; without it "
                    "the referee cannot tell who bids and leads first",
                )
            return expected, other if other != expected else None
        dealer = stated.player
        if expected is None and other is None:
            # (no rotation to hold the line against: the bids may be)
            return dealer, self._dealer_the_bids_show(said, dealer)
        if expected is not None and dealer != expected and dealer != other:
            findings.add(
                L_DEALER,
                stated.line,
                columns(stated)[1],
                f"{dealer} dealt, but it was {expected}'s deal",
                player=dealer,
                evidence="the deal passes to the left after every hand, redeals included",
            )
            return dealer, expected
        return dealer, None

    def _dealer_the_bids_show(self, said: _Statements, stated: str) -> str | None:
        """With no rotation to hold a `dealer` line against (the log's first hand): the
        dealer the bid lines are in turn from, when every seated player has one, they are
        in turn from another seat than the line's, and two players or more would have bid
        out of turn under the line. One slip in it is then the simpler reading: who dealt
        is in doubt (see :class:`_Outcome`). None otherwise."""
        order = list(dict.fromkeys(b.player for b in said.of(BidLine)))  # (first of each)
        players = self.table.players
        turn = bidding_order(self.table, stated, self.options)
        if turn is None or len(order) != len(players) or set(order) != set(players):
            return None
        if len(logchecks.early_announcers(order, turn)) < 2:
            return None
        for seat in players:
            if seat != stated and bidding_order(self.table, seat, self.options) == order:
                return seat
        return None

    def _settle_contract(
        self, hand: Hand, said: _Statements, auction: Auction, out: _Outcome, findings: Findings
    ) -> None:
        """Decide redeal / contract / unknown contract, and the trump suit."""
        trump_lines = said.of(TrumpLine)
        played = bool(said.of(TrickLine))
        redeals = said.of(RedealLine)
        if redeals:  # (a second one is L-DUPLICATE, see referee.sequence)
            judge_redeal(redeals[0], said.of(DealLine), self.options, findings)
            out.redeal, out.redeal_reason = True, "ace-no-face"
            return
        if auction.high is None:
            seated = set(self.table.players)
            if auction.stuck or set(auction.written) >= seated or not (trump_lines or played):
                out.redeal = True
                out.redeal_reason = "stuck-dealer" if auction.stuck else "all-pass"
                return
            out.incomplete.append("no winning bid")
            if not may_have_said(hand.unreadable, ("bid",), self.table.players):
                findings.add(
                    L_MISSING,
                    hand.line,
                    hand.column,
                    f"hand {hand.number} was played but no winning bid is recorded",
                    evidence="without the bids the contract is unknown, so the referee does "
                    "not score this hand",
                )
        else:
            bidder = auction.high.player
            partner = self.table.partner(bidder) if auction.high.bid in ("ask", "moon") else None
            out.contract = Contract(bidder, label(auction.high.bid), partner)
        bid_suit = auction.high.suit if auction.high is not None else None
        out.trump = trump_lines[0].suit if trump_lines else bid_suit
        if auction.high is not None and trump_lines and bid_suit not in (None, out.trump):
            unsure = may_have_said(hand.unreadable, ("bid",), self.table.players)
            _trump_in_doubt(trump_lines, auction.high, out, findings, report=not unsure)
        elif out.trump is None:
            out.incomplete.append("no trump line")
            # (a bid may name the suit, `bid ann 4 hearts`: an unreadable bid may have)
            if not may_have_said(hand.unreadable, ("trump", "bid"), self.table.players):
                findings.add(
                    L_MISSING,
                    hand.line,
                    hand.column,
                    f"hand {hand.number} has no `trump` line",
                    evidence="without the trump suit the referee cannot tell who won each "
                    "trick or which suit a jack follows: following suit is not judged and the "
                    "hand is not scored",
                )

    # ------------------------------------------------------------------ play

    def _replay(self, hand: Hand, said: _Statements, out: _Outcome, findings: Findings) -> Replay:
        # (after a `dealer` line against the rotation, who dealt is in doubt: see _Outcome)
        dealer = None if out.dealer_other is not None else out.dealer
        holdings = read_deals(said.of(DealLine), findings, self.deck, dealer)
        discards = said.of(DiscardLine)
        apply_discard(holdings, discards[0] if discards else None, dealer, findings)
        exchanges = said.of(ExchangeLine)
        for x in exchanges:
            for name, item in ((x.bidder, 1), (x.partner, 3)):
                if not self.table.seated(name):
                    findings.unseated(name, x, item, "the exchange line")
        if out.contract is not None:
            apply_exchange(
                holdings, exchanges[0] if exchanges else None, out.contract, out.trump, findings
            )
        tricks = said.of(TrickLine)
        active = self._active(out, tricks)
        leader, reason = self._first_leader(out, active)
        setup = Setup(
            table=self.table,
            active=active,
            trump=out.trump,
            holdings=holdings,
            first_leader=leader,
            lead_reason=reason,
            expected_tricks=0 if out.redeal else self.deck.tricks,
            redeal_reason=_redeal_words(out),
            out_reason=self._out_reasons(out),
            hand_line=hand.line,
            hand_column=hand.column,
            unreadable=count_may_have_said(hand.unreadable, ("trick",), self.table.players),
            deck=self.deck,
        )
        mark = len(findings.items)
        replay = TrickReplay(setup, findings).run(tricks)
        if out.trump is not None and len(tricks) >= 3 and _led_wrong(replay):
            doubt = self._trump_against_leads(tricks, out.trump)
            if doubt is not None:  # (judged again, the trump unknown: nothing turns on it)
                del findings.items[mark:]
                self._report_trump_doubt(tricks, out, doubt, findings)
                setup.trump = None
                replay = TrickReplay(setup, findings).run(tricks)
        out.incomplete.extend(replay.incomplete)
        return replay

    def _trump_against_leads(
        self, tricks: Sequence[TrickLine], trump: str
    ) -> logchecks.TrumpDoubt | None:
        """Whether the tricks' leads contradict the trump (see
        :func:`~referee.games.logchecks.trump_against_leads`; asked only of a hand with a
        trick led by another than the winner of the one before)."""
        deck = self.deck

        def winner(line: TrickLine, suit: str) -> str | None:
            # (None: a lead off the deck, or the winner's name twice in the line)
            players, cards = line.players, line.cards
            if not cards or cards[0] not in deck.cards:
                return None
            won = trick_winner(list(zip(players, cards, strict=True)), suit, deck)
            return won if won is not None and players.count(won) == 1 else None

        return logchecks.trump_against_leads(tricks[: deck.tricks], trump, winner)

    def _report_trump_doubt(
        self,
        tricks: Sequence[TrickLine],
        out: _Outcome,
        doubt: logchecks.TrumpDoubt,
        findings: Findings,
    ) -> None:
        """One L-TURN, on the first lead that shows a trump the leads contradict; the trump
        is in doubt, so no play is judged and the hand is not scored."""
        trump = out.trump or ""
        line = tricks[doubt.place]
        number = doubt.place + 1 if line.number is None else line.number
        fault = logchecks.lead_against_trump(line.players[0], number, trump, doubt)
        at = located(line, play_items(line, 0)[1], line.cards[0])
        findings.add_fault(fault, at, player=line.players[0], trick=number)
        out.trump = None
        out.incomplete.append(
            f"the leads contradict the trump ({suit_word(trump)}): the trump suit is in doubt"
        )

    def _active(self, out: _Outcome, tricks: Sequence[TrickLine]) -> list[str]:
        """The players in the hand, in seat order."""
        players = list(self.table.players)
        if out.redeal:
            return []
        if out.contract is not None:
            return [p for p in players if p != out.contract.partner_out]
        seated = self.table.seated
        shown = {p for t in tricks for p in t.players if seated(p)}
        return [p for p in players if p in shown] if len(shown) == 3 else players

    def _out_reasons(self, out: _Outcome) -> dict[str, str]:
        if out.redeal:
            return {p: "the hand was a redeal" for p in self.table.players}
        c = out.contract
        if c is None or c.partner_out is None:
            return {}
        return {c.partner_out: f"{c.partner_out} sits out: {c.bidder} bid {c.bid}"}

    def _first_leader(self, out: _Outcome, active: list[str]) -> tuple[str | None, str]:
        if self.options.first_lead == "bidder":
            if out.contract is None:
                return None, ""
            return out.contract.bidder, f"{out.contract.bidder}, the high bidder, leads trick 1"
        if out.dealer is None or out.dealer_other is not None or not active:
            return None, ""
        leader = next(
            p for p in self.table.clockwise_from(self.table.left_of(out.dealer)) if p in active
        )
        return leader, f"{leader} is the first player in the hand to the dealer's left"

    # ------------------------------------------------------------------ scoring

    def _score_hand(
        self, hand: Hand, said: _Statements, out: _Outcome, findings: Findings
    ) -> EuchreHandResult:
        teams = self.table.teams
        team_tricks = {t: 0 for t in teams}
        for winner in out.replay.winners:
            if winner is not None:
                team_tricks[self.table.team(winner)] += 1
        settles, scores = said.of(TeamSettleLine), said.of(ScoreLine)
        before = self._score
        points: dict[str, int] | None = None
        running: dict[str, int] | None = None
        why_not = "; ".join(out.incomplete)
        if not out.incomplete:
            contract = None if out.redeal else out.contract
            reneges = [
                self.table.team(v.player)
                for v in out.replay.follows
                if not v.corrected and v.player
            ]
            points = hand_points(
                contract, team_tricks, reneges, self.table, self.options, self.deck.tricks
            )
            if before is not None:
                running = {t: before[t] + points[t] for t in teams}
                for score_line in scores:
                    wrong = wrong_entries(score_line, running, self.table, findings)
                    if wrong:  # (the words of how, only for a line that is wrong)
                        why = _running_why(before, points)
                        report_wrong(score_line, wrong, running, findings, why)
            elif scores:  # the log gives the score again
                running = self._recorded_score(scores, findings)
            if running is not None or out.redeal:
                for line in settles:
                    wrong = wrong_entries(line, points, self.table, findings)
                    if wrong:
                        why = self._points_why(contract, team_tricks, reneges)
                        report_wrong(line, wrong, points, findings, why)
            else:
                why_not = self._unknown
                points = None
        else:
            unsure = may_have_said(hand.unreadable, ("settle", "score"), self.table.players)
            running = None if unsure else self._adopted(settles, scores, before, findings)
        settled = points is not None
        if not settled:
            self.totals_complete = False
            if running is None and before is not None:
                self._unknown = f"the score is unknown (hand {hand.number} was not scored)"
        self._score = running
        winner = game_winner(running, self.options.target) if running is not None else None
        self._game_over = winner is not None
        recorded = _recorded_lines(hand, settles, scores)
        # (Every field, in order: a class called with keywords is given them as a dict,
        # which doubles what making the result costs; tests/test_euchre_score.py pins the
        # order. The violations and claims are set when the hand is judged in full.)
        return EuchreHandResult(
            hand.number,  # number
            hand.line,  # line
            out.dealer,  # dealer
            out.trump,  # trump
            [],  # violations
            [],  # claims
            points,  # points
            dict(running) if running is not None else None,  # score
            winner,  # winner
            out.contract.bidder if out.contract else None,  # bidder
            out.contract.bid if out.contract else None,  # bid
            out.redeal,  # redeal
            out.redeal_reason if out.redeal else None,  # redeal_reason
            {} if out.incomplete else team_tricks,  # tricks_won
            self._game_number,  # game_number
            [line_text(x) for x in recorded],  # recorded
            [],  # tricks
            settled,  # settled
            None if settled else why_not,  # unsettled
            _record(recorded, findings, settled),  # record
        )

    def _points_why(
        self, contract: Contract | None, team_tricks: dict[str, int], reneges: list[str]
    ) -> str:
        """How the hand's points were reached, in words (:func:`hand_points`' notes)."""
        notes: list[str] = []
        hand_points(
            contract, team_tricks, reneges, self.table, self.options, self.deck.tricks, notes
        )
        return "; ".join(notes)

    def _recorded_score(self, scores: list[ScoreLine], findings: Findings) -> dict[str, int] | None:
        """The running score a hand's first `score` line records (None unless it names both
        teams)."""
        teams = self.table.teams
        recorded = read_entries(scores[0], self.table, BE_TOTAL, findings)
        if set(recorded) != set(teams):
            return None
        return {t: _whole(recorded[t]) for t in teams}

    def _adopted(
        self,
        settles: list[TeamSettleLine],
        scores: list[ScoreLine],
        before: dict[str, int] | None,
        findings: Findings,
    ) -> dict[str, int] | None:
        """For a hand the referee cannot score: the running score the table recorded (its
        `score` line, or its `settle` line added to a known score), or None. The lines are
        read for their names only: they are not judged."""
        scratch = Findings(
            self.table.players
        )  # (a recorded line of an unscored hand is not accused)
        running = self._recorded_score(scores, scratch) if scores else None
        if running is None and settles and before is not None:
            recorded = read_entries(settles[0], self.table, BE_SCORE, scratch)
            if set(recorded) == set(self.table.teams):
                running = {t: before[t] + _whole(recorded[t]) for t in self.table.teams}
        findings.items.extend(v for v in scratch.items if v.rule == L_PLAYER.id)
        return running


def _led_wrong(replay: Replay) -> bool:
    """Whether a trick of the replay is led by another than the winner of the one before."""
    plays, winners = replay.plays, replay.winners
    for k in range(1, len(plays)):
        won = winners[k - 1]
        if won is not None and plays[k] and plays[k][0].player != won:
            return True
    return False


def _disputes(replay: Replay) -> Disputes | None:
    """The cards the replay found played by two players, and the tricks led by a card in
    doubt, for the claims (None: none)."""
    if not replay.disputed and not replay.doubtful_leads:
        return None
    return Disputes(replay.disputed, replay.doubtful_leads)


def _unread(hand: Hand) -> str:
    """The hand's lines that could not be read, in words."""
    which = ", ".join(str(u.line) for u in hand.unreadable)
    word = "line" if len(hand.unreadable) == 1 else "lines"
    return f"{word} {which} could not be read"


def _redeal_words(out: _Outcome) -> str:
    """Why the hand is a redeal, in words ("" when it is not one)."""
    if not out.redeal or out.redeal_reason is None:
        return ""
    return REDEAL_REASONS[out.redeal_reason]


#: The usual verdicts, one of each (a Record is frozen).
_NOTHING_RECORDED: Final = Record()
_UNCHECKED: Final = Record("unchecked")
_AGREES: Final = Record("agrees")


def _record(
    recorded: list[TeamSettleLine | ScoreLine], findings: Findings, settled: bool
) -> Record:
    """The verdict on the hand's recorded `settle` and `score` lines (``recorded``)."""
    if not recorded:
        return _NOTHING_RECORDED
    if not settled:
        return _UNCHECKED
    rules = tuple(sorted({v.rule for v in findings.items if v.rule in (BE_SCORE.id, BE_TOTAL.id)}))
    return Record("differs", rules) if rules else _AGREES


def _recorded_lines(
    hand: Hand, settles: list[TeamSettleLine], scores: list[ScoreLine]
) -> list[TeamSettleLine | ScoreLine]:
    """The hand's recorded `settle` and `score` lines (``settles``, ``scores``: each kind's,
    in log order), in log order: the hand is read again only when it has both kinds."""
    if not scores:
        return list(settles)
    if not settles:
        return list(scores)
    return cast(list[TeamSettleLine | ScoreLine], [e for e in hand.events if type(e) in _RECORDED])


#: The kinds of the recorded lines (a statement's kind is its type: see _Statements).
_RECORDED: Final[frozenset[type]] = frozenset({TeamSettleLine, ScoreLine})


def _whole(value: Decimal) -> int:
    return int(value.to_integral_value())


def _running_why(before: dict[str, int], points: dict[str, int]) -> str:
    parts = [
        f"{team} {before[team]} {'+' if points[team] >= 0 else '-'} {abs(points[team])} = "
        f"{before[team] + points[team]}"
        for team in before
    ]
    return "score before the hand plus the hand's points: " + "; ".join(parts)


def _out_of_turn(findings: Findings) -> bool:
    """Whether an auction's findings hold a bid out of turn."""
    return any(v.rule == BE_BID_ORDER.id for v in findings.items)
