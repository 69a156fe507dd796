"""The simplest reading of a slip: one finding on it, and no other hand changes.

A trick whose number is wrong is a trick of the same hand (one L-TRICK); a statement a hand
has once, written twice, is one L-DUPLICATE (a second bid, BE-BID-ORDER); a forgotten
`hand` line is the reading only when the hand has played all its tricks (or its decisions
or bids leave nothing to play), then gives again a statement a hand has once, and the next
`hand` line is numbered as if the forgotten one were there. A slip never changes the
dealer, the bidding order or the number of a later hand.

First the cases, each with its exact findings, on the samples; then, for each kind of slip,
a property over generated sessions of both games: the slip's hand gets at most the finding
the rules name for it, and every other hand is judged exactly as in the clean session.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.audit import audit_text
from referee.parser.reader import read_text
from referee.records import BidLine, DealerLine, DecisionLine, Event, Hand, TrumpLine
from referee.report import FileReport
from tests.slips import (
    Change,
    Slip,
    audit,
    bourre_session,
    compare,
    deleted,
    euchre_session,
    hand_line_left_out,
    renumbered,
    repeated,
)

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
EVENING = (SAMPLES / "euchre" / "clean-evening.hlog").read_text()
FRIDAY = (SAMPLES / "bourre" / "friday-night.hlog").read_text()


def _changed(text: str, number: int, old: str, new: str) -> str:
    """``text`` with line ``number`` (1-based) changed from ``old`` to ``new``."""
    lines = text.split("\n")
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines)


def _inserted(text: str, after: int, line: str) -> str:
    lines = text.split("\n")
    lines.insert(after, line)
    return "\n".join(lines)


def _without(text: str, *numbers: int) -> str:
    return "\n".join(ln for i, ln in enumerate(text.split("\n"), 1) if i not in numbers)


def _both(text: str) -> FileReport:
    """The audit of a Bourré log (one reading and one replay: there is no other way to
    read it)."""
    return audit_text(text, "t.hlog")


def _found(report: FileReport) -> list[tuple[str, int | None]]:
    found = [(e.code, e.line) for e in report.errors]
    found += [(v.rule, v.line) for h in report.hands for v in h.violations]
    return sorted(found, key=lambda f: f[1] or 0)


def _ledger(report: FileReport) -> list[tuple[Any, ...]]:
    """Each hand's number, dealer, whether settled, and its money or points."""
    return [
        (h.number, h.dealer, h.settled, getattr(h, "payouts", None), getattr(h, "points", None))
        for h in report.hands
    ]


CLEAN_EVENING = audit_text(EVENING, "t.hlog")
CLEAN_FRIDAY = audit_text(FRIDAY, "t.hlog")


def test_the_samples_are_clean() -> None:
    assert _found(CLEAN_EVENING) == [] and _found(CLEAN_FRIDAY) == []
    assert all(h.settled for h in [*CLEAN_EVENING.hands, *CLEAN_FRIDAY.hands])


# ----------------------------------------------------------------------------- Bid Euchre


@pytest.mark.parametrize(
    ("line", "old", "new"),
    [
        (34, "trick 2:", "trick 1:"),  # hand 2's second trick, a second `trick 1`
        (38, "trick 6:", "trick 1:"),  # its sixth
        (35, "trick 3:", "trick 4:"),  # `trick 4` after `trick 2`
        (36, "trick 4:", "trick 7:"),  # a number past the hand's tricks
    ],
)
def test_euchre_a_misnumbered_trick_is_one_l_trick(line: int, old: str, new: str) -> None:
    report = audit_text(_changed(EVENING, line, old, new), "t.hlog")
    assert _found(report) == [("L-TRICK", line)]
    assert _ledger(report) == _ledger(CLEAN_EVENING)  # every hand settled as before


def test_euchre_a_repeated_trump_line_is_one_l_duplicate() -> None:
    # hand 2's `trump diamonds` (line 32) written twice, after the bids
    report = audit_text(_inserted(EVENING, 32, "trump diamonds"), "t.hlog")
    assert _found(report) == [("L-DUPLICATE", 33)]
    assert _ledger(report) == _ledger(CLEAN_EVENING)


