"""Bid Euchre: the auction, redeals and the dealer rotation."""

from __future__ import annotations

from tests.euchre_builders import SPEC_DEALS, bid_hand, judge, line_of, log, rules_of, spec_hand

ALL_PASS = "dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\n"


def test_spec_bids_are_clean() -> None:
    result = judge(log(spec_hand("bid ann pass\nbid bob pass\nbid cy 3\nbid dee 4")))[0]
    assert result.violations == []
    assert (result.bidder, result.bid, result.trump) == ("dee", "4", "h")


def test_bid_out_of_turn() -> None:
    text = log(spec_hand("bid bob pass\nbid ann pass\nbid cy 3\nbid dee 4"))
    result = judge(text)[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.trick, v.card) == ("BE-BID-ORDER", "bob", None, None)
    assert (v.line, v.column) == (line_of(text, "bid bob"), 1)
    assert "ann's turn" in v.message
    assert result.bid == "4"


def test_second_bid_is_reported_and_stands_when_higher() -> None:
    bids = "bid ann pass\nbid bob pass\nbid cy pass\nbid dee 3\nbid dee 4"
    text = log(spec_hand(bids))
    result = judge(text)[0]
    assert rules_of(result.violations) == ["BE-BID-ORDER"]
    assert result.violations[0].line == line_of(text, "bid dee 4")
    assert result.bid == "4"


def test_second_pass_is_reported() -> None:
    bids = "bid ann pass\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee 4"
    result = judge(log(spec_hand(bids)))[0]
    assert [(v.rule, v.player) for v in result.violations] == [("BE-BID-ORDER", "ann")]


def test_bid_below_min_bid_does_not_count() -> None:
    bids = "bid ann pass\nbid bob 2\nbid cy pass\nbid dee 3"
    result = judge(log(spec_hand(bids)))[0]
    (v,) = result.violations
    assert (v.rule, v.player) == ("BE-BID-LOW", "bob")
    assert (result.bidder, result.bid) == ("dee", "3")


def test_min_bid_option() -> None:
    bids = "bid ann pass\nbid bob pass\nbid cy pass\nbid dee 3"
    assert judge(log(spec_hand(bids)))[0].violations == []
    text = log(spec_hand(bids + "\nbid dee 4"))
    strict = judge(text, min_bid=4)[0]
    assert [(v.rule, v.line) for v in strict.violations] == [
        ("BE-BID-LOW", line_of(text, "bid dee 3")),
        ("BE-BID-ORDER", line_of(text, "bid dee 4")),
    ]
    assert strict.bid == "4"
    assert judge(log(spec_hand("bid dee 4")), min_bid=4)[0].violations == []


def test_bid_not_higher_does_not_become_high() -> None:
    bids = "bid ann pass\nbid bob pass\nbid cy 4\nbid dee 4"
    result = judge(log(spec_hand(bids)))[0]
    assert ("BE-BID-LOW", "dee") in [(v.rule, v.player) for v in result.violations]
    assert (result.bidder, result.bid) == ("cy", "4")


def test_ladder_ask_above_six_moon_above_ask() -> None:
    deals = dict(SPEC_DEALS)
    del deals["bob"]  # bob sits out on dee's moon
    bids = "bid ann 6\nbid bob ask\nbid cy pass\nbid dee moon"
    result = judge(log(bid_hand(deals, bids=bids, leader="dee")))[0]
    assert result.violations == []
    assert (result.bidder, result.bid) == ("dee", "moon")
    low = "bid ann moon\nbid bob ask\nbid cy pass\nbid dee pass"
    deals = dict(SPEC_DEALS)
    del deals["cy"]
    result = judge(log(bid_hand(deals, bids=low, leader="ann")))[0]
    assert [(v.rule, v.player) for v in result.violations] == [("BE-BID-LOW", "bob")]
    assert result.bid == "moon"


def test_first_bidder_dealer() -> None:
    bids = "bid dee 4\nbid ann pass\nbid bob pass\nbid cy pass"
    assert judge(log(spec_hand(bids)), first_bidder="dealer")[0].violations == []
    default = judge(log(spec_hand(bids)))[0]
    assert [(v.rule, v.player) for v in default.violations] == [("BE-BID-ORDER", "dee")]


