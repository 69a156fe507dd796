"""Bourré verdicts that must come from what the log shows, never from a guess about what it
does not show: an exchange it does not size, an early line that breaks another rule too,
a trick line it could not read, and a dealer's pass it only presumes.

Each case is a whole log judged through the real parser and engine, with the exact
findings (rule, player, trick, card, line), whether the hand is settled and its money; where
a rule is concerned, a legal and an illegal case.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.audit import audit_text
from referee.report import BourreHandResult
from tests.bourre_helpers import audit_bourre, money

Finding = tuple[str, str | None, int | None, str | None, int]


def _findings(hand: BourreHandResult) -> list[Finding]:
    return [(v.rule, v.player, v.trick, v.card, v.line) for v in hand.violations]


def _one(text: str) -> BourreHandResult:
    (hand,) = audit_bourre(text)
    return hand


# ----------------------------------------------------------------------- an unsized exchange

# Six players, no deal lines: the stock is 52 - 30 = 22 cards. ann throws the Q♥ and a club
# and draws the J♥ and a club: she holds A♥ K♥ J♥ 3♣ 4♦, and with the Q♥ her own discard
# and the upcard 4♥ out (flo, the dealer, passes), no unseen trump beats any of hers: three
# sure tricks, a cinch, and she must lead her highest trump. bob plays; {bob} is his line.
SIX = """game bourre
players ann bob cy dee eve flo

hand 1
dealer flo
trump 4h
ann play discard Qh 2c draw Jh 3c
{bob}cy pass
dee pass
eve pass
flo pass
{tricks}settle pot 6
{settle}"""

CINCH_BROKEN = """trick 1: ann 3c, bob 5c
trick 2: bob 6c, ann Jh
trick 3: ann Ah, bob 9s
trick 4: ann Kh, bob 7d
trick 5: ann 4d, bob 8s
"""
CINCH_KEPT = """trick 1: ann Ah, bob 5c
trick 2: ann Kh, bob 6c
trick 3: ann Jh, bob 9s
trick 4: ann 3c, bob 7d
trick 5: ann 4d, bob 8s
"""
# what the table recorded: ann reneged, so nobody wins; she pays the pot
RECORD_RENEGE = "settle split\nsettle ann renege 6\n"


@pytest.mark.parametrize(
    "bob",
    ["", "bob play\n", "bob play discard 3\n", "bob play discard 5\n"],
    ids=["no-decision-line", "play", "discard-3", "discard-5"],
)
def test_an_exchange_the_log_does_not_size_does_not_empty_a_stock_of_22(bob: str) -> None:
    line = 13 if bob else 12  # trick 1
    # Whatever bob drew (at most 5 cards, or as written), 2 + 5 < 22: the stock did not run
    # out, ann's Q♥ is dead, and the cinch she could see is judged. The table recorded the
    # renege: the record agrees (it used to be "recorded but not owed", and the cinch missed).
    text = SIX.format(bob=bob, tricks=CINCH_BROKEN, settle=RECORD_RENEGE)
    hand = _one(text)
    assert _findings(hand) == [("BR-CINCH", "ann", 1, "3c", line)]
    assert hand.settled and hand.winner is None and hand.pot == 6
    assert hand.reneges == [("ann", Decimal(6))] and hand.carry == 12
    assert money(hand.payouts or {}) == {
        "ann": -7, "bob": -1, "cy": -1, "dee": -1, "eve": -1, "flo": -1
    }  # fmt: skip
    assert hand.record.verdict == "agrees"


@pytest.mark.parametrize("bob", ["", "bob play discard 3\n"], ids=["no-decision-line", "discard-3"])
def test_the_same_cinch_led_with_the_highest_trump_is_clean(bob: str) -> None:
    # ann takes all five tricks and the pot; bob, bourré, pays 6 into the next pot
    text = SIX.format(bob=bob, tricks=CINCH_KEPT, settle="settle ann wins 6\nsettle bob bourre 6\n")
    hand = _one(text)
    assert _findings(hand) == []
    assert hand.settled and hand.winner == "ann" and hand.carry == 6
    assert money(hand.payouts or {}) == {
        "ann": 5, "bob": -7, "cy": -1, "dee": -1, "eve": -1, "flo": -1
    }  # fmt: skip
    assert hand.record.verdict == "agrees"


# Eight players: the stock is 52 - 40 = 12 cards. ann's exchange is 2 cards; bob plays her
# discarded Q♥ in trick 3, which he can hold only if the stock ran out and the dealer dealt
# her discards again. {lines}: the decisions of bob, cy and dee, who all play.
EIGHT = """game bourre
players ann bob cy dee eve flo gus hal

