"""Reading hand logs: text in, typed records (:mod:`referee.records`) and ``P-`` errors out.

The grammar, ``grammar/hand_log.lark``, is the spec of the syntax and the authority on it. It
is applied in these ways:

* **Lark** (LALR, contextual lexer, one line at a time) reads every line that the fast path
  does not recognise, and every bad line, for which its view of what was expected gives the
  error message.
* **The fast path** recognises the usual shapes of the hand statements with anchored regular
  expressions assembled from the grammar's own terminals (names, cards, suits, numbers) and
  builds the records directly. Lark's pure-Python lexer and parser cost 3-4 µs a token, which
  caps a Lark-only reader near 3,000 five-player hands a second; the fast path is what makes
  bulk files fast. It accepts only lines that the grammar accepts, and builds the same
  records (``tests/test_parser.py`` reads lines both ways and compares); anything else it
  leaves to Lark. The usual header statements have a fast path too.
* **The quick path** (``read_log(..., quick=True)``, what ``referee audit`` uses) goes one
  step further for Bourré: a hand whose every line has one of the usual shapes is read into
  a :class:`~referee.records.QuickHand` of plain names and cards, for the engine's quick
  lane; its full records are read only if the engine asks (to explain a finding).

Lark builds its parser in about 60 ms, so it is built only when a line needs it; the
terminals the fast paths are made of are kept in the user's cache folder (see
:func:`_terminals`), so a log whose lines are all usual ones never waits for Lark.

Errors never escape: a line that does not parse is reported (``P-SYNTAX``, or ``P-HEADER``
for header problems) and skipped, and reading goes on with the next line. Memory stays
bounded by one hand: hands are read lazily, a hand at a time.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal, cast

if TYPE_CHECKING:
    from lark import Lark, Token, Tree
    from lark.exceptions import UnexpectedInput

import referee
from referee.cards import JOKER, parse_card, parse_suit
from referee.records import (
    AnteLine,
    BidLine,
    BidValue,
    CardAt,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    Event,
    ExchangeLine,
    Hand,
    Header,
    NameAt,
    OptionLine,
    Play,
    QuickDecision,
    QuickHand,
    QuickTrick,
    ScoreLine,
    SettleLine,
    TeamPoints,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)
from referee.report import ReadError

__all__ = ["GAMES", "KEYWORDS", "LogReader", "read_log", "read_text"]

#: Every spelling of a game name on the ``game`` line, and the game it means.
GAMES: dict[str, Literal["bourre", "bid-euchre"]] = {
    "bourre": "bourre",
    "bourré": "bourre",
    "booray": "bourre",
    "bid-euchre": "bid-euchre",
    "bid_euchre": "bid-euchre",
}

#: Words that may not be a player's name (lower case): the grammar's keywords.
KEYWORDS: frozenset[str] = frozenset({
    "game", "players", "rules", "option", "title", "date", "event", "table", "pot", "exempt",
    "score", "hand", "dealer", "deal", "trick", "claim", "renege", "trump", "ante", "pass",
    "fold", "play", "stand", "discard", "draw", "settle", "wins", "bourre", "bourré", "split",
    "bid", "exchange", "ask", "moon", "was",
})

#: Seats allowed per game.
_PLAYER_COUNT: dict[str, tuple[int, int]] = {"bourre": (2, 8), "bid-euchre": (4, 4)}

_MAX_NUMBER_DIGITS = 9  # hand, trick and discard numbers and bids: anything longer is nonsense
_MAX_AMOUNT_CHARS = 24  # money and points
_MAX_SOURCE_LINE = 1000  # longer lines are not copied into errors
_MAX_GUESS = 16  # the quick path's patterns for a number of plays or cards go no further
_BID_MESSAGE = "expected a bid: pass, a number from 3 to 6, ask or moon"

# ----------------------------------------------------------------------------- the grammar

_GRAMMAR_FILE = "hand_log.lark"
_lock = threading.Lock()
_lock_lark = threading.RLock()
_syntax_instance: _Syntax | None = None


def grammar_text() -> str:
    """The grammar, from the installed package ``referee.grammar`` or else the repository."""
    try:
        return resources.files("referee.grammar").joinpath(_GRAMMAR_FILE).read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        repo = Path(referee.__file__).resolve().parent.parent / "grammar" / _GRAMMAR_FILE
        return repo.read_text("utf-8")


def _syntax() -> _Syntax:
    """The fast-path patterns (and, on demand, the Lark parser), built once per process."""
    global _syntax_instance
    if _syntax_instance is None:
        with _lock:
            if _syntax_instance is None:
                _syntax_instance = _Syntax(grammar_text())
    return _syntax_instance


#: The terminals the fast path is built from (see :func:`_terminals`).
_TERMINALS = ("NAME", "CARD", "SUIT", "INT", "AMOUNT", "HAND")


def _terminals(grammar: str, build: Callable[[], Lark]) -> dict[str, str]:
    """The regular expressions of the grammar's terminals that the fast path is built from,
    and of its keywords (``"keyword"``).

    They are Lark's reading of the grammar, so they take Lark's ~60 ms to build the parser;
    a log whose every line the fast path reads needs nothing else from Lark. So they are
    kept in a small JSON file in the user's cache folder, keyed by the grammar's text and the
    installed Lark, and read from there while both stay the same. Anything wrong with the
    cache (missing, unreadable, stale, not writable) just means asking Lark again.
    """
    from referee import cache

    key = cache.key("terminals", grammar, cache.module_stamp("lark"))
    found = cache.load_json("terminals", key)
    if isinstance(found, dict) and set(found) == {*_TERMINALS, "keyword"} and all(
        isinstance(v, str) for v in found.values()
    ):
        return found
    lark = build()
    terms = {name: lark.get_terminal(name).pattern.to_regexp() for name in _TERMINALS}
    keywords = (t for t in lark.terminals if t.name.isalpha() and t.name.isupper()
                and t.name not in {"NAME", "CARD", "SUIT", "INT", "AMOUNT", "KEY", "TEXT"})
    terms["keyword"] = "|".join(t.pattern.to_regexp() for t in keywords)
    cache.save_json("terminals", key, terms)
    return terms


class _Syntax:
    """The fast-path regular expressions, built from the grammar's terminals, and the Lark
    parser itself, built the first time a line needs it."""

    def __init__(self, grammar: str) -> None:
        self._grammar = grammar
        self._lark: Lark | None = None
        terms = _terminals(grammar, lambda: self.lark)

        def term(name: str) -> str:
            pattern = terms[name]
            assert re.compile(pattern).groups == 0, name  # the fast path numbers its groups
            return f"(?>{pattern})"  # atomic: a token never gives back characters, as in Lark

        sep, end = r"[\t ,]*", r"(?![\w'-])"
        colon = rf"{sep}(?::{sep})?"  # an optional ':' after a keyword

        def kw(*words: str) -> str:
            return "((?i:" + "|".join(words) + f")){end}"

        name, card, suit = term("NAME"), term("CARD"), term("SUIT")
        number, amount = term("INT"), term("AMOUNT")
        cards = rf"((?:{sep}{card})+)"
        team = rf"({name}){sep}\+{sep}({name}){sep}({amount})"
        self.card, self.name = re.compile(card), re.compile(name)
        self.cards = re.compile(rf"{sep}({card})")
        self.names = re.compile(rf"{sep}({name})")
        self.first_word = re.compile(rf"{sep}({name})")
        self.tail = re.compile(sep)
        self.play = re.compile(
            rf"{sep}({name})[\t ,]+({card})(?:[\t ,]*\([\t ]*(?i:was)[\t ,]+({card})[\t ]*\))?"
        )
        self.trick = re.compile(rf"{colon}(?:({number}){colon})?")
        # The quick path: a trick's plays without `(was CARD)`, checked whole, then listed;
        # or, with a number of plays guessed, both in one match (see repeated()).
        self.bare_plays = re.compile(rf"(?:{sep}{name}[\t ,]+{card})+{sep}")
        self.bare_play = re.compile(rf"{sep}({name})[\t ,]+({card})")
        self._repeated: dict[tuple[str, int], re.Pattern[str]] = {}
        self._units = {"play": rf"{sep}({name})[\t ,]+({card})", "card": rf"{sep}({card})"}

        def rest(pattern: str) -> re.Pattern[str]:
            return re.compile(pattern + sep)

        self.hand = rest(rf"{colon}({number}){colon}")
        self.dealer = rest(rf"{colon}({name})")
        self.deal = rest(rf"{colon}({name}){cards}")
        self.claim = rest(rf"{colon}({name}){sep}{kw('renege')}{sep}({name})"
                          rf"(?:{sep}{kw('trick')}{sep}({number}))?")
        self.trump = rest(rf"{colon}(?:({card})|({suit}))")
        self.ante = rest(rf"{colon}((?:{sep}{name})*)")
        self.decision = rest(
            rf"{colon}(?:{kw('pass', 'fold')}|{kw('play', 'stand')}(?:{sep}{kw('discard')}"
            rf"(?:{sep}({number})|{cards}(?:{sep}{kw('draw')}{cards})?))?)"
        )
        self.settle = rest(
            rf"{colon}(?:{kw('split')}|{kw('pot')}{sep}({amount})"
            rf"|({name}){sep}{kw('wins', 'bourre', 'bourré', 'renege')}{sep}({amount})"
            rf"|{team}{sep}{team})"
        )
        self.bid = rest(rf"{colon}({name}){sep}(?:{kw('pass')}|({number})(?:{sep}({suit}))?"
                        rf"|{kw('ask', 'moon')}(?:{sep}({suit}))?)")
        self.exchange = rest(rf"{colon}({name}){sep}({card}){sep}({name}){sep}({card})")
        self.score = rest(rf"{colon}{team}{sep}{team}")
        self.deal_player = re.compile(rf"{colon}({name})")
        self.keyword = re.compile(terms["keyword"])
        self.hand_word = re.compile(terms["HAND"])
        # The header's usual statements (the others are left to Lark).
        self.header_names = rest(rf"{colon}((?:{sep}{name})*)")
        self.header_amount = rest(rf"{colon}({amount})")
        text = r"[^\s,:#][^\n#]*"  # the grammar's TEXT: the rest of the line
        self.header_text = re.compile(rf"{colon}({text})?")
        self.header_option = re.compile(rf"{colon}((?>(?i:[a-z_][a-z0-9_-]*))){sep}({text})")

    @property
    def lark(self) -> Lark:
        """The Lark parser (LALR, contextual lexer), built on first use (about 60 ms)."""
        if self._lark is None:
            with _lock_lark:
                if self._lark is None:
                    from lark import Lark

                    self._lark = Lark(self._grammar, parser="lalr", lexer="contextual",
                                      start=["line", "log"], maybe_placeholders=False)
        return self._lark


# ----------------------------------------------------------------------------- small pieces


    def repeated(self, unit: str, count: int) -> re.Pattern[str]:
        """``count`` plays (``unit`` "play": a NAME group and a CARD group each) or cards
        ("card") and the end of the line, in one pattern with a group per item."""
        key = (unit, count)
        pattern = self._repeated.get(key)
        if pattern is None:
            pattern = self._repeated[key] = re.compile(self._units[unit] * count + r"[\t ,]*")
        return pattern


class _Fault(Exception):
    """A line that parses but cannot be meant (a bid of 9): reported as ``P-SYNTAX``."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


