"""``audit --format csv`` and ``--format github``, through the command line and the writers.

CSV: one row per hand and seated player with the referee's settlement, error rows for read
errors, formula-looking text cells guarded. GitHub: one workflow command per violation and
read error, escaped as the runner requires.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.audit import audit_text
from referee.cli import app
from referee.render.csv import COLUMNS, render_csv, text_cell
from referee.render.github import command, escape_data, escape_property, render_github
from tests.test_render import bourre_file

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
runner = CliRunner()


def _rows(text: str) -> list[dict[str, str]]:
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    assert tuple(header) == COLUMNS
    rows = [dict(zip(header, row, strict=True)) for row in reader]
    return rows


def _cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


# ----------------------------------------------------------------------------- csv


def test_csv_rows_add_up_to_the_ledger() -> None:
    code, out = _cli("audit", "--format", "csv", str(SAMPLES / "bourre" / "friday-night.hlog"))
    assert code == 0
    rows = _rows(out)
    assert len(rows) == 8 * 5 and {r["kind"] for r in rows} == {"hand"}
    nets: dict[str, Decimal] = {}
    for row in rows:
        nets[row["player"]] = nets.get(row["player"], Decimal(0)) + Decimal(row["net"])
    # The text report's total row for this sample: eve -2, bob +7, cy +10, dee -12, ann -3.
    assert nets == {"eve": -2, "bob": 7, "cy": 10, "dee": -12, "ann": -3}
    hand3 = {r["player"]: r for r in rows if r["hand"] == "3"}
    assert [r["player"] for r in rows[10:15]] == ["eve", "bob", "cy", "dee", "ann"]  # seat order
    bob = hand3["bob"]
    assert (bob["dealer"], bob["trump"], bob["pot"], bob["winner"], bob["carry"]) == (
        "bob",
        "c",
        "9",
        "bob",
        "0",
    )
    assert (bob["net"], bob["played"], bob["tricks_won"], bob["settled"]) == (
        "8",
        "true",
        "",
        "true",
    )
    assert (hand3["cy"]["net"], hand3["cy"]["played"]) == ("0", "false")
    assert hand3["eve"]["net"] == "-1" and hand3["eve"]["recorded"] == "agrees"


def test_csv_names_each_players_findings() -> None:
    path = str(SAMPLES / "bourre" / "rays-renege.hlog")
    code, out = _cli("audit", "-f", "csv", path)
    assert code == 1
    rows = _rows(out)
    flagged = [(r["hand"], r["player"], r["violations"], r["rules"]) for r in rows if r["rules"]]
    assert flagged == [("4", "ray", "1", "BR-FOLLOW")]
    hand4 = [r for r in rows if r["hand"] == "4"]
    assert {r["hand_violations"] for r in hand4} == {"1"}
    # ray: the ante and the renege (the pot of 36 capped by limit 25); sal: a bourré.
    assert [r["net"] for r in hand4] == ["0", "-1", "-26", "-25", "-1", "-1"]
    assert [r["winner"] for r in hand4] == [""] * 6 and hand4[0]["carry"] == "86"


def test_csv_unsettled_hands_and_read_errors() -> None:
    code, out = _cli("audit", "-f", "csv", str(SAMPLES / "bourre" / "messy-night.hlog"))
    assert code == 1  # (a line that could not be read is a finding)
    rows = _rows(out)
    hands = [r for r in rows if r["kind"] == "hand"]
    errors = [r for r in rows if r["kind"] == "error"]
    assert len(hands) == 7 * 5 and rows[-1] is errors[-1]
    assert [(e["line"], e["column"], e["code"]) for e in errors] == [("66", "1", "P-SYNTAX")]
    assert errors[0]["message"].startswith("unknown statement 'trick3'")
    unsettled = {r["hand"]: r["unsettled"] for r in hands if r["settled"] == "false"}
    assert unsettled == {
        "2": "no trump line",
        "4": "line 66 could not be read; 4 of 5 tricks logged (trick 3 missing)",
    }
    assert {r["net"] for r in hands if r["settled"] == "false"} == {""}
    assert {r["recorded"] for r in hands if r["settled"] == "false"} == {"unchecked"}
    hand1 = [r for r in hands if r["hand"] == "1"]
    assert [r["net"] for r in hand1] == ["-0.50", "-0.50", "2.00", "-0.50", "-0.50"]  # cents


def test_csv_bid_euchre_rows_carry_the_team() -> None:
    path = str(SAMPLES / "euchre" / "ask-and-moon.hlog")
    code, out = _cli("audit", "-f", "csv", path)
    assert code == 1
    rows = _rows(out)
    assert len(rows) == 4 * 4
    hand1 = {r["player"]: r for r in rows if r["hand"] == "1"}
    assert hand1["lena"]["team"] == "lena+iris" and hand1["iris"]["team"] == "lena+iris"
    assert (hand1["lena"]["points"], hand1["lena"]["score"], hand1["lena"]["tricks_won"]) == (
        "12",
        "12",
        "6",
    )
    assert (hand1["lena"]["bidder"], hand1["lena"]["bid"]) == ("lena", "ask")
    assert hand1["iris"]["played"] == "false"  # lena asked: her partner sits out
    assert [hand1[p]["played"] for p in ("lena", "rik", "moe")] == ["true"] * 3
    assert hand1["rik"]["points"] == "0" and hand1["rik"]["net"] == ""
    hand2 = {r["player"]: r for r in rows if r["hand"] == "2"}
    assert (hand2["moe"]["violations"], hand2["moe"]["rules"]) == ("1", "BE-ASK-BEST")
    assert hand2["rik"]["violations"] == "0" and hand2["rik"]["hand_violations"] == "1"


def test_csv_file_not_read_gets_its_error_rows(tmp_path: Path) -> None:
    code, out = _cli("audit", "-f", "csv", str(tmp_path / "missing.hlog"))
    assert code == 2
    (row,) = _rows(out)
    assert (row["kind"], row["code"], row["line"], row["hand"]) == ("error", "P-IO", "", "")
    assert row["path"] == str(tmp_path / "missing.hlog")


def test_csv_guards_formulas_and_control_characters() -> None:
    assert text_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert text_cell("+1") == "'+1" and text_cell("@x") == "'@x" and text_cell("-x") == "'-x"
    assert text_cell("a\x1b[31mb\nc") == "a\ufffd[31mb\ufffdc"
    assert text_cell(None) == "" and text_cell("ann") == "ann"
    report = bourre_file("=cmd.hlog")
    rows = _rows(render_csv([report]))
    assert {r["path"] for r in rows} == {"'=cmd.hlog"}
    assert {r["net"] for r in rows if r["player"] == "dee" and r["hand"] == "1"} == {"-1.5"}


def test_csv_from_text_is_quoted_by_the_csv_module() -> None:
    report = audit_text("game bourre\nplayers ann bob\n", path='a "b", c.hlog')
    out = render_csv([report])
    assert out.splitlines()[1].startswith('error,"a ""b"", c.hlog",bourre,')


# ----------------------------------------------------------------------------- github


def test_github_annotations_for_violations_and_errors(tmp_path: Path) -> None:
    rays = str(SAMPLES / "bourre" / "rays-renege.hlog")
    code, out = _cli("audit", "--format", "github", rays, str(tmp_path / "missing.hlog"))
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0] == (
        f"::error file={rays},line=62,col=38,title=BR-FOLLOW::ray played 5♥: held the led "
        "suit and played another suit%0Aray held 10♣ (played in trick 3), 5♣ (played in "
        "trick 5) when clubs were led in trick 2, and played 5♥"
    )
    assert (
        lines[1] == f"::error file={tmp_path / 'missing.hlog'},title=P-IO::no such file or folder"
    )


def test_github_exit_codes_follow_audit(tmp_path: Path) -> None:
    assert _cli("audit", "-f", "github", str(SAMPLES / "bourre" / "friday-night.hlog")) == (0, "")
    code, out = _cli("audit", "-f", "github", str(SAMPLES / "bourre"))
    assert code == 1  # findings, messy-night's line that could not be read among them
    assert out.count("::error ") == len(out.splitlines())
    assert _cli("audit", "-f", "github", "--exit-zero", str(SAMPLES / "bourre"))[0] == 0
    missing = str(tmp_path / "missing.hlog")
    code, out = _cli("audit", "-f", "github", "--exit-zero", str(SAMPLES / "bourre"), missing)
    assert code == 2  # an input not read: --exit-zero never hides it
    assert out.endswith("title=P-IO::no such file or folder\n")


def test_github_corrected_play_is_a_warning() -> None:
    out = render_github([bourre_file("t.hlog")])
    lines = out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == ["::error", "::warning", "::error"]
    (warning,) = [line for line in lines if line.startswith("::warning")]
    assert warning == (
        "::warning file=t.hlog,line=15,col=22,title=BR-HEAD::(corrected) ann did not head the trick"
    )


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("100% sure", "100%25 sure", "100%25 sure"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("x:y,z", "x:y,z", "x%3Ay%2Cz"),
        ("esc\x1bhere", "esc\ufffdhere", "esc\ufffdhere"),
    ],
)
def test_github_escaping(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_github_command_escapes_the_path_and_message() -> None:
    line = command("error", "50% off\nnext", file="a,b:c.hlog", line=3, col=None, title="P-X")
    assert line == "::error file=a%2Cb%3Ac.hlog,line=3,title=P-X::50%25 off%0Anext\n"