hand 1
dealer hal
trump 4h
ann play discard Qh 2c draw Jh 3c
{lines}eve pass
flo pass
gus pass
hal pass
trick 1: ann 3c, bob 5c, cy 6c, dee 7c
trick 2: dee 8c, ann Jh, bob 9c, cy Tc
trick 3: ann Ah, bob Qh, cy 2h, dee 3h
trick 4: ann Kh, bob 7d, cy 8d, dee 9d
trick 5: ann 4d, bob 8s, cy Jd, dee Qd
"""


@pytest.mark.parametrize(
    "lines",
    ["", "bob play discard 5\ncy play discard 5\ndee play discard 1\n"],
    ids=["three-unsized", "sized-13"],
)
def test_a_stock_the_exchanges_may_have_emptied_lets_discards_come_back(lines: str) -> None:
    # 2 + 5 + 5 + 5 = 17, or 2 + 5 + 5 + 1 = 13 as written: more than 12, so the stock may
    # have run out: ann's Q♥ may have been dealt to bob (no L-CARD), it is unseen and beats
    # her J♥, and she holds no cinch. ann takes three tricks and the pot of 8.
    hand = _one(EIGHT.format(lines=lines))
    assert _findings(hand) == []
    assert hand.settled and hand.winner == "ann" and hand.tricks_won["ann"] == 3
    assert money(hand.payouts or {}) == {
        "ann": 7, "bob": -9, "cy": -9, "dee": -1, "eve": -1, "flo": -1, "gus": -1, "hal": -1
    }  # fmt: skip


def test_exchanges_that_cannot_empty_the_stock_keep_discards_dead() -> None:
    # 2 + 5 + 5 + 0 = 12 as written: the stock is exactly used up, not run out. bob's Q♥ is
    # ann's discard (L-CARD). Ann's line or bob's play is the slip: what ann discarded, and
    # so her cinch, is not judged on it (it was: BR-CINCH, and nobody won); ann wins.
    hand = _one(EIGHT.format(lines="bob play discard 5\ncy play discard 5\ndee play\n"))
    assert _findings(hand) == [("L-CARD", "bob", 3, "Qh", 17)]
    assert hand.violations[0].evidence == "ann discarded it"
    assert hand.settled and hand.winner == "ann" and hand.carry == 16
    assert money(hand.payouts or {}) == {
        "ann": 7, "bob": -9, "cy": -9, "dee": -1, "eve": -1, "flo": -1, "gus": -1, "hal": -1
    }  # fmt: skip


# ----------------------------------------------------------------- announcing early, and more

THREE = "game bourre\nplayers ann bob cy\noption early_penalty 1\n"
# cy deals: ann decides first, then bob, cy last. ann takes three tricks, bob two.
PLAYED = """trick 1: ann As, bob 2s
trick 2: ann Ks, bob 4s
trick 3: ann Qs, bob 6s
trick 4: ann 2c, bob Ac
trick 5: bob Ad, ann 3d
settle pot 3
settle ann wins 3
"""


def _ace_hand(decisions: str, penalty: str = "") -> str:
    return f"{THREE}\nhand 1\ndealer cy\ntrump Ah\n{decisions}{PLAYED}{penalty}"


def test_an_early_pass_with_an_ace_upcard_is_both_faults_and_pays_the_penalty() -> None:
    # cy, the dealer, passes with the A♥ up, and says so first: BR-ACE-DEALER and
    # BR-DECIDE-ORDER on the same line (the penalty used to be charged with no finding).
    hand = _one(_ace_hand("cy pass\nann play\nbob play\n", "settle cy penalty 1\n"))
    assert _findings(hand) == [
        ("BR-ACE-DEALER", "cy", None, "Ah", 8),
        ("BR-DECIDE-ORDER", "cy", None, None, 8),
    ]
    assert hand.penalties == [("cy", Decimal(1))] and hand.carry == 1
    assert money(hand.payouts or {}) == {"ann": 2, "bob": -1, "cy": -2}
    assert hand.record.verdict == "agrees"
    # the penalty not recorded: the record is wrong
    missing = _one(_ace_hand("cy pass\nann play\nbob play\n"))
    assert [v.rule for v in missing.violations] == [
        "BR-ACE-DEALER", "BR-DECIDE-ORDER", "BR-SETTLE-PENALTY"
    ]  # fmt: skip


def test_a_pass_with_an_ace_upcard_in_turn_is_one_fault_and_no_penalty() -> None:
    hand = _one(_ace_hand("ann play\nbob play\ncy pass\n"))
    assert _findings(hand) == [("BR-ACE-DEALER", "cy", None, "Ah", 10)]
    assert hand.penalties == [] and hand.carry == 0
    assert money(hand.payouts or {}) == {"ann": 2, "bob": -1, "cy": -1}
    # a penalty recorded for it is not owed
    recorded = _one(_ace_hand("ann play\nbob play\ncy pass\n", "settle cy penalty 1\n"))
    assert [v.rule for v in recorded.violations] == ["BR-ACE-DEALER", "BR-SETTLE-PENALTY"]


def test_an_early_line_that_draws_wrong_is_both_faults() -> None:
    # bob throws two and draws one, and says so before ann, whose turn came first
    text = _ace_hand("bob play discard 7c 8c draw 4s\nann play\ncy pass\n").replace(
        "trump Ah", "trump 9h"
    )
    hand = _one(text.replace("settle pot 3\nsettle ann wins 3\n", ""))
    assert [(r, p, line) for r, p, _, _, line in _findings(hand)] == [
        ("BR-DRAW", "bob", 8),
        ("BR-DECIDE-ORDER", "bob", 8),
    ]
    assert hand.penalties == [("bob", Decimal(1))]


# ------------------------------------------------------------------- an unreadable trick line

# Eight players, every deal written: the stock is 12 cards. ann, bob and cy play with no
# decision line; each keeps one card and draws four, as far as the four readable tricks
# show: 12 cards, the whole stock. cy plays the 2♥, which dee was dealt and folded.
UNREAD = """game bourre
players ann bob cy dee eve flo gus hal

