"""Bid Euchre: scoring, recorded settle/score lines, and the end of a game."""

from __future__ import annotations

import pytest

from referee.games.euchre.holdings import Contract
from referee.games.euchre.score import game_winner, hand_points
from referee.games.euchre.table import Table
from referee.options import EuchreOptions
from tests.euchre_builders import judge, judge_with_session, line_of, log, rules_of, spec_hand

TABLE = Table(("ann", "bob", "cy", "dee"))

#: the spec hand without a dealer line and with only dee's bid: fits any later hand
NEXT = spec_hand("bid dee 4", dealer=None)


@pytest.mark.parametrize(
    ("bid", "points"),
    [
        ("3", {"ann+cy": 2, "bob+dee": 4}),  # made: the tricks taken, not the bid
        ("4", {"ann+cy": 2, "bob+dee": 4}),
        ("5", {"ann+cy": 2, "bob+dee": -5}),  # set: loses the bid
        ("6", {"ann+cy": 2, "bob+dee": -6}),
    ],
)
def test_number_bids_made_and_set(bid: str, points: dict[str, int]) -> None:
    result = judge(log(spec_hand(f"bid dee {bid}")))[0]
    assert result.violations == []
    assert result.points == points


def test_defenders_bid_and_are_set() -> None:
    # cy bids 3 for ann+cy, who take 2: set; first_lead left so dee still leads
    result = judge(log(spec_hand("bid cy 3", dealer="cy")), first_lead="left")[0]
    assert result.violations == []
    assert result.points == {"ann+cy": -3, "bob+dee": 4}


def test_hand_points_ask_and_moon() -> None:
    opts = EuchreOptions()
    ask = Contract("ann", "ask", "cy")
    assert hand_points(ask, {"ann+cy": 6}, [], TABLE, opts) == {"ann+cy": 12, "bob+dee": 0}
    assert hand_points(ask, {"ann+cy": 5, "bob+dee": 1}, [], TABLE, opts) == {
        "ann+cy": -6,
        "bob+dee": 1,
    }
    moon = Contract("bob", "moon", "dee")
    assert hand_points(moon, {"bob+dee": 6}, [], TABLE, opts) == {"ann+cy": 0, "bob+dee": 24}
    notes: list[str] = []
    points = hand_points(moon, {"bob+dee": 4, "ann+cy": 2}, ["ann+cy"], TABLE, opts, 6, notes)
    assert points == {"ann+cy": 0, "bob+dee": -6}
    assert notes == [
        "bob bid moon and bob+dee took 4: failed, -6",
        "ann+cy took 2: +2",
        "a renege by ann+cy: -2",
    ]
    assert hand_points(moon, {"bob+dee": 4, "ann+cy": 2}, ["ann+cy"], TABLE, opts) == points
    assert hand_points(None, {}, [], TABLE, opts) == {"ann+cy": 0, "bob+dee": 0}


def test_game_winner() -> None:
    assert game_winner({"a": 31, "b": 10}, 32) is None
    assert game_winner({"a": 32, "b": 10}, 32) == "a"
    assert game_winner({"a": 33, "b": 35}, 32) == "b"
    assert game_winner({"a": 32, "b": 32}, 32) is None  # level at the target: play on
    assert game_winner({"a": 40, "b": 40}, 32) is None


# ----------------------------------------------------------------------------- recorded lines


