"""Standings over many logs: every file's settled hands added up per player (and team).

``referee standings`` (and :func:`standings_of`) read a night's or a season's logs and add
them up in each game's ledger (:class:`referee.games.Ledger`, named by the game):

* Bourré (:mod:`referee.games.bourre.ledger`): the money (the referee's own settlement,
  net), the hands dealt in and played, the pots won, the bourrés paid, and the illegal plays
  (reneges: any ``BR-`` play rule, ``BR-FOLLOW`` ... ``BR-CINCH``), uncorrected and taken
  back (``(was CARD)``) apart; then who pays whom, the pot one more party (:data:`POT`);
* Bid Euchre (:mod:`referee.games.euchre.ledger`): per team and per player, the games won,
  the points and the hands; per player the reneges (``BE-FOLLOW``) as for Bourré.

Only *settled* hands count (``settled`` true, with payouts or points of the referee's);
every other hand is listed in :attr:`Standings.left_out` with its reason. A file with read
errors is listed in :attr:`Standings.files` with them; its settled hands still count.
Players are matched across files by name (:func:`player_key`), teams by their two players;
players apart by name who look alike (Latin ``ann``, Cyrillic ``аnn``) are kept apart, shown
with their code points wherever they appear, and listed in :attr:`Standings.clashes`.

The accumulation is streamed (:class:`StandingsWriter` is a batch writer): a file at a time,
a hand at a time, keeping one line per player. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from referee.codes import input_not_read
from referee.games import Ledger, all_games
from referee.games.bourre.ledger import POT as POT
from referee.games.bourre.ledger import BourreLedger, BourreLine
from referee.games.euchre.ledger import EuchreLedger, EuchreLine, TeamLine
from referee.games.ledger import labelled
from referee.games.ledger import player_key as player_key
from referee.names import difference, look_key, written
from referee.report import FileReport, HandResult, ReadError, exit_status
from referee.settleup import SettleUp


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


@dataclass(frozen=True, slots=True)
class NameClash:
    """Players who are not the same by name (case and NFC aside) but look alike (the same
    :func:`referee.names.look_key`: Latin ``ann`` and Cyrillic ``аnn``): kept apart, each
    shown with its code points, and reported, for a person to tell who is who."""

    names: tuple[str, ...]  # as the standings show them (with their code points)
    paths: tuple[str, ...]  # the file that first seated each
    reason: str  # why they read alike, e.g. "'а' (U+0430 ...) reads as 'a' (U+0061 ...)"


@dataclass(slots=True)
class FileTally:
    """One file's contribution to the standings (plain data: a worker can make it)."""

    note: FileNote
    ledger: Ledger | None  # its game's (none: no game the referee knows)
    left_out: list[LeftOut] = field(default_factory=list)


def new_tally(report: FileReport) -> FileTally:
    """An empty tally for a file whose header is read (every seated player gets a line)."""
    games = [game for game in all_games() if game.key == report.game]
    ledger = games[0].new_ledger(report) if games else None
    return FileTally(FileNote(report.path, report.game), ledger)


def add_hand(tally: FileTally, hand: HandResult) -> None:
    """Count one judged hand of the file (or list it as left out)."""
    note = tally.note
    note.hands += 1
    if tally.ledger is not None and tally.ledger.add(hand):
        note.counted += 1
    else:
        reason = hand.unsettled or "not settled"
        tally.left_out.append(LeftOut(note.path, note.game or "", hand.number, hand.line, reason))


def end_tally(tally: FileTally, report: FileReport) -> None:
    """The file is done: its read errors are complete. Only the players and teams with a
    counted hand are kept (a file with none, such as one judged by no rules, adds nobody)."""
    tally.note.errors = list(report.errors)
    if tally.ledger is not None:
        tally.ledger.end()


# ----------------------------------------------------------------------------- the whole

_L = TypeVar("_L", BourreLedger, EuchreLedger)


