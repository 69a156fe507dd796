"""Each stage of the Bourré replay on its own, over a :class:`ReplayState`.

The replay is a sequence of stages (:mod:`referee.games.bourre.replay`); each takes the
state explicitly, so each is run and checked here without the others after it: what it
settles, and exactly the findings it adds.
"""

from __future__ import annotations

from referee.games.bourre import holdings, judging, layout, tricks
from referee.games.bourre.facts import gather_facts
from referee.games.bourre.state import ReplayState
from referee.options import BourreOptions
from referee.parser import read_text
from tests.test_bourre_settlement import HAND_3110, HEADER

BASE = HEADER + HAND_3110.format(n=1)


def _state(text: str) -> ReplayState:
    """The replay state of the log's only hand, before any stage ran."""
    reader = read_text(text)
    assert reader.header is not None, reader.errors
    (hand,) = list(reader.hands())
    assert not reader.errors, reader.errors
    seats = tuple(reader.header.players)
    return ReplayState(gather_facts(hand, frozenset(seats)), seats, BourreOptions(), None)


def _laid_out(state: ReplayState) -> ReplayState:
    """Run the stages before the tricks."""
    layout.note_unreadable(state)
    layout.check_names(state)
    layout.check_duplicates(state)
    layout.settle_dealer(state)
    layout.settle_trump(state)
    layout.settle_decisions(state)
    layout.check_decisions(state)
    layout.check_deck(state)
    return state


def _findings(state: ReplayState) -> list[tuple[str, str | None, int | None, str | None]]:
    return [(v.rule, v.player, v.trick, v.card) for v in state.violations]


def test_layout_settles_dealer_trump_and_who_played_and_leaves_the_tricks() -> None:
    state = _laid_out(_state(BASE))
    assert (state.dealer, state.trump) == ("eve", "h")
    assert state.upcard == "9h"
    assert state.active == ["ann", "bob", "cy", "dee"]
    assert state.passed == {"eve"}
    assert state.plays == [] and state.winners == []
    assert state.violations == [] and state.incomplete == []


def test_layout_alone_flags_a_player_who_passed_with_an_ace_upcard() -> None:
    text = BASE.replace("trump 9h", "trump Ah")
    state = _laid_out(_state(text))
    assert _findings(state) == [("BR-ACE-DEALER", "eve", None, "Ah")]
    assert state.plays == []  # the tricks are not this stage's


def test_tricks_lays_out_every_trick_and_its_winner() -> None:
    state = _laid_out(_state(BASE))
    tricks.lay_out_tricks(state)
    assert [[p.player for p in trick] for trick in state.plays[:1]] == [["ann", "bob", "cy", "dee"]]
    assert len(state.plays) == 5
    assert state.winners == ["ann", "ann", "ann", "bob", "cy"]
    assert state.violations == [] and state.unsure == set()


def test_tricks_alone_flags_the_wrong_leader_once() -> None:
    text = BASE.replace(
        "trick 1: ann As, bob 2s, cy 3s, dee 4s", "trick 1: bob 2s, cy 3s, dee 4s, ann As"
    )
    state = _laid_out(_state(text))
    tricks.lay_out_tricks(state)
    assert _findings(state) == [("L-TURN", "bob", 1, "2s")]
    assert state.winners[0] == "ann"


def test_holdings_alone_checks_the_tricks_against_the_deal() -> None:
    text = BASE.replace("ann play\n", "deal ann As Ks Qs 2c 2h\nann play\n")
    state = _laid_out(_state(text))
    tricks.lay_out_tricks(state)
    assert state.violations == []  # the deal fits the deck; the tricks are in order
    holdings.cross_check_hands(state)
    assert _findings(state) == [("L-NOT-HELD", "ann", 5, "3c")]


def test_judging_alone_adds_only_the_renege() -> None:
    # bob holds 5s (played in trick 2) and 8s when spades are led in trick 1, and plays 6d
    text = BASE.replace("bob 2s, cy 3s", "bob 6d, cy 3s").replace("bob 6d, cy Ad", "bob 2s, cy Ad")
    state = _laid_out(_state(text))
    tricks.lay_out_tricks(state)
    holdings.cross_check_hands(state)
    assert state.violations == []
    judging.judge_plays(state)
    assert _findings(state) == [("BR-FOLLOW", "bob", 1, "6d")]