def test_all_pass_is_a_redeal() -> None:
    result = judge(log(ALL_PASS))[0]
    assert result.violations == []
    assert result.redeal and result.bid is None and result.trump is None
    assert result.points == {"ann+cy": 0, "bob+dee": 0}
    assert result.tricks == []


def test_redeal_with_tricks_is_a_count_fault() -> None:
    result = judge(log(ALL_PASS + "trick 1: ann 9d, bob 9c, cy Qc, dee Ad\n"))[0]
    assert rules_of(result.violations) == ["L-COUNT"]
    assert result.redeal


def test_stick_the_dealer() -> None:
    stuck = judge(log(ALL_PASS), stick_the_dealer=True)[0]
    (v,) = stuck.violations
    assert (v.rule, v.player, v.line) == ("BE-STUCK", "dee", line_of(log(ALL_PASS), "dee pass"))
    assert stuck.redeal and stuck.points == {"ann+cy": 0, "bob+dee": 0}
    bids = "bid ann pass\nbid bob pass\nbid cy pass\nbid dee 3"
    assert judge(log(spec_hand(bids)), stick_the_dealer=True)[0].violations == []


def test_stuck_dealer_with_first_bidder_dealer_is_never_after_three_passes() -> None:
    bids = "dealer dee\nbid dee pass\nbid ann pass\nbid bob pass\nbid cy pass\n"
    result = judge(log(bids), stick_the_dealer=True, first_bidder="dealer")[0]
    assert result.violations == [] and result.redeal


def test_omitted_bids_are_passes() -> None:
    result = judge(log(spec_hand("bid dee 4")))[0]
    assert result.violations == []
    assert result.bid == "4"


def test_no_bids_on_a_played_hand_is_missing_and_not_scored() -> None:
    body = spec_hand("", extra="settle bob+dee 4 ann+cy 2\nscore bob+dee 4 ann+cy 2")
    result = judge(log(body))[0]
    assert rules_of(result.violations) == ["L-MISSING"]
    assert result.bid is None and not result.redeal
    # not scored by the referee, and its recorded lines are not judged; the running score
    # goes on from the table's `score` line
    assert (result.settled, result.unsettled, result.points) == (False, "no winning bid", None)
    assert result.score == {"ann+cy": 2, "bob+dee": 4}
    assert result.record.verdict == "unchecked"
    bare = judge(log(spec_hand("")))[0]
    assert (bare.settled, bare.points, bare.score) == (False, None, None)


def test_no_bids_and_nothing_played_is_a_redeal() -> None:
    result = judge(log("dealer dee\n"))[0]
    assert result.violations == [] and result.redeal


def test_bid_suit_names_trump_when_the_trump_line_is_missing() -> None:
    body = spec_hand("bid dee 4 hearts").replace("trump hearts\n", "")
    result = judge(log(body))[0]
    assert result.violations == [] and result.trump == "h"


def test_missing_trump() -> None:
    body = spec_hand("bid dee 4").replace("trump hearts\n", "")
    result = judge(log(body))[0]
    (v,) = result.violations
    assert (v.rule, v.line) == ("L-MISSING", 4)
    assert (result.settled, result.unsettled, result.points) == (False, "no trump line", None)


def test_dealer_rotation() -> None:
    text = log(ALL_PASS, "dealer ann\n", "", "dealer bob\n")
    results = judge(text)
    assert [r.dealer for r in results] == ["dee", "ann", "bob", "bob"]
    assert [rules_of(r.violations) for r in results] == [[], [], [], ["L-DEALER"]]
    v = results[3].violations[0]
    assert (v.player, v.line) == ("bob", line_of(text, "dealer bob"))
    assert "cy's deal" in v.message


def test_dealer_missing_in_hand_one() -> None:
    result = judge(log(spec_hand(dealer=None)))[0]
    assert rules_of(result.violations) == ["L-MISSING"]
    assert result.points == {"ann+cy": 2, "bob+dee": 4}  # bidder leads: still judged


def test_unseated_bidder() -> None:
    result = judge(log(spec_hand("bid rob 3\nbid dee 4")))[0]
    (v,) = result.violations
    assert (v.rule, v.player, v.column) == ("L-PLAYER", "rob", 5)
