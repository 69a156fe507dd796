"""Bourré play, the "may I?" side: which cards are legal, and who wins a trick.

Pure functions over card strings (see :mod:`referee.cards`). Nothing here judges a logged
play; :mod:`referee.games.bourre.rules` explains breaches and the replay applies plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from referee.cards import BOURRE_DECK, RANK_VALUE, SUITS
from referee.options import BourreOptions

#: RANK_VALUE as this module's own constant: a compiled module reads a name imported from
#: another module from its globals' dict at each use, a `Final` one directly.
_RANK: Final = RANK_VALUE


def value(card: str) -> int:
    """A-high rank strength of a card (2..14)."""
    return RANK_VALUE.get(card[0], 0)


def highest_of_suit(cards: Iterable[str], suit: str) -> str | None:
    """The highest card of ``suit`` among ``cards``, or None."""
    best: str | None = None
    for card in cards:
        if card[-1] == suit and (best is None or value(card) > value(best)):
            best = card
    return best


def trick_winner_index(cards: tuple[str, ...], trump: str | None) -> int | None:
    """Index in ``cards`` of the card that takes the trick (highest trump, else highest of the
    suit led; of two equal cards the first), or None for an empty trick.

    A plain loop over a table of strengths (:data:`_STRENGTH`): for a handful of cards it is
    about twice as quick as ``max``, and both lanes ask it of every trick (a tuple: a
    compiled loop over one is a loop over its items).
    """
    if not cards:
        return None
    strength = _STRENGTH[trump][cards[0][-1]]
    best, top = 0, -1
    for i in range(len(cards)):
        value = strength.get(cards[i], 0)
        if value > top:
            best, top = i, value
    return best


#: trump (None: unknown) -> suit led -> card -> how strongly it bids for the trick: a trump
#: above any card of the suit led, which is above any other card (0).
_STRENGTH: Final[dict[str | None, dict[str, dict[str, int]]]] = {
    trump: {
        led: {
            card: RANK_VALUE[card[0]] + (20 if card[-1] == trump else 0)
            if card[-1] in (trump, led)
            else 0
            for card in BOURRE_DECK
        }
        for led in SUITS
    }
    for trump in (*SUITS, None)
}


@dataclass(frozen=True, slots=True)
class Duty:
    """What rules 1-3 require of a follower, for explanations and legality.

    ``kind`` is ``"any"``, ``"follow"`` (play the led suit), ``"head"`` (play a led-suit card
    above ``to_beat``), ``"trump"`` (play a trump) or ``"overtrump"`` (play a trump above
    ``to_beat``). ``allowed`` is the set of legal cards of the hand.
    """

    kind: str
    allowed: frozenset[str]
    to_beat: str | None = None


def follower_duty(
    hand: Iterable[str], trick: Sequence[str], trump: str | None, opts: BourreOptions
) -> Duty:
    """Rules 1-3 of ``bourre.md`` for a player holding ``hand`` when ``trick`` is on the table.

    ``trick`` holds the cards already played (the first is the lead); an empty trick means
    the player leads, and any card may be led.
    """
    cards = frozenset(hand)
    if not trick:
        return Duty("any", cards)
    led = trick[0][-1]
    suited = frozenset(c for c in cards if c[-1] == led)
    if suited:
        # (with the trump unknown, a card off the suit led may have been a trump)
        trumped = (
            any(c[-1] == trump for c in trick)
            if trump is not None
            else any(c[-1] != led for c in trick)
        )
        trumped = trumped and led != trump
        if opts.head_trick and (not trumped or opts.head_when_trumped):
            top = highest_of_suit(trick, led)
            assert top is not None  # the lead is of the suit led
            beating = frozenset(c for c in suited if value(c) > value(top))
            if beating:
                return Duty("head", beating, top)
        return Duty("follow", suited)
    trumps = frozenset(c for c in cards if trump is not None and c[-1] == trump)
    if not trumps or not opts.must_trump:
        return Duty("any", cards)
    top_trump = highest_of_suit(trick, trump) if trump is not None else None
    if top_trump is not None and opts.must_overtrump:
        beating = frozenset(c for c in trumps if value(c) > value(top_trump))
        if beating:
            return Duty("overtrump", beating, top_trump)
        if not opts.must_undertrump:
            return Duty("any", cards)
    return Duty("trump", trumps)


def legal_cards(
    hand: Iterable[str], trick: Sequence[str], trump: str | None, opts: BourreOptions
) -> frozenset[str]:
    """The cards of ``hand`` that rules 1-3 allow on ``trick`` (cinch duties not included)."""
    return follower_duty(hand, trick, trump, opts).allowed


def is_legal(
    card: str, hand: Iterable[str], trick: Sequence[str], trump: str | None, opts: BourreOptions
) -> bool:
    """Whether rules 1-3 allow ``card`` from ``hand`` on ``trick`` (the fast "may I?").

    Equivalent to ``card in legal_cards(hand, trick, trump, opts)`` (a test checks it), but
    it answers the common cases without building any set: most plays in a log are legal,
    and only an illegal one needs :func:`follower_duty` to explain it.
    """
    if not trick:
        return True
    led = trick[0][-1]
    top = max(RANK_VALUE[c[0]] for c in trick if c[-1] == led)
    top_trump = max((RANK_VALUE[c[0]] for c in trick if c[-1] == trump), default=0)
    if trump is None and any(c[-1] != led for c in trick):
        top_trump = 1  # the trump is unknown: a card off the suit led may have been one
    return is_legal_on(card, tuple(hand), led, top, top_trump, trump, opts)


def is_legal_on(
    card: str,
    hand: tuple[str, ...],
    led: str,
    top: int,
    top_trump: int,
    trump: str | None,
    opts: BourreOptions,
) -> bool:
    """:func:`is_legal` on a trick already led, given as what rules 1-3 look at: the suit
    ``led``, the ``top`` value of that suit on the table and the top trump's (0: none).

    Plain loops over ``hand`` (a tuple: a compiled loop over one is a loop over its items)
    rather than generator expressions: the quick lane asks this of most plays of a bulk log.
    """
    rank = _RANK
    suit = card[-1]
    if suit == led:
        if not opts.head_trick or rank[card[0]] > top:
            return True
        if led != trump and top_trump and not opts.head_when_trumped:
            return True  # trumped: any card of the suit led
        for c in hand:  # noqa: SIM110 (see above: no generator)
            if c[-1] == led and rank[c[0]] > top:
                return False  # could have headed the trick
        return True
    best_trump = 0  # the value of the highest trump held (0: none)
    for c in hand:
        held = c[-1]
        if held == led:
            return False  # could have followed suit
        if held == trump and rank[c[0]] > best_trump:
            best_trump = rank[c[0]]
    if not best_trump or not opts.must_trump:
        return True
    if not top_trump or not opts.must_overtrump:
        return suit == trump
    can_beat = best_trump > top_trump
    if suit == trump:
        return rank[card[0]] > top_trump or not can_beat
    return not can_beat and not opts.must_undertrump
