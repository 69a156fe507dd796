"""Judging every play of a Bourré hand, and ruling on claims."""

from __future__ import annotations

from referee.cards import pretty
from referee.games.bourre.cinch import CinchView, cinch_duty, cinch_view
from referee.games.bourre.knowledge import dead_upcard, own_discards
from referee.games.bourre.play import follower_duty, is_legal
from referee.games.bourre.rules import (
    PlayContext,
    first_breach,
)
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.records import ClaimLine
from referee.report import ClaimRuling, TrickRecord, Violation


class PlayJudging(ReplayState):
    """Play judging of a hand's replay (a mixin over :class:`ReplayState`)."""

    def _judge_plays(self) -> None:
        trump, opts = self.trump, self.opts
        decisions, deals = self.plain_decisions(), self.plain_deals()
        dealer = self.dealer
        dealer_played = {p.card.card for p in self._plays_of(dealer)} if dealer else set()
        upcard = self.upcard.card if self.upcard else None
        dealer_decision = decisions.get(dealer) if dealer else None
        dead_up = dead_upcard(upcard, dealer, self.active, dealer_decision, dealer_played)
        # What the tricks reveal of each hand; it shrinks as the cards are played.
        holding = {p: {x.card.card for x in self._plays_of(p)} for p in self.active}
        # Own discards are dead only while the stock certainly did not run out: after, they
        # may have been dealt again (the dead upcard still is: the dealer is served last).
        ran_out = self._stock_ran_out()
        discards = {
            p: set() if ran_out else own_discards(decisions.get(p), deals.get(p), holding[p])
            for p in self.active
        }
        if dead_up:
            for dead in discards.values():
                dead.add(dead_up)
        trumps_left = {p: sum(1 for c in holding[p] if c[-1] == trump) for p in self.active}
        won = {p: 0 for p in self.active}
        earlier: set[str] = set()
        for number, plays in enumerate(self.plays, start=1):
            # (the cinch is judged only where the log shows the whole hand: a card it leaves
            # out could be one that makes a lower trump equivalent to the highest)
            complete = (
                not self.incomplete
                and len(plays) == len(self.active)
                and _in_order(plays, self.active)
            )
            views: dict[str, CinchView] = {}
            if trump is not None and self.opts.cinch and complete:
                for p in self.active:
                    if won[p] + trumps_left[p] < 3:
                        continue  # three sure tricks are out of reach: no cinch
                    seen = cinch_view(won[p], holding[p], earlier | discards[p], trump)
                    if seen.is_cinch:
                        views[p] = seen
            table: list[str] = []
            for i, play in enumerate(plays):
                card = play.card.card
                if play.judged:
                    hand = holding[play.player]
                    view = views.get(play.player)
                    # the fast "may I?": most plays are legal and need no explanation
                    if view or play.retracted or not is_legal(card, hand, table, trump, opts):
                        is_last = complete and i == len(plays) - 1
                        self._judge(play, hand, tuple(table), view, is_last)
                table.append(card)
            earlier.update(table)
            for play in plays:
                if play.judged:
                    holding[play.player].discard(play.card.card)
                    if play.card.card[-1] == trump:
                        trumps_left[play.player] -= 1
            winner = self.winners[number - 1]
            if winner in won:
                won[winner] += 1

    def _shown_cards(self, player: str) -> dict[str, str]:
        where: dict[str, str] = {}
        for play in self._plays_of(player):
            where[play.card.card] = f"played in trick {play.trick}"
        return where

    def _judge(
        self,
        play: LoggedPlay,
        hand: set[str],
        table: tuple[str, ...],
        cinch: CinchView | None,
        is_last: bool,
    ) -> None:
        """Judge one play (and the card taken back, if any) held against ``hand``."""
        cards = (
            frozenset(hand) if play.retracted is None else frozenset(hand) | {play.retracted.card}
        )
        duty = follower_duty(cards, table, self.trump, self.opts)
        duty_c = None
        if cinch is not None and self.trump is not None:
            duty_c = cinch_duty(
                cards, table, self.trump, duty.allowed, cinch.unseen, is_last, self.opts.cinch_last
            )
        for card, corrected in ((play.retracted, True), (play.card, False)):
            if card is None:
                continue
            ctx = PlayContext(
                play.player,
                card.card,
                cards,
                table,
                self.trump,
                play.trick,
                duty,
                cinch,
                duty_c,
                self._shown_cards(play.player),
            )
            breach = first_breach(ctx)
            if breach is None:
                continue
            rule, evidence = breach
            verb = "put down and took back" if corrected else "played"
            self.flag_card(
                rule,
                f"{play.player} {verb} {pretty(card.card)}: {rule.summary}",
                card,
                player=play.player,
                trick=play.trick,
                evidence=evidence,
                corrected=corrected,
            )

    # ------------------------------------------------------------------ claims, records

    def _rule_on_claim(self, claim: ClaimLine, reneges: list[Violation]) -> ClaimRuling:
        accused = claim.against.name
        found = [
            v
            for v in reneges
            if v.player == accused and (claim.trick is None or v.trick == claim.trick)
        ]
        where = f"trick {claim.trick}" if claim.trick is not None else "this hand"
        if found:
            v = found[0]
            state = " (taken back)" if v.corrected else ""
            reason = f"{v.rule} in trick {v.trick}{state}: {v.evidence}"
            ruling = "upheld"
        else:
            ruling = "rejected"
            mine = [
                p
                for t in self.plays
                for p in t
                if p.player == accused and (claim.trick is None or p.trick == claim.trick)
            ]
            if not mine:
                reason = f"{accused} played no card in {where}"
            else:
                shown = ", ".join(f"{pretty(p.card.card)} (trick {p.trick})" for p in mine)
                reason = f"every card {accused} played in {where} was legal: {shown}"
        return ClaimRuling(
            claim.by.name, accused, claim.trick, ruling, reason, claim.line, claim.column
        )

    def _trick_records(self) -> list[TrickRecord]:
        records = []
        for number, (plays, winner) in enumerate(
            zip(self.plays, self.winners, strict=True), start=1
        ):
            records.append(
                TrickRecord(
                    number,
                    plays[0].player if plays else None,
                    tuple((p.player, p.card.card) for p in plays),
                    winner,
                    plays[0].card.card[-1] if plays else None,
                    tuple((p.player, p.retracted.card) for p in plays if p.retracted),
                )
            )
        return records


def _in_order(plays: list[LoggedPlay], active: list[str]) -> bool:
    """Whether the plays go clockwise from the leader among the active players."""
    if not plays:
        return False
    base = active.index(plays[0].player)
    positions = [(active.index(p.player) - base) % len(active) for p in plays]
    return positions == sorted(set(positions))
