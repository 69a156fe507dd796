"""The tricks against what the deal, discards and draws recorded (L-NOT-HELD, L-CARD).

The rules of what the log shows are :mod:`~referee.games.bourre.knowledge`'s; this explains what
they rule out, at the card that shows it. :func:`cross_check_hands` is a stage of the replay
(:mod:`~referee.games.bourre.replay`), run on the
:class:`~referee.games.bourre.state.ReplayState` once the tricks are laid out.
"""

from __future__ import annotations

import referee.games.logchecks as logchecks
from referee.cards import pretty
from referee.games.bourre.knowledge import (
    DISCARDED,
    FOLDED,
    KEPT,
    Problem,
    cards_out_of_play,
    exchange_problems,
)
from referee.games.bourre.play import BIT
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.logrules import L_NOT_HELD
from referee.records import DecisionLine, decision_items, located

#: The upcard is no other player's while the stock lasts (see :func:`_upcard_placed`).
_UPCARD = "upcard"
_PLACED = {
    FOLDED: "{who} was dealt it and folded",
    KEPT: "{who} was dealt it and kept all cards",
    DISCARDED: "{who} discarded it",
    _UPCARD: "{who} dealt it face up as the upcard, and the stock did not run out",
}
_THROWN = "{who} discarded it and the stock did not run out"


def cross_check_hands(state: ReplayState) -> None:
    """Check the tricks against what the deal, discards and draws recorded."""
    ran_out = state.stock_ran_out()
    played = state.cards_played  # (only the cards played are asked where they are)
    elsewhere = cards_out_of_play(
        state.facts.decisions,
        state.facts.deals,
        state.active,
        ran_out,
        state.contested,
        played,
    )
    upcard = _upcard_placed(state, ran_out)
    if upcard is not None and BIT.get(upcard, 0) & played:
        elsewhere.setdefault(upcard, (state.dealer or "", _UPCARD))
    seat_plays = state.seat_plays
    for seat, player in enumerate(state.active):  # (not zip: compiled, zip is a Python call)
        plays = seat_plays[seat]
        _check_against_record(state, player, plays)  # (first: a card's one log fault)
        if not elsewhere:
            continue  # (the clean hand: no card played is placed elsewhere)
        for play in plays:
            source = elsewhere.get(play.card)
            if source is not None and source[0] != player:
                who, why = source
                state.record_contradicted.update((who, player))  # (one record is wrong)
                _flag_held_elsewhere(state, play, _PLACED.get(why, _THROWN).format(who=who))


def _upcard_placed(state: ReplayState, ran_out: bool) -> str | None:
    """The upcard, where the log places it with the dealer: it is the dealer's (who may
    discard it, out of play until the stock runs out), so while the stock lasts no other
    player can hold it. None where the log does not say who dealt (a `dealer` line against
    the rotation leaves it in doubt: the upcard is then anyone's), or the stock may have run
    out, or the card is dealt to two players."""
    up = state.upcard
    if up is None or ran_out or up in state.contested:
        return None
    if state.dealer is None or not state.dealer_shown or state.dealer_contradicted:
        return None
    return up


def _flag_held_elsewhere(state: ReplayState, play: LoggedPlay, why: str) -> None:
    """L-CARD for a play of a card the log places with someone else (``why``: where)."""
    fault = logchecks.held_elsewhere(play.card, play.player, why)
    state.flag_fault(fault, play.card_at, player=play.player, trick=play.trick)
    _note_unheld(state, play)


def _note_unheld(state: ReplayState, play: LoggedPlay) -> None:
    """The log's record contradicts the play (see :attr:`ReplayState.unheld`)."""
    state.unheld.setdefault(play.player, []).append((play.card, play.trick))


def _check_against_record(state: ReplayState, player: str, plays: list[LoggedPlay]) -> None:
    """The player's plays against their own deal and exchange line, if the log has one."""
    line = state.facts.decisions.get(player)
    if line is None:
        return
    # (the upcard is the dealer's; where the log does not show who dealt, anyone's)
    dealt_it = player == state.dealer or not state.dealer_shown or state.dealer_contradicted
    upcard = state.upcard if dealt_it and state.upcard else None
    played = tuple(p.card for p in plays)
    deal = state.dealt(player)
    for problem in exchange_problems(line, deal, upcard, played, state.opts.hand_size):
        state.record_contradicted.add(player)
        _explain(state, player, line, plays, problem)


def _explain(
    state: ReplayState, player: str, line: DecisionLine, plays: list[LoggedPlay], problem: Problem
) -> None:
    """The finding for one thing the exchange rules out."""
    if problem.kind == "not-dealt":
        assert line.discards is not None
        thrown = line.discards[problem.at]
        state.flag_card(
            L_NOT_HELD,
            f"{player} discarded {pretty(thrown)}, not in their deal",
            located(line, decision_items(line)[0][problem.at], thrown),
            player=player,
            evidence=f"{player}'s deal did not hold it",
        )
        return
    play = plays[problem.at]
    count = line.discard_count
    why = {
        "discarded": f"{player} discarded it (line {line.line})",
        "not-held": f"{player} was not dealt it and did not draw it",
        "kept": f"{player} exchanged {count} cards, so kept only {problem.limit}",
        "drew": f"{player} exchanged {count} cards, so drew only {problem.limit}",
    }[problem.kind]
    fault = logchecks.not_in_hand(player, play.card, why)
    state.flag_fault(fault, play.card_at, player=player, trick=play.trick)
    _note_unheld(state, play)
