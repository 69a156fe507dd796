"""The small pieces of reading: game names and keywords, limits, value checks
(numbers, amounts, bids, cards, suits), seated names and the header's statement records."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from referee.cards import JOKER, parse_card, parse_suit
from referee.currency import strip_sign
from referee.records import Event, NameAt

#: Words that may not be a player's name (lower case): the grammar's keywords.
KEYWORDS: frozenset[str] = frozenset(
    {
        "game",
        "players",
        "rules",
        "option",
        "title",
        "date",
        "event",
        "table",
        "pot",
        "exempt",
        "score",
        "hand",
        "dealer",
        "deal",
        "trick",
        "claim",
        "renege",
        "penalty",
        "trump",
        "ante",
        "pass",
        "fold",
        "play",
        "stand",
        "discard",
        "draw",
        "settle",
        "wins",
        "bourre",
        "bourré",
        "split",
        "bid",
        "exchange",
        "ask",
        "moon",
        "redeal",
        "ace-no-face",
        "was",
    }
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
    """Money as written (AMOUNT), exact; a currency sign is not part of the value."""
    if len(text) > _MAX_AMOUNT_CHARS:
        raise _Fault(column, f"the amount {_short(text)} is too large")
    return Decimal(strip_sign(text))


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


#: Letters of other scripts (and a few Latin ones and digits) that look like a Latin letter,
#: after NFKC and case folding: enough to tell when two seated names would read alike (a
#: Latin ``ann`` and a Cyrillic ``аnn``). Not all of Unicode's confusables, but the letters
#: of the scripts a name is likely to borrow from.
_LOOKALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "һ": "h",
        "н": "h",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "ӏ": "l",
        "м": "m",
        "п": "n",
        "о": "o",
        "р": "p",
        "ԛ": "q",
        "г": "r",
        "ѕ": "s",
        "т": "t",
        "и": "u",
        "ц": "u",
        "ѵ": "v",
        "ԝ": "w",
        "х": "x",
        "у": "y",
        "ү": "y",
        "з": "3",
        "ԁ": "d",
        "ɡ": "g",
        "ь": "b",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "γ": "y",
        "ϲ": "c",
        "ϳ": "j",
        "μ": "u",
        "ω": "w",
        "ζ": "z",
        # Latin look-alikes and digits
        "ı": "i",
        "ɑ": "a",
        "ʟ": "l",
        "ɩ": "i",
        "ℓ": "l",
        "0": "o",
        "1": "l",
    }
)


def look_alike_key(name: str) -> str:
    """What a name looks like: composed compatibly (NFKC), case-folded, and each letter
    that looks like a Latin one taken as that letter."""
    import unicodedata

    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKE)


def look_alike_difference(name: str, other: str) -> str:
    """The first character of ``name`` that differs from ``other`` although it looks the
    same, named (``'а' is U+0430 CYRILLIC SMALL LETTER A``), for a message."""
    import unicodedata

    for mine, theirs in zip(name, other, strict=False):
        if mine.casefold() != theirs.casefold():
            code = f"U+{ord(mine):04X} {unicodedata.name(mine, 'UNNAMED CHARACTER')}"
            return f"its '{mine}' is {code}"
    return "they differ in how they are written"


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


@dataclass(frozen=True, slots=True)
class _HandHead:
    """``hand N``."""

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