@pytest.mark.parametrize(
    ("after", "line"),
    [
        (38, "trump diamonds"),  # after the tricks, the next hand is `hand 3`
        (38, "dealer marge"),
        (33, "dealer marge"),  # among the tricks
    ],
)
def test_euchre_a_statement_given_again_before_hand_3_is_no_forgotten_hand(
    after: int, line: str
) -> None:
    report = audit_text(_inserted(EVENING, after, line), "t.hlog")
    assert _found(report) == [("L-DUPLICATE", after + 1)]
    assert _ledger(report) == _ledger(CLEAN_EVENING)


def test_euchre_a_repeated_bid_is_one_bid_order() -> None:
    report = audit_text(_inserted(EVENING, 38, "bid hank pass"), "t.hlog")
    assert _found(report) == [("BE-BID-ORDER", 39)]
    assert _ledger(report) == _ledger(CLEAN_EVENING)


def test_euchre_a_forgotten_hand_line_is_one_finding() -> None:
    report = audit_text(_without(EVENING, 42), "t.hlog")  # `hand 3`
    assert [(v.rule, v.line, v.message) for h in report.hands for v in h.violations] == [
        ("L-COUNT", 42, "did you forget `hand 3`? hand 2 has 12 tricks")
    ]
    assert [(n, d, s) for n, d, s, *_ in _ledger(report)] == [
        (n, d, s) for n, d, s, *_ in _ledger(CLEAN_EVENING)
    ]
    assert [h.points for h in report.hands] == [h.points for h in CLEAN_EVENING.hands]


def test_euchre_a_forgotten_hand_line_contradicted_by_the_next_is_no_split() -> None:
    # `hand 3` left out, and the later hands numbered on from 3: no hand is missing by
    # their numbers, so hand 2 holds both hands' statements (each given twice)
    lines = _without(EVENING, 42).split("\n")
    for i, line in enumerate(lines):
        if line.startswith("hand ") and int(line.split()[1]) > 3:
            lines[i] = f"hand {int(line.split()[1]) - 1}"
    report = audit_text("\n".join(lines), "t.hlog")
    assert [h.number for h in report.hands] == list(range(1, 13))
    found = _found(report)
    assert ("L-DUPLICATE", 42) in found  # hand 3's `dealer walt`, a second dealer line
    assert not any(rule == "L-SEQUENCE" for rule, _ in found)
    assert not any("forget" in v.message for h in report.hands for v in h.violations)


def test_euchre_a_forgotten_hand_line_after_a_redeal_with_a_bid_left_out() -> None:
    # hand 4: all pass, joyce's pass not written; `hand 5` left out: hand 5's statements
    # start a new round (marge bids again), so hand 4's bids left nothing to play
    report = audit_text(_without(EVENING, 63, 65), "t.hlog")
    assert [(v.rule, v.line, v.message) for h in report.hands for v in h.violations] == [
        ("L-SEQUENCE", 64, "did you forget `hand 5`? hand 4 has a second `dealer` line after "
         "its play"),
    ]  # fmt: skip
    assert [(n, d, s) for n, d, s, *_ in _ledger(report)] == [
        (n, d, s) for n, d, s, *_ in _ledger(CLEAN_EVENING)
    ]


@pytest.mark.parametrize(
    ("sample", "gone"),
    [
        ("bourre/plays-only", 15),  # `hand 2`: a `trump` line and nothing else
        ("euchre/ace-no-face", 33),  # `hand 3`: a redeal called
    ],
)
def test_a_forgotten_hand_line_the_next_number_vouches_for(sample: str, gone: int) -> None:
    # (no play follows the statement given again, but the next `hand` line's number says
    # a hand is there; the finding stands on the hand's first line, now line ``gone``)
    text = (SAMPLES / f"{sample}.hlog").read_text()
    clean, report = audit_text(text, "t.hlog"), audit_text(_without(text, gone), "t.hlog")
    found = [(v.rule, v.line) for h in report.hands for v in h.violations]
    was = [(v.rule, v.line - (v.line > gone)) for h in clean.hands for v in h.violations]
    assert sorted(found) == sorted([*was, ("L-SEQUENCE", gone)])
    assert _ledger(report) == _ledger(clean)


