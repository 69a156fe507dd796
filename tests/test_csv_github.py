"""``audit --format csv`` and ``--format github``, through the command line and the writers.

CSV: one row per hand and seated player with the referee's settlement, error rows for read
errors, formula-looking text cells guarded. GitHub: one workflow command per violation and
read error, escaped as the runner requires.
"""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.audit import audit_text
from referee.cli import app
from referee.render.csv import COLUMNS, render_csv, text_cell
from referee.render.github import (
    ANNOTATIONS_PER_LEVEL,
    Annotation,
    GithubWriter,
    command,
    escape_data,
    escape_markdown,
    escape_property,
    render_github,
)
from referee.report import FileReport, ReadError, Violation
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
    assert out.count("::error ") == 10 and out.count("::warning ") == 6  # (L- and P-SYNTAX)
    assert len(out.splitlines()) == 16  # all annotated: no level is over GitHub's limit
    assert _cli("audit", "-f", "github", "--exit-zero", str(SAMPLES / "bourre"))[0] == 0
    missing = str(tmp_path / "missing.hlog")
    code, out = _cli("audit", "-f", "github", "--exit-zero", str(SAMPLES / "bourre"), missing)
    assert code == 2  # an input not read: --exit-zero never hides it
    assert "title=P-IO::no such file or folder" in out


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


def _json_findings(*paths: str) -> list[tuple[str, str, bool]]:
    """(rule ID, line, corrected) of every finding of the JSON report, in its order."""
    found = []
    for file in json.loads(_cli("audit", "--format", "json", "--jobs", "1", *paths)[1])["files"]:
        for hand in file["hands"]:
            found += [(v["rule"], str(v["line"]), v["corrected"]) for v in hand["violations"]]
        found += [(e["code"], str(e["line"]), False) for e in file["errors"]]
    return found


def _expected_level(rule_id: str, corrected: bool) -> str:
    """The levels the issue asks for, written apart from the registry: faults of the log
    (L-, P-SYNTAX) and plays taken back are warnings; reneges and other rules of play,
    settlement and score errors, and inputs that cannot be read are errors."""
    log_fault = rule_id.startswith("L-") or rule_id == "P-SYNTAX"
    return "warning" if log_fault or corrected else "error"


_COMMAND = re.compile(
    r"^::(?P<level>error|warning) file=[^,]*,line=(?P<line>\d+),.*title=(?P<rule>[A-Z-]+)::"
)
_PLAIN = re.compile(r"^(?P<level>error|warning): [^:]*:(?P<line>\d+):\d+: (?P<rule>[A-Z-]+) ")


def test_github_annotates_ten_of_each_level_and_lists_the_rest() -> None:
    """The samples have 37 findings (27 errors, 10 warnings): the first 10 of each level are
    annotations, the other 17 errors plain lines of the log, then one notice."""
    code, out = _cli("audit", "--format", "github", "--jobs", "1", str(SAMPLES))
    assert code == 2
    lines = out.splitlines()
    assert lines[-1].startswith("::notice title=referee::27 errors and 10 warnings; ")
    assert "10 errors and 10 warnings are annotated" in lines[-1]
    parsed = [_COMMAND.match(line) or _PLAIN.match(line) for line in lines[:-1]]
    assert all(parsed), [line for line, m in zip(lines, parsed, strict=False) if not m]
    found = [(m["rule"], m["line"], m["level"]) for m in parsed if m]
    expected = _json_findings(str(SAMPLES))
    assert [f[:2] for f in found] == [e[:2] for e in expected]  # every finding, in order
    assert [f[2] for f in found] == [_expected_level(rule, c) for rule, _, c in expected]
    assert out.count("::error ") == out.count("::warning ") == ANNOTATIONS_PER_LEVEL
    annotated = [line for line in lines if line.startswith("::error ")]
    assert annotated == [line for line in lines if line.startswith("::error")][:10]
    assert sum(line.startswith("error: ") for line in lines) == 17
    assert not any(line.startswith("warning: ") for line in lines)  # (exactly 10 warnings)


def test_github_levels_follow_each_rules_kind() -> None:
    """Every rule of the registry, and every read-error code, as a finding: its level."""
    from referee.codes import READ_CODES
    from referee.rulebook import all_rules
    from referee.severity import error_level, violation_level

    for rule in all_rules().values():
        violation = Violation(rule.id, None, None, None, 1, 1, "m")
        assert violation_level(violation) == _expected_level(rule.id, False), rule.id
        taken_back = Violation(rule.id, None, None, None, 1, 1, "m", corrected=True)
        assert violation_level(taken_back) == "warning"
        settlement = rule.id.startswith("BR-SETTLE-") or rule.id in ("BE-SCORE", "BE-TOTAL")
        assert rule.kind == ("log" if rule.id.startswith("L-") else
                             "settlement" if settlement else "play"), rule.id  # fmt: skip
    for code in READ_CODES:
        level = error_level(ReadError(code.id, 1, 1, "m"))
        assert level == _expected_level(code.id, False), code.id


