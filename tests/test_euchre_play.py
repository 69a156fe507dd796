"""Bid Euchre: the trick replay, log faults (L-), ask/moon, BE-ASK-BEST and claims."""

from __future__ import annotations

import referee
from referee.report import EuchreHandResult
from tests.euchre_builders import (
    SPEC_DEALS,
    SPEC_HAND,
    bid_hand,
    judge,
    line_of,
    log,
    rules_of,
    spec_hand,
)

SPEC_DEAL_LINES = "\n".join(f"deal {p} " + " ".join(cs) for p, cs in SPEC_DEALS.items())


def one(text: str, **changes: object) -> EuchreHandResult:
    return judge(text, **changes)[0]


def swap(body: str, old: str, new: str) -> str:
    assert old in body, old
    return body.replace(old, new, 1)


# ----------------------------------------------------------------------------- the example


def test_spec_example_is_clean_and_scores_4_2() -> None:
    text = log(SPEC_HAND + "settle bob+dee 4 ann+cy 2\nscore bob+dee 4 ann+cy 2\n")
    result = one(text)
    assert result.violations == []
    assert result.points == {"ann+cy": 2, "bob+dee": 4}
    assert result.score == {"ann+cy": 2, "bob+dee": 4}
    assert result.tricks_won == {"ann+cy": 2, "bob+dee": 4}
    assert (result.dealer, result.trump, result.bidder, result.bid) == ("dee", "h", "dee", "4")
    assert result.recorded == ["settle bob+dee 4 ann+cy 2", "score bob+dee 4 ann+cy 2"]
    assert [t.winner for t in result.tricks] == ["dee", "ann", "ann", "dee", "dee", "dee"]
    assert result.tricks[5].lead_suit == "h"  # J♦ led: a trump lead


def test_spec_example_with_deal_lines_is_clean() -> None:
    assert one(log(SPEC_DEAL_LINES + "\n" + SPEC_HAND)).violations == []


# ----------------------------------------------------------------------------- BE-FOLLOW


#: bob plays 10♣ on the heart lead of trick 2 and his Q♥ later, in trick 4: a renege
RENEGE = swap(swap(SPEC_HAND, "bob Qh", "bob Tc"), "bob Tc, cy Jc", "bob Qh, cy Jc")


def test_renege_proven_by_a_later_play() -> None:
    text = log(RENEGE)
    result = one(text)
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card, v.corrected) == ("BE-FOLLOW", "bob", 2, "Tc", False)
    row = line_of(text, "trick 2")
    assert (v.line, v.column) == (row, text.splitlines()[row - 1].index("Tc") + 1)
    assert v.evidence == (
        "bob held Q♥, played in trick 4, when hearts were led in trick 2, and played 10♣"
    )
    assert [t.winner for t in result.tricks] == ["dee", "ann", "ann", "dee", "dee", "dee"]
    assert result.points == {"ann+cy": 2, "bob+dee": 4 - 2}  # a renege costs 2


def test_renege_points_option() -> None:
    assert one(log(RENEGE), renege_points=5).points["bob+dee"] == 4 - 5
    assert one(log(RENEGE), renege_points=0).points["bob+dee"] == 4


def test_corrected_renege_is_reported_and_costs_nothing() -> None:
    body = swap(SPEC_HAND, "cy Kh", "cy Kh (was Ks)")
    result = one(log(body + "claim dee renege cy trick 2\n"))
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card, v.corrected) == ("BE-FOLLOW", "cy", 2, "Ks", True)
    assert "K♥, played in trick 2" in v.evidence
    assert result.points == {"ann+cy": 2, "bob+dee": 4}
    (claim,) = result.claims
    assert claim.ruling == "upheld" and "taken back" in claim.reason


