"""Each rule says which house options change what it finds (:attr:`Rule.options`); here,
that every option of a game is read by some rule, that every option a rule reads is one of
its game's, and that the randomised tests (the Bourré oracle's random options, the Bid
Euchre simulation's) give each of them more than one value, so none goes unexercised.
"""

from __future__ import annotations

import dataclasses
import random

from referee.games import all_games, game_of
from referee.rulebook import all_rules
from tests.simulate import random_options
from tests.test_euchre_property import _options as random_euchre_options


def _keys(game: str) -> set[str]:
    return {f.name for f in dataclasses.fields(game_of(game).options_type())}


def _read_by(game: str) -> set[str]:
    return {
        key for rule in all_rules().values() if rule.game in (game, "both") for key in rule.options
    }


def test_every_declared_option_is_an_option_of_the_rules_game() -> None:
    for rule in all_rules().values():
        games = [g.key for g in all_games()] if rule.game == "both" else [rule.game]
        known = set().union(*(_keys(g) for g in games))
        assert set(rule.options) <= known, rule.id


def test_every_option_is_read_by_some_rule() -> None:
    for game in all_games():
        assert _keys(game.key) <= _read_by(game.key), game.key


def _values_drawn(draw: object, rounds: int = 400) -> dict[str, set[object]]:
    rng = random.Random(13)
    seen: dict[str, set[object]] = {}
    for _ in range(rounds):
        drawn = draw(rng)  # type: ignore[operator]
        items = dataclasses.asdict(drawn) if dataclasses.is_dataclass(drawn) else drawn
        for key, value in items.items():
            seen.setdefault(key, set()).add(value)
    return seen


def test_the_randomised_bourre_tests_vary_every_option_a_rule_reads() -> None:
    seen = _values_drawn(random_options)
    unvaried = sorted(k for k in _read_by("bourre") & _keys("bourre") if len(seen.get(k, ())) < 2)
    assert unvaried == []


def test_the_randomised_euchre_tests_vary_every_option_a_rule_reads() -> None:
    seen = _values_drawn(random_euchre_options)
    wanted = _read_by("bid-euchre") & _keys("bid-euchre")
    unvaried = sorted(k for k in wanted if len(seen.get(k, ())) < 2)
    assert unvaried == []
