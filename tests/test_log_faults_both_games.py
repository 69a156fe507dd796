"""Log faults in both games: each is judged (an L- violation at its line), never rejected,
and the replay goes on: the rest of the hand and the later hands are still judged, settled
and scored as if the fault were not there.

One clean three-hand log per game; each test writes one fault into it and checks the exact
findings of the faulty hand, that it raised no read error, and that every later hand comes
out exactly as in the clean log.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from referee.audit import audit_text
from referee.games import logchecks
from referee.games.bourre import tricks
from referee.report import BourreHandResult, EuchreHandResult, FileReport
from tests.fuzzing import shuffled_tricks

# Bourré. Hand 1: ann 3 tricks, bob 1, cy 1, dee 0 (bourré); eve deals and passes; nobody
# holds a heart (trump). Hand 2: the same deal one seat on; bob takes it. Hand 3: all pass.
BOURRE = """game bourre
players ann bob cy dee eve

hand 1
dealer eve
deal ann As Ks Qs 2c 3c
deal bob 2s 5s 8s Ac 6d
deal cy 3s 6s 9s 4c Ad
deal dee 4s 7s Ts 5c 7d
deal eve 9h 2h 3h 4h 5h
trump 9h
ann play
bob play
cy play
dee play
eve pass
trick 1: ann As, bob 2s, cy 3s, dee 4s
trick 2: ann Ks, bob 5s, cy 6s, dee 7s
trick 3: ann Qs, bob 8s, cy 9s, dee Ts
trick 4: ann 2c, bob Ac, cy 4c, dee 5c
trick 5: bob 6d, cy Ad, dee 7d, ann 3c
settle pot 5
settle ann wins 5
settle dee bourre 5

hand 2
dealer ann
trump 9h
ann pass
trick 1: bob As, cy 2s, dee 3s, eve 4s
trick 2: bob Ks, cy 5s, dee 6s, eve 7s
trick 3: bob Qs, cy 8s, dee 9s, eve Ts
trick 4: bob 2c, cy Ac, dee 4c, eve 5c
trick 5: cy 6d, dee Ad, eve 7d, bob 3c

hand 3
trump 2c
"""

# Bid Euchre. Hand 1: lena asks and takes all six (iris sits out). Hand 2: rik asks and
# fails. Hand 3: moe shoots the moon (no dealer line: the rotation gives it).
EUCHRE = """game bid-euchre
players lena rik iris moe

hand 1
dealer moe
deal lena Js As Ks Qs Ah 9d
deal rik 9s Kh Qh Ad Td Ac
deal iris Jc Ts 9h Kd Qc 9c
deal moe Jh Th Qd Jd Kc Tc
bid lena ask
bid rik pass
bid iris pass
bid moe pass
trump spades
exchange lena 9d iris Jc
trick 1: lena Js, rik 9s, moe Th
trick 2: lena Ah, rik Qh, moe Jh
trick 3: lena Jc, rik Td, moe Tc
trick 4: lena As, rik Kh, moe Jd
trick 5: lena Ks, rik Ad, moe Qd
trick 6: lena Qs, rik Ac, moe Kc
settle lena+iris 12 rik+moe 0

hand 2
dealer lena
deal lena As Th 9h Kd Td Qs
deal rik Jh Kh Qh Ac Ks 9d
deal iris Ad Kc Qc Jc Js Ts
deal moe Jd Ah Qd 9s Tc 9c
bid rik ask
trump hearts
exchange rik 9d moe Jd
trick 1: rik Jh, iris Ts, lena 9h
trick 2: rik Jd, iris Js, lena Th
trick 3: rik Kh, iris Jc, lena Td
trick 4: rik Ac, iris Qc, lena Qs
trick 5: rik Qh, iris Kc, lena Kd
trick 6: rik Ks, iris Ad, lena As
settle lena+iris 1 rik+moe -6