def test_wrong_settle_is_be_score() -> None:
    text = log(spec_hand(extra="settle bob+dee 5 ann+cy 2"))
    result = judge(text)[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("BE-SCORE", None, None, None)
    assert v.line == line_of(text, "settle")
    assert "bob+dee 5" in v.message and "bob+dee 4" in v.message


def test_team_in_either_order() -> None:
    result = judge(log(spec_hand(extra="settle dee+bob 4 cy+ann 2\nscore cy+ann 2 dee+bob 4")))
    assert result[0].violations == []


def test_team_that_is_not_a_partnership() -> None:
    result = judge(log(spec_hand(extra="settle ann+bob 4 cy+dee 2")))[0]
    # one slip (ann+bob pairs cy+dee as well): one finding
    assert rules_of(result.violations) == ["BE-SCORE"]
    assert "ann+bob is not a team" in result.violations[0].message
    # two entries wrong on their own: each is a finding
    result = judge(log(spec_hand(extra="settle ann+bob 4 ann+dee 2")))[0]
    assert rules_of(result.violations) == ["BE-SCORE", "BE-SCORE"]


def test_unseated_name_in_a_team() -> None:
    result = judge(log(spec_hand(extra="settle bob+eve 4 ann+cy 2")))[0]
    assert rules_of(result.violations) == ["L-PLAYER"]


def test_running_score_and_be_total() -> None:
    good = log(spec_hand(extra="score bob+dee 4 ann+cy 2"), NEXT + "score bob+dee 8 ann+cy 4")
    assert [r.violations for r in judge(good)] == [[], []]
    bad = log(spec_hand(extra="score bob+dee 4 ann+cy 2"), NEXT + "score bob+dee 8 ann+cy 5")
    results = judge(bad)
    (v,) = results[1].violations
    assert (v.rule, v.player, v.trick, v.line) == ("BE-TOTAL", None, None, line_of(bad, "ann+cy 5"))
    assert [r.score for r in results] == [
        {"ann+cy": 2, "bob+dee": 4},
        {"ann+cy": 4, "bob+dee": 8},
    ]


def test_header_score_sets_the_start() -> None:
    text = log(spec_hand(extra="score bob+dee 14 ann+cy 12"), header="score ann+cy 10 bob+dee 10")
    session, (result,) = judge_with_session(text)
    assert result.violations == []
    assert session.score == {"ann+cy": 12, "bob+dee": 14}


def test_redeal_scores_nothing_and_is_checked() -> None:
    body = "dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\n"
    result = judge(log(body + "settle ann+cy 0 bob+dee 0\nscore ann+cy 0 bob+dee 0"))[0]
    assert result.violations == [] and result.redeal
    wrong = judge(log(body + "settle ann+cy 0 bob+dee 1"))[0]
    assert rules_of(wrong.violations) == ["BE-SCORE"]


# ----------------------------------------------------------------------------- game end


def test_game_ends_and_a_new_game_starts_at_zero() -> None:
    text = log(spec_hand(), NEXT, NEXT + "score bob+dee 4 ann+cy 2")
    session, results = judge_with_session(text, target=5)
    assert [r.winner for r in results] == [None, "bob+dee", None]
    assert [r.game_number for r in results] == [1, 1, 2]
    assert [r.score for r in results] == [
        {"ann+cy": 2, "bob+dee": 4},
        {"ann+cy": 4, "bob+dee": 8},
        {"ann+cy": 2, "bob+dee": 4},
    ]
    assert results[2].violations == []
    assert session.score == {"ann+cy": 2, "bob+dee": 4}


def test_session_score_after_a_win_is_the_final_score() -> None:
    session, results = judge_with_session(log(spec_hand()), target=4)
    assert results[0].winner == "bob+dee"
    assert session.score == {"ann+cy": 2, "bob+dee": 4}


def test_level_at_or_over_the_target_plays_on() -> None:
    text = log(spec_hand(), NEXT, header="score ann+cy 2 bob+dee 0")
    results = judge(text, target=4)
    assert results[0].score == {"ann+cy": 4, "bob+dee": 4}
    assert results[0].winner is None
    assert results[1].winner == "bob+dee" and results[1].game_number == 1


def test_default_target_32() -> None:
    results = judge(log(spec_hand()), target=32)
    assert results[0].winner is None
    text = log(spec_hand(), header="score ann+cy 0 bob+dee 28")
    assert judge(text)[0].winner == "bob+dee"


def test_result_fields_keep_the_order_the_engine_gives_them_in() -> None:
    """The session makes a hand's result with every field given in order (a class called
    with keywords is handed a dict): a field moved in ``referee.report`` must be moved
    there too."""
    from dataclasses import fields

    from referee.report import EuchreHandResult

    assert [f.name for f in fields(EuchreHandResult)] == [
        "number", "line", "dealer", "trump", "violations", "claims", "points", "score",
        "winner", "bidder", "bid", "redeal", "redeal_reason", "tricks_won", "game_number",
        "recorded", "tricks", "settled", "unsettled", "record",
    ]  # fmt: skip
