"""``referee standings``: the standings and the settle-up as text, JSON or CSV.

The numbers come from :mod:`referee.standings` (the core), each game's part of them from its
view (:class:`referee.render.views.StandingsPart`); this module lays them out, a game at a
time, and adds what every game has (headings, hands left out, read errors).

* text: per game, a table of the players (Bourré: by money won; Bid Euchre: teams, then
  players, by games won and points), then for Bourré who pays whom; then the hands left out
  and the files with read errors. Laid out as the audit's text report lays out its tables
  (two-space indent and gaps, numbers right-aligned, the header dim); plain when piped.
* json: one document, keys in a fixed order (see :func:`standings_json`); amounts exact.
* csv: one row per player, team, transfer, name of a clash, hand left out and read error,
  with a ``kind`` column (see :data:`CSV_COLUMNS`).

Players apart by name who look alike (:class:`referee.standings.NameClash`) are listed in
every format (text: "Names that look alike"; JSON: ``clashes``; CSV: ``clash`` rows).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from referee.games import all_games
from referee.render.csv import text_cell
from referee.render.fmt import count
from referee.render.jsontext import JsonValue, dumps, error_json
from referee.render.safe import visible
from referee.render.text import S_DIM, S_ERROR, S_PATH
from referee.render.views import StandingsPart, TextTable, game_title, view_of
from referee.standings import FileNote, LeftOut, NameClash, Standings

_CONTROLS = {c: "\ufffd" for c in (*range(0, 32), *range(0x7F, 0xA0))}


def _plain(text: str) -> str:
    """Text from a log or a path, safe for a terminal: control characters as U+FFFD."""
    return text.translate(_CONTROLS)


def _parts(standings: Standings) -> list[tuple[str, StandingsPart]]:
    """The games with a file read, in the documents' order, and their views' parts."""
    parts = []
    for game in all_games():
        view = view_of(game.key)
        if view is not None and standings.has(game.key):
            parts.append((game.key, view.standings()))
    return parts


# ----------------------------------------------------------------------------- text


class StandingsText:
    """Prints the standings to a rich console."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def print(self, standings: Standings) -> None:
        """The whole text report: each game's part (its view's), then the hands left out,
        the read errors and the summary."""
        for i, (game, part) in enumerate(_parts(standings)):
            if i:
                self._line(Text(""))
            self._title(standings, game)
            for block in part.text(standings):
                if isinstance(block, TextTable):
                    self._table(block.header, block.rows, block.right)
                else:
                    words, look = block
                    self._line(Text(_plain(words), style="bold" if look == "head" else ""))
        if standings.clashes:
            self._line(Text(""))
            self._clashes(standings.clashes)
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

    def _clashes(self, clashes: list[NameClash]) -> None:
        self._line(
            Text(
                "Names that look alike (kept apart, each with its code points; say who is who):",
                style="bold",
            )
        )
        for clash in clashes:
            text = Text("  ")
            for i, (name, path) in enumerate(zip(clash.names, clash.paths, strict=True)):
                if i:
                    text.append(" and ")
                text.append(_plain(visible(name)), style=S_ERROR)
                text.append(f" ({_plain(visible(path))})")
            text.append(": " + _plain(visible(clash.reason)))
            self._line(text)

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

    def _table(
        self, header: Sequence[str] | None, rows: list[list[str]], right: frozenset[int]
    ) -> None:
        rows = [[_plain(cell) for cell in row] for row in rows]
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
    if standings.clashes:
        text.append(", ")
        n = len(standings.clashes)
        text.append(f"{n} name {'clash' if n == 1 else 'clashes'}", style=S_ERROR)
    return text


def print_standings(console: Console, standings: Standings) -> None:
    """The text report on ``console``."""
    StandingsText(console).print(standings)


# ----------------------------------------------------------------------------- json


def standings_json(standings: Standings) -> dict[str, JsonValue]:
    """The JSON document: ``files`` (every input: its game, hands judged and counted, read
    errors), then one key per game (``bourre``, ``bid-euchre``; null when no file of that
    game was read): ``hands`` counted, the game's own keys, the hands ``left_out``."""
    doc: dict[str, JsonValue] = {"files": [_file_json(note) for note in standings.files]}
    doc.update(dict.fromkeys(game.key for game in all_games()))
    for game, part in _parts(standings):
        doc[game] = {
            "hands": standings.counted(game),
            **part.json(standings),
            "left_out": [
                {"path": item.path, "hand": item.hand, "line": item.line, "reason": item.reason}
                for item in standings.left_out_of(game)
            ],
        }
    doc["clashes"] = [
        {"names": list(c.names), "paths": list(c.paths), "reason": c.reason}
        for c in standings.clashes
    ]
    return doc


def _file_json(note: FileNote) -> dict[str, JsonValue]:
    return {
        "path": note.path,
        "game": note.game,
        "hands": note.hands,
        "counted": note.counted,
        "errors": [error_json(e) for e in note.errors],
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
    """Every row but the header (see :data:`CSV_COLUMNS` and ``docs/standings.md``)."""
    rows = [
        _csv_row(game=game, **cells)
        for game, part in _parts(standings)
        for cells in part.csv(standings)
    ]
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
    for clash in standings.clashes:
        for name, path in zip(clash.names, clash.paths, strict=True):
            rows.append(
                _csv_row(
                    kind="clash",
                    name=text_cell(name),
                    path=text_cell(path),
                    reason=text_cell(clash.reason),
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
