"""The Bid Euchre deck as the house options make it: which cards, how many copies of each,
how many cards a player is dealt, how many tricks a hand has and how high the bids go.

- ``deck: single`` (the default): 24 cards (9 to A of each suit), six each, six tricks,
  numbered bids 3 to 6.
- ``deck: double``: each of the 24 cards twice (48), twelve each, twelve tricks, numbered
  bids to 12.
- ``joker`` (single deck only): a 25th card, the joker; the dealer is dealt seven cards and
  lays one aside before the bidding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from referee.cards import EUCHRE_DECK, JOKER
from referee.games.euchre.options import EuchreOptions

#: The cards of a deck without and with the joker (asked of every card dealt and played).
_CARDS: Final = EUCHRE_DECK
_CARDS_AND_JOKER: Final = EUCHRE_DECK | {JOKER}


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one Bid Euchre game."""

    copies: int = 1  # copies of each card: 2 with deck: double
    joker: bool = False  # the joker is in the deck

    @property
    def hand_size(self) -> int:
        """The cards each player keeps to play: one per trick (6, or 12 with two decks)."""
        return 6 * self.copies

    @property
    def tricks(self) -> int:
        """The tricks of a hand that is played."""
        return self.hand_size

    @property
    def top_bid(self) -> int:
        """The highest numbered bid (6, or 12 with two decks); ask and moon come above."""
        return self.hand_size

    def dealt(self, dealer: bool | None) -> tuple[int, ...]:
        """How many cards a ``deal`` line may hold: a player is dealt :attr:`hand_size`
        cards, the dealer one more with the joker (``dealer`` None: not known whether the
        player dealt, so either count)."""
        if not self.joker or dealer is False:
            return (self.hand_size,)
        if dealer:
            return (self.hand_size + 1,)
        return (self.hand_size, self.hand_size + 1)

    @property
    def cards(self) -> frozenset[str]:
        """The cards of this deck (each once, whatever its copies)."""
        return _CARDS_AND_JOKER if self.joker else _CARDS

    def has(self, card: str) -> bool:
        """True for a card of this deck."""
        return card in self.cards

    def describe(self) -> str:
        """The deck in words, for a card that is not in it."""
        ranks = "9, 10, J, Q, K and A of each suit"
        if self.copies == 2:
            return f"Bid Euchre with two decks uses 48 cards: two each of {ranks}"
        if self.joker:
            return f"Bid Euchre with the joker uses 25 cards: {ranks}, and the joker"
        return f"Bid Euchre uses 24 cards: {ranks}"


#: The standard deck: 24 cards, six each.
SINGLE = Deck()


def deck_of(options: EuchreOptions) -> Deck:
    """The deck the house options give."""
    if options.deck == "double":
        return Deck(copies=2)
    return Deck(joker=True) if options.joker else SINGLE
