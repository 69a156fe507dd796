"""Bid Euchre's part of ``referee standings`` (see
:class:`referee.render.views.StandingsPart`): the teams, then the players, by games won and
points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.ledger import counts
from referee.render.views.base import Span, TextTable, line_cells

if TYPE_CHECKING:
    from referee.render.jsontext import JsonValue
    from referee.standings import Standings

_TEAM_HEADER = ["team", "files", "hands", "games won", "points"]
_HEADER = ["player", "files", "hands", "played", "games won", "points", "reneges"]
_HEADER += ["taken back"]


class EuchreStandings:
    """Bid Euchre's teams and players."""

    def text(self, standings: Standings) -> list[Span | TextTable]:
        teams = [line_cells(t, "points") for t in standings.team_lines()]
        players = [line_cells(p, "points") for p in standings.euchre_lines()]
        tables = ((_TEAM_HEADER, teams), (_HEADER, players))
        return [
            TextTable(head, rows, frozenset(range(1, len(head)))) for head, rows in tables if rows
        ]

    def json(self, standings: Standings) -> dict[str, JsonValue]:
        return {
            "teams": [
                {"team": t.name, "players": list(t.players), **counts(t)}
                for t in standings.team_lines()
            ],
            "players": [{"name": p.name, **counts(p)} for p in standings.euchre_lines()],
        }

    def csv(self, standings: Standings) -> list[dict[str, object]]:
        rows: list[dict[str, object]] = [
            {"kind": "team", "name": t.name, "players": " ".join(t.players), **counts(t)}
            for t in standings.team_lines()
        ]
        rows += [{"kind": "player", "name": p.name, **counts(p)} for p in standings.euchre_lines()]
        return rows


EUCHRE_STANDINGS = EuchreStandings()
