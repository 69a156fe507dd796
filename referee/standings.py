"""Standings over many logs: every file's settled hands added up per player (and team).

``referee standings`` (and :func:`standings_of`) read a night's or a season's logs and add
up, per player:

* Bourré: the money (the referee's own settlement, net), the hands dealt in and played,
  the pots won, the bourrés paid, and the illegal plays (reneges: any ``BR-`` play rule,
  ``BR-FOLLOW`` ... ``BR-CINCH``), uncorrected and taken back (``(was CARD)``) apart;
  then who pays whom, by :func:`referee.settleup.settle_up`;
* Bid Euchre: per team and per player, the games won, the points (a player's points are
  their team's on the hands they sat at) and the hands; per player the reneges
  (``BE-FOLLOW``) as for Bourré.

Only *settled* hands count (``settled`` true, with payouts or points of the referee's);
every other hand is listed in :attr:`Standings.left_out` with its reason. A file with read
errors is listed in :attr:`Standings.files` with them; its settled hands still count.

Players are matched across files by name, as the logs match them within a file: ignoring
case (``str.casefold``), after Unicode NFC normalisation; a player keeps the spelling of the
first file that seats them. Teams are matched by their two players, in either seat order.

Money adds up to zero over a whole session, except what is left in the pot: the pot is one
more party in the settle-up (:data:`POT`), with the balance that makes the night add up
(money put in and not yet won is paid into the pot, kept for the next game; money won that
came from a pot before the first counted hand is paid by it).

The accumulation is streamed (:class:`StandingsWriter` is a batch writer): a file at a time,
a hand at a time, keeping one line per player. Nothing here prints.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from referee.report import (
    BourreHandResult,
    EuchreHandResult,
    FileReport,
    HandResult,
    ReadError,
    exit_status,
)
from referee.settleup import SettleUp, settle_up

#: The name of the pot as a party of the settle-up (no player can have it: a name is
#: letters, digits, ``_``, ``'`` and ``-``).
POT = "(pot)"

#: The rule IDs of illegal plays (reneges), per game.
BOURRE_RENEGES = frozenset({"BR-FOLLOW", "BR-HEAD", "BR-TRUMP", "BR-OVERTRUMP", "BR-CINCH"})
EUCHRE_RENEGES = frozenset({"BE-FOLLOW"})

_ZERO = Decimal(0)


def player_key(name: str) -> str:
    """The form names are matched by across files: NFC, then case-folded."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


@dataclass(slots=True)
class BourreLine:
    """One player's Bourré standing over the counted hands."""

    name: str
    files: int = 0  # files with a counted hand of theirs
    hands: int = 0  # counted hands dealt in (every seated player is dealt a hand)
    played: int = 0  # of them, played (did not pass)
    pots_won: int = 0
    bourres: int = 0
    reneges: int = 0  # illegal plays that stood
    corrected: int = 0  # illegal plays taken back (`(was CARD)`)
    net: Decimal = _ZERO

    def merge(self, other: BourreLine) -> None:
        """Add another file's line for the same player."""
        self.files += other.files
        self.hands += other.hands
        self.played += other.played
        self.pots_won += other.pots_won
        self.bourres += other.bourres
        self.reneges += other.reneges
        self.corrected += other.corrected
        self.net += other.net


@dataclass(slots=True)
class EuchreLine:
    """One player's Bid Euchre standing over the counted hands."""

    name: str
    files: int = 0
    hands: int = 0  # counted hands at the table (redeals too)
    played: int = 0  # of them, played: not a redeal, and not sitting out an ask or moon
    games_won: int = 0  # games their team won
    points: int = 0  # their team's points on those hands
    reneges: int = 0
    corrected: int = 0

    def merge(self, other: EuchreLine) -> None:
        """Add another file's line for the same player."""
        self.files += other.files
        self.hands += other.hands
        self.played += other.played
        self.games_won += other.games_won
        self.points += other.points
        self.reneges += other.reneges
        self.corrected += other.corrected


@dataclass(slots=True)
class TeamLine:
    """One Bid Euchre team's standing (a pair of partners, in either seat order)."""

    name: str  # "ann+cy", as first seated
    players: tuple[str, str]
    files: int = 0
    hands: int = 0
    games_won: int = 0
    points: int = 0

    def merge(self, other: TeamLine) -> None:
        """Add another file's line for the same team."""
        self.files += other.files
        self.hands += other.hands
        self.games_won += other.games_won
        self.points += other.points


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A hand that was not counted, and why (its ``unsettled`` reason)."""

    path: str
    game: str
    hand: int
    line: int
    reason: str


@dataclass(slots=True)
class FileNote:
    """What one input gave: its game, hands judged and counted, and its read errors."""

    path: str
    game: str | None
    hands: int = 0
    counted: int = 0
    errors: list[ReadError] = field(default_factory=list)


@dataclass(slots=True)
class FileTally:
    """One file's contribution to the standings (plain data: a worker can make it)."""

    note: FileNote
    players: list[str] = field(default_factory=list)  # as the file seats them
    money_places: int = 0
    bourre: dict[str, BourreLine] = field(default_factory=dict)  # by player_key
    euchre: dict[str, EuchreLine] = field(default_factory=dict)
    teams: dict[tuple[str, str], TeamLine] = field(default_factory=dict)
    left_out: list[LeftOut] = field(default_factory=list)


