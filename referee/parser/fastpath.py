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
from referee.parser.quickpath import (
    _HEAD,
    _MAX_KEPT,
    _NORMAL_CARDS,
    _NUMBERS,
    _TRICK_NUMBERS,
    _spellings,
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

# The records are named tuples, made with tuple.__new__ as the quick path makes its own (the
# type's own __new__ is a Python function, several times dearer for the same tuple).
_new = tuple.__new__

#: A bid as usually written after its player (``pass``, ``Ask``, ``MOON``) -> the bid: all
#: matched by the grammar's ``"pass"i``, ``"ask"i`` and ``"moon"i``.
_BID_WORDS: dict[str, Literal["pass", "ask", "moon"]] = {
    spelling: cast(Literal["pass", "ask", "moon"], spelling.lower())
    for spelling in _spellings("pass", "ask", "moon")
}


def _parted(text: str, pos: int) -> list[str] | None:
    """The words of a line after its keyword (which ends at ``pos``), as the quick path
    parts them (:func:`~referee.parser.quickpath._words`), but at single spaces only, so that
    each word's column is counted from the lengths of the words before it (a word may end in
    the comma of a `, `: see :func:`_keep`); the spaces that end the line are no word. None
    when the keyword is followed by anything else than a space, the end, or a colon and then
    a space or the end."""
    words = text[pos:].rstrip(" ").split(" ")
    return words if words[0] in _HEAD else None


def _keep(table: dict[str, str], word: str, value: str, most: int = _MAX_KEPT) -> None:
    """Keep a token as a terminal matched it whole, and with a comma after it (a separator:
    `7h, bob`), in a table of words (up to ``most`` of them)."""
    if len(table) < most:
        table[word] = table[word + ","] = value


#: CARD matches a few hundred texts (ranks and suits in either case, the suits' symbols,
#: the joker): all of them, with their commas, fit in a table of cards.
_MAX_CARD_WORDS = 2048


#: Cards as written that CARD has matched whole (and the cards as normalised, which it
#: matches), alone or followed by a comma -> normalised: kept for the whole process, as
#: the quick path keeps its tables (finitely many: CARD matches few texts).
_CARD_WORDS: dict[str, str] = {}
for _normal in sorted(_NORMAL_CARDS):
    _keep(_CARD_WORDS, _normal, _normal, _MAX_CARD_WORDS)


class _FastPath:
    """Builds records for the usual shapes of hand statements without Lark (see module doc).

    Each method gets the line, the match of its first word and the line number, and returns
    the record, or None to leave the line to Lark.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)
        #: Names as written that NAME has matched whole (on the `players` line, or as a
        #: seated player's name in a statement the fast path read), alone or followed by a
        #: comma -> the seated player (see :meth:`_trick_words`; started by :meth:`seated`).
        self.written: dict[str, str] = {}
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

    def seated(self) -> None:
        """Start the table of names as written from the seated players (once the header has
        seated them): each was matched whole by NAME on the `players` line."""
        self.written = {}
        for name in self.names.players:
            _keep(self.written, name, name)

    def trick(self, text: str, first: re.Match[str], line: int) -> Event | None:
        pos, column = first.end(), first.start(1) + 1
        by_words = self._trick_words(text, pos, line, column)
        return by_words if by_words is not None else self._trick_matched(text, pos, line, column)

    def _trick_words(self, text: str, pos: int, line: int, column: int) -> TrickLine | None:
        """A `trick` line read by its words, as the quick path reads it (see
        :class:`~referee.parser.quickpath._QuickPath`): the words after the keyword (see
        :func:`_parted`), each play's name one that NAME has matched whole before
        (:attr:`written`) and its card one that CARD has (:data:`_CARD_WORDS`); the columns
        counted from the words' lengths. None for any other line (a `(was CARD)`, a tab, a
        name or a card not seen yet), left to the pattern: the same record either way, as a
        token matched whole is matched whole again between separators."""
        words = _parted(text, pos)
        count = 0 if words is None else len(words)
        if words is None or count < 3:
            return None
        at = pos + len(words[0]) + 2  # the column of words[1]
        number, number_column, i = _TRICK_NUMBERS.get(words[1]), 0, 1
        if number is not None:  # (`trick 3 ann 7h`, `trick 3: ann 7h`)
            number_column, at, i = at, at + len(words[1]) + 1, 2
        if i == count or (count - i) % 2:
            return None
        new, written, card_words = _new, self.written, _CARD_WORDS
        plays: list[Play] = []
        for k in range(i, count, 2):
            name, card = words[k], words[k + 1]
            seat, normal = written.get(name), card_words.get(card)
            if seat is None or normal is None:
                return None
            card_at = at + len(name) + 1
            player = new(NameAt, (seat, True, line, at))
            plays.append(new(Play, (player, new(CardAt, (normal, line, card_at)), None)))
            at = card_at + len(card) + 1
        return TrickLine(number, tuple(plays), line, column, number_column)

    def _trick_matched(self, text: str, pos: int, line: int, column: int) -> TrickLine | None:
        """A `trick` line read with the patterns (learning the names and cards of its plays
        for :meth:`_trick_words`)."""
        head = self.s.trick.match(text, pos)
        assert head is not None  # every part of it is optional
        pos = head.end()
        seats, cards, written = self.names.exact, _CARDS, self.written
        plays: list[Play] = []
        for m in self.s.play.finditer(text, pos):
            if m.start() != pos:
                return None
            name, card, was = m.groups()
            seat = seats.get(name)
            player = (
                NameAt(seat, True, line, m.start(1) + 1)
                if seat is not None
                else self.names.at(name, line, m.start(1) + 1)
            )
            if player.seated:
                _keep(written, name, player.name)
            normal = cards[card]
            _keep(_CARD_WORDS, card, normal, _MAX_CARD_WORDS)
            plays.append(
                Play(
                    player,
                    CardAt(normal, line, m.start(2) + 1),
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
        return TrickLine(number, tuple(plays), line, column, number_column)

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
        """The cards of group ``group`` (each kept as CARD matched it in :data:`_CARD_WORDS`)."""
        offset, cards, found = m.start(group) + 1, _CARDS, []
        for c in self.s.cards.finditer(m.group(group)):
            normal = cards[c.group(1)]
            _keep(_CARD_WORDS, c.group(1), normal, _MAX_CARD_WORDS)
            found.append(CardAt(normal, line, offset + c.start(1)))
        return tuple(found)

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
        pos, column = first.end(), first.start(1) + 1
        by_words = self._deal_words(text, pos, line, column)
        return by_words if by_words is not None else self._deal_matched(text, pos, line, column)

    def _deal_words(self, text: str, pos: int, line: int, column: int) -> DealLine | None:
        """`deal ann 9s Js ...` read by its words (as :meth:`_trick_words`); None for any
        other line, left to the pattern."""
        words = _parted(text, pos)
        if words is None or len(words) < 3:
            return None
        seat = self.written.get(words[1])
        at = pos + len(words[0]) + 2  # the column of words[1]
        cards = self._known_cards(words, 2, line, at + len(words[1]) + 1)
        if seat is None or cards is None:
            return None
        return DealLine(_new(NameAt, (seat, True, line, at)), cards, line, column)

    def _deal_matched(self, text: str, pos: int, line: int, column: int) -> DealLine | None:
        """A `deal` line read with the pattern (learning its name and cards)."""
        m = self.s.deal.fullmatch(text, pos)
        if m is None:
            return None
        return DealLine(self._learned(m, 1, line), self._cards(m, 2, line), line, column)

    def _known_cards(
        self, words: list[str], start: int, line: int, at: int
    ) -> tuple[CardAt, ...] | None:
        """The cards ``words[start:]`` (the first at column ``at``), each one that CARD has
        matched whole before (:data:`_CARD_WORDS`); None when one is not."""
        new, card_words, cards = _new, _CARD_WORDS, []
        for word in words[start:]:
            normal = card_words.get(word)
            if normal is None:
                return None
            cards.append(new(CardAt, (normal, line, at)))
            at += len(word) + 1
        return tuple(cards)

    def _learned(self, m: re.Match[str], group: int, line: int) -> NameAt:
        """As :meth:`_name`, keeping a seated name as written (matched whole by NAME) in
        :attr:`written`."""
        player = self._name(m, group, line)
        if player.seated:
            _keep(self.written, m.group(group), player.name)
        return player

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
        pos, column = first.end(), first.start(1) + 1
        by_words = self._bid_words(text, pos, line, column)
        return by_words if by_words is not None else self._bid_matched(text, pos, line, column)

    def _bid_words(self, text: str, pos: int, line: int, column: int) -> BidLine | None:
        """`bid ann pass`, `bid ann 4`, `bid ann ask` read by their words (as
        :meth:`_trick_words`; a numbered bid is checked as :meth:`_bid_matched` checks it);
        None for any other line (one with a suit, say), left to the pattern."""
        words = _parted(text, pos)
        if words is None or len(words) != 3:
            return None
        seat, written = self.written.get(words[1]), words[2]
        word = _BID_WORDS.get(written)
        if seat is None or (word is None and written not in _NUMBERS):
            return None
        at = pos + len(words[0]) + 2  # the column of words[1]
        player = _new(NameAt, (seat, True, line, at))
        bid: BidValue = (
            _bid(written, at + len(words[1]) + 1, self.top_bid) if word is None else word
        )
        return BidLine(player, bid, None, line, column)

    def _bid_matched(self, text: str, pos: int, line: int, column: int) -> BidLine | None:
        """A `bid` line read with the pattern (learning its name)."""
        m = self.s.bid.fullmatch(text, pos)
        if m is None:
            return None
        player = self._learned(m, 1, line)
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
