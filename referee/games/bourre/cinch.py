"""The Bourré cinch: three sure tricks judged from what the player could know.

``bourre.md``: at the start of each trick, *sure tricks* = tricks already won + (trumps held
- ``c``), where ``c`` is the largest number of the player's trumps that the *unseen* trumps
can beat, each unseen trump beating at most one lower trump (a maximum matching). Unseen
trumps are those neither in the player's hand nor dead (played to earlier tricks, the
player's own discards, a dead upcard).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from referee.cards import RANKS, SUITS
from referee.games.bourre.play import BIT, SUIT_BITS, bits_of, cards_of, trick_winner_index, value

#: suit -> its cards, lowest first, each with its bit (see :data:`~referee.games.bourre.play.BIT`)
_TRUMPS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    s: tuple((r + s, BIT[r + s]) for r in RANKS) for s in SUITS
}


def beatable_count(own: Iterable[str], unseen: Iterable[str]) -> int:
    """Maximum matching of unseen trump > own trump: how many own trumps can be beaten.

    Greedy on sorted values is optimal: each unseen trump, lowest first, takes the lowest
    own trump still unmatched if it is above it.
    """
    mine = sorted(value(c) for c in own)
    i = 0
    for u in sorted(value(c) for c in unseen):
        if i < len(mine) and mine[i] < u:
            i += 1
    return i


class CinchView:
    """A player's certainty at the start of a trick: tricks ``won``, the trumps ``held``
    (``count`` of them, of suit ``trump``), how many of them are ``beatable`` by the
    ``unseen`` trumps (bits, see :data:`~referee.games.bourre.play.BIT`).

    (A plain class, as :class:`~referee.games.bourre.play.Table` is: a compiled module
    makes its objects in C, where a frozen dataclass's ``__init__`` runs as Python. The
    trumps stay bits: their cards are made only to describe a breach, :attr:`trumps`.)"""

    __slots__ = ("beatable", "count", "held", "trump", "unseen", "won")

    def __init__(
        self, won: int, held: int, count: int, beatable: int, unseen: int, trump: str
    ) -> None:
        self.won = won
        self.held = held
        self.count = count
        self.beatable = beatable
        self.unseen = unseen
        self.trump = trump

    @property
    def trumps(self) -> tuple[str, ...]:
        """The trumps held, highest first."""
        return _highest_first(self.held, self.trump)

    @property
    def sure(self) -> int:
        """Tricks the player is certain of."""
        return self.won + self.count - self.beatable

    @property
    def is_cinch(self) -> bool:
        """Three or more sure tricks."""
        return self.sure >= 3

    def describe(self) -> str:
        """Plain words: why the player's tricks were sure."""
        held = ", ".join(_pretty(c) for c in self.trumps) or "no trumps"
        if self.beatable:
            safe = f"{self.count - self.beatable} of them safe from the unseen trumps"
        else:
            safe = "none of them beatable by an unseen trump"
        won = f"{self.won} trick{'s' if self.won != 1 else ''} won"
        return f"{self.sure} sure tricks: {won}, trumps {held} ({safe})"


def _pretty(card: str) -> str:
    from referee.cards import pretty

    return pretty(card)


def cinch_view(won: int, hand: Iterable[str], dead: Iterable[str], trump: str) -> CinchView:
    """The player's sure tricks given their hand and the dead cards they know of."""
    held, count, beaten, unseen = _sure_trumps(bits_of(hand), bits_of(dead), trump)
    if won + count < 3:  # cannot be a cinch: no matching asked
        return CinchView(won, 0, 0, 0, 0, trump)
    return CinchView(won, held, count, beaten, unseen, trump)


def held_cinch(won: int, hand: int, dead: int, trump: str) -> CinchView | None:
    """The cinch a player holds at the start of a trick, or None (the usual answer, given
    without making a view): ``hand`` their cards and ``dead`` the cards they know are out
    of play, as bits (see :func:`cinch_view`)."""
    held, count, beaten, unseen = _sure_trumps(hand, dead, trump)
    if won + count - beaten < 3:
        return None
    return CinchView(won, held, count, beaten, unseen, trump)


