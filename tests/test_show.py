"""``referee show``: the trick grid, findings and settlement, plain and fixed-width when piped."""

from __future__ import annotations

import io
import re
from decimal import Decimal as D
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.render.show import show_file
from referee.render.text import make_console
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    TrickRecord,
    Violation,
)
from tests.test_cli import EXAMPLES, RENEGE, needs_engines

ANSI = re.compile(r"\x1b\[")
PLAIN_ENV = {"NO_COLOR": "1", "COLUMNS": "120", "FORCE_COLOR": None, "TERM": "dumb"}

# RENEGE plus a card taken back (cy's 3c in trick 3), a claim, and a second hand.
SHOW_LOG = RENEGE.replace("cy Qd, dee 8c", "cy Qd (was 3c), dee 8c") + (
    "claim ann renege dee trick 3\n"
    "\n"
    "hand 2\n"
    "trump Ks\n"
    "trick 1: bob As, cy 2s, dee 3s, eve 4s\n"
    "trick 2: bob Ah, cy 2h, dee 3h, eve 4h\n"
    "trick 3: bob Ad, cy 2d, dee 3d, eve 4d\n"
    "trick 4: bob Ac, cy 2c, dee 3c, eve 4c\n"
    "trick 5: bob Ks, cy 5s, dee 6s, eve 7s\n"
)


def show(*args: str, columns: str = "120") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["show", *args], env={**PLAIN_ENV, "COLUMNS": columns})
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "show.hlog"
    path.write_text(SHOW_LOG, encoding="utf-8")
    return path


def grid(out: str, hand: int) -> list[str]:
    """The grid lines (header first) of hand ``hand`` in show's output."""
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"hand {hand} "))
    rows = []
    for ln in lines[start + 1 :]:
        if not ln.startswith("  ") or ln.startswith("  findings") or ln.startswith("  no "):
            break
        rows.append(ln)
    return rows


# ----------------------------------------------------------------------------- CLI, real logs


@needs_engines
def test_show_grid_is_plain_and_fixed_width(log: Path) -> None:
    code, out, err = show(str(log), "--hand", "1")
    assert code == 1, err  # the hand shown has violations
    assert not ANSI.search(out)
    lines = out.splitlines()
    assert lines[0] == f"{log} — Bourré, 2 hands"
    assert any(ln.startswith("hand 1 · dealer eve · trump ♥ (upcard 4♥)") for ln in lines)
    rows = grid(out, 1)
    header = rows[0].split()
    assert header == ["trick", "lead", "ann", "bob", "cy", "dee", "eve", "winner"]
    assert len(rows) == 1 + 5
    # Columns line up: every cell of a player's column starts where the heading starts.
    for name in ("ann", "bob", "cy", "dee", "eve"):
        at = rows[0].index(f"  {name}") + 2
        for row in rows[1:]:
            assert row[at - 2 : at] == "  " and row[at] != " ", (name, row)
    trick1 = rows[1]
    assert "A♥*" in trick1 and trick1.rstrip().endswith("eve")
    assert rows[1].split()[1:3] == ["ann", "♥"]  # led by ann, hearts
    trick3 = rows[3]
    assert "8♣ !BR-FOLLOW" in trick3  # the renege, marked in place
    assert "Q♦ (was 3♣ !BR-FOLLOW)" in trick3  # the corrected one
    # bob passed: no card in any trick.
    bob = rows[0].index("  bob") + 2
    assert all(row[bob] == "-" for row in rows[1:])
    # Findings with evidence, then the settlement.
    assert re.search(r"^  15:\d+ +BR-FOLLOW +dee played 8♣", out, re.M)
    assert re.search(r"^ += dee held 4♦", out, re.M)
    assert re.search(r"^  \d+:1 +claim +ann renege dee \(trick 3\): upheld", out, re.M)
    assert "  settlement: pot 5 · won by eve (takes 5) · carry" in out
    settle = out[out.index("  player  tricks") :].splitlines()
    assert settle[0].split() == ["player", "tricks", "ante", "bourré", "renege", "net", "total"]
    assert settle[2].split()[:2] == ["bob", "passed"]
    assert settle[-1] == "  recorded: nothing"


@needs_engines
def test_show_output_does_not_depend_on_terminal_width(log: Path) -> None:
    narrow = show(str(log), columns="40")
    wide = show(str(log), columns="250")
    assert narrow == wide
    assert "hand 2 · dealer ann" in wide[1]
    assert max(len(ln) for ln in wide[1].splitlines()) > 40  # long lines were not wrapped


