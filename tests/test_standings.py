"""``referee standings`` and its core: standings added up over files, and the settle-up.

The Bourré night below is worked out by hand (see the comments); the settle-up is checked
against a brute-force search for the fewest transfers on small random cases.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.audit import audit_text
from referee.cli import app
from referee.render.standings import CSV_COLUMNS
from referee.settleup import Transfer, fewest_transfers, settle_up
from referee.standings import POT, player_key, standings_of

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
runner = CliRunner()

# Night A, three players, ante 1, nothing carried in.
# hand 1 (cy deals): ann and bob play, ann takes all five tricks: pot 3, ann +2; bob takes
#   none: a bourré of 3 into the next pot, bob -4; cy -1. Carry 3, bob exempt next.
# hand 2 (ann deals): ann and cy ante, pot 5, everyone passes: ann -1, bob 0, cy -1; carry 5.
# hand 3 (bob deals): everyone antes, pot 8, only cy plays and takes it: cy +7, the others -1.
# hand 4 (cy deals): pot 3, everyone passes: -1 each, carry 3.
# Night A: ann -1, bob -6, cy +4 (3 left in the pot).
NIGHT_A = """\
game bourre
players ann bob cy

hand 1
dealer cy
trump 2h
ann play
bob play
cy pass
trick 1: ann Ah, bob 2c
trick 2: ann Kh, bob 3c
trick 3: ann Qh, bob 4c
trick 4: ann Jh, bob 5c
trick 5: ann Th, bob 6c

hand 2
trump 3s
bob pass
cy pass
ann pass

hand 3
trump 4s
cy play
ann pass
bob pass

hand 4
trump 5s
ann pass
bob pass
cy pass
"""

# Night B, another table: ANN (ann of night A), dee and cy, nothing carried in.
# hand 1 (dee deals): pot 3, only ANN plays: ANN +2, dee -1, cy -1.
# hand 2 (cy deals): pot 3, only dee plays: dee +2, ANN -1, cy -1.
# Night B: ANN +1, dee +1, cy -2.
NIGHT_B = """\
game bourre
players ANN dee cy

hand 1
dealer dee
trump 4d
cy pass
ANN play
dee pass

hand 2
trump 6c
ANN pass
dee play
cy pass
"""

# ann puts down 9♣ while holding a cinch and takes it back (a corrected BR-CINCH): she takes
# all five tricks but cannot take the pot, so it carries (3, plus bob's bourré of 3).
# Hand 2 (bob deals: ann lost her turn to deal): ann and cy ante, pot 8; bob reneges
# (BR-FOLLOW) and takes most tricks: nobody wins, bob pays 8. ann -2, bob -12, cy -2.
RENEGES = """\
game bourre
players ann bob cy

hand 1
dealer cy
trump 2h
ann play
bob play
cy pass
trick 1: ann Ah (was 9c), bob 6d
trick 2: ann Kh, bob 2c
trick 3: ann Qh, bob 3c
trick 4: ann Jh, bob 4c
trick 5: ann 9c, bob 5c

hand 2
dealer bob
trump 3d
cy pass
ann play
bob play
trick 1: ann Ac, bob Kc
trick 2: ann 2s, bob 7h
trick 3: ann 3s, bob 4s
trick 4: bob 9s, ann 5s
trick 5: bob Ts, ann 6s
"""

# The spec's Bid Euchre example (dee bids 4: bob+dee 4, ann+cy 2).
EUCHRE = """\
game bid-euchre
players ann bob cy dee