hand 3
bid moe moon
trump clubs
trick 1: moe Jc, lena Tc, iris 9c
trick 2: moe Ah, lena Jh, iris 9h
trick 3: moe Js, lena Td, iris Th
trick 4: moe Ac, lena Kd, iris Qh
trick 5: moe Kc, lena Kh, iris Ks
trick 6: moe Qc, lena As, iris Ad
settle lena+iris 0 rik+moe 24
"""

Finding = tuple[str, int, int, str | None, int | None, str | None]


def findings(hand: BourreHandResult | EuchreHandResult) -> list[Finding]:
    return [(v.rule, v.line, v.column, v.player, v.trick, v.card) for v in hand.violations]


def judge(text: str) -> FileReport:
    report = audit_text(text, "faulty.hlog")
    assert report.errors == [], report.errors  # judged, not rejected
    return report


def outcome(hand: BourreHandResult | EuchreHandResult) -> tuple[object, ...]:
    """What a hand decided: money or points, and who took it."""
    if isinstance(hand, BourreHandResult):
        return (hand.winner, hand.pot, hand.carry, dict(hand.payouts), hand.violations)
    return (hand.bidder, hand.bid, dict(hand.points), dict(hand.score), hand.violations)


def check(base: str, old: str, new: str, hand: int, expected: list[Finding]) -> FileReport:
    """Write the fault, check the faulty hand's findings and that later hands are unchanged."""
    assert base.count(old) == 1, old
    clean, faulty = judge(base), judge(base.replace(old, new, 1))
    assert [h.number for h in faulty.hands] == [1, 2, 3]
    assert findings(faulty.hands[hand - 1]) == expected
    for number in range(1, 4):
        if number != hand:
            assert faulty.hands[number - 1].violations == [], number
    for later in range(hand, 3):
        assert outcome(faulty.hands[later]) == outcome(clean.hands[later]), later + 1
    return faulty


def test_the_clean_logs_are_clean() -> None:
    bourre = judge(BOURRE)
    assert [findings(h) for h in bourre.hands] == [[], [], []]
    assert [h.winner for h in bourre.hands] == ["ann", "bob", None]  # type: ignore[union-attr]
    assert bourre.totals == {"ann": 2, "bob": 6, "cy": -3, "dee": -7, "eve": -11}
    euchre = judge(EUCHRE)
    assert [findings(h) for h in euchre.hands] == [[], [], []]
    assert [h.points for h in euchre.hands] == [  # type: ignore[union-attr]
        {"lena+iris": 12, "rik+moe": 0},
        {"lena+iris": 1, "rik+moe": -6},
        {"lena+iris": 0, "rik+moe": 24},
    ]


# ----------------------------------------------------------------------------- Bourré


def test_bourre_duplicate_card_in_a_deal() -> None:
    faulty = check(
        BOURRE,
        "deal eve 9h 2h 3h 4h 5h",
        "deal eve 9h 2h 3h 4h 4h",
        1,
        [("L-CARD", 10, 22, "eve", None, "4h")],
    )
    assert "dealt twice to eve" in faulty.hands[0].violations[0].message


def test_bourre_card_dealt_to_two_players() -> None:
    # which deal line is wrong is unknown: ann's play of the A♠ is not also convicted
    check(
        BOURRE,
        "deal eve 9h 2h 3h 4h 5h",
        "deal eve 9h 2h 3h 4h As",
        1,
        [("L-CARD", 10, 22, "eve", None, "As")],
    )


def test_bourre_card_played_twice() -> None:
    faulty = check(
        BOURRE, "dee 7d, ann 3c", "dee 7d, ann 2c", 1, [("L-CARD", 21, 37, "ann", 5, "2c")]
    )
    assert faulty.hands[0].winner == "ann"  # type: ignore[union-attr]


def test_bourre_card_not_in_the_deck() -> None:
    check(BOURRE, "dee 4s\n", "dee joker\n", 1, [("L-CARD", 17, 37, "dee", 1, "joker")])


