"""Per-rule cases for the Bourré play rules: a legal and an illegal play for every rule ID.

Each row gives the player's hand at the moment, the cards already in the trick, trump, the
options, and the card played; the expected result is the rule reported (or None: legal).
The position is judged exactly as the replay judges it: rules 1-3 first, then the cinch.
"""

from __future__ import annotations

import dataclasses

import pytest

from referee.cards import BOURRE_DECK
from referee.games.bourre.cinch import beatable_count, cinch_duty, cinch_view, equivalent_trumps
from referee.games.bourre.play import BIT, bits_of, table_of, trick_winner_index
from referee.games.bourre.rules import PlayContext, first_breach, legal_cards
from referee.options import BourreOptions

DEFAULT = BourreOptions()


def judge(
    hand: str,
    trick: str,
    card: str,
    *,
    trump: str = "s",
    won: int = 0,
    dead: str = "",
    last: bool = False,
    **options: object,
) -> str | None:
    """The rule ID the play breaks (None when legal)."""
    opts = dataclasses.replace(DEFAULT, **options)  # type: ignore[arg-type]
    cards = frozenset(hand.split())
    table = tuple(trick.split())
    assert card in cards
    legal = legal_cards(cards, table, trump, opts)
    view = cinch_view(won, cards, set(dead.split()) | set(), trump)
    cinch = view if opts.cinch and view.is_cinch else None
    duty_c = None
    if cinch is not None:
        duty_c = cinch_duty(
            bits_of(cards), table, trump, bits_of(legal), cinch.unseen, last, opts.cinch_last
        )
    position = table_of(table, trump)
    ctx = PlayContext("dee", card, cards, table, position, opts, 3, cinch, duty_c, {})
    breach = first_breach(ctx)
    return breach[0].id if breach else None


CASES = [
    # --- BR-FOLLOW
    ("follow: plays the led suit", "7h 3c Kd", "5h", "7h", {}, None),
    ("follow: off-suit while holding it", "7h 3c Kd", "5h", "3c", {}, "BR-FOLLOW"),
    ("follow: void, no trump, any card", "3c Kd", "5h", "3c", {}, None),
    ("follow: trump off-suit while holding led", "7h 2s", "5h", "2s", {}, "BR-FOLLOW"),
    # --- BR-HEAD
    ("head: beats the highest", "7h 4h", "5h", "7h", {}, None),
    ("head: low while able to beat", "7h 4h", "5h", "4h", {}, "BR-HEAD"),
    ("head: cannot beat, any of suit", "4h 3h", "5h", "3h", {}, None),
    ("head: must beat the highest, not the lead", "Th 9h", "5h Jh", "9h", {}, None),
    ("head: beats the lead only", "Qh 9h", "5h Jh", "9h", {}, "BR-HEAD"),
    ("head: off when head_trick false", "7h 4h", "5h", "4h", {"head_trick": False}, None),
    ("head after a trump: duty lapses", "9h 2h", "5h 3s", "2h", {}, None),
    (
        "head after a trump: head_when_trumped",
        "9h 2h",
        "5h 3s",
        "2h",
        {"head_when_trumped": True},
        "BR-HEAD",
    ),
    ("head: trump led, beat the highest trump", "9s 2s", "5s", "2s", {}, "BR-HEAD"),
    ("head: trump led, beats", "9s 2s", "5s", "9s", {}, None),
    ("head: trump led, cannot beat", "3s 2s", "5s 7s", "2s", {}, None),
    # --- BR-TRUMP
    ("trump: void plays a trump", "3c 2s", "5h", "2s", {}, None),
    ("trump: void keeps trumps back", "3c 2s", "5h", "3c", {}, "BR-TRUMP"),
    ("trump: must_trump off", "3c 2s", "5h", "3c", {"must_trump": False}, None),
    ("trump: discard while able to overtrump", "3c 9s", "5h 7s", "3c", {}, "BR-TRUMP"),
    # --- BR-OVERTRUMP
    ("overtrump: beats the trump", "2s 9s 3c", "5h 7s", "9s", {}, None),
    ("overtrump: under while able to beat", "2s 9s 3c", "5h 7s", "2s", {}, "BR-OVERTRUMP"),
    ("overtrump: must beat the highest trump", "8s Ts", "5h 7s 9s", "8s", {}, "BR-OVERTRUMP"),
    ("overtrump: off", "2s 9s", "5h 7s", "2s", {"must_overtrump": False}, None),
    ("undertrump: cannot beat, must trump", "2s 3c", "5h 7s", "3c", {}, "BR-TRUMP"),
    ("undertrump: cannot beat, trumps under", "2s 3c", "5h 7s", "2s", {}, None),
    (
        "undertrump off: cannot beat, any card",
        "2s 3c",
        "5h 7s",
        "3c",
        {"must_undertrump": False},
        None,
    ),
    (
        "undertrump off: still must overtrump when able",
        "2s 9s 3c",
        "5h 7s",
        "3c",
        {"must_undertrump": False},
        "BR-TRUMP",
    ),
    # --- leading: anything goes (before the cinch)
    ("lead: any card", "3c 2s 7h", "", "7h", {}, None),
]


