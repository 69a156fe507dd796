"""The quick path: a usual Bourré hand read into a :class:`~referee.records.QuickHand`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import ClassVar, Literal, cast

from referee.cards import JOKER
from referee.parser.common import (
    _CARDS,
    _MAX_AMOUNT_CHARS,
    _MAX_GUESS,
    _MAX_NUMBER_DIGITS,
    KEYWORDS,
    _Names,
    _suit,
    _word,
)
from referee.parser.syntax import _Syntax
from referee.records import (
    Hand,
    QuickDecision,
    QuickHand,
    QuickTrick,
)


class _QuickPath:
    """Reads a whole Bourré hand into a :class:`QuickHand` when every line is a usual one.

    It recognises a subset of what :class:`_FastPath` recognises, with the same patterns, but
    keeps plain names, cards and amounts instead of building records: a hand of a bulk file
    is read about twice as fast. Whatever it does not take (a claim, a `(was CARD)`, a name
    not seated, a number too long, a second `deal` for one player, any line the fast path
    would leave to Lark) makes :meth:`line` say no, and the hand is read in full. So a
    hand it takes has no read error, and :attr:`QuickHand.read` gives its full records.
    """

    def __init__(self, syntax: _Syntax, names: _Names, hand_size: int) -> None:
        self.s = syntax
        self.exact = names.exact  # names as written -> as declared (grows)
        self.seat = names.seat_of
        self.width = len(names.players)  # plays in the last trick read: the next one's guess
        self.hand_size = hand_size  # cards in the last deal read: the next one's guess

    def start(self, number: int, line: int, column: int, read: Callable[[], Hand]) -> QuickHand:
        """An empty hand, to be filled by :meth:`line`."""
        return QuickHand(number, line, column, [], [], {}, {}, [], [], [], read)

    def line(self, text: str, first: re.Match[str] | None, lower: str, quick: QuickHand) -> bool:
        """Add one line of the hand (``first``: its first word, ``lower`` that word in lower
        case); False when the line is not one of the usual shapes."""
        if first is None:
            return False
        reader = self._readers.get(lower)
        if reader is None:
            word = first.group(1)
            if lower in KEYWORDS or not (word.isascii() or self.s.keyword.fullmatch(word) is None):
                return False
            reader = _QuickPath.decision
        return reader(self, text, first, quick)

    def trick(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        s = self.s
        head = s.trick.match(text, first.end())
        assert head is not None  # every part of it is optional
        pos = head.end()
        written = head.group(1)
        if written is not None and len(written) > _MAX_NUMBER_DIGITS:
            return False
        m = s.repeated("play", self.width).fullmatch(text, pos)  # as many as the last trick
        if m is not None:
            items: Sequence[str] = m.groups()
        elif s.bare_plays.fullmatch(text, pos) is not None:
            items = [item for play in s.bare_play.findall(text, pos) for item in play]
            self.width = min(len(items) // 2, _MAX_GUESS)
        else:
            return False
        players = list(map(self.exact.get, items[::2]))
        if None in players:  # a new spelling of a seated name, or not seated at all
            players = [self.seat(name) for name in items[::2]]
            if None in players:
                return False
        cards = tuple(map(_CARDS.__getitem__, items[1::2]))
        number = None if written is None else int(written)
        quick.tricks.append(QuickTrick(number, tuple(players), cards))  # type: ignore[arg-type]
        return True

    def deal(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        s = self.s
        head = s.deal_player.match(text, first.end())
        if head is None:
            return False
        m = s.repeated("card", self.hand_size).fullmatch(text, head.end())
        if m is not None:
            dealt = tuple([_CARDS[c] for c in m.groups()])
        else:
            whole = s.deal.fullmatch(text, first.end())
            if whole is None:
                return False
            dealt = self._cards(whole.group(2))
            self.hand_size = min(len(dealt), _MAX_GUESS)
        player = self.exact.get(head.group(1)) or self.seat(head.group(1))
        if player is None or player in quick.deals:
            return False
        quick.deals[player] = dealt
        return True

    def _cards(self, text: str) -> tuple[str, ...]:
        cards = _CARDS
        return tuple([cards[c] for c in self.s.cards.findall(text)])

    def decision(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        m = self.s.decision.fullmatch(text, first.end())
        player = None if m is None else self.seat(first.group(1))
        if m is None or player is None or player in quick.decisions:
            return False
        passed, _, discard, count, listed, _, drawn = m.groups()
        if passed is not None:
            decision = QuickDecision("pass", None, None, None)
        elif discard is None:
            decision = QuickDecision("play", 0, None, None)
        elif count is not None:
            if len(count) > _MAX_NUMBER_DIGITS:
                return False
            decision = QuickDecision("play", int(count), None, None)
        else:
            discards = self._cards(listed)
            draws = None if drawn is None else self._cards(drawn)
            decision = QuickDecision("play", len(discards), discards, draws)
        quick.decisions[player] = decision
        return True

    def trump(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        m = self.s.trump.fullmatch(text, first.end())
        if m is None:
            return False
        if m.group(1) is None:
            quick.trumps.append((_suit(m.group(2)), None))
            return True
        card = _CARDS[m.group(1)]
        if card == JOKER:
            return False
        quick.trumps.append((card[-1], card))
        return True

    def dealer(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        m = self.s.dealer.fullmatch(text, first.end())
        player = None if m is None else self.seat(m.group(1))
        if player is None:
            return False
        quick.dealers.append(player)
        return True

    def ante(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        m = self.s.ante.fullmatch(text, first.end())
        if m is None:
            return False
        players = [self.seat(name) for name in self.s.names.findall(m.group(1))]
        if None in players:
            return False
        quick.antes.append(cast(tuple[str, ...], tuple(players)))
        return True

    def settle(self, text: str, first: re.Match[str], quick: QuickHand) -> bool:
        m = self.s.settle.fullmatch(text, first.end())
        if m is None:
            return False
        if m.group(1) is not None:
            quick.settles.append(("split", None, None))
            return True
        if m.group(2) is not None:
            amount = m.group(3)
            if len(amount) > _MAX_AMOUNT_CHARS:
                return False
            quick.settles.append(("pot", None, Decimal(amount)))
            return True
        name, amount = m.group(4), m.group(6)
        player = None if name is None else self.seat(name)
        if player is None or len(amount) > _MAX_AMOUNT_CHARS:
            return False  # a team settle, a keyword or a name not seated
        kind = cast(Literal["wins", "bourre", "renege"], _word(m.group(5)))
        quick.settles.append((kind, player, Decimal(amount)))
        return True

    _readers: ClassVar[dict[str, Callable[[_QuickPath, str, re.Match[str], QuickHand], bool]]] = {
        "trick": trick,
        "deal": deal,
        "trump": trump,
        "dealer": dealer,
        "ante": ante,
        "settle": settle,
    }


# ----------------------------------------------------------------------------- Lark path