def test_bourre_trick_with_too_many_cards() -> None:
    check(
        BOURRE,
        "cy 3s, dee 4s\n",
        "cy 3s, dee 4s, ann Ks\n",
        1,
        [("L-TRICK", 17, 45, "ann", 1, "Ks")],
    )


def test_bourre_trick_with_too_few_cards() -> None:
    check(BOURRE, "cy 3s, dee 4s\n", "cy 3s\n", 1, [("L-TRICK", 17, 1, None, 1, None)])


def test_bourre_six_tricks() -> None:
    six = "ann 3c\ntrick 6: ann Qd, bob Qc, cy Kd, dee Kc\nsettle pot"
    faulty = check(BOURRE, "ann 3c\nsettle pot", six, 1, [("L-COUNT", 22, 1, None, None, None)])
    first = faulty.hands[0]
    assert isinstance(first, BourreHandResult)
    assert first.tricks_won == {"ann": 3, "bob": 1, "cy": 1, "dee": 0}  # trick 6 not counted


def test_bourre_player_not_seated() -> None:
    check(BOURRE, "bob 2s,", "rob 2s,", 1, [("L-PLAYER", 17, 18, "rob", 1, "2s")])


def test_bourre_passed_player_plays() -> None:
    check(
        BOURRE,
        "dee 7d, ann 3c",
        "dee 7d, ann 3c, eve 5h",
        1,
        [("L-PASSED", 21, 45, "eve", 5, "5h")],
    )


def test_bourre_wrong_leader() -> None:
    check(
        BOURRE,
        "trick 1: ann As, bob 2s, cy 3s, dee 4s",
        "trick 1: bob 2s, cy 3s, dee 4s, ann As",
        1,
        [("L-TURN", 17, 14, "bob", 1, "2s")],
    )


def test_bourre_dealer_out_of_rotation() -> None:
    # eve deals hand 2 again instead of ann: reported, once; hand 3 (no `dealer` line) is
    # ann's by the rotation from eve (or bob's from ann: either reading, in doubt)
    faulty = check(BOURRE, "dealer ann", "dealer eve", 2, [("L-DEALER", 27, 8, "eve", None, None)])
    assert [h.dealer for h in faulty.hands] == ["eve", "eve", "ann"]


# ----------------------------------------------------------------------------- Bid Euchre


def test_euchre_duplicate_card_in_a_deal() -> None:
    faulty = check(
        EUCHRE,
        "deal iris Jc Ts 9h Kd Qc 9c",
        "deal iris Jc Ts 9h Kd Qc Qc",
        1,
        [("L-CARD", 8, 26, "iris", None, "Qc")],
    )
    assert "dealt twice to iris" in faulty.hands[0].violations[0].message


def test_euchre_card_dealt_to_two_players() -> None:
    check(
        EUCHRE,
        "deal iris Jc Ts 9h Kd Qc 9c",
        "deal iris Jc Ts 9h Kd Qc Tc",
        1,
        [("L-CARD", 9, 25, "moe", None, "Tc")],
    )


def test_euchre_card_played_twice() -> None:
    check(EUCHRE, "moe Kc\n", "moe Tc\n", 1, [("L-CARD", 21, 31, "moe", 6, "Tc")])


def test_euchre_card_not_in_the_deck() -> None:
    check(EUCHRE, "moe Th\n", "moe 2h\n", 1, [("L-CARD", 16, 31, "moe", 1, "2h")])


def test_euchre_card_not_in_the_deck_in_a_deal() -> None:
    check(
        EUCHRE,
        "deal iris Jc Ts 9h Kd Qc 9c",
        "deal iris Jc Ts 9h Kd Qc 2h",
        1,
        [("L-CARD", 8, 26, "iris", None, "2h")],
    )


def test_euchre_trick_with_too_many_cards() -> None:
    check(
        EUCHRE,
        "rik 9s, moe Th\n",
        "rik 9s, moe Th, rik Kh\n",
        1,
        [("L-TRICK", 16, 39, "rik", 1, "Kh")],
    )