@pytest.mark.parametrize(("name", "hand", "trick", "card", "opts", "expected"), CASES)
def test_play_rules(
    name: str, hand: str, trick: str, card: str, opts: dict[str, object], expected: str | None
) -> None:
    assert judge(hand, trick, card, **opts) == expected, name  # type: ignore[arg-type]


def test_legal_cards_agree_with_breaches() -> None:
    """A card is legal under rules 1-3 exactly when no rule 1-3 reports it."""
    for _, hand, trick, _, opts, _ in CASES:
        o = dataclasses.replace(DEFAULT, **opts)  # type: ignore[arg-type]
        legal = legal_cards(hand.split(), trick.split(), "s", o)
        for card in hand.split():
            got = judge(hand, trick, card, **opts)  # type: ignore[arg-type]
            assert (got is None) == (card in legal), (hand, trick, card, opts)


# ----------------------------------------------------------------------------- the cinch

CINCH_CASES = [
    # name, hand, trick, card, won, dead, last, expected
    ("cinch: A K Q of trumps leads the ace", "As Ks Qs 3c 4d", "", "As", 0, "", False, None),
    ("cinch: leads a plain card", "As Ks Qs 3c 4d", "", "3c", 0, "", False, "BR-CINCH"),
    ("cinch: K is equivalent to the A", "As Ks Qs 3c 4d", "", "Ks", 0, "", False, None),
    ("cinch: Q equivalent (K is own)", "As Ks Qs 3c 4d", "", "Qs", 0, "", False, None),
    # A Q J with the K unseen: c = 1, sure = won + 2; with one trick won it is a cinch
    ("cinch after a won trick: lead A", "As Qs Js 3c", "", "As", 1, "", False, None),
    (
        "cinch after a won trick: Q not equivalent",
        "As Qs Js 3c",
        "",
        "Qs",
        1,
        "",
        False,
        "BR-CINCH",
    ),
    ("no cinch before winning a trick", "As Qs Js 3c 4d", "", "3c", 0, "", False, None),
    ("equivalent once the K is dead", "As Qs Js 3c", "", "Qs", 1, "Ks", False, None),
    # following, not last, when trumps may be played: play the highest trump
    ("cinch follow: trump led, highest", "As Qs 9s 3c", "5s", "As", 2, "", False, None),
    ("cinch follow: trump led, low trump", "As Qs 9s 3c", "5s", "9s", 2, "", False, "BR-CINCH"),
    ("cinch follow: void, trumps with the A", "As Qs 3c", "5h", "As", 2, "", False, None),
    ("cinch follow: void, trumps low", "As Qs 3c", "5h", "Qs", 2, "", False, "BR-CINCH"),
    ("cinch follow: holds the led suit", "As Qs 3h", "5h", "3h", 2, "", False, None),
    (
        "cinch follow: under the K in the trick",
        "As Qs 3c",
        "5h Ks",
        "Qs",
        2,
        "",
        False,
        "BR-OVERTRUMP",
    ),
    # last to play: win if any legal card wins
    ("cinch last: wins", "As 3h 9h", "5h Th", "As", 3, "", True, "BR-FOLLOW"),
    ("cinch last: follows and wins", "Jh 3h 2s", "5h Th", "Jh", 3, "", True, None),
    ("cinch last: follows low, could win", "Jh 3h 2s", "5h Th", "3h", 3, "", True, "BR-HEAD"),
    ("cinch last: void, wins with any trump", "2s 3s 4c", "5h Th", "2s", 3, "", True, None),
    ("cinch last: cannot win, any legal", "3h 2h 2s", "5h Th", "2h", 3, "", True, None),
    (
        "cinch last: void, no head, must win",
        "9h 3h",
        "5h Th 2s",
        "3h",
        3,
        "",
        True,
        None,
    ),
    ("cinch option off", "As Ks Qs 3c 4d", "", "3c", 0, "", False, None),
]