def new_tally(report: FileReport) -> FileTally:
    """An empty tally for a file whose header is read (every seated player gets a line)."""
    tally = FileTally(FileNote(report.path, report.game), list(report.players))
    tally.money_places = report.money_places
    if report.game == "bourre":
        tally.bourre = {player_key(p): BourreLine(p) for p in report.players}
    elif report.game == "bid-euchre":
        tally.euchre = {player_key(p): EuchreLine(p) for p in report.players}
        for team in _teams(report.players):
            tally.teams[_team_key(team)] = TeamLine("+".join(team), team)
    return tally


def add_hand(tally: FileTally, hand: HandResult) -> None:
    """Count one judged hand of the file (or list it as left out)."""
    tally.note.hands += 1
    game = tally.note.game or ""
    if isinstance(hand, BourreHandResult) and game == "bourre":
        counted = hand.settled and hand.payouts is not None
        if counted:
            _add_bourre(tally, hand)
    elif isinstance(hand, EuchreHandResult) and game == "bid-euchre":
        counted = hand.settled and hand.points is not None
        if counted:
            _add_euchre(tally, hand)
    else:
        counted = False
    if counted:
        tally.note.counted += 1
    else:
        reason = hand.unsettled or "not settled"
        tally.left_out.append(LeftOut(tally.note.path, game, hand.number, hand.line, reason))


def end_tally(tally: FileTally, report: FileReport) -> None:
    """The file is done: its read errors are complete. Only the players and teams with a
    counted hand are kept (a file with none, such as one judged by no rules, adds nobody)."""
    tally.note.errors = list(report.errors)
    tally.bourre = _with_hands(tally.bourre)
    tally.euchre = _with_hands(tally.euchre)
    tally.teams = _with_hands(tally.teams)


_K = TypeVar("_K", bound=Hashable)
_T = TypeVar("_T", BourreLine, EuchreLine, TeamLine)


def _with_hands(lines: dict[_K, _T]) -> dict[_K, _T]:
    kept = {key: line for key, line in lines.items() if line.hands}
    for line in kept.values():
        line.files = 1
    return kept


def _add_bourre(tally: FileTally, hand: BourreHandResult) -> None:
    payouts = hand.payouts or {}
    active = {player_key(p) for p in hand.active}
    winner = player_key(hand.winner) if hand.winner else None
    bourre = {player_key(p) for p in hand.bourre}
    for key, line in tally.bourre.items():
        line.hands += 1
        line.played += key in active
        line.pots_won += key == winner
        line.bourres += key in bourre
    for player, amount in payouts.items():
        paid = tally.bourre.get(player_key(player))
        if paid is not None:
            paid.net += amount
    _add_reneges(tally.bourre, hand, BOURRE_RENEGES)


def _add_euchre(tally: FileTally, hand: EuchreHandResult) -> None:
    points = hand.points or {}
    out = hand.sitting_out(tally.players)
    for team_key, team in tally.teams.items():
        won = hand.winner is not None and _team_key(_split_team(hand.winner)) == team_key
        scored = points.get(team.name, 0)
        team.hands += 1
        team.games_won += won
        team.points += scored
        for player in team.players:
            line = tally.euchre[player_key(player)]
            line.hands += 1
            line.played += not hand.redeal and player != out
            line.games_won += won
            line.points += scored
    _add_reneges(tally.euchre, hand, EUCHRE_RENEGES)


def _add_reneges(
    lines: dict[str, BourreLine] | dict[str, EuchreLine], hand: HandResult, rules: frozenset[str]
) -> None:
    for v in hand.violations:
        if v.rule in rules and v.player is not None:
            line: BourreLine | EuchreLine | None = lines.get(player_key(v.player))
            if line is None:
                continue
            if v.corrected:
                line.corrected += 1
            else:
                line.reneges += 1


def _teams(players: list[str]) -> list[tuple[str, str]]:
    """The two partnerships of a Bid Euchre table: seats 1+3, then 2+4."""
    if len(players) != 4:
        return []
    return [(players[0], players[2]), (players[1], players[3])]


def _team_key(team: tuple[str, str]) -> tuple[str, str]:
    a, b = sorted(player_key(p) for p in team)
    return (a, b)


def _split_team(name: str) -> tuple[str, str]:
    a, _, b = name.partition("+")
    return (a, b)


# ----------------------------------------------------------------------------- the whole