# Letters that Python's case-insensitive matching takes for ASCII ones (the grammar's `"ask"i`
# matches `aſk`); mapped before a matched card, suit or keyword is looked up.
_ODD_CASE = str.maketrans({"İ": "i", "ı": "i", "K": "k", "ſ": "s"})


class _Cards(dict[str, str]):
    """Card text as written -> normalised card; fills itself (the card texts are finitely many)."""

    def __missing__(self, text: str) -> str:
        card = parse_card(text.translate(_ODD_CASE))
        assert card is not None, text  # the grammar's CARD and parse_card agree
        self[text] = card
        return card


_CARDS = _Cards()


def _number(text: str, column: int) -> int:
    """A whole number as written (hand, trick, discard count, bid)."""
    if len(text) > _MAX_NUMBER_DIGITS:
        raise _Fault(column, f"the number {_short(text)} is too large")
    return int(text)


def _amount(text: str, column: int) -> Decimal:
    """Money or points as written, exact."""
    if len(text) > _MAX_AMOUNT_CHARS:
        raise _Fault(column, f"the amount {_short(text)} is too large")
    return Decimal(text)


def _short(text: str, size: int = 20) -> str:
    """``text``, cut to ``size`` characters for a message."""
    return text if len(text) <= size else text[:size] + "..."


