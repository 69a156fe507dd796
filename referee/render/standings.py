"""``referee standings``: the standings and the settle-up as text, JSON or CSV.

The numbers come from :mod:`referee.standings` (the core); this module only lays them out.

* text: per game, a table of the players (Bourré: by money won; Bid Euchre: teams, then
  players, by games won and points), then for Bourré who pays whom; then the hands left out
  and the files with read errors. Laid out as the audit's text report lays out its tables
  (two-space indent and gaps, numbers right-aligned, the header dim); plain when piped.
* json: one document, keys in a fixed order (see :func:`standings_json`); amounts exact.
* csv: one row per player, team, transfer, hand left out and read error, with a ``kind``
  column (see :data:`CSV_COLUMNS`).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from decimal import Decimal
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from referee.render.csv import text_cell
from referee.render.fmt import count, money, signed
from referee.render.json import JsonValue, dumps, error_json
from referee.render.text import S_DIM, S_ERROR, S_PATH
from referee.render.views import game_title
from referee.settleup import SettleUp, Transfer
from referee.standings import POT, FileNote, LeftOut, Standings

_CONTROLS = {c: "\ufffd" for c in (*range(0, 32), *range(0x7F, 0xA0))}


def _plain(text: str) -> str:
    """Text from a log or a path, safe for a terminal: control characters as U+FFFD."""
    return text.translate(_CONTROLS)


# ----------------------------------------------------------------------------- text


class StandingsText:
    """Prints the standings to a rich console."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def print(self, standings: Standings) -> None:
        """The whole text report."""
        sections = 0
        if standings.has("bourre"):
            self._bourre(standings)
            sections += 1
        if standings.has("bid-euchre"):
            if sections:
                self._line(Text(""))
            self._euchre(standings)
            sections += 1
        left_out = standings.left_out
        if left_out:
            self._line(Text(""))
            self._left_out(left_out)
        unreadable = standings.unreadable()
        if unreadable:
            self._line(Text(""))
            self._unreadable(unreadable)
        self._line(Text(""))
        self._line(_summary(standings))

    def _line(self, text: Text) -> None:
        self.console.print(text, soft_wrap=True)

    def _title(self, standings: Standings, game: str) -> None:
        files = sum(1 for note in standings.files if note.game == game)
        counted = standings.counted(game)
        left = len(standings.left_out_of(game))
        title = f"{game_title(game)} standings: {count(files, 'file')}, "
        title += f"{count(counted, 'hand')} counted"
        if left:
            title += f" ({left} left out)"
        self._line(Text(title, style="bold"))

    def _bourre(self, standings: Standings) -> None:
        self._title(standings, "bourre")
        places = standings.money_places
        header = ["player", "files", "hands", "played", "pots won", "bourrés", "reneges"]
        header += ["taken back", "net"]
        rows = [
            [
                _plain(p.name),
                *map(str, (p.files, p.hands, p.played, p.pots_won, p.bourres, p.reneges)),
                str(p.corrected),
                signed(p.net, places),
            ]
            for p in standings.bourre_lines()
        ]
        if rows:
            self._table(header, rows, set(range(1, len(header))))
        pot = standings.pot()
        if pot:
            self._line(Text(_pot_text(pot, places)))
        self._line(Text(""))
        self._settle_up(standings.settle_up(), places)

    def _settle_up(self, result: SettleUp, places: int) -> None:
        transfers = result.transfers
        if not transfers:
            self._line(Text("Who pays whom: nobody owes anything.", style="bold"))
            return
        if result.fewest:
            how = f"{count(len(transfers), 'transfer')}, the fewest that settle every balance"
        else:
            how = (
                f"{count(len(transfers), 'transfer')}; with {result.parties} players the "
                "fewest is not searched for: the largest debtor pays the largest creditor first"
            )
        self._line(Text(f"Who pays whom ({how}):", style="bold"))
        rows = [
            [_party(t.payer), "pays", _party(t.payee), money(t.amount, places)] for t in transfers
        ]
        self._table(None, rows, {3})

    def _euchre(self, standings: Standings) -> None:
        self._title(standings, "bid-euchre")
        teams = [
            [_plain(t.name), str(t.files), str(t.hands), str(t.games_won), signed(t.points)]
            for t in standings.team_lines()
        ]
        if teams:
            self._table(["team", "files", "hands", "games won", "points"], teams, {1, 2, 3, 4})
        header = ["player", "files", "hands", "played", "games won", "points", "reneges"]
        header.append("taken back")
        players = [
            [
                _plain(p.name),
                *map(str, (p.files, p.hands, p.played, p.games_won)),
                signed(p.points),
                str(p.reneges),
                str(p.corrected),
            ]
            for p in standings.euchre_lines()
        ]
        if players:
            self._table(header, players, set(range(1, len(header))))

    def _left_out(self, left_out: list[LeftOut]) -> None:
        self._line(
            Text("Hands left out (not settled: the log does not decide them):", style="bold")
        )
        for item in left_out:
            where = Text(f"  {_plain(item.path)}:{item.line}:", style=S_PATH)
            where.append(f" hand {item.hand} ({game_title(item.game)}): ")
            where.append(_plain(item.reason))
            self._line(where)

    def _unreadable(self, notes: list[FileNote]) -> None:
        self._line(Text("Read errors (`referee audit` shows them in full):", style="bold"))
        for note in notes:
            first = note.errors[0]
            text = Text(f"  {_plain(note.path)}", style=S_PATH)
            if first.line:
                text.append(f":{first.line}", style=S_PATH)
            text.append(": ")
            text.append(first.code, style=S_ERROR)
            text.append(" " + _plain(first.message))
            more = len(note.errors) - 1
            if more:
                text.append(f" (and {count(more, 'more error')})")
            text.append(
                f"; {count(note.counted, 'settled hand')} counted"
                if note.counted
                else "; nothing counted"
            )
            self._line(text)

    def _table(self, header: Sequence[str] | None, rows: list[list[str]], right: set[int]) -> None:
        lines = [*([header] if header else []), *rows]
        widths = [max(cell_len(r[i]) for r in lines) for i in range(len(lines[0]))]

        def fmt(cells: Sequence[str]) -> str:
            out = []
            for i, cell in enumerate(cells):
                fill = " " * (widths[i] - cell_len(cell))
                out.append(fill + cell if i in right else cell + fill)
            return ("  " + "  ".join(out)).rstrip()

        if header:
            self._line(Text(fmt(header), style=S_DIM))
        for row in rows:
            self._line(Text(fmt(row)))


