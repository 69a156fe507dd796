"""Typed, frozen records of a parsed hand log.

The parser turns text into these records and does nothing else: no judging happens here.
Every record keeps the 1-based ``line`` and ``column`` where it starts, and every name and
card keeps its own position, so any finding can point at the exact character.

Names are resolved case-insensitively against the ``players`` line: ``NameAt.name`` is the
name as first declared when the player is seated, otherwise the text as written (with
``seated=False``); the engines report unseated names as ``L-PLAYER``. Cards are normalised
strings (see :mod:`referee.cards`); whether a card belongs to the deck is for the engine.
Money and points are :class:`~decimal.Decimal`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, NamedTuple

# The three most numerous records (a hand has dozens of names and cards) are named tuples:
# immutable and typed like the frozen dataclasses below, and about twice as cheap to create,
# which matters when a batch reads millions of cards.
#
# The records made once a statement (and a hand) write their own ``__init__``, which the
# dataclass decorator keeps: it is what the decorator would write (the fields in order, with
# their defaults; ``tests/test_records.py`` checks it), but in the compiled build mypyc
# compiles it, each ``object.__setattr__(self, "field", ...)`` to a store in the object,
# where the decorator's own ``__init__`` stays interpreted and costs some twenty times as much.


class NameAt(NamedTuple):
    """A player's name where it appears in the log."""

    name: str
    seated: bool
    line: int
    column: int


class CardAt(NamedTuple):
    """A card where it appears in the log (``card`` is normalised, e.g. ``"Td"``)."""

    card: str
    line: int
    column: int


# ----------------------------------------------------------------------------- header


