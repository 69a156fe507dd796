"""Bid Euchre's cheap checks agree with the full computation they stand for.

The replay judges following suit with :func:`may_play`, on what the player held as bits
(worked out only for a card off the led suit), and looks cards up in :func:`card_facts`'
tables rather than calling :func:`effective_suit` and :func:`card_strength` for each play.
A slip in either would miss a renege or accuse a legal play, so each is compared here with
the rule written out in full (``_full_legal``, ``_full_winner``), on random positions drawn
from every deck (one deck, two decks, the joker), every trump, with the bowers and the joker
led and held; and whole hands of random plays, legal or not, some put down and taken back,
are judged and must give exactly the BE-FOLLOW findings the full rule gives. The replay's
"in turn?" (:meth:`TrickReplay._in_turn`, one look-up per card) stands for the full L-TURN
rule (:func:`referee.games.logchecks.turn_faults`, which both games share): hands with
tricks written in random order are judged with it and with the full rule every time, and
must give the same findings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import BOURRE_DECK, EUCHRE_DECK, JOKER, SUITS
from referee.games.euchre.deck import Deck
from referee.games.euchre.replay import TrickReplay
from referee.games.euchre.rules import (
    card_facts,
    card_strength,
    effective_suit,
    hand_bits,
    left_bower,
    legal_cards,
    may_play,
    right_bower,
    trick_winner,
)
from tests.euchre_builders import PLAYERS, judge, log
from tests.fuzzing import shuffled_tricks

DECKS = (Deck(), Deck(copies=2), Deck(joker=True))


def _cards_of(deck: Deck) -> list[str]:
    return sorted(EUCHRE_DECK) * deck.copies + ([JOKER] if deck.joker else [])


def _full_legal(hand: Sequence[str], led: str, trump: str) -> set[str]:
    """The rule in full: the cards of the led (effective) suit when any is held, else all."""
    following = {c for c in hand if effective_suit(c, trump) == led}
    return following or set(hand)


def _full_winner(plays: Sequence[tuple[str, str]], trump: str, deck: Deck) -> str | None:
    """Who takes a trick, by :func:`card_strength` called for each card: the highest, the
    first of equals, cards outside the deck never."""
    valid = [(p, c) for p, c in plays if deck.has(c)]
    if not valid:
        return None
    led = effective_suit(valid[0][1], trump)
    best_player, best_card = valid[0]
    for player, card in valid[1:]:
        if card_strength(card, led, trump) > card_strength(best_card, led, trump):
            best_player, best_card = player, card
    return best_player


def test_the_tables_are_the_rules_answers() -> None:
    for trump in (*SUITS, None):
        facts = card_facts(trump)
        assert facts is card_facts(trump)  # made once
        for card in (*BOURRE_DECK, JOKER):
            assert facts.suit[card] == effective_suit(card, trump)
        for card in (*EUCHRE_DECK, JOKER):  # (a card off the deck never wins a trick)
            for led in (*SUITS, ""):
                assert facts.strength[led][card] == card_strength(card, led, trump)
            assert hand_bits([card]) & facts.suit_bits[facts.suit[card]]
        assert sum(facts.suit_bits.values()) == hand_bits((*EUCHRE_DECK, JOKER))  # each once


@settings(max_examples=600, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(DECKS), st.sampled_from(SUITS))
def test_may_play_is_the_full_rule(rng: random.Random, deck: Deck, trump: str) -> None:
    cards = _cards_of(deck)
    hand = rng.sample(cards, rng.randint(1, deck.hand_size))
    # the lead: often a bower or the joker, the cards whose suit is not their printed one
    tricky = [right_bower(trump), left_bower(trump), *([JOKER] if deck.joker else [])]
    lead = rng.choice(tricky) if rng.random() < 0.4 else None
    led = effective_suit(lead or rng.choice(cards), trump)
    facts = card_facts(trump)
    full = _full_legal(hand, led, trump)
    assert legal_cards(hand, led, trump) == full
    every = hand_bits(cards)  # (a hand holding every suit)
    for card in hand:
        assert may_play(card, hand_bits(hand), led, facts) == (card in full), (card, hand, led)
        if effective_suit(card, trump) == led:  # the cheap answer: whatever the hand holds
            assert may_play(card, every, led, facts)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(DECKS), st.sampled_from(SUITS))
def test_trick_winner_is_the_full_rule(rng: random.Random, deck: Deck, trump: str) -> None:
    pool = [*_cards_of(deck), "2h", "8c", JOKER]  # (cards outside some decks never win)
    plays = [(p, rng.choice(pool)) for p in PLAYERS[: rng.randint(0, 4)]]
    assert trick_winner(plays, trump, deck) == _full_winner(plays, trump, deck)


def _random_hand(rng: random.Random, deck: Deck) -> tuple[str, list[tuple[str, str, str]]]:
    """One hand of random plays (legal or not), its log body, and each (player, trick, card,
    whether taken back) that the full rule finds a renege."""
    trump = rng.choice(SUITS)
    cards = _cards_of(deck)
    rng.shuffle(cards)
    size = deck.hand_size
    hands = {p: cards[size * i : size * (i + 1)] for i, p in enumerate(PLAYERS)}
    legal_bias = rng.random()
    lines = ["dealer dee", "bid ann 3", f"trump {trump}"]
    expected: list[tuple[str, str, str]] = []
    leader = "ann"
    for number in range(1, deck.tricks + 1):
        start = PLAYERS.index(leader)
        plays: list[tuple[str, str]] = []
        written: list[str] = []
        led: str | None = None
        for player in PLAYERS[start:] + PLAYERS[:start]:
            held = hands[player]
            legal = sorted(_full_legal(held, led, trump)) if led else held
            card = rng.choice(legal if rng.random() < legal_bias else held)
            back = None
            others = [c for c in held if c != card]
            if led and others and rng.random() < 0.15:  # put down first, then taken back
                back = rng.choice(others)
            for put, corrected in ((back, "taken back"), (card, "played")):
                if put is not None and led is not None and put not in _full_legal(held, led, trump):
                    expected.append((player, str(number), f"{put} {corrected}"))
            held.remove(card)
            plays.append((player, card))
            written.append(f"{player} {card}" + (f" (was {back})" if back else ""))
            led = led or effective_suit(card, trump)
        lines.append(f"trick {number}: " + ", ".join(written))
        winner = _full_winner(plays, trump, deck)
        assert winner is not None
        leader = winner
    return "\n".join(lines) + "\n", expected


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(DECKS))
def test_the_replay_finds_the_reneges_the_full_rule_finds(rng: random.Random, deck: Deck) -> None:
    body, expected = _random_hand(rng, deck)
    options = {"deck": "double"} if deck.copies == 2 else {"joker": deck.joker}
    (result,) = judge(log(body), **options)
    found = [
        (v.player, str(v.trick), f"{v.card} {'taken back' if v.corrected else 'played'}")
        for v in result.violations
        if v.rule == "BE-FOLLOW"
    ]
    assert sorted(found) == sorted(expected), body


def _out_of_order(rng: random.Random, body: str) -> str:
    """``body`` with the plays of some trick lines shuffled, now and then one left out
    or one player's card given twice (what a careless scorer writes)."""
    return shuffled_tricks(rng, body, 0.4, doubled=0.1)


def test_in_turn_agrees_with_the_full_turn_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = 0
    for seed in range(120):
        rng = random.Random(seed)
        deck = DECKS[seed % len(DECKS)]
        body = _out_of_order(rng, _random_hand(rng, deck)[0])
        options = {"deck": "double"} if deck.copies == 2 else {"joker": deck.joker}
        cheap = judge(log(body), **options)
        with monkeypatch.context() as m:
            m.setattr(TrickReplay, "_in_turn", lambda self, seen: False)
            full = judge(log(body), **options)
        assert [r.violations for r in cheap] == [r.violations for r in full], body
        turns += sum(v.rule == "L-TURN" for r in full for v in r.violations)
    assert turns > 50  # (the shuffled tricks do have cards out of turn to find)
