"""The Bid Euchre session: judges hands one at a time and keeps the running score.

Each hand goes: dealer (rotation), auction, contract and trump, the recorded hands
(``deal``, ``exchange``), the trick replay (log faults, then following suit), claims,
scoring, and the recorded ``settle`` / ``score`` checks. Nothing here prints.

Where the log leaves the contract unknown (tricks without a winning bid, or no trump), the
referee judges what it can, reports the missing statement (L-MISSING) and does not score
the hand itself: it takes the table's recorded ``settle`` / ``score`` lines when there are
any, so later running-score checks do not inherit a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from referee.euchre.auction import Auction, label, run_auction
from referee.euchre.claims import rule_on_claims
from referee.euchre.holdings import Contract, apply_exchange, read_deals
from referee.euchre.replay import Replay, Setup, TrickReplay
from referee.euchre.score import check_line, game_winner, hand_points, line_text, read_entries
from referee.euchre.table import Findings, Table
from referee.options import EuchreOptions
from referee.records import (
    BidLine,
    ClaimLine,
    DealerLine,
    DealLine,
    Event,
    ExchangeLine,
    Hand,
    Header,
    ScoreLine,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)
from referee.report import EuchreHandResult

E = TypeVar("E", bound=Event)

TRICKS = 6


def _events(hand: Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


@dataclass(slots=True)
class _Outcome:
    """What one hand decided, before scoring."""

    dealer: str | None = None
    contract: Contract | None = None
    trump: str | None = None
    redeal: bool = False
    known: bool = True  # False: the hand was played but cannot be scored by the referee
    replay: Replay = field(default_factory=Replay)


class EuchreSession:
    """Judges the hands of one Bid Euchre log, in order, keeping the running score."""

    def __init__(self, header: Header, options: EuchreOptions) -> None:
        self.options = options
        self.table = Table(header.players)
        self._score: dict[str, int] = {t: 0 for t in self.table.teams}
        self._pending = Findings(
            self.table.players
        )  # faults of the header, reported with the first hand
        self._next_dealer: str | None = None
        self._game_number = 1
        self._game_over = False
        self._first = True
        self._read_header_score(header)

    @property
    def score(self) -> dict[str, int]:
        """The running score now, keyed by team (seat order: seats 1+3, then 2+4)."""
        return dict(self._score)

    def _read_header_score(self, header: Header) -> None:
        recorded = read_entries(header.score, self.table, "BE-TOTAL", self._pending)
        for team, points in recorded.items():
            self._score[team] = int(points)

    # ------------------------------------------------------------------ one hand

    def judge_hand(self, hand: Hand) -> EuchreHandResult:
        """Judge one hand (called once per hand, in order) and update the running score."""
        if self._game_over:
            self._game_over = False
            self._game_number += 1
            self._score = {t: 0 for t in self.table.teams}
        findings = self._pending if self._first else Findings(self.table.players)
        outcome = _Outcome(dealer=self._settle_dealer(hand, findings))
        auction = run_auction(
            _events(hand, BidLine), self.table, outcome.dealer, self.options, findings
        )
        self._settle_contract(hand, auction, outcome, findings)
        outcome.replay = self._replay(hand, outcome, findings)
        result = self._score_hand(hand, outcome, findings)
        result.claims = rule_on_claims(
            _events(hand, ClaimLine),
            outcome.replay.follows,
            result.tricks,
            outcome.trump,
            findings,
        )
        result.violations = findings.sorted()
        self._first = False
        self._next_dealer = self.table.left_of(outcome.dealer) if outcome.dealer else None
        return result

    def _settle_dealer(self, hand: Hand, findings: Findings) -> str | None:
        """The dealer: the stated one (L-DEALER when not the expected one) or the expected."""
        lines = _events(hand, DealerLine)
        for line in lines:
            if not line.player.seated:
                findings.unseated(line.player, "the dealer line")
        stated = next((d for d in lines if d.player.seated), None)
        expected = self._next_dealer
        if stated is None:
            if expected is None and self._first:
                findings.add(
                    "L-MISSING",
                    hand.line,
                    hand.column,
                    f"hand {hand.number} names no dealer",
                    evidence="the first hand of a log must have a `dealer` line; without it "
                    "the referee cannot tell who bids and leads first",
                )
            return expected
        dealer = stated.player.name
        if expected is not None and dealer != expected:
            findings.add(
                "L-DEALER",
                stated.player.line,
                stated.player.column,
                f"{dealer} dealt, but it was {expected}'s deal",
                player=dealer,
                evidence="the deal passes to the left after every hand, redeals included",
            )
        return dealer

    def _settle_contract(
        self, hand: Hand, auction: Auction, out: _Outcome, findings: Findings
    ) -> None:
        """Decide redeal / contract / unknown contract, and the trump suit."""
        trump_lines = _events(hand, TrumpLine)
        played = bool(_events(hand, TrickLine))
        seated = set(self.table.players)
        if auction.high is None:
            if auction.stuck or set(auction.written) >= seated or not (trump_lines or played):
                out.redeal = True
                return
            out.known = False
            findings.add(
                "L-MISSING",
                hand.line,
                hand.column,
                f"hand {hand.number} was played but no winning bid is recorded",
                evidence="without the bids the contract is unknown, so the referee does not "
                "score this hand; it takes the recorded settle/score lines, if any",
            )
        else:
            bidder = auction.high.player.name
            partner = self.table.partner(bidder) if auction.high.bid in ("ask", "moon") else None
            out.contract = Contract(bidder, label(auction.high.bid), partner)
        bid_suit = auction.high.suit if auction.high is not None else None
        out.trump = trump_lines[0].suit if trump_lines else bid_suit
        if out.trump is None:
            out.known = False
            findings.add(
                "L-MISSING",
                hand.line,
                hand.column,
                f"hand {hand.number} has no `trump` line",
                evidence="without the trump suit the referee cannot tell who won each trick or "
                "which suit a jack follows: following suit is not judged and the hand is "
                "not scored",
            )

    # ------------------------------------------------------------------ play

    def _replay(self, hand: Hand, out: _Outcome, findings: Findings) -> Replay:
        holdings = read_deals(_events(hand, DealLine), findings)
        exchanges = _events(hand, ExchangeLine)
        for x in exchanges:
            for name in (x.bidder, x.partner):
                if not name.seated:
                    findings.unseated(name, "the exchange line")
        if out.contract is not None:
            apply_exchange(
                holdings, exchanges[0] if exchanges else None, out.contract, out.trump, findings
            )
        tricks = _events(hand, TrickLine)
        active = self._active(out, tricks)
        leader, reason = self._first_leader(out, active)
        setup = Setup(
            table=self.table,
            active=active,
            trump=out.trump,
            holdings=holdings,
            first_leader=leader,
            lead_reason=reason,
            expected_tricks=0 if out.redeal else TRICKS,
            out_reason=self._out_reasons(out),
            hand_line=hand.line,
            hand_column=hand.column,
        )
        return TrickReplay(setup, findings).run(tricks)

    def _active(self, out: _Outcome, tricks: Sequence[TrickLine]) -> list[str]:
        """The players in the hand, in seat order."""
        players = list(self.table.players)
        if out.redeal:
            return []
        if out.contract is not None:
            return [p for p in players if p != out.contract.partner_out]
        shown = {p.player.name for t in tricks for p in t.plays if p.player.seated}
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
        if out.dealer is None or not active:
            return None, ""
        leader = next(
            p for p in self.table.clockwise_from(self.table.left_of(out.dealer)) if p in active
        )
        return leader, f"{leader} is the first player in the hand to the dealer's left"

    # ------------------------------------------------------------------ scoring

    def _score_hand(self, hand: Hand, out: _Outcome, findings: Findings) -> EuchreHandResult:
        teams = self.table.teams
        won = out.replay.tricks_won()
        team_tricks = {t: 0 for t in teams}
        for player, count in won.items():
            team_tricks[self.table.team(player)] += count
        settles, scores = _events(hand, TeamSettleLine), _events(hand, ScoreLine)
        scoreable = out.redeal or (out.known and bool(out.replay.plays))
        if scoreable:
            contract = None if out.redeal else out.contract
            reneges = [
                self.table.team(v.player)
                for v in out.replay.follows
                if not v.corrected and v.player
            ]
            points, why = hand_points(contract, team_tricks, reneges, self.table, self.options)
            running = {t: self._score[t] + points[t] for t in teams}
            for line in settles:
                check_line(line, points, self.table, findings, why)
            for score_line in scores:
                check_line(
                    score_line, running, self.table, findings, _running_why(self._score, points)
                )
        else:
            points, running = self._adopt_recorded(settles, scores, findings)
        self._score = running
        winner = game_winner(running, self.options.target)
        self._game_over = winner is not None
        return EuchreHandResult(
            number=hand.number,
            line=hand.line,
            dealer=out.dealer,
            trump=out.trump,
            points=points,
            score=dict(running),
            winner=winner,
            bidder=out.contract.bidder if out.contract else None,
            bid=out.contract.bid if out.contract else None,
            redeal=out.redeal,
            tricks_won=team_tricks,
            game_number=self._game_number,
            recorded=[line_text(x) for x in _recorded_lines(hand)],
            tricks=out.replay.records(out.trump),
        )

    def _adopt_recorded(
        self, settles: list[TeamSettleLine], scores: list[ScoreLine], findings: Findings
    ) -> tuple[dict[str, int], dict[str, int]]:
        """For a hand the referee cannot score: the table's recorded points and score."""
        teams = self.table.teams
        points = {t: 0 for t in teams}
        if settles:
            for team, value in read_entries(
                settles[0].entries, self.table, "BE-SCORE", findings
            ).items():
                points[team] = _whole(value)
        running = {t: self._score[t] + points[t] for t in teams}
        if scores:
            for team, value in read_entries(
                scores[0].entries, self.table, "BE-TOTAL", findings
            ).items():
                running[team] = _whole(value)
        return points, running


def _recorded_lines(hand: Hand) -> list[TeamSettleLine | ScoreLine]:
    return [e for e in hand.events if isinstance(e, TeamSettleLine | ScoreLine)]


def _whole(value: Decimal) -> int:
    return int(value.to_integral_value())


def _running_why(before: dict[str, int], points: dict[str, int]) -> str:
    parts = [
        f"{team} {before[team]} {'+' if points[team] >= 0 else '-'} {abs(points[team])} = "
        f"{before[team] + points[team]}"
        for team in before
    ]
    return "score before the hand plus the hand's points: " + "; ".join(parts)
