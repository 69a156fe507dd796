"""The games' registry: the keys the command line offers before it imports a game
(:class:`referee.games.GameKey`) are :func:`referee.games.all_games`', in order, and are
the keys each game's hands and view go by."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.games import GameKey, all_games
from referee.render.views import view_of
from referee.report import BourreHandResult, EuchreHandResult

ROOT = Path(__file__).resolve().parents[1]


def test_the_keys_named_without_a_game_are_every_games_in_order() -> None:
    assert [key.value for key in GameKey] == [game.key for game in all_games()]
    hands = {BourreHandResult.game, EuchreHandResult.game}
    assert hands == {game.key for game in all_games()}
    assert all(view_of(key) is not None for key in hands)


def test_the_command_line_takes_each_game_by_its_key_in_any_case() -> None:
    runner = CliRunner()
    for game in all_games():
        rules = runner.invoke(app, ["rules", "--game", game.key.upper()])
        assert rules.exit_code == 0 and f"{game.title} rules" in rules.stdout, rules.output
        assert f"game {game.key}" in runner.invoke(app, ["new", game.key]).stdout
    for args in (["rules", "-g", "poker"], ["new", "poker"]):
        wrong = runner.invoke(app, args)
        assert wrong.exit_code == 2 and "'poker' is not one of" in wrong.stderr, wrong.stderr


def test_starting_the_command_line_imports_no_game() -> None:
    code = "import json, sys, referee.cli; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    loaded = [m for m in json.loads(done.stdout) if m.startswith("referee.games")]
    assert loaded == ["referee.games", "referee.games.base"]