hand 1
dealer hal
deal ann 3s Ac Kc Qc Jc
deal bob 6s Tc 8c 7c 6c
deal cy 4c 3c Ad Kd Qd
deal dee 2h Jd Td 8d 6d
deal eve 4d 3d Ah Kh Qh
deal flo Jh Th 8h 7h 6h
deal gus 4h 3h Js Ts 9s
deal hal 7s 5s 4s 2s 7d
trump 7d
{cy}dee pass
eve pass
flo pass
gus pass
hal pass
trick 1: ann 3s, bob 6s, cy 8s
trick 2: cy 2h, ann 5h, bob 9h
trick 3: bob 2c, cy 5c, ann 9c
trick 4: ann 2d, bob 5d, cy 9d
trick 5: cy As, ann Ks, bob {last}
"""


def _unread(cy: str = "", last: str = "Q") -> str:
    return UNREAD.format(cy=cy, last=last)


def test_an_unreadable_trick_may_hide_draws_that_emptied_the_stock() -> None:
    # Trick 5 cannot be read: each player's fifth card may have been a draw too (15 > 12),
    # so the stock may have run out and dee's folded 2♥ may have been dealt to cy: no L-CARD.
    report = audit_text(_unread())
    assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", 24)]
    (hand,) = report.hands
    assert isinstance(hand, BourreHandResult)
    assert _findings(hand) == []
    assert not hand.settled and hand.payouts is None
    assert hand.unsettled == "line 24 could not be read; 4 of 5 tricks logged (trick 5 missing)"


def test_the_trick_read_shows_the_stock_ran_out() -> None:
    # The same hand with trick 5 readable: cy drew all five, 4 + 4 + 5 = 13 > 12.
    hand = _one(_unread(last="Qs"))
    assert _findings(hand) == [] and hand.settled and hand.winner == "cy"


def test_an_unreadable_trick_hides_nothing_of_exchanges_written_out() -> None:
    # The exchanges are written (four cards each): 4 + 4 + 4 = 12 whatever trick 5 held, the
    # stock did not run out, and the 2♥ dee folded cannot be cy's.
    sized = "ann play discard 4\nbob play discard 4\ncy play discard 4\n"
    report = audit_text(_unread(cy=sized))
    assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", 27)]
    (hand,) = report.hands
    assert isinstance(hand, BourreHandResult)
    assert _findings(hand) == [("L-CARD", "cy", 2, "2h", 24)]
    assert hand.violations[0].evidence == "dee was dealt it and folded"
    assert not hand.settled


# ------------------------------------------------------------- a dealer's pass only presumed

ACE = "game bourre\nplayers ann bob cy\n\nhand 1\ndealer cy\ntrump Ah\n"


def test_a_presumed_pass_the_record_contradicts_is_not_judged() -> None:
    # No decision line, no trick: the table has cy take the pot, so cy may have played
    # alone. The hand is not settled for it, and the ace dealer is not judged on that guess.
    hand = _one(ACE + "settle pot 3\nsettle cy wins 3\n")
    assert _findings(hand) == []
    assert not hand.settled and hand.payouts is None
    assert hand.unsettled == (
        "cy has no decision line, and the table recorded cy as taking the pot: whether cy "
        "played is not in the log"
    )


def test_a_hand_with_no_decision_and_no_trick_does_not_show_the_dealer_passed() -> None:
    # cy may have been the one who stayed in (a lone player's hand has no trick): the money
    # follows the log's rule (nobody played: the pot carries), the ace dealer is not judged.
    hand = _one(ACE)
    assert _findings(hand) == []
    assert hand.settled and hand.winner is None and hand.carry == 3


@pytest.mark.parametrize(
    ("decisions", "line"),
    [
        ("ann play\nbob pass\ncy pass\n", 9),  # a pass line
        ("ann play\n", 6),  # ann alone in: cy did not play (on the trump line)
    ],
    ids=["pass-line", "presumed-with-ann-alone"],
)
def test_a_pass_the_log_shows_is_judged(decisions: str, line: int) -> None:
    hand = _one(ACE + decisions)
    assert _findings(hand) == [("BR-ACE-DEALER", "cy", None, "Ah", line)]
    assert hand.settled and hand.winner == "ann"


def test_a_pass_shown_by_the_tricks_is_judged_and_a_dealer_who_plays_is_clean() -> None:
    tricks = PLAYED.replace("settle pot 3\nsettle ann wins 3\n", "")
    shown = _one(ACE + tricks)  # cy has no card in any trick: cy passed
    assert _findings(shown) == [("BR-ACE-DEALER", "cy", None, "Ah", 6)]
    # bob and cy play (bob leads): the same cards, ann's played by bob and bob's by cy
    moved = tricks.replace("bob", "CY").replace("ann", "bob").replace("CY", "cy")
    played = _one(ACE + "ann pass\nbob play\ncy play\n" + moved)
    assert _findings(played) == [] and played.winner == "bob"


def test_an_unreadable_line_where_the_dealer_would_play_does_not_show_a_pass() -> None:
    # ann alone in, no trick; the line after could not be read: it may have been cy's `play`
    # (then tricks were due), so cy's pass is not shown.
    report = audit_text(ACE + "ann play\ncy plya discard 2\n")
    assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", 8)]
    (hand,) = report.hands
    assert isinstance(hand, BourreHandResult)
    assert _findings(hand) == [] and not hand.settled


# ------------------------------------------------------------- a dealer line that is unread

# Hand 2's dealer line cannot be read (it meant bob). The rotation gives ann, and under her
# the decisions would be out of turn (bob, cy, ann); under bob they are in turn.
DEALER_UNREAD = """game bourre
players ann bob cy