@needs_engines
def test_show_all_hands_running_total(log: Path) -> None:
    code, out, _ = show(str(log))
    assert code == 1
    assert out.count("\nhand ") == 2
    rows2 = grid(out, 2)
    assert rows2[0].split()[2:7] == ["ann", "bob", "cy", "dee", "eve"]
    assert all("bob" in row.split()[-1] for row in rows2[1:])  # bob took every trick
    # The running total column after hand 2 is the file's total.
    totals = [ln.split() for ln in out.splitlines() if re.match(r"^  (ann|bob|cy|dee|eve) ", ln)]
    last = {cells[0]: cells[-1] for cells in totals[-5:]}
    assert set(last) == {"ann", "bob", "cy", "dee", "eve"}


@needs_engines
def test_show_euchre_example() -> None:
    code, out, _ = show(str(EXAMPLES / "bid-euchre-hand.hlog"))
    assert code == 0
    assert "hand 1 · dealer dee · contract dee 4 · trump ♥" in out
    rows = grid(out, 1)
    assert rows[0].split() == ["trick", "lead", "ann", "bob", "cy", "dee", "winner"]
    assert len(rows) == 7
    assert "J♦*" in rows[6]  # the left bower wins trick 6
    assert re.search(r"^  ann\+cy +2 +\+2 +2$", out, re.M)
    assert re.search(r"^  bob\+dee +4 +\+4 +4$", out, re.M)
    assert "  no findings" in out
    assert "recorded: settle bob+dee 4 ann+cy 2 · score bob+dee 4 ann+cy 2" in out


@needs_engines
def test_show_unknown_hand_is_exit_2(log: Path) -> None:
    code, out, err = show(str(log), "--hand", "9")
    assert code == 2 and out == ""
    assert "no hand 9" in err and "hands 1-2" in err


def test_show_missing_file_prints_like_audit(tmp_path: Path) -> None:
    missing = tmp_path / "nope.hlog"
    code, out, _ = show(str(missing))
    assert code == 2
    assert out.startswith(f"{missing}: P-IO ")


def test_show_binary_file_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bin.hlog"
    path.write_bytes(b"game bourre\n\x00\x01")
    code, out, _ = show(str(path))
    assert code == 2
    assert f"{path}:2:1: P-ENCODING" in out


def test_show_folder_is_misuse(tmp_path: Path) -> None:
    code, _, err = show(str(tmp_path))
    assert code == 2 and "one log file" in err


# ----------------------------------------------------------------------------- renderer, exact


def hand_built() -> FileReport:
    tricks = [
        TrickRecord(1, "ann", (("ann", "7h"), ("cy", "9h"), ("dee", "Jh")), "dee", "h"),
        TrickRecord(
            2, "dee", (("dee", "Ts"), ("ann", "2c"), ("cy", "Ks"), ("zed", "As")), "cy", "s"
        ),
    ]
    violations = [
        Violation("BR-FOLLOW", "ann", 2, "2c", 9, 20, "ann played 2♣", "ann held 3♠"),
        Violation("BR-HEAD", "cy", 2, "Qs", 9, 30, "cy took back Q♠", corrected=True),
        Violation("L-TRICK", None, 2, None, 9, 1, "trick 2 has five cards"),
        Violation("BR-SETTLE-POT", None, None, None, 11, 1, "the pot was 3"),
    ]
    hand = BourreHandResult(
        number=1,
        line=5,
        dealer="dee",
        trump="h",
        upcard="4h",
        violations=violations,
        claims=[ClaimRuling("dee", "ann", 2, "upheld", "BR-FOLLOW in trick 2", 12, 1)],
        payouts={"ann": D(-4), "bob": D(-1), "cy": D(6), "dee": D(-1)},
        pot=D(3),
        winner="cy",
        carry=D(3),
        active=["ann", "cy", "dee"],
        tricks_won={"ann": 0, "cy": 1, "dee": 1},
        antes=["ann", "bob", "cy"],
        took=D(3),
        bourre={"ann": D(3)},
        recorded=["settle pot 4"],
        tricks=tricks,
        result="cy took the most tricks",
    )
    return FileReport(
        path="t.hlog",
        game="bourre",
        players=["ann", "bob", "cy", "dee"],
        hands=[hand],
        totals=dict(hand.payouts),
        options_changed={"hand_size": 2},
    )


