"""Bid Euchre: the pure functions of play, the rule registry, and the left-bower traps."""

from __future__ import annotations

import pytest

from referee.games.euchre.rules import (
    EUCHRE_RULES,
    card_strength,
    effective_suit,
    is_trump,
    left_bower,
    legal_cards,
    trick_winner,
    trump_rank,
)
from referee.logrules import LOG_RULES
from tests.euchre_builders import bid_hand, judge, log, rules_of

# ----------------------------------------------------------------------------- cards


def test_left_bower_is_the_jack_of_the_same_colour() -> None:
    assert left_bower("h") == "Jd"
    assert left_bower("d") == "Jh"
    assert left_bower("s") == "Jc"
    assert left_bower("c") == "Js"


def test_effective_suit_moves_only_the_left_bower() -> None:
    assert effective_suit("Jd", "h") == "h"
    assert effective_suit("Jh", "h") == "h"
    assert effective_suit("Jc", "h") == "c"
    assert effective_suit("Qd", "h") == "d"
    assert effective_suit("Jd", None) == "d"


def test_trump_ranking_right_left_then_ace_down() -> None:
    order = ["Jh", "Jd", "Ah", "Kh", "Qh", "Th", "9h"]
    ranks = [trump_rank(c, "h") for c in order]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == len(ranks)
    assert trump_rank("Ad", "h") == 0
    assert is_trump("Jd", "h") and not is_trump("Jc", "h")


