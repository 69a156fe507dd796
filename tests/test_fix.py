"""`referee fix`: the referee's own settlement and the sure spellings written into a copy of
the log, everything else kept as written; the log itself never touched."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee
from referee.audit import Reading
from referee.cli import app
from referee.fixer import FixOutcome, fix_log, judge_with, unified_diff

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
BOURRE_SAMPLE = ROOT / "samples" / "bourre" / "settlement-mistakes.hlog"
EUCHRE_SAMPLE = ROOT / "samples" / "euchre" / "scoring-mistakes.hlog"


def run(*args: str, stdin: bytes | None = None) -> tuple[int, bytes, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout_bytes, result.stderr


def fixed(text: str | bytes, encoding: str | None = None) -> FixOutcome:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return fix_log(data, judge_with("t.hlog", None, None, Reading()), "t.hlog", encoding)


def fixed_text(text: str) -> str:
    outcome = fixed(text)
    assert outcome.fixed is not None
    return outcome.fixed.text()


def audit_code(path: Path) -> int:
    return runner.invoke(app, ["audit", "-q", str(path)]).exit_code


#: A clean three-handed Bourré hand: eve takes 3 tricks, ann 2 (ante 1, pot 3).
BOURRE = """\
game bourre
players ann bob eve
hand 1
dealer eve
trump 4h
ann play
bob pass
eve play
trick 1: ann 7h, eve Ah
trick 2: eve 4h, ann Kh
trick 3: ann Td, eve Kd
trick 4: eve Jc, ann Qc
trick 5: ann 5d, eve 3h
"""


def bourre(*settle: str, header: str = "") -> str:
    text = BOURRE.replace("players ann bob eve\n", f"players ann bob eve\n{header}")
    return text + "".join(line + "\n" for line in settle)


# ----------------------------------------------------------------------------- the samples


@pytest.mark.parametrize("sample", [BOURRE_SAMPLE, EUCHRE_SAMPLE], ids=["bourre", "euchre"])
def test_the_samples_fixed_audit_clean_and_fixing_again_changes_nothing(
    sample: Path, tmp_path: Path
) -> None:
    before = sample.read_bytes()
    code, out, err = run("fix", str(sample))
    assert code == 1
    assert sample.read_bytes() == before  # the log itself is never touched
    assert err.count("as the referee settles the hand") >= 3
    fixed_log = tmp_path / "fixed.hlog"
    fixed_log.write_bytes(out)
    assert audit_code(sample) == 1 and audit_code(fixed_log) == 0
    code, again, err = run("fix", str(fixed_log))
    assert (code, again) == (0, out)
    assert "nothing to fix" in err
    # only the wrong recorded lines differ; every other line is as it was
    old, new = before.decode().splitlines(), out.decode().splitlines()
    assert [line for line in new if line not in old] == [
        line
        for line in new
        if line.lstrip().lower().startswith(("settle", "score", "ante")) and line not in old
    ]


def test_the_bourre_sample_is_mended_line_by_line() -> None:
    code, out, _ = run("fix", "--diff", str(BOURRE_SAMPLE))
    assert code == 1
    name = str(BOURRE_SAMPLE)
    lines = out.decode().splitlines()
    assert lines[:2] == [f"--- {name}", f"+++ {name}"]
    changed = [line for line in lines[2:] if line[:1] in "+-"]
    assert changed == [
        "-ante: ed gus          # gus paid in error",
        "+ante: ed              # gus paid in error",
        "-settle nell bourre 12.50    # the table forgot the limit",
        "+settle nell bourre 10.00    # the table forgot the limit",
        "-settle pot 11.00",
        "-settle gus wins 11.00",
        "+settle pot 12.00",
        "+settle gus wins 12.00",
        "-settle gus wins 21.50",
        "+settle split",
        "+settle nell bourre 10.00",
    ]


def test_the_euchre_sample_keeps_each_lines_teams_and_comment() -> None:
    code, out, _ = run("fix", "--diff", str(EUCHRE_SAMPLE))
    assert code == 1
    added = [line for line in out.decode().splitlines() if line.startswith("+settle")]
    assert added[0] == (
        '+settle gwen+fay 4 hal+russ -4                # russ: "we made it". They took two: set, -4'
    )
    assert "+score gwen+fay 8 hal+russ -2" in out.decode().splitlines()


# ----------------------------------------------------------------------------- Bourré


def test_a_right_record_is_kept_and_a_clean_log_exits_0() -> None:
    text = bourre("settle pot 3", "settle eve wins 3")
    outcome = fixed(text)
    assert not outcome.changed and outcome.exit_code() == 0 and outcome.changes == []


def test_only_the_wrong_kind_of_line_is_touched() -> None:
    # the pot is right, as written ("3.00"), and stays so; the winner is wrong
    text = bourre("settle pot 3.00   # three antes", "settle ann wins 3.00")
    assert fixed_text(text) == bourre("settle pot 3.00   # three antes", "settle eve wins 3.00")


def test_an_amount_alone_wrong_is_rewritten_in_place() -> None:
    text = bourre("  Settle: eve WINS $4   # note")
    assert fixed_text(text) == bourre("  Settle: eve WINS $3   # note")


def test_a_missing_line_is_added_after_the_last_settle_line_in_its_style() -> None:
    text = bourre("  settle: pot 3", "  settle: split", "# the end")
    assert fixed_text(text) == bourre("  settle: pot 3", "  settle: eve wins 3", "# the end")
    text = bourre("settle pot 3", "settle eve wins 3", "settle bob bourre 3  # bob passed!")
    assert fixed_text(text) == bourre("settle pot 3", "settle eve wins 3", "# bob passed!")


def test_a_line_added_after_the_last_line_of_the_log_gets_a_line_end() -> None:
    text = bourre("settle pot 3").rstrip("\n")
    assert fixed_text(text) == bourre("settle pot 3", "settle eve wins 3").rstrip("\n")


def test_the_ante_line_names_who_owed_it() -> None:
    text = bourre("settle eve wins 3").replace("dealer eve\n", "dealer eve\nante: ann, eve\n")
    want = bourre("settle eve wins 3").replace("dealer eve\n", "dealer eve\nante: ann, bob, eve\n")
    assert fixed_text(text) == want


def test_a_missing_bourre_line_is_added() -> None:
    # bob plays and takes no trick: a bourré of 3
    text = (
        BOURRE.replace("bob pass", "bob play")
        .replace("ann 7h, eve Ah", "ann 7h, bob 2h, eve Ah")
        .replace("eve 4h, ann Kh", "eve 4h, ann Kh, bob 6h")
        .replace("ann Td, eve Kd", "ann Td, bob 4d, eve Kd")
        .replace("eve Jc, ann Qc", "eve Jc, ann Qc, bob 2c")
        .replace("ann 5d, eve 3h", "ann 5d, bob 9s, eve 3h")
    )
    report = referee.audit_text(text + "settle split\n")
    (hand,) = report.hands
    assert hand.bourre == {"bob": 3}
    out = fixed_text(text + "settle split\n")
    assert out == text + "settle eve wins 3\nsettle bob bourre 3\n"
    (hand,) = referee.audit_text(out).hands
    assert hand.record.verdict == "agrees" and hand.violations == []


def test_an_unsettled_hand_is_left_as_it_is_and_said_so(tmp_path: Path) -> None:
    text = bourre("settle ann wins 99").replace("trick 5: ann 5d, eve 3h\n", "")
    outcome = fixed(text)
    assert not outcome.changed
    assert [(left.hand, "tricks" in left.why) for left in outcome.left] == [(1, True)]
    log = tmp_path / "short.hlog"
    log.write_text(text, encoding="utf-8")
    code, out, err = run("fix", str(log))
    assert code == 1 and out.decode() == text
    assert f"referee: {log}: hand 1 is not settled, left as it is: " in err
    assert "L-COUNT" in err and "that fix cannot mend" in err


def test_findings_fix_cannot_mend_are_named_and_exit_1(tmp_path: Path) -> None:
    # eve trumps the diamond lead of trick 3 and shows a diamond in trick 5
    text = (
        bourre("settle split")
        .replace("trick 3: ann Td, eve Kd", "trick 3: ann Td, eve 3h")
        .replace("trick 5: ann 5d, eve 3h", "trick 5: ann 5d, eve Kd")
    )
    log = tmp_path / "renege.hlog"
    log.write_text(text, encoding="utf-8")
    code, _, err = run("fix", str(log))
    assert code == 1
    assert "1 finding that fix cannot mend: BR-FOLLOW (line 11)" in err


# ----------------------------------------------------------------------------- Bid Euchre

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


@pytest.mark.parametrize(
    ("written", "mended"),
    [
        ("settle dee+bob 2 cy+ann 4", "settle dee+bob 4 cy+ann 2"),  # their order kept
        ("SCORE: ann+cy +1,  bob+dee 4  # ?", "SCORE: ann+cy +2,  bob+dee 4  # ?"),
        ("settle ann+bob 4 cy+dee 2", "settle ann+cy 2 bob+dee 4"),  # not partners: anew
        ("settle bob+dee 4 ann+cy 2", "settle bob+dee 4 ann+cy 2"),  # right: kept
    ],
)
def test_euchre_lines(written: str, mended: str) -> None:
    assert fixed_text(EUCHRE + written + "\n") == EUCHRE + mended + "\n"


# ----------------------------------------------------------------------------- spellings


def test_a_sure_spelling_is_applied_and_its_hand_then_settled() -> None:
    text = bourre("setle pot 3", "settle eve wins 4").replace("trump 4h", "trmp 4h")
    outcome = fixed(text)
    assert outcome.fixed is not None
    assert outcome.fixed.text() == bourre("settle pot 3", "settle eve wins 3")
    assert [c.line for c in outcome.changes] == [5, 14, 15]
    assert outcome.changes[0].what == "`trmp` written `trump` (P-SYNTAX: did you mean)"
    assert outcome.remaining == [] and outcome.exit_code() == 1
    assert not fixed(outcome.fixed.text()).changed


def test_a_spelling_in_the_header_lets_the_log_be_read() -> None:
    outcome = fixed(bourre("settle eve wins 3").replace("players", "playrs"))
    assert outcome.fixed is not None and not outcome.not_read
    assert outcome.fixed.text() == bourre("settle eve wins 3")


@pytest.mark.parametrize("line", ["trmp 4x", "deel eve"])
def test_a_hint_that_does_not_mend_the_line_is_not_applied(line: str) -> None:
    # "did you mean `trump`?" / "`deal`?": but `trump 4x` and `deal eve` do not read
    # either; a line no one keyword mends is left for a person
    text = bourre("settle eve wins 3").replace("trump 4h\n", f"trump 4h\n{line}\n")
    (error,) = [e for e in referee.audit_text(text).errors if e.code == "P-SYNTAX"]
    assert "did you mean" in error.message and error.mend is None
    outcome = fixed(text)
    assert not outcome.changed and outcome.exit_code() == 1
    assert [rule for rule, _ in outcome.remaining] == ["P-SYNTAX"]


def test_the_mend_of_a_read_error_is_structural() -> None:
    report = referee.audit_text(bourre().replace("dealer eve", "dealr eve"))
    (error,) = [e for e in report.errors if e.code == "P-SYNTAX"]
    assert error.mend is not None
    assert (error.line, error.column) == (4, 1)
    assert (error.mend.column, error.mend.old, error.mend.new) == (1, "dealr", "dealer")
    assert "did you mean `dealer`?" in error.message


# ----------------------------------------------------------------------------- as written


@pytest.mark.parametrize(
    ("codec", "mark"),
    [
        ("utf-8", b""),
        ("utf-8", codecs.BOM_UTF8),
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-be", codecs.BOM_UTF16_BE),
    ],
)
def test_encoding_mark_and_crlf_line_ends_are_kept(codec: str, mark: bytes) -> None:
    text = bourre("settle pot 3", "settle ann wins 3").replace("\n", "\r\n")
    outcome = fixed(mark + text.encode(codec))
    assert outcome.fixed is not None
    want = bourre("settle pot 3", "settle eve wins 3").replace("\n", "\r\n")
    assert outcome.fixed.encode() == mark + want.encode(codec)


def test_an_encoding_given_is_kept() -> None:
    text = bourre("settle pot 3", "settle ann wins 3").replace("game bourre", "# café\ngame bourre")
    outcome = fixed(text.encode("cp1252"), "cp1252")
    assert outcome.fixed is not None
    assert outcome.fixed.encode().decode("cp1252") == text.replace("ann wins", "eve wins")


def test_old_mac_line_ends_count_as_the_reader_counts_them() -> None:
    # lines end with LF or CRLF, as for the reader and git: a CR alone is part of its line,
    # so an old Mac file is one line, not read as a log, and nothing is mended
    text = bourre("settle pot 3", "settle ann wins 3").replace("\n", "\r")
    outcome = fixed(text)
    assert outcome.not_read and outcome.exit_code() == 2 and not outcome.changed
    assert outcome.fixed is not None and outcome.fixed.text() == text


def test_the_diff_says_when_a_last_line_has_no_end() -> None:
    outcome = fixed(bourre("settle pot 3").rstrip("\n"))
    diff = unified_diff("t.hlog", outcome.original, outcome.fixed)
    assert diff[:2] == ["--- t.hlog\n", "+++ t.hlog\n"]
    assert diff[-5:] == [
        "-settle pot 3\n",
        "\\ No newline at end of file\n",
        "+settle pot 3\n",
        "+settle eve wins 3\n",
        "\\ No newline at end of file\n",
    ]


# ----------------------------------------------------------------------------- the command


def test_stdin_in_stdout_out_byte_for_byte() -> None:
    data = codecs.BOM_UTF8 + bourre("settle ann wins 3").replace("\n", "\r\n").encode()
    code, out, err = run("fix", "-", stdin=data)
    assert code == 1
    assert out == codecs.BOM_UTF8 + bourre("settle eve wins 3").replace("\n", "\r\n").encode()
    assert "referee: <stdin>:14: hand 1: BR-SETTLE-WIN: line 14 rewritten" in err


def test_output_writes_a_new_file_and_never_the_log(tmp_path: Path) -> None:
    log = tmp_path / "night.hlog"
    log.write_text(bourre("settle ann wins 3"), encoding="utf-8")
    new = tmp_path / "night-fixed.hlog"
    code, out, err = run("fix", str(log), "-o", str(new))
    assert (code, out) == (1, b"")
    assert new.read_text(encoding="utf-8") == bourre("settle eve wins 3")
    assert f"referee: wrote {new}" in err
    assert log.read_text(encoding="utf-8") == bourre("settle ann wins 3")
    # not onto an existing file without --force, and never onto the log, even with it
    code, _, err = run("fix", str(log), "-o", str(new))
    assert code == 2 and "already exists; use --force" in err
    new.write_text("old", encoding="utf-8")
    os.chmod(new, 0o640)
    code, _, _ = run("fix", str(log), "-o", str(new), "--force")
    assert code == 1 and new.read_text(encoding="utf-8") == bourre("settle eve wins 3")
    assert new.stat().st_mode & 0o777 == 0o640
    link = tmp_path / "link.hlog"
    link.symlink_to(log)
    for target in (log, link):
        code, _, err = run("fix", str(log), "-o", str(target), "--force")
        assert code == 2 and "the referee never writes over its inputs" in err
    assert log.read_text(encoding="utf-8") == bourre("settle ann wins 3")


def test_misuse_and_unreadable_input_exit_2(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text(bourre("settle eve wins 3"), encoding="utf-8")
    code, _, err = run("fix", str(log), "--diff", "-o", str(tmp_path / "b.hlog"))
    assert code == 2 and "give one of them" in err
    code, _, err = run("fix", str(tmp_path))
    assert code == 2 and "is a folder" in err
    code, out, err = run("fix", str(tmp_path / "missing.hlog"))
    assert (code, out) == (2, b"") and "cannot read file" in err
    binary = tmp_path / "bin.hlog"
    binary.write_bytes(b"game bourre\n\x00\xff")
    code, out, err = run("fix", str(binary))
    assert (code, out) == (2, b"") and "P-ENCODING" in err
    nolog = tmp_path / "notes.hlog"
    nolog.write_text("just some notes\n", encoding="utf-8")
    code, out, err = run("fix", str(nolog))
    assert code == 2 and out == b"just some notes\n" and "not a hand log" in err


def test_a_clean_log_exits_0_and_quiet_says_nothing(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text(bourre("settle eve wins 3"), encoding="utf-8")
    assert run("fix", str(log), "-q") == (0, log.read_bytes(), "")
    code, out, err = run("fix", str(log), "--diff")
    assert (code, out) == (0, b"") and "nothing to fix" in err


def test_rules_and_a_log_relative_rules_path_apply(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("ante: 2\n", encoding="utf-8")
    log = tmp_path / "a.hlog"
    log.write_text(bourre("settle eve wins 3", header="rules house.yaml\n"), encoding="utf-8")
    code, out, _ = run("fix", str(log))
    assert code == 1 and out.decode() == bourre("settle eve wins 6", header="rules house.yaml\n")
    log.write_text(bourre("settle eve wins 3"), encoding="utf-8")
    code, out, _ = run("fix", str(log), "--rules", str(tmp_path / "house.yaml"))
    assert code == 1 and out.decode() == bourre("settle eve wins 6")


def test_the_folder_config_applies_as_audit_applies_it(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").write_text("[bourre]\nante = 2\n", encoding="utf-8")
    log = tmp_path / "a.hlog"
    log.write_text(bourre("settle eve wins 3"), encoding="utf-8")
    code, out, _ = run("fix", str(log))
    assert code == 1 and out.decode() == bourre("settle eve wins 6")
    assert audit_code(tmp_path / "a.hlog") == 1
    code, out, _ = run("fix", str(log), "--no-config")
    assert code == 0 and out.decode() == bourre("settle eve wins 3")
    (tmp_path / "referee.toml").write_text("[bourre]\nantes = 2\n", encoding="utf-8")
    code, out, err = run("fix", str(log))
    assert code == 2 and not out and "antes" in err and "did you mean ante" in err


def test_control_characters_never_reach_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from referee import cli

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    text = bourre("settle ann wins 3").replace("hand 1", "hand 1 # \x1b]52;c;eA==\x07")
    outcome = fixed(text)
    assert outcome.fixed is not None
    cli._print_fixed(outcome, outcome.fixed.encode())
    assert "\x1b" not in screen.getvalue() and "\\x1b]52" in screen.getvalue()
    screen.truncate(0)
    cli._print_diff("t.hlog", outcome)
    assert "\x1b" not in screen.getvalue()


def test_the_guides_example_is_what_fix_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/editors-and-repositories.md: its example log, the diff and the note shown."""
    from tests.test_docs import blocks

    page = ROOT / "docs" / "editors-and-repositories.md"
    listed = blocks(page)
    log = next(body for _, kind, _, body in listed if kind == "hlog")
    diff = next(body for _, kind, _, body in listed if kind == "diff")
    note = next(body for _, kind, _, body in listed if kind == "text")
    monkeypatch.chdir(tmp_path)
    Path("thursday.hlog").write_text(log, encoding="utf-8")
    code, out, err = run("fix", "--diff", "thursday.hlog")
    assert (code, out.decode(), err) == (1, diff, note)
    code, fixed_log, _ = run("fix", "thursday.hlog")
    Path("fixed.hlog").write_bytes(fixed_log)
    assert audit_code(Path("fixed.hlog")) == 0
