"""Cards as short normalised strings.

A card is the string ``rank + suit``: rank one of ``A K Q J T 9 8 7 6 5 4 3 2`` and suit one of
``s h d c`` (``"Th"``, ``"As"``, ``"2c"``), or the string ``"joker"``. Strings are cheap to hash,
compare and print, which matters when a batch replays millions of plays.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("s", "h", "d", "c")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
JOKER = "joker"

#: rank letter -> strength, 2 = 2 ... A = 14.
RANK_VALUE: dict[str, int] = {r: i + 2 for i, r in enumerate(RANKS)}

SUIT_SYMBOL: dict[str, str] = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAME: dict[str, str] = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SINGULAR: dict[str, str] = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}

_SUIT_ALIASES: dict[str, str] = {
    "s": "s",
    "h": "h",
    "d": "d",
    "c": "c",
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
    "spades": "s",
    "hearts": "h",
    "diamonds": "d",
    "clubs": "c",
    "spade": "s",
    "heart": "h",
    "diamond": "d",
    "club": "c",
}
_RANK_ALIASES: dict[str, str] = {r.lower(): r for r in RANKS} | {"10": "T"}

BOURRE_DECK: frozenset[str] = frozenset(r + s for r in RANKS for s in SUITS)
EUCHRE_DECK: frozenset[str] = frozenset(
    r + s for r in ("9", "T", "J", "Q", "K", "A") for s in SUITS
)


def parse_suit(text: str) -> str | None:
    """The suit letter for a suit word or symbol (``hearts``, ``♥``, ``h``), or None."""
    return _SUIT_ALIASES.get(text.strip().lower())


def parse_card(text: str) -> str | None:
    """Normalise card text (``10d``, ``td``, ``Q♠``, ``JOKER``) to ``Td``/``Qs``/``joker``.

    Returns None when the text is not a card. Any rank/suit combination is accepted here;
    whether the card belongs to the game's deck is for the engine to judge.
    """
    t = text.strip().lower()
    if t == JOKER:
        return JOKER
    if len(t) < 2:
        return None
    suit = _SUIT_ALIASES.get(t[-1])
    rank = _RANK_ALIASES.get(t[:-1])
    if suit is None or rank is None:
        return None
    return rank + suit


def suit_of(card: str) -> str:
    """The printed suit letter of a card (``"h"`` for ``"Th"``); ``""`` for the joker."""
    return "" if card == JOKER else card[-1]


def pretty(card: str) -> str:
    """The card with a suit symbol, for people: ``4♦``, ``10♠``."""
    if card == JOKER:
        return "joker"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOL[card[1]]


def suit_word(suit: str) -> str:
    """Plural suit name for messages (``"diamonds"``)."""
    return SUIT_NAME.get(suit, suit)