def test_an_unreadable_hand_line_is_one_error() -> None:
    report = _both(_changed(FRIDAY, 52, "hand 3", "hnad 3"))
    assert _found(report) == [("P-SYNTAX", 52)]
    assert [row[1:] for row in _ledger(report)] == [row[1:] for row in _ledger(CLEAN_FRIDAY)]


# ----------------------------------------------------------------------------- Bourré


@pytest.mark.parametrize(
    ("line", "old", "new"),
    [
        (44, "trick 2:", "trick 1:"),  # hand 2's second trick, a second `trick 1`
        (45, "trick 3:", "trick 4:"),  # `trick 4` after `trick 2`
        (47, "trick 5:", "trick 1:"),  # the last trick
    ],
)
def test_bourre_a_misnumbered_trick_is_one_l_trick(line: int, old: str, new: str) -> None:
    report = _both(_changed(FRIDAY, line, old, new))
    assert _found(report) == [("L-TRICK", line)]
    assert _ledger(report) == _ledger(CLEAN_FRIDAY)


def test_a_trick_line_written_twice_is_one_l_duplicate() -> None:
    # hand 1's fifth trick (Bid Euchre, line 21) and hand 2's third (Bourré, line 45) copied
    # on the next line: no seventh (sixth) trick, nor the record of the hand and the later
    # hands accused
    euchre = audit_text(_inserted(EVENING, 21, EVENING.split("\n")[20]), "t.hlog")
    assert [(v.rule, v.line, v.message) for h in euchre.hands for v in h.violations] == [
        ("L-DUPLICATE", 22, "a trick line written twice in the hand")
    ]
    assert _ledger(euchre) == _ledger(CLEAN_EVENING)
    bourre = _both(_inserted(FRIDAY, 45, FRIDAY.split("\n")[44]))
    assert _found(bourre) == [("L-DUPLICATE", 46)]
    assert _ledger(bourre) == _ledger(CLEAN_FRIDAY)
    # a trick 1 written twice, after the tricks: the same line, not a next hand's
    bourre = _both(_inserted(FRIDAY, 47, FRIDAY.split("\n")[42]))
    assert _found(bourre) == [("L-DUPLICATE", 48)]
    assert _ledger(bourre) == _ledger(CLEAN_FRIDAY)


@pytest.mark.parametrize(
    ("after", "line"),
    [
        (42, "trump: 9s"),  # after the decisions
        (47, "trump: 9s"),  # after the tricks, the next hand is `hand 3`
        (47, "dealer: eve"),
        (47, "bob pass"),  # a decision
        (47, "deal eve 5c Qd Ac 4d 9s"),
    ],
)
def test_bourre_a_statement_given_again_is_one_l_duplicate(after: int, line: str) -> None:
    report = _both(_inserted(FRIDAY, after, line))
    assert _found(report) == [("L-DUPLICATE", after + 1)]
    assert _ledger(report) == _ledger(CLEAN_FRIDAY)


@pytest.mark.parametrize("line", ["trump: 8s", "cy play", "dealer: bob"])
def test_bourre_a_lone_statement_given_again_at_the_end_is_the_last_hands(line: str) -> None:
    # (the log ends: no `hand` line vouches for a forgotten one, and no play follows)
    end = len(FRIDAY.rstrip("\n").split("\n"))
    report = _both(FRIDAY.rstrip("\n") + f"\n{line}\n")
    assert _found(report) == [("L-DUPLICATE", end + 1)]
    assert _ledger(report) == _ledger(CLEAN_FRIDAY)


