"""The fast path: records for the usual shapes of hand statements, without Lark."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, cast

from referee.parser.common import (
    _CARDS,
    KEYWORDS,
    _amount,
    _bid,
    _Names,
    _number,
    _points,
    _suit,
    _trump_card,
    _word,
)
from referee.parser.syntax import _Syntax
from referee.records import (
    AnteLine,
    BidLine,
    BidValue,
    CardAt,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    ExchangeLine,
    NameAt,
    Play,
    RedealLine,
    ScoreLine,
    SettleLine,
    TeamPoints,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)

#: A fast reader of one statement: the line, its first word's match and its number; the
#: statement's record, or None to leave the line to Lark (a _Fault: it reads as an error).
FastReader = Callable[[str, re.Match[str], int], Event | None]


class _FastPath:
    """Builds records for the usual shapes of hand statements without Lark (see module doc).

    Each method gets the line, the match of its first word and the line number, and returns
    the record, or None to leave the line to Lark.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)
        self.by_keyword: dict[str, FastReader] = {
            "trick": self.trick,
            "dealer": self.dealer,
            "trump": self.trump,
            "deal": self.deal,
            "bid": self.bid,
            "settle": self.settle,
            "ante": self.ante,
            "claim": self.claim,
            "exchange": self.exchange,
            "discard": self.discard,
            "redeal": self.redeal,
            "score": self.score,
        }

    def trick(self, text: str, first: re.Match[str], line: int) -> Event | None:
        head = self.s.trick.match(text, first.end())
        assert head is not None  # every part of it is optional
        pos = head.end()
        seats, cards, plays = self.names.exact, _CARDS, []
        for m in self.s.play.finditer(text, pos):  # the hottest loop of the reader
            if m.start() != pos:
                return None
            name, card, was = m.groups()
            seat = seats.get(name)
            plays.append(
                Play(
                    NameAt(seat, True, line, m.start(1) + 1)
                    if seat is not None
                    else self.names.at(name, line, m.start(1) + 1),
                    CardAt(cards[card], line, m.start(2) + 1),
                    None if was is None else CardAt(cards[was], line, m.start(3) + 1),
                )
            )
            pos = m.end()
        if not plays or self.s.tail.fullmatch(text, pos) is None:
            return None
        number, number_column = None, 0
        if head.group(1) is not None:
            number_column = head.start(1) + 1
            number = _number(head.group(1), number_column)
        return TrickLine(number, tuple(plays), line, first.start(1) + 1, number_column)

    def decision(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.decision.fullmatch(text, first.end())
        if m is None:
            return None
        column = first.start(1) + 1
        player = self.names.at(first.group(1), line, column)
        passed, _, discard, count, _, _, draws = m.groups()
        if passed is not None:
            return DecisionLine(player, "pass", None, None, None, line, column)
        if discard is None:
            return DecisionLine(player, "play", 0, None, None, line, column)
        if count is not None:
            return DecisionLine(
                player, "play", _number(count, m.start(4) + 1), None, None, line, column
            )
        cards = self._cards(m, 5, line)
        drawn = None if draws is None else self._cards(m, 7, line)
        return DecisionLine(player, "play", len(cards), cards, drawn, line, column)

    def _cards(self, m: re.Match[str], group: int, line: int) -> tuple[CardAt, ...]:
        offset, cards = m.start(group) + 1, _CARDS
        return tuple(
            [
                CardAt(cards[c.group(1)], line, offset + c.start(1))
                for c in self.s.cards.finditer(m.group(group))
            ]
        )

    def _names(self, m: re.Match[str], group: int, line: int) -> tuple[NameAt, ...]:
        offset, name_at = m.start(group) + 1, self.names.at
        return tuple(
            [
                name_at(n.group(1), line, offset + n.start(1))
                for n in self.s.names.finditer(m.group(group))
            ]
        )

    def _name(self, m: re.Match[str], group: int, line: int) -> NameAt:
        return self.names.at(m.group(group), line, m.start(group) + 1)

    def _card(self, m: re.Match[str], group: int, line: int) -> CardAt:
        return CardAt(_CARDS[m.group(group)], line, m.start(group) + 1)

    def dealer(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.dealer.fullmatch(text, first.end())
        if m is None:
            return None
        return DealerLine(self._name(m, 1, line), line, first.start(1) + 1)

    def deal(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.deal.fullmatch(text, first.end())
        if m is None:
            return None
        return DealLine(self._name(m, 1, line), self._cards(m, 2, line), line, first.start(1) + 1)

    def trump(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.trump.fullmatch(text, first.end())
        if m is None:
            return None
        column = first.start(1) + 1
        if m.group(1) is not None:
            return _trump_card(self._card(m, 1, line), column)
        return TrumpLine(_suit(m.group(2)), None, line, column)

    def ante(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.ante.fullmatch(text, first.end())
        if m is None:
            return None
        return AnteLine(self._names(m, 1, line), line, first.start(1) + 1)

    def claim(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.claim.fullmatch(text, first.end())
        if m is None:
            return None
        trick = None if m.group(5) is None else _number(m.group(5), m.start(5) + 1)
        return ClaimLine(
            self._name(m, 1, line), self._name(m, 3, line), trick, line, first.start(1) + 1
        )

    def settle(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.settle.fullmatch(text, first.end())
        if m is None:
            return None
        column = first.start(1) + 1
        if m.group(1) is not None:
            return SettleLine("split", None, None, line, column)
        if m.group(2) is not None:
            return SettleLine("pot", None, _amount(m.group(3), m.start(3) + 1), line, column)
        if m.group(4) is not None:
            if self._keyword(m.group(4)):
                return None
            return SettleLine(
                cast(Literal["wins", "bourre", "renege", "penalty"], _word(m.group(5))),
                self._name(m, 4, line),
                _amount(m.group(6), m.start(6) + 1),
                line,
                column,
            )
        if self._keyword(m.group(7)):
            return None
        return TeamSettleLine(self._teams(m, 7, line), line, column)

    def _keyword(self, word: str) -> bool:
        return word.lower() in KEYWORDS or self.s.keyword.fullmatch(word) is not None

    def _teams(self, m: re.Match[str], group: int, line: int) -> tuple[TeamPoints, ...]:
        return tuple(
            TeamPoints(
                (self._name(m, g, line), self._name(m, g + 1, line)),
                _points(m.group(g + 2), m.start(g + 2) + 1),
                line,
                m.start(g) + 1,
            )
            for g in (group, group + 3)
        )

    def bid(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.bid.fullmatch(text, first.end())
        if m is None:
            return None
        player, column = self._name(m, 1, line), first.start(1) + 1
        bid: BidValue
        if m.group(2) is not None:
            bid, suit = "pass", None
        elif m.group(3) is not None:
            bid, suit = _bid(m.group(3), m.start(3) + 1, self.top_bid), m.group(4)
        else:
            bid, suit = cast(Literal["ask", "moon"], _word(m.group(5))), m.group(6)
        return BidLine(player, bid, None if suit is None else _suit(suit), line, column)

    def exchange(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.exchange.fullmatch(text, first.end())
        if m is None:
            return None
        return ExchangeLine(
            self._name(m, 1, line),
            self._card(m, 2, line),
            self._name(m, 3, line),
            self._card(m, 4, line),
            line,
            first.start(1) + 1,
        )

    def discard(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.discard.fullmatch(text, first.end())
        if m is None:
            return None
        return DiscardLine(self._name(m, 1, line), self._card(m, 2, line), line, first.start(1) + 1)

    def redeal(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.redeal.fullmatch(text, first.end())
        if m is None:
            return None
        return RedealLine(
            self._name(m, 1, line), "ace-no-face", line, first.start(1) + 1, m.start(2) + 1
        )

    def score(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.score.fullmatch(text, first.end())
        if m is None:
            return None
        return ScoreLine(self._teams(m, 1, line), line, first.start(1) + 1)
