"""What a game is to the rest of the referee (:class:`Game`), and the protocols of its parts:
the :class:`Session` that judges a log's hands, the :class:`Ledger` of its standings. Each
game's ``game`` module makes its :class:`Game` from these; the list of games is
:func:`referee.games.all_games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeVar

if TYPE_CHECKING:
    from referee.records import Hand, Header
    from referee.report import FileReport, HandResult
    from referee.rule import Rule


class Session(Protocol):
    """A game's judge of one log: call :meth:`judge` once per hand read, in order."""

    totals_complete: bool

    def judge(self, hand: Hand) -> Sequence[HandResult]:
        """The results of one hand as read (more than one when the log forgot a `hand`
        line inside it)."""

    def fill(self, report: FileReport) -> None:
        """Put the standings after the last hand in ``report`` (totals or score)."""


class Ledger(Protocol):
    """A game's standings (``referee standings``): made from a file's report once its header
    is read, given its hands, ended; then the files' ledgers are merged into the whole's.
    Plain data, so that a worker process can send it."""

    def add(self, hand: HandResult) -> bool:
        """Count the hand if it is settled; whether it was counted."""

    def end(self) -> None:
        """The file is done: only the players (teams) with a counted hand are kept."""

    def merge(self, other: Self) -> None:
        """Add another file's ledger (of the same game)."""

    def names(self) -> list[str]:
        """The players' names, as first seated (as the reports show them)."""

    def label(self, keys: frozenset[str]) -> None:
        """Show the players whose :func:`~referee.games.ledger.player_key` is in ``keys``
        with their code points (:func:`~referee.games.ledger.labelled`), in every line."""


#: A game's house options: its own frozen dataclass (``BourreOptions``, ``EuchreOptions``).
OptionsT = TypeVar("OptionsT")


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Game(NamedTuple, Generic[OptionsT]):
    """What a game is to the rest of the referee, typed by its house options: its parts that
    take options take its own (its ``game`` module is checked against its options class).

    The list of games (:func:`referee.games.all_games`) holds games of different options, so
    it gives each as a ``Game[Any]``: the options handed to one of its parts must be that
    game's, made by its :meth:`default_options` and its converters (the house options'
    readers, :mod:`referee.options`, do so, choosing the game by the log's key).
    """

    key: str  # "bourre", "bid-euchre": the JSON report's `game`
    title: str  # "Bourré": for people
    names: tuple[str, ...]  # the `game` line's spellings (lower case)
    seats: tuple[int, int]  # the fewest and most players
    header_statements: frozenset[str]  # header statements of this game only (`pot`, `score`)
    options_type: Callable[[], type[OptionsT]]  # its options' dataclass (imported when asked)
    conflicts: Callable[[OptionsT], list[tuple[tuple[str, ...], str]]]  # valid only apart
    rules: Callable[[], tuple[Rule, ...]]  # its rule IDs
    new_session: Callable[[Header, OptionsT, bool], Session]  # (header, options, keep_tricks)
    money_places: Callable[[Header, OptionsT], int]  # decimals of the file's amounts
    bid_limit: Callable[[OptionsT], int | None]  # the highest numbered bid the reader takes
    starter: Callable[[], tuple[str, str]]  # `referee new`: the log's head and one hand
    new_ledger: Callable[[FileReport], Ledger]  # `referee standings`: a file's, empty

    def default_options(self) -> OptionsT:
        """The game's house options with every default."""
        return self.options_type()()

    def converters(self) -> Mapping[str, Callable[[Any], Any]]:
        """Each option key's reader of a setting, from the options' declarations."""
        from referee.optionvalues import converters_of  # (asked for only with options set)

        options_class: type = self.options_type()  # (as the cache of converters_of keys it)
        return converters_of(options_class)


def no_conflicts(options: object) -> list[tuple[tuple[str, ...], str]]:
    """For a game whose options have no combination that is wrong."""
    return []


def whole_amounts(header: Header, options: object) -> int:
    """For a game whose amounts are whole (points)."""
    return 0


def no_bids(options: object) -> int | None:
    """For a game without bids."""
    return None
