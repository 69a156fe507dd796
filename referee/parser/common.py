"""The small pieces of reading: game names and keywords, limits, value checks
(numbers, amounts, bids, cards, suits), seated names and the header's statement records."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import NamedTuple

from referee.amounts import AmountError, exact_amount
from referee.cards import JOKER, parse_card, parse_suit
from referee.currency import strip_sign
from referee.names import shown
from referee.records import Event, NameAt

#: The keyword each statement starts with (a player's decision starts with the player's
#: name), the most written first: the order breaks ties between the keywords a slip may be
#: of (:mod:`referee.parser.messages`). :mod:`referee.parser.words` reads a line by them;
#: ``tests/test_statements.py`` checks them against the statements
#: :mod:`referee.statements` explains.
STATEMENT_KEYWORDS: tuple[str, ...] = (
    "trick", "dealer", "deal", "trump", "ante", "settle", "claim", "bid", "exchange",
    "score", "hand", "game", "players", "rules", "option", "title", "date", "event",
    "table", "pot", "exempt", "discard", "redeal",
)  # fmt: skip
#: Words that may not be a player's name (lower case): the grammar's keywords, the
#: statements' and the other words.
KEYWORDS: frozenset[str] = frozenset(
    (
        *STATEMENT_KEYWORDS,
        "renege",
        "penalty",
        "pass",
        "fold",
        "play",
        "stand",
        "draw",
        "wins",
        "bourre",
        "bourré",
        "split",
        "ask",
        "moon",
        "ace-no-face",
        "was",
    )
)


_MAX_NUMBER_DIGITS = 9  # hand, trick and discard numbers and bids: anything longer is nonsense
_MAX_AMOUNT_CHARS = 24  # money and points
_MAX_SOURCE_LINE = 1000  # longer lines are not copied into errors
_BID_MESSAGE = "expected a bid: pass, a number from 3 to 6, ask or moon"


def _bid_message(top: int = 6) -> str:
    """What a bid may be: numbers up to ``top`` (6, or 12 with the house option `deck:
    double`)."""
    return _BID_MESSAGE if top == 6 else _BID_MESSAGE.replace("to 6", f"to {top}")


# ----------------------------------------------------------------------------- small pieces


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
    """Money as written (AMOUNT), exact and bounded (:func:`referee.amounts.exact_amount`);
    a currency sign is not part of the value."""
    if len(text) > _MAX_AMOUNT_CHARS:
        raise _Fault(column, f"the amount {_short(text)} is too large")
    try:
        return exact_amount(strip_sign(text))
    except AmountError as exc:
        raise _Fault(column, str(exc)) from None


def _points(text: str, column: int) -> Decimal:
    """Points as written (AMOUNT): like money, but with no currency sign."""
    number = strip_sign(text)
    if number != text:
        raise _Fault(column, f"points take no currency sign: write {_short(number)}")
    return _amount(text, column)


def _short(text: str, size: int = 20) -> str:
    """``text``, cut to ``size`` characters for a message."""
    return text if len(text) <= size else text[:size] + "..."


def _bid(text: str, column: int, top: int = 6) -> int:
    """A numeric bid; above ``top`` (6, or 12 with the house option `deck: double`) is no bid
    at all (1 and 2 are judged by the engine)."""
    value = _number(text, column)
    if value > top:
        raise _Fault(column, _bid_message(top))
    return value


def _trump_card(card: str, column: int) -> None:
    """``trump CARD``: the upcard names trump, so it cannot be the joker (``column``: the
    card's)."""
    if card == JOKER:
        raise _Fault(column, "the joker has no suit: expected a card such as 7h or a suit")


def _suit(text: str) -> str:
    suit = parse_suit(text.translate(_ODD_CASE))
    assert suit is not None, text  # the grammar's SUIT and parse_suit agree
    return suit


def _word(text: str) -> str:
    """A matched keyword in lower case (``Bourré`` -> ``bourre``)."""
    return text.translate(_ODD_CASE).lower().replace("é", "e")


class _Names:
    """Resolves names as written against the seated players, ignoring case.

    A seated player is known by the name as the reports show it (:func:`referee.names.shown`:
    as written, or with its code points when it mixes scripts); :attr:`written` keeps the
    names as the `players` line wrote them.
    """

    def __init__(self, players: Iterable[str]) -> None:
        self.seat(players)

    def seat(self, written: Iterable[str]) -> None:
        """Set who is seated (the names of the header's ``players`` line, as written)."""
        self.written = tuple(written)
        self.players = tuple([shown(p) for p in self.written])
        self.folded = {p.casefold(): s for p, s in zip(self.written, self.players, strict=True)}
        # (grows with other spellings of seated names)
        self.exact = dict(zip(self.written, self.players, strict=True))

    def seat_as(self, other: _Names) -> None:
        """Seat whom ``other`` seats, as :meth:`seat` with its names as written would (its
        work not done again for each log): the spellings ``other`` has learned since it was
        seated are not taken."""
        self.written, self.players, self.folded = other.written, other.players, other.folded
        self.exact = dict(zip(self.written, self.players, strict=True))

    def at(self, text: str, line: int, column: int) -> NameAt:
        """The NameAt for a name written at ``line``/``column``."""
        declared = self.exact.get(text)
        if declared is None:
            declared = self.seat_of(text)
            if declared is None:
                return NameAt(str(text), False, line, column)
        return NameAt(declared, True, line, column)

    def resolve(self, text: str) -> str:
        """A name as written: the seated player's name as declared, else the text."""
        declared = self.exact.get(text)
        if declared is None:
            declared = self.seat_of(text)
        return declared if declared is not None else str(text)

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


class _HandHead(NamedTuple):
    """``hand N`` (a named tuple, as :class:`_HeaderLine` is)."""

    number: int
    line: int
    column: int


class _HeaderLine(NamedTuple):
    """A header statement as written; ``words`` are its items with their columns (a named
    tuple: compiled, a frozen dataclass is made several times as dearly)."""

    kind: str  # game players rules option title date event table pot exempt
    words: tuple[tuple[str, int], ...]
    amount: Decimal | None
    line: int
    column: int


_Statement = Event | _HandHead | _HeaderLine
