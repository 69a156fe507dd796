"""Every game has a view (what the reports show of its hands), and a view's JSON keys are
the ones the JSON report writes for its hands, in order."""

from __future__ import annotations

from referee.games import all_games
from referee.render.json import hand_json
from referee.render.views import game_title, view_of
from referee.render.views.bourre import HAND_KEYS
from referee.report import BourreHandResult, EuchreHandResult


def test_every_game_has_a_view_and_a_title() -> None:
    for game in all_games():
        assert view_of(game.key) is not None, game.key
        assert game_title(game.key) == game.title
    assert view_of("poker") is None
    assert game_title("poker") == "poker"
    assert game_title(None, "not judged") == "not judged"


def test_hand_results_name_their_game() -> None:
    assert BourreHandResult(1, 1, None, None, None).game == "bourre"
    assert EuchreHandResult(1, 1, None, None).game == "bid-euchre"


def test_the_bourre_keys_are_the_json_hands_keys_in_order() -> None:
    hand = BourreHandResult(2, 7, "ann", "h", "Ah", active=["ann", "bob"])
    assert tuple(hand_json(hand)) == HAND_KEYS