def test_retracted_card_is_evidence() -> None:
    # bob puts down Q♥, takes it back and plays 10♣: the Q♥ he took back convicts him
    body = swap(RENEGE, "bob Tc, cy Kh", "bob Tc (was Qh), cy Kh")
    (v,) = one(log(body)).violations
    assert (v.rule, v.player, v.trick, v.card, v.corrected) == ("BE-FOLLOW", "bob", 2, "Tc", False)
    short = body[: body.index("trick 4")]  # without trick 4, only the retraction shows Q♥
    result = one(log(short))
    follow = [v for v in result.violations if v.rule == "BE-FOLLOW"]
    assert len(follow) == 1 and "put down and taken back in trick 2" in follow[0].evidence


def test_both_retracted_and_final_cards_illegal() -> None:
    body = swap(RENEGE, "bob Tc, cy Kh", "bob Tc (was As), cy Kh")
    result = one(log(body))
    assert [(v.card, v.corrected) for v in result.violations] == [("Tc", False), ("As", True)]
    assert result.points["bob+dee"] == 4 - 2


def test_inconsistent_log_convicts_nobody() -> None:
    # bob's deal line does not hold the Q♥ he plays later: that play proves nothing
    result = one(log("deal bob 9c Kh Qs Tc As Ac\n" + RENEGE))
    found = rules_of(result.violations)
    assert "BE-FOLLOW" not in found
    assert "L-NOT-HELD" in found


# ----------------------------------------------------------------------------- L- faults


def test_unseated_player_in_a_trick() -> None:
    result = one(log(swap(SPEC_HAND, "bob 9c", "rob 9c")))
    # one fault, one finding: the trick has its four cards, one by a name not seated
    (v,) = result.violations
    assert (v.rule, v.player, v.trick) == ("L-PLAYER", "rob", 1)


def test_card_not_in_the_deck() -> None:
    result = one(log(swap(SPEC_HAND, "bob 9c", "bob 2c")))
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-CARD", "bob", 1, "2c")
    joker = one(log(swap(SPEC_HAND, "bob 9c", "bob joker")))
    assert [(v.rule, v.card) for v in joker.violations] == [("L-CARD", "joker")]


def test_card_played_twice() -> None:
    result = one(log(swap(SPEC_HAND, "bob Ac", "bob 9c")))
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-CARD", "bob", 6, "9c")
    assert "bob played 9♣ in trick 1" in v.evidence


def test_card_dealt_to_two_players() -> None:
    deals = SPEC_DEAL_LINES.replace("deal bob 9c", "deal bob Ad")
    result = one(log(deals + "\n" + SPEC_HAND))
    found = [(v.rule, v.player, v.trick, v.card) for v in result.violations]
    # the second deal of A♦ is reported; bob's 9♣ is not in his deal; dee is not accused
    assert found == [("L-CARD", "dee", None, "Ad"), ("L-NOT-HELD", "bob", 1, "9c")]


def test_card_not_held() -> None:
    text = log("deal ann 9s Jh Qd Kd Ts Td\n" + SPEC_HAND)
    result = one(text)
    found = [(v.rule, v.player, v.trick, v.card) for v in result.violations]
    assert ("L-NOT-HELD", "ann", 1, "9d") in found
    assert ("L-CARD", "dee", 3, "9s") in found  # dee plays the 9♠ ann's deal holds


def test_wrong_leader() -> None:
    body = swap(SPEC_HAND, "dee Ad, ann 9d, bob 9c, cy Qc", "ann 9d, bob 9c, cy Qc, dee Ad")
    result = one(log(body))
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-TURN", "ann", 1, "9d")
    assert "dee should have led" in v.message


def test_out_of_turn_in_a_trick() -> None:
    body = swap(SPEC_HAND, "ann 9d, bob 9c, cy Qc", "ann 9d, cy Qc, bob 9c")
    (v,) = one(log(body)).violations
    assert (v.rule, v.player, v.trick) == ("L-TURN", "cy", 1)


def test_wrong_trick_number() -> None:
    text = log(swap(SPEC_HAND, "trick 3:", "trick 4:"))
    (v,) = one(text).violations
    assert (v.rule, v.trick, v.line) == ("L-TRICK", 3, line_of(text, "ann Qd"))
    assert v.column == 7


