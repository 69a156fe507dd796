"""Bid Euchre variants (bid-euchre.md): `deck: double`, the joker, Ace No Face, the ask
give-back, and a redeal's tricks.

Each log goes through the whole audit (the parser, the house options, the engine), as a
user's log would, and the findings are checked exactly: rule, player, trick, card and line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.audit import audit_text
from referee.cli import app
from referee.games.euchre.deck import Deck
from referee.games.euchre.rules import legal_cards, trick_winner
from referee.report import EuchreHandResult, FileReport
from tests.euchre_builders import bid_hand, line_of, log, play_out

Finding = tuple[str, str | None, int | None, str | None, int]


def audit(text: str) -> FileReport:
    return audit_text(text, keep_tricks=True)


def hands(report: FileReport) -> list[EuchreHandResult]:
    assert all(isinstance(h, EuchreHandResult) for h in report.hands)
    return [h for h in report.hands if isinstance(h, EuchreHandResult)]


def findings(report: FileReport) -> list[Finding]:
    """Every violation of the file as (rule, player, trick, card, line)."""
    return [(v.rule, v.player, v.trick, v.card, v.line) for h in report.hands for v in h.violations]


def only(text: str) -> EuchreHandResult:
    report = audit(text)
    assert report.errors == [], report.errors
    (hand,) = hands(report)
    return hand


# ============================================================================ options


def test_the_new_options_read_and_show_in_the_report() -> None:
    text = log("dealer dee\n", header="option deck double\noption ace_no_face yes")
    report = audit(text)
    assert report.errors == []
    assert report.options_changed == {"deck": "double", "ace_no_face": True}
    joker = audit(log("dealer dee\n", header="option joker on"))
    assert joker.errors == [] and joker.options_changed == {"joker": True}


def test_a_bad_deck_value_names_the_choices() -> None:
    report = audit(log("dealer dee\n", header="option deck triple"))
    assert [(e.code, e.line, e.message) for e in report.errors] == [
        ("P-RULES", 3, "bad value 'triple' for option deck: expected one of: single, double")
    ]
    assert report.hands == []


def test_the_joker_with_two_decks_is_a_rules_error_naming_the_conflict(tmp_path: Path) -> None:
    text = log("dealer dee\n", header="option joker true\noption deck double")
    report = audit(text)
    assert [(e.code, e.line, e.column) for e in report.errors] == [("P-RULES", 4, 1)]
    message = report.errors[0].message
    assert "joker" in message and "deck" in message and "single deck" in message
    assert report.hands == []  # not judged: the rules are not known
    # the same from a house-rules file (at the log's `rules` line) and on the command line
    (tmp_path / "house.yaml").write_text("bid-euchre:\n  joker: true\n  deck: double\n")
    path = tmp_path / "t.hlog"
    path.write_text(log("dealer dee\n", header="rules house.yaml"))
    from referee.audit import audit_file

    from_file = audit_file(path)
    assert [(e.code, e.line) for e in from_file.errors] == [("P-RULES", 3)]
    assert "conflict" in from_file.errors[0].message
    result = CliRunner().invoke(app, ["audit", "--quiet", str(path)])
    assert result.exit_code == 2 and "P-RULES options joker and deck conflict" in result.output
    # either alone is fine
    assert audit(log("dealer dee\n", header="option joker true")).errors == []


def test_explain_and_rules_list_the_new_rule_and_options() -> None:
    runner = CliRunner()
    explained = runner.invoke(app, ["explain", "be-no-face"])
    assert explained.exit_code == 0
    assert explained.output.startswith("BE-NO-FACE: an Ace No Face redeal called when")
    assert "Legal:" in explained.output and "Illegal:" in explained.output
    listed = runner.invoke(app, ["rules", "--game", "bid-euchre"]).output
    assert "BE-NO-FACE" in listed
    rows = [line.split() for line in listed.splitlines()]
    assert ["deck", "single", "(single", "|", "double)"] in rows
    assert ["joker", "false", "(true", "|", "false)"] in rows
    assert ["ace_no_face", "false", "(true", "|", "false)"] in rows


# ============================================================================ two decks

# Hearts trump. ann holds twelve of the fourteen trumps; bob the two 9♥ and every spade; cy
# two 9♠ and every club; dee the two 9♣ and the diamonds but the jacks (ann's left bowers).
DOUBLE_A = {
    "ann": ["Jh", "Jh", "Jd", "Jd", "Ah", "Ah", "Kh", "Kh", "Qh", "Qh", "Th", "Th"],
    "bob": ["9h", "9h", "As", "As", "Ks", "Ks", "Qs", "Qs", "Js", "Js", "Ts", "Ts"],
    "cy": ["9s", "9s", "Ac", "Ac", "Kc", "Kc", "Qc", "Qc", "Jc", "Jc", "Tc", "Tc"],
    "dee": ["9c", "9c", "Ad", "Ad", "Kd", "Kd", "Qd", "Qd", "Td", "Td", "9d", "9d"],
}

# Hearts trump; bob leads A♠ and dee follows with the other A♠: bob's, played first, wins.
DOUBLE_B = {
    "bob": ["As", "Ks", "Qs", "Js", "Ts", "9s", "Jh", "Ah", "Kh", "Qh", "Th", "9h"],
    "cy": ["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "Ac", "Kc", "Qc", "Jc", "Tc", "9c"],
    "dee": ["As", "Ks", "Qs", "Js", "Ts", "9s", "Jd", "Ad", "Kd", "Qd", "Td", "9d"],
    "ann": ["Ad", "Kd", "Qd", "Td", "9d", "Jd", "Jh", "Ah", "Kh", "Qh", "Th", "9h"],
}

#: DOUBLE_B with dee sitting out (bob bids moon or asks).
MOON_B = {p: cs for p, cs in DOUBLE_B.items() if p != "dee"}

# Hearts trump, for ask: bob asks and dee sits out. DEE_C is dealt J♥ (her best trump) and
# both copies of J♠, 10♠, 9♠, 10♦ and 9♦; DEE_D has no trump at all.
DEE_C = ["Jh", "Js", "Js", "Ts", "Ts", "9s", "9s", "9d", "9d", "Td", "Td", "Qd"]
ASK_C = {
    "bob": ["As", "As", "Ks", "Ks", "Qs", "Qs", "Jh", "Ah", "Kh", "Qh", "Th", "9h"],
    "cy": ["Ac", "Ac", "Kc", "Kc", "Qc", "Qc", "Jc", "Jc", "Tc", "Tc", "9c", "9c"],
    "ann": ["Ah", "Kh", "Qh", "Th", "9h", "Ad", "Ad", "Kd", "Kd", "Qd", "Jd", "Jd"],
}
DEE_D = ["Js", "Js", "Ts", "Ts", "9s", "9s", "9d", "9d", "Td", "Td", "Qd", "Qd"]
ASK_D = {**ASK_C, "ann": ["Jh", "Ah", "Kh", "Qh", "Th", "9h", "Ad", "Ad", "Kd", "Kd", "Jd", "Jd"]}

DOUBLE = "option deck double"
PASSES = "bid bob pass\nbid cy pass\nbid dee pass"
BOB_7 = "bid ann pass\nbid bob 7\nbid cy pass\nbid dee pass"
BOB_MOON = "bid ann pass\nbid bob moon"
BOB_ASK = "bid ann pass\nbid bob ask"


def double_hand(deals: dict[str, list[str]], bids: str, leader: str, **kw: object) -> str:
    return bid_hand(deals, bids=bids, leader=leader, tricks=12, **kw)  # type: ignore[arg-type]


def test_a_double_deck_hand_has_twelve_tricks_and_bids_to_twelve() -> None:
    body = double_hand(DOUBLE_A, f"bid ann 12\n{PASSES}", "ann", with_deals=True)
    hand = only(log(body, header=DOUBLE))
    assert hand.violations == []
    assert (hand.bid, len(hand.tricks)) == ("12", 12)
    assert hand.tricks_won == {"ann+cy": 12, "bob+dee": 0}
    assert hand.points == {"ann+cy": 12, "bob+dee": 0}


@pytest.mark.parametrize(("bid", "points"), [("7", 12), ("ask", 12), ("moon", 24)])
def test_ask_and_moon_need_all_twelve_tricks(bid: str, points: int) -> None:
    deals = dict(DOUBLE_A)
    extra = ""
    if bid in ("ask", "moon"):
        del deals["cy"]  # cy sits out; on ask cy, dealt no trump, hands back any card
    if bid == "ask":
        extra = "exchange ann Th cy Ac"
        deals["ann"] = [*DOUBLE_A["ann"][:-1], "Ac"]
    body = double_hand(deals, f"bid ann {bid}\n{PASSES}", "ann", extra=extra)
    hand = only(log(body, header=DOUBLE))
    assert hand.violations == []
    assert hand.tricks_won == {"ann+cy": 12, "bob+dee": 0}
    assert hand.points == {"ann+cy": points, "bob+dee": 0}


def test_a_moon_short_of_twelve_tricks_fails() -> None:
    hand = only(log(double_hand(MOON_B, "bid ann pass\nbid bob moon", "bob"), header=DOUBLE))
    assert hand.violations == []
    took = hand.tricks_won["bob+dee"]
    assert 0 < took < 12
    assert hand.points == {"ann+cy": 12 - took, "bob+dee": -6}


def test_bids_above_twelve_do_not_read_and_above_six_only_with_two_decks() -> None:
    text = log("dealer dee\nbid ann 13\n", header=DOUBLE)
    report = audit(text)
    assert [(e.code, e.line, e.column, e.message) for e in report.errors] == [
        ("P-SYNTAX", line_of(text, "ann 13"), 9, "expected a bid: pass, a number from 3 to 12, "
         "ask or moon")
    ]  # fmt: skip
    # one deck: a bid of 7 does not read, exactly as before
    text = log("dealer dee\nbid ann 7\n")
    single = audit(text)
    assert [(e.code, e.line, e.column, e.message) for e in single.errors] == [
        ("P-SYNTAX", line_of(text, "ann 7"), 9, "expected a bid: pass, a number from 3 to 6, "
         "ask or moon")
    ]  # fmt: skip
    assert not hands(single)[0].settled  # (the hand is not settled: a line is unreadable)
    # with two decks, a bid of 7 reads and counts
    seven = audit(log("dealer dee\nbid ann 7\n", header=DOUBLE))
    assert seven.errors == [] and (hands(seven)[0].bidder, hands(seven)[0].bid) == ("ann", "7")


def test_the_double_ladder_judges_bids_to_twelve() -> None:
    bids = "bid ann 9\nbid bob 8\nbid cy 10\nbid dee 12"
    text = log(double_hand(DOUBLE_B, bids, "dee"), header=DOUBLE)
    report = audit(text)
    assert report.errors == []
    assert findings(report) == [("BE-BID-LOW", "bob", None, None, line_of(text, "bob 8"))]
    (hand,) = hands(report)
    assert "on the ladder 3 < 4 < ... < 12 < ask < moon" in hand.violations[0].evidence
    assert (hand.bidder, hand.bid) == ("dee", "12")


def test_of_two_equal_winning_cards_the_first_played_wins() -> None:
    deck = Deck(copies=2)
    first = [("bob", "As"), ("cy", "Ac"), ("dee", "As"), ("ann", "Ad")]
    assert trick_winner(first, "h", deck) == "bob"
    assert trick_winner([first[2], first[3], first[0], first[1]], "h", deck) == "dee"
    assert trick_winner([("a", "9s"), ("b", "Jh"), ("c", "Jh"), ("d", "Jd")], "h", deck) == "b"
    hand = only(log(double_hand(DOUBLE_B, BOB_7, "bob"), header=DOUBLE))
    assert hand.violations == []
    assert hand.tricks[0].plays == tuple(first)
    assert hand.tricks[0].winner == "bob" and hand.tricks[1].leader == "bob"
    assert sum(hand.tricks_won.values()) == 12


def _with_deals(body: str, deals: dict[str, list[str]]) -> str:
    lines = "".join(f"deal {p} {' '.join(cs)}\n" for p, cs in deals.items())
    return body.replace("trump h\n", "trump h\n" + lines)


def test_each_card_twice_dealt_to_two_players_or_twice_to_one_is_fine() -> None:
    body = _with_deals(double_hand(DOUBLE_B, BOB_7, "bob"), DOUBLE_B)
    assert only(log(body, header=DOUBLE)).violations == []  # A♠ to bob and dee, A♣ twice to cy


def test_a_third_copy_dealt_is_a_card_fault() -> None:
    dee = ["As", "As", *DOUBLE_B["dee"][2:]]  # dee (sitting out) shown with both A♠
    body = _with_deals(double_hand(MOON_B, BOB_MOON, "bob"), {"bob": DOUBLE_B["bob"], "dee": dee})
    text = log(body, header=DOUBLE)
    report = audit(text)
    assert findings(report) == [("L-CARD", "dee", None, "As", line_of(text, "deal dee"))]
    (v,) = report.hands[0].violations
    assert v.message == "A♠ dealt a third time (bob once, dee twice)"
    assert v.evidence == "the double deck has two of each card"
    # bob, who plays an A♠, is not accused over it: which deal line is wrong is unknown


def test_a_third_copy_played_is_a_card_fault() -> None:
    cy = ["As", *DOUBLE_B["cy"][1:6], "As", *DOUBLE_B["cy"][7:]]  # cy's A♣ are A♠ now
    text = log(double_hand({**MOON_B, "cy": cy}, BOB_MOON, "bob"), header=DOUBLE)
    report = audit(text)
    (row,) = findings(report)
    assert row[:4] == ("L-CARD", "cy", row[2], "As")
    (v,) = report.hands[0].violations
    assert v.message == "A♠ was already played: both copies"
    assert v.evidence == "the double deck has two A♠, played by bob in trick 1 and cy in trick 1"
    assert row[2] == 2
    assert row[4] == line_of(text, f"trick {row[2]}:")


def test_a_second_copy_beyond_the_deal_is_not_held() -> None:
    # bob's deal shows one K♠ (and a 9♠); he plays K♠ twice (dee, out, holds the other)
    played = [*DOUBLE_B["bob"][:5], "Ks", *DOUBLE_B["bob"][6:]]
    body = double_hand({**MOON_B, "bob": played}, BOB_MOON, "bob")
    text = log(_with_deals(body, {"bob": DOUBLE_B["bob"]}), header=DOUBLE)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.card) == ("L-NOT-HELD", "bob", "Ks")
    assert v.message == "bob played a second K♠, not in their hand"
    assert v.evidence == f"bob's deal (line {line_of(text, 'deal bob')}) gives them one K♠"


def test_a_card_whose_copies_the_log_gives_to_others_cannot_be_played() -> None:
    # dee (sitting out) is shown with both A♠: bob's A♠ cannot be his
    dee = ["As", "As", *DOUBLE_B["dee"][2:]]
    text = log(_with_deals(double_hand(MOON_B, BOB_MOON, "bob"), {"dee": dee}), header=DOUBLE)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-CARD", "bob", 1, "As")
    assert (v.message, v.evidence) == ("A♠ cannot be bob's", "the log gives A♠ to dee")


def test_six_tricks_or_six_cards_are_too_few_with_two_decks() -> None:
    body = double_hand(DOUBLE_B, BOB_7, "bob")
    text = log(body[: body.index("trick 7")], header=DOUBLE)
    hand = only(text)
    assert [(v.rule, v.trick) for v in hand.violations] == [("L-COUNT", None)]
    assert hand.violations[0].message == (
        "the hand has 6 tricks, not 12: tricks 7, 8, 9, 10, 11, 12 are missing"
    )
    assert not hand.settled
    short = _with_deals(double_hand(MOON_B, BOB_MOON, "bob"), {"dee": DOUBLE_B["dee"][:6]})
    (v,) = only(log(short, header=DOUBLE)).violations
    assert (v.rule, v.player, v.message) == ("L-COUNT", "dee", "dee was dealt 6 cards")
    assert v.evidence == "each player is dealt 12 cards"


def test_ask_hands_over_the_best_trump_of_the_twelve() -> None:
    # dee (sits out) was dealt J♥, her best trump of twelve, and hands back a 10♦
    bob = ["Td", *ASK_C["bob"][1:]]
    body = double_hand({**ASK_C, "bob": bob}, BOB_ASK, "bob", extra="exchange bob As dee Td")
    text = log(_with_deals(body, {"dee": DEE_C}), header=DOUBLE)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.card) == ("BE-ASK-BEST", "dee", "Td")
    assert v.message == "dee gave 10♦, not their best trump J♥"


# ============================================================================ the joker

# Hearts trump; dee deals seven (the joker among them) and lays 9♠ aside; the joker is dee's
# only trump. ann bids 3 and leads the right bower.
JOKER_DEALS = {
    "ann": ["Jh", "Ah", "Kh", "Qd", "Kd", "Ad"],
    "bob": ["Th", "9h", "Jd", "9d", "Td", "Jc"],
    "cy": ["Qh", "9c", "Tc", "Qc", "Kc", "Ac"],
    "dee": ["joker", "Ts", "Js", "Qs", "Ks", "As"],
}
JOKER = "option joker true"
DEE_DEAL = "deal dee joker 9s Ts Js Qs Ks As"


def joker_hand(
    deals: dict[str, list[str]] = JOKER_DEALS,
    bids: str = "bid ann 3",
    leader: str = "ann",
    before: str = f"{DEE_DEAL}\ndiscard dee 9s\n",
    **kw: object,
) -> str:
    body = bid_hand(deals, bids=bids, leader=leader, **kw)  # type: ignore[arg-type]
    return body.replace("trump h\n", "trump h\n" + before)


def test_the_joker_follows_trump_and_is_the_highest_trump() -> None:
    assert legal_cards(["joker", "As", "Ks"], "h", "h") == {"joker"}  # the only trump
    assert legal_cards(["joker", "As", "Ks"], "s", "h") == {"As", "Ks"}  # not a spade
    deck = Deck(joker=True)
    assert trick_winner([("a", "Jh"), ("b", "Jd"), ("c", "joker")], "h", deck) == "c"
    hand = only(log(joker_hand(), header=JOKER))
    assert hand.violations == []
    first = hand.tricks[0]
    assert first.plays == (("ann", "Jh"), ("bob", "Th"), ("cy", "Qh"), ("dee", "joker"))
    assert first.winner == "dee"  # over the right bower
    assert hand.points == {"ann+cy": 4, "bob+dee": 2}


def test_holding_only_the_joker_as_trump_and_not_following_is_a_renege() -> None:
    # dee plays A♠ to the trump lead of trick 1 and the joker later
    body = joker_hand(forced={(1, "dee"): "As", (2, "dee"): "joker"})
    text = log(body, header=JOKER)
    hand = only(text)
    rows = [(v.rule, v.player, v.trick, v.card) for v in hand.violations]
    assert rows == [("BE-FOLLOW", "dee", 1, "As")]
    assert "the joker (the highest trump), played in trick 2" in hand.violations[0].evidence


def test_a_joker_lead_is_a_trump_lead() -> None:
    # dee bids 3 and leads the joker: bob's only trumps are hearts and J♦ (the left bower)
    deals = {**JOKER_DEALS}
    body = joker_hand(
        deals, bids="bid ann pass\nbid bob pass\nbid cy pass\nbid dee 3", leader="dee"
    )
    hand = only(log(body, header=JOKER))
    assert hand.violations == []
    first = hand.tricks[0]
    assert first.plays[0] == ("dee", "joker") and first.lead_suit == "h"
    # bob plays a diamond to it while holding trumps (played later): a renege
    forced = {(1, "bob"): "9d"}
    bad = joker_hand(
        deals,
        bids="bid ann pass\nbid bob pass\nbid cy pass\nbid dee 3",
        leader="dee",
        forced=forced,
    )
    rows = [(v.rule, v.player, v.trick, v.card) for v in only(log(bad, header=JOKER)).violations]
    assert rows == [("BE-FOLLOW", "bob", 1, "9d")]


def test_the_joker_without_the_option_is_not_in_the_deck() -> None:
    text = log(joker_hand(before=""))
    report = audit(text)
    rows = findings(report)
    # what dee really played to trick 1 the log does not say: the trick lacks dee's card, so
    # who won it (and led trick 2) is not known, and the hand is not scored (one finding)
    assert rows == [("L-CARD", "dee", 1, "joker", line_of(text, "dee joker"))]
    assert report.hands[0].settled is False
    assert "trick 1 lacks a card from dee" in (report.hands[0].unsettled or "")
    v = report.hands[0].violations[0]
    assert v.evidence.endswith("(the joker plays only with the `joker` option)")


def test_the_dealer_is_dealt_seven_with_the_joker() -> None:
    six = joker_hand(before="deal dee joker Ts Js Qs Ks As\n")
    text = log(six, header=JOKER)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.message) == ("L-COUNT", "dee", "dee was dealt 6 cards")
    assert v.evidence == "with the joker the dealer is dealt 7 cards and lays one aside"
    seven = joker_hand(before="deal ann Jh Ah Kh Qd Kd Ad 9s\n")
    (v,) = only(log(seven, header=JOKER)).violations  # ann did not deal: six
    assert (v.rule, v.player, v.message) == ("L-COUNT", "ann", "ann was dealt 7 cards")
    # without a discard line the dealer's seven are fine (the line is optional)
    assert only(log(joker_hand(before=f"{DEE_DEAL}\n"), header=JOKER)).violations == []


def test_a_card_laid_aside_and_played_later_is_not_held() -> None:
    # dee lays the 9♠ aside but plays it for her 10♠ (trick 2)
    body = joker_hand({**JOKER_DEALS, "dee": ["joker", "9s", "Js", "Qs", "Ks", "As"]})
    text = log(body, header=JOKER)
    rows = [(v.rule, v.player, v.trick, v.card) for v in only(text).violations]
    assert rows == [("L-NOT-HELD", "dee", 2, "9s")]
    v = only(text).violations[0]
    assert v.evidence == f"dee laid 9♠ aside (line {line_of(text, 'discard')}): it is out of play"
    # laid aside without the deal logged, and played by another player: the same
    other = joker_hand(before="discard dee Jc\n")
    rows = [(v.rule, v.player, v.card) for v in only(log(other, header=JOKER)).violations]
    assert rows == [("L-NOT-HELD", "bob", "Jc")]


def test_a_discard_by_a_player_who_did_not_deal_or_without_the_joker() -> None:
    text = log(joker_hand(before="discard bob 9s\n"), header=JOKER)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.trick, v.card) == ("L-COUNT", "bob", None, "9s")
    assert v.message == "bob laid 9♠ aside, but dee dealt"
    plain = {**JOKER_DEALS, "dee": ["9s", "Ts", "Js", "Qs", "Ks", "As"]}
    text = log(joker_hand(plain, before="discard dee 9s\n"))
    (v,) = only(text).violations  # one finding: the line is not used, so 9♠ stays dee's
    assert (v.rule, v.player, v.card) == ("L-COUNT", "dee", "9s")
    assert v.message == "dee laid 9♠ aside, but the house rules have no joker"


def test_a_discard_not_in_the_dealers_hand_and_a_second_discard() -> None:
    text = log(joker_hand(before=f"{DEE_DEAL}\ndiscard dee 9h\n"), header=JOKER)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.card, v.message) == (
        "L-NOT-HELD", "dee", "9h", "dee laid 9♥ aside, not in their hand"
    )  # fmt: skip
    twice = joker_hand(before=f"{DEE_DEAL}\ndiscard dee 9s\ndiscard dee Ts\n")
    text = log(twice, header=JOKER)
    (v,) = only(text).violations
    assert (v.rule, v.line) == ("L-DUPLICATE", line_of(text, "discard dee Ts"))


def test_the_joker_is_the_partners_best_trump_on_ask() -> None:
    deals = {p: cs for p, cs in JOKER_DEALS.items() if p != "cy"}
    deals["ann"] = ["Jh", "Ah", "Kh", "Qd", "Kd", "joker"]
    dee = ["Qh", "Ts", "Js", "Qs", "Ks", "As"]
    deals["dee"] = dee
    bids = "bid ann ask\nbid bob pass\nbid cy pass\nbid dee pass"
    # cy was dealt the joker and the Q♥... here cy sits out: give cy the joker
    cy = ["joker", "9c", "Tc", "Qc", "Kc", "Ac"]
    good = joker_hand(
        deals, bids=bids, before=f"deal cy {' '.join(cy)}\n", extra="exchange ann Ad cy joker"
    )
    assert only(log(good, header=JOKER)).violations == []
    deals["ann"] = ["Jh", "Ah", "Kh", "Qd", "Kd", "Ac"]
    bad = joker_hand(
        deals, bids=bids, before=f"deal cy {' '.join(cy)}\n", extra="exchange ann Ad cy Ac"
    )
    (v,) = only(log(bad, header=JOKER)).violations
    assert (v.rule, v.player, v.card) == ("BE-ASK-BEST", "cy", "Ac")
    assert "the joker (the highest trump)" in v.evidence


def test_on_ask_a_card_the_partner_laid_aside_is_not_theirs_to_give() -> None:
    # dee deals, lays the joker aside (odd, but hers to choose), and sits out on bob's ask:
    # her best trump is then J♥, of the six she kept
    deals = {
        "ann": ["9h", "9d", "Td", "Qd", "Kd", "Ad"],
        "bob": ["Jd", "Ah", "Kh", "Qh", "Th", "Jh"],  # after the exchange: A♠ for J♥
        "cy": ["9c", "Tc", "Jc", "Qc", "Kc", "Ac"],
    }
    before = "deal dee joker Jh 9s Ts Js Qs Ks\ndiscard dee joker\n"
    body = joker_hand(deals, BOB_ASK, "bob", before, extra="exchange bob As dee Jh")
    assert only(log(body, header=JOKER)).violations == []
    kept = joker_hand(
        deals, BOB_ASK, "bob", before.replace("joker\n", "9s\n"), extra="exchange bob As dee Jh"
    )
    (v,) = only(log(kept, header=JOKER)).violations  # had she kept it, it was her best
    assert (v.rule, v.player, v.card) == ("BE-ASK-BEST", "dee", "Jh")


# ============================================================================ ace no face

ACE = "option ace_no_face true"
NEXT = "dealer ann\nbid bob pass\nbid cy pass\nbid dee pass\nbid ann pass\n"


def test_an_ace_no_face_redeal_scores_nothing_and_passes_the_deal() -> None:
    body = "dealer dee\ndeal ann As 9s Td 9d Tc 9h\nredeal ann ace-no-face\n"
    body += "settle ann+cy 0 bob+dee 0\n"
    report = audit(log(body, NEXT, header=ACE))
    assert report.errors == []
    first, second = hands(report)
    assert first.violations == [] and second.violations == []  # ann deals hand 2
    assert (first.redeal, first.redeal_reason, first.points) == (
        True, "ace-no-face", {"ann+cy": 0, "bob+dee": 0}
    )  # fmt: skip
    assert first.record.verdict == "agrees" and first.settled
    # without the deal line the call cannot be checked
    assert only(log("dealer dee\nredeal ann ace-no-face\n", header=ACE)).violations == []


def test_ace_no_face_without_the_option() -> None:
    text = log("dealer dee\nredeal ann ace-no-face\n", NEXT)
    report = audit(text)
    assert findings(report) == [("BE-NO-FACE", "ann", None, None, line_of(text, "redeal"))]
    first = hands(report)[0]
    assert first.redeal and first.redeal_reason == "ace-no-face"  # a redeal all the same
    assert first.violations[0].message == (
        "ann called a redeal (ace no face), which the house rules do not allow"
    )
    assert hands(report)[1].violations == []  # ann's deal next: the rotation went on


@pytest.mark.parametrize(
    ("cards", "card", "message"),
    [
        ("As 9s Td 9d Kc 9h", "Kc", "ann called a redeal (ace no face) holding K♣"),
        ("Ts 9s Td 9d Tc 9h", None, "ann called a redeal (ace no face) without an ace"),
        ("Ts 9s Jd 9d Qc 9h", "Jd", "ann called a redeal (ace no face) without an ace and "
         "holding J♦, Q♣"),
    ],
)  # fmt: skip
def test_ace_no_face_with_a_hand_that_does_not_allow_it(
    cards: str, card: str | None, message: str
) -> None:
    text = log(f"dealer dee\ndeal ann {cards}\nredeal ann ace-no-face\n", header=ACE)
    (v,) = only(text).violations
    at = line_of(text, "redeal")
    assert (v.rule, v.player, v.trick, v.card, v.line) == ("BE-NO-FACE", "ann", None, card, at)
    assert v.message == message
    assert v.evidence.startswith(f"ann's deal (line {line_of(text, 'deal ann')}) holds ")
    assert v.evidence.endswith("the hand is still a redeal, since the table redealt")


def test_the_joker_is_no_face_card() -> None:
    text = log("dealer dee\ndeal dee joker As 9s Td 9d Tc 9h\nredeal dee ace-no-face\n",
               header=f"{ACE}\n{JOKER}")  # fmt: skip
    report = audit(text)
    assert report.errors == [] and findings(report) == []


def test_a_redeal_line_in_the_json_report_and_a_second_one() -> None:
    from referee.render.json import render_json
    from referee.report import Report

    text = log("dealer dee\nredeal ann ace-no-face\nredeal bob ace-no-face\n", header=ACE)
    report = audit(text)
    assert findings(report) == [("L-DUPLICATE", None, None, None, line_of(text, "redeal bob"))]
    doc = json.loads(render_json(Report([report])))
    (hand,) = doc["files"][0]["hands"]
    assert (hand["redeal"], hand["redeal_reason"], hand["points"]) == (
        True, "ace-no-face", {"ann+cy": 0, "bob+dee": 0}
    )  # fmt: skip
    passed = json.loads(
        render_json(Report([audit(log("dealer dee\n" + PASSES + "\nbid ann pass\n"))]))
    )
    assert passed["files"][0]["hands"][0]["redeal_reason"] == "all-pass"


# ============================================================================ redeal tricks


@pytest.mark.parametrize(
    "head",
    [
        "dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\n",
        "dealer dee\nredeal ann ace-no-face\n",
    ],
)
def test_a_redeals_tricks_are_one_count_fault_for_the_hand(head: str) -> None:
    tricks = "trick 1: ann 9d, bob 9c, cy Qc, dee Ad\ntrick 2: dee 9h, ann Jh, bob Qh, cy Kh\n"
    text = log(head + tricks, header=ACE)
    (v,) = only(text).violations
    assert (v.rule, v.player, v.trick, v.card, v.line) == (
        "L-COUNT", None, None, None, line_of(text, "trick 1")
    )  # fmt: skip
    assert v.message == "the hand was a redeal, but 2 tricks are logged"


# ============================================================================ the give-back


def ask_hand(exchange: str, deal_lines: str = "") -> str:
    """ann asks (hearts trump) and takes every trick; cy sits out."""
    deals = {
        "ann": ["Jh", "Jd", "Ah", "Kh", "Qh", "Qs"],
        "bob": ["9h", "As", "Ks", "Js", "Ts", "9s"],
        "dee": ["Ad", "Kd", "Qd", "Td", "9d", "Th"],
    }
    body = bid_hand(deals, bids="bid ann ask\n" + PASSES, extra=exchange)
    return body.replace("trump h\n", "trump h\n" + deal_lines)


def test_a_partner_who_hands_back_the_card_just_received() -> None:
    text = log(ask_hand("exchange ann Qs cy Qs"))
    hand = only(text)
    rows = [(v.rule, v.player, v.trick, v.card, v.line) for v in hand.violations]
    assert rows == [("BE-ASK-BEST", "cy", None, "Qs", line_of(text, "exchange"))]
    assert hand.violations[0].message == "cy handed back Q♠, the card ann had just given"
    assert any(c == "Qs" for t in hand.tricks for _, c in t.plays)  # ann plays it: no fault
    # with both deals logged: still one finding (not L-NOT-HELD for cy, nor a second one)
    deals = "deal ann Jh Jd Ah Kh Qh Qs\ndeal cy Tc 9c Jc Qc Kc Ac\n"
    text = log(ask_hand("exchange ann Qs cy Qs", deals))
    rows = [(v.rule, v.player, v.card) for v in only(text).violations]
    assert rows == [("BE-ASK-BEST", "cy", "Qs")]


def test_a_give_back_with_two_decks_needs_the_partners_deal() -> None:
    # with two decks dee may hand over a J♥ of her own: said only when her deal shows none
    body = double_hand(ASK_D, BOB_ASK, "bob", extra="exchange bob Jh dee Jh")
    assert only(log(body, header=DOUBLE)).violations == []  # dee's deal not logged
    text = log(_with_deals(body, {"dee": DEE_D}), header=DOUBLE)
    rows = [(v.rule, v.player, v.card) for v in only(text).violations]
    assert rows == [("BE-ASK-BEST", "dee", "Jh")]
    # dee dealt a J♥ of her own (her best trump): handing it over is right
    own = double_hand(ASK_C, BOB_ASK, "bob", extra="exchange bob Jh dee Jh")
    assert only(log(_with_deals(own, {"dee": DEE_C}), header=DOUBLE)).violations == []


def test_play_out_still_plays_six_tricks_by_default() -> None:
    assert len(play_out(JOKER_DEALS, "h", "ann")) == 6