@pytest.mark.parametrize(
    ("name", "hand", "trick", "card", "won", "dead", "last", "expected"), CINCH_CASES
)
def test_cinch(
    name: str,
    hand: str,
    trick: str,
    card: str,
    won: int,
    dead: str,
    last: bool,
    expected: str | None,
) -> None:
    opts: dict[str, object] = {"cinch": False} if name == "cinch option off" else {}
    got = judge(hand, trick, card, won=won, dead=dead, last=last, **opts)  # type: ignore[arg-type]
    assert got == expected, name


def test_cinch_last_to_play_must_win_when_following_cannot_head() -> None:
    # Trick trumped (2s), head duty lapsed: any heart is legal; 9h does not win (2s wins),
    # so no legal card wins: no cinch duty.
    assert judge("9h 3h", "5h Th 2s", "3h", won=3, last=True) is None
    # Trump led, last, holding a trump that wins: must win.
    assert judge("Qs 3s 4c", "5s 9s", "Qs", won=3, last=True) is None
    assert judge("Qs 3s 4c", "5s 9s", "3s", won=3, last=True, head_trick=False) == "BR-CINCH"


def test_a_trump_in_the_trick_between_two_held_breaks_their_equivalence() -> None:
    # Without must_overtrump any trump is legal. Holding A♥ J♥ T♥ with the Q♥ dead, the
    # K♥ already in this trick ranks between the A and the T: the T would lose where the A
    # wins, so it does not count as the highest. (It used to count as seen: the T passed
    # for the A and lost to the K.)
    hand, opts = "Ah Jh Th 3c", {"trump": "h", "won": 1, "dead": "Qh", "must_overtrump": False}
    assert judge(hand, "5d Kh", "Th", **opts) == "BR-CINCH"  # type: ignore[arg-type]
    assert judge(hand, "5d Kh", "Ah", **opts) is None  # type: ignore[arg-type]
    # With the K dead too (an earlier trick), the T is equivalent to the A.
    dead = {**opts, "dead": "Qh Kh"}
    assert judge(hand, "5d 4h", "Th", **dead) is None  # type: ignore[arg-type]
    # With the K unseen (and not in the trick) it is not.
    assert judge(hand, "5d 4h", "Th", **opts) == "BR-CINCH"  # type: ignore[arg-type]


def test_cinch_last_highest_wins_with_the_highest_trump() -> None:
    # Last to play, void in diamonds, holding A♠ and 9♠ with a cinch: either trump wins.
    hand, trick = "As 9s 3c", "5d 7d Jd"
    assert judge(hand, trick, "9s", won=2, last=True) is None  # cinch_last: win
    assert judge(hand, trick, "9s", won=2, last=True, cinch_last="highest") == "BR-CINCH"
    assert judge(hand, trick, "As", won=2, last=True, cinch_last="highest") is None
    # trumps may not be played (diamonds held): any winning card, under either reading
    assert judge("As 9s Qd", trick, "Qd", won=2, last=True, cinch_last="highest") is None
    # no trump wins (a higher one is in the trick): no duty to win
    assert judge("9s 8s 3c", "5d Ks", "8s", won=3, last=True, cinch_last="highest") is None