def _bid(text: str, column: int) -> int:
    """A numeric bid; above 6 is no bid at all (1 and 2 are judged by the engine)."""
    value = _number(text, column)
    if value > 6:
        raise _Fault(column, _BID_MESSAGE)
    return value


def _trump_card(card: CardAt, column: int) -> TrumpLine:
    """``trump CARD``: the upcard names trump, so it cannot be the joker."""
    if card.card == JOKER:
        raise _Fault(card.column, "the joker has no suit: expected a card such as 7h or a suit")
    return TrumpLine(card.card[-1], card, card.line, column)


def _suit(text: str) -> str:
    suit = parse_suit(text.translate(_ODD_CASE))
    assert suit is not None, text  # the grammar's SUIT and parse_suit agree
    return suit


def _word(text: str) -> str:
    """A matched keyword in lower case (``Bourré`` -> ``bourre``)."""
    return text.translate(_ODD_CASE).lower().replace("é", "e")


class _Names:
    """Resolves names as written against the seated players, ignoring case."""

    def __init__(self, players: Iterable[str]) -> None:
        self.seat(players)

    def seat(self, players: Iterable[str]) -> None:
        """Set who is seated (the header's ``players``)."""
        self.players = tuple(players)
        self.folded = {p.casefold(): p for p in self.players}
        self.exact = {p: p for p in self.players}  # grows with other spellings of seated names

    def at(self, text: str, line: int, column: int) -> NameAt:
        """The NameAt for a name written at ``line``/``column``."""
        declared = self.exact.get(text)
        if declared is None:
            declared = self.seat_of(text)
            if declared is None:
                return NameAt(str(text), False, line, column)
        return NameAt(declared, True, line, column)

    def seat_of(self, text: str) -> str | None:
        """The seated player's name as declared, for a name as written; None if not seated."""
        declared = self.exact.get(text)
        if declared is None:
            declared = self.folded.get(text.casefold())
            if declared is not None and len(self.exact) < 512:
                self.exact[str(text)] = declared
        return declared

    def again(self, name: NameAt) -> NameAt:
        """``name`` resolved again (header names are read before ``players`` is known)."""
        return self.at(name.name, name.line, name.column)

    def seated(self, text: str) -> bool:
        return text.casefold() in self.folded


@dataclass(frozen=True, slots=True)
class _HandHead:
    """``hand N``."""

    number: int
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class _HeaderLine:
    """A header statement as written; ``words`` are its items with their columns."""

    kind: str  # game players rules option title date event table pot exempt
    words: tuple[tuple[str, int], ...]
    amount: Decimal | None
    line: int
    column: int


_Statement = Event | _HandHead | _HeaderLine


# ----------------------------------------------------------------------------- fast path


