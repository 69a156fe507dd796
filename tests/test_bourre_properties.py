"""Properties of the Bourré oracle (:mod:`referee.simulate`) and of the referee's money.

The oracle must be trustworthy before its verdicts can judge the referee: its hands must be
physically possible (one deck, the upcard, turn order, five tricks), its rules 1-3 must agree
with its own rule classification, and its settlement must balance. The referee's money must
balance too: every hand's payouts sum to minus the change in the pot.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import BOURRE_DECK
from referee.options import BourreOptions
from tests.bourre_helpers import audit_bourre
from tests.simulate import (
    ILLEGAL_RULES,
    ExpectedHand,
    GeneratedSession,
    _settle,
    classify_play,
    generate_session,
    legal_cards,
    random_options,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(derandomize=True, max_examples=40, deadline=None)
DECK = sorted(BOURRE_DECK)


def _session(seed: int, hands: int) -> GeneratedSession:
    rng = random.Random(seed)
    return generate_session(rng, hands=hands, options=random_options(rng))


# ----------------------------------------------------------------------------- the oracle


@FAST
@given(seed=SEEDS)
def test_generation_is_reproducible(seed: int) -> None:
    """The same seed gives the same log and the same expectations."""
    a = _session(seed, hands=3)
    b = _session(seed, hands=3)
    assert a.text == b.text
    assert a.hands == b.hands


def _check_physical(hand: ExpectedHand, players: tuple[str, ...], size: int) -> None:
    dealt = [c for p in players for c in hand.dealt[p]]
    assert len(dealt) == len(set(dealt)) == size * len(players)
    assert set(dealt) <= BOURRE_DECK
    assert all(len(hand.dealt[p]) == size for p in players)
    assert hand.dealt[hand.dealer][-1] == hand.upcard and hand.upcard[1] == hand.trump
    n = len(players)
    d = players.index(hand.dealer)
    order = [players[(d + 1 + i) % n] for i in range(n)]
    assert hand.active == [p for p in order if p in hand.active]
    if len(hand.active) < 2:
        assert hand.tricks == []
        return
    assert len(hand.tricks) == size
    played = [c for trick in hand.tricks for _, c, _ in trick]
    assert len(played) == len(set(played)) == size * len(hand.active)
    leader = hand.active[0]
    wins = dict.fromkeys(hand.active, 0)
    for trick in hand.tricks:
        who = [p for p, _, _ in trick]
        i = hand.active.index(leader)
        assert who == hand.active[i:] + hand.active[:i]
        lead = trick[0][1][1]
        best = trick[0]
        for play in trick[1:]:
            c, b = play[1], best[1]
            if (c[1] == hand.trump and (b[1] != hand.trump or _v(c) > _v(b))) or (
                c[1] == lead == b[1] and _v(c) > _v(b)
            ):
                best = play
        leader = best[0]
        wins[leader] += 1
        for _, card, back in trick:
            assert back is None or back != card
    assert wins == hand.tricks_won


def _v(card: str) -> int:
    return "23456789TJQKA".index(card[0])


@FAST
@given(seed=SEEDS)
def test_generated_hands_are_physical(seed: int) -> None:
    """One deck, the dealer's last card up, turn order, each winner leads the next trick."""
    gen = _session(seed, hands=6)
    for hand in gen.hands:
        _check_physical(hand, gen.players, gen.options.hand_size)


@FAST
@given(seed=SEEDS, rule=st.sampled_from(ILLEGAL_RULES), corrected=st.booleans())
def test_injection_makes_exactly_one_renege(seed: int, rule: str, corrected: bool) -> None:
    """``illegal=RULE`` gives one expected violation of that rule, in a hand with play."""
    rng = random.Random(seed)
    options = BourreOptions(hand_size=4 if seed % 3 == 0 else 5)
    gen = generate_session(rng, hands=3, options=options, illegal=rule, corrected=corrected)
    found = [(h, v) for h in gen.hands for v in h.violations]
    assert len(found) == 1
    hand, v = found[0]
    assert (v.rule, v.corrected) == (rule, corrected)
    assert v.player in hand.active and 1 <= v.trick <= options.hand_size
    trick = hand.tricks[v.trick - 1]
    [play] = [p for p in trick if p[0] == v.player]
    assert (play[2] == v.card) if corrected else (play[1] == v.card)
    assert hand.took_back == ([v.player] if corrected else [])
    assert hand.winner != v.player or len(hand.active) < 2