@dataclass(slots=True)
class Standings:
    """Everything added up over the files, in input order; each game's ledger by its key.
    The methods named for a game read its ledger (an empty one when it has no file)."""

    files: list[FileNote] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    ledgers: dict[str, Ledger] = field(default_factory=dict)
    #: Players apart by name who look alike, in the order found (every game's together).
    clashes: list[NameClash] = field(default_factory=list)
    #: What each player looks like -> the players (by player key) who look so: their names
    #: as written and the file that first seated them.
    _looks: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)

    def add(self, tally: FileTally) -> None:
        """Add one file's tally."""
        self.files.append(tally.note)
        self.left_out += tally.left_out
        game, ledger = tally.note.game, tally.ledger
        if ledger is not None and game is not None:
            if game in self.ledgers:
                self.ledgers[game].merge(ledger)
            else:
                self.ledgers[game] = ledger
            self._look_alikes(ledger.names(), tally.note.path)

    def _look_alikes(self, names: list[str], path: str) -> None:
        """Note a file's players that look like players apart from them (see
        :class:`NameClash`), and show every player of a clash with their code points."""
        changed = False
        for name in names:
            key, plain = player_key(name), written(name)
            group = self._looks.setdefault(look_key(plain), {})
            if key not in group:
                group[key] = (plain, path)
                changed |= len(group) > 1
        if not changed and not self.clashes:
            return
        keys: set[str] = set()
        clashes = []
        for group in self._looks.values():
            if len(group) > 1:
                keys.update(group)
                (first, _), *others = group.values()
                clashes.append(
                    NameClash(
                        tuple(labelled(name) for name, _ in group.values()),
                        tuple(where for _, where in group.values()),
                        "; ".join(difference(name, first) for name, _ in others),
                    )
                )
        self.clashes = clashes
        for each in self.ledgers.values():
            each.label(frozenset(keys))

    def _ledger(self, kind: type[_L]) -> _L:
        for ledger in self.ledgers.values():
            if isinstance(ledger, kind):
                return ledger
        return kind()

    # ------------------------------------------------------------------ reading it

    def has(self, game: str) -> bool:
        """Whether any file of this game was read (its header at least)."""
        return any(note.game == game for note in self.files)

    def bourre_lines(self) -> list[BourreLine]:
        """Bourré players, the biggest winner first (then by name)."""
        return self._ledger(BourreLedger).lines()

    def euchre_lines(self) -> list[EuchreLine]:
        """Bid Euchre players: most games won, then most points, then by name."""
        return self._ledger(EuchreLedger).lines()

    def team_lines(self) -> list[TeamLine]:
        """Bid Euchre teams: most games won, then most points, then by name."""
        return self._ledger(EuchreLedger).team_lines()

    @property
    def bourre(self) -> dict[str, BourreLine]:
        """The Bourré players' lines by :func:`player_key` (as before the ledgers moved
        into the games; the library may read them)."""
        return self._ledger(BourreLedger).players

    @property
    def euchre(self) -> dict[str, EuchreLine]:
        """The Bid Euchre players' lines by :func:`player_key`."""
        return self._ledger(EuchreLedger).players

    @property
    def teams(self) -> dict[tuple[str, str], TeamLine]:
        """The Bid Euchre teams' lines, by their two players' keys in sorted order."""
        return self._ledger(EuchreLedger).teams

    @property
    def money_places(self) -> int:
        """The decimals of the Bourré amounts (the widest file's)."""
        return self._ledger(BourreLedger).money_places

    def pot(self) -> Decimal:
        """What the pot gained over the counted Bourré hands: the players' nets, negated."""
        return self._ledger(BourreLedger).pot()

    def balances(self) -> dict[str, Decimal]:
        """Every Bourré party's balance for the settle-up (the pot last, when not zero)."""
        return self._ledger(BourreLedger).balances()

    def settle_up(self) -> SettleUp:
        """Who pays whom: the fewest transfers that settle every Bourré balance."""
        return self._ledger(BourreLedger).settle_up()

    def left_out_of(self, game: str) -> list[LeftOut]:
        """The hands of this game that were not counted, in input order."""
        return [item for item in self.left_out if item.game == game]

    def counted(self, game: str) -> int:
        """How many hands of this game were counted."""
        return sum(note.counted for note in self.files if note.game == game)

    def unreadable(self) -> list[FileNote]:
        """The files with read errors (in whole or in part)."""
        return [note for note in self.files if note.errors]

    def not_read(self) -> list[FileNote]:
        """The files that could not be read as a log at all (or that the referee failed
        on): see :func:`referee.codes.input_not_read`."""
        return [n for n in self.files if input_not_read((e.code for e in n.errors), n.hands)]

    def exit_code(self) -> int:
        """The exit status (see :func:`referee.report.exit_status`): standings accuse
        nobody, so it is clean unless an input could not be read as a log at all (the
        findings about a log, a line not read among them, are the audit's to judge) or two
        players apart look alike (who is who is then for a person to say)."""
        return exit_status(not_read=bool(self.not_read() or self.clashes), findings=False)


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
    """A batch writer (:class:`referee.job.Writer`) that adds each file to ``standings``.

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