def test_bourre_a_forgotten_hand_line_is_one_finding() -> None:
    for gone, number in ((52, 3), (154, 8)):  # `hand 3`; `hand 8`, the last
        report = _both(_without(FRIDAY, gone))
        messages = [(v.rule, v.line, v.message) for h in report.hands for v in h.violations]
        assert len(messages) == 1 and messages[0][1] == gone, messages
        assert f"did you forget `hand {number}`?" in messages[0][2]
        assert _ledger(report) == _ledger(CLEAN_FRIDAY)


def test_bourre_no_forgotten_hand_line_before_the_hand_has_played_its_tricks() -> None:
    # hand 2 lacks its fifth trick, and `hand 3` is left out: hand 2 has not played all its
    # tricks, so the statements after it are its own, given twice; hand 3 is missing
    report = _both(_without(FRIDAY, 47, 52))
    assert [h.number for h in report.hands] == [1, 2, 4, 5, 6, 7, 8]
    second = report.hands[1]
    assert not second.settled and second.unsettled is not None
    assert second.unsettled.startswith("4 of 5 tricks logged")
    assert {v.rule for v in second.violations} == {"L-COUNT", "L-DUPLICATE"}
    assert not any("forget" in v.message for h in report.hands for v in h.violations)
    assert [v.rule for v in report.hands[2].violations] == ["L-SEQUENCE"]  # hand 3 missing


def test_bourre_a_forgotten_hand_line_needs_room_in_the_numbers() -> None:
    # `hand 3` left out and the later hands numbered on from 3: no split, and no later
    # hand's number, dealer or findings of its own change
    lines = _without(FRIDAY, 52).split("\n")
    for i, line in enumerate(lines):
        if line.startswith("hand ") and int(line.split()[1]) > 3:
            lines[i] = f"hand {int(line.split()[1]) - 1}"
    report = _both("\n".join(lines))
    assert [h.number for h in report.hands] == list(range(1, 8))
    assert not any(v.rule == "L-SEQUENCE" for h in report.hands for v in h.violations)
    assert not any("forget" in v.message for h in report.hands for v in h.violations)


# ----------------------------------------------------------------------------- the reader


def test_each_hand_knows_the_next_hands_number() -> None:
    text = "game bourre\nplayers ann bob\n\nhand 1\ntrump 2c\nhand 5\ntrump 3c\nhand x\n"
    text += "trump 4c\nhand 9\n"
    reader = read_text(text)
    hands = list(reader.hands())
    # (an unreadable `hand` line is numbered one more than the hand before it)
    assert [(h.number, h.next_number) for h in hands] == [(1, 5), (5, 6), (6, 9), (9, None)]
    assert [(e.code, e.line) for e in reader.errors] == [("P-SYNTAX", 8)]


# ----------------------------------------------------------------------------- properties


def _check(change: Change, allowed: set[str], slip: Slip, *, deleted: bool = False) -> None:
    """The slip gave its hand at most one finding, one of ``allowed``, and changed no other
    hand. A line left out (``deleted``) may leave its hand unsettled, and then the hands
    after it until the log gives the money or score again."""
    text = slip.text
    assert len(change.new) <= 1 and {f[0] for f in change.new} <= allowed, (change.new, text)
    assert not change.gone, (change.gone, text)
    assert change.others == [], (change.others, text)
    before, after = change.own_before, change.own_after
    if not deleted:
        assert after == before and change.ledger == [], text
        return
    assert after == before or not after[1], (before, after, text)  # settled alike, or not
    assert after[0] == before[0], text  # the dealer
    for number, was, now in change.ledger:  # the money or score lost after it, no more
        assert number > slip.hand and not after[1] and not now[1], (was, now, text)
        assert now[0] == was[0], (was, now, text)  # the dealer


def _session(game: str, rng: random.Random, detail: str = "") -> tuple[str, int]:
    if game == "bourre":
        # (a line left out: every line written, and no early announcement, whose penalty
        # and lost deal follow from the decisions around it)
        early = 0.0 if detail == "full" else None
        return bourre_session(rng, detail or rng.choice(("full", "mixed")), early)
    return euchre_session(rng)


