"""Bourré variants and corrections of issue 14: announcing early, the cinch and whether the
stock may have run out, and the dealer who passes with an ace upcard.

Each case is a whole log judged through the real parser and engine (both lanes).
"""

from __future__ import annotations

from decimal import Decimal

from referee.report import BourreHandResult
from tests.bourre_helpers import audit_bourre, rules_of

HEAD = "game bourre\nplayers ann bob cy\n"


def _findings(hands: list[BourreHandResult]) -> list[tuple[str, str | None, int | None, int]]:
    return [(v.rule, v.player, v.trick, v.line) for h in hands for v in h.violations]


def _nets(hand: BourreHandResult) -> dict[str, int]:
    assert hand.payouts is not None
    return {p: int(v) for p, v in hand.payouts.items()}


# ----------------------------------------------------------------------------- announcing early

# cy deals: ann decides first, then bob, cy last. ann takes three tricks, bob and cy one.
PLAY = """trick 1: ann As, bob 2s, cy 3s
trick 2: ann Ks, bob 4s, cy 5s
trick 3: ann Qs, bob 6s, cy 7s
trick 4: ann 2c, bob Ac, cy 3c
trick 5: bob 2d, cy Ad, ann 3d
"""


def _hand(decisions: str, number: int = 1, dealer: str = "dealer cy\n", settle: str = "") -> str:
    return f"\nhand {number}\n{dealer}trump 9h\n{decisions}{PLAY}{settle}"


def test_in_turn_is_clean_and_early_is_found_on_the_early_line() -> None:
    in_turn = audit_bourre(HEAD + _hand("ann play\nbob play\ncy play\n"))
    assert _findings(in_turn) == []
    early = audit_bourre(HEAD + _hand("bob play\nann play\ncy play\n"))
    assert _findings(early) == [("BR-DECIDE-ORDER", "bob", None, 7)]
    (v,) = early[0].violations
    assert v.message == "bob announced before their turn"
    assert v.evidence.startswith("bob announced before ann (line 8), whose turn came first")
    # the dealer first: one finding, though both others came after
    last = audit_bourre(HEAD + _hand("cy play\nann play\nbob play\n"))
    assert _findings(last) == [("BR-DECIDE-ORDER", "cy", None, 7)]
    # each early player once
    both = audit_bourre(HEAD + _hand("cy play\nbob play\nann play\n"))
    assert _findings(both) == [
        ("BR-DECIDE-ORDER", "cy", None, 7),
        ("BR-DECIDE-ORDER", "bob", None, 8),
    ]


def test_decisions_not_written_and_simultaneous_decisions_are_not_judged() -> None:
    assert _findings(audit_bourre(HEAD + _hand("bob play\ncy play\n"))) == []
    text = HEAD + "option decisions simultaneous\n" + _hand("cy play\nbob play\nann play\n")
    assert _findings(audit_bourre(text)) == []


def test_without_a_known_dealer_the_order_is_not_judged() -> None:
    text = HEAD + _hand("bob play\nann play\ncy play\n", dealer="")
    assert [r for r, *_ in _findings(audit_bourre(text))] == ["L-MISSING"]


def test_an_early_announcement_costs_the_early_penalty_into_the_next_pot() -> None:
    text = HEAD + "option early_penalty 1\n" + _hand("bob play\nann play\ncy play\n")
    (hand,) = audit_bourre(text)
    # ann takes the pot of 3; bob pays 1 for announcing early, into the next pot
    assert _nets(hand) == {"ann": 2, "bob": -2, "cy": -1}
    assert hand.carry == Decimal(1) and hand.penalties == [("bob", Decimal(1))]
    recorded = "settle pot 3\nsettle ann wins 3\n"
    (ok,) = audit_bourre(text + recorded + "settle bob penalty 1\n")
    assert rules_of(ok) == ["BR-DECIDE-ORDER"]
    (missing,) = audit_bourre(text + recorded)
    assert rules_of(missing) == ["BR-DECIDE-ORDER", "BR-SETTLE-PENALTY"]
    (wrong,) = audit_bourre(text + recorded + "settle bob penalty 2\n")
    assert rules_of(wrong) == ["BR-DECIDE-ORDER", "BR-SETTLE-PENALTY"]


def test_with_no_early_penalty_a_penalty_line_for_0_is_not_wrong() -> None:
    text = HEAD + _hand("bob play\nann play\ncy play\n") + "settle ann wins 3\n"
    assert rules_of(audit_bourre(text)[0]) == ["BR-DECIDE-ORDER"]
    assert rules_of(audit_bourre(text + "settle bob penalty 0\n")[0]) == ["BR-DECIDE-ORDER"]
    assert rules_of(audit_bourre(text + "settle bob penalty 1\n")[0]) == [
        "BR-DECIDE-ORDER",
        "BR-SETTLE-PENALTY",
    ]


