"""Replay one Bourré hand: apply every logged event, then ask the rules about each play.

The replay never judges while applying. Its stages run in order over one
:class:`~referee.games.bourre.state.ReplayState` (the hand's facts and what the stages have
established so far, and the findings): it lays out the hand (dealer, trump, who played, log
faults: :mod:`~referee.games.bourre.layout`) and its tricks as logged
(:mod:`~referee.games.bourre.tricks`), cross-checks the tricks against the recorded deal and
draw (:mod:`~referee.games.bourre.holdings`), then reconstructs each player's hand at every
play from the tricks (every active player plays all their cards, so the tricks reveal the
hand after the draw) and judges each play against :mod:`referee.games.bourre.rules`
(:mod:`~referee.games.bourre.judging`). :func:`replay_hand` gives the
:class:`~referee.games.bourre.state.HandOutcome`.
"""

from __future__ import annotations

from referee.games.bourre import holdings, judging, layout, tricks
from referee.games.bourre.facts import HandFacts
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.state import HandOutcome, LoggedPlay, ReplayState
from referee.report import TrickRecord

__all__ = ["HandOutcome", "LoggedPlay", "replay_hand"]


def replay_hand(
    facts: HandFacts,
    seats: tuple[str, ...],
    opts: BourreOptions,
    expected_dealer: str | None,
    *,
    first: bool = True,
    repeats: bool = True,
    keep_tricks: bool = True,
    other_dealer: str | None = None,
    seated: frozenset[str] | None = None,
) -> HandOutcome:
    """Lay out the hand, check the log, judge every play and claim.

    ``expected_dealer`` is the rotation's dealer (None when unknown); ``first`` says the
    hand is the log's first (which must name its dealer); ``repeats`` False, that no
    statement it may have once comes twice in it (see :class:`~referee.sequence.Part`:
    then it has no L-DUPLICATE); ``keep_tricks``, that the outcome keeps the tricks as
    laid out (for ``referee show``); ``seated``, the seats' names as a set, if the caller
    has one.
    """
    state = ReplayState(
        facts, seats, opts, expected_dealer, first=first, other_dealer=other_dealer, seated=seated
    )
    layout.note_unreadable(state)
    layout.check_names(state)
    if repeats:
        layout.check_duplicates(state)
    layout.settle_dealer(state)
    layout.settle_trump(state)
    layout.settle_decisions(state)
    layout.check_decisions(state)
    layout.check_deck(state)
    tricks.lay_out_tricks(state)
    holdings.cross_check_hands(state)
    judging.judge_plays(state)
    return _outcome(state, keep_tricks)


def _outcome(state: ReplayState, keep_tricks: bool) -> HandOutcome:
    """What the stages established, for settlement and the report (the state's lists are
    handed over, not copied: the state is not used after)."""
    winners = state.winners
    won = {p: winners.count(p) for p in state.active}  # (a hand's few tricks, counted in C)
    outcome = HandOutcome(
        dealer=state.dealer,
        trump=state.trump,
        upcard=state.upcard,
        active=state.active,
        tricks_won=won,
        tricks_played=len(state.plays),
        tricks=_trick_records(state) if keep_tricks else [],
    )
    outcome.violations = sorted(state.violations, key=lambda v: (v.line, v.column))
    reneges = outcome.reneges
    outcome.claims = [judging.rule_on_claim(state, c, reneges) for c in state.facts.claims]
    outcome.took_back = [v.player for v in reneges if v.corrected and v.player]
    outcome.incomplete = state.incomplete
    outcome.undecided = state.undecided
    outcome.dealer_contradicted = state.dealer_contradicted
    outcome.dealer_other = state.dealer_other
    outcome.early = state.early
    return outcome


def _trick_records(state: ReplayState) -> list[TrickRecord]:
    """Each trick as laid out: its leader, cards, winner, led suit and cards taken back."""
    records = []
    for number, (plays, winner) in enumerate(zip(state.plays, state.winners, strict=True), start=1):
        records.append(
            TrickRecord(
                number,
                plays[0].player if plays else None,
                tuple((p.player, p.card) for p in plays),
                winner,
                plays[0].card[-1] if plays else None,
                tuple((p.player, p.retracted) for p in plays if p.retracted),
            )
        )
    return records