def test_plain_suit_ranking_ace_high_jack_between_queen_and_ten() -> None:
    order = ["Ac", "Kc", "Qc", "Jc", "Tc", "9c"]
    strengths = [card_strength(c, "c", "h") for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert card_strength("Ad", "c", "h") == 0  # off-suit never wins


def test_legal_cards_follow_the_effective_suit() -> None:
    hand = ["Jd", "9d", "As"]
    assert legal_cards(hand, "d", "h") == {"9d"}
    assert legal_cards(hand, "h", "h") == {"Jd"}
    assert legal_cards(hand, "c", "h") == set(hand)
    assert legal_cards(hand, None, "h") == set(hand)


def test_trick_winner() -> None:
    assert trick_winner([("a", "Ad"), ("b", "9d"), ("c", "Kd"), ("d", "Qs")], "h") == "a"
    assert trick_winner([("a", "Ad"), ("b", "9h"), ("c", "Kd"), ("d", "Jd")], "h") == "d"
    assert trick_winner([("a", "Ah"), ("b", "Jh"), ("c", "Jd")], "h") == "b"
    assert trick_winner([("a", "9c"), ("b", "Jc"), ("c", "Ac")], "h") == "c"
    assert trick_winner([("a", "Jd"), ("b", "Ah"), ("c", "Ad")], "h") == "a"  # a trump lead
    assert trick_winner([], "h") is None


# ----------------------------------------------------------------------------- registry


def test_every_rule_is_documented_with_examples() -> None:
    ids = {r.id for r in EUCHRE_RULES}
    assert ids == {
        "BE-FOLLOW",
        "BE-BID-ORDER",
        "BE-BID-LOW",
        "BE-STUCK",
        "BE-ASK-BEST",
        "BE-NO-FACE",
        "BE-SCORE",
        "BE-TOTAL",
    }
    for rule in EUCHRE_RULES:
        assert rule.game == "bid-euchre"
        assert rule.summary and rule.explanation
        assert rule.legal_example and rule.illegal_example


REGISTERED = {r.id for r in EUCHRE_RULES} | {r.id for r in LOG_RULES}


# ----------------------------------------------------------------------------- the traps

# Hearts are trump throughout; ann bids 3 and leads; dee deals.

TRAP_ONLY_TRUMP = {  # bob's only heart is J♦
    "ann": ["Ah", "Kh", "Qh", "As", "Ks", "Qs"],
    "bob": ["Jd", "9s", "Ts", "9c", "Tc", "Qc"],
    "cy": ["Jh", "Th", "9h", "Ac", "Kc", "Jc"],
    "dee": ["Ad", "Kd", "Qd", "Td", "9d", "Js"],
}
TRAP_DIAMOND_LEAD = {  # bob holds J♦ and 9♦; only 9♦ is a diamond
    "ann": ["Ad", "Kd", "Qd", "As", "Ks", "Qs"],
    "bob": ["9d", "Jd", "9s", "Ts", "9c", "Tc"],
    "cy": ["Ah", "Kh", "Qh", "Jh", "Th", "9h"],
    "dee": ["Td", "Js", "Ac", "Kc", "Qc", "Jc"],
}
TRAP_ONLY_DIAMOND = {  # bob's J♦ is his only "diamond": it is a heart
    "ann": ["Ad", "Kd", "Qd", "As", "Ks", "Qs"],
    "bob": ["9s", "Jd", "Ts", "9c", "Tc", "Qc"],
    "cy": ["Ah", "Kh", "Qh", "Jh", "Th", "9h"],
    "dee": ["Td", "9d", "Js", "Ac", "Kc", "Jc"],
}
TRAP_BOWER_LEAD = {  # ann leads J♦: a trump lead; bob holds 9♥ and diamonds
    "ann": ["Jd", "As", "Ks", "Qs", "Js", "Ts"],
    "bob": ["9h", "Ad", "Kd", "Qd", "Td", "9d"],
    "cy": ["Ah", "Kh", "Qh", "Jh", "Th", "9s"],
    "dee": ["Ac", "Kc", "Qc", "Jc", "Tc", "9c"],
}
TRAP_CLUB_JACK = {  # bob's J♣ is a club (not a bower with hearts trump)
    "ann": ["Ac", "Kc", "Qc", "As", "Ks", "Qs"],
    "bob": ["Jc", "9h", "Th", "9s", "Ts", "Js"],
    "cy": ["Ah", "Kh", "Qh", "Jh", "Ad", "Kd"],
    "dee": ["Tc", "9c", "Qd", "Td", "9d", "Jd"],
}


def _follow(deals: dict[str, list[str]], forced: dict[tuple[int, str], str]) -> list[str]:
    result = judge(log(bid_hand(deals, forced=forced)))[0]
    assert set(rules_of(result.violations)) <= REGISTERED
    return rules_of(result.violations)


@pytest.mark.parametrize("with_deals", [False, True])
def test_trap_left_bower_is_the_only_trump_on_a_heart_lead(with_deals: bool) -> None:
    legal = judge(log(bid_hand(TRAP_ONLY_TRUMP, with_deals=with_deals)))[0]
    assert legal.violations == []
    assert legal.tricks[0].plays[1] == ("bob", "Jd")
    text = bid_hand(TRAP_ONLY_TRUMP, forced={(1, "bob"): "9s"}, with_deals=with_deals)
    (v,) = judge(log(text))[0].violations
    assert (v.rule, v.player, v.trick, v.card, v.corrected) == ("BE-FOLLOW", "bob", 1, "9s", False)
    assert "J♦ (a heart, hearts are trump)" in v.evidence
    assert "when hearts were led" in v.evidence


def test_trap_diamond_lead_with_left_bower_and_nine() -> None:
    assert _follow(TRAP_DIAMOND_LEAD, {}) == []
    result = judge(log(bid_hand(TRAP_DIAMOND_LEAD, forced={(1, "bob"): "Jd"})))[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.card) == ("BE-FOLLOW", "bob", "Jd")
    assert "9♦" in v.evidence and "diamonds were led" in v.evidence


def test_trap_left_bower_as_only_diamond_is_free_to_discard() -> None:
    assert _follow(TRAP_ONLY_DIAMOND, {(1, "bob"): "9s"}) == []
    assert _follow(TRAP_ONLY_DIAMOND, {(1, "bob"): "Jd"}) == []


def test_trap_left_bower_lead_is_a_trump_lead() -> None:
    legal = judge(log(bid_hand(TRAP_BOWER_LEAD)))[0]
    assert legal.violations == []
    assert legal.tricks[0].lead_suit == "h"
    assert legal.tricks[0].plays[1] == ("bob", "9h")
    result = judge(log(bid_hand(TRAP_BOWER_LEAD, forced={(1, "bob"): "Ad"})))[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("BE-FOLLOW", "bob", 1, "Ad")
    assert "9♥" in v.evidence and "hearts were led" in v.evidence


def test_trap_club_jack_is_a_club_with_hearts_trump() -> None:
    legal = judge(log(bid_hand(TRAP_CLUB_JACK)))[0]
    assert legal.violations == []
    assert legal.tricks[0].plays[1] == ("bob", "Jc")
    result = judge(log(bid_hand(TRAP_CLUB_JACK, forced={(1, "bob"): "9h"})))[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.card) == ("BE-FOLLOW", "bob", "9h")
    assert "J♣" in v.evidence and "clubs were led" in v.evidence


def test_club_jack_does_not_follow_a_heart_lead() -> None:
    # hearts led, bob has no heart but J♣: J♣ is not a heart, any card is legal
    deals = {
        "ann": ["Ah", "Kh", "Qh", "As", "Ks", "Qs"],
        "bob": ["Jc", "9s", "Ts", "Js", "9c", "Tc"],
        "cy": ["Jh", "Th", "9h", "Ac", "Kc", "Qc"],
        "dee": ["Ad", "Kd", "Qd", "Td", "9d", "Jd"],
    }
    assert _follow(deals, {(1, "bob"): "9s"}) == []


def test_every_rule_id_the_engine_emits_is_registered() -> None:
    import re
    from pathlib import Path

    import referee.games.euchre

    source = "".join(p.read_text() for p in Path(referee.games.euchre.__file__).parent.glob("*.py"))
    emitted = set(re.findall(r'"((?:BE|L)-[A-Z-]+)"', source))
    assert emitted and emitted <= REGISTERED