def test_the_early_player_loses_their_next_turn_to_deal_once() -> None:
    passes = "ann pass\nbob pass\ncy pass\n"
    rest = "".join(f"\nhand {n}\ntrump 2h\n{passes}" for n in (2, 3))
    hands = audit_bourre(HEAD + _hand("bob play\nann play\ncy play\n") + rest)
    # cy, then ann; bob's deal is skipped: cy again
    assert [h.dealer for h in hands] == ["cy", "ann", "cy"]
    # taking back an illegal card in the same hand still skips the deal once
    corrected = _hand("bob play\nann play\ncy play\n").replace("bob 6s", "bob 6s (was Ac)")
    hands = audit_bourre(HEAD + corrected + rest)
    assert rules_of(hands[0]) == ["BR-DECIDE-ORDER", "BR-FOLLOW"]
    assert [h.dealer for h in hands] == ["cy", "ann", "cy"]


# ----------------------------------------------------------------------------- the cinch

# ann throws the Q♥ and a club, and draws the J♥ and a club: she holds A♥ K♥ J♥ 3♣ 4♦ and
# leads a club. cy (the dealer) passes, so the upcard 4♥ is out of play.
CINCH = """game bourre
players ann bob cy

hand 1
dealer cy
trump 4h
ann play discard Qh 2c draw Jh 3c
{bob}cy pass
trick 1: ann 3c, bob 5c
trick 2: bob 6c, ann Jh
trick 3: ann Ah, bob {bob_trump}
trick 4: ann Kh, bob 7d
trick 5: ann 4d, bob 8s
"""


def test_own_discards_are_dead_while_the_stock_certainly_did_not_run_out() -> None:
    # bob kept his cards: the stock did not run out, so the Q♥ ann threw is dead. With it
    # dead, A♥ K♥ J♥ are three sure tricks: a cinch, and she had to lead her highest trump.
    (hand,) = audit_bourre(CINCH.format(bob="bob play\n", bob_trump="9s"))
    assert [(v.rule, v.player, v.trick, v.card) for v in hand.violations] == [
        ("BR-CINCH", "ann", 1, "3c")
    ]


def test_an_exchange_not_written_cannot_empty_the_stock_by_itself() -> None:
    # bob's exchange is not written: it counts as five cards (hand_size), and with ann's two
    # that leaves 30 of the 37 in the stock: it did not run out. So ann's discarded Q♥ is
    # out of play and bob cannot hold it (L-CARD). (The referee used to take the unwritten
    # exchange to have emptied the stock, and to find nothing.) Ann's line or bob's play is
    # the slip: what ann discarded, and so her cinch, is not judged on it.
    (hand,) = audit_bourre(CINCH.format(bob="", bob_trump="Qh"))
    (card,) = hand.violations
    assert (card.rule, card.player, card.trick, card.card) == ("L-CARD", "bob", 3, "Qh")
    assert card.evidence == "ann discarded it"  # (placed with ann only while the stock lasts)
    assert hand.winner == "ann" and hand.tricks_won == {"ann": 4, "bob": 1}


# ----------------------------------------------------------------------------- the ace dealer


def test_a_dealer_passing_with_an_ace_upcard_costs_nothing_by_itself() -> None:
    text = HEAD + (
        "\nhand 1\ndealer cy\ntrump Ah\nann play\nbob play\ncy pass\n"
        "trick 1: ann As, bob 2s\ntrick 2: ann Ks, bob 4s\ntrick 3: ann Qs, bob 6s\n"
        "trick 4: ann 2c, bob Ac\ntrick 5: bob Ad, ann 3d\n"
    )
    (flagged,) = audit_bourre(text)
    assert [(v.rule, v.player, v.card) for v in flagged.violations] == [
        ("BR-ACE-DEALER", "cy", "Ah")
    ]
    (allowed,) = audit_bourre(text + "option dealer_plays_ace false\n".replace("option", "#"))
    # settled on the decisions as logged: cy passed and pays the ante only
    assert _nets(flagged) == {"ann": 2, "bob": -1, "cy": -1}
    assert flagged.carry == 0 and flagged.winner == "ann"
    (off,) = audit_bourre(text, dealer_plays_ace=False)
    assert off.violations == [] and _nets(off) == _nets(flagged)
    del allowed