GOLDEN = """\
t.hlog — Bourré, 1 hand
  players: ann, bob, cy, dee
  house options: hand_size 2

hand 1 · dealer dee · trump ♥ (upcard 4♥) · playing ann, cy, dee · passed bob
  trick  lead   ann            bob  cy                     dee  zed  winner  notes
      1  ann ♥  7♥             -    9♥                     J♥*  -    dee
      2  dee ♠  2♣ !BR-FOLLOW  -    K♠* (was Q♠ !BR-HEAD)  10♠  A♠   cy      !L-TRICK
  findings
  9:1   L-TRICK        trick 2 has five cards
  9:20  BR-FOLLOW      ann played 2♣
                       = ann held 3♠
  9:30  BR-HEAD        (corrected) cy took back Q♠
  11:1  BR-SETTLE-POT  the pot was 3
  12:1  claim          dee renege ann (trick 2): upheld
                       = BR-FOLLOW in trick 2
  settlement: pot 3 · won by cy (takes 3) · carry 3
  cy took the most tricks
  player  tricks  ante  bourré  renege  net  total
  ann          0  yes        3           -4     -4
  bob     passed  yes                    -1     -1
  cy           1  yes                    +6     +6
  dee          1                         -1     -1
  recorded: settle pot 4
"""


def render(report: FileReport) -> str:
    out = io.StringIO()
    show_file(make_console(out, color=False), report, report.hands)
    return out.getvalue()


def test_show_golden_hand_built() -> None:
    assert render(hand_built()) == GOLDEN


def test_show_euchre_redeal_and_game_won() -> None:
    redeal = EuchreHandResult(
        number=1, line=3, dealer="dee", trump=None, redeal=True,
        points={"ann+cy": 0, "bob+dee": 0}, score={"ann+cy": 30, "bob+dee": 4},
    )  # fmt: skip
    won = EuchreHandResult(
        number=2, line=9, dealer="ann", trump="s", bidder="bob", bid="moon",
        points={"ann+cy": 0, "bob+dee": 24}, score={"ann+cy": 30, "bob+dee": 28},
        tricks_won={"ann+cy": 0, "bob+dee": 6}, winner=None, game_number=1,
        tricks=[TrickRecord(1, "bob", (("bob", "Js"), ("cy", "9s"), ("ann", "Ts")), "bob", "s")],
    )  # fmt: skip
    report = FileReport(
        path="e.hlog", game="bid-euchre", players=["ann", "bob", "cy", "dee"], hands=[redeal, won]
    )
    out = render(report)
    assert "hand 1 · dealer dee\n  all four passed: redeal\n" in out
    assert "hand 2 · dealer ann · contract bob moon · trump ♠" in out
    row = grid(out, 2)[1]
    assert row.split() == ["1", "bob", "♠", "10♠", "J♠*", "9♠", "-", "bob"]  # dee sat out
    assert re.search(r"^  bob\+dee +6 +\+24 +28$", out, re.M)


@needs_engines
def test_show_file_with_parse_errors_prints_them_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "broken.hlog"
    path.write_text(SHOW_LOG + "\nhand 3\ntrump 4h\nfrobnicate the pot\n", encoding="utf-8")
    code, out, _ = show(str(path), "--hand", "1")
    assert code == 1  # (a line that could not be read in a log that was judged: a finding)
    first = out.splitlines()[0]
    assert re.match(rf"{re.escape(str(path))}:\d+:1: P-\w+ ", first)  # like audit
    assert "hand 1 · dealer eve" in out  # what could be judged is still shown


def test_show_marks_a_card_taken_back_that_broke_no_rule(tmp_path: Path) -> None:
    log = tmp_path / "r.hlog"
    log.write_text(
        "game bourre\nplayers ann bob\nhand 1\ndealer bob\ntrump 2s\n"
        "trick 1: ann Ah, bob 3h (was 4h)\ntrick 2: ann Kh, bob 4h\ntrick 3: ann Qh, bob 5h\n"
        "trick 4: ann Jh, bob 3c\ntrick 5: ann Th, bob 4c\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["show", str(log)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    row = next(ln for ln in result.output.splitlines() if ln.split()[:1] == ["1"])
    assert "3♥ (was 4♥)" in row and "!" not in row