def test_player_twice_in_a_trick() -> None:
    result = one(log(swap(SPEC_HAND, "bob 9c, cy Qc", "bob 9c, bob Qc")))
    assert ("L-TRICK", "bob") in [(v.rule, v.player) for v in result.violations]


def test_missing_card_in_a_trick() -> None:
    result = one(log(swap(SPEC_HAND, ", cy Qc", "")))
    assert ("L-TRICK", 1) in [(v.rule, v.trick) for v in result.violations]
    assert "BE-FOLLOW" not in rules_of(result.violations)


def test_too_few_and_too_many_tricks() -> None:
    short = SPEC_HAND[: SPEC_HAND.index("trick 6")]
    assert rules_of(one(log(short)).violations) == ["L-COUNT"]
    extra = SPEC_HAND + "trick 7: dee Jd, ann Td, bob Ac, cy Js\n"
    assert rules_of(one(log(extra)).violations) == ["L-COUNT"]


def test_deal_with_the_wrong_number_of_cards() -> None:
    deals = SPEC_DEAL_LINES.replace("deal ann 9d ", "deal ann ")
    result = one(log(deals + "\n" + SPEC_HAND))
    found = [(v.rule, v.player) for v in result.violations]
    assert ("L-COUNT", "ann") in found


# ----------------------------------------------------------------------------- ask / moon

MOON_DEALS = {
    "ann": ["Jh", "Jd", "Ah", "Kh", "Qh", "Th"],
    "bob": ["9h", "As", "Ks", "Qs", "Js", "Ts"],
    "dee": ["Ad", "Kd", "Qd", "Td", "9d", "9s"],
}
CY_CARDS = ["Ac", "Kc", "Qc", "Jc", "Tc", "9c"]


def test_moon_three_card_tricks() -> None:
    bids = "bid ann moon\nbid bob pass\nbid cy pass\nbid dee pass"
    result = one(log(bid_hand(MOON_DEALS, bids=bids)))
    assert result.violations == []
    assert all(len(t.plays) == 3 for t in result.tricks)
    assert result.points == {"ann+cy": 24, "bob+dee": 0}


def test_sitting_out_partner_who_plays() -> None:
    bids = "bid ann moon\nbid bob pass\nbid cy pass\nbid dee pass"
    body = bid_hand(MOON_DEALS, bids=bids).replace(
        "trick 1: ann Jh, bob 9h, dee Ad", "trick 1: ann Jh, bob 9h, cy Ac, dee Ad"
    )
    result = one(log(body))
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-PASSED", "cy", 1, "Ac")


def test_first_lead_left_skips_the_sitting_out_player() -> None:
    # dee deals; cy bids moon, ann (left of the dealer) sits out: bob leads
    deals = {"bob": MOON_DEALS["ann"], "cy": MOON_DEALS["bob"], "dee": MOON_DEALS["dee"]}
    bids = "bid ann pass\nbid bob pass\nbid cy moon\nbid dee pass"
    text = log(bid_hand(deals, bids=bids, leader="bob"))
    assert one(text, first_lead="left").violations == []
    (v,) = one(text).violations  # by default the bidder, cy, leads
    assert (v.rule, v.player) == ("L-TURN", "bob")


def test_first_lead_left_of_the_dealer() -> None:
    # the spec hand dealt by cy: dee, left of the dealer, leads under first_lead: left
    body = spec_hand("bid ann 3", dealer="cy")
    assert one(log(body), first_lead="left").violations == []
    assert rules_of(one(log(body)).violations) == ["L-TURN"]


def ask_hand(exchange: str, cy: list[str] | None = None, ann_after: list[str] | None = None) -> str:
    deals = dict(MOON_DEALS)
    deals["ann"] = ann_after or deals["ann"]
    bids = "bid ann ask\nbid bob pass\nbid cy pass\nbid dee pass"
    deal_lines = f"deal cy {' '.join(cy or CY_CARDS)}\ndeal ann {' '.join(MOON_DEALS['ann'])}"
    return bid_hand(deals, bids=bids, extra=exchange).replace(
        "trump h\n", f"trump h\n{deal_lines}\n"
    )