hand 1
dealer cy
trump 2h
ann pass
bob pass
cy pass

hand 2
{line}
trump 9h
cy play
ann play
bob pass
trick 1: cy As, ann 2s
trick 2: cy Ks, ann 4s
trick 3: cy Qs, ann 6s
trick 4: cy 2c, ann Ac
trick 5: ann Ad, cy 3d

hand 3
dealer bob
trump 3h
cy pass
ann pass
bob pass
"""


def test_what_follows_from_an_unreadable_dealer_line_is_not_judged() -> None:
    # The order of the decisions and the first lead follow from who dealt, which the log
    # does not show: not judged (the hand is not settled). The deal goes on by the rotation.
    report = audit_text(DEALER_UNREAD.format(line="dealer: 8ob"))
    assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", 12)]
    _, two, three = report.hands
    assert isinstance(two, BourreHandResult) and isinstance(three, BourreHandResult)
    assert _findings(two) == [] and not two.settled and two.dealer == "ann"
    assert _findings(three) == [] and three.dealer == "bob"


def test_with_the_dealer_shown_the_order_is_judged() -> None:
    # The unreadable line is a settle line: the rotation's dealer (ann) stands, and cy and
    # ann announced before bob, whose turn came first.
    report = audit_text(DEALER_UNREAD.format(line="settle pot five"))
    assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", 12)]
    two = report.hands[1]
    assert isinstance(two, BourreHandResult)
    assert _findings(two) == [
        ("BR-DECIDE-ORDER", "cy", None, None, 14),
        ("BR-DECIDE-ORDER", "ann", None, None, 15),
    ]
    # (each loses their next turn to deal; after ann the deal is bob's either way)
    assert report.hands[2].dealer == "bob"
    # and with the dealer line read: bob dealt (a slip against the rotation's ann); under
    # bob the decisions are in turn, so nothing is early under both dealers
    read = audit_bourre(DEALER_UNREAD.format(line="dealer bob"))
    assert [(v.rule, v.line) for v in read[1].violations] == [("L-DEALER", 12)]


# ------------------------------------------------------------ a claim on a hand not all shown

CLAIMS = """game bourre
players ann bob cy

