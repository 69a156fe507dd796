"""Bourré play as the rules read it: the trick so far, a hand as a set of bits, and who wins
a trick.

The rules themselves, each a predicate ("may I play this card?") and its explanation ("why
not?"), are in :mod:`referee.games.bourre.rules`, which derives the legal cards from them.
Nothing here judges a logged play. Cards are strings (see :mod:`referee.cards`); a hand is
also an ``int`` of bits, one per card (:data:`BIT`), so that "holds a card of this suit
above that one" is one ``&`` of two numbers (the tables are built once, at import).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from referee.cards import BOURRE_DECK, RANK_VALUE, SUITS


def value(card: str) -> int:
    """A-high rank strength of a card (2..14)."""
    return RANK_VALUE.get(card[0], 0)


#: card -> (its suit, its value).
SUIT_VALUE: Final[dict[str, tuple[str, int]]] = {
    card: (card[-1], RANK_VALUE[card[0]]) for card in BOURRE_DECK
}
#: card -> its bit in a hand's ``int``.
BIT: Final[dict[str, int]] = {
    rank + suit: 1 << (13 * s + RANK_VALUE[rank] - 2)
    for s, suit in enumerate(SUITS)
    for rank in RANK_VALUE
}
#: suit -> its cards' bits.
SUIT_BITS: Final[dict[str, int]] = {suit: 0x1FFF << (13 * s) for s, suit in enumerate(SUITS)}
#: suit -> value (0..14) -> the bits of the suit's cards above that value.
ABOVE: Final[dict[str, tuple[int, ...]]] = {
    suit: tuple(
        sum(BIT[rank + suit] for rank, v in RANK_VALUE.items() if v > above) for above in range(15)
    )
    for suit in SUITS
}


def bits_of(cards: Iterable[str]) -> int:
    """A hand as bits (cards off the deck have none)."""
    bits = 0
    for card in cards:
        bits |= BIT.get(card, 0)
    return bits


#: bit number -> its card (see :data:`BIT`).
_CARD_OF_BIT: Final[tuple[str, ...]] = tuple(sorted(BIT, key=lambda card: BIT[card].bit_length()))


#: bit number -> its card's suit and value (see :data:`SUIT_VALUE`).
_SUIT_VALUE_OF_BIT: Final[tuple[tuple[str, int], ...]] = tuple(
    SUIT_VALUE[card] for card in _CARD_OF_BIT
)


def cards_of(bits: int) -> frozenset[str]:
    """The cards of a hand given as bits (see :func:`bits_of`): one step a card held."""
    cards: list[str] = []
    while bits:
        low = bits & -bits
        cards.append(_CARD_OF_BIT[low.bit_length() - 1])
        bits ^= low
    return frozenset(cards)


def highest_of_suit(cards: Iterable[str], suit: str) -> str | None:
    """The highest card of ``suit`` among ``cards``, or None."""
    best: str | None = None
    for card in cards:
        if card[-1] == suit and (best is None or value(card) > value(best)):
            best = card
    return best


class Table:
    """The trick so far, as rules 1-3 read it: the suit ``led`` (``""`` when the player
    leads) and its cards' bits ``led_bits`` (0 before the lead: "holds the suit led" is one
    ``&``), the ``top`` value of that suit on the table, the top trump's value (0: none),
    whether a plain lead was ``trumped`` (with the trump unknown, a card off the suit led
    may have been a trump), the ``trump`` (None: unknown) and its cards' bits
    ``trump_bits`` (0: unknown; "is a trump" is one ``&`` of a card's bit).

    (A plain class: one is made for every card played, and a compiled module makes a plain
    class's objects in C, where a named tuple's are made in Python.)"""

    __slots__ = ("led", "led_bits", "top", "top_trump", "trump", "trump_bits", "trumped")

    def __init__(
        self,
        led: str,
        led_bits: int,
        top: int,
        top_trump: int,
        trumped: bool,
        trump: str | None,
        trump_bits: int,
    ) -> None:
        self.led = led
        self.led_bits = led_bits
        self.top = top
        self.top_trump = top_trump
        self.trumped = trumped
        self.trump = trump
        self.trump_bits = trump_bits


def empty_table(trump: str | None) -> Table:
    """The table before a trick's lead."""
    return Table("", 0, 0, 0, False, trump, SUIT_BITS.get(trump, 0) if trump is not None else 0)


def table_after(table: Table, bit: int) -> Table:
    """The table once the card of ``bit`` (see :data:`BIT`) is played to it: ``table``
    itself where the card changes nothing (a table is never changed once made). (The bit,
    not the card: a play carries it, and looking the card string up in :data:`SUIT_VALUE`
    took some 260 instructions a card, 4 M over 1,722 hands, compiled.)"""
    suit, rank = _SUIT_VALUE_OF_BIT[bit.bit_length() - 1]
    led, trump = table.led, table.trump
    if not led:
        top_trump = rank if suit == trump else 0
        return Table(suit, SUIT_BITS[suit], rank, top_trump, False, trump, table.trump_bits)
    top, top_trump, trumped = table.top, table.top_trump, table.trumped
    if suit == led:
        if rank > top:
            top = rank
    elif trump is None or suit == trump:
        trumped = True
    if suit == trump and rank > top_trump:
        top_trump = rank
    trumped = trumped and led != trump
    if top == table.top and top_trump == table.top_trump and trumped == table.trumped:
        return table  # (a card that changes nothing the rules read: no table made)
    return Table(led, table.led_bits, top, top_trump, trumped, trump, table.trump_bits)


def table_of(cards: Sequence[str], trump: str | None) -> Table:
    """The table once ``cards`` are played to it, lead first."""
    table = empty_table(trump)
    for card in cards:
        table = table_after(table, BIT[card])
    return table


def trick_winner_index(places: list[int], trump: str | None) -> int | None:
    """Index in ``places`` (the cards played, lead first, each as its bit's number: see
    :data:`BIT`) of the card that takes the trick (highest trump, else highest of the suit
    led; of two equal cards the first), or None for an empty trick."""
    if not places:
        return None
    strength = _STRENGTH[trump][places[0] // 13]
    best, top = 0, -1
    for i in range(len(places)):
        bid = strength[places[i]]
        if bid > top:
            best, top = i, bid
    return best


#: trump (None: unknown) -> suit led (its place in SUITS) -> a card's bit number (see
#: :data:`BIT`) -> how strongly the card bids for the trick: a trump above any card of the
#: suit led, which is above any other card (0). (Indexed by bit number, not keyed by card:
#: the plays carry their bits, and looking a card string up took some 1,500 instructions a
#: trick, 8.3 M over 1,722 hands, compiled. A bit number, not the bit: Python keeps the
#: numbers below 257 made, where a list of bits made an int object a card.)
_STRENGTH: Final[dict[str | None, tuple[tuple[int, ...], ...]]] = {
    trump: tuple(
        tuple(
            RANK_VALUE[card[0]] + (20 if card[-1] == trump else 0)
            if card[-1] in (trump, led)
            else 0
            for card in _CARD_OF_BIT
        )
        for led in SUITS
    )
    for trump in (*SUITS, None)
}