def test_ask_partner_without_trump_returns_any_card() -> None:
    after = ["Jh", "Jd", "Ah", "Kh", "Qh", "9c"]
    result = one(log(ask_hand("exchange ann Th cy 9c", ann_after=after)))
    assert result.violations == []
    assert result.points == {"ann+cy": 12, "bob+dee": 0}


def test_ask_best_trump() -> None:
    # cy holds T♥ as the only trump; trade: ann gives 9s... use a cy hand with trumps
    cy = ["9h", "Jd", "Qc", "Jc", "Tc", "9c"]  # hearts trump: J♦ is cy's best
    ann = ["Jh", "Ac", "Ah", "Kh", "Qh", "Th"]
    deals = {
        "ann": ann,
        "bob": ["As", "Ks", "Qs", "Js", "Ts", "9s"],
        "dee": ["Ad", "Kd", "Qd", "Td", "9d", "Kc"],
    }
    bids = "bid ann ask\nbid bob pass\nbid cy pass\nbid dee pass"
    lines = f"deal ann {' '.join(ann)}\ndeal cy {' '.join(cy)}\n"
    good_ann = ["Jh", "Jd", "Ah", "Kh", "Qh", "Th"]
    good = bid_hand({**deals, "ann": good_ann}, bids=bids, extra="exchange ann Ac cy Jd")
    assert one(log(lines + good)).violations == []
    bad_ann = ["Jh", "9h", "Ah", "Kh", "Qh", "Th"]
    bad = bid_hand({**deals, "ann": bad_ann}, bids=bids, extra="exchange ann Ac cy 9h")
    result = one(log(lines + bad))
    (v,) = result.violations
    assert (v.rule, v.player, v.card) == ("BE-ASK-BEST", "cy", "9h")
    assert "J♦ (a heart, hearts are trump)" in v.evidence
    # without cy's deal the referee cannot tell
    unchecked = bad.replace(f"deal cy {' '.join(cy)}\n", "")
    assert one(log(f"deal ann {' '.join(ann)}\n" + unchecked)).violations == []


def test_ask_bidder_plays_the_card_given_away() -> None:
    after = ["Jh", "Jd", "Ah", "Kh", "Qh", "Th"]  # still plays T♥, given to cy
    result = one(log(ask_hand("exchange ann Th cy 9c", ann_after=after)))
    assert ("L-NOT-HELD", "ann", "Th") in [(v.rule, v.player, v.card) for v in result.violations]


def test_ask_failed_and_moon_failed() -> None:
    deals = {
        "ann": ["Jh", "Jd", "Ah", "Kh", "Qh", "9s"],
        "bob": ["9h", "Th", "Ks", "Qs", "Js", "Ts"],
        "dee": ["Ad", "Kd", "Qd", "Td", "9d", "As"],
    }
    for bid, lost, option in (("ask", -6, {}), ("moon", -6, {}), ("moon", -9, {"moon_failed": 9})):
        bids = f"bid ann {bid}\nbid bob pass\nbid cy pass\nbid dee pass"
        result = one(log(bid_hand(deals, bids=bids)), **option)
        assert result.violations == []
        assert result.tricks_won == {"ann+cy": 5, "bob+dee": 1}
        assert result.points == {"ann+cy": lost, "bob+dee": 1}


def test_ask_and_moon_made_options() -> None:
    bids = "bid ann moon\nbid bob pass\nbid cy pass\nbid dee pass"
    assert one(log(bid_hand(MOON_DEALS, bids=bids)), moon_made=30).points["ann+cy"] == 30
    ask = bids.replace("moon", "ask")
    assert one(log(bid_hand(MOON_DEALS, bids=ask)), ask_made=10).points["ann+cy"] == 10


# ----------------------------------------------------------------------------- claims


