"""'Did you mean ...?': hints wherever a user misspelled something, with the exact findings.

Each case writes one slip into a clean log and checks every finding and read error it gives
(rule, line, column, message), so a hint can neither be missing nor come with new findings.
"""

from __future__ import annotations

import pytest

from referee.audit import audit_text
from referee.report import FileReport
from referee.suggest import close_matches, did_you_mean, edit_distance, fold

# Bourré, three players, one clean hand: Zoë takes all five tricks (trump clubs).
BOURRE = """game bourre
players ann bob Zoë

hand 1
dealer: ann
ante: ann bob Zoë
trump: 4c
ann play
bob play
Zoë play
trick 1: bob 6d, Zoë 8d, ann 5d
trick 2: Zoë Ac, ann Ks, bob 9d
trick 3: Zoë Qc, ann As, bob 9h
trick 4: Zoë 5h, ann 4d, bob Jd
trick 5: Zoë 3h, ann 7s, bob 2d
"""

# Bid Euchre, one clean hand: lena asks and takes all six (iris sits out).
EUCHRE = """game bid-euchre
players lena rik iris Moë

hand 1
dealer Moë
bid lena ask
bid rik pass
bid iris pass
bid Moë pass
trump spades
trick 1: lena Js, rik 9s, Moë Th
trick 2: lena Ah, rik Qh, Moë Jh
trick 3: lena Jc, rik Td, Moë Tc
trick 4: lena As, rik Kh, Moë Jd
trick 5: lena Ks, rik Ad, Moë Qd
trick 6: lena Qs, rik Ac, Moë Kc
settle lena+iris 12 rik+Moë 0
"""

Item = tuple[str, int | None, int | None, str]


def _items(report: FileReport) -> list[Item]:
    """Every finding and read error of a report, as (rule, line, column, message)."""
    found = [(v.rule, v.line, v.column, v.message) for h in report.hands for v in h.violations]
    found += [(e.code, e.line, e.column, e.message) for e in report.errors]
    return found


def _audit(log: str, old: str, new: str) -> list[Item]:
    assert old in log
    return _items(audit_text(log.replace(old, new, 1), "t.hlog"))


def test_the_clean_logs_are_clean() -> None:
    assert _items(audit_text(BOURRE)) == []
    assert _items(audit_text(EUCHRE)) == []


# ----------------------------------------------------------------------------- the matching


def test_fold_drops_accents_and_case() -> None:
    assert fold("Zoë") == "zoe" and fold("BOURRÉ") == "bourre"


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("anne", "ann", 1), ("trik", "trick", 1), ("tirck", "trick", 1), ("limt", "limit", 1),
     ("carri", "carry", 1), ("abc", "abc", 0), ("abcdef", "uvwxyz", 3)],
)  # fmt: skip
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, 2) == distance


@pytest.mark.parametrize(
    ("word", "candidates", "expected"),
    [
        ("anne", ["ann", "bob"], ["ann"]),
        ("zoe", ["ann", "Zoë"], ["Zoë"]),
        ("dealr", ["dealer", "deal", "trick"], ["dealer", "deal"]),  # both one letter off
        ("bo", ["bob"], []),  # two letters: only case and accents
        ("annie", ["ann"], []),  # two letters off a three-letter name: another person
        ("cy", ["ann", "bob"], []),
        ("ann", ["ann", "anna"], []),  # a candidate itself
        ("x" * 500, ["x"], []),
    ],
)
def test_close_matches(word: str, candidates: list[str], expected: list[str]) -> None:
    assert close_matches(word, candidates) == expected


def test_did_you_mean_lists_at_most_three() -> None:
    assert did_you_mean([]) == ""
    assert did_you_mean(["ann"]) == "did you mean ann?"
    assert did_you_mean(["a", "b"], "`") == "did you mean `a` or `b`?"
    assert close_matches("abcd", ["abce", "abcf", "abcg", "abch"]) == ["abce", "abcf", "abcg"]


# ----------------------------------------------------------------------------- names


def test_bourre_unseated_name_in_a_trick_suggests_the_seated_one() -> None:
    assert _audit(BOURRE, "trick 1: bob 6d,", "trick 1: anne 6d, bob 6d,") == [
        ("L-PLAYER", 11, 10, "anne is not seated at this table; did you mean ann?"),
    ]


def test_bourre_name_without_its_accent_suggests_the_accented_one() -> None:
    assert _audit(BOURRE, "Zoë play", "zoe play") == [
        ("L-PLAYER", 10, 1, "zoe is not seated at this table; did you mean Zoë?"),
    ]


def test_bourre_dealer_line_suggests_a_seated_name() -> None:
    # the dealer is unknown too (the hand names no seated dealer): that is its own finding
    assert _audit(BOURRE, "dealer: ann", "dealer: Anne") == [
        ("L-MISSING", 4, 1, "hand 1 names no dealer"),
        ("L-PLAYER", 5, 9, "Anne is not seated at this table; did you mean ann?"),
    ]


def test_no_hint_when_no_seated_name_is_close() -> None:
    assert _audit(BOURRE, "bob 2d", "bob 2d, rex Kc") == [
        ("L-PLAYER", 15, 34, "rex is not seated at this table"),
    ]


def test_euchre_unseated_names_suggest_the_seated_ones() -> None:
    assert _audit(EUCHRE, "bid rik pass", "bid rick pass") == [
        ("L-PLAYER", 7, 5, "rick is not seated at this table; did you mean rik?"),
    ]
    assert _audit(EUCHRE, "rik+Moë 0", "rik+moe 0") == [
        ("L-PLAYER", 17, 25, "moe is not seated at this table; did you mean Moë?"),
    ]
