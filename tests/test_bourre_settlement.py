"""Settlement worked examples (bourre.md steps 1-7), each a whole log replayed end to end."""

from __future__ import annotations

from decimal import Decimal

from tests.bourre_helpers import audit_bourre, money, rules_of

HEADER = "game bourre\nplayers ann bob cy dee eve\n"

# ann 3, bob 1, cy 1, dee 0; eve (the dealer) passes. Nobody holds a heart (trump).
HAND_3110 = """
hand {n}
dealer eve
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
"""

# ann 2, bob 2, cy 1, dee 0: a tie, and dee is bourré.
HAND_2210 = """
hand {n}
dealer eve
trump 9h
eve pass
trick 1: ann As, bob 2s, cy 3s, dee 4s
trick 2: ann Ks, bob 5s, cy 6s, dee 7s
trick 3: ann 2c, bob Ac, cy 4c, dee 5c
trick 4: bob Ad, cy 4d, dee 6d, ann 2d
trick 5: bob 3d, cy Kd, dee 8d, ann 3c
"""

# ann takes all five: bob, cy and dee are bourré.
HAND_5000 = """
hand {n}
dealer eve
trump 9h
eve pass
trick 1: ann As, bob 2s, cy 4s, dee 6s
trick 2: ann Ks, bob 3s, cy 5s, dee 7s
trick 3: ann Ac, bob 2c, cy 4c, dee 6c
trick 4: ann Kc, bob 3c, cy 5c, dee 7c
trick 5: ann Ad, bob 2d, cy 3d, dee 4d
"""


def test_three_one_one_nothing_with_a_pass() -> None:
    (hand,) = audit_bourre(HEADER + HAND_3110.format(n=1))
    assert rules_of(hand) == []
    assert hand.tricks_won == {"ann": 3, "bob": 1, "cy": 1, "dee": 0}
    assert hand.pot == 5 and hand.winner == "ann" and hand.carry == 5
    assert money(hand.payouts) == {"ann": 4, "bob": -1, "cy": -1, "dee": -6, "eve": -1}


def test_bourre_player_is_exempt_from_the_next_ante() -> None:
    text = HEADER + HAND_3110.format(n=1) + HAND_3110.format(n=2).replace("dealer eve", "")
    # hand 2's deal passes to ann; rewrite it so the same cards work: ann deals, eve passes.
    text = text.replace("hand 2\n", "hand 2\ndealer ann\n")
    _first, second = audit_bourre(text)
    assert second.antes == ["ann", "bob", "cy", "eve"]
    assert second.pot == 9  # 5 carried + 4 antes
    assert "L-DEALER" not in rules_of(second)


def test_tie_with_a_bourre() -> None:
    (hand,) = audit_bourre(HEADER + HAND_2210.format(n=1))
    assert rules_of(hand) == []
    assert hand.tricks_won == {"ann": 2, "bob": 2, "cy": 1, "dee": 0}
    assert hand.winner is None
    assert hand.carry == 10  # the pot of 5 carries, dee pays 5 into it
    assert money(hand.payouts) == {"ann": -1, "bob": -1, "cy": -1, "dee": -6, "eve": -1}


def test_tied_players_and_bourre_are_exempt_next_hand() -> None:
    text = HEADER + HAND_2210.format(n=1) + "\nhand 2\ndealer ann\nann pass\nbob pass\ncy pass\n"
    text += "dee pass\neve pass\ntrump 2h\n"
    _, second = audit_bourre(text)
    assert second.antes == ["cy", "eve"]
    assert second.pot == 12


def test_three_bourres() -> None:
    (hand,) = audit_bourre(HEADER + HAND_5000.format(n=1))
    assert rules_of(hand) == []
    assert hand.bourre == {"bob": 5, "cy": 5, "dee": 5}
    assert money(hand.payouts) == {"ann": 4, "bob": -6, "cy": -6, "dee": -6, "eve": -1}
    assert hand.carry == 15


def test_limit_caps_bourre_but_not_the_winner() -> None:
    (hand,) = audit_bourre(HEADER + "option limit 3\n" + HAND_5000.format(n=1))
    assert hand.took == 5
    assert money(hand.payouts) == {"ann": 4, "bob": -4, "cy": -4, "dee": -4, "eve": -1}
    assert hand.carry == 9