def test_euchre_trick_with_too_few_cards() -> None:
    check(EUCHRE, "rik 9s, moe Th\n", "rik 9s\n", 1, [("L-TRICK", 16, 1, None, 1, None)])


def test_euchre_seven_tricks() -> None:
    seven = "moe Kc\ntrick 7: lena 9h, rik Kd, moe 9c\n"
    faulty = check(EUCHRE, "moe Kc\n", seven, 1, [("L-COUNT", 22, 1, None, None, None)])
    assert faulty.hands[0].tricks_won == {"lena+iris": 6, "rik+moe": 0}  # type: ignore[union-attr]


def test_euchre_player_not_seated() -> None:
    # one fault, one finding (as in Bourré): the trick has its cards, one by a name not seated
    check(EUCHRE, "rik 9s,", "rob 9s,", 1, [("L-PLAYER", 16, 19, "rob", 1, "9s")])


def test_euchre_sitting_out_partner_plays() -> None:
    check(
        EUCHRE,
        "rik 9s, moe Th\n",
        "rik 9s, moe Th, iris 9h\n",
        1,
        [("L-PASSED", 16, 40, "iris", 1, "9h")],
    )


def test_euchre_wrong_leader() -> None:
    check(
        EUCHRE,
        "trick 1: lena Js, rik 9s, moe Th",
        "trick 1: rik 9s, moe Th, lena Js",
        1,
        [("L-TURN", 16, 14, "rik", 1, "9s")],
    )


def test_euchre_dealer_out_of_rotation() -> None:
    faulty = check(EUCHRE, "dealer lena", "dealer moe", 2, [("L-DEALER", 25, 8, "moe", None, None)])
    assert [h.dealer for h in faulty.hands] == ["moe", "moe", "lena"]


# ----------------------------------------------------------------------------- many faults


@pytest.mark.parametrize("game", ["bourre", "bid-euchre"])
def test_every_fault_at_once_still_settles_the_later_hands(game: str) -> None:
    """All the faults above in hand 1 together: hand 1 is judged, hands 2 and 3 unchanged."""
    base = BOURRE if game == "bourre" else EUCHRE
    edits = (
        [
            ("deal eve 9h 2h 3h 4h 5h", "deal eve 9h 2h 3h 4h 4h"),
            ("dee 4s\n", "dee joker, ann Ks\n"),
            ("trick 2: ann Ks, bob 5s", "trick 2: bob 5s"),
            ("cy 9s, dee Ts", "rob 9s, dee Ts"),
            ("ann 3c\nsettle pot", "ann 2c, eve 5h\ntrick 6: ann 3c\nsettle pot"),
        ]
        if game == "bourre"
        else [
            ("deal iris Jc Ts 9h Kd Qc 9c", "deal iris Jc Ts 9h Kd Qc Qc"),
            ("moe Th\n", "moe 2h, iris 9h\n"),
            ("trick 2: lena Ah, rik Qh", "trick 2: rik Qh"),
            ("rik Td,", "rob Td,"),
            ("moe Kc\n", "moe Tc\ntrick 7: lena 9h\n"),
        ]
    )
    text = base
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    clean, faulty = judge(base), judge(text)
    assert {v.rule for v in faulty.hands[0].violations} >= {"L-CARD", "L-TRICK", "L-PLAYER"}
    assert all(v.rule.startswith(("L-", "BR-", "BE-")) for v in faulty.hands[0].violations)
    for later in (1, 2):  # judged as before (the money carried and the running score differ)
        assert faulty.hands[later].violations == []
        before, after = clean.hands[later], faulty.hands[later]
        if isinstance(before, BourreHandResult):
            assert isinstance(after, BourreHandResult)
            assert (after.winner, after.active, after.tricks_won) == (
                before.winner,
                before.active,
                before.tricks_won,
            )
            carried_in = faulty.hands[later - 1].carry  # type: ignore[union-attr]
            assert sum(after.payouts.values(), Decimal(0)) == carried_in - after.carry
        else:
            assert isinstance(after, EuchreHandResult)
            assert (after.bidder, after.points) == (before.bidder, before.points)