hand 1
dealer cy
trump 9h
ann play
bob play
cy pass
trick 1: ann As, bob 2s
trick 2: ann Ks, bob 4s
trick 3: ann Qs, bob {card}
trick 4: ann 2c, bob Ac
trick 5: bob Ad, ann 3d
claim cy renege bob trick 3
claim cy renege ann
"""


def test_a_claim_is_not_answered_with_what_the_log_does_not_show() -> None:
    # Trick 3 cannot be read: the claims are not upheld (no illegal play is shown), and the
    # reasons say what the log shows, not that bob played nothing or that all was legal.
    report = audit_text(CLAIMS.format(card="6"))
    (hand,) = report.hands
    gap = "line 12 could not be read; 4 of 5 tricks logged (trick 3 missing)"
    assert [(c.against, c.ruling, c.reason) for c in hand.claims] == [
        ("bob", "rejected", f"the log shows no card of bob's in trick 3 ({gap})"),
        (
            "ann",
            "rejected",
            "no card ann played that the log shows in this hand was illegal: A♠ (trick 1), "
            f"K♠ (trick 2), 2♣ (trick 4), 3♦ (trick 5); the log does not show the whole hand "
            f"({gap}), so not every play is judged",
        ),
    ]
    # trick 3 read: every card is judged
    (read,) = audit_bourre(CLAIMS.format(card="6s"))
    assert [(c.ruling, c.reason) for c in read.claims] == [
        ("rejected", "every card bob played in trick 3 was legal: 6♠ (trick 3)"),
        (
            "rejected",
            "every card ann played in this hand was legal: A♠ (trick 1), K♠ (trick 2), "
            "Q♠ (trick 3), 2♣ (trick 4), 3♦ (trick 5)",
        ),
    ]
    # and an illegal play shown is upheld (bob held the 6♠ and played a club)
    text = CLAIMS.format(card="5c").replace("trick 4: ann 2c, bob Ac", "trick 4: ann 2c, bob 6s")
    (upheld,) = audit_bourre(text)
    assert [(c.against, c.ruling) for c in upheld.claims] == [
        ("bob", "upheld"),
        ("ann", "rejected"),
    ]
