"""What the games' ledgers (:class:`referee.games.Ledger`) share: players matched by name
across files, a line per player (or team) added up, reneges counted.

Players are matched across files by name, as the logs match them within a file: ignoring
case (``str.casefold``), after Unicode NFC normalisation; a player keeps the spelling of the
first file that seats them. Names that are not the same but look alike are kept apart and
reported (:class:`referee.standings.NameClash`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Mapping
from dataclasses import fields
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from referee.amounts import MONEY
from referee.names import code_points, written

if TYPE_CHECKING:
    from referee.report import HandResult


def player_key(name: str) -> str:
    """The form names are matched by across files: the name as written (a name that mixes
    scripts is shown with its code points: :func:`referee.names.shown`), NFC, then
    case-folded."""
    name = written(name)
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def labelled(name: str) -> str:
    """A name with its code points (``ann [U+0061 U+006E U+006E]``), as the standings show
    every name of a clash (see :class:`referee.standings.NameClash`); a name shown so
    already as it is."""
    return name if name != written(name) else f"{name} [{code_points(name)}]"


class Line(Protocol):
    """One player's (or team's) line of a ledger: a dataclass whose numbers add up over the
    files, in the order ``referee standings`` shows them (its JSON keys and CSV columns)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    name: str  # the player (team) as first seated
    files: int  # files with a counted hand of theirs
    hands: int  # counted hands


def counts(line: Line) -> dict[str, int | Decimal]:
    """A line's numbers by name, in its fields' order (its name and players left out)."""
    values = {f.name: getattr(line, f.name) for f in fields(line)}
    return {name: v for name, v in values.items() if isinstance(v, int | Decimal)}


class RenegeLine(Protocol):
    """A line that counts its player's illegal plays."""

    reneges: int  # illegal plays that stood
    corrected: int  # illegal plays taken back (`(was CARD)`)


_K = TypeVar("_K", bound=Hashable)
_L = TypeVar("_L", bound=Line)


def with_hands(lines: dict[_K, _L]) -> dict[_K, _L]:
    """A file's lines with a counted hand (each of one file): the others add nobody."""
    kept = {key: line for key, line in lines.items() if line.hands}
    for line in kept.values():
        line.files = 1
    return kept


def merge_lines(into: dict[_K, _L], lines: dict[_K, _L]) -> None:
    """Add a file's lines to the lines of the files before it."""
    for key, line in lines.items():
        mine = into.setdefault(key, line)
        if mine is not line:
            for name, value in counts(line).items():
                mine_value = getattr(mine, name)
                if isinstance(value, Decimal):  # money, exactly (see referee.amounts)
                    setattr(mine, name, MONEY.add(mine_value, value))
                else:
                    setattr(mine, name, mine_value + value)


def count_reneges(lines: Mapping[str, RenegeLine], hand: HandResult, rules: frozenset[str]) -> None:
    """Count the hand's illegal plays (violations of ``rules``) on their players' lines."""
    for v in hand.violations:
        if v.rule in rules and v.player is not None:
            line = lines.get(player_key(v.player))
            if line is None:
                continue
            if v.corrected:
                line.corrected += 1
            else:
                line.reneges += 1
