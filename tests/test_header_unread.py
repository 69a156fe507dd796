"""The header's lines that could not be read: the reader keeps them on the `Header`, and
what each may have said (`header_may_have_said`) decides which value of the header is
unknown to the engines (the whole verdicts are in the rule cases: BR-SETTLE-POT,
BR-SETTLE-ANTE, BE-TOTAL)."""

from __future__ import annotations

import pytest

import referee
from referee.parser.reader import read_text
from referee.records import Header, Unread
from referee.sequence import header_may_have_said


def _header(text: str) -> Header:
    header = read_text(text).header
    assert header is not None
    return header


def test_reader_keeps_the_unreadable_header_lines() -> None:
    header = _header(
        "game bourre\nplayers ann bob cy\npot 2x\ntitle Friday\nexempt bob 5\n"
        "pott 3\nline\x0dwith a carriage return\n\nhand 1\n"
    )
    assert header.unread == (
        Unread(3, "pot"),
        Unread(5, "exempt"),
        Unread(6, "pott"),
        Unread(7, "line"),
    )
    assert header.pot is None and header.exempt == ()


def test_a_readable_header_has_no_unreadable_lines() -> None:
    header = _header("game bourre\nplayers ann bob cy\npot 2\nexempt bob\n\nhand 1\n")
    assert header.unread == ()


@pytest.mark.parametrize(
    ("line", "kinds", "expected"),
    [
        ("pot 2x", ("pot",), True),
        ("pot: 2x", ("pot",), True),
        ("pott 2", ("pot",), True),
        ("xyzzy 2", ("pot",), True),  # close to no keyword: it may have been anything
        ("exempt bob 5", ("pot",), False),
        ("exempt bob 5", ("exempt",), True),
        ("trick 1: ann 1s, bob 2s", ("pot", "exempt"), False),
        ("optoin ante 2", ("pot", "exempt"), False),
        ("score ann+cy 1x bob+cy 2", ("pot", "exempt"), False),
        ("score ann+cy 1x bob+cy 2", ("score",), True),
    ],
)
def test_what_an_unreadable_header_line_may_have_said(
    line: str, kinds: tuple[str, ...], expected: bool
) -> None:
    header = _header(f"game bourre\nplayers ann bob cy\n{line}\n\nhand 1\n")
    assert len(header.unread) == 1
    found = header_may_have_said(header, kinds)
    assert (found == header.unread[0]) if expected else found is None


def test_the_reason_names_the_header_line() -> None:
    report = referee.audit_text(
        "game bourre\nplayers ann bob cy\npot 2x\n\nhand 1\ndealer cy\ntrump 2h\n"
        "ann pass\nbob pass\ncy pass\n"
    )
    (hand,) = report.hands
    assert not hand.settled
    assert hand.unsettled == "the pot is unknown (line 3 of the header could not be read)"
    euchre = referee.audit_text(
        "game bid-euchre\nplayers ann bob cy dee\nscore ann+cy x bob+dee 2\n\nhand 1\n"
        "dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\n"
    )
    assert euchre.score is None
    assert euchre.hands[0].settled  # a redeal scores nothing, whatever the score was


def test_an_unreadable_line_before_a_forgotten_hand_line_was_that_line() -> None:
    """`ha` just before a hand's first statement (no `hand` line: hand 1 is implied) was
    most likely the `hand 1` line, not the `score` line: the score before hand 1 is 0-0,
    and the recorded running score is judged (BE-TOTAL)."""
    log = (
        "game bid-euchre\nplayers ann bob cy dee\nha\ndealer dee\nbid ann pass\n"
        "bid bob pass\nbid cy 3\nbid dee 4\ntrump hearts\n"
        "trick 1: dee Ad, ann 9d, bob 9c, cy Qc\ntrick 2: dee 9h, ann Jh, bob Qh, cy Kh\n"
        "trick 3: ann Qd, bob Qs, cy Ks, dee 9s\ntrick 4: ann Kd, bob Tc, cy Jc, dee Ah\n"
        "trick 5: dee Th, ann Ts, bob As, cy Kc\ntrick 6: dee Jd, ann Td, bob Ac, cy Js\n"
        "score bob+dee 5 ann+cy 2\n"
    )
    assert _header(log).unread == ()
    report = referee.audit_text(log)
    assert [v.rule for v in report.hands[0].violations] == ["BE-TOTAL"]
    assert report.score == {"ann+cy": 2, "bob+dee": 4}


@pytest.mark.parametrize(
    ("line", "kind"), [("optoin ante 2", "option"), ("rulse house.yaml", "rules")]
)
def test_an_unreadable_option_or_rules_line_leaves_the_log_not_judged(line: str, kind: str) -> None:
    """The log's house rules are not known: judged by the defaults, its plays and its record
    could be accused wrongly (an `option ante 2` makes the record of every pot right), so
    the log is not judged, as with a bad option value (exit status 2)."""
    log = (
        f"game bourre\nplayers ann bob cy\n{line}\n\nhand 1\ndealer cy\ntrump 2h\n"
        "ann pass\nbob pass\ncy pass\nsettle pot 6\n"
    )
    report = referee.audit_text(log)
    assert report.hands == []
    codes = [(e.code, e.line) for e in report.errors]
    assert ("P-RULES", 3) in codes and ("P-SYNTAX", 3) in codes
    rules = next(e for e in report.errors if e.code == "P-RULES")
    assert f"`{kind}` line" in rules.message and "not judged" in rules.message


def test_an_unreadable_header_line_close_to_no_keyword_leaves_the_rules_alone() -> None:
    log = (
        "game bourre\nplayers ann bob cy\nxyzzy 4\n\nhand 1\ndealer cy\ntrump 2h\n"
        "ann pass\nbob pass\ncy pass\n"
    )
    report = referee.audit_text(log)
    assert [e.code for e in report.errors] == ["P-SYNTAX"]
    assert len(report.hands) == 1