# ----------------------------------------------------------------------------- one wording

# The same four players and the same trick 1 in both games (nine to ace, trump hearts,
# ann leads: Bourré's first player left of the dealer, Bid Euchre's high bidder), so a
# fault written into that trick must give the same findings in both.
TRICK_1 = "trick 1: ann As, bob 9s, cy Ts, dee Js"
SAME_BOURRE = f"""game bourre
players ann bob cy dee

hand 1
dealer dee
deal ann As Ad Ac Ah Ks
deal bob 9s 9d 9c 9h Kh
deal cy Ts Td Tc Th Kd
deal dee Js Jd Jc Jh Kc
trump Jh
ann play
bob play
cy play
dee play
{TRICK_1}
trick 2: ann Ah, bob 9h, cy Th, dee Jh
trick 3: ann Ad, bob 9d, cy Td, dee Jd
trick 4: ann Ac, bob 9c, cy Tc, dee Jc
trick 5: ann Ks, bob Kh, cy Kd, dee Kc
"""
SAME_EUCHRE = f"""game bid-euchre
players ann bob cy dee

hand 1
dealer dee
deal ann As Ad Ac Ah Ks Qs
deal bob 9s 9d 9c 9h Kh Qh
deal cy Ts Td Tc Th Kd Qd
deal dee Js Jd Jc Jh Kc Qc
bid ann 3
bid bob pass
bid cy pass
bid dee pass
trump hearts
{TRICK_1}
trick 2: ann Ah, bob 9h, cy Th, dee Jh
trick 3: dee Jc, ann Ac, bob 9c, cy Tc
trick 4: ann Ad, bob 9d, cy Td, dee Jd
trick 5: dee Kc, ann Ks, bob Kh, cy Kd
trick 6: bob Qh, cy Qd, dee Qc, ann Qs
"""

Worded = tuple[str, int, str | None, int | None, str | None, str]


def faults_in_trick_1(text: str) -> list[Worded]:
    """The log faults on the trick 1 line: rule, column, player, trick, card, message."""
    line = next(n for n, x in enumerate(text.splitlines(), 1) if x.startswith("trick "))
    (hand,) = judge(text).hands
    return [
        (v.rule, v.column, v.player, v.trick, v.card, v.message)
        for v in hand.violations
        if v.line == line and v.rule.startswith("L-")
    ]


