"""The shapes of a game's view (:class:`GameView` and its parts) and the helpers the views
share; the views themselves are listed in :func:`referee.render.views.view_of`. Each view
builds on this module, never on the registry, so that no view imports another's.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

    from referee.games.ledger import Line
    from referee.render.htmlhands import Chart
    from referee.render.jsontext import JsonValue
    from referee.render.layout import Column
    from referee.render.spool import Spool
    from referee.report import FileReport, HandResult
    from referee.standings import Standings


class SettlementTable(Protocol):
    """The text report's table of one file's hands: made at the file's start, given its
    hands one by one, printed at its end."""

    @property
    def columns(self) -> Sequence[Column]:
        """The table's columns: headers, alignment, what may wrap."""

    def row(self, hand: HandResult) -> list[str]:
        """The hand's cells, one per column."""

    def notes(self, hand: HandResult) -> list[str]:
        """Lines printed under the table for this hand (a game won)."""

    def footer(self, report: FileReport) -> list[str] | None:
        """The table's last row (the totals), or None."""

    def standing(self, report: FileReport) -> list[str]:
        """Lines printed under the table, before the hands' notes (the score)."""


class HtmlPart(Protocol):
    """A file's part of the HTML page that is its game's: the hands' table, the chart of
    running balances or scores, the outcome in a few words."""

    @property
    def chart(self) -> Chart:
        """The file's chart, given each hand."""

    def row(self, report: FileReport, hand: HandResult, anchor: str, i: int) -> str:
        """The hand's table row (``anchor``, ``i``: its id on the page, ``i`` the hand's
        place in the file, from 1)."""

    def table(self, report: FileReport, rows: Spool, write: Callable[[str], object]) -> None:
        """Write the table around the rows kept."""

    def outcome(self, report: FileReport) -> str:
        """How the file settled, in a few words, for the index and its heading."""


#: Words and how they look: ``""`` plain, ``"head"`` a label, ``"win"`` the winner.
Span = tuple[str, str]


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class ShownSettlement(NamedTuple):
    """A hand's settlement as ``referee show`` prints it: lines, a table of the players'
    (teams') part in it, lines after it; then what the table recorded (every game)."""

    lines: list[list[Span]]  # before the table
    header: list[str]  # the table's headers (none: no table)
    rows: list[list[str]]
    right: frozenset[int]  # the columns aligned right (numbers)
    winners: frozenset[int]  # the rows whose first cell is the hand's winner
    after: list[list[Span]]  # after the table


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class TextTable(NamedTuple):
    """A table of ``referee standings``' text: its header (none: no header row), its rows,
    the columns aligned right (numbers)."""

    header: list[str] | None
    rows: list[list[str]]
    right: frozenset[int]


class StandingsPart(Protocol):
    """A game's part of ``referee standings``, read from the game's methods of
    :class:`~referee.standings.Standings` (the renderer adds what every game has: the
    heading, the hands counted and left out)."""

    def text(self, standings: Standings) -> list[Span | TextTable]:
        """The text: lines (``"head"``: bold) and tables, after the game's heading."""

    def json(self, standings: Standings) -> dict[str, JsonValue]:
        """The game's JSON keys between ``hands`` and ``left_out``."""

    def csv(self, standings: Standings) -> list[dict[str, object]]:
        """The game's CSV rows, each its cells by column (the renderer adds ``game``)."""


class GameView(Protocol):
    """A game's hands as the reports show them."""

    def hand_fields(self, hand: HandResult) -> dict[str, JsonValue]:
        """The JSON keys of the game's hand, after the common ``number`` .. ``claims`` and
        before ``settled`` and ``unsettled``."""

    def hand_text(self, hand: HandResult, level: int) -> str | None:
        """The hand's whole JSON object at nesting ``level`` written directly (the same
        bytes as serializing it), or None: serialize it."""

    def file_totals(self, report: FileReport) -> dict[str, JsonValue]:
        """The file's standings in JSON: ``totals`` (and the game's own keys)."""

    def csv_cells(self, hand: HandResult, player: str, report: FileReport) -> dict[str, str]:
        """The game's CSV cells of a hand for one seated player."""

    def table(self, report: FileReport) -> SettlementTable:
        """An empty text settlement table for the file."""

    def html_part(self, report: FileReport) -> HtmlPart:
        """The file's part of the HTML page, empty (its hands come one by one)."""

    def standings(self) -> StandingsPart:
        """The game's part of ``referee standings``."""

    def show_heading(self, hand: HandResult, report: FileReport) -> list[str]:
        """``referee show``: the hand's heading after its dealer (trump, who played)."""

    def show_without_tricks(self, hand: HandResult) -> str:
        """``referee show``: what stands for the grid of a hand without tricks."""

    def running_totals(self, report: FileReport) -> dict[int, dict[str, Decimal]]:
        """``referee show``: each hand's running totals, by ``id(hand)`` (none: the game's
        settlement shows its own running score)."""

    def show_settlement(
        self, hand: HandResult, report: FileReport, running: dict[str, Decimal]
    ) -> ShownSettlement:
        """``referee show``: the hand's settlement (``running``: the totals after it)."""


def game_title(game: str | None, unknown: str = "") -> str:
    """A game's name for people (``Bourré``), ``game`` itself for a key no game has, and
    ``unknown`` for none."""
    if not game:
        return unknown
    from referee.games import game_of

    try:
        return game_of(game).title
    except KeyError:
        return game


def line_cells(line: Line, signed_key: str, places: int = 0) -> list[str]:
    """A standings line's text cells: its name, then its numbers, ``signed_key``'s with its
    sign (in ``places`` decimals)."""
    from referee.games.ledger import counts
    from referee.render.fmt import signed

    cells = (signed(v, places) if k == signed_key else str(v) for k, v in counts(line).items())
    return [line.name, *cells]


def recorded_cell(hand: HandResult) -> str:
    """What the table recorded, beside the referee's settlement: ``-`` (nothing recorded),
    ``agrees``, ``differs:`` and the rule IDs of the differences, or ``not checked`` (the
    hand is not settled). It is the verdict whatever ``--select``/``--ignore`` hide."""
    record = hand.record
    if record.verdict == "differs":
        return "differs: " + ", ".join(record.rules)
    return {"agrees": "agrees", "unchecked": "not checked"}.get(record.verdict, "-")


_R = TypeVar("_R")


def own_hand(hand: HandResult, kind: type[_R]) -> _R:
    """The hand as the result of the view's own game (a view is given only its game's
    hands)."""
    assert isinstance(hand, kind), hand
    return hand
