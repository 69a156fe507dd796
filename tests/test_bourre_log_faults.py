"""Log faults (L- IDs), BR-ACE-DEALER, BR-DRAW and the recorded-settlement checks, in logs."""

from __future__ import annotations

import pytest

from tests.bourre_helpers import audit_bourre, rules_of
from tests.test_bourre_settlement import HAND_3110, HEADER

BASE = HEADER + HAND_3110.format(n=1)


def faults(text: str, **options: object) -> list[tuple[str, str | None, int | None, str | None]]:
    hands = audit_bourre(text, **options)
    return [(v.rule, v.player, v.trick, v.card) for h in hands for v in h.violations]


def test_the_base_hand_is_clean() -> None:
    assert faults(BASE) == []


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a name that is not seated: one finding, not also a short trick
        ("bob 2s", "rob 2s", [("L-PLAYER", "rob", 1, "2s")]),
        # the joker is not in the Bourré deck
        ("dee 4s", "dee joker", [("L-CARD", "dee", 1, "joker")]),
        # the same card twice
        ("dee Ts", "dee 9s", [("L-CARD", "dee", 3, "9s")]),
        # the wrong leader
        (
            "trick 1: ann As, bob 2s, cy 3s, dee 4s",
            "trick 1: bob 2s, cy 3s, dee 4s, ann As",
            [("L-TURN", "bob", 1, "2s")],
        ),
        # out of turn inside a trick
        (
            "trick 2: ann Ks, bob 5s, cy 6s, dee 7s",
            "trick 2: ann Ks, cy 6s, bob 5s, dee 7s",
            [("L-TURN", "cy", 2, "6s")],
        ),
        # a player twice in a trick
        ("cy 9s, dee Ts", "cy 9s, cy Ts", [("L-TRICK", "cy", 3, "Ts")]),
        # a short trick
        (", dee 7s", "", [("L-TRICK", None, 2, None)]),
        # a wrong trick number
        ("trick 3:", "trick 4:", [("L-TRICK", None, 3, None)]),
        # a passed player who plays
        ("dee 7d, ann 3c", "dee 7d, eve 8h, ann 3c", [("L-PASSED", "eve", 5, "8h")]),
    ],
)
def test_log_faults(
    old: str, new: str, expected: list[tuple[str, str | None, int | None, str | None]]
) -> None:
    assert old in BASE
    assert faults(BASE.replace(old, new)) == expected


def test_missing_and_extra_tricks() -> None:
    four = BASE.replace("trick 5: bob 6d, cy Ad, dee 7d, ann 3c\n", "")
    assert [f[0] for f in faults(four)] == ["L-COUNT"]
    six = BASE + "trick 6: ann 8c, bob 9c, cy Tc, dee Jc\n"
    assert [f[0] for f in faults(six)] == ["L-COUNT"]


def test_not_held_against_the_logged_deal() -> None:
    text = BASE.replace("ann play\n", "deal ann As Ks Qs 2c 2h\nann play\n")
    assert faults(text) == [("L-NOT-HELD", "ann", 5, "3c")]


def test_played_a_listed_discard() -> None:
    text = BASE.replace("cy play\n", "cy play discard 9s draw Jc\n")
    assert faults(text) == [("L-NOT-HELD", "cy", 3, "9s")]


def test_card_held_by_two_players() -> None:
    text = BASE.replace("ann play\n", "deal ann As Ks Qs 2c 3c\ndeal bob 2s 5s 8s Ac 2c\n")
    assert ("L-CARD", "bob", None, "2c") in faults(text)


def test_dealer_out_of_rotation() -> None:
    # (the decisions in the stated dealer's turn order)
    text = BASE + "\nhand 2\ndealer cy\ntrump 2h\ndee pass\neve pass\nann pass\nbob pass\ncy pass\n"
    assert faults(text) == [("L-DEALER", "cy", None, None)]


def test_dealer_passes_with_an_ace_upcard() -> None:
    text = BASE.replace("trump 9h", "trump Ah")
    assert faults(text) == [("BR-ACE-DEALER", "eve", None, "Ah")]
    assert faults(text, dealer_plays_ace=False) == []
    assert faults(BASE.replace("trump 9h", "trump hearts")) == []  # upcard unknown


def test_draw_count() -> None:
    text = BASE.replace("ann play\n", "ann play discard 2h 3h draw As\n")
    assert ("BR-DRAW", "ann", None, None) in faults(text)
    text = BASE.replace("ann play\n", "ann play discard 6\n")
    assert ("BR-DRAW", "ann", None, None) in faults(text)
    text = BASE.replace("ann play\n", "ann play discard 2\n")
    assert faults(text) == []


def test_missing_trump_and_dealer() -> None:
    assert [f[0] for f in faults(BASE.replace("trump 9h\n", ""))] == ["L-MISSING"]
    assert "L-MISSING" in [f[0] for f in faults(BASE.replace("dealer eve\n", ""))]


# ----------------------------------------------------------------------------- settlement


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ("settle pot 5\nsettle ann wins 5\nsettle dee bourre 5\n", []),
        ("settle ann wins 5\nsettle dee bourre 5\n", []),
        ("settle pot 6\nsettle ann wins 5\nsettle dee bourre 5\n", ["BR-SETTLE-POT"]),
        ("settle bob wins 5\nsettle dee bourre 5\n", ["BR-SETTLE-WIN"]),
        ("settle ann wins 4\nsettle dee bourre 5\n", ["BR-SETTLE-WIN"]),
        ("settle split\nsettle dee bourre 5\n", ["BR-SETTLE-WIN"]),
        ("settle dee bourre 5\n", ["BR-SETTLE-WIN"]),
        ("settle ann wins 5\n", ["BR-SETTLE-BOURRE"]),
        ("settle ann wins 5\nsettle dee bourre 4\n", ["BR-SETTLE-BOURRE"]),
        ("settle ann wins 5\nsettle dee bourré 5\nsettle cy bourre 5\n", ["BR-SETTLE-BOURRE"]),
        ("settle ann wins 5\nsettle dee bourre 5\nsettle dee renege 5\n", ["BR-SETTLE-RENEGE"]),
    ],
)
def test_recorded_settlement(lines: str, expected: list[str]) -> None:
    (hand,) = audit_bourre(BASE + lines)
    assert rules_of(hand) == expected


def test_recorded_renege_payment_is_required() -> None:
    from tests.test_bourre_settlement import RENEGE_BY_LEADER

    good = "settle split\nsettle cy bourre 5\nsettle ann renege 5\n"
    (hand,) = audit_bourre(HEADER + RENEGE_BY_LEADER + good)
    assert rules_of(hand) == ["BR-CINCH"]
    (hand,) = audit_bourre(HEADER + RENEGE_BY_LEADER + "settle split\nsettle cy bourre 5\n")
    assert rules_of(hand) == ["BR-CINCH", "BR-SETTLE-RENEGE"]


def test_recorded_ante() -> None:
    second = (
        "\nhand 2\ndealer ann\n{ante}trump 2h\nbob pass\ncy pass\ndee pass\neve pass\nann pass\n"
    )
    (_, hand) = audit_bourre(BASE + second.format(ante="ante ann bob cy eve\n"))
    assert rules_of(hand) == []
    (_, hand) = audit_bourre(BASE + second.format(ante="ante ann bob cy dee eve\n"))
    assert rules_of(hand) == ["BR-SETTLE-ANTE"]
    (_, hand) = audit_bourre(BASE + second.format(ante="ante ann bob\n"))
    assert rules_of(hand) == ["BR-SETTLE-ANTE"]