def test_the_shared_logs_are_clean() -> None:
    assert [v.rule for h in judge(SAME_BOURRE).hands for v in h.violations] == []
    assert [v.rule for h in judge(SAME_EUCHRE).hands for v in h.violations] == []


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        (  # the wrong leader; the others in clockwise order after him
            "trick 1: bob 9s, cy Ts, dee Js, ann As",
            [("L-TURN", 14, "bob", 1, "9s", "bob led trick 1; ann should have led")],
        ),
        (  # bob's card written late: cy is the first card out of turn, and the only one
            "trick 1: ann As, cy Ts, dee Js, bob 9s",
            [("L-TURN", 21, "cy", 1, "Ts", "cy played out of turn in trick 1: it was bob's turn")],
        ),
        (  # cy played early
            "trick 1: ann As, cy Ts, bob 9s, dee Js",
            [("L-TURN", 21, "cy", 1, "Ts", "cy played out of turn in trick 1: it was bob's turn")],
        ),
        (  # a wrong leader and a card out of turn after him
            "trick 1: bob 9s, dee Js, cy Ts, ann As",
            [
                ("L-TURN", 14, "bob", 1, "9s", "bob led trick 1; ann should have led"),
                (
                    "L-TURN",
                    22,
                    "dee",
                    1,
                    "Js",
                    "dee played out of turn in trick 1: it was cy's turn",
                ),
            ],
        ),
        (  # bob twice, cy's card missing: one slip, reported once (not also the size)
            "trick 1: ann As, bob 9s, bob Ts, dee Js",
            [("L-TRICK", 30, "bob", 1, "Ts", "bob played twice in trick 1")],
        ),
        (  # a card too few
            "trick 1: ann As, bob 9s, cy Ts",
            [("L-TRICK", 1, None, 1, None, "trick 1 has 3 cards, not 4")],
        ),
        (
            "trick 3: ann As, bob 9s, cy Ts, dee Js",
            [("L-TRICK", 7, None, 1, None, "trick 3 is trick 1 of the hand")],
        ),
        (
            "trick 1: ann As, bob 9s, cy As, dee Js",
            [("L-CARD", 29, "cy", 1, "As", "A♠ was already played")],
        ),
        (  # a card nobody was dealt
            "trick 1: ann As, bob 9s, cy Ts, dee Qs",
            [("L-NOT-HELD", 37, "dee", 1, "Qs", "dee played Q♠, not in their hand")],
        ),
        (  # ann's card: not in dee's recorded hand is the fault, whoever else holds it
            "trick 1: ann As, bob 9s, cy Ts, dee Ks",
            [("L-NOT-HELD", 37, "dee", 1, "Ks", "dee played K♠, not in their hand")],
        ),
    ],
)
def test_a_fault_is_worded_alike_in_both_games(trick: str, expected: list[Worded]) -> None:
    """The same slip in the same trick: the same rule, player, trick, card and message."""
    bourre = faults_in_trick_1(SAME_BOURRE.replace(TRICK_1, trick))
    euchre = faults_in_trick_1(SAME_EUCHRE.replace(TRICK_1, trick))
    assert bourre == expected
    assert euchre == expected


def test_a_name_not_seated_is_worded_alike_in_both_games() -> None:
    """L-PLAYER: the same message, evidence and card in a trick and in a deal line (a deal
    line's finding has no card: it is about the name)."""
    for old, new in (
        (TRICK_1, "trick 1: ann As, rob 9s, cy Ts, dee Js"),
        ("deal bob 9s", "deal rob 9s"),
    ):
        found = []
        for game in (SAME_BOURRE, SAME_EUCHRE):
            (hand,) = judge(game.replace(old, new)).hands
            found.append(
                [
                    (v.rule, v.column, v.player, v.trick, v.card, v.message, v.evidence)
                    for v in hand.violations
                    if v.rule == "L-PLAYER"
                ]
            )
        where = "trick 1" if old == TRICK_1 else "a deal line"
        column = 18 if old == TRICK_1 else 6
        trick = 1 if old == TRICK_1 else None
        card = "9s" if old == TRICK_1 else None
        message = "rob is not seated at this table; did you mean bob?"
        evidence = f"rob appears in {where} but is not on the players line (ann, bob, cy, dee)"
        assert found == [[("L-PLAYER", column, "rob", trick, card, message, evidence)]] * 2, new


def test_a_card_off_the_deck_names_the_game_alike() -> None:
    trick = "trick 1: ann As, bob 9s, cy Ts, dee joker"
    found = [faults_in_trick_1(g.replace(TRICK_1, trick)) for g in (SAME_BOURRE, SAME_EUCHRE)]
    assert found == [
        [("L-CARD", 37, "dee", 1, "joker", f"joker is not in the {game} deck")]
        for game in ("Bourré", "Bid Euchre")
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (  # a card dealt twice
            "deal dee Js Jd Jc Jh Kc",
            "deal dee Js Jd Jc Jh As",
            [("L-CARD", 22, "dee", None, "As", "A♠ dealt to dee and to ann")],
        ),
        (
            "deal dee Js Jd Jc Jh Kc",
            "deal dee Js Jd Jc Jd Kc",
            [("L-CARD", 19, "dee", None, "Jd", "J♦ dealt twice to dee")],
        ),
    ],
)
def test_a_deal_fault_is_worded_alike_in_both_games(
    old: str, new: str, expected: list[Worded]
) -> None:
    for game in (SAME_BOURRE, SAME_EUCHRE):
        text = game.replace(old, new)
        line = next(n for n, x in enumerate(text.splitlines(), 1) if x.startswith("deal dee"))
        (hand,) = judge(text).hands
        found = [
            (v.rule, v.column, v.player, v.trick, v.card, v.message)
            for v in hand.violations
            if v.line == line
        ]
        assert found == expected, game


