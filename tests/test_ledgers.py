"""Each game's standings ledger (:class:`referee.games.Ledger`) and its part of ``referee
standings``: named by the game and its view, so that the standings name no game."""

from __future__ import annotations

import ast
import pickle
from decimal import Decimal
from pathlib import Path

from referee.audit import audit_text
from referee.games import all_games
from referee.render.views import view_of
from referee.report import BourreHandResult, EuchreHandResult, FileReport
from referee.standings import LeftOut, StandingsWriter, standings_of
from tests.test_standings import EUCHRE, NIGHT_A, NIGHT_B, SAMPLES

ROOT = Path(__file__).resolve().parents[1]


def test_each_ledger_counts_only_its_games_settled_hands() -> None:
    hands = {
        "bourre": BourreHandResult(1, 5, "ann", "h", None, payouts={"ann": Decimal(1)}),
        "bid-euchre": EuchreHandResult(1, 5, "ann", "h", points={"ann+cy": 2}),
    }
    for game in all_games():
        report = FileReport("x.hlog", game.key, ["ann", "bob", "cy", "dee"])
        ledger = game.new_ledger(report)
        assert [ledger.add(hand) for key, hand in hands.items()] == [
            key == game.key for key in hands
        ]
        view = view_of(game.key)
        assert view is not None and view.standings() is view.standings()


def test_worker_tallies_pickle_and_add_up_as_the_whole() -> None:
    reports = [
        audit_text(log, path=f"{i}.hlog") for i, log in enumerate((NIGHT_A, NIGHT_B, EUCHRE))
    ]
    worker, whole = StandingsWriter(keep=True), StandingsWriter()
    for report in reports:
        worker.begin(report)
        for hand in report.hands:
            worker.hand(hand)
        worker.end(report)
        whole.part(pickle.loads(pickle.dumps(worker.take_part())))
    table = whole.standings
    assert table == standings_of(reports)
    assert [(p.name, p.files, p.hands, p.net) for p in table.bourre_lines()] == [
        ("cy", 2, 6, 2),
        ("dee", 1, 2, 1),
        ("ann", 2, 6, 0),
        ("bob", 1, 4, -6),
    ]
    assert table.pot() == 3 and len(table.settle_up().transfers) == 3
    assert [(t.name, t.points) for t in table.team_lines()] == [("bob+dee", 4), ("ann+cy", 2)]
    assert [(p.name, p.played) for p in table.euchre_lines()] == [
        ("bob", 1),
        ("dee", 1),
        ("ann", 1),
        ("cy", 1),
    ]
    assert (table.counted("bourre"), table.counted("bid-euchre")) == (6, 1)


def test_a_file_of_no_game_counts_nothing() -> None:
    hand = BourreHandResult(1, 3, None, None, None)
    table = standings_of([FileReport("bad.hlog", None, ["ann", "bob"], hands=[hand])])
    assert table.left_out == [LeftOut("bad.hlog", "", 1, 3, "not settled")]
    assert table.ledgers == {} and table.bourre_lines() == [] and table.pot() == 0
    assert not table.has("bourre") and table.files[0].counted == 0


def test_money_places_come_from_files_with_a_counted_hand() -> None:
    cents = FileReport("cents.hlog", "bourre", ["ann", "bob"], money_places=2)  # no hand
    whole = audit_text(NIGHT_B, path="b.hlog")
    assert standings_of([cents, whole]).money_places == 0
    messy = audit_text((SAMPLES / "bourre" / "messy-night.hlog").read_text(), path="m.hlog")
    assert messy.money_places == 2 and standings_of([whole, messy]).money_places == 2


def test_the_standings_name_no_game() -> None:
    """Each game's part is its ledger's and its view's: the standings' core and renderer
    loop over the games (their methods named for a game read its ledger)."""
    names = {name for game in all_games() for name in (game.key, *game.names)}
    for module in ("referee/standings.py", "referee/render/standings.py"):
        tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
        calls = [
            ast.unparse(n)
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and ast.unparse(n.func) == "isinstance"
        ]
        assert not strings & names, module
        assert not [c for c in calls if "HandResult" in c], module


def test_the_standings_still_give_each_games_lines_by_player_and_team() -> None:
    """``Standings.bourre``, ``.euchre`` and ``.teams`` (the library read them before the
    ledgers moved into the games) are the ledgers' own lines."""
    reports = [audit_text(log, path=f"{i}.hlog") for i, log in enumerate((NIGHT_A, EUCHRE))]
    table = standings_of(reports)
    assert sorted(line.name for line in table.bourre.values()) == sorted(
        line.name for line in table.bourre_lines()
    )
    assert table.bourre and table.euchre and table.teams
    assert {line.name for line in table.euchre_lines()} == {
        line.name for line in table.euchre.values()
    }
    assert {team.name for team in table.team_lines()} == {t.name for t in table.teams.values()}
    assert all(len(key) == 2 and key == tuple(sorted(key)) for key in table.teams)