@settings(derandomize=True, max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=2, max_size=12, unique=True),
    split=st.integers(1, 7),
    trump=st.sampled_from("shdc"),
    seed=SEEDS,
)
def test_legal_cards_agree_with_classification(
    cards: list[str], split: int, trump: str, seed: int
) -> None:
    """A card is legal under rules 1-3 exactly when it breaks none of them."""
    rng = random.Random(seed)
    options = random_options(rng)
    split = min(split, len(cards) - 1)
    played, hand = cards[:split], cards[split:]
    trick = [(f"p{i}", c) for i, c in enumerate(played)]
    legal = legal_cards(hand, trick, trump, options)
    assert legal
    for card in hand:
        broken = classify_play(card, hand, trick, trump, options)
        assert (broken is None) == (card in legal), (card, hand, trick, trump, options)


def test_settlement_follows_the_spec_example() -> None:
    """bourre.md: Ann 3, Bob 1, Cy 1, Dee 0, Eve passes; then Dee skips the ante."""
    seats = ("ann", "bob", "cy", "dee", "eve")
    won = {"ann": 3, "bob": 1, "cy": 1, "dee": 0}
    active = ["ann", "bob", "cy", "dee"]
    m = _settle(seats, BourreOptions(), Decimal(0), frozenset(), "eve", active, won, [])
    assert (m.pot, m.winner, m.carry) == (5, "ann", 5)
    assert m.payouts == {"ann": 4, "bob": -1, "cy": -1, "dee": -6, "eve": -1}
    assert m.exempt_next == {"dee"}
    nxt = _settle(seats, BourreOptions(), m.carry, m.exempt_next, "ann", [], {}, [])
    assert nxt.pot == 9


def test_settlement_of_a_lone_reneger_with_most_tricks() -> None:
    """A reneger alone with most tricks takes nothing; the standing renege pays the pot."""
    seats = ("ann", "bob", "cy")
    won = {"ann": 3, "bob": 2, "cy": 0}
    o = BourreOptions(limit=Decimal(2))
    m = _settle(seats, o, Decimal(0), frozenset(), "cy", list(seats), won, [("ann", False)])
    assert m.winner is None and m.pot == 3
    assert m.bourre == {"cy": 2} and m.reneges == [("ann", 2)]
    assert m.carry == 3 + 2 + 2
    assert m.payouts == {"ann": -3, "bob": -1, "cy": -3}
    taken_back = _settle(seats, o, Decimal(0), frozenset(), "cy", list(seats), won, [("ann", True)])
    assert taken_back.winner is None and taken_back.reneges == []


@FAST
@given(seed=SEEDS)
def test_oracle_money_balances(seed: int) -> None:
    """Oracle: payouts sum to carry_in - carry; each hand starts with the last carry."""
    gen = _session(seed, hands=8)
    carry = gen.header_pot or Decimal(0)
    totals = dict.fromkeys(gen.players, Decimal(0))
    for hand in gen.hands:
        assert hand.carry_in == carry
        assert sum(hand.payouts.values(), Decimal(0)) == hand.carry_in - hand.carry
        assert hand.pot >= hand.carry_in and hand.carry >= 0
        for p, net in hand.payouts.items():
            totals[p] += net
        assert totals == hand.totals
        carry = hand.carry


# ----------------------------------------------------------------------------- the referee


@FAST
@given(seed=SEEDS, rule=st.sampled_from((None, *ILLEGAL_RULES)), corrected=st.booleans())
def test_referee_money_balances(seed: int, rule: str | None, corrected: bool) -> None:
    """Referee: each hand's payouts sum to minus the change in the pot (carry - carry_in)."""
    rng = random.Random(seed)
    options = random_options(rng) if rule is None else BourreOptions(limit=Decimal(4))
    gen = generate_session(rng, hands=6, options=options, illegal=rule, corrected=corrected)
    carry = gen.header_pot or Decimal(0)
    for result in audit_bourre(gen.text):
        assert sum(result.payouts.values(), Decimal(0)) == -(result.carry - carry), gen.text
        carry = result.carry


@FAST
@given(seed=SEEDS, detail=st.sampled_from(("mixed", "full", "plays-only")))
def test_referee_reads_every_generated_log(seed: int, detail: str) -> None:
    """Every generated log parses without a read error, one result per hand."""
    rng = random.Random(seed)
    gen = generate_session(rng, hands=4, options=random_options(rng), detail=detail)
    assert len(audit_bourre(gen.text)) == 4  # audit_bourre asserts no read errors
