"""The tricks against what the deal, discards and draws recorded (L-NOT-HELD, L-CARD)."""

from __future__ import annotations

from referee.bourre.state import LoggedPlay, ReplayState
from referee.cards import pretty
from referee.logrules import (
    L_CARD,
    L_NOT_HELD,
)
from referee.records import CardAt, DecisionLine


class HoldingChecks(ReplayState):
    """Holding checks of a hand's replay (a mixin over :class:`ReplayState`)."""

    def _cross_check_hands(self) -> None:
        """Check the tricks against what the deal, discards and draws recorded."""
        ran_out = self._stock_ran_out()
        elsewhere = self._cards_out_of_play(ran_out)
        for player in self.active:
            plays = self._plays_of(player)
            for play in plays:
                source = elsewhere.get(play.card.card)
                if source is not None and source[0] != player:
                    self._flag_held_elsewhere(play, source[1])
            self._check_against_record(player, plays)

    def _cards_out_of_play(self, ran_out: bool) -> dict[str, tuple[str, str]]:
        """Cards the log places with one player (kept, or out of play): card -> (who, why)."""
        where: dict[str, tuple[str, str]] = {}
        for name, deal in self.facts.deals.items():
            decision = self.facts.decisions.get(name)
            thrown = {c.card for c in (decision.discards or ())} if decision else set()
            for c in deal.cards:
                if name in self.passed:
                    if not ran_out:
                        where[c.card] = (name, f"{name} was dealt it and folded")
                elif c.card in thrown:
                    if not ran_out:
                        where[c.card] = (name, f"{name} discarded it and the stock did not run out")
                elif decision is not None and decision.discard_count == 0:
                    where[c.card] = (name, f"{name} was dealt it and kept all cards")
        for name, decision in self.facts.decisions.items():
            if name in self.active and not ran_out:
                for c in decision.discards or ():
                    where.setdefault(c.card, (name, f"{name} discarded it"))
        for card in self._contested:  # which deal line is wrong is unknown
            where.pop(card, None)
        return where

    def _flag_held_elsewhere(self, play: LoggedPlay, why: str) -> None:
        card = play.card
        self.flag_card(
            L_CARD,
            f"{pretty(card.card)} cannot be {play.player}'s",
            card,
            player=play.player,
            trick=play.trick,
            evidence=why,
        )

    def _check_against_record(self, player: str, plays: list[LoggedPlay]) -> None:
        deal = self.facts.deals.get(player)
        decision = self.facts.decisions.get(player)
        if decision is None:
            return
        thrown = decision.discards
        if thrown is None and decision.discard_count == 0:
            thrown = ()  # a plain `play` keeps every card
        dealt = {c.card for c in deal.cards} if deal else None
        if dealt is not None and player == self.dealer and self.upcard is not None:
            dealt.add(self.upcard.card)
        if dealt is not None and thrown is not None:
            for c in thrown:
                if c.card not in dealt:
                    self.flag_card(
                        L_NOT_HELD,
                        f"{player} discarded {pretty(c.card)}, not in their deal",
                        c,
                        player=player,
                        evidence=f"{player}'s deal did not hold it",
                    )
        if thrown is not None:
            self._check_known_exchange(player, plays, dealt, thrown, decision)
        elif dealt is not None and decision.discard_count is not None:
            self._check_counted_exchange(player, plays, dealt, decision.discard_count)

    def _check_known_exchange(
        self,
        player: str,
        plays: list[LoggedPlay],
        dealt: set[str] | None,
        thrown: tuple[CardAt, ...],
        decision: DecisionLine,
    ) -> None:
        out = {c.card for c in thrown}
        drawn = {c.card for c in decision.draws} if decision.draws is not None else None
        if not out:
            drawn = set()
        for play in plays:
            c = play.card.card
            if c in out and (drawn is None or c not in drawn):
                why = f"{player} discarded it (line {decision.line})"
            elif dealt is not None and drawn is not None and c not in (dealt - out) | drawn:
                why = f"{player} was not dealt it and did not draw it"
            else:
                continue
            self.flag(
                L_NOT_HELD,
                f"{player} played {pretty(c)}, not in their hand",
                play.card.line,
                play.card.column,
                player=player,
                trick=play.trick,
                card=c,
                evidence=why,
            )

    def _check_counted_exchange(
        self, player: str, plays: list[LoggedPlay], dealt: set[str], count: int
    ) -> None:
        from_deal = [p for p in plays if p.card.card in dealt]
        drawn = [p for p in plays if p.card.card not in dealt]
        keep = self.opts.hand_size - count
        for excess, limit, why in (
            (from_deal[keep:] if keep >= 0 else [], keep, "kept"),
            (drawn[count:], count, "drew"),
        ):
            for play in excess[:1]:
                self.flag_card(
                    L_NOT_HELD,
                    f"{player} played {pretty(play.card.card)}, not in their hand",
                    play.card,
                    player=player,
                    trick=play.trick,
                    evidence=f"{player} exchanged {count} cards, so {why} only {limit}",
                )
