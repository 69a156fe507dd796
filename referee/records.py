"""Typed, frozen records of a parsed hand log: one record type per statement.

The reader (:mod:`referee.parser`) turns each line into its record and does nothing else:
no judging happens here. A record holds what its statement says as plain values (names,
cards, numbers, amounts), its 1-based ``line`` and the ``column`` where the statement
starts, and its ``text`` (the line as read, without its comment). Where a finding needs the
column of one item of the statement (a card, a name, a number), :func:`columns` works it
out from the text: the columns are computed only for the few lines a report points into.

Names are resolved case-insensitively against the ``players`` line: a seated player's name
is given as first declared, any other name as written (the engines report it as
``L-PLAYER``: a name is seated exactly when it is one of the header's ``players``). Cards
are normalised strings (see :mod:`referee.cards`); whether a card belongs to the deck is
for the engine. Money and points are :class:`~decimal.Decimal`.

Each record is a named tuple: immutable, typed and cheap to make (a log has millions of
them). Its ``cols`` is None when the line was read by its words, and then :func:`columns`
finds each item's column by parting the text again the same way; the Lark reader, which
knows every token's position, fills it.

The annotations here are evaluated as the classes are made (no ``from __future__ import
annotations``): a named tuple's field given as a string is compiled as a forward reference
when its class is made, some 1 ms of start-up for these hundred fields.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Literal, NamedTuple

# ----------------------------------------------------------------------------- positions


class NameAt(NamedTuple):
    """A player's name where it appears in the log (``seated``: one of the ``players``)."""

    name: str
    seated: bool
    line: int
    column: int


class CardAt(NamedTuple):
    """A card where it appears in the log (``card`` is normalised, e.g. ``"Td"``)."""

    card: str
    line: int
    column: int


#: The characters that part the words of a line (the grammar's separators).
SEPARATORS = " \t,"


@lru_cache(maxsize=4)
def word_columns(text: str) -> tuple[int, ...]:
    """The 1-based column of each item of a line read by its words: the words parted at
    spaces, tabs and commas, a word ``a+b`` (a team) being two items, the second just after
    its ``+``. (A trailing ``:`` belongs to its word: ``trick 3: ann 7h``.)

    The last few lines' columns are kept: the findings on one line ask for them once each,
    and a line of thousands of plays with a fault in each would otherwise be worked out
    again for each (quadratic in the line's length)."""
    found: list[int] = []
    i, end = 0, len(text)
    while i < end:
        if text[i] in SEPARATORS:
            i += 1
            continue
        start = i
        while i < end and text[i] not in SEPARATORS:
            i += 1
        found.append(start + 1)
        plus = text.find("+", start + 1, i)
        if plus > 0:
            found.append(plus + 2)
    return tuple(found)


# ----------------------------------------------------------------------------- common events
#
# Each record's docstring lists its *items*, in the order :func:`columns` gives their columns.


class DealerLine(NamedTuple):
    """``dealer NAME``. Items: the keyword, the name."""

    player: str
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class DealLine(NamedTuple):
    """``deal NAME CARD ...``: the cards one player was dealt. Items: the keyword, the
    name, each card."""

    player: str
    cards: tuple[str, ...]
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class TrickLine(NamedTuple):
    """``trick [N] NAME CARD ...``: the plays of one trick in the order played.

    ``players[i]`` played ``cards[i]``; ``retracted`` is None when no card was taken back,
    else ``retracted[i]`` is the card ``players[i]`` took back (``(was CARD)``) or None.
    Items: the keyword, the number (if written), then for each play its name, its card
    and the card taken back (if any).
    """

    number: int | None
    players: tuple[str, ...]
    cards: tuple[str, ...]
    retracted: tuple[str | None, ...] | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class ClaimLine(NamedTuple):
    """``claim NAME renege NAME [trick N]``: a renege claimed at the table. Items: the
    keyword, the claimant, ``renege``, the accused, then ``trick`` and its number."""

    by: str
    against: str
    trick: int | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


# ----------------------------------------------------------------------------- Bourré events