def _pot_text(pot: Decimal, places: int) -> str:
    """What the pot's balance means, in words."""
    if pot > 0:
        return (
            f"  left in the pot: {money(pot, places)} (put in and not won; paid into the pot "
            "below, for the next game)"
        )
    return (
        f"  taken from the pot: {money(-pot, places)} (won from a pot that was there before "
        "the counted hands; the pot pays it below)"
    )


def _party(name: str) -> str:
    return "the pot" if name == POT else _plain(name)


def _summary(standings: Standings) -> Text:
    files = len(standings.files)
    counted = sum(note.counted for note in standings.files)
    left = len(standings.left_out)
    text = Text(f"{count(files, 'file')}, {count(counted, 'hand')} counted", style="bold")
    if left:
        text.append(f", {left} left out", style="bold")
    errors = standings.unreadable()
    if errors:
        text.append(", ")
        text.append(f"{count(len(errors), 'file')} with read errors", style=S_ERROR)
    return text


def print_standings(console: Console, standings: Standings) -> None:
    """The text report on ``console``."""
    StandingsText(console).print(standings)


# ----------------------------------------------------------------------------- json


def standings_json(standings: Standings) -> dict[str, JsonValue]:
    """The JSON document: ``files`` (every input: its game, hands judged and counted, read
    errors), then ``bourre`` and ``bid-euchre`` (null when no file of that game was read)."""
    return {
        "files": [_file_json(note) for note in standings.files],
        "bourre": _bourre_json(standings) if standings.has("bourre") else None,
        "bid-euchre": _euchre_json(standings) if standings.has("bid-euchre") else None,
    }


def _file_json(note: FileNote) -> dict[str, JsonValue]:
    return {
        "path": note.path,
        "game": note.game,
        "hands": note.hands,
        "counted": note.counted,
        "errors": [error_json(e) for e in note.errors],
    }


def _left_out_json(standings: Standings, game: str) -> list[JsonValue]:
    return [
        {"path": item.path, "hand": item.hand, "line": item.line, "reason": item.reason}
        for item in standings.left_out_of(game)
    ]


