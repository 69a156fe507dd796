"""Reading a line by its words: the usual shape of every statement, without Lark.

A line is parted into words once (at spaces, tabs and commas, the grammar's separators) and
its first word names the statement. Each statement's reader then takes its words in the
order the grammar gives them, looking each one up in a table of what the grammar's own
terminals match: the keywords in any case, the cards (every spelling), the suits, the
seated names as written, numbers and amounts. A word not in its table yet is checked alone
against its terminal (compiled from the grammar, :mod:`referee.parser.syntax`) and kept.
A word is matched whole between separators, as the grammar's terminals are (each one ends
where a separator starts), so a line read this way is one the grammar reads the same way.

A trick line may also take a card back in its usual shape, ``ann Ts (was 9s)``: ``(was``
in any case, then the card and its ``)`` as one word; and a colon may stand alone after its
keyword or its number (``trick 3 : ann 6s``). Such a line's words are not its items one for
one, so its record carries its items' columns, as Lark's does.

Any line of another shape (a card taken back written otherwise, ``( was 9s )`` or
``Ts(was 9s)``, a keyword where a name stands, a character that is no separator but splits
words) gets None: Lark reads it (:mod:`referee.parser.tree`), and explains it when it is
wrong.
``tests/test_reading.py`` reads every line of the samples, the guide, the benchmark
corpora and generated lines both ways and requires identical records.

The other records leave their items' columns to :func:`referee.records.columns` (worked out
from the text, and only for a line a finding points into).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Final, Literal, TypeVar, cast

from referee.cards import JOKER, RANKS, SUITS, parse_card
from referee.parser.common import (
    _MAX_NUMBER_DIGITS,
    _ODD_CASE,
    KEYWORDS,
    STATEMENT_KEYWORDS,
    _amount,
    _bid,
    _Fault,
    _HandHead,
    _HeaderLine,
    _Names,
    _number,
    _points,
    _trump_card,
)
from referee.parser.syntax import _Syntax
from referee.records import (
    AnteLine,
    BidLine,
    BidValue,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    ExchangeLine,
    RedealLine,
    ScoreLine,
    SettleKind,
    SettleLine,
    TeamPoints,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
    word_columns,
)

_T = TypeVar("_T")


#: A record's type (each is a named tuple).
_R = TypeVar("_R", bound=tuple[object, ...])


#: ``tuple.__new__``, looked up once (the compiled build would look it up on ``tuple`` for
#: each record).
_NEW_TUPLE: Final = tuple.__new__


def _record(kind: type[_R], fields: tuple[object, ...]) -> _R:
    """The record ``kind`` of ``fields`` (every field in order, ``cols`` included), as
    ``kind(*fields)`` makes it, for a third of the cost: a named tuple's ``__new__`` is
    Python, run for every line (0.31 µs against 0.09 µs for a trick line, ``timeit``; in
    the compiled build some 2,800 instructions against a few hundred). The word reader
    makes one a line; ``tests/test_reading.py`` checks them against Lark's, made the usual
    way. (The fields come as one tuple, not as ``*fields``: the caller's tuple is the one
    the record copies, where a star parameter packs the arguments into a tuple first, some
    90 instructions a record, compiled.)"""
    return _NEW_TUPLE(kind, fields)


#: What a word-read line may be: a hand's statement, a `hand` line or a header statement.
Statement = Event | _HandHead | _HeaderLine

#: How many words as written each of the process's tables keeps (names, amounts): a log's
#: spellings recur, and a hostile one cannot grow the tables without bound.
MAX_KEPT: Final = 1024


#: ``str.isprintable``, looked up once (the compiled build would look it up on the line's
#: type for each line).
_IS_PRINTABLE: Final = str.isprintable


def split_words(text: str) -> list[str] | None:
    """The words of a line (without its comment): parted at spaces, tabs and commas. None
    when the line holds a character that is not printable (a control or format character,
    a space other than the grammar's): Lark reads such a line and says what is wrong."""
    if not _IS_PRINTABLE(text):
        # (a tab is not printable, so a line that is has none: only a line that is not is
        # looked at for one, which saves a look at every usual line)
        if "\t" not in text:
            return None
        text = text.replace("\t", " ")
        if not _IS_PRINTABLE(text):
            return None
    return printable_words(text)


def printable_words(text: str) -> list[str]:
    """The words of a line (without its comment) known to be printable (see
    :func:`split_words`): parted at spaces and commas."""
    if "," in text:  # (a look at the line is cheaper than a replace that finds nothing)
        text = text.replace(",", " ")
    return text.split()


def _ascii_spellings(*words: str) -> dict[str, str]:
    """Each word in every mix of upper and lower case -> the word (the grammar's keywords
    are ``"word"i``)."""
    table: dict[str, str] = {}
    for word in words:
        spellings = [""]
        for char in word:
            spellings = [s + c for s in spellings for c in {char.lower(), char.upper()}]
        for spelling in spellings:
            table[spelling] = word
    return table


def _card_spellings() -> dict[str, str]:
    """Every ASCII (and suit-symbol) spelling of every card, and of the joker -> the card."""
    ranks = [r for rank in RANKS for r in {rank, rank.lower()}] + ["10"]
    marks = [m for suit in SUITS for m in (suit, suit.upper())] + list("♠♥♦♣♤♡♢♧")
    table = {rank + mark: parse_card(rank + mark) or "" for rank in ranks for mark in marks}
    table.update(_ascii_spellings(JOKER))
    return table


#: Card as written -> normalised card (``10d``, ``td``, ``TD`` -> ``Td``; ``Q♠`` -> ``Qs``).
_CARD_WORDS: Final[dict[str, str]] = _card_spellings()
#: Suit as written -> its letter (``hearts``, ``Heart``, ``h``, ``♥`` -> ``h``).
_SUIT_WORDS: Final[dict[str, str]] = {
    spelling: word[0]
    for spelling, word in _ascii_spellings(
        "spades",
        "hearts",
        "diamonds",
        "clubs",
        "spade",
        "heart",
        "diamond",
        "club",
        "s",
        "h",
        "d",
        "c",
    ).items()
} | {mark: suit for mark, suit in zip("♠♥♦♣♤♡♢♧", "shdcshdc", strict=True)}
#: A statement's first word (any case, maybe with a colon) -> its keyword.
_STATEMENT_WORDS: Final[dict[str, str]] = {
    spelling + colon: keyword
    for spelling, keyword in _ascii_spellings(*STATEMENT_KEYWORDS).items()
    for colon in ("", ":")
}
_DECISION_WORDS: Final[dict[str, Literal["pass", "play"]]] = {
    spelling: "pass" if word in ("pass", "fold") else "play"
    for spelling, word in _ascii_spellings("pass", "fold", "play", "stand").items()
}
_BID_WORDS: Final = _ascii_spellings("pass", "ask", "moon")
_SETTLE_WORDS: Final[dict[str, SettleKind]] = {
    spelling: cast(SettleKind, word)
    for spelling, word in _ascii_spellings("wins", "bourre", "renege", "penalty").items()
} | {"bourré": "bourre", "Bourré": "bourre", "BOURRÉ": "bourre"}
_DISCARD: Final = _ascii_spellings("discard")
_DRAW: Final = _ascii_spellings("draw")
_RENEGE: Final = _ascii_spellings("renege")
_TRICK: Final = _ascii_spellings("trick")
#: A card taken back starts `(was` (any case), as the grammar's NAME_CARD has it.
_WAS: Final = _ascii_spellings("(was")
_SPLIT: Final = _ascii_spellings("split")
_POT: Final = _ascii_spellings("pot")
_REASON: Final = _ascii_spellings("ace-no-face", "ace_no_face")
#: A whole number as usually written -> its value (a trick's may have a colon after it).
_NUMBERS: Final = {str(n): n for n in range(100)}
_TRICK_NUMBERS: Final = _NUMBERS | {f"{n}:": n for n in range(100)}
#: Amounts as written -> value, and points as written -> value (kept for the process).
_AMOUNTS: Final[dict[str, Decimal]] = {}
_POINTS: Final[dict[str, Decimal]] = {}
#: Words NAME matches whole -> whether each is a keyword (so no player's name): the same in
#: every log, so kept for the process (a table's names recur from log to log).
_NAME_WORDS: Final[dict[str, bool]] = {}

#: The header statements whose value is text to the end of the line.
_TEXT_STATEMENTS: Final = frozenset(("title", "date", "event", "table", "rules", "option"))
#: The statements of a hand whose keyword is their first word.
_HAND_STATEMENTS: Final = frozenset(
    (
        "dealer",
        "deal",
        "trick",
        "claim",
        "trump",
        "ante",
        "settle",
        "bid",
        "exchange",
        "discard",
        "redeal",
        "score",
    )
)


#: The grammar's keywords as an ASCII word may spell them, in lower case: :data:`KEYWORDS`
#: and the reason's other spelling (``tests/test_parser.py`` checks them against the
#: grammar's pattern of its keywords).
_ASCII_KEYWORDS: Final = KEYWORDS | {"ace_no_face"}


def is_keyword(word: str, syntax: _Syntax) -> bool:
    """Whether a word NAME matches whole is a keyword (any case), so no player's name.

    An ASCII word is one when its lower case is one of the grammar's keywords. Another is
    none unless it is one once the letters Python's matching in any case takes for ASCII
    ones are made so (``aſk`` is ``ask``; ``Renée`` is no keyword), and then the keywords'
    pattern says. The pattern is compiled on its first use, some 8 M instructions: a log
    that never needs it does without."""
    lower = word.lower()
    if lower in KEYWORDS:
        return True
    if word.isascii():
        return lower in _ASCII_KEYWORDS
    if word.translate(_ODD_CASE).lower() not in _ASCII_KEYWORDS:
        return False
    return syntax.keyword.fullmatch(word) is not None


def _is_int(word: str) -> bool:
    """Whether INT matches the word whole (ASCII digits)."""
    return word.isascii() and word.isdigit()


def _keep(table: dict[str, _T], word: str, value: _T) -> None:
    if len(table) < MAX_KEPT:
        table[word] = value


class WordReader:
    """Reads the usual lines of a log by their words (see the module's docstring).

    :meth:`read` gives a line's record, or None to leave the line to Lark; a line that
    reads but cannot be meant (a bid of 9, a number too long) raises
    :class:`~referee.parser.common._Fault`, as Lark's reading of it would.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)
        #: Names as written -> the seated player they name, or themselves when they name
        #: none (then ``seated`` lacks them); only words NAME matches whole, never keywords.
        self.written: dict[str, str] = {}
        self.seated: frozenset[str] = frozenset()

    def seat(self) -> None:
        """The header has seated its players: start the table of names as written."""
        self.seated = frozenset(self.names.players)
        self.written = dict(self.names.exact)  # (as written -> as the reports show it)

    # ------------------------------------------------------------------ a line

    def read(
        self, words: list[str], text: str, line: int, keyword: str | None = ""
    ) -> Statement | None:
        """The record of the line ``text`` (``words``: its words, see :func:`split_words`),
        or None to leave it to Lark. ``keyword``: the statement the first word names (see
        :func:`statement_keyword`), when the caller has looked it up already (``""``: not
        yet), as the reader has to find `hand` lines (one look-up a line, not two)."""
        first = words[0]
        if keyword == "":
            keyword = _STATEMENT_WORDS.get(first)
        # (where the first word starts: the line's start, unless it is indented)
        column = 1 if text.startswith(first) else text.find(first) + 1
        if keyword is None:
            return self._decision(words, text, line, column)
        # (a match, not a table of bound methods: each case a direct call, compiled or not;
        # the usual statements first)
        match keyword:
            case "trick":
                return self._trick(words, text, line, column)
            case "deal":
                return self._deal(words, text, line, column)
            case "settle":
                return self._settle(words, text, line, column)
            case "hand":
                return self._hand(words, text, line, column)
            case "dealer":
                return self._dealer(words, text, line, column)
            case "ante":
                return self._ante(words, text, line, column)
            case "trump":
                return self._trump(words, text, line, column)
            case "bid":
                return self._bid(words, text, line, column)
            case "score":
                return self._score(words, text, line, column)
            case "exchange":
                return self._exchange(words, text, line, column)
            case "claim":
                return self._claim(words, text, line, column)
            case "discard":
                return self._discard(words, text, line, column)
            case "redeal":
                return self._redeal(words, text, line, column)
            case "game" | "players" | "exempt":
                return self._header_names(words, text, line, column)
            case "pot":
                return self._pot(words, text, line, column)
        assert keyword in _TEXT_STATEMENTS, keyword
        return self._header_text(keyword, text, line, column)

    def _column(self, text: str, item: int) -> int:
        """The column of word ``item`` of the line (for a fault's message)."""
        return word_columns(text)[item]

    # ------------------------------------------------------------------ the words

    def _name(self, word: str) -> str | None:
        """The player a word names (seated: as declared; else the word as written), or
        None when NAME does not match it whole or it is a keyword."""
        name = self.written.get(word)
        if name is None:
            if self._name_word(word) is not False:  # (not a NAME, or a keyword)
                return None
            name = self.names.seat_of(word) or word
            _keep(self.written, word, name)
        return name

    def _name_word(self, word: str) -> bool | None:
        """None when NAME does not match the word whole, else whether it is a keyword (see
        :data:`_NAME_WORDS`)."""
        keyword = _NAME_WORDS.get(word)
        if keyword is None:
            if self.s.name.fullmatch(word) is None:
                return None
            keyword = is_keyword(word, self.s)
            _keep(_NAME_WORDS, word, keyword)
        return keyword

    def _is_amount(self, word: str) -> bool:
        """Whether AMOUNT matches the word whole (at once for points read before: only such
        words are kept)."""
        return word in _POINTS or self.s.amount.fullmatch(word) is not None

    def _amount(self, text: str, word: str, item: int) -> Decimal | None:
        """Money as written (AMOUNT matching it whole), or None."""
        return self._decimal(_AMOUNTS, _amount, text, word, item)

    def _points(self, text: str, word: str, item: int) -> Decimal | None:
        """Points as written (AMOUNT matching it whole, without a currency sign), or None."""
        return self._decimal(_POINTS, _points, text, word, item)

    def _decimal(
        self,
        kept: dict[str, Decimal],
        read: Callable[[str, int], Decimal],
        text: str,
        word: str,
        item: int,
    ) -> Decimal | None:
        """A word AMOUNT matches whole, ``read`` and kept, or None. (Its column is worked
        out only for a fault, which says where it is.)"""
        value = kept.get(word)
        if value is None:
            if self.s.amount.fullmatch(word) is None:
                return None
            try:
                value = read(word, 0)
            except _Fault as fault:
                raise _Fault(self._column(text, item), fault.message) from None
            _keep(kept, word, value)
        return value

    def _int(self, text: str, word: str, item: int) -> int | None:
        """A whole number as written (INT matching it whole), or None."""
        value = _NUMBERS.get(word)
        if value is None:
            if not (word.isascii() and word.isdigit()):
                return None
            value = _number(word, self._column(text, item))
        return value

    def _cards(self, words: list[str], start: int, stop: int) -> tuple[str, ...] | None:
        """The card of each word from ``start`` to ``stop`` (as ``words[start:stop]``), or None
        when one is not a card. (A loop that stops at the first word that is not: faster
        than ``tuple(map(...))``, compiled or not; over the line's own list, as a slice of it
        would be a list made and thrown away for each line.)"""
        cards: list[str] = []
        while start < stop:
            card = _CARD_WORDS.get(words[start])
            if card is None:
                return None
            cards.append(card)
            start += 1
        return tuple(cards)

    def _names(self, words: list[str], start: int) -> tuple[str, ...] | None:
        """The player of each word from ``start`` to the line's end (see :meth:`_name`), or
        None when one names nobody."""
        written = self.written
        names: list[str] = []
        stop = len(words)
        while start < stop:
            word = words[start]
            name = written.get(word)
            if name is None:
                name = self._name(word)
                if name is None:
                    return None
            names.append(name)
            start += 1
        return tuple(names)

    # ------------------------------------------------------------------ hand statements

    def _trick(self, words: list[str], text: str, line: int, column: int) -> TrickLine | None:
        """`trick [N] NAME CARD ...`; a colon after the keyword or the number may stand
        alone (`trick 3 : ann 6s`), and a play may have the card taken back after it as two
        words, `(was` (any case) and the card with its `)`: `ann Ts (was 9s)`. Any other
        shape of a card taken back (a space inside the parentheses, none before the `(`) is
        left to Lark."""
        count = len(words)
        at = 1  # (the word after the keyword, its colon and the number: the first play's)
        alone = count > 1 and words[1] == ":" and not words[0].endswith(":")
        if alone:
            at = 2
        number_at = 0  # (the number's word; 0: none)
        if count > at and words[at][:1].isdigit():
            number_at = at
            at += 1
            if count > at and words[at] == ":" and not words[number_at].endswith(":"):
                alone = True
                at += 1
        first = at
        if count == at or (count - at) % 2:  # (a play is two words, a card taken back two)
            return None
        written = self.written
        players: list[str] = []
        cards: list[str] = []
        back: list[str | None] | None = None  # (made at the first card taken back)
        while at < count:
            word = words[at]
            name = written.get(word)
            if name is None:
                if word in _WAS:  # (`(was` stands where the next play's name would)
                    back = self._taken_back(words[at + 1], len(cards), back)
                    if back is None:
                        return None
                    at += 2
                    continue
                name = self._name(word)
                if name is None:
                    return None
            card = _CARD_WORDS.get(words[at + 1])
            if card is None:
                return None
            players.append(name)
            cards.append(card)
            if back is not None:
                back.append(None)
            at += 2
        number = None
        if number_at:  # (last: a number too long is a fault only in a line that reads)
            number = _TRICK_NUMBERS.get(words[number_at])
            if number is None:
                digits = words[number_at]
                digits = digits[:-1] if digits.endswith(":") else digits
                number = self._int(text, digits, number_at)
                if number is None:
                    return None
        retracted = None if back is None else tuple(back)
        # (the words are the items one for one, as records.columns works them out from the
        # text, unless a colon stands alone or a card is taken back: then the line's own)
        cols = None
        if alone or retracted is not None:
            cols = _trick_columns(words, text, number_at, first, retracted, len(players))
        return _record(
            TrickLine,
            (number, tuple(players), tuple(cards), retracted, line, column, text, cols),
        )

    @staticmethod
    def _taken_back(
        word: str, plays: int, back: list[str | None] | None
    ) -> list[str | None] | None:
        """The cards taken back so far, by play (``back``: as before; None: none yet), with
        the card ``word`` (the word after `(was`: the card and its `)`) taken back by the
        last of the ``plays`` plays read so far; or None when ``word`` is no such card, when
        no play comes before it or when that play took a card back already."""
        card = _CARD_WORDS.get(word[:-1]) if word.endswith(")") else None
        if card is None or not plays:
            return None
        if back is None:
            back = [None] * plays
        elif back[-1] is not None:
            return None
        back[-1] = card
        return back

    def _deal(self, words: list[str], text: str, line: int, column: int) -> DealLine | None:
        if len(words) < 3:
            return None
        player = self._name(words[1])
        cards = self._cards(words, 2, len(words))
        if player is None or cards is None:
            return None
        return _record(DealLine, (player, cards, line, column, text, None))

    def _dealer(self, words: list[str], text: str, line: int, column: int) -> DealerLine | None:
        player = self._name(words[1]) if len(words) == 2 else None
        return None if player is None else _record(DealerLine, (player, line, column, text, None))

    def _trump(self, words: list[str], text: str, line: int, column: int) -> TrumpLine | None:
        if len(words) != 2:
            return None
        card = _CARD_WORDS.get(words[1])
        if card is not None:
            if card == JOKER:
                _trump_card(card, self._column(text, 1))  # (raises: the joker has no suit)
            return _record(TrumpLine, (card[-1], card, line, column, text, None))
        suit = _SUIT_WORDS.get(words[1])
        return None if suit is None else _record(TrumpLine, (suit, None, line, column, text, None))

    def _ante(self, words: list[str], text: str, line: int, column: int) -> AnteLine | None:
        players = self._names(words, 1) if len(words) > 1 else ()
        return None if players is None else _record(AnteLine, (players, line, column, text, None))

    def _claim(self, words: list[str], text: str, line: int, column: int) -> ClaimLine | None:
        count = len(words)
        if count not in (4, 6) or words[2] not in _RENEGE:
            return None
        if count == 6 and (words[4] not in _TRICK or not _is_int(words[5])):
            return None
        by, against = self._name(words[1]), self._name(words[3])
        if by is None or against is None:
            return None
        trick = self._int(text, words[5], 5) if count == 6 else None
        return _record(ClaimLine, (by, against, trick, line, column, text, None))

    def _decision(self, words: list[str], text: str, line: int, column: int) -> DecisionLine | None:
        count = len(words)
        if count < 2:
            return None
        first = words[0]
        player = self._name(first[:-1] if first.endswith(":") else first)
        action = _DECISION_WORDS.get(words[1])
        if player is None or action is None:
            return None
        if count == 2:
            if action == "pass":
                return _record(
                    DecisionLine,
                    (player, "pass", None, None, None, line, column, text, None),
                )
            return _record(DecisionLine, (player, "play", 0, None, None, line, column, text, None))
        if action == "pass" or count < 4 or words[2] not in _DISCARD:
            return None
        if count == 4 and _is_int(words[3]):
            exchanged = self._int(text, words[3], 3)
            assert exchanged is not None
            return _record(
                DecisionLine,
                (player, "play", exchanged, None, None, line, column, text, None),
            )
        draw = 3  # where the first `draw` is (the line's end: none)
        while draw < count and words[draw] not in _DRAW:
            draw += 1
        discards = self._cards(words, 3, draw) if draw > 3 else None
        drawn = None
        if draw < count:
            drawn = self._cards(words, draw + 1, count) if draw + 1 < count else None
            if drawn is None:
                return None
        if discards is None:
            return None
        return _record(
            DecisionLine,
            (player, "play", len(discards), discards, drawn, line, column, text, None),
        )

    def _settle(
        self, words: list[str], text: str, line: int, column: int
    ) -> SettleLine | TeamSettleLine | None:
        count = len(words)
        if count == 5:
            entries = self._teams(words, text)
            return (
                None
                if entries is None
                else _record(TeamSettleLine, (entries, line, column, text, None))
            )
        if count == 2 and words[1] in _SPLIT:
            return _record(SettleLine, ("split", None, None, line, column, text, None))
        if count == 3 and words[1] in _POT:
            amount = self._amount(text, words[2], 2)
            return (
                None
                if amount is None
                else _record(SettleLine, ("pot", None, amount, line, column, text, None))
            )
        if count != 4:
            return None
        kind = _SETTLE_WORDS.get(words[2])
        player = self._name(words[1])
        if kind is None or player is None:
            return None
        amount = self._amount(text, words[3], 3)
        return (
            None
            if amount is None
            else _record(SettleLine, (kind, player, amount, line, column, text, None))
        )

    def _score(self, words: list[str], text: str, line: int, column: int) -> ScoreLine | None:
        entries = self._teams(words, text) if len(words) == 5 else None
        return None if entries is None else _record(ScoreLine, (entries, line, column, text, None))

    def _teams(self, words: list[str], text: str) -> tuple[TeamPoints, ...] | None:
        """`ann+cy 5 bob+dee -3` (words 1 to 4 of a team `settle` or a `score` line)."""
        first, second = self._team(words[1]), self._team(words[3])
        if first is None or second is None:
            return None
        if not (self._is_amount(words[2]) and self._is_amount(words[4])):
            return None
        # (the points last: points that are a fault are so only in a line that reads)
        one, two = self._points(text, words[2], 3), self._points(text, words[4], 6)
        if one is None or two is None:
            return None
        return TeamPoints(first, one), TeamPoints(second, two)

    def _team(self, team: str) -> tuple[str, str] | None:
        """`ann+cy` as one word: the two partners' names."""
        plus = team.find("+")
        if plus <= 0:
            return None
        a, b = self._name(team[:plus]), self._name(team[plus + 1 :])
        return None if a is None or b is None else (a, b)

    def _bid(self, words: list[str], text: str, line: int, column: int) -> BidLine | None:
        count = len(words)
        if not 3 <= count <= 4:
            return None
        player = self._name(words[1])
        word = _BID_WORDS.get(words[2])
        suit = _SUIT_WORDS.get(words[3]) if count == 4 else None
        if player is None or (count == 4 and (suit is None or word == "pass")):
            return None
        bid: BidValue
        if word is not None:
            bid = word  # type: ignore[assignment]
        else:
            value = self._int(text, words[2], 2)
            if value is None:
                return None
            bid = _bid(words[2], self._column(text, 2), self.top_bid) if value > 6 else value
        return _record(BidLine, (player, bid, suit, line, column, text, None))

    def _exchange(self, words: list[str], text: str, line: int, column: int) -> ExchangeLine | None:
        if len(words) != 5:
            return None
        bidder, partner = self._name(words[1]), self._name(words[3])
        given, returned = _CARD_WORDS.get(words[2]), _CARD_WORDS.get(words[4])
        if bidder is None or partner is None or given is None or returned is None:
            return None
        return _record(ExchangeLine, (bidder, given, partner, returned, line, column, text, None))

    def _discard(self, words: list[str], text: str, line: int, column: int) -> DiscardLine | None:
        if len(words) != 3:
            return None
        player, card = self._name(words[1]), _CARD_WORDS.get(words[2])
        if player is None or card is None:
            return None
        return _record(DiscardLine, (player, card, line, column, text, None))

    def _redeal(self, words: list[str], text: str, line: int, column: int) -> RedealLine | None:
        if len(words) != 3 or words[2] not in _REASON:
            return None
        player = self._name(words[1])
        return (
            None
            if player is None
            else _record(RedealLine, (player, "ace-no-face", line, column, text, None))
        )

    # ------------------------------------------------------------------ `hand` and the header

    def _hand(self, words: list[str], text: str, line: int, column: int) -> _HandHead | None:
        if len(words) != 2:
            return None
        digits = words[1][:-1] if words[1].endswith(":") else words[1]
        number = _NUMBERS.get(digits)  # (the usual number, at once)
        if number is None:
            if not (digits.isascii() and digits.isdigit()):
                return None
            if len(digits) > _MAX_NUMBER_DIGITS:
                _number(digits, self._column(text, 1))  # (raises: too large)
            number = int(digits)
        return _record(_HandHead, (number, line, column))

    def _header_names(
        self, words: list[str], text: str, line: int, column: int
    ) -> _HeaderLine | None:
        """`game NAME`, `players NAME ...`, `exempt NAME ...` (names as written)."""
        kind = _STATEMENT_WORDS[words[0]]
        names = words[1:]
        if (kind == "game" and len(names) != 1) or (kind == "exempt" and not names):
            return None
        # (each name's column found from the end of the word before it: only separators
        # stand between them, and a name holds none)
        items: list[tuple[str, int]] = []
        at = column - 1 + len(words[0])
        for word in names:
            if self._name_word(word) is None:
                return None
            at = text.find(word, at)
            items.append((word, at + 1))
            at += len(word)
        return _record(_HeaderLine, (kind, tuple(items), None, line, column))

    def _pot(self, words: list[str], text: str, line: int, column: int) -> _HeaderLine | None:
        amount = self._amount(text, words[1], 1) if len(words) == 2 else None
        return None if amount is None else _record(_HeaderLine, ("pot", (), amount, line, column))

    def _header_text(self, kind: str, text: str, line: int, column: int) -> _HeaderLine | None:
        """`title`, `date`, `event`, `table` [TEXT], `rules` TEXT, `option` KEY TEXT: the
        grammar's TEXT runs to the end of the line."""
        s = self.s
        end = column - 1 + len(kind)
        m = (s.header_option if kind == "option" else s.header_text).fullmatch(text, end)
        if m is None:
            return None
        groups = m.groups()
        if kind == "rules" and groups[0] is None:
            return None
        words = tuple(
            [(g.strip(), m.start(i) + 1) for i, g in enumerate(groups, 1) if g is not None]
        )
        return _record(_HeaderLine, (kind, words, None, line, column))


def _trick_columns(
    words: list[str],
    text: str,
    number_at: int,
    first: int,
    retracted: tuple[str | None, ...] | None,
    plays: int,
) -> tuple[int, ...]:
    """The columns of a trick line's items (the keyword, the number, then each play's name,
    card and card taken back, as Lark's reading gives them) where its words are not its
    items one for one: a colon standing alone, and the `(was` before a card taken back, are
    words but no items. ``number_at``: the number's word (0: none); ``first``: the first
    play's name's; ``retracted``: the cards taken back, by play (None: none).

    Each word's column is found from the end of the word before it (only separators stand
    between them, and a word holds none): some 5,500 instructions a line of ten words,
    compiled, where :func:`~referee.records.word_columns` looks at each character (some
    23,000 with its cache)."""
    found: list[int] = []
    at = 0
    for word in words:
        at = text.find(word, at)
        found.append(at + 1)
        at += len(word)
    cols = [found[0], found[number_at]] if number_at else [found[0]]
    at = first
    for play in range(plays):
        cols.append(found[at])
        cols.append(found[at + 1])
        at += 2
        if retracted is not None and retracted[play] is not None:
            cols.append(found[at + 1])  # (the card after `(was`)
            at += 2
    return tuple(cols)


def is_hand_statement(keyword: str | None) -> bool:
    """Whether a statement's keyword is one of a hand's."""
    return keyword in _HAND_STATEMENTS


def statement_keyword(first: str) -> str | None:
    """The keyword a line's first word is (any case, maybe with a colon), or None."""
    return _STATEMENT_WORDS.get(first)


__all__ = [
    "MAX_KEPT",
    "Statement",
    "WordReader",
    "is_hand_statement",
    "is_keyword",
    "printable_words",
    "split_words",
    "statement_keyword",
]