class AnteLine(NamedTuple):
    """``ante NAME ...``: who paid the ante, as recorded. Items: the keyword, each name."""

    players: tuple[str, ...]
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class TrumpLine(NamedTuple):
    """``trump CARD`` (the upcard) or ``trump SUIT``; ``card`` is None for a bare suit.
    Items: the keyword, the card or suit."""

    suit: str
    card: str | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class DecisionLine(NamedTuple):
    """``NAME pass`` / ``NAME play [discard N | discard CARD... [draw CARD...]]``.

    ``discard_count`` is the number of cards exchanged (0 for a plain ``play``, None for a
    pass). ``discards`` is the listed discards, or None when only a count was written;
    ``draws`` is the listed draws, or None when not written. Items: the name, the action,
    then ``discard`` and its number or cards, then ``draw`` and its cards.
    """

    player: str
    action: Literal["pass", "play"]
    discard_count: int | None
    discards: tuple[str, ...] | None
    draws: tuple[str, ...] | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


SettleKind = Literal["wins", "bourre", "renege", "penalty", "split", "pot"]


class SettleLine(NamedTuple):
    """A recorded Bourré settlement item.

    ``kind`` is ``wins``, ``bourre``, ``renege``, ``penalty`` (with a player and amount),
    ``split`` (no player, no amount) or ``pot`` (amount only). Items: the keyword, then the
    name, the kind and the amount; or ``split``; or ``pot`` and the amount.
    """

    kind: SettleKind
    player: str | None
    amount: Decimal | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


# ----------------------------------------------------------------------------- Bid Euchre events


BidValue = int | Literal["pass", "ask", "moon"]


class BidLine(NamedTuple):
    """``bid NAME pass|N [SUIT]|ask|moon``. Items: the keyword, the name, the bid, the
    suit (if written)."""

    player: str
    bid: BidValue
    suit: str | None
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class ExchangeLine(NamedTuple):
    """``exchange BIDDER CARD PARTNER CARD`` after an ``ask``. Items: the keyword, the
    bidder, the card given, the partner, the card returned."""

    bidder: str
    given: str
    partner: str
    returned: str
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class DiscardLine(NamedTuple):
    """``discard NAME CARD``: with the joker, the dealer (dealt seven) lays a card aside.
    Items: the keyword, the name, the card."""

    player: str
    card: str
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class RedealLine(NamedTuple):
    """``redeal NAME ace-no-face``: NAME calls a redeal before the bidding (``reason`` is
    ``"ace-no-face"``, the one reason the log format has). Items: the keyword, the name,
    the reason."""

    player: str
    reason: Literal["ace-no-face"]
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class TeamPoints(NamedTuple):
    """One ``TEAM POINTS`` pair of a Bid Euchre ``settle`` or ``score`` line: the two
    partners' names, in the order written, and the points."""

    team: tuple[str, str]
    points: Decimal


class TeamSettleLine(NamedTuple):
    """``settle TEAM POINTS TEAM POINTS``: recorded points scored this hand. Items: the
    keyword, then for each entry its two names and its points."""

    entries: tuple[TeamPoints, ...]
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


class ScoreLine(NamedTuple):
    """``score TEAM POINTS TEAM POINTS``: recorded running totals after this hand (or, in
    the header, before hand 1). Items: as :class:`TeamSettleLine`'s."""

    entries: tuple[TeamPoints, ...]
    line: int
    column: int
    text: str
    cols: tuple[int, ...] | None = None


Event = (
    DealerLine
    | DealLine
    | TrickLine
    | ClaimLine
    | AnteLine
    | TrumpLine
    | DecisionLine
    | SettleLine
    | BidLine
    | ExchangeLine
    | DiscardLine
    | RedealLine
    | TeamSettleLine
    | ScoreLine
)


def columns(event: Event) -> tuple[int, ...]:
    """The column of each item of the statement (see each record's docstring)."""
    return event.cols if event.cols is not None else word_columns(event.text)


def located(event: Event, item: int, card: str) -> CardAt:
    """The card that is item ``item`` of the statement, where the log shows it."""
    return CardAt(card, event.line, columns(event)[item])