def _bourre_json(standings: Standings) -> dict[str, JsonValue]:
    result = standings.settle_up()
    return {
        "hands": standings.counted("bourre"),
        "players": [
            {
                "name": p.name,
                "files": p.files,
                "hands": p.hands,
                "played": p.played,
                "pots_won": p.pots_won,
                "bourres": p.bourres,
                "reneges": p.reneges,
                "corrected": p.corrected,
                "net": p.net,
            }
            for p in standings.bourre_lines()
        ],
        "pot": standings.pot(),
        "settle_up": {
            "transfers": [_transfer_json(t) for t in result.transfers],
            "fewest": result.fewest,
        },
        "left_out": _left_out_json(standings, "bourre"),
    }


def _transfer_json(t: Transfer) -> dict[str, JsonValue]:
    return {"from": t.payer, "to": t.payee, "amount": t.amount}


def _euchre_json(standings: Standings) -> dict[str, JsonValue]:
    return {
        "hands": standings.counted("bid-euchre"),
        "teams": [
            {
                "team": t.name,
                "players": list(t.players),
                "files": t.files,
                "hands": t.hands,
                "games_won": t.games_won,
                "points": t.points,
            }
            for t in standings.team_lines()
        ],
        "players": [
            {
                "name": p.name,
                "files": p.files,
                "hands": p.hands,
                "played": p.played,
                "games_won": p.games_won,
                "points": p.points,
                "reneges": p.reneges,
                "corrected": p.corrected,
            }
            for p in standings.euchre_lines()
        ],
        "left_out": _left_out_json(standings, "bid-euchre"),
    }


def write_json(out: TextIO, standings: Standings) -> None:
    """The JSON document, indented as the audit's JSON report is."""
    out.write(dumps(standings_json(standings)) + "\n")


# ----------------------------------------------------------------------------- csv

CSV_COLUMNS: tuple[str, ...] = (
    "kind",
    "game",
    "name",
    "players",
    "files",
    "hands",
    "played",
    "pots_won",
    "bourres",
    "reneges",
    "corrected",
    "games_won",
    "points",
    "net",
    "payer",
    "payee",
    "amount",
    "path",
    "hand",
    "line",
    "reason",
)
_CSV_INDEX = {name: i for i, name in enumerate(CSV_COLUMNS)}


def _csv_row(**cells: object) -> list[str]:
    row = [""] * len(CSV_COLUMNS)
    for name, value in cells.items():
        row[_CSV_INDEX[name]] = value if isinstance(value, str) else str(value)
    return row


def csv_rows(standings: Standings) -> list[list[str]]:
    """Every row but the header (see :data:`CSV_COLUMNS` and the README)."""
    places = standings.money_places
    rows: list[list[str]] = []
    for p in standings.bourre_lines():
        rows.append(
            _csv_row(
                kind="player",
                game="bourre",
                name=p.name,
                files=p.files,
                hands=p.hands,
                played=p.played,
                pots_won=p.pots_won,
                bourres=p.bourres,
                reneges=p.reneges,
                corrected=p.corrected,
                net=money(p.net, places),
            )
        )
    if standings.has("bourre") and standings.pot():
        rows.append(
            _csv_row(kind="pot", game="bourre", name=POT, net=money(standings.pot(), places))
        )
    if standings.has("bourre"):
        for t in standings.settle_up().transfers:
            amount = money(t.amount, places)
            rows.append(
                _csv_row(
                    kind="transfer", game="bourre", payer=t.payer, payee=t.payee, amount=amount
                )
            )
    for team in standings.team_lines():
        rows.append(
            _csv_row(
                kind="team",
                game="bid-euchre",
                name=team.name,
                players=" ".join(team.players),
                files=team.files,
                hands=team.hands,
                games_won=team.games_won,
                points=team.points,
            )
        )
    for e in standings.euchre_lines():
        rows.append(
            _csv_row(
                kind="player",
                game="bid-euchre",
                name=e.name,
                files=e.files,
                hands=e.hands,
                played=e.played,
                games_won=e.games_won,
                points=e.points,
                reneges=e.reneges,
                corrected=e.corrected,
            )
        )
    for item in standings.left_out:
        rows.append(
            _csv_row(
                kind="left-out",
                game=item.game,
                path=text_cell(item.path),
                hand=item.hand,
                line=item.line,
                reason=text_cell(item.reason),
            )
        )
    for note in standings.unreadable():
        for error in note.errors:
            rows.append(
                _csv_row(
                    kind="error",
                    game=note.game or "",
                    path=text_cell(note.path),
                    line="" if error.line is None else error.line,
                    reason=text_cell(f"{error.code}: {error.message}"),
                )
            )
    return rows


def write_csv(out: TextIO, standings: Standings) -> None:
    """The CSV: the header row, then :func:`csv_rows`."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_rows(standings))