def test_limit_caps_the_winner_too() -> None:
    text = HEADER + "option limit 3\noption limit_caps_winner true\n" + HAND_5000.format(n=1)
    (hand,) = audit_bourre(text)
    assert hand.took == 3
    assert money(hand.payouts) == {"ann": 2, "bob": -4, "cy": -4, "dee": -4, "eve": -1}
    assert hand.carry == 11  # 2 left in the pot + three bourrés of 3


def test_one_player_left_in_takes_the_pot_without_play() -> None:
    text = (
        HEADER + "hand 1\ndealer eve\ntrump 9h\nann play\nbob pass\ncy pass\ndee pass\neve pass\n"
    )
    (hand,) = audit_bourre(text)
    assert rules_of(hand) == []
    assert hand.winner == "ann" and hand.pot == 5 and hand.carry == 0
    assert money(hand.payouts) == {"ann": 4, "bob": -1, "cy": -1, "dee": -1, "eve": -1}


def test_everyone_passes_carry_and_dealer() -> None:
    body = "hand 1\ndealer eve\ntrump 9h\nann pass\nbob pass\ncy pass\ndee pass\neve pass\n"
    (hand,) = audit_bourre(HEADER + body)
    assert hand.winner is None and hand.carry == 5
    (hand,) = audit_bourre(HEADER + "option all_pass dealer\n" + body)
    assert hand.winner == "eve" and hand.carry == 0
    assert money(hand.payouts)["eve"] == 4


def test_double_ante() -> None:
    (hand,) = audit_bourre(HEADER + "option double_ante true\n" + HAND_3110.format(n=1))
    assert hand.pot == 9  # five antes and four second antes
    assert money(hand.payouts) == {"ann": 7, "bob": -2, "cy": -2, "dee": -11, "eve": -1}
    assert hand.carry == 9


def test_double_ante_ignores_exemptions() -> None:
    text = HEADER + "exempt ann\noption double_ante true\n" + HAND_3110.format(n=1)
    (hand,) = audit_bourre(text)
    assert hand.antes == ["ann", "bob", "cy", "dee", "eve"]


def test_header_pot_and_exempt() -> None:
    text = HEADER + "pot 7\nexempt bob cy\n" + HAND_3110.format(n=1)
    (hand,) = audit_bourre(text)
    assert hand.antes == ["ann", "dee", "eve"]
    assert hand.pot == 10
    assert money(hand.payouts) == {"ann": 9, "bob": 0, "cy": 0, "dee": -11, "eve": -1}


# ann holds A K Q of spades (trump): a cinch from the start, and leads a club instead.
RENEGE_BY_LEADER = """
hand 1
dealer eve
trump 2s
eve pass
trick 1: ann 2c, bob Ac, cy 4c, dee 5c
trick 2: bob 2d, cy 3d, dee 4d, ann As
trick 3: ann Ks, bob 8h, cy Th, dee Qh
trick 4: ann Qs, bob 9h, cy Jh, dee Kh
trick 5: ann 3c, bob 6c, cy 7c, dee 8c
"""


def test_renege_by_the_trick_leader() -> None:
    (hand,) = audit_bourre(HEADER + RENEGE_BY_LEADER)
    assert rules_of(hand) == ["BR-CINCH"]
    v = hand.violations[0]
    assert (v.player, v.trick, v.card) == ("ann", 1, "2c")
    assert hand.tricks_won == {"ann": 3, "bob": 1, "cy": 0, "dee": 1}
    assert hand.winner is None  # the reneger took most tricks: nobody wins
    assert hand.reneges == [("ann", Decimal(5))]
    assert money(hand.payouts) == {"ann": -6, "bob": -1, "cy": -6, "dee": -1, "eve": -1}
    assert hand.carry == 15


def test_renege_penalty_none() -> None:
    (hand,) = audit_bourre(HEADER + "option renege_penalty none\n" + RENEGE_BY_LEADER)
    assert hand.reneges == []
    assert money(hand.payouts)["ann"] == -1


def test_corrected_renege_costs_nothing_but_is_reported() -> None:
    text = HEADER + HAND_3110.format(n=1).replace("dee 5c", "dee 5c (was 7d)")
    (hand,) = audit_bourre(text)
    assert [(v.rule, v.player, v.trick, v.card, v.corrected) for v in hand.violations] == [
        ("BR-FOLLOW", "dee", 4, "7d", True)
    ]
    assert hand.reneges == []
    assert money(hand.payouts) == {"ann": 4, "bob": -1, "cy": -1, "dee": -6, "eve": -1}