@dataclass(slots=True)
class Standings:
    """Everything added up over the files, in input order."""

    files: list[FileNote] = field(default_factory=list)
    bourre: dict[str, BourreLine] = field(default_factory=dict)  # by player_key
    euchre: dict[str, EuchreLine] = field(default_factory=dict)
    teams: dict[tuple[str, str], TeamLine] = field(default_factory=dict)
    left_out: list[LeftOut] = field(default_factory=list)
    money_places: int = 0  # the decimals of the Bourré amounts (the widest file's)

    def add(self, tally: FileTally) -> None:
        """Add one file's tally."""
        self.files.append(tally.note)
        self.left_out += tally.left_out
        _merge(self.bourre, tally.bourre)
        _merge(self.euchre, tally.euchre)
        _merge(self.teams, tally.teams)
        if tally.bourre:
            self.money_places = max(self.money_places, tally.money_places)

    # ------------------------------------------------------------------ reading it

    def has(self, game: str) -> bool:
        """Whether any file of this game was read (its header at least)."""
        return any(note.game == game for note in self.files)

    def bourre_lines(self) -> list[BourreLine]:
        """Bourré players, the biggest winner first (then by name)."""
        return sorted(self.bourre.values(), key=lambda p: (-p.net, player_key(p.name)))

    def euchre_lines(self) -> list[EuchreLine]:
        """Bid Euchre players: most games won, then most points, then by name."""
        return sorted(
            self.euchre.values(), key=lambda p: (-p.games_won, -p.points, player_key(p.name))
        )

    def team_lines(self) -> list[TeamLine]:
        """Bid Euchre teams: most games won, then most points, then by name."""
        return sorted(
            self.teams.values(), key=lambda t: (-t.games_won, -t.points, player_key(t.name))
        )

    def pot(self) -> Decimal:
        """What the pot gained over the counted Bourré hands: the players' nets, negated."""
        return -sum((line.net for line in self.bourre.values()), _ZERO)

    def balances(self) -> dict[str, Decimal]:
        """Every Bourré party's balance for the settle-up (the pot last, when not zero)."""
        balances = {line.name: line.net for line in self.bourre_lines()}
        if self.pot():
            balances[POT] = self.pot()
        return balances

    def settle_up(self) -> SettleUp:
        """Who pays whom: the fewest transfers that settle every Bourré balance."""
        return settle_up(self.balances())

    def left_out_of(self, game: str) -> list[LeftOut]:
        """The hands of this game that were not counted, in input order."""
        return [item for item in self.left_out if item.game == game]

    def counted(self, game: str) -> int:
        """How many hands of this game were counted."""
        return sum(note.counted for note in self.files if note.game == game)

    def unreadable(self) -> list[FileNote]:
        """The files with read errors (in whole or in part)."""
        return [note for note in self.files if note.errors]

    def exit_code(self) -> int:
        """The exit status (see :func:`referee.report.exit_status`): standings accuse
        nobody, so it is clean unless an input could not be read (in whole or in part)."""
        return exit_status(errors=bool(self.unreadable()), violations=False)


def _merge(into: dict[_K, _T], lines: dict[_K, _T]) -> None:
    for key, line in lines.items():
        if key in into:
            into[key].merge(line)
        else:
            into[key] = line


def standings_of(reports: Iterable[FileReport]) -> Standings:
    """The standings of complete reports (for the library and tests)."""
    standings = Standings()
    for report in reports:
        tally = new_tally(report)
        for hand in report.hands:
            add_hand(tally, hand)
        end_tally(tally, report)
        standings.add(tally)
    return standings


class StandingsWriter:
    """A batch writer (:class:`referee.batch.Writer`) that adds each file to ``standings``.

    With ``keep`` (a worker's writer) a file is not added but kept for :meth:`take_part`;
    :meth:`part` adds such a tally in the main process.
    """

    def __init__(self, standings: Standings | None = None, *, keep: bool = False) -> None:
        self.standings = standings if standings is not None else Standings()
        self._keep = keep
        self._tally: FileTally | None = None
        self._kept: FileTally | None = None

    def begin(self, report: FileReport) -> None:
        """A file starts: its players are known."""
        self._tally = new_tally(report)

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: taken with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Count one judged hand."""
        assert self._tally is not None
        add_hand(self._tally, hand)

    def end(self, report: FileReport) -> None:
        """The file is done: add it (or keep it, for a worker)."""
        assert self._tally is not None
        tally, self._tally = self._tally, None
        end_tally(tally, report)
        if self._keep:
            self._kept = tally
        else:
            self.standings.add(tally)

    def take_part(self) -> FileTally:
        """The file just ended (``keep``)."""
        assert self._kept is not None
        tally, self._kept = self._kept, None
        return tally

    def part(self, tally: FileTally) -> None:
        """Add a file a worker tallied."""
        self.standings.add(tally)
