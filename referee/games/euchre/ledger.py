"""Bid Euchre's standings (a :class:`referee.games.Ledger`): per team and per player the
games won, the points (a player's points are their team's on the hands they sat at) and the
hands; per player the illegal plays (``BE-FOLLOW``). Teams are matched by their two players,
in either seat order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from referee.games.euchre.rules import BE_FOLLOW
from referee.games.ledger import (
    count_reneges,
    labelled,
    merge_lines,
    player_key,
    with_hands,
)
from referee.report import EuchreHandResult, FileReport, HandResult

#: The rule IDs of illegal plays (reneges).
EUCHRE_RENEGES = frozenset({BE_FOLLOW.id})

TeamKey = tuple[str, str]  # the partners' player keys, sorted


@dataclass(slots=True)
class EuchreLine:
    """One player's Bid Euchre standing over the counted hands: its numbers (in
    order: the JSON keys) add up over the files."""

    name: str
    files: int = 0
    hands: int = 0  # counted hands at the table (redeals too)
    played: int = 0  # of them, played: not a redeal, and not sitting out an ask or moon
    games_won: int = 0  # games their team won
    points: int = 0  # their team's points on those hands
    reneges: int = 0
    corrected: int = 0


@dataclass(slots=True)
class TeamLine:
    """One Bid Euchre team's standing (a pair of partners, in either seat order); its
    numbers (in order: the JSON keys) add up over the files."""

    name: str  # "ann+cy", as first seated
    players: tuple[str, str]
    files: int = 0
    hands: int = 0
    games_won: int = 0
    points: int = 0


@dataclass(slots=True)
class EuchreLedger:
    """The Bid Euchre players' lines (by player key) and the teams' (by :data:`TeamKey`)."""

    players: dict[str, EuchreLine] = field(default_factory=dict)
    teams: dict[TeamKey, TeamLine] = field(default_factory=dict)
    seats: tuple[str, ...] = ()  # the file's players in seat order (a file's ledger)

    @classmethod
    def of_file(cls, report: FileReport) -> EuchreLedger:
        """A file's empty ledger: a line for every seated player and both partnerships
        (seats 1+3, then 2+4)."""
        seats = tuple(report.players)
        teams = [(seats[0], seats[2]), (seats[1], seats[3])] if len(seats) == 4 else []
        return cls(
            {player_key(p): EuchreLine(p) for p in seats},
            {_team_key(team): TeamLine("+".join(team), team) for team in teams},
            seats,
        )

    def add(self, hand: HandResult) -> bool:
        if not isinstance(hand, EuchreHandResult) or not hand.settled or hand.points is None:
            return False
        out = hand.sitting_out(self.seats)
        for team in self.teams.values():
            won = team.name == hand.winner  # (a team is named as the hands name it)
            scored = hand.points.get(team.name, 0)
            team.hands += 1
            team.games_won += won
            team.points += scored
            for player in team.players:
                line = self.players[player_key(player)]
                line.hands += 1
                line.played += not hand.redeal and player != out
                line.games_won += won
                line.points += scored
        count_reneges(self.players, hand, EUCHRE_RENEGES)
        return True

    def end(self) -> None:
        self.players = with_hands(self.players)
        self.teams = with_hands(self.teams)

    def merge(self, other: EuchreLedger) -> None:
        merge_lines(self.players, other.players)
        merge_lines(self.teams, other.teams)

    def names(self) -> list[str]:
        return [line.name for line in self.players.values()]

    def label(self, keys: frozenset[str]) -> None:
        for key, line in self.players.items():
            if key in keys:
                line.name = labelled(line.name)
        for team in self.teams.values():
            if any(player_key(p) in keys for p in team.players):
                a, b = (labelled(p) if player_key(p) in keys else p for p in team.players)
                team.players = (a, b)
                team.name = f"{a}+{b}"

    def lines(self) -> list[EuchreLine]:
        """The players: most games won, then most points, then by name."""
        return _ranked(self.players.values())

    def team_lines(self) -> list[TeamLine]:
        """The teams: most games won, then most points, then by name."""
        return _ranked(self.teams.values())


_Line = TypeVar("_Line", EuchreLine, TeamLine)


def _ranked(lines: Iterable[_Line]) -> list[_Line]:
    return sorted(lines, key=lambda x: (-x.games_won, -x.points, player_key(x.name)))


def _team_key(team: tuple[str, str]) -> TeamKey:
    a, b = sorted(player_key(p) for p in team)
    return (a, b)