@pytest.mark.parametrize(("game", "tricks"), [(SAME_BOURRE, 5), (SAME_EUCHRE, 6)])
def test_extra_and_missing_tricks_are_worded_alike_in_both_games(game: str, tricks: int) -> None:
    """L-COUNT: a trick past the hand's last (trick null, as the rules' table has L-COUNT),
    and the last trick left out (with the same words for why the hand is not settled)."""
    last = next(x for x in game.splitlines() if x.startswith(f"trick {tricks}:"))
    (extra,) = judge(game.replace(last, f"{last}\ntrick {tricks + 1}: ann 2h")).hands
    assert [(v.rule, v.column, v.trick, v.message) for v in extra.violations] == [
        ("L-COUNT", 1, None, "a trick too many")
    ]
    (short,) = judge(game.replace(f"{last}\n", "")).hands
    n = tricks - 1
    assert [(v.rule, v.trick, v.message) for v in short.violations] == [
        ("L-COUNT", None, f"the hand has {n} tricks, not {tricks}: trick {tricks} is missing")
    ]
    assert short.unsettled == f"{n} of {tricks} tricks logged (trick {tricks} missing)"


def test_bourre_in_turn_shortcut_agrees_with_the_shared_rule() -> None:
    """Bourré's cheap exit (a trick "in turn": a card from every player, clockwise from the
    leader's, :attr:`ReplayState.in_turn`) skips the shared L-TURN check only where that
    check finds nothing: on hands with tricks written in random order, every trick taken as
    in turn has no card out of turn, and some tricks are not in turn."""
    from referee.games.bourre import layout
    from referee.games.bourre.facts import gather_facts
    from referee.games.bourre.state import ReplayState
    from referee.games.logchecks import first_out_of_turn
    from referee.options import BourreOptions
    from referee.parser import read_text

    usual = unusual = 0
    for seed in range(80):
        text = shuffled_tricks(random.Random(seed), (BOURRE, SAME_BOURRE)[seed % 2], 0.5)
        reader = read_text(text)
        assert reader.header is not None
        seats = reader.header.players
        for hand in reader.hands():
            state = ReplayState(gather_facts(hand, frozenset(seats)), seats, BourreOptions(), None)
            layout.settle_dealer(state)
            layout.settle_trump(state)
            layout.settle_decisions(state)
            tricks.lay_out_tricks(state)
            for plays, in_turn in zip(state.plays, state.in_turn, strict=True):
                if in_turn:
                    usual += 1
                    assert first_out_of_turn([p.player for p in plays], state.active) is None
                elif plays:
                    unusual += 1
    assert usual > 40 and unusual > 40  # (the shuffled tricks have both to find)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["ann", "bob", "cy", "dee"], None),
        (["cy", "dee", "ann", "bob"], None),  # any leader, clockwise from them
        (["ann", "cy", "dee"], None),  # bob's card missing: L-TRICK, not a turn fault
        (["ann", "cy", "bob", "dee"], (1, "bob")),
        (["ann", "cy", "dee", "bob"], (1, "bob")),  # only the first card out of turn
        (["dee", "cy", "bob", "ann"], (1, "ann")),  # counter-clockwise
        (["bob"], None),
    ],
)
def test_first_out_of_turn(players: list[str], expected: tuple[int, str] | None) -> None:
    assert logchecks.first_out_of_turn(players, ["ann", "bob", "cy", "dee"]) == expected
