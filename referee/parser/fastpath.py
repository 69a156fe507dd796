"""The fast path: records for the usual shapes of hand statements, without Lark."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final, Literal, TypeVar, cast

from referee.parser.common import (
    _CARDS,
    KEYWORDS,
    _amount,
    _bid,
    _Fault,
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

_T = TypeVar("_T")

# The records are named tuples, made with tuple.__new__ as the quick path makes its own (the
# type's own __new__ is a Python function, several times dearer for the same tuple).
_new: Final = tuple.__new__

#: A bid as usually written after its player (``pass``, ``Ask``, ``MOON``) -> the bid: all
#: matched by the grammar's ``"pass"i``, ``"ask"i`` and ``"moon"i``.
_BID_WORDS: Final[dict[str, Literal["pass", "ask", "moon"]]] = {
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


def _keep(table: dict[str, _T], word: str, value: _T, most: int = _MAX_KEPT) -> None:
    """Keep a token as a terminal matched it whole, and with a comma after it (a separator:
    `7h, bob`), in a table of words (up to ``most`` of them)."""
    if len(table) < most:
        table[word] = table[word + ","] = value


#: CARD matches a few hundred texts (ranks and suits in either case, the suits' symbols,
#: the joker): all of them, with their commas, fit in a table of cards.
_MAX_CARD_WORDS: Final = 2048


#: Cards as written that CARD has matched whole (and the cards as normalised, which it
#: matches), alone or followed by a comma -> normalised: kept for the whole process, as
#: the quick path keeps its tables (finitely many: CARD matches few texts).
_CARD_WORDS: Final[dict[str, str]] = {}
for _normal in sorted(_NORMAL_CARDS):
    _keep(_CARD_WORDS, _normal, _normal, _MAX_CARD_WORDS)

#: Suits as written that SUIT has matched whole, alone or followed by a comma -> the suit's
#: letter; for the whole process (SUIT matches few texts). No text is matched whole by both
#: CARD and SUIT (so a `trump` word in both tables could not be).
_SUIT_WORDS: Final[dict[str, str]] = {}

#: Points as written that AMOUNT has matched whole and that read as points (no currency
#: sign, not too long), alone or followed by a comma -> their value; for the whole process
#: (up to _MAX_KEPT of them).
_POINTS_WORDS: Final[dict[str, Decimal]] = {}


def _bare(word: str) -> str:
    """A word without the comma it may end in (a separator: `7h, bob`)."""
    return word[:-1] if word.endswith(",") else word


class _FastPath:
    """Builds records for the usual shapes of hand statements without Lark (see module doc).

    :meth:`read` gives a line's record by its keyword; each reader gets the line, where its
    first word starts and ends, and the line number, and returns the record, or None to
    leave the line to Lark.

    The usual `trick`, `deal`, `bid`, `dealer`, `trump`, `exchange`, `score` and team
    `settle` lines are read by their words (see :func:`_parted`): each name one that NAME
    matches whole and a seated player's (:meth:`_seat`), each card one that CARD matches
    whole (:meth:`_card_word`), each suit, number and points word one seen before, in the
    order of the statement's pattern; the columns counted from the words' lengths. Such a
    line is one the pattern matches with those words as its groups, so it gives the same
    record: a token matched whole is matched whole again between separators, as the
    terminals are atomic and look no further than the next character, which no separator
    can continue. Any other line (a `(was CARD)`, a tab, a name not seated) is read with the
    statement's pattern, which also keeps what it matched.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)
        #: Names as written that NAME has matched whole (on the `players` line, or as a
        #: seated player's name in a statement the fast path read), alone or followed by a
        #: comma -> the seated player (see :meth:`_seat`; started by :meth:`seated`). No
        #: keyword is kept (a team `settle` whose first name is one is left to Lark).
        self.written: dict[str, str] = {}

    def seated(self) -> None:
        """Start the table of names as written from the seated players (once the header has
        seated them): each was matched whole by NAME on the `players` line."""
        self.written = {}
        for name, seat in self.names.exact.items():  # (as written -> as the reports show it)
            _keep(self.written, name, seat)

    def read(self, lower: str, text: str, start: int, end: int, line: int) -> Event | None:
        """The record of a hand's statement whose first word (``lower`` in lower case) runs
        from ``start`` to ``end``; None to leave the line to Lark (a _Fault: it reads as an
        error). The keywords come in the order of how often a hand has them."""
        if lower == "trick":
            return self.trick(text, start, end, line)
        if lower == "bid":
            return self.bid(text, start, end, line)
        if lower == "deal":
            return self.deal(text, start, end, line)
        if lower == "score":
            return self.score(text, start, end, line)
        if lower == "settle":
            return self.settle(text, start, end, line)
        if lower == "trump":
            return self.trump(text, start, end, line)
        if lower == "dealer":
            return self.dealer(text, start, end, line)
        if lower == "exchange":
            return self.exchange(text, start, end, line)
        if lower == "ante":
            return self.ante(text, start, end, line)
        if lower == "claim":
            return self.claim(text, start, end, line)
        if lower == "discard":
            return self.discard(text, start, end, line)
        if lower == "redeal":
            return self.redeal(text, start, end, line)
        if lower in KEYWORDS:  # a keyword with no fast reader: Lark's
            return None
        word = text[start:end]
        if word.isascii() or self.s.keyword.fullmatch(word) is None:
            return self.decision(text, start, end, line)  # a line that starts with a name
        return None

    # ------------------------------------------------------------------ the words

    def _seat(self, word: str) -> str | None:
        """The seated player a word as written names (NAME matching it whole, without the
        comma it may end in), kept in :attr:`written`; None when it names none, or is a
        keyword (the patterns read those lines)."""
        seat = self.written.get(word)
        if seat is None:
            bare = _bare(word)
            if self.s.name.fullmatch(bare) is not None and not self._keyword(bare):
                seat = self.names.seat_of(bare)
                if seat is not None:
                    _keep(self.written, bare, seat)
        return seat

    def _keep_name(self, written: str, seat: str) -> None:
        """Keep a seated name as written that NAME has matched whole, unless it is a keyword."""
        if written not in self.written and not self._keyword(written):
            _keep(self.written, written, seat)

    def _card_word(self, word: str) -> str | None:
        """The card a word as written is (CARD matching it whole, without the comma it may end
        in), kept in :data:`_CARD_WORDS`; None when it is none."""
        normal = _CARD_WORDS.get(word)
        if normal is None:
            bare = _bare(word)
            if self.s.card.fullmatch(bare) is not None:
                normal = _CARDS[bare]
                _keep(_CARD_WORDS, bare, normal, _MAX_CARD_WORDS)
        return normal

    def _suit_word(self, word: str) -> str | None:
        """The suit a word as written is (SUIT matching it whole, without the comma it may end
        in), kept in :data:`_SUIT_WORDS`; None when it is none."""
        suit = _SUIT_WORDS.get(word)
        if suit is None:
            bare = _bare(word)
            if self.s.suit.fullmatch(bare) is not None:
                suit = _suit(bare)
                _keep(_SUIT_WORDS, bare, suit, _MAX_CARD_WORDS)
        return suit

    def _points_word(self, word: str) -> Decimal | None:
        """The points a word as written is (AMOUNT matching it whole, without the comma it may
        end in, and reading as points), kept in :data:`_POINTS_WORDS`; None when it is none,
        or does not read as points (the pattern reads that line, and says why)."""
        points = _POINTS_WORDS.get(word)
        if points is None:
            bare = _bare(word)
            if self.s.amount.fullmatch(bare) is not None:
                try:
                    points = _points(bare, 1)
                except _Fault:
                    return None
                _keep(_POINTS_WORDS, bare, points)
        return points

    def _known_cards(
        self, words: list[str], start: int, line: int, at: int
    ) -> tuple[CardAt, ...] | None:
        """The cards ``words[start:]`` (the first at column ``at``); None when one is not a
        card (see :meth:`_card_word`)."""
        new, card_at, cards = _new, CardAt, []
        for word in words[start:]:
            normal = self._card_word(word)
            if normal is None:
                return None
            cards.append(new(card_at, (normal, line, at)))
            at += len(word) + 1
        return tuple(cards)

    def _player(self, word: str, line: int, at: int) -> NameAt | None:
        """The seated player named by a word at column ``at`` (see :meth:`_seat`), or None."""
        seat = self._seat(word)
        return None if seat is None else _new(NameAt, (seat, True, line, at))

    def _card_at(self, word: str, line: int, at: int) -> CardAt | None:
        """The card a word at column ``at`` is (see :meth:`_card_word`), or None."""
        normal = self._card_word(word)
        return None if normal is None else _new(CardAt, (normal, line, at))

    # ------------------------------------------------------------------ the patterns

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

    def _learned(self, m: re.Match[str], group: int, line: int) -> NameAt:
        """As :meth:`_name`, keeping a seated name as written (matched whole by NAME) in
        :attr:`written`."""
        player = self._name(m, group, line)
        if player.seated:
            self._keep_name(m.group(group), player.name)
        return player

    def _card(self, m: re.Match[str], group: int, line: int) -> CardAt:
        return CardAt(_CARDS[m.group(group)], line, m.start(group) + 1)

    def _keyword(self, word: str) -> bool:
        return word.lower() in KEYWORDS or self.s.keyword.fullmatch(word) is not None

    # ------------------------------------------------------------------ the readers

    def trick(self, text: str, start: int, end: int, line: int) -> Event | None:
        by_words = self._trick_words(text, end, line, start + 1)
        return by_words if by_words is not None else self._trick_matched(text, end, line, start + 1)

    def _trick_words(self, text: str, pos: int, line: int, column: int) -> TrickLine | None:
        """A `trick` line read by its words (see the class doc), as the quick path reads it
        (see :class:`~referee.parser.quickpath._QuickPath`); None for any other line."""
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
        new, name_at, card_at, play = _new, NameAt, CardAt, Play
        plays: list[Play] = []
        for k in range(i, count, 2):
            name, card = words[k], words[k + 1]
            seat, normal = self._seat(name), self._card_word(card)
            if seat is None or normal is None:
                return None
            card_column = at + len(name) + 1
            player = new(name_at, (seat, True, line, at))
            plays.append(new(play, (player, new(card_at, (normal, line, card_column)), None)))
            at = card_column + len(card) + 1
        return TrickLine(number, tuple(plays), line, column, number_column)

    def _trick_matched(self, text: str, pos: int, line: int, column: int) -> TrickLine | None:
        """A `trick` line read with the patterns (learning the names and cards of its plays
        for :meth:`_trick_words`)."""
        head = self.s.trick.match(text, pos)
        assert head is not None  # every part of it is optional
        pos = head.end()
        seats, cards = self.names.exact, _CARDS
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
                self._keep_name(name, player.name)
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

    def decision(self, text: str, start: int, end: int, line: int) -> Event | None:
        m = self.s.decision.fullmatch(text, end)
        if m is None:
            return None
        column = start + 1
        player = self.names.at(text[start:end], line, column)
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

    def dealer(self, text: str, start: int, end: int, line: int) -> Event | None:
        words = _parted(text, end)
        if words is not None and len(words) == 2:  # `dealer ann`
            player = self._player(words[1], line, end + len(words[0]) + 2)
            if player is not None:
                return DealerLine(player, line, start + 1)
        m = self.s.dealer.fullmatch(text, end)
        if m is None:
            return None
        return DealerLine(self._learned(m, 1, line), line, start + 1)

    def deal(self, text: str, start: int, end: int, line: int) -> Event | None:
        by_words = self._deal_words(text, end, line, start + 1)
        return by_words if by_words is not None else self._deal_matched(text, end, line, start + 1)

    def _deal_words(self, text: str, pos: int, line: int, column: int) -> DealLine | None:
        """`deal ann 9s Js ...` read by its words (see the class doc); None for any other
        line, left to the pattern."""
        words = _parted(text, pos)
        if words is None or len(words) < 3:
            return None
        at = pos + len(words[0]) + 2  # the column of words[1]
        player = self._player(words[1], line, at)
        cards = self._known_cards(words, 2, line, at + len(words[1]) + 1)
        if player is None or cards is None:
            return None
        return DealLine(player, cards, line, column)

    def _deal_matched(self, text: str, pos: int, line: int, column: int) -> DealLine | None:
        """A `deal` line read with the pattern (learning its name and cards)."""
        m = self.s.deal.fullmatch(text, pos)
        if m is None:
            return None
        return DealLine(self._learned(m, 1, line), self._cards(m, 2, line), line, column)

    def trump(self, text: str, start: int, end: int, line: int) -> Event | None:
        column = start + 1
        words = _parted(text, end)
        if words is not None and len(words) == 2:  # `trump 9h`, `trump hearts`
            at = end + len(words[0]) + 2
            card = self._card_at(words[1], line, at)
            if card is not None:
                return _trump_card(card, column)
            suit = self._suit_word(words[1])
            if suit is not None:
                return TrumpLine(suit, None, line, column)
        m = self.s.trump.fullmatch(text, end)
        if m is None:
            return None
        if m.group(1) is not None:
            return _trump_card(self._card(m, 1, line), column)
        return TrumpLine(_suit(m.group(2)), None, line, column)

    def ante(self, text: str, start: int, end: int, line: int) -> Event | None:
        m = self.s.ante.fullmatch(text, end)
        if m is None:
            return None
        return AnteLine(self._names(m, 1, line), line, start + 1)

    def claim(self, text: str, start: int, end: int, line: int) -> Event | None:
        m = self.s.claim.fullmatch(text, end)
        if m is None:
            return None
        trick = None if m.group(5) is None else _number(m.group(5), m.start(5) + 1)
        return ClaimLine(self._name(m, 1, line), self._name(m, 3, line), trick, line, start + 1)

    def settle(self, text: str, start: int, end: int, line: int) -> Event | None:
        column = start + 1
        teams = self._teams_words(text, end, line)
        if teams is not None:
            return TeamSettleLine(teams, line, column)
        m = self.s.settle.fullmatch(text, end)
        if m is None:
            return None
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

    def _teams_words(self, text: str, pos: int, line: int) -> tuple[TeamPoints, ...] | None:
        """`ann+cy 5 bob+dee -3` (after `settle` or `score`) read by its words (see the class
        doc): each team one word, its two names parted by the `+`; None for any other line,
        left to the pattern."""
        words = _parted(text, pos)
        if words is None or len(words) != 5:
            return None
        at = pos + len(words[0]) + 2  # the column of words[1]
        first = self._team_words(words[1], words[2], line, at)
        if first is None:
            return None
        second = self._team_words(words[3], words[4], line, at + len(words[1]) + len(words[2]) + 2)
        return None if second is None else (first, second)

    def _team_words(self, team: str, points: str, line: int, at: int) -> TeamPoints | None:
        """One team's entry, `ann+cy 5` as two words (the first at column ``at``), or None."""
        value = self._points_word(points)
        plus = team.find("+")
        if value is None or plus < 0:
            return None
        partner = plus + 1
        first = self._player(team[:plus], line, at)
        second = self._player(team[partner:], line, at + partner)
        if first is None or second is None:
            return None
        return TeamPoints((first, second), value, line, at)

    def _teams(self, m: re.Match[str], group: int, line: int) -> tuple[TeamPoints, ...]:
        """The two teams' entries of a `settle` or `score` line read with the pattern (from
        group ``group``)."""
        return tuple(
            TeamPoints(
                (self._learned(m, g, line), self._learned(m, g + 1, line)),
                _points(m.group(g + 2), m.start(g + 2) + 1),
                line,
                m.start(g) + 1,
            )
            for g in (group, group + 3)
        )

    def bid(self, text: str, start: int, end: int, line: int) -> Event | None:
        by_words = self._bid_words(text, end, line, start + 1)
        return by_words if by_words is not None else self._bid_matched(text, end, line, start + 1)

    def _bid_words(self, text: str, pos: int, line: int, column: int) -> BidLine | None:
        """`bid ann pass`, `bid ann 4`, `bid ann ask`, `bid ann 5 hearts` read by their words
        (see the class doc; a numbered bid is checked as :meth:`_bid_matched` checks it); None
        for any other line, left to the pattern."""
        words = _parted(text, pos)
        count = 0 if words is None else len(words)
        if words is None or not 3 <= count <= 4:
            return None
        written = words[2]
        word = _BID_WORDS.get(written)
        suit = None if count == 3 else self._suit_word(words[3])
        if (word is None and written not in _NUMBERS) or (
            count == 4 and (suit is None or word == "pass")
        ):
            return None
        at = pos + len(words[0]) + 2  # the column of words[1]
        player = self._player(words[1], line, at)
        if player is None:
            return None
        bid: BidValue = (
            _bid(written, at + len(words[1]) + 1, self.top_bid) if word is None else word
        )
        return BidLine(player, bid, suit, line, column)

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
            bid = _bid(m.group(3), m.start(3) + 1, self.top_bid)
            suit = None if m.group(4) is None else _suit(m.group(4))
        else:
            bid = cast(Literal["ask", "moon"], _word(m.group(5)))
            suit = None if m.group(6) is None else _suit(m.group(6))
        return BidLine(player, bid, suit, line, column)

    def exchange(self, text: str, start: int, end: int, line: int) -> Event | None:
        column = start + 1
        words = _parted(text, end)
        if words is not None and len(words) == 5:  # `exchange ann 9h cy Js`
            at = end + len(words[0]) + 2  # the column of words[1]
            given_at = at + len(words[1]) + 1
            partner_at = given_at + len(words[2]) + 1
            bidder, given = (
                self._player(words[1], line, at),
                self._card_at(words[2], line, given_at),
            )
            partner = self._player(words[3], line, partner_at)
            returned = self._card_at(words[4], line, partner_at + len(words[3]) + 1)
            if (
                bidder is not None
                and given is not None
                and partner is not None
                and returned is not None
            ):
                return ExchangeLine(bidder, given, partner, returned, line, column)
        m = self.s.exchange.fullmatch(text, end)
        if m is None:
            return None
        return ExchangeLine(
            self._learned(m, 1, line),
            self._card(m, 2, line),
            self._learned(m, 3, line),
            self._card(m, 4, line),
            line,
            column,
        )

    def discard(self, text: str, start: int, end: int, line: int) -> Event | None:
        m = self.s.discard.fullmatch(text, end)
        if m is None:
            return None
        return DiscardLine(self._name(m, 1, line), self._card(m, 2, line), line, start + 1)

    def redeal(self, text: str, start: int, end: int, line: int) -> Event | None:
        m = self.s.redeal.fullmatch(text, end)
        if m is None:
            return None
        return RedealLine(self._name(m, 1, line), "ace-no-face", line, start + 1, m.start(2) + 1)

    def score(self, text: str, start: int, end: int, line: int) -> Event | None:
        teams = self._teams_words(text, end, line)
        if teams is not None:
            return ScoreLine(teams, line, start + 1)
        m = self.s.score.fullmatch(text, end)
        if m is None:
            return None
        return ScoreLine(self._teams(m, 1, line), line, start + 1)