def _judged(game: str, text: str) -> FileReport:
    return _both(text) if game == "bourre" else audit(text)


PROPERTY = settings(max_examples=20, derandomize=True, deadline=None)
GAMES = pytest.mark.parametrize("game", ["bourre", "bid-euchre"])


@GAMES
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_a_misnumbered_trick_is_one_l_trick(game: str, rng: random.Random) -> None:
    text, tricks = _session(game, rng)
    slip = renumbered(rng, text, tricks)
    if slip is None:
        return
    change = compare(audit(text), _judged(game, slip.text), slip)
    assert [f[:2] for f in change.new] == [("L-TRICK", slip.compared_line)], slip.text
    _check(change, {"L-TRICK"}, slip)


@GAMES
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_a_statement_given_again_is_one_duplicate(game: str, rng: random.Random) -> None:
    text, _ = _session(game, rng)
    slip = repeated(rng, text)
    if slip is None:
        return
    change = compare(audit(text), _judged(game, slip.text), slip)
    if slip.kind == "AnteLine":  # (a hand may record its antes more than once)
        _check(change, set(), slip)
        return
    rule = "BE-BID-ORDER" if slip.kind == "BidLine" else "L-DUPLICATE"
    assert [f[:2] for f in change.new] == [(rule, slip.compared_line)], slip.text
    _check(change, {rule}, slip)


#: What a line left out gives its hand (see "Incomplete hands"): no `trump` line, one
#: L-MISSING; a trick, one L-COUNT; a decision, a pass, a deal, an `ante` line, a later
#: hand's `dealer` line (the deal passes to the left), the joker's `discard`: nothing.
DELETED = {"TrumpLine": {"L-MISSING"}, "TrickLine": {"L-COUNT"}}
LEFT_OUT = {
    "bourre": ("DecisionLine", "DealLine", "TrumpLine", "AnteLine", "DealerLine", "TrickLine"),
    "bid-euchre": ("BidLine", "DealLine", "TrumpLine", "DealerLine", "DiscardLine", "TrickLine"),
}


def _kept(hand: Hand, event: Event) -> bool:
    """The statements the property leaves in: a bid other than a pass (without it the
    auction is another, read as written), and the dealer's decision under an ace upcard
    (whether BR-ACE-DEALER may be judged without it is not this property's concern)."""
    if isinstance(event, BidLine):
        return event.bid != "pass"
    if not isinstance(event, DecisionLine):
        return False
    dealers = [e.player for e in hand.events if isinstance(e, DealerLine)]
    upcards = [e.card for e in hand.events if isinstance(e, TrumpLine) and e.card is not None]
    return bool(upcards) and upcards[0][0] == "A" and event.player in dealers


@GAMES
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_a_line_left_out_gives_what_incomplete_hands_says(game: str, rng: random.Random) -> None:
    text, _ = _session(game, rng, "full")
    slip = deleted(rng, text, LEFT_OUT[game], _kept)
    if slip is None:
        return
    change = compare(audit(text), _judged(game, slip.text), slip)
    _check(change, DELETED.get(slip.kind, set()), slip, deleted=True)


@GAMES
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_a_forgotten_hand_line_is_one_finding(game: str, rng: random.Random) -> None:
    # (every line written: a hand whose decisions are left out does not show that they
    # left nothing to play)
    text, _ = _session(game, rng, "full")
    slip = hand_line_left_out(rng, text)
    if slip is None:
        return
    slipped = _judged(game, slip.text)
    change = compare(audit(text), slipped, slip)
    (new,) = change.new
    assert new[0] in ("L-COUNT", "L-SEQUENCE"), (new, slip.text)
    (hint,) = [v for h in slipped.hands for v in h.violations if "forget" in v.message]
    assert f"did you forget `hand {slip.hand}`?" in hint.message, slip.text
    _check(change, {new[0]}, slip)
