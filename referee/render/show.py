"""The replay view (``referee show``): each hand as a grid of tricks, then its settlement.

One row per trick, one column per player in seat order (then any unseated name that played),
each cell the card that player put down with a suit symbol. The row shows who led and the
lead suit; the hand's heading shows the trump. Marks, so the grid reads without colour:

* ``*`` after a card: it won the trick (the winner is also named in the last column);
* ``!RULE`` after a card: that play broke ``RULE`` (several: ``!RULE,RULE``);
* ``(was 3♣ !RULE)``: a card put down and taken back, which broke ``RULE`` (a corrected
  finding);
* ``-``: the player did not play to the trick (passed, or sat out).

A finding tied to a trick but to no card in it (a wrong trick size, an unseated name) is put
in a ``notes`` column. Under the grid every finding of the hand is listed with its
``line:column``, rule ID, message and evidence (``= ...`` lines), claims with their ruling;
then the settlement: Bourré pot, winner or carry, each player's tricks, ante, bourré and
renege payments, payout for the hand and running total; Bid Euchre contract, tricks, points
and running score per team. What the table recorded (``settle``/``score`` lines) is quoted.

The grids and tables are fixed-width; piped, no line depends on any width, and colour is
only added on a terminal (rich's detection, which honours ``NO_COLOR``), so piped output is
plain and stable. Given a width (a terminal's), the lines of words (headings, findings and
their evidence, the settlement's lines) are broken between words to fit it, each line after
the first indented under the text (:mod:`referee.render.wrapping`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import option_text as _option_text
from referee.render.layout import NAME_CAP
from referee.render.safe import visible
from referee.render.text import shorten
from referee.render.views import GameView, ShownSettlement, Span, game_title, view_of
from referee.render.wrapping import escaped, hanging, wrap_text
from referee.report import (
    ClaimRuling,
    FileReport,
    HandResult,
    TrickRecord,
    Violation,
)

S_TITLE = "bold"
S_HEAD = "dim"
S_WIN = "bold green"
S_RULE = "bold red"
S_CORRECTED = "bold yellow"
S_CLAIM = "bold cyan"
S_DIM = "dim"

NO_PLAY = "-"


@dataclass(frozen=True, slots=True)
class _Out:
    """Where ``show`` prints: the console, and the width its lines of words are broken to
    (None: not broken, one line each)."""

    console: Console
    width: int | None

    def line(self, text: Text) -> None:
        """Print a line as it is (a grid's or a table's row)."""
        self.console.print(text, soft_wrap=True)

    def say(self, head: Text | str, body: Text | str, style: str = "") -> None:
        """Print ``head`` then ``body``, broken between words to fit the width, the lines
        after the first under the body's start; ``style`` is the whole line's."""
        head = Text(head, style=style) if isinstance(head, str) else head
        body = Text(body) if isinstance(body, str) else body
        for line in hanging(head, body, self.width):
            self.line(line)


def show_file(
    console: Console,
    report: FileReport,
    hands: Sequence[HandResult],
    *,
    width: int | None = None,
) -> None:
    """Print the file's heading, then each of ``hands`` as a grid with its settlement.

    ``hands`` are results of ``report`` judged with ``keep_tricks=True``; the running totals
    are computed over all of ``report.hands`` up to each shown hand. ``width``: the cells
    the lines of words are broken to (a terminal's; None: not broken).
    """
    out = _Out(console, width)
    view = view_of(report.game) if report.game else None
    running = view.running_totals(report) if view is not None else {}
    _heading(out, report)
    for hand in hands:
        console.print(Text(""))
        show_hand(console, report, hand, running.get(id(hand), {}), width=width)


def show_hand(
    console: Console,
    report: FileReport,
    hand: HandResult,
    running: dict[str, Decimal] | None = None,
    *,
    width: int | None = None,
) -> None:
    """Print one hand: heading, trick grid, findings and settlement (``width``: as for
    :func:`show_file`)."""
    out = _Out(console, width)
    view = view_of(hand.game)
    _hand_heading(out, report, hand, view)
    columns = _columns(report.players, hand.tricks)
    if hand.tricks:
        _print_table(out, *_grid(hand, columns))
    else:
        without = view.show_without_tricks(hand) if view is not None else "no tricks played"
        out.say("  ", without, style=S_DIM)
    _findings(out, hand)
    if view is not None:
        _settlement(out, hand, view.show_settlement(hand, report, running or {}))


# ----------------------------------------------------------------------------- heading


def _heading(out: _Out, report: FileReport) -> None:
    game = game_title(report.game, "unknown game")
    n = len(report.hands)
    out.say("", Text(f"{visible(report.path)} — {game}, {n} hand{'' if n == 1 else 's'}", S_TITLE))
    if report.players:
        out.say("  players: ", ", ".join(report.players))
    for key, value in report.metadata.items():
        out.say(f"  {key}: ", shorten(value), style=S_DIM)
    if report.options_changed:
        opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
        out.say("  house options: ", opts)


def _hand_heading(out: _Out, report: FileReport, hand: HandResult, view: GameView | None) -> None:
    parts = [f"dealer {hand.dealer or '?'}"]
    if view is not None:
        parts += view.show_heading(hand, report)
    head = Text(f"hand {hand.number}", S_TITLE)
    head.append(" · ")
    out.say(head, " · ".join(parts))


# ----------------------------------------------------------------------------- grid


@dataclass(slots=True)
class _Cell:
    """One player's plays in one trick, with the findings attached to them."""

    cards: list[str] = field(default_factory=list)
    winner: bool = False
    rules: list[str] = field(default_factory=list)
    taken_back: list[tuple[str | None, str]] = field(default_factory=list)  # (card, rule)

    def text(self) -> Text:
        out = Text()
        for i, card in enumerate(self.cards):
            if i:
                out.append(" ")
            out.append(_card(card), style=S_WIN if self.winner else "")
        if self.winner:
            out.append("*", style=S_WIN)
        if not self.cards:
            out.append(NO_PLAY, style=S_DIM)
        if self.rules:
            out.append(" ")
            out.append("!" + ",".join(self.rules), style=S_RULE)
        for was, rule in self.taken_back:
            if not rule:  # taken back, and breaking no rule
                out.append(f" (was {_card(was) if was else '?'})", style=S_DIM)
                continue
            out.append(" (was " + (_card(was) + " " if was else ""), style=S_CORRECTED)
            out.append("!" + rule, style=S_CORRECTED)
            out.append(")", style=S_CORRECTED)
        return out


def _columns(players: Sequence[str], tricks: Sequence[TrickRecord]) -> list[str]:
    """Seat order, then any other name that played, in order of appearance."""
    columns = list(players)
    for trick in tricks:
        columns.extend(p for p, _ in trick.plays if p not in columns)
    return columns


def _grid(hand: HandResult, columns: list[str]) -> tuple[list[str], list[list[Text]], set[int]]:
    """Header, rows and right-aligned columns of the trick grid."""
    by_trick: dict[int, list[Violation]] = {}
    for v in hand.violations:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    rows: list[list[Text]] = []
    any_notes = False
    for trick in hand.tricks:
        cells = {p: _Cell() for p in columns}
        for player, card in trick.plays:
            cells[player].cards.append(card)
        if trick.winner in cells:
            cells[trick.winner].winner = True
        for player, card in trick.retracted:
            if player in cells:
                cells[player].taken_back.append((card, ""))
        notes: list[str] = []
        for v in by_trick.get(trick.number, []):
            cell = cells.get(v.player or "")
            if cell is None:
                notes.append(v.rule)
            elif v.corrected:
                known = [i for i, (was, rule) in enumerate(cell.taken_back) if was == v.card]
                if known and not cell.taken_back[known[0]][1]:
                    cell.taken_back[known[0]] = (v.card, v.rule)  # the retraction broke a rule
                else:
                    cell.taken_back.append((v.card, v.rule))
            elif v.rule not in cell.rules:
                cell.rules.append(v.rule)
        any_notes = any_notes or bool(notes)
        lead = Text(trick.leader or "?")
        lead.append(" " + _suit(trick.lead_suit))
        row = [Text(str(trick.number)), lead, *(cells[p].text() for p in columns)]
        row.append(Text(trick.winner or "-"))
        row.append(Text("!" + ",".join(notes), style=S_RULE) if notes else Text(""))
        rows.append(row)
    header = ["trick", "lead", *columns, "winner"]
    if any_notes:
        header.append("notes")
    else:
        rows = [row[:-1] for row in rows]
    return header, rows, {0}


# ----------------------------------------------------------------------------- findings


def _findings(out: _Out, hand: HandResult) -> None:
    items: list[Violation | ClaimRuling] = [*hand.violations, *hand.claims]
    if not items:
        out.line(Text("  no findings", style=S_DIM))
        return
    items.sort(key=lambda f: (f.line, f.column, isinstance(f, ClaimRuling)))
    where = [f"{f.line}:{f.column}" for f in items]
    labels = [f.rule if isinstance(f, Violation) else "claim" for f in items]
    w_where = max(len(w) for w in where)
    w_label = max(len(label) for label in labels)
    indent = " " * (2 + w_where + 2 + w_label + 2)
    out.line(Text("  findings", style=S_HEAD))
    for f, at, label in zip(items, where, labels, strict=True):
        head = Text(f"  {at:<{w_where}}  ")
        if isinstance(f, Violation):
            head.append(f"{label:<{w_label}}", style=S_CORRECTED if f.corrected else S_RULE)
            head.append("  ")
            text = Text(("(corrected) " if f.corrected else "") + f.message)
            evidence = f.evidence.splitlines()
        else:
            head.append(f"{label:<{w_label}}", style=S_CLAIM)
            head.append("  ")
            trick = f" (trick {f.trick})" if f.trick is not None else ""
            text = Text(f"{f.by} renege {f.against}{trick}: ")
            text.append(f.ruling, style="bold")
            evidence = f.reason.splitlines()
        out.say(head, text)
        for line in evidence:
            if line.strip():
                out.say(f"{indent}= ", line, style=S_DIM)


# ----------------------------------------------------------------------------- settlement


_STYLES = {"": "", "head": S_HEAD, "win": S_WIN}


def _spans(out: _Out, spans: list[Span]) -> None:
    """Print a line of spans; the first one's look is the whole line's (a dim label dims
    it), and its continuation lines go under the second."""
    (first, look), *rest = spans
    text = Text()
    for words, style in rest:
        text.append(words, style=_STYLES[style])
    out.say(Text(first, style=_STYLES[look]), text)


def _cell(words: str, wins: bool) -> Text:
    cell = Text(words)
    if wins:
        cell.stylize(S_WIN)
    return cell


def _settlement(out: _Out, hand: HandResult, shown: ShownSettlement) -> None:
    """The hand's settlement as its game's view gives it, then what the table recorded."""
    for line in shown.lines:
        _spans(out, line)
    if shown.header:
        rows = [
            [_cell(c, i == 0 and n in shown.winners) for i, c in enumerate(row)]
            for n, row in enumerate(shown.rows)
        ]
        _print_table(out, shown.header, rows, set(shown.right))
    for line in shown.after:
        _spans(out, line)
    out.say(Text("  recorded: ", style=S_HEAD), " · ".join(hand.recorded) or "nothing")


# ----------------------------------------------------------------------------- formatting


def _print_table(
    out: _Out, header: Sequence[str], rows: Sequence[Sequence[Text]], right: set[int]
) -> None:
    """Fixed-width columns two spaces apart, indented by two; trailing blanks trimmed. In a
    width the table does not fit, a cell wider than :data:`NAME_CAP` (a long name) is wrapped
    at that width, onto the next lines of its row (:func:`_print_wrapped`)."""
    body = [[Text(h, style=S_HEAD) for h in header], *rows]
    widths = [max(cell_len(r[i].plain) for r in body) for i in range(len(header))]
    too_wide = out.width is not None and 2 + sum(widths) + 2 * (len(widths) - 1) > out.width
    if too_wide and max(widths, default=0) > NAME_CAP:
        _print_wrapped(out, body, right)
        return
    for row in body:
        line = Text("  ")
        for i, cell in enumerate(row):
            fill = " " * (widths[i] - cell_len(cell.plain))
            if i:
                line.append("  ")
            line.append_text(Text(fill) + cell if i in right else cell + Text(fill))
        line.rstrip()
        out.line(line)


def _print_wrapped(out: _Out, body: Sequence[Sequence[Text]], right: set[int]) -> None:
    """The table with its cells made visible and no column wider than :data:`NAME_CAP`: a
    wider cell is broken between its words (a long word cut) onto the row's next lines."""
    body = [[escaped(cell) for cell in row] for row in body]
    widths = [min(max(r[i].cell_len for r in body), NAME_CAP) for i in range(len(body[0]))]
    for row in body:
        pieces = [wrap_text(cell, widths[i]) for i, cell in enumerate(row)]
        for k in range(max(len(p) for p in pieces)):
            line = Text("  ")
            for i, piece in enumerate(pieces):
                cell = piece[k] if k < len(piece) else Text("")
                fill = Text(" " * (widths[i] - cell.cell_len))
                if i:
                    line.append("  ")
                line.append_text(fill + cell if i in right else cell + fill)
            line.rstrip()
            out.line(line)


def _card(card: str) -> str:
    try:
        return pretty(card)
    except (KeyError, IndexError):
        return card


def _suit(suit: str | None) -> str:
    return SUIT_SYMBOL.get(suit or "", suit or "-")
