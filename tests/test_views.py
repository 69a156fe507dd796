"""Every game has a view (what the reports show of its hands), and a view's JSON keys are
the ones the JSON report writes for its hands, in order."""

from __future__ import annotations

from referee.games import all_games
from referee.render.json import hand_json
from referee.render.views import game_title, view_of
from referee.render.views.bourre import HAND_KEYS
from referee.render.views.euchre import HAND_KEYS as EUCHRE_HAND_KEYS
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


def test_the_euchre_keys_are_the_json_hands_keys_in_order() -> None:
    hand = EuchreHandResult(3, 9, "ann", "s", bidder="bob", bid="4")
    assert tuple(hand_json(hand)) == EUCHRE_HAND_KEYS


def test_json_csv_and_views_need_neither_rich_nor_the_html_code() -> None:
    """The views make words and cells: a JSON or CSV audit imports no rich (the text
    report's) and no HTML part (imported only for a page)."""
    import subprocess
    import sys
    from pathlib import Path

    samples = Path(__file__).resolve().parents[1] / "samples"
    script = (
        "import sys; from pathlib import Path\n"
        "from referee.audit import audit_file\n"
        "from referee.render.csv import render_csv\n"
        "from referee.render.json import render_json\n"
        "from referee.report import Report\n"
        f"files = sorted(Path({str(samples)!r}).rglob('*.hlog'))\n"
        "reports = [audit_file(p) for p in files]\n"
        "assert len(reports) > 10 and any(r.game == 'bid-euchre' for r in reports)\n"
        "render_json(Report(reports)); render_csv(reports)\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] == 'rich' or m.endswith('_html')]\n"
        "print(loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