def test_claims_upheld_and_rejected() -> None:
    body = RENEGE
    claims = (
        "claim dee renege bob trick 2\n"
        "claim dee renege bob\n"
        "claim dee renege bob trick 3\n"
        "claim ann renege dee trick 3\n"
        "claim ann renege dee trick 9\n"
    )
    result = one(log(body + claims))
    rulings = [(c.against, c.trick, c.ruling) for c in result.claims]
    assert rulings == [
        ("bob", 2, "upheld"),
        ("bob", None, "upheld"),
        ("bob", 3, "rejected"),
        ("dee", 3, "rejected"),
        ("dee", 9, "rejected"),
    ]
    assert "J♦ is a heart" in result.claims[3].reason  # the left-bower trap, explained
    assert "no trick 9" in result.claims[4].reason
    assert rules_of(result.violations) == ["BE-FOLLOW"]  # claims cost nothing


def test_claim_when_trump_is_unknown_or_nothing_was_played() -> None:
    body = spec_hand("bid dee 4", extra="claim ann renege dee").replace("trump hearts\n", "")
    (claim,) = one(log(body)).claims
    assert claim.ruling == "rejected" and "trump suit is unknown" in claim.reason
    redeal = (
        "dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\nclaim ann renege bob"
    )
    (claim,) = one(log(redeal)).claims
    assert claim.ruling == "rejected" and "no card was played" in claim.reason


def test_a_claim_is_not_answered_with_what_the_log_does_not_show() -> None:
    # Tricks 5 and 6 are not logged: a claim on trick 5 is not told the hand has no trick 5,
    # and the others are not told the accused's play was legal, only what the log shows.
    body = SPEC_HAND.split("trick 5:")[0] + (
        "claim ann renege dee trick 5\nclaim ann renege bob trick 1\nclaim ann renege bob trick 7\n"
    )
    gap = "4 of 6 tricks logged (tricks 5, 6 missing)"
    assert [(c.ruling, c.reason) for c in one(log(body)).claims] == [
        ("rejected", f"the log shows no card of dee's in trick 5 ({gap})"),
        (
            "rejected",
            "no illegal play by bob that the log shows in trick 1: bob played 9♣ in trick 1 "
            "and the log shows no diamond in bob's hand then; the log does not show the whole "
            f"hand ({gap}), so not every play is judged",
        ),
        ("rejected", "the hand has no trick 7"),
    ]
    # a trick line that could not be read is a gap too (the real reader)
    unread = log(SPEC_HAND.replace("trick 2: dee 9h", "trick 2: dee 9x") + "claim ann renege bob")
    (hand,) = referee.audit_text(unread).hands
    (claim,) = hand.claims
    assert claim.ruling == "rejected"
    assert claim.reason.endswith(
        "the log does not show the whole hand (line 12 could not be read; 5 of 6 tricks "
        "logged (trick 2 missing)), so not every play is judged"
    )


def test_unseated_names_in_claims_and_exchange() -> None:
    result = one(log(RENEGE + "claim eve renege bob\n"))
    assert sorted(rules_of(result.violations)) == ["BE-FOLLOW", "L-PLAYER"]
    assert result.claims[0].ruling == "upheld"


def test_ask_without_exchange_line_accuses_nobody() -> None:
    after = ["Jh", "Jd", "Ah", "Kh", "Qh", "9c"]  # 9♣ came from cy, unrecorded
    text = log(ask_hand("", ann_after=after))
    result = one(text)
    assert result.violations == []
    assert result.points == {"ann+cy": 12, "bob+dee": 0}


def test_exchange_card_not_in_the_givers_deal() -> None:
    after = ["Jh", "Jd", "Ah", "Kh", "Qh", "9c"]
    result = one(log(ask_hand("exchange ann As cy 9c", ann_after=after)))
    found = [(v.rule, v.player, v.card) for v in result.violations]
    assert ("L-NOT-HELD", "ann", "As") in found


def test_odd_table_does_not_crash() -> None:
    results = judge(log(SPEC_HAND.replace(", cy Qc", ""), players="ann bob dee"))
    assert results[0].points is not None