def test_github_summary_is_appended_when_the_variable_is_set(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("## tests\n\nall passed\n", encoding="utf-8")
    env = {"GITHUB_STEP_SUMMARY": str(summary)}
    result = runner.invoke(app, ["audit", "-f", "github", "--jobs", "2", str(SAMPLES)], env=env)
    assert result.exit_code == 2
    assert "and in the job summary" in result.stdout.splitlines()[-1]
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## tests\n\nall passed\n\n### referee audit\n\n")  # appended
    lines = text.splitlines()
    head = lines.index("| level | where | rule | finding |")
    assert lines[head + 1] == "|---|---|---|---|"
    rows = lines[head + 2 : head + 2 + 37]
    cells = [re.split(r"(?<!\\)\|", row)[1:-1] for row in rows]
    assert all(len(row) == 4 for row in cells)
    found = [(c[2].strip(), c[1].split(":")[1], c[0].strip()) for c in cells]
    expected = [(r, line, _expected_level(r, c)) for r, line, c in _json_findings(str(SAMPLES))]
    assert found == expected  # the full list, past GitHub's limit
    assert lines[head + 2 + 37 :] == ["", "27 errors and 10 warnings in 18 files.", ""]
    clean = str(SAMPLES / "bourre" / "friday-night.hlog")
    assert runner.invoke(app, ["audit", "-f", "github", clean], env=env).exit_code == 0
    assert summary.read_text(encoding="utf-8").endswith(
        "### referee audit\n\nNo findings in 1 file.\n\n"
    )


def test_github_summary_is_not_written_without_the_variable(tmp_path: Path) -> None:
    out = io.StringIO()
    writer = GithubWriter(out, flush=False)  # (what the command makes with no variable)
    writer.file(bourre_file("t.hlog"))
    writer.close()
    assert len(out.getvalue().splitlines()) == 3 and "summary" not in out.getvalue()
    result = runner.invoke(app, ["audit", "-f", "github", str(SAMPLES)], env={})
    assert "job summary" not in result.stdout and "every finding is in this log" in result.stdout


def test_github_summary_escapes_markdown_and_keeps_within_its_room() -> None:
    hostile = Annotation(
        "error", "a|b <img src=x>.hlog", 3, 4, "P-SYNTAX", "unknown `x` [link](y) *b*\nnext"
    )
    row = hostile.row()
    assert row == (
        "| error | a\\|b &lt;img src=x&gt;.hlog:3:4 | P-SYNTAX | "
        "unknown \\`x\\` \\[link\\](y) \\*b\\*<br>next |\n"
    )
    assert escape_markdown("a\x1bb\\") == "a\ufffdb\\\\"
    summary = io.StringIO()
    writer = GithubWriter(io.StringIO(), flush=False, summary=summary, summary_room=3000)
    many = [ReadError("P-SYNTAX", n, 1, "unknown statement " + "x" * 80) for n in range(1, 60)]
    writer.file(FileReport(path="big.hlog", errors=many))
    writer.close()
    text = summary.getvalue()
    assert len(text.encode()) <= 3000
    listed = text.count("| warning |")
    assert 10 < listed < 59
    assert text.endswith(
        f"59 warnings in 1 file. {59 - listed} more not listed here: a step's summary holds "
        "at most 1 MiB; the step's log lists them all.\n\n"
    )


def test_github_plain_lines_never_start_a_workflow_command() -> None:
    sneaky = Annotation("error", "::error file=x::owned", 1, 1, "P-SYNTAX", "a\n::warning ::b")
    line = sneaky.plain()
    assert line.startswith("error: ") and line.count("\n") == 1 and line.endswith("\n")
    assert "\n::" not in line
    errors = [ReadError("P-IO", None, None, f"missing {n}") for n in range(12)]
    out = render_github([FileReport(path="::x", errors=errors)])
    lines = out.splitlines()
    assert [ln[:8] for ln in lines[10:12]] == ["error: :", "error: :"]  # (past the limit)
    assert all(ln.startswith(("::error file=%3A%3Ax,", "error: ", "::notice ")) for ln in lines)


def test_github_summary_that_cannot_be_written_is_said_and_skipped(tmp_path: Path) -> None:
    rays = str(SAMPLES / "bourre" / "rays-renege.hlog")
    env = {"GITHUB_STEP_SUMMARY": str(tmp_path)}  # a folder: no file to append to
    result = runner.invoke(app, ["audit", "-f", "github", rays], env=env)
    assert result.exit_code == 1  # as without it
    assert result.stdout.startswith("::error file=") and len(result.stdout.splitlines()) == 1
    assert "cannot write the step summary (GITHUB_STEP_SUMMARY)" in result.stderr
    assert list(tmp_path.iterdir()) == []
