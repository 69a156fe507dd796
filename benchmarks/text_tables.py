"""The text report's tables: ``referee/render/layout.py`` against ``rich.table.Table``.

Why the text report lays out its own tables (docs/choices.md, "Reports that fit the screen"):

1. **Piped, the same bytes?** ``--rows`` seeded rows of a six-player Bourré settlement
   table are laid out both ways, with no width (each row one line, every column at its
   widest cell): rich's table with no box, one cell of padding on each side of a column
   and none at the edges, each column's width fixed, the trailing blanks trimmed. Prints
   whether the lines are identical, and the CPU time a row of each.
2. **In a narrow terminal?** One row of an eight-player table laid out in 80 columns both
   ways: what each does to the numbers and the columns that do not fit.

Usage: ``python benchmarks/text_tables.py [--rows 20000] [--seed 1]``
"""

from __future__ import annotations

import argparse
import io
import random
import time
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from referee.render.layout import Column, TableLayout

PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay"]
HEADS = [("hand", True), ("dealer", False), ("trump", False), ("pot", True)]
HEADS += [("winner", False), ("carry", True)]


def columns(players: Sequence[str]) -> list[Column]:
    """The Bourré settlement table's columns, as the text report has them."""
    head = [Column(name, right=right) for name, right in HEADS]
    nets = [Column(p, right=True, band=True) for p in players]
    return [*head, *nets, Column("recorded", wraps=True), Column("result", wraps=True)]


def random_row(rng: random.Random, number: int) -> list[str]:
    return [
        str(number),
        rng.choice(PLAYERS),
        rng.choice("♠♥♦♣"),
        str(rng.randint(6, 90)),
        rng.choice([*PLAYERS, "carried"]),
        str(rng.randint(0, 90)),
        *(f"{rng.randint(-30, 60):+d}" for _ in PLAYERS),
        rng.choice(["-", "agrees", "differs: BR-SETTLE-POT"]),
        rng.choice(["ann took most tricks (3)", "ann and bob tied with 2 tricks; the pot carries"]),
    ]


def rich_table(cols: Sequence[Column], widths: Sequence[int] | None) -> Table:
    """rich's table set up as the piped layout: no box, two cells between columns."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style=None)
    for i, column in enumerate(cols):
        justify = "right" if column.right else "left"
        width = None if widths is None else widths[i]
        table.add_column(column.header, justify=justify, no_wrap=True, width=width)
    return table


def with_rich(
    cols: Sequence[Column], rows: Sequence[Sequence[str]], widths: list[int]
) -> list[str]:
    table = rich_table(cols, widths)
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    span = sum(widths) + 2 * (len(widths) - 1)
    Console(file=out, width=span, color_system=None, highlight=False, markup=False).print(table)
    return ["  " + line.rstrip() for line in out.getvalue().splitlines()]


def piped(rows_count: int, seed: int) -> None:
    rng = random.Random(seed)
    cols = columns(PLAYERS)
    rows = [random_row(rng, n) for n in range(1, rows_count + 1)]
    header = [c.header for c in cols]
    widths = [max(cell_len(r[i]) for r in [header, *rows]) for i in range(len(cols))]
    start = time.process_time()
    layout = TableLayout(cols, widths, None)
    ours = [layout.line(header), *(layout.line(row) for row in rows)]
    ours_time = time.process_time() - start
    start = time.process_time()
    theirs = with_rich(cols, rows, widths)
    rich_time = time.process_time() - start
    print(f"piped, {rows_count} rows: identical lines: {ours == theirs}")
    print(f"  layout.py   {ours_time:7.2f} s  ({ours_time / rows_count * 1e6:7.1f} µs a row)")
    print(f"  rich Table  {rich_time:7.2f} s  ({rich_time / rows_count * 1e6:7.1f} µs a row)")


def narrow() -> None:
    players = ["alice", "bertrand", "cyrille", "dominique", "evangeline", "francois"]
    players += ["gilbert", "hyacinth"]
    cols = columns(players)
    row = ["12", "dominique", "♠", "128.50", "evangeline", "0"]
    row += ["-12.25", "+101.50", "-12.25", "-12.25", "+12.25", "-64.25", "-12.25", "0"]
    row += ["differs: BR-SETTLE-POT", "evangeline took most tricks (3)"]
    header = [c.header for c in cols]
    widths = [max(cell_len(header[i]), cell_len(row[i])) for i in range(len(cols))]
    layout = TableLayout(cols, widths, 80)
    print("\nlayout.py in 80 columns:")
    for line in [*layout.lines(header), *layout.lines(row)]:
        print(line)
    table = rich_table(cols, None)
    table.add_row(*row)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None, highlight=False, markup=False).print(table)
    print("\nrich Table in 80 columns:")
    print(out.getvalue(), end="")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    piped(args.rows, args.seed)
    narrow()


if __name__ == "__main__":
    main()