class _FastPath:
    """Builds records for the usual shapes of hand statements without Lark (see module doc).

    Each method gets the line, the match of its first word and the line number, and returns
    the record, or None to leave the line to Lark.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.names = names
        self.by_keyword: dict[str, Callable[[str, re.Match[str], int], Event | None]] = {
            "trick": self.trick, "dealer": self.dealer, "trump": self.trump, "deal": self.deal,
            "bid": self.bid, "settle": self.settle, "ante": self.ante, "claim": self.claim,
            "exchange": self.exchange, "score": self.score,
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
            plays.append(Play(
                NameAt(seat, True, line, m.start(1) + 1) if seat is not None
                else self.names.at(name, line, m.start(1) + 1),
                CardAt(cards[card], line, m.start(2) + 1),
                None if was is None else CardAt(cards[was], line, m.start(3) + 1),
            ))
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
            return DecisionLine(player, "play", _number(count, m.start(4) + 1), None, None,
                                line, column)
        cards = self._cards(m, 5, line)
        drawn = None if draws is None else self._cards(m, 7, line)
        return DecisionLine(player, "play", len(cards), cards, drawn, line, column)

    def _cards(self, m: re.Match[str], group: int, line: int) -> tuple[CardAt, ...]:
        offset, cards = m.start(group) + 1, _CARDS
        return tuple([CardAt(cards[c.group(1)], line, offset + c.start(1))
                      for c in self.s.cards.finditer(m.group(group))])

    def _names(self, m: re.Match[str], group: int, line: int) -> tuple[NameAt, ...]:
        offset, name_at = m.start(group) + 1, self.names.at
        return tuple([name_at(n.group(1), line, offset + n.start(1))
                      for n in self.s.names.finditer(m.group(group))])

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
        return ClaimLine(self._name(m, 1, line), self._name(m, 3, line), trick, line,
                         first.start(1) + 1)

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
            return SettleLine(cast(Literal["wins", "bourre", "renege"], _word(m.group(5))),
                              self._name(m, 4, line), _amount(m.group(6), m.start(6) + 1),
                              line, column)
        if self._keyword(m.group(7)):
            return None
        return TeamSettleLine(self._teams(m, 7, line), line, column)

    def _keyword(self, word: str) -> bool:
        return word.lower() in KEYWORDS or self.s.keyword.fullmatch(word) is not None

    def _teams(self, m: re.Match[str], group: int, line: int) -> tuple[TeamPoints, ...]:
        return tuple(
            TeamPoints((self._name(m, g, line), self._name(m, g + 1, line)),
                       _amount(m.group(g + 2), m.start(g + 2) + 1), line, m.start(g) + 1)
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
            bid, suit = _bid(m.group(3), m.start(3) + 1), m.group(4)
        else:
            bid, suit = cast(Literal["ask", "moon"], _word(m.group(5))), m.group(6)
        return BidLine(player, bid, None if suit is None else _suit(suit), line, column)

    def exchange(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.exchange.fullmatch(text, first.end())
        if m is None:
            return None
        return ExchangeLine(self._name(m, 1, line), self._card(m, 2, line),
                            self._name(m, 3, line), self._card(m, 4, line),
                            line, first.start(1) + 1)

    def score(self, text: str, first: re.Match[str], line: int) -> Event | None:
        m = self.s.score.fullmatch(text, first.end())
        if m is None:
            return None
        return ScoreLine(self._teams(m, 1, line), line, first.start(1) + 1)


# ----------------------------------------------------------------------------- quick path


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
        "trick": trick, "deal": deal, "trump": trump, "dealer": dealer, "ante": ante,
        "settle": settle,
    }


# ----------------------------------------------------------------------------- Lark path


def _col(token: Token) -> int:
    return (token.start_pos or 0) + 1


def _tokens(tree: Tree[Token]) -> list[Token]:
    from lark import Token

    return [c for c in tree.children if isinstance(c, Token)]


class _TreeReader:
    """Turns Lark's tree for one line into its record (the authoritative reading)."""

    def __init__(self, names: _Names) -> None:
        self.names = names

    def statement(self, tree: Tree[Token], line: int) -> _Statement:
        stmt = cast("Tree[Token]", tree.children[0])
        kind = str(stmt.data)
        toks = _tokens(stmt)
        column = _col(toks[0]) if toks else 1
        build = getattr(self, "_" + kind, None)
        if build is not None:
            return cast(_Statement, build(stmt, toks, line, column))
        return self._header(kind, toks, line, column)

    def _name(self, tok: Token, line: int) -> NameAt:
        return self.names.at(str(tok), line, _col(tok))

    def _card(self, tok: Token, line: int) -> CardAt:
        return CardAt(_CARDS[str(tok)], line, _col(tok))

    def _teams(self, stmt: Tree[Token], line: int) -> tuple[TeamPoints, ...]:
        from lark import Tree

        teams = [c for c in stmt.children if isinstance(c, Tree)]
        points = [t for t in _tokens(stmt) if t.type == "AMOUNT"]
        out = []
        for team, pts in zip(teams, points, strict=True):
            a, b = _tokens(team)
            out.append(TeamPoints((self._name(a, line), self._name(b, line)),
                                  _amount(str(pts), _col(pts)), line, _col(a)))
        return tuple(out)

    def _header(self, kind: str, toks: list[Token], line: int, column: int) -> _HeaderLine:
        keyword = str(toks[0].type).lower()
        words = tuple((str(t).strip(), _col(t)) for t in toks[1:] if t.type != "AMOUNT")
        amounts = [t for t in toks if t.type == "AMOUNT"]
        amount = _amount(str(amounts[0]), _col(amounts[0])) if amounts else None
        return _HeaderLine(keyword, words, amount, line, column)

    def _hand(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> _HandHead:
        return _HandHead(_number(str(toks[1]), _col(toks[1])), line, column)

    def _dealer(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return DealerLine(self._name(toks[1], line), line, column)

    def _deal(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        cards = tuple(self._card(t, line) for t in toks[2:])
        return DealLine(self._name(toks[1], line), cards, line, column)

    def _trick(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        number, number_column = None, 0
        plays = []
        for tok in toks[1:]:
            if tok.type == "INT":
                number_column = _col(tok)
                number = _number(str(tok), number_column)
                continue
            parts = _syntax().play.fullmatch(str(tok))
            assert parts is not None, tok
            start = _col(tok) - 1
            was = parts.group(3)
            plays.append(Play(
                self.names.at(parts.group(1), line, start + parts.start(1) + 1),
                CardAt(_CARDS[parts.group(2)], line, start + parts.start(2) + 1),
                None if was is None else CardAt(_CARDS[was], line, start + parts.start(3) + 1),
            ))
        return TrickLine(number, tuple(plays), line, column, number_column)

    def _claim(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        names = [t for t in toks if t.type == "NAME"]
        ints = [t for t in toks if t.type == "INT"]
        trick = _number(str(ints[0]), _col(ints[0])) if ints else None
        return ClaimLine(self._name(names[0], line), self._name(names[1], line), trick,
                         line, column)

    def _trump(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        tok = toks[1]
        if tok.type == "CARD":
            return _trump_card(self._card(tok, line), column)
        return TrumpLine(_suit(str(tok)), None, line, column)

    def _score(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return ScoreLine(self._teams(stmt, line), line, column)

    def _team_settle(self, stmt: Tree[Token], toks: list[Token], line: int,
                     column: int) -> Event:
        return TeamSettleLine(self._teams(stmt, line), line, column)

    def _ante(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return AnteLine(tuple(self._name(t, line) for t in toks[1:]), line, column)

    def _decision(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        player = self._name(toks[0], line)
        if toks[1].type in ("PASS", "FOLD"):
            return DecisionLine(player, "pass", None, None, None, line, column)
        count = 0
        discards: list[CardAt] | None = None
        draws: list[CardAt] | None = None
        current: list[CardAt] | None = None
        for tok in toks[2:]:
            if tok.type == "INT":  # `discard N`: which cards is not recorded
                count, discards = _number(str(tok), _col(tok)), None
            elif tok.type == "DISCARD":
                current = discards = []
            elif tok.type == "DRAW":
                current = draws = []
            elif current is not None:
                current.append(self._card(tok, line))
        if discards:
            count = len(discards)
        return DecisionLine(player, "play", count, None if discards is None else tuple(discards),
                            None if draws is None else tuple(draws), line, column)

    def _settle(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        kinds = {"WINS": "wins", "BOURRE": "bourre", "RENEGE": "renege", "SPLIT": "split",
                 "POT": "pot"}
        kind = next(kinds[t.type] for t in toks if t.type in kinds)
        names = [t for t in toks if t.type == "NAME"]
        amounts = [t for t in toks if t.type == "AMOUNT"]
        return SettleLine(
            cast(Literal["wins", "bourre", "renege", "split", "pot"], kind),
            self._name(names[0], line) if names else None,
            _amount(str(amounts[0]), _col(amounts[0])) if amounts else None,
            line, column)

    def _bid(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        player = self._name(toks[1], line)
        value = toks[2]
        bid: BidValue = (_bid(str(value), _col(value)) if value.type == "INT"
                         else cast(Literal["pass", "ask", "moon"], _word(value)))
        suit = _suit(str(toks[3])) if len(toks) > 3 else None
        return BidLine(player, bid, suit, line, column)

    def _exchange(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return ExchangeLine(self._name(toks[1], line), self._card(toks[2], line),
                            self._name(toks[3], line), self._card(toks[4], line), line, column)


# ----------------------------------------------------------------------------- error messages

_DESCRIBE = {
    "NAME": "a player name",
    "CARD": "a card such as 7h or Q♠",
    "SUIT": "a suit such as hearts or ♥",
    "NAME_CARD": "a play such as `ann 7h`",
    "INT": "a number",
    "AMOUNT": "an amount such as 5 or 0.50",
    "KEY": "an option name",
    "TEXT": "some text",
    "PLUS": "`+` joining two partners (ann+cy)",
    "$END": "the end of the line",
    "_NL": "the end of the line",
}
_DECISION_WORDS = {"PASS", "FOLD", "PLAY", "STAND", "_COLON"}


def _found(text: str, pos: int) -> str:
    """What stands at ``pos``, for 'found ...'."""
    if pos >= len(text.rstrip("\t ,")):
        return "the end of the line"
    char = text[pos]
    if not char.isprintable() or char.isspace():
        return f"the character U+{ord(char):04X}"
    word = re.match(r"[^\s,]+", text[pos:pos + 40])
    return f"'{_short(word.group(0) if word else char)}'"


def _explain(exc: UnexpectedInput, text: str, names: _Names) -> tuple[int, str]:
    """The column and message for a line Lark rejected: what was expected, in words.

    LALR merges the lookaheads of look-alike states, so the expected set can be a little
    wide (a `draw` after a `deal` line's cards); it is trimmed where that shows.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        end = exc.token.type == "$END"
        pos = len(text.rstrip("\t ,")) if end else (exc.token.start_pos or 0)
    elif isinstance(exc, UnexpectedCharacters):
        expected, pos = set(exc.allowed), exc.pos_in_stream or 0
    else:
        expected, pos = set(getattr(exc, "expected", ())), len(text.rstrip("\t ,"))
    expected -= {"_COLON", "_NL"} if "$END" in expected else {"_COLON"}
    if "DRAW" in expected and not re.search(r"(?i:discard)", text[:pos]):
        expected.discard("DRAW")
    s = _syntax()
    first = s.first_word.match(text)
    found = _found(text, pos)
    if pos == len(text) - len(text.lstrip("\t ,")):  # the line's first token
        return pos + 1, ("expected a statement such as `trick`, `dealer`, `trump` or a "
                         f"player's decision, found {found}")
    if expected and expected <= _DECISION_WORDS and first is not None:
        word = first.group(1)
        if not names.seated(word):
            return first.start(1) + 1, f"unknown statement '{word}'"
        return pos + 1, f"expected pass, fold, play or stand after '{word}', found {found}"
    if {"PASS", "ASK", "MOON", "INT"} <= expected:
        return pos + 1, f"{_BID_MESSAGE}, found {found}"
    if "NAME_CARD" in expected:
        return _explain_play(text, pos, found)
    words = sorted({_DESCRIBE.get(t, f"`{t.lower()}`") for t in expected},
                   key=lambda w: (w == "the end of the line", w.startswith("`"), w))
    if not words:
        return pos + 1, f"unexpected {found}"
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return pos + 1, f"expected {listed}, found {found}"


def _explain_play(text: str, pos: int, found: str) -> tuple[int, str]:
    """Which part of a `NAME CARD (was CARD)` play is wrong."""
    s = _syntax()
    name = s.name.match(text, pos)
    if name is not None:
        at = len(text) - len(text[name.end():].lstrip("\t ,"))
        card = s.card.match(text, at)
        if card is None:
            return at + 1, (f"expected a card such as 7h or Q♠ after '{name.group(0)}', "
                            f"found {_found(text, at)}")
        pos = len(text) - len(text[card.end():].lstrip("\t ,"))
        found = _found(text, pos)
    if text.startswith("(", pos):
        return pos + 1, "expected `(was CARD)`, the card taken back, such as (was 9h)"
    return pos + 1, f"expected a play such as `ann 7h`, found {found}"


# ----------------------------------------------------------------------------- reading


def _kind(item: _HeaderLine | ScoreLine) -> str:
    return "score" if isinstance(item, ScoreLine) else item.kind


def _statement_word(stmt: _Statement) -> str:
    """The keyword that starts a statement, for messages."""
    if isinstance(stmt, _HeaderLine):
        return stmt.kind
    if isinstance(stmt, _HandHead):
        return "hand"
    return {
        DealerLine: "dealer", DealLine: "deal", TrickLine: "trick", ClaimLine: "claim",
        AnteLine: "ante", TrumpLine: "trump", DecisionLine: "pass/play", SettleLine: "settle",
        BidLine: "bid", ExchangeLine: "exchange", TeamSettleLine: "settle", ScoreLine: "score",
    }[type(stmt)]


_Line = tuple[int, str, str]  # line number, text without comment or line end, the line as read
# A non-blank line of a hand: as _Line, then its first word's match and that word lower-cased.
_BlockLine = tuple[int, str, str, re.Match[str] | None, str]


class LogReader:
    """Reads one hand log: the header at once, then the hands lazily, one at a time.

    ``header`` is None when the log has no usable header (no or an unknown ``game``, no valid
    ``players``); ``hands()`` then yields nothing, though the hands' lines are still read for
    errors. ``errors`` grows as hands are read and is complete once ``hands()`` is exhausted.
    ``hands()`` can be iterated once.
    """

    header: Header | None
    errors: list[ReadError]

    def __init__(self, lines: Iterable[str], *, quick: bool = False, fast: bool = True) -> None:
        self.errors = []
        self.header = None
        self._syntax = _syntax()
        self._lines = iter(lines)
        self._lineno = 0
        self._use_fast = fast  # False reads every line with Lark (for tests)
        self._fast_failures = 0  # fast-path exceptions (bugs), for tests
        self._pending: _Line | None = None  # the `hand` line that ended the previous block
        self._header_source: dict[int, str] = {}  # header lines by number, for errors
        self._names = _Names(())  # nobody is seated until the header has been read
        self._fast = _FastPath(self._syntax, self._names)
        self._trees = _TreeReader(self._names)
        self._read_header()
        self._quick = (_QuickPath(self._syntax, self._names, 5)
                       if quick and self.header is not None and self.header.game == "bourre"
                       else None)

    # ------------------------------------------------------------------ one line

    def _error(self, code: str, line: int | None, column: int | None, message: str,
               source: str | None = None) -> None:
        if source is None and line is not None:
            source = self._header_source.get(line)
        if source is not None and len(source) > _MAX_SOURCE_LINE:
            source = source[:_MAX_SOURCE_LINE] if (column or 0) <= _MAX_SOURCE_LINE else None
        self.errors.append(ReadError(code, line, column, message, source))

    def _parse(self, entry: _Line) -> _Statement | None:
        """Read one line with Lark; report it and return None when it does not parse."""
        from lark.exceptions import UnexpectedInput

        line, text, raw = entry
        try:
            try:
                tree = self._syntax.lark.parse(text, start="line")
                return self._trees.statement(tree, line)
            except UnexpectedInput as exc:
                column, message = _explain(exc, text, self._names)
            except _Fault as fault:
                column, message = fault.column, fault.message
        except Exception as exc:  # never let a line stop the reading; this is a bug if seen
            column, message = 1, f"could not read this line ({type(exc).__name__})"
        self._error("P-SYNTAX", line, column, message, raw)
        return None

    # ------------------------------------------------------------------ header

    def _header_lines(self) -> Iterator[_Line]:
        """The non-blank lines before the first hand; comments, line ends and a BOM removed."""
        for raw in self._lines:
            self._lineno += 1
            raw = raw.rstrip("\r\n")
            if self._lineno == 1 and raw.startswith("\ufeff"):
                raw = raw[1:]
            text = raw[: raw.index("#")] if "#" in raw else raw
            if text.strip("\t ,"):
                yield self._lineno, text, raw

    def _read_header(self) -> None:
        items: list[_HeaderLine | ScoreLine] = []
        for entry in self._header_lines():
            first = self._syntax.first_word.match(entry[1])
            if first is not None and self._is_hand(first.group(1)):
                self._pending = entry
                break
            fast = self._header_fast(entry, first) if first is not None else None
            stmt = fast if fast is not None else self._parse(entry)
            if isinstance(stmt, _HeaderLine | ScoreLine):
                items.append(stmt)
                self._header_source[entry[0]] = entry[2]
            elif stmt is not None:
                self._error("P-HEADER", entry[0], stmt.column,
                            f"`{_statement_word(stmt)}` belongs in a hand: it must come after "
                            "a `hand` line", entry[2])
        self.header = self._make_header(items)
        if self.header is not None:
            self._names.seat(self.header.players)

    def _header_fast(self, entry: _Line, first: re.Match[str]) -> _HeaderLine | None:
        """The usual header statements (`game`, `players`, `exempt`, `pot`) read without
        Lark, as Lark reads them; None for any other line, left to Lark."""
        if not self._use_fast:
            return None
        line, text, _ = entry
        kind, column, s = first.group(1).lower(), first.start(1) + 1, self._syntax
        if kind == "pot":
            m = s.header_amount.fullmatch(text, first.end())
            if m is None or len(m.group(1)) > _MAX_AMOUNT_CHARS:
                return None
            return _HeaderLine("pot", (), Decimal(m.group(1)), line, column)
        if kind in ("title", "date", "event", "table", "rules", "option"):
            return self._header_text(kind, entry, first)
        if kind not in ("game", "players", "exempt"):
            return None
        m = s.header_names.fullmatch(text, first.end())
        if m is None:
            return None
        start = m.start(1) + 1
        words = tuple((n.group(1), start + n.start(1)) for n in s.names.finditer(m.group(1)))
        if (kind == "game" and len(words) != 1) or (kind == "exempt" and not words):
            return None
        return _HeaderLine(kind, words, None, line, column)

    def _header_text(self, kind: str, entry: _Line, first: re.Match[str]) -> _HeaderLine | None:
        """`title`, `date`, `event`, `table` [TEXT], `rules` TEXT, `option` KEY TEXT."""
        line, text, _ = entry
        s = self._syntax
        m = (s.header_option if kind == "option" else s.header_text).fullmatch(text, first.end())
        if m is None or (kind == "rules" and m.group(1) is None):
            return None
        words = tuple((m.group(g).strip(), m.start(g) + 1)
                      for g in range(1, m.re.groups + 1) if m.group(g) is not None)
        return _HeaderLine(kind, words, None, line, first.start(1) + 1)

    def _is_hand(self, word: str) -> bool:
        """Whether a line's first word is the keyword `hand` (which starts a new hand)."""
        return word.lower() == "hand" or (
            not word.isascii() and self._syntax.hand_word.fullmatch(word) is not None)

    def _make_header(self, items: list[_HeaderLine | ScoreLine]) -> Header | None:
        """Check the header statements and assemble the Header (None when unusable)."""
        once: dict[str, _HeaderLine | ScoreLine] = {}
        for item in items:
            kind = _kind(item)
            if kind in ("game", "players", "rules", "pot", "score"):
                if kind in once:
                    self._error("P-HEADER", item.line, item.column,
                                f"a second `{kind}` line (the first is line {once[kind].line})")
                    continue
                once[kind] = item
        game_line, players_line = once.get("game"), once.get("players")
        game = None
        if not isinstance(game_line, _HeaderLine):
            self._error("P-HEADER", None, None,
                        "the log has no `game` line (such as `game bourre` or `game bid-euchre`)")
        else:
            name, column = game_line.words[0]
            game = GAMES.get(name.lower())
            if game is None:
                self._error("P-HEADER", game_line.line, column,
                            f"unknown game '{name}': expected bourre or bid-euchre")
        if not isinstance(players_line, _HeaderLine):
            self._error("P-HEADER", None, None, "the log has no `players` line")
            return None
        seated = self._check_players(players_line, game)
        for item in items:
            kind = _kind(item)
            if ((game == "bid-euchre" and kind in ("pot", "exempt"))
                    or (game == "bourre" and kind == "score")):
                other = "Bourré" if game == "bid-euchre" else "Bid Euchre"
                self._error("P-HEADER", item.line, item.column,
                            f"`{kind}` is a {other} statement")
        if game is None or game_line is None or seated is None:
            return None
        names = _Names(seated)
        header = [i for i in items if isinstance(i, _HeaderLine)]
        rules, pot, score = once.get("rules"), once.get("pot"), once.get("score")
        return Header(
            game=game,
            players=seated,
            rules_path=rules.words[0][0] if isinstance(rules, _HeaderLine) else None,
            options=tuple(OptionLine(i.words[0][0], i.words[1][0], i.line, i.column)
                          for i in header if i.kind == "option"),
            metadata=tuple((i.kind, i.words[0][0] if i.words else "")
                           for i in header if i.kind in ("title", "date", "event", "table")),
            pot=pot.amount if isinstance(pot, _HeaderLine) else None,
            exempt=tuple(names.at(word, i.line, column)
                         for i in header if i.kind == "exempt" for word, column in i.words),
            score=tuple(TeamPoints((names.again(e.team[0]), names.again(e.team[1])),
                                   e.points, e.line, e.column)
                        for e in (score.entries if isinstance(score, ScoreLine) else ())),
            line=game_line.line,
            column=game_line.column,
            players_line=players_line.line,
            rules_line=rules.line if rules else 0,
            rules_column=rules.words[0][1] if isinstance(rules, _HeaderLine) else 0,
        )

    def _check_players(self, item: _HeaderLine | None,
                       game: str | None) -> tuple[str, ...] | None:
        """The seated names, or None (reported) when the players line is not usable."""
        if item is None:
            return None
        ok = True
        seen: set[str] = set()
        for name, column in item.words:
            problem = None
            if name.lower() in KEYWORDS or self._syntax.keyword.fullmatch(name):
                problem = f"'{name}' is a keyword and cannot be a player's name"
            elif parse_card(name) is not None:
                problem = f"'{name}' looks like a card and cannot be a player's name"
            elif name.casefold() in seen:
                problem = f"'{name}' is seated twice"
            seen.add(name.casefold())
            if problem:
                ok = False
                self._error("P-HEADER", item.line, column, problem)
        if game in _PLAYER_COUNT:
            low, high = _PLAYER_COUNT[game]
            count = len(item.words)
            if not low <= count <= high:
                ok = False
                need = f"exactly {low}" if low == high else f"{low} to {high}"
                title = "Bourré" if game == "bourre" else "Bid Euchre"
                self._error("P-HEADER", item.line, item.column,
                            f"{title} needs {need} players, not {count}")
        return tuple(name for name, _ in item.words) if ok else None

    # ------------------------------------------------------------------ hands

    def hands(self) -> Iterator[Hand | QuickHand]:
        """The hands in log order, each read when it is reached.

        With ``quick`` (see :func:`read_log`) a Bourré hand whose lines all have the usual
        shapes comes as a :class:`QuickHand`; every other hand as a :class:`Hand`.
        """
        number = 0
        while self._pending is not None:
            entry, self._pending = self._pending, None
            head = self._hand_head(entry)
            if head is not None:
                number, line, column = head.number, head.line, head.column
            else:  # an unreadable `hand` line (reported): keep the count going
                number, line, column = number + 1, entry[0], 1
            block: list[_BlockLine] = []
            read = partial(self._hand, number, line, column, block)
            quick = None if self._quick is None else self._quick.start(number, line, column, read)
            quick = self._block(block, quick)
            if self.header is None:
                self._events(block)  # for the errors
                continue
            yield read() if quick is None else quick

    def _hand_head(self, entry: _Line) -> _HandHead | None:
        """The `hand N` line: fast, or by Lark to explain what is wrong with it."""
        line, text, _ = entry
        first = self._syntax.first_word.match(text)
        m = self._syntax.hand.fullmatch(text, first.end()) if first else None
        if first is not None and m is not None and self._use_fast:
            try:
                return _HandHead(_number(m.group(1), m.start(1) + 1), line, first.start(1) + 1)
            except _Fault:
                pass
        stmt = self._parse(entry)
        return stmt if isinstance(stmt, _HandHead) else None

    def _hand(self, number: int, line: int, column: int, block: list[_BlockLine]) -> Hand:
        return Hand(number, tuple(self._events(block)), line, column)

    def _block(self, block: list[_BlockLine], quick: QuickHand | None) -> QuickHand | None:
        """Read the non-blank lines up to the next `hand` line (kept in ``_pending``) or the
        end into ``block``, and the usual ones into ``quick`` as they come; give ``quick``,
        or None when a line was not a usual one (then the block is read in full).

        This loop runs once per line of a bulk file, so it is written for speed.
        """
        first_word = self._syntax.first_word.match
        add_quick = self._quick.line if self._quick is not None else None
        number = self._lineno
        for raw in self._lines:
            number += 1
            raw = raw.rstrip("\r\n")
            text = raw[: raw.index("#")] if "#" in raw else raw
            first = first_word(text)
            if first is None:
                if text.strip("\t ,"):
                    block.append((number, text, raw, None, ""))
                    quick = None
                continue
            word = first.group(1)
            lower = word.lower()
            if lower == "hand" or (not word.isascii() and self._is_hand(word)):
                self._pending = (number, text, raw)
                break
            block.append((number, text, raw, first, lower))
            if quick is not None and not (add_quick and add_quick(text, first, lower, quick)):
                quick = None
        self._lineno = number
        return quick

    def _events(self, block: list[_BlockLine]) -> list[Event]:
        """Read a hand's statements (reporting the lines that do not parse)."""
        events: list[Event] = []
        keyword = self._syntax.keyword.fullmatch
        by_keyword = self._fast.by_keyword if self._use_fast else {}
        decision = self._fast.decision if self._use_fast else None
        for number, text, raw, first, lower in block:
            stmt: _Statement | None = None
            if first is not None:
                word = first.group(1)
                method = by_keyword.get(lower)
                if method is None and lower not in KEYWORDS and (
                        word.isascii() or keyword(word) is None):
                    method = decision  # a line that starts with a name: `ann play`
                if method is not None:
                    try:
                        stmt = method(text, first, number)
                    except _Fault as fault:
                        self._error("P-SYNTAX", number, fault.column, fault.message, raw)
                        continue
                    except Exception:  # a fast-path bug: Lark reads the line instead
                        self._fast_failures += 1
            if stmt is None:
                stmt = self._parse((number, text, raw))
            if isinstance(stmt, _HeaderLine | _HandHead):
                self._error("P-HEADER", number, stmt.column,
                            f"`{_statement_word(stmt)}` belongs in the header, before the first "
                            "`hand`", raw)
            elif stmt is not None:
                events.append(stmt)
        return events


def read_log(lines: Iterable[str], *, quick: bool = False) -> LogReader:
    """Read a log from its lines (as from a text file: each may end in ``\\n`` or ``\\r\\n``).

    ``quick``: give the usual Bourré hands as :class:`QuickHand` (for the engine's quick
    lane) rather than :class:`Hand`.
    """
    return LogReader(lines, quick=quick)


def read_text(text: str, *, quick: bool = False) -> LogReader:
    """Read a log held in a string; ``\\n``, ``\\r\\n`` and ``\\r`` all end a line."""
    return LogReader(io.StringIO(text, newline=None), quick=quick)