# bob takes three tricks; in trick 1 he first puts down the 2♣ while holding spades.
HAND_BOB_RETRACTS = """
hand 1
dealer eve
trump 9h
eve pass
trick 1: ann 2s, bob As (was 2c), cy 3s, dee 4s
trick 2: bob Ks, cy 5s, dee 6s, ann 7s
trick 3: bob Qs, cy 8s, dee 9s, ann Ts
trick 4: bob 2c, cy Ac, dee 3c, ann 4c
trick 5: cy 2d, dee Ad, ann 3d, bob 4d
"""


def test_a_reneger_who_corrected_cannot_take_the_pot() -> None:
    (hand,) = audit_bourre(HEADER + HAND_BOB_RETRACTS)
    assert [(v.rule, v.player, v.card, v.corrected) for v in hand.violations] == [
        ("BR-FOLLOW", "bob", "2c", True)
    ]
    assert hand.tricks_won == {"ann": 0, "bob": 3, "cy": 1, "dee": 1}
    assert hand.winner is None
    assert hand.reneges == []  # corrected: no renege payment
    assert hand.carry == 10  # the pot of 5 stays, ann pays 5 bourré
    assert money(hand.payouts) == {"ann": -6, "bob": -1, "cy": -1, "dee": -1, "eve": -1}


def test_taking_back_an_illegal_card_skips_the_next_deal_once() -> None:
    hand1 = HAND_3110.format(n=1).replace("dee 5c", "dee 5c (was 7d)")
    seats = ["ann", "bob", "cy", "dee", "eve"]

    def passes(dealer: str) -> str:  # everyone passes, in turn from the dealer's left
        i = seats.index(dealer)
        return "".join(f"{p} pass\n" for p in seats[i + 1 :] + seats[: i + 1]) + "trump 2h\n"

    dealers = ((2, "ann"), (3, "bob"), (4, "cy"), (5, "eve"), (6, "ann"))
    text = HEADER + hand1
    for n, dealer in dealers:
        text += f"\nhand {n}\ndealer {dealer}\n" + passes(dealer)
    hands = audit_bourre(text)
    assert [rules_of(h) for h in hands[1:]] == [[], [], [], [], []]
    # without the dealer lines the referee expects the same rotation
    text = HEADER + hand1 + "".join(f"\nhand {n}\n" + passes(d) for n, d in dealers)
    assert [h.dealer for h in audit_bourre(text)] == ["eve", "ann", "bob", "cy", "eve", "ann"]


def test_money_sums_to_the_change_in_the_pot() -> None:
    for body in (HAND_3110, HAND_2210, HAND_5000, RENEGE_BY_LEADER):
        (hand,) = audit_bourre(HEADER + body.format(n=1))
        assert sum(hand.payouts.values()) == -(hand.carry - 0)


def test_double_ante_pot_unknown_when_the_log_contradicts_who_played() -> None:
    # ann's line says pass, yet she has a card in every trick: the second antes (one a
    # player in) are not known, so neither is the pot; the table's `settle pot` is taken.
    tricks = "".join(
        f"trick {n}: bob {b}, cy {c}, ann {a}\n"
        for n, (b, c, a) in enumerate(
            [
                ("Ac", "2c", "3c"),
                ("Ad", "2d", "3d"),
                ("Ah", "2h", "3h"),
                ("Kc", "4c", "5c"),
                ("Kd", "4d", "5d"),
            ],
            start=1,
        )
    )
    log = (
        "game bourre\nplayers ann bob cy\noption double_ante true\n\nhand 1\ndealer cy\n"
        "trump 9s\nann pass\nbob play\ncy play\n" + tricks
    )
    (hand,) = audit_bourre(log)
    assert not hand.settled
    assert hand.pot is None
    (hand,) = audit_bourre(log + "settle pot 6\n")
    assert not hand.settled
    assert hand.pot == Decimal(6)


def test_result_fields_keep_the_order_the_engine_gives_them_in() -> None:
    """The session makes a settled hand's result with every field given in order (a class
    called with keywords is handed a dict): a field moved in ``referee.report`` must be
    moved there too."""
    from dataclasses import fields

    from referee.report import BourreHandResult

    assert [f.name for f in fields(BourreHandResult)] == [
        "number", "line", "dealer", "trump", "upcard", "violations", "claims", "payouts",
        "pot", "winner", "carry", "active", "tricks_won", "antes", "took", "bourre",
        "reneges", "penalties", "recorded", "tricks", "result", "settled", "unsettled",
        "record",
    ]  # fmt: skip