def test_beatable_count_is_a_maximum_matching() -> None:
    # Own A Q 9, unseen K J T: K beats Q (or 9), J beats 9, T beats 9 -> at most 2 (Q and 9).
    assert beatable_count(["As", "Qs", "9s"], ["Ks", "Js", "Ts"]) == 2
    # Own K Q, unseen A: one unseen trump beats at most one.
    assert beatable_count(["Ks", "Qs"], ["As"]) == 1
    # Own 2 3 4, unseen 5: beats one.
    assert beatable_count(["2s", "3s", "4s"], ["5s"]) == 1
    # Own A K Q: nothing unseen above.
    assert beatable_count(["As", "Ks", "Qs"], ["Js", "2s"]) == 0
    # Greedy order matters: own 5 and 9, unseen 6 and T: both beaten (6>5, T>9).
    assert beatable_count(["5s", "9s"], ["6s", "Ts"]) == 2


def test_sure_tricks_counts_won_tricks_and_safe_trumps() -> None:
    view = cinch_view(1, ["As", "Qs", "Js", "3c"], [], "s")
    assert view.trumps == ("As", "Qs", "Js")
    assert view.beatable == 1  # the K beats one of Q/J
    assert view.sure == 3 and view.is_cinch
    assert not cinch_view(0, ["As", "Qs", "Js"], [], "s").is_cinch


def test_equivalent_trumps() -> None:
    assert equivalent_trumps(["As", "Ks"], ["Qs"]) == {"As", "Ks"}
    assert equivalent_trumps(["As", "Qs"], ["Ks"]) == {"As"}
    assert equivalent_trumps(["As", "Qs", "2s"], ["3s"]) == {"As", "Qs"}


def test_the_bits_are_the_decks_cards() -> None:
    """The tricks admit a card by its bit (``BIT.get(card, 0)``): one bit each for the
    deck's cards and none for any other."""
    assert set(BIT) == set(BOURRE_DECK)
    assert len(set(BIT.values())) == len(BIT)


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("5h 9h Jh Ah", "s", 3),
        ("5h 9h 2s Ah", "s", 2),
        ("5h 9h 2s 3s", "s", 3),
        ("5h Ac Kd 6h", "s", 3),
        ("Kc Ac", "c", 1),
        ("Ac 2c", None, 0),
    ],
)
def test_trick_winner(cards: str, trump: str | None, winner: int) -> None:
    places = [BIT[card].bit_length() - 1 for card in cards.split()]
    assert trick_winner_index(places, trump) == winner


def test_the_rules_legal_cards_agree_with_an_independent_statement() -> None:
    """The legal cards the rules' predicates give agree with the independent statement of
    rules 1-3 in ``tests/simulate.py`` (which shares no code with the engine), on random
    positions under each combination of the options that change them."""
    import random

    from referee.cards import BOURRE_DECK
    from tests.simulate import legal_cards as independent

    rng = random.Random(5)
    deck = sorted(BOURRE_DECK)
    flags = ("head_trick", "head_when_trumped", "must_trump", "must_overtrump", "must_undertrump")
    for _ in range(4000):
        cards = rng.sample(deck, rng.randint(2, 9))
        cut = rng.randint(1, len(cards) - 1)
        hand, trick = cards[:cut], cards[cut:]
        trump = rng.choice("shdc")
        opts = dataclasses.replace(DEFAULT, **{f: rng.random() < 0.5 for f in flags})  # type: ignore[arg-type]
        plays = [(f"p{i}", c) for i, c in enumerate(trick)]
        expected = frozenset(independent(hand, plays, trump, opts))
        assert legal_cards(hand, trick, trump, opts) == expected, (hand, trick, trump, opts)
