"""Replay one Bourré hand: apply every logged event, then ask the rules about each play.

The replay never judges while applying. It first lays out the hand (dealer, trump, who
played, the tricks as logged, log faults: :mod:`~referee.games.bourre.layout`), cross-checks the
tricks against the recorded deal and draw (:mod:`~referee.games.bourre.holdings`), then
reconstructs each player's hand at every play from the tricks (every active player plays
all their cards, so the tricks reveal the hand after the draw) and judges each play
against :mod:`referee.games.bourre.rules` (:mod:`~referee.games.bourre.judging`).
"""

from __future__ import annotations

from referee.games.bourre.holdings import HoldingChecks
from referee.games.bourre.judging import PlayJudging
from referee.games.bourre.layout import LayoutChecks
from referee.games.bourre.state import HandOutcome, LoggedPlay

__all__ = ["HandOutcome", "HandReplay", "LoggedPlay"]


class HandReplay(LayoutChecks, HoldingChecks, PlayJudging):
    """One hand's replay. Build it, call :meth:`run` once."""

    def run(self) -> HandOutcome:
        """Lay out the hand, check the log, judge every play and claim."""
        self._note_unreadable()
        self._check_names()
        self._check_duplicates()
        self._settle_dealer()
        self._settle_trump()
        self._settle_decisions()
        self._check_decisions()
        self._check_deck()
        self._lay_out_tricks()
        self._cross_check_hands()
        self._judge_plays()
        won = {p: 0 for p in self.active}
        for winner in self.winners:
            if winner in won:
                won[winner] += 1
        outcome = HandOutcome(
            dealer=self.dealer,
            trump=self.trump,
            upcard=self.upcard.card if self.upcard else None,
            active=list(self.active),
            tricks_won=won,
            tricks_played=len(self.plays),
            tricks=self._trick_records(),
        )
        outcome.violations = sorted(self.violations, key=lambda v: (v.line, v.column))
        outcome.claims = [self._rule_on_claim(c, outcome.reneges) for c in self.facts.claims]
        outcome.took_back = [v.player for v in outcome.reneges if v.corrected and v.player]
        outcome.incomplete = list(self.incomplete)
        outcome.early = list(self.early)
        return outcome