def _sure_trumps(hand: int, dead: int, trump: str) -> tuple[int, int, int, int]:
    """The trumps held (bits) and how many, how many of them the unseen trumps can beat,
    and the unseen trumps (neither held nor ``dead``; bits): :func:`beatable_count` in one
    pass up the suit, lowest first (an unseen trump beats the lowest trump held below it
    not yet beaten). (Bits, not cards: the cards are made only for a cinch.)"""
    suit = SUIT_BITS[trump]
    held = hand & suit
    unseen = suit & ~hand & ~dead
    count = beaten = below = 0  # below: trumps held under this card not beaten yet
    # only the cards held and unseen, from the lowest held up (an unseen trump below every
    # trump held beats none), each taken off ``rest`` lowest first
    rest = (held | unseen) & -(held & -held)
    while rest:
        bit = rest & -rest
        rest ^= bit
        if held & bit:
            count += 1
            below += 1
        elif below:
            below -= 1
            beaten += 1
    return held, count, beaten, unseen


def _highest_first(held: int, trump: str) -> tuple[str, ...]:
    """The trumps of ``held`` (bits), highest first."""
    return tuple(card for card, bit in reversed(_TRUMPS[trump]) if held & bit)


def equivalent_trumps(trumps: Sequence[str], unseen: Iterable[str]) -> frozenset[str]:
    """The trumps that count as the highest: no unseen trump ranks between them and it.

    ``trumps`` are the player's trumps; ``unseen`` the trumps still unseen (cards already
    played to the current trick count as seen). (See :func:`equivalent_bits`.)
    """
    return cards_of(equivalent_bits(bits_of(trumps), bits_of(unseen)))


def equivalent_bits(trumps: int, unseen: int) -> int:
    """:func:`equivalent_trumps` on bits, one suit's (a card's bit is above every lower
    card's of its suit): the trumps above the highest unseen trump below the highest
    held."""
    if not trumps:
        return 0
    gaps = unseen & (_highest_bit(trumps) - 1)
    if not gaps:
        return trumps
    return trumps & ~((_highest_bit(gaps) << 1) - 1)


def _highest_bit(bits: int) -> int:
    """The highest bit of ``bits`` (not 0): one step a bit below it (a hand's few trumps,
    where ``int.bit_length`` is a method call in a compiled module)."""
    while bits & (bits - 1):
        bits &= bits - 1  # (the lowest bit dropped)
    return bits


class CinchDuty:
    """What a cinch requires of one play: ``kind`` is ``lead``, ``follow``, ``win`` or
    ``win-highest``, and the cards ``allowed`` (bits; a plain class, as
    :class:`CinchView`)."""

    __slots__ = ("allowed", "kind")

    def __init__(self, kind: str, allowed: int) -> None:
        self.kind = kind
        self.allowed = allowed

    def describe(self, trump_word: str) -> str:
        """The duty in plain words."""
        if self.kind == "lead":
            return f"had to lead the highest trump ({trump_word})"
        if self.kind == "follow":
            return f"could play a trump and had to play the highest ({trump_word})"
        if self.kind == "win-highest":
            return (
                f"was last to play and had to win the trick with the highest trump ({trump_word})"
            )
        return "was last to play and had to win the trick with a legal card"


def cinch_duty(
    hand: int,
    trick: Sequence[str],
    trump: str,
    legal: int,
    unseen: int,
    is_last: bool,
    last_rule: str = "win",
) -> CinchDuty | None:
    """The cinch duty of a player holding a cinch, or None when it requires nothing.

    ``hand`` is the player's cards, ``legal`` those rules 1-3 allow and ``unseen`` the
    trumps unseen at the trick's start, as bits (:data:`~referee.games.bourre.play.BIT`):
    those already in the current trick among them rank between the player's trumps as
    before (one between the highest held and a lower one makes the lower one lose where
    the highest wins). ``last_rule`` is ``cinch_last``. Only cards that rules 1-3 allow
    (``legal``) are ever required.
    """
    trumps = hand & SUIT_BITS[trump]
    may_trump = trumps != 0
    if trick:
        led = trick[0][-1]
        if led != trump and hand & SUIT_BITS.get(led, 0):
            may_trump = False  # must follow a plain suit: trumps may not be played
    if trick and is_last:
        winning = 0
        played = [BIT[card].bit_length() - 1 for card in trick]
        rest = legal
        while rest:
            bit = rest & -rest
            if trick_winner_index([*played, bit.bit_length() - 1], trump) == len(trick):
                winning |= bit
            rest ^= bit
        if not winning:
            return None
        if last_rule == "highest" and may_trump:
            highest = equivalent_bits(trumps, unseen) & winning
            if highest:
                return CinchDuty("win-highest", highest)
        return CinchDuty("win", winning)
    if not may_trump:
        return None
    allowed = equivalent_bits(trumps, unseen) & legal
    if not allowed:
        return None
    return CinchDuty("follow" if trick else "lead", allowed)