hand 1
dealer dee
bid ann pass
bid bob pass
bid cy 3
bid dee 4
trump hearts
trick 1: dee Ad, ann 9d, bob 9c, cy Qc
trick 2: dee 9h, ann Jh, bob Qh, cy Kh
trick 3: ann Qd, bob Qs, cy Ks, dee 9s
trick 4: ann Kd, bob Tc, cy Jc, dee Ah
trick 5: dee Th, ann Ts, bob As, cy Kc
trick 6: dee Jd, ann Td, bob Ac, cy Js
"""


def _cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


def _night(tmp_path: Path) -> Path:
    folder = tmp_path / "night"
    folder.mkdir()
    (folder / "a.hlog").write_text(NIGHT_A, encoding="utf-8")
    (folder / "b.hlog").write_text(NIGHT_B, encoding="utf-8")
    return folder


# ----------------------------------------------------------------------------- Bourré


def test_two_file_night_by_hand(tmp_path: Path) -> None:
    code, out = _cli("standings", "--format", "json", str(_night(tmp_path)))
    assert code == 0
    doc = json.loads(out)
    assert [(f["hands"], f["counted"], f["errors"]) for f in doc["files"]] == [
        (4, 4, []),
        (2, 2, []),
    ]
    bourre = doc["bourre"]
    assert bourre["hands"] == 6 and bourre["left_out"] == [] and doc["bid-euchre"] is None
    rows = [
        (p["name"], p["files"], p["hands"], p["played"], p["pots_won"], p["bourres"], p["net"])
        for p in bourre["players"]
    ]
    assert rows == [
        ("cy", 2, 6, 1, 1, 0, 2),
        ("dee", 1, 2, 1, 1, 0, 1),
        ("ann", 2, 6, 2, 2, 0, 0),  # ANN of night B is ann, spelt as night A seats her
        ("bob", 1, 4, 1, 0, 1, -6),
    ]
    assert bourre["pot"] == 3  # night A's last hand carried 3
    assert bourre["settle_up"] == {
        "transfers": [
            {"from": "bob", "to": POT, "amount": 3},
            {"from": "bob", "to": "cy", "amount": 2},
            {"from": "bob", "to": "dee", "amount": 1},
        ],
        "fewest": True,
    }


def test_two_file_night_text(tmp_path: Path) -> None:
    code, out = _cli("standings", str(_night(tmp_path)))
    assert code == 0
    assert out.splitlines() == [
        "Bourré standings: 2 files, 6 hands counted",
        "  player  files  hands  played  pots won  bourrés  reneges  taken back  net",
        "  cy          2      6       1         1        0        0           0   +2",
        "  dee         1      2       1         1        0        0           0   +1",
        "  ann         2      6       2         2        0        0           0    0",
        "  bob         1      4       1         0        1        0           0   -6",
        "  left in the pot: 3 (put in and not won; paid into the pot below, for the next game)",
        "",
        "Who pays whom (3 transfers, the fewest that settle every balance):",
        "  bob  pays  the pot  3",
        "  bob  pays  cy       2",
        "  bob  pays  dee      1",
        "",
        "2 files, 6 hands counted",
    ]


def test_reneges_corrected_and_not() -> None:
    report = audit_text(RENEGES, path="r.hlog")
    assert [(v.rule, v.player, v.corrected) for h in report.hands for v in h.violations] == [
        ("BR-CINCH", "ann", True),
        ("BR-FOLLOW", "bob", False),
    ]
    table = standings_of([report])
    lines = {p.name: p for p in table.bourre_lines()}
    assert (lines["ann"].reneges, lines["ann"].corrected, lines["ann"].pots_won) == (0, 1, 0)
    assert (lines["bob"].reneges, lines["bob"].corrected, lines["bob"].bourres) == (1, 0, 1)
    assert {name: line.net for name, line in lines.items()} == {"ann": -2, "bob": -12, "cy": -2}
    assert (lines["cy"].played, lines["ann"].played) == (0, 2)
    assert table.pot() == 16
    transfers = table.settle_up().transfers
    assert transfers == (
        Transfer("bob", POT, Decimal(12)),
        Transfer("ann", POT, Decimal(2)),
        Transfer("cy", POT, Decimal(2)),
    )


def test_names_match_ignoring_case_and_unicode_form() -> None:
    # Å as the angstrom sign (U+212B) and as the letter (U+00C5): the same name after NFC.
    sign, letter = "\u212bsa", "\u00c5SA"
    assert sign != letter and player_key(sign) == player_key(letter)
    one = audit_text(NIGHT_B.replace("ANN", sign), path="one.hlog")
    two = audit_text(NIGHT_B.replace("ANN", letter), path="two.hlog")
    assert not one.errors and not two.errors
    table = standings_of([one, two])
    assert [(p.name, p.files, p.net) for p in table.bourre_lines()] == [
        ("dee", 2, 2),
        (letter[0] + "sa", 2, 2),  # read composed (NFC), spelt as the first file seats her
        ("cy", 2, -4),
    ]


def test_unsettled_hands_are_left_out_and_read_errors_exit_2(tmp_path: Path) -> None:
    messy = str(SAMPLES / "bourre" / "messy-night.hlog")
    code, out = _cli("standings", "-f", "json", messy, str(tmp_path / "missing.hlog"))
    assert code == 2
    doc = json.loads(out)
    assert [(f["game"], f["hands"], f["counted"]) for f in doc["files"]] == [
        ("bourre", 7, 5),
        (None, 0, 0),
    ]
    assert [e["code"] for f in doc["files"] for e in f["errors"]] == ["P-SYNTAX", "P-IO"]
    assert doc["bourre"]["left_out"] == [
        {"path": messy, "hand": 2, "line": 27, "reason": "no trump line"},
        {
            "path": messy,
            "hand": 4,
            "line": 56,
            "reason": "line 66 could not be read; 4 of 5 tricks logged (trick 3 missing)",
        },
    ]
    # The text report's totals of the sample (settled hands only), in its money format.
    nets = {p["name"]: p["net"] for p in doc["bourre"]["players"]}
    assert nets == {"bo_2": 4, "eve": 3, "max": 0, "kit": -4, "bob": -4.5}
    code, text = _cli("standings", messy, str(tmp_path / "missing.hlog"))
    assert code == 2
    assert "  bo_2        1      5       3         1        0        0           0  +4.00" in text
    assert f"  {messy}:27: hand 2 (Bourré): no trump line" in text
    assert f"  {tmp_path / 'missing.hlog'}: P-IO no such file or folder; nothing counted" in text
    assert text.rstrip().endswith("2 files, 5 hands counted, 2 left out, 2 files with read errors")


def test_violations_do_not_change_the_exit_status() -> None:
    assert _cli("standings", str(SAMPLES / "bourre" / "rays-renege.hlog"))[0] == 0


# ----------------------------------------------------------------------------- Bid Euchre


def test_bid_euchre_teams_match_in_either_seat_order(tmp_path: Path) -> None:
    (tmp_path / "one.hlog").write_text(EUCHRE, encoding="utf-8")
    # The same table seated from cy: the same clockwise order, the teams written cy+ann, dee+bob.
    rotated = EUCHRE.replace("players ann bob cy dee", "players cy dee ann bob")
    (tmp_path / "two.hlog").write_text(rotated, encoding="utf-8")
    code, out = _cli("standings", "-f", "json", str(tmp_path))
    assert code == 0
    euchre = json.loads(out)["bid-euchre"]
    assert euchre["hands"] == 2
    assert [
        (t["team"], t["players"], t["files"], t["hands"], t["points"]) for t in euchre["teams"]
    ] == [
        ("bob+dee", ["bob", "dee"], 2, 2, 8),
        ("ann+cy", ["ann", "cy"], 2, 2, 4),
    ]
    players = [(p["name"], p["hands"], p["played"], p["points"]) for p in euchre["players"]]
    assert players == [
        ("bob", 2, 2, 8),
        ("dee", 2, 2, 8),
        ("ann", 2, 2, 4),
        ("cy", 2, 2, 4),
    ]


def test_bid_euchre_games_won_sitting_out_and_reneges() -> None:
    paths = [SAMPLES / "euchre" / name for name in ("ask-and-moon.hlog", "left-bower-traps.hlog")]
    code, out = _cli("standings", "-f", "json", *map(str, paths))
    assert code == 0
    euchre = json.loads(out)["bid-euchre"]
    teams = {t["team"]: (t["hands"], t["games_won"], t["points"]) for t in euchre["teams"]}
    # ask-and-moon's final score is lena+iris 7, rik+moe 19 (the audit's text report).
    assert teams["lena+iris"] == (4, 0, 7) and teams["rik+moe"] == (4, 0, 19)
    players = {p["name"]: p for p in euchre["players"]}
    # lena asked in hand 1 (iris sat out), moe shot the moon in hand 3 (rik sat out),
    # iris in hand 4 (lena sat out), rik asked in hand 2 (moe sat out).
    assert [players[n]["played"] for n in ("lena", "iris", "rik", "moe")] == [3, 3, 3, 3]
    reneges = {
        n: (p["reneges"], p["corrected"])
        for n, p in players.items()
        if p["reneges"] or p["corrected"]
    }
    assert reneges == {"otis": (0, 1), "nan": (2, 0)}


def test_games_won(tmp_path: Path) -> None:
    code, out = _cli("standings", "-f", "json", str(SAMPLES / "euchre" / "clean-evening.hlog"))
    assert code == 0
    teams = json.loads(out)["bid-euchre"]["teams"]
    assert [(t["team"], t["games_won"], t["hands"]) for t in teams] == [
        ("walt+hank", 1, 13),
        ("marge+joyce", 0, 13),
    ]


def test_both_games_in_one_run_are_reported_apart(tmp_path: Path) -> None:
    (tmp_path / "euchre.hlog").write_text(EUCHRE, encoding="utf-8")
    (tmp_path / "bourre.hlog").write_text(NIGHT_B, encoding="utf-8")
    code, out = _cli("standings", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Bourré standings: 1 file, 2 hands counted"
    start = lines.index("Bid Euchre standings: 1 file, 1 hand counted")
    assert lines[start + 1 : start + 4] == [
        "  team     files  hands  games won  points",
        "  bob+dee      1      1          0      +4",
        "  ann+cy       1      1          0      +2",
    ]
    assert "cy" in {row.split()[0] for row in lines[2:5]}  # cy of the Bourré table
    code, out = _cli("standings", "-f", "csv", str(tmp_path))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    kinds = [(r["kind"], r["game"], r["name"]) for r in rows if r["kind"] != "transfer"]
    assert kinds == [
        ("player", "bourre", "ANN"),
        ("player", "bourre", "dee"),
        ("player", "bourre", "cy"),
        ("team", "bid-euchre", "bob+dee"),
        ("team", "bid-euchre", "ann+cy"),
        ("player", "bid-euchre", "bob"),
        ("player", "bid-euchre", "dee"),
        ("player", "bid-euchre", "ann"),
        ("player", "bid-euchre", "cy"),
    ]
    transfers = [(r["payer"], r["payee"], r["amount"]) for r in rows if r["kind"] == "transfer"]
    assert transfers == [("cy", "ANN", "1"), ("cy", "dee", "1")]


def test_jobs_give_the_same_standings(tmp_path: Path) -> None:
    folder = _night(tmp_path)
    (folder / "c.hlog").write_text(RENEGES, encoding="utf-8")
    (folder / "d.hlog").write_text(EUCHRE, encoding="utf-8")
    serial = _cli("standings", "-f", "json", "--jobs", "1", str(folder), str(SAMPLES))
    parallel = _cli("standings", "-f", "json", "--jobs", "2", str(folder), str(SAMPLES))
    # messy-night's line that could not be read is a finding: the audit's to judge, not 2
    assert serial == parallel and serial[0] == 0


def test_output_file_and_misuse(tmp_path: Path) -> None:
    target = tmp_path / "standings.csv"
    code, out = _cli("standings", "-f", "csv", "-o", str(target), str(_night(tmp_path)))
    assert (code, out) == (0, "")
    assert target.read_text(encoding="utf-8").splitlines()[0] == ",".join(CSV_COLUMNS)
    assert _cli("standings", "--rules", str(tmp_path / "none.yaml"), str(tmp_path))[0] == 2
    assert _cli("standings", "-f", "html", str(tmp_path))[0] == 2


def test_help_mentions_standings() -> None:
    code, out = _cli("--help")
    assert code == 0 and "standings" in out


# ----------------------------------------------------------------------------- settle-up


@functools.cache
def _brute_force(balances: tuple[Decimal, ...]) -> int:
    """The fewest transfers, by trying every way to settle one party in full with another:
    some fewest settlement is a forest whose leaves each settle in one transfer."""
    nonzero = tuple(sorted(b for b in balances if b))
    if not nonzero:
        return 0
    best = len(nonzero)  # (never more than n - 1)
    for i, amount in enumerate(nonzero):
        for j in range(len(nonzero)):
            if j != i:
                rest = list(nonzero)
                rest[j] += amount
                del rest[i]
                best = min(best, 1 + _brute_force(tuple(rest)))
    return best


def _check_settles(balances: dict[str, Decimal], transfers: tuple[Transfer, ...]) -> None:
    moved = dict.fromkeys(balances, Decimal(0))
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        moved[t.payer] += t.amount
        moved[t.payee] -= t.amount
    assert {name: balances[name] + moved[name] for name in balances} == dict.fromkeys(
        balances, Decimal(0)
    )


_amounts = st.lists(st.integers(-12, 12), min_size=0, max_size=6)


@given(_amounts, st.sampled_from([0, 2]))
@settings(max_examples=300, deadline=None)
def test_settle_up_is_exact_and_fewest(values: list[int], places: int) -> None:
    amounts = [Decimal(v).scaleb(-places) for v in values]
    amounts.append(-sum(amounts, Decimal(0)))
    balances = {f"p{i}": a for i, a in enumerate(amounts)}
    result = settle_up(balances)
    _check_settles(balances, result.transfers)
    assert result.fewest and result.parties == sum(1 for a in amounts if a)
    assert len(result.transfers) == _brute_force(tuple(amounts)) == fewest_transfers(amounts)


@given(_amounts)
@settings(max_examples=100, deadline=None)
def test_greedy_fallback_settles_in_at_most_n_minus_1(values: list[int]) -> None:
    amounts = [Decimal(v) for v in values]
    amounts.append(-sum(amounts, Decimal(0)))
    balances = {f"p{i}": a for i, a in enumerate(amounts)}
    result = settle_up(balances, exact_limit=1)
    _check_settles(balances, result.transfers)
    assert len(result.transfers) <= max(result.parties - 1, 0)
    assert result.fewest is (result.parties <= 1)


def test_settle_up_finds_the_zero_sum_groups() -> None:
    # Two pairs that cancel: 2 transfers, where pairing the largest first would take 3.
    balances = {"a": Decimal(5), "b": Decimal(-3), "c": Decimal(3), "d": Decimal(-5)}
    assert settle_up(balances).transfers == (
        Transfer("d", "a", Decimal(5)),
        Transfer("b", "c", Decimal(3)),
    )
    # 14 players are searched exactly; 15 fall back to the greedy settlement.
    many = {f"p{i}": Decimal(1 if i % 2 else -1) for i in range(14)}
    assert settle_up(many).fewest and len(settle_up(many).transfers) == 7
    many["p14"], many["p15"] = Decimal(1), Decimal(-1)
    assert not settle_up(many).fewest and len(settle_up(many).transfers) == 8


def test_settle_up_rejects_balances_that_do_not_add_up() -> None:
    import pytest

    with pytest.raises(ValueError, match="sum to zero"):
        settle_up({"a": Decimal(1)})