@dataclass(frozen=True, slots=True)
class OptionLine:
    """``option KEY VALUE``: one house-rule setting written in the log (value as text)."""

    key: str
    value: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """One ``TEAM POINTS`` pair of a Bid Euchre ``settle`` or ``score`` line."""

    team: tuple[NameAt, NameAt]
    points: Decimal
    line: int
    column: int

    def __init__(
        self, team: tuple[NameAt, NameAt], points: Decimal, line: int, column: int
    ) -> None:
        object.__setattr__(self, "team", team)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class Header:
    """Everything before the first ``hand``."""

    game: str  # the game's key (see referee.games)
    players: tuple[str, ...]
    rules_path: str | None = None
    options: tuple[OptionLine, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()  # (key, text): title, date, event, table
    pot: Decimal | None = None  # Bourré: money in the pot before hand 1
    exempt: tuple[NameAt, ...] = ()  # Bourré: excused from hand 1's ante
    score: tuple[TeamPoints, ...] = ()  # Bid Euchre: running score before hand 1
    line: int = 1  # of the `game` statement
    column: int = 1
    players_line: int = 0
    rules_line: int = 0
    rules_column: int = 0


# ----------------------------------------------------------------------------- common events


@dataclass(frozen=True, slots=True)
class DealerLine:
    """``dealer NAME``."""

    player: NameAt
    line: int
    column: int

    def __init__(self, player: NameAt, line: int, column: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class DealLine:
    """``deal NAME CARD ...``: the cards one player was dealt."""

    player: NameAt
    cards: tuple[CardAt, ...]
    line: int
    column: int

    def __init__(self, player: NameAt, cards: tuple[CardAt, ...], line: int, column: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


class Play(NamedTuple):
    """``NAME CARD [(was CARD)]`` inside a trick. ``retracted`` is the card taken back."""

    player: NameAt
    card: CardAt
    retracted: CardAt | None = None


@dataclass(frozen=True, slots=True)
class TrickLine:
    """``trick [N] NAME CARD ...``: the plays of one trick in the order played."""

    number: int | None
    plays: tuple[Play, ...]
    line: int
    column: int
    number_column: int = 0

    def __init__(
        self,
        number: int | None,
        plays: tuple[Play, ...],
        line: int,
        column: int,
        number_column: int = 0,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "number_column", number_column)


@dataclass(frozen=True, slots=True)
class ClaimLine:
    """``claim NAME renege NAME [trick N]``: a renege claimed at the table."""

    by: NameAt
    against: NameAt
    trick: int | None
    line: int
    column: int

    def __init__(
        self, by: NameAt, against: NameAt, trick: int | None, line: int, column: int
    ) -> None:
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "against", against)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


# ----------------------------------------------------------------------------- Bourré events


@dataclass(frozen=True, slots=True)
class AnteLine:
    """``ante NAME ...``: who paid the ante, as recorded."""

    players: tuple[NameAt, ...]
    line: int
    column: int

    def __init__(self, players: tuple[NameAt, ...], line: int, column: int) -> None:
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class TrumpLine:
    """``trump CARD`` (the upcard) or ``trump SUIT``. ``card`` is None for a bare suit."""

    suit: str
    card: CardAt | None
    line: int
    column: int

    def __init__(self, suit: str, card: CardAt | None, line: int, column: int) -> None:
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class DecisionLine:
    """``NAME pass`` / ``NAME play [discard N | discard CARD... [draw CARD...]]``.

    ``discard_count`` is the number of cards exchanged (0 for a plain ``play``, None for a
    pass). ``discards`` is the listed discards, or None when only a count was written;
    ``draws`` is the listed draws, or None when not written.
    """

    player: NameAt
    action: Literal["pass", "play"]
    discard_count: int | None
    discards: tuple[CardAt, ...] | None
    draws: tuple[CardAt, ...] | None
    line: int
    column: int

    def __init__(
        self,
        player: NameAt,
        action: Literal["pass", "play"],
        discard_count: int | None,
        discards: tuple[CardAt, ...] | None,
        draws: tuple[CardAt, ...] | None,
        line: int,
        column: int,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "discard_count", discard_count)
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class SettleLine:
    """A recorded Bourré settlement item.

    ``kind`` is ``wins``, ``bourre``, ``renege``, ``penalty`` (with a player and amount),
    ``split`` (no player, no amount) or ``pot`` (amount only).
    """

    kind: Literal["wins", "bourre", "renege", "penalty", "split", "pot"]
    player: NameAt | None
    amount: Decimal | None
    line: int
    column: int

    def __init__(
        self,
        kind: Literal["wins", "bourre", "renege", "penalty", "split", "pot"],
        player: NameAt | None,
        amount: Decimal | None,
        line: int,
        column: int,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


# ----------------------------------------------------------------------------- Bid Euchre events


BidValue = int | Literal["pass", "ask", "moon"]


@dataclass(frozen=True, slots=True)
class BidLine:
    """``bid NAME pass|N [SUIT]|ask|moon``."""

    player: NameAt
    bid: BidValue
    suit: str | None
    line: int
    column: int

    def __init__(
        self, player: NameAt, bid: BidValue, suit: str | None, line: int, column: int
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "bid", bid)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class ExchangeLine:
    """``exchange BIDDER CARD PARTNER CARD`` after an ``ask``."""

    bidder: NameAt
    given: CardAt
    partner: NameAt
    returned: CardAt
    line: int
    column: int

    def __init__(
        self,
        bidder: NameAt,
        given: CardAt,
        partner: NameAt,
        returned: CardAt,
        line: int,
        column: int,
    ) -> None:
        object.__setattr__(self, "bidder", bidder)
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "partner", partner)
        object.__setattr__(self, "returned", returned)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class DiscardLine:
    """``discard NAME CARD``: with the joker, the dealer (dealt seven) lays a card aside."""

    player: NameAt
    card: CardAt
    line: int
    column: int

    def __init__(self, player: NameAt, card: CardAt, line: int, column: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class RedealLine:
    """``redeal NAME ace-no-face``: NAME calls a redeal before the bidding (``reason`` is
    ``"ace-no-face"``, the one reason the log format has)."""

    player: NameAt
    reason: Literal["ace-no-face"]
    line: int
    column: int
    reason_column: int = 0

    def __init__(
        self,
        player: NameAt,
        reason: Literal["ace-no-face"],
        line: int,
        column: int,
        reason_column: int = 0,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "reason_column", reason_column)


@dataclass(frozen=True, slots=True)
class TeamSettleLine:
    """``settle TEAM POINTS TEAM POINTS``: recorded points scored this hand."""

    entries: tuple[TeamPoints, ...]
    line: int
    column: int

    def __init__(self, entries: tuple[TeamPoints, ...], line: int, column: int) -> None:
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """``score TEAM POINTS TEAM POINTS``: recorded running totals after this hand."""

    entries: tuple[TeamPoints, ...]
    line: int
    column: int

    def __init__(self, entries: tuple[TeamPoints, ...], line: int, column: int) -> None:
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)


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


class Unread(NamedTuple):
    """A line of a hand that could not be read: its number, and its first word in lower
    case (which hints at what it said: ``trick3:`` was likely a trick)."""

    line: int
    word: str


@dataclass(frozen=True, slots=True)
class Hand:
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

    def __init__(
        self,
        number: int,
        events: tuple[Event, ...],
        line: int,
        column: int,
        unreadable: tuple[Unread, ...] = (),
        numbered: bool = True,
        next_number: int | None = None,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "unreadable", unreadable)
        object.__setattr__(self, "numbered", numbered)
        object.__setattr__(self, "next_number", next_number)


# ----------------------------------------------------------------------------- the quick lane


class QuickDecision(NamedTuple):
    """A Bourré decision line as plain values (see :class:`DecisionLine`)."""

    action: Literal["pass", "play"]
    discard_count: int | None
    discards: tuple[str, ...] | None
    draws: tuple[str, ...] | None


class QuickTrick(NamedTuple):
    """A ``trick`` line as plain values: who played, and what, in the order played."""

    number: int | None
    players: tuple[str, ...]
    cards: tuple[str, ...]


class QuickHand(NamedTuple):
    """A Bourré hand whose every line has one of the usual shapes, as plain values.

    The parser gives one (with ``quick=True``) when every statement of the hand is a
    ``dealer``, ``trump``, ``deal``, ``ante``, ``settle`` (not a team settle), decision or
    ``trick`` line without ``(was CARD)``, every name in it is a seated player's (as
    declared) and no player has two ``deal`` or two decision lines. Nothing else is in it:
    no positions, no records. It is what the engine's quick lane reads; :attr:`read` gives
    the :class:`Hand` with its full records, for the replay that explains findings.
    The lists and dicts are not to be modified.
    """

    number: int
    line: int
    column: int
    dealers: list[str]  # in log order
    trumps: list[tuple[str, str | None]]  # (suit, upcard or None), in log order
    deals: dict[str, tuple[str, ...]]  # player -> cards dealt
    decisions: dict[str, QuickDecision]
    tricks: list[QuickTrick]
    antes: list[tuple[str, ...]]
    settles: list[
        tuple[
            Literal["wins", "bourre", "renege", "penalty", "split", "pot"],
            str | None,
            Decimal | None,
        ]
    ]  # (kind, player, amount)
    read: Callable[[], Hand]  # the same hand's full records
    numbered: bool = True  # as Hand.numbered