def play_items(trick: TrickLine, index: int) -> tuple[int, int, int]:
    """The items of play ``index`` of a trick line: its name, its card and the card taken
    back (-1: none). Worked out from the index alone when no card is taken back; else from
    the line's items, kept for the last line asked about (findings come line by line, and a
    line of thousands of faulty plays would otherwise be counted again for each)."""
    at = 1 if trick.number is None else 2
    if trick.retracted is None:
        at += 2 * index
        return at, at + 1, -1
    if not _last_items or _last_items[0][0] is not trick:
        _last_items[:] = [(trick, _trick_items(trick, at))]
    return _last_items[0][1][index]


#: The last trick line with a card taken back, and its plays' items (see :func:`play_items`).
_last_items: list[tuple[TrickLine, list[tuple[int, int, int]]]] = []


def _trick_items(trick: TrickLine, at: int) -> list[tuple[int, int, int]]:
    found = []
    retracted = trick.retracted or ()
    for i in range(len(trick.players)):
        back = at + 2 if retracted[i] is not None else -1
        found.append((at, at + 1, back))
        at += 2 if back < 0 else 3
    return found


def team_items(index: int) -> tuple[int, int, int]:
    """The items of entry ``index`` of a team ``settle``/``score`` line: its two names and
    its points."""
    first = 1 + 3 * index
    return first, first + 1, first + 2


def decision_items(decision: DecisionLine) -> tuple[list[int], list[int]]:
    """The items of a decision's listed discards and listed draws."""
    discards = list(range(3, 3 + len(decision.discards or ())))
    start = 3 + len(discards) + 1
    draws = list(range(start, start + len(decision.draws or ())))
    return discards, draws


# ----------------------------------------------------------------------------- header


class OptionLine(NamedTuple):
    """``option KEY VALUE``: one house-rule setting written in the log (value as text)."""

    key: str
    value: str
    line: int
    column: int


class Unread(NamedTuple):
    """A line that could not be read (of a hand, or of the header): its number, and its
    first word in lower case (which hints at what it said: ``trick3:`` was likely a trick,
    ``pott`` the header's `pot` line)."""

    line: int
    word: str


@dataclass(frozen=True, slots=True)
class Header:
    """Everything before the first ``hand``.

    ``unread`` holds the header's lines that could not be read (each reported as a ``P-``
    error): what they said is unknown, so the engines do not take the default for what
    one of them may have given (the `pot` before hand 1, who is `exempt` from its ante, the
    running `score`: see :func:`~referee.sequence.header_may_have_said`).
    """

    game: str  # the game's key (see referee.games)
    players: tuple[str, ...]
    rules_path: str | None = None
    options: tuple[OptionLine, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()  # (key, text): title, date, event, table
    pot: Decimal | None = None  # Bourré: money in the pot before hand 1
    exempt: tuple[NameAt, ...] = ()  # Bourré: excused from hand 1's ante
    score: ScoreLine | None = None  # Bid Euchre: running score before hand 1
    line: int = 1  # of the `game` statement
    column: int = 1
    players_line: int = 0
    rules_line: int = 0
    rules_column: int = 0
    unread: tuple[Unread, ...] = ()


# ----------------------------------------------------------------------------- hands


class Hand(NamedTuple):
    """``hand N`` and its statements, in log order.

    ``unreadable`` holds the lines inside the hand that could not be read (each reported as
    a ``P-`` error): what they said is unknown, so the engines do not settle the hand nor
    report what merely follows from a statement they may have held. ``numbered``
    is False when the number was not read from a ``hand`` line (an unreadable one, or a
    hand the log forgot to open): it is then the previous hand's number plus one.

    ``next_number`` is the number the next hand of the log carries (the reader looks one
    line ahead, at the `hand` line that ends this hand: see
    :meth:`~referee.parser.reader.LogReader.hands`), or None when the log ends with this
    hand: whether a forgotten `hand` line inside this one is the simplest reading depends on
    it (see :func:`~referee.sequence.split_forgotten`).
    """

    number: int
    events: tuple[Event, ...]
    line: int
    column: int
    unreadable: tuple[Unread, ...] = ()
    numbered: bool = True
    next_number: int | None = None
