"""Renderers on hand-built reports: no parser or engine involved."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from decimal import Decimal as D
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.render.json import JsonWriter, render_json
from referee.render.jsontext import dumps, number_text
from referee.render.text import read_source_lines, render_text
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    ReadError,
    Record,
    Report,
    Violation,
)

PLAYERS = ["ann", "bob", "cy", "dee", "eve"]

SOURCE = {
    6: "hand 1",
    17: "trick 4: eve Jc, ann 3c, cy 6c, dee 8c",
    15: "trick 2:\teve 4h, ann Kh, cy 2h, dee 3h",
    20: "settle eve wins 4",
}


def fake_source(path: str, wanted: set[int]) -> dict[int, str]:
    return {n: SOURCE[n] for n in wanted if n in SOURCE}


def bourre_file(path: str = "friday.hlog") -> FileReport:
    follow = Violation(
        "BR-FOLLOW",
        "dee",
        4,
        "8c",
        17,
        37,
        "dee played 8♣ holding a diamond",
        "dee held 4♦ when diamonds were led\nthe 4♦ was played in trick 5",
    )
    head = Violation(
        "BR-HEAD", "ann", 2, "10h", 15, 22, "ann did not head the trick", corrected=True
    )
    settle = Violation(
        "BR-SETTLE-WIN", None, None, None, 20, 1, "recorded eve wins 4; eve took the pot of 5"
    )
    claim = ClaimRuling("ann", "dee", 4, "upheld", "dee held 4♦", 21, 1)
    hand1 = BourreHandResult(
        number=1,
        line=6,
        dealer="eve",
        trump="h",
        upcard="4h",
        violations=[follow, head, settle],
        claims=[claim],
        payouts={"ann": D(-1), "bob": D(-1), "cy": D(-6), "dee": D("-1.50"), "eve": D(4)},
        pot=D(5),
        winner="eve",
        carry=D("5.00"),
        result="eve took most tricks (3)",
        active=["ann", "cy", "dee", "eve"],
        tricks_won={"ann": 1, "cy": 0, "dee": 1, "eve": 3},
        record=Record("differs", ("BR-SETTLE-WIN",)),
    )
    hand2 = BourreHandResult(
        number=2,
        line=30,
        dealer="ann",
        trump="s",
        upcard=None,
        payouts={p: D(0) for p in PLAYERS},
        pot=D(9),
        winner=None,
        carry=D(9),
    )
    return FileReport(
        path=path,
        game="bourre",
        players=list(PLAYERS),
        hands=[hand1, hand2],
        totals={"ann": D(-1), "bob": D(-1), "cy": D(-6), "dee": D("-1.5"), "eve": D("4.0")},
        options_changed={"limit": D(20), "cinch": False},
        metadata={"title": "Friday night"},
    )


def euchre_file() -> FileReport:
    hand1 = EuchreHandResult(
        number=1,
        line=4,
        dealer="dee",
        trump="h",
        points={"ann+cy": 2, "bob+dee": 4},
        score={"ann+cy": 2, "bob+dee": 4},
        bidder="dee",
        bid="4",
        tricks_won={"ann+cy": 2, "bob+dee": 4},
    )
    hand2 = EuchreHandResult(
        number=2,
        line=20,
        dealer="ann",
        trump=None,
        redeal=True,
        points={"ann+cy": 0, "bob+dee": 0},
        score={"ann+cy": 2, "bob+dee": 4},
    )
    hand3 = EuchreHandResult(
        number=3,
        line=25,
        dealer="bob",
        trump="s",
        points={"ann+cy": 30, "bob+dee": 0},
        score={"ann+cy": 32, "bob+dee": 4},
        winner="ann+cy",
        bidder="ann",
        bid="moon",
        tricks_won={"ann+cy": 6, "bob+dee": 0},
    )
    return FileReport(
        path="euchre.hlog",
        game="bid-euchre",
        players=["ann", "bob", "cy", "dee"],
        hands=[hand1, hand2, hand3],
        score={"ann+cy": 32, "bob+dee": 4},
    )


def error_file() -> FileReport:
    return FileReport(
        path="bad.hlog",
        errors=[
            ReadError("P-ENCODING", 3, 5, "byte 0xff is not UTF-8", source_line="ab\tcdef"),
            ReadError("P-IO", None, None, "no such file or folder"),
        ],
    )


# ----------------------------------------------------------------------------- JSON


def test_json_shape_bourre() -> None:
    doc = json.loads(render_json(Report([bourre_file()])))
    assert list(doc) == ["files"]
    (file,) = doc["files"]
    for key in ("path", "game", "errors", "hands", "totals"):
        assert key in file
    assert file["path"] == "friday.hlog"
    assert file["game"] == "bourre"
    assert file["errors"] == []
    hand = file["hands"][0]
    for key in (
        "number",
        "dealer",
        "trump",
        "violations",
        "claims",
        "payouts",
        "pot",
        "winner",
        "carry",
    ):
        assert key in hand
    assert hand["trump"] == "h"
    assert hand["payouts"] == {"ann": -1, "bob": -1, "cy": -6, "dee": -1.5, "eve": 4}
    assert hand["pot"] == 5 and hand["carry"] == 5 and hand["winner"] == "eve"
    violation = hand["violations"][0]
    assert list(violation)[:7] == ["rule", "player", "trick", "card", "line", "column", "message"]
    assert violation["corrected"] is False
    assert violation["evidence"].startswith("dee held")
    assert hand["violations"][1]["corrected"] is True
    assert hand["violations"][1]["card"] == "Th"  # normalised: T for ten
    assert hand["violations"][2]["player"] is None and hand["violations"][2]["trick"] is None
    assert hand["claims"] == [
        {
            "by": "ann",
            "against": "dee",
            "trick": 4,
            "ruling": "upheld",
            "reason": "dee held 4♦",
            "line": 21,
            "column": 1,
        }
    ]
    assert file["hands"][1]["winner"] is None
    assert file["totals"] == {"ann": -1, "bob": -1, "cy": -6, "dee": -1.5, "eve": 4}
    assert file["options"] == {"limit": 20, "cinch": False}


def test_json_shape_euchre() -> None:
    (file,) = json.loads(render_json(Report([euchre_file()])))["files"]
    assert file["score"] == {"ann+cy": 32, "bob+dee": 4}
    assert file["totals"] == file["score"]
    hand = file["hands"][0]
    assert hand["points"] == {"ann+cy": 2, "bob+dee": 4}
    assert hand["score"] == {"ann+cy": 2, "bob+dee": 4}
    assert hand["winner"] is None
    assert "payouts" not in hand
    assert file["hands"][2]["winner"] == "ann+cy"
    assert file["hands"][1]["redeal"] is True and file["hands"][1]["trump"] is None


def test_json_errors() -> None:
    (file,) = json.loads(render_json(Report([error_file()])))["files"]
    assert file["game"] is None
    assert file["errors"] == [
        {"code": "P-ENCODING", "line": 3, "column": 5, "message": "byte 0xff is not UTF-8"},
        {"code": "P-IO", "line": None, "column": None, "message": "no such file or folder"},
    ]
    assert file["hands"] == [] and file["totals"] == {}


def test_json_empty_report() -> None:
    assert json.loads(render_json(Report())) == {"files": []}


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (D("0.50"), "0.5"),
        (D("5.00"), "5"),
        (D("-3"), "-3"),
        (D("1E+2"), "100"),
        (D("-0"), "0"),
        (D("0.1"), "0.1"),
        (D("12345678901234567890.000000001"), "12345678901234567890.000000001"),
    ],
)
def test_decimal_numbers_exact(value: D, text: str) -> None:
    assert number_text(value) == text
    assert json.loads(text, parse_float=D) == value


@given(
    st.decimals(allow_nan=False, allow_infinity=False)
    | st.builds(D, st.integers(-(10**12), 10**12)).map(lambda d: d.scaleb(-2))
)
def test_decimal_numbers_as_fixed_point(value: D) -> None:
    """Whatever the exponent, the text is the exact value in fixed point (``format`` "f"),
    trailing fractional zeros dropped: the plain-notation shortcut changes no digit."""
    fixed = format(value, "f")
    if "." in fixed:
        fixed = fixed.rstrip("0").rstrip(".")
    assert number_text(value) == ("0" if fixed in {"-0", ""} else fixed)
    assert D(number_text(value)) == value


@pytest.mark.parametrize(
    "value",
    [D("Infinity"), D("-Infinity"), D("NaN"), D("sNaN"), D("NaN123"), D("-sNaN7"), D("-NaN")],
)
def test_decimal_numbers_refuse_non_finite(value: D) -> None:
    with pytest.raises(ValueError, match="cannot write"):
        number_text(value)


def test_json_decimal_not_through_float() -> None:
    report = bourre_file()
    hand = report.hands[0]
    assert isinstance(hand, BourreHandResult)
    long_amount = D("0.1000000000000000055511151231257827")
    hand.payouts["ann"] = long_amount
    doc = json.loads(render_json(Report([report])), parse_float=D)
    assert doc["files"][0]["hands"][0]["payouts"]["ann"] == long_amount


def test_json_deterministic_and_streamed_identically() -> None:
    report = Report([bourre_file(), euchre_file(), error_file()])
    first = render_json(report)
    assert first == render_json(report)
    out = io.StringIO()
    writer = JsonWriter(out)
    for file in report.files:
        writer.file(file)
    writer.close()
    assert out.getvalue() == first
    assert first.endswith("}\n")


def test_dumps_inline_scalars_and_nesting() -> None:
    assert dumps({"a": 1, "b": "x"}) == '{"a": 1, "b": "x"}'
    assert dumps({"a": [1, 2], "b": {}}) == '{\n  "a": [1, 2],\n  "b": {}\n}'
    assert dumps({"a": [{"x": None}]}) == '{\n  "a": [\n    {"x": null}\n  ]\n}'
    assert dumps('zoë "q"') == '"zoë \\"q\\""'


# ----------------------------------------------------------------------------- text


def test_text_diagnostic_with_caret_and_evidence() -> None:
    text = render_text(Report([bourre_file()]), sources=fake_source)
    lines = text.splitlines()
    i = lines.index("friday.hlog:17:37: BR-FOLLOW dee played 8♣ holding a diamond")
    assert lines[i + 1] == " 17 | trick 4: eve Jc, ann 3c, cy 6c, dee 8c"
    caret = lines[i + 2]
    assert caret.index("^") == lines[i + 1].index("8c")
    assert lines[i + 3] == "    = dee held 4♦ when diamonds were led"
    assert lines[i + 4] == "    = the 4♦ was played in trick 5"


def test_text_caret_under_tab_expanded_column() -> None:
    text = render_text(Report([bourre_file()]), sources=fake_source)
    lines = text.splitlines()
    i = lines.index("friday.hlog:15:22: BR-HEAD (corrected) ann did not head the trick")
    shown, caret = lines[i + 1], lines[i + 2]
    assert "\t" not in shown
    assert shown[caret.index("^") :].startswith("Kh")


def test_text_header_settlements_and_ledger() -> None:
    text = render_text(Report([bourre_file()]), sources=lambda path, wanted: {})
    assert text.startswith("friday.hlog — Bourré\n")  # (streamed: the count comes last)
    assert text.endswith("1 file, 2 hands: 2 violations, 1 settlement error\n")
    assert "  players: ann, bob, cy, dee, eve" in text
    assert "  house options: limit 20, cinch false" in text
    assert "  title: Friday night" in text
    assert "friday.hlog:20:1: BR-SETTLE-WIN recorded eve wins 4" in text
    assert "friday.hlog:21:1: claim ann renege dee (trick 4): upheld — dee held 4♦" in text
    table = [ln for ln in text.splitlines() if re.match(r"\s+(hand|\d+|total)\s", ln)]
    assert table[0].split() == [
        "hand", "dealer", "trump", "pot", "winner", "carry", *PLAYERS, "recorded", "result"
    ]  # fmt: skip
    assert table[1].split()[:11] == [
        "1", "eve", "4♥", "5", "eve", "5", "-1", "-1", "-6", "-1.5", "+4"
    ]  # fmt: skip
    assert table[1].endswith("  differs: BR-SETTLE-WIN  eve took most tricks (3)")
    assert table[2].split() == ["2", "ann", "♠", "9", "carried", "9", "0", "0", "0", "0", "0", "-"]
    assert table[3].split() == ["total", "-1", "-1", "-6", "-1.5", "+4"]
    assert text.rstrip().endswith("1 file, 2 hands: 2 violations, 1 settlement error")


def test_text_euchre_table_and_score() -> None:
    text = render_text(Report([euchre_file()]))
    rows = [ln.split() for ln in text.splitlines() if re.match(r"\s+(hand|\d+)\s", ln)]
    assert rows[0] == [
        "hand",
        "dealer",
        "contract",
        "trump",
        "tricks",
        "ann+cy",
        "bob+dee",
        "recorded",
        "winner",
    ]
    assert rows[1] == ["1", "dee", "dee", "4", "♥", "2-4", "+2", "=", "2", "+4", "=", "4", "-"]
    assert rows[2][:3] == ["2", "ann", "redeal"]
    assert rows[3][-1] == "ann+cy"
    assert "  score: ann+cy 32, bob+dee 4" in text
    assert "  game 1 won by ann+cy (hand 3)" in text
    assert text.rstrip().endswith("1 file, 3 hands: clean")


def test_text_errors_and_batch_summary() -> None:
    report = Report([bourre_file(), euchre_file(), error_file()])
    text = render_text(report, sources=fake_source)
    assert "bad.hlog (not judged)" in text
    lines = text.splitlines()
    i = lines.index("bad.hlog:3:5: P-ENCODING byte 0xff is not UTF-8")
    assert lines[i + 1] == " 3 | ab      cdef"
    assert lines[i + 2].index("^") == lines[i + 1].index("def")
    assert "bad.hlog: P-IO no such file or folder" in lines
    start = next(n for n, ln in enumerate(lines) if ln.split()[:2] == ["file", "game"])
    summary = [ln.split() for ln in lines[start : start + 5]]
    assert summary[0] == [
        "file",
        "game",
        "hands",
        "findings",
        "settlement",
        "errors",
        "by",
        "rule",
    ]
    assert ["friday.hlog", "bourre", "2", "3", "1", "0", "BR-FOLLOW", "1,", "BR-HEAD", "1,",
            "BR-SETTLE-WIN", "1"] in summary  # fmt: skip
    assert ["bad.hlog", "-", "0", "0", "0", "2", "P-ENCODING", "1,", "P-IO", "1"] in summary
    assert summary[-1] == ["total", "5", "3", "1", "2", "BR-FOLLOW", "1,", "BR-HEAD", "1,",
                           "BR-SETTLE-WIN", "1,", "P-ENCODING", "1,", "P-IO", "1"]  # fmt: skip
    assert lines[-1] == (
        "3 files, 5 hands: 2 violations, 1 settlement error, 2 read errors, 1 file not read"
    )


def test_text_single_file_has_no_summary_table() -> None:
    text = render_text(Report([euchre_file()]))
    assert "violations  errors" not in text


def test_text_quiet_prints_only_findings() -> None:
    text = render_text(Report([bourre_file(), error_file()]), quiet=True, sources=fake_source)
    firsts = [ln for ln in text.splitlines() if not ln.startswith(" ")]
    assert len(firsts) == 5
    assert all(re.match(r"\S+?:(\d+:\d+:)? [A-Z]+-", ln) for ln in firsts), firsts
    assert "claim" not in text and "total" not in text and "players" not in text


def test_text_plain_without_color_and_ansi_with_color() -> None:
    report = Report([bourre_file()])
    assert "\x1b[" not in render_text(report, sources=fake_source)
    assert "\x1b[" in render_text(report, color=True, sources=fake_source)


def test_text_without_source_has_no_snippet() -> None:
    text = render_text(Report([bourre_file("/nonexistent/x.hlog")]))
    lines = text.splitlines()
    i = lines.index("/nonexistent/x.hlog:17:37: BR-FOLLOW dee played 8♣ holding a diamond")
    assert lines[i + 1].startswith("    = ")


def test_read_source_lines(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "a.hlog"  # type: ignore[operator]
    path.write_bytes(b"\xef\xbb\xbfgame bourre\r\nplayers ann bob\r\n\xff bad\n")
    assert read_source_lines(str(path), {1, 3, 9}) == {1: "game bourre", 3: "\ufffd bad"}
    assert read_source_lines(str(path), set()) == {}
    assert read_source_lines(str(path) + ".missing", {1}) == {}


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_gets_colour_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render.text import TextRenderer, make_console

    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")

    def rendered() -> str:
        out = _Tty()
        renderer = TextRenderer(make_console(out), sources=fake_source)
        renderer.file(bourre_file())
        renderer.finish()
        return out.getvalue()

    assert "\x1b[1;31m" in rendered()  # bold red rule IDs on a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", rendered())  # no colour codes at all


def test_source_lines_never_carry_control_codes(tmp_path: Path) -> None:
    from referee.render.source import read_source_lines

    log = tmp_path / "bin.hlog"
    log.write_bytes(b"ab\x00\x01\x1b[31mc\td\n")
    (line,) = read_source_lines(str(log), {1}).values()
    assert line == "ab\ufffd\ufffd\ufffd[31mc\td"


def test_text_rule_in_words_once_per_rule_per_file() -> None:
    """The `= rule:` line follows the first finding of each rule in a file only; a second
    file explains its rules again."""
    base = bourre_file()
    first = base.hands[0]
    assert isinstance(first, BourreHandResult)
    again = Violation("BR-FOLLOW", "cy", 1, "2c", 31, 10, "cy played 2♣ holding a heart")
    second = dataclasses.replace(base.hands[1], violations=[again])
    report = dataclasses.replace(base, hands=[first, second])
    other = dataclasses.replace(report, path="saturday.hlog")
    text = render_text(Report([report, other]), sources=fake_source)
    hints = [ln.split("= rule: ")[1][:40] for ln in text.splitlines() if "= rule: " in ln]
    per_file = [
        "With `head_trick` (default true) a playe",  # BR-HEAD, line 15
        "A player who holds a card of the suit le",  # BR-FOLLOW, line 17 (not line 31)
        "With any `settle` line the hand's record",  # BR-SETTLE-WIN
    ]
    assert hints == per_file * 2
    assert text.count("cy played 2♣ holding a heart") == 2  # the finding itself, each file
    assert render_text(Report([report]), quiet=True).count("= rule:") == 0
