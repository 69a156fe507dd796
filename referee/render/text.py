"""The text report (``--format text``): compiler-style diagnostics, settlements and a ledger.

For each file: a header (path, game, players, hands, house options that differ from the
defaults), then every finding as ``path:line:col: RULE-ID message`` with the log line, a caret
under the column and the evidence, then a compact table of the hands' settlements with the
session ledger. A batch of several files ends with a summary table; every run ends with a
one-line count. Colour is used only on a terminal (rich's detection, which honours
``NO_COLOR`` and ``FORCE_COLOR``); piped output is plain and stable: no wrapping, no
terminal-width dependence.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import count as _count
from referee.render.fmt import money, signed
from referee.render.fmt import option_text as _option_text
from referee.render.source import LineSource, read_source_lines, snippet_window
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    HandResult,
    ReadError,
    Report,
    Violation,
)

__all__ = [
    "GAME_NAMES",
    "FileDigest",
    "LineSource",
    "TextRenderer",
    "make_console",
    "money",
    "new_digest",
    "read_source_lines",
    "render_text",
    "signed",
    "summary_line",
]

GAME_NAMES = {"bourre": "Bourré", "bid-euchre": "Bid Euchre"}

S_PATH = "bold"
S_RULE = "bold red"
S_CORRECTED = "bold yellow"
S_ERROR = "bold magenta"
S_CLAIM = "bold cyan"
S_DIM = "dim"
S_GUTTER = "blue"
S_CARET = "bold green"


class _Console(Console):
    """A rich console that lets a closed pipe surface as ``BrokenPipeError``.

    (rich's default exits the process with status 1, which ``audit`` uses for "violations
    found"; the command line decides instead.)
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(32, "Broken pipe")


def make_console(file: TextIO | None = None, color: bool | None = None) -> Console:
    """A console for reports: ``color`` None detects a terminal, False forces plain text."""
    return _Console(
        file=file,
        force_terminal=color,
        color_system="auto" if color is not False else None,
        no_color=None if color is not False else True,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )


def render_text(
    report: Report, *, color: bool = False, quiet: bool = False, sources: LineSource | None = None
) -> str:
    """The whole text report for ``report`` as a string (plain unless ``color``)."""
    out = io.StringIO()
    renderer = TextRenderer(make_console(out, color=color), quiet=quiet, sources=sources)
    for file in report.files:
        renderer.file(file)
    renderer.finish()
    return out.getvalue()


@dataclass(slots=True)
class _Row:
    path: str
    game: str | None
    hands: int
    violations: int
    errors: int
    settlement: int = 0  # recorded settlement/score errors among the violations
    by_rule: str = ""  # "BR-FOLLOW 1, L-TURN 2"


_CELL = "\x1f"  # joins a settlement row's cells while the row waits to be printed


@dataclass(slots=True)
class FileDigest:
    """What the text report keeps of one file while its hands stream by.

    The file is printed once its last hand is judged (its header gives the number of hands,
    its table's columns fit the widest cell), but only this is kept: the report without its
    hands, the findings, and each hand's settlement row as one string, a few dozen bytes a
    hand. It is plain data: a worker process can build it and the main process print it.
    """

    report: FileReport
    quiet: bool
    hands: int = 0
    violations: int = 0
    findings: list[Violation | ClaimRuling] = field(default_factory=list)  # in print order
    rows: list[str] = field(default_factory=list)  # each row's cells joined by _CELL
    widths: list[int] = field(default_factory=list)  # the widest cell of each column so far
    teams: list[str] = field(default_factory=list)  # Bid Euchre: the table's team columns
    games: list[str] = field(default_factory=list)  # Bid Euchre: games won, in order
    by_rule: dict[str, int] = field(default_factory=dict)  # violations per rule ID

    def add(self, hand: HandResult) -> None:
        """Take one judged hand."""
        self.hands += 1
        self.violations += len(hand.violations)
        for v in hand.violations:
            self.by_rule[v.rule] = self.by_rule.get(v.rule, 0) + 1
        if hand.violations or (hand.claims and not self.quiet):
            claims = [] if self.quiet else hand.claims
            findings: list[Violation | ClaimRuling] = [*hand.violations, *claims]
            findings.sort(key=lambda f: (f.line, f.column, isinstance(f, ClaimRuling)))
            self.findings.extend(findings)
        if self.quiet:
            return
        if isinstance(hand, BourreHandResult):
            if self.report.game == "bourre":
                self._add_row(_bourre_row(hand, self.report.players, self.report.money_places))
        elif self.report.game == "bid-euchre":
            self._add_euchre(hand)

    def _add_row(self, cells: list[str]) -> None:
        widths = self.widths
        if len(widths) < len(cells):
            widths.extend([0] * (len(cells) - len(widths)))
        for i, cell in enumerate(cells):
            width = cell_len(cell)
            if width > widths[i]:
                widths[i] = width
        self.rows.append(_CELL.join(cells))

    def _add_euchre(self, hand: EuchreHandResult) -> None:
        teams = self.teams
        tricks = "-".join(str(hand.tricks_won.get(t, 0)) for t in teams)
        cells = [
            str(hand.number),
            hand.dealer or "-",
            _contract(hand),
            SUIT_SYMBOL.get(hand.trump or "", "-"),
            "" if hand.redeal or not hand.tricks_won else tricks,
            *(_team_cell(hand, t) for t in teams),
            recorded_cell(hand),
            hand.winner or ("" if hand.settled else f"not settled: {hand.unsettled}"),
        ]
        self._add_row(cells)
        if hand.winner:
            self.games.append(f"game {hand.game_number} won by {hand.winner} (hand {hand.number})")


class TextRenderer:
    """Prints file reports one at a time, then a batch summary (:meth:`finish`).

    With ``quiet`` only the findings (violations and read errors) are printed. A file can be
    given whole (:meth:`file`) or streamed: :meth:`begin`, :meth:`hand` per hand, :meth:`end`.
    With ``keep`` a file is not printed at its end but kept for :meth:`take_part` (a worker
    process's share of a batch); :meth:`part` prints such a part.
    """

    def __init__(
        self,
        console: Console,
        *,
        quiet: bool = False,
        sources: LineSource | None = None,
        keep: bool = False,
    ) -> None:
        self.console = console
        self.quiet = quiet
        self.sources: LineSource = sources or read_source_lines
        self.rows: list[_Row] = []
        self._digest: FileDigest | None = None
        self._keep = keep
        self._kept: FileDigest | None = None

    # ------------------------------------------------------------------ per file

    def file(self, report: FileReport) -> None:
        """Print one file's report."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def begin(self, report: FileReport) -> None:
        """Start a file (its header fields are known; its hands are to come)."""
        self._digest = new_digest(report, self.quiet)

    def hand(self, hand: HandResult) -> None:
        """Take one judged hand of the file begun."""
        assert self._digest is not None
        self._digest.add(hand)

    def end(self, report: FileReport) -> None:
        """Print the file begun, now that its errors and standings are complete."""
        assert self._digest is not None
        digest, self._digest = self._digest, None
        digest.report = report
        if self._keep:
            self._kept = digest
        else:
            self.part(digest)

    def take_part(self) -> FileDigest:
        """The file just ended (``keep``)."""
        assert self._kept is not None
        digest, self._kept = self._kept, None
        return digest

    def part(self, digest: FileDigest) -> None:
        """Print a file from its :class:`FileDigest`."""
        report = digest.report
        by_rule = sorted(digest.by_rule.items())
        self.rows.append(
            _Row(
                report.path,
                report.game,
                digest.hands,
                digest.violations,
                len(report.errors),
                sum(n for rule, n in by_rule if rule.startswith(_RECORD_RULES)),
                ", ".join(f"{rule} {n}" for rule, n in by_rule),
            )
        )
        if not self.quiet:
            if len(self.rows) > 1:
                self._print(Text(""))
            self._header(report, digest.hands)
        lines = self._source_lines(report, digest.findings)
        for error in report.errors:
            self._error(report.path, error, lines)
        for finding in digest.findings:
            if isinstance(finding, Violation):
                self._violation(report.path, finding, lines)
            else:
                self._claim(report.path, finding)
        if not self.quiet and digest.hands:
            self._settlements(digest)

    def _print(self, text: Text) -> None:
        self.console.print(text, soft_wrap=True)

    def _header(self, report: FileReport, hands: int) -> None:
        title = Text(report.path, style=S_PATH)
        if report.game is None:
            title.append(" (not judged)" if report.errors else "")
            self._print(title)
            return
        judged = "not judged" if report.errors and not hands else _count(hands, "hand")
        title.append(f" — {GAME_NAMES.get(report.game, report.game)}, {judged}")
        self._print(title)
        if report.players:
            self._print(Text("  players: " + ", ".join(report.players)))
        for key, value in report.metadata.items():
            self._print(Text(f"  {key}: {value}", style=S_DIM))
        if report.options_changed:
            opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
            self._print(Text("  house options: " + opts))

    def _source_lines(
        self, report: FileReport, findings: list[Violation | ClaimRuling]
    ) -> dict[int, str]:
        wanted = {e.line for e in report.errors if e.line and e.source_line is None}
        wanted.update(f.line for f in findings if isinstance(f, Violation) and f.line)
        if not wanted:
            return {}
        return self.sources(report.path, wanted)

    # ------------------------------------------------------------------ findings

    def _where(self, path: str, line: int | None, column: int | None) -> Text:
        where = path
        if line:
            where += f":{line}"
            if column:
                where += f":{column}"
        return Text(where + ":", style=S_PATH)

    def _error(self, path: str, error: ReadError, lines: dict[int, str]) -> None:
        text = self._where(path, error.line, error.column)
        text.append(" ")
        text.append(error.code, style=S_ERROR)
        text.append(" " + error.message)
        self._print(text)
        source = error.source_line if error.source_line is not None else lines.get(error.line or 0)
        self._snippet(error.line, error.column, source)

    def _violation(self, path: str, v: Violation, lines: dict[int, str]) -> None:
        text = self._where(path, v.line, v.column)
        text.append(" ")
        text.append(v.rule, style=S_CORRECTED if v.corrected else S_RULE)
        if v.corrected:
            text.append(" (corrected)", style=S_CORRECTED)
        text.append(" " + v.message)
        self._print(text)
        self._snippet(v.line, v.column, lines.get(v.line))
        gutter = " " * self._gutter_width(v.line)
        for evidence_line in v.evidence.splitlines():
            if evidence_line.strip():
                self._print(Text(f"{gutter}= {evidence_line}", style=S_DIM))
        if not self.quiet:
            self._print(Text(f"{gutter}= rule: {_rule_hint(v.rule)}", style=S_DIM))

    def _claim(self, path: str, c: ClaimRuling) -> None:
        text = self._where(path, c.line, c.column)
        text.append(" ")
        text.append("claim", style=S_CLAIM)
        trick = f" (trick {c.trick})" if c.trick is not None else ""
        text.append(f" {c.by} renege {c.against}{trick}: ")
        text.append(c.ruling, style="bold")
        if c.reason:
            text.append(f" — {c.reason}")
        self._print(text)

    @staticmethod
    def _gutter_width(line: int | None) -> int:
        return len(str(line)) + 2 if line else 2

    def _snippet(self, line: int | None, column: int | None, source: str | None) -> None:
        if not line or source is None:
            return
        source, column = snippet_window(source, column)
        shown = source.expandtabs(8)
        pad = " " * (self._gutter_width(line) - len(str(line)) - 1)
        gutter = Text(f"{pad}{line} | ", style=S_GUTTER)
        self._print(gutter + Text(shown))
        if column:
            offset = cell_len(source[: column - 1].expandtabs(8))
            caret = Text(" " * self._gutter_width(line) + "| ", style=S_GUTTER)
            caret.append(" " * offset + "^", style=S_CARET)
            self._print(caret)

    # ------------------------------------------------------------------ settlements

    def _settlements(self, digest: FileDigest) -> None:
        report = digest.report
        rows = (row.split(_CELL) for row in digest.rows)  # one at a time: they can be many
        if report.game == "bourre":
            players = list(report.players)
            header = ["hand", "dealer", "trump", "pot", "winner", "carry", *players]
            header += ["recorded", "result"]
            ledger = [_signed_of(report.totals, p, report.money_places) for p in players]
            incomplete = "" if report.totals_complete else "settled hands only"
            footer = ["total", "", "", "", "", "", *ledger, "", incomplete]
            right = {0, 3, 5, *range(6, 6 + len(players))}
            self._table(header, rows, right, footer, digest.widths)
        elif report.game == "bid-euchre":
            teams = digest.teams
            header = ["hand", "dealer", "contract", "trump", "tricks", *teams, "recorded", "winner"]
            self._table(header, rows, {0, *range(5, 5 + len(teams))}, None, digest.widths)
            if report.score:
                score = ", ".join(f"{t} {report.score[t]}" for t in teams if t in report.score)
                self._print(Text(f"  score: {score}", style="bold"))
            elif report.score is None:
                self._print(Text("  score: unknown (the log does not decide it)", style="bold"))
            for line in digest.games:
                self._print(Text(f"  {line}", style="bold"))

    def _table(
        self,
        header: Sequence[str],
        rows: Iterable[Sequence[str]],
        right: set[int],
        footer: Sequence[str] | None,
        widths: Sequence[int] = (),
    ) -> None:
        """Print a table; ``widths`` are the rows' widest cells, if known (else measured)."""
        if not widths:
            rows = [list(r) for r in rows]
            widths = [max((cell_len(r[i]) for r in rows), default=0) for i in range(len(header))]
        edges = [header, *([footer] if footer else [])]
        widths = [
            max(widths[i] if i < len(widths) else 0, *(cell_len(r[i]) for r in edges))
            for i in range(len(header))
        ]

        def fmt(cells: Sequence[str]) -> str:
            out = []
            for i, cell in enumerate(cells):
                fill = " " * (widths[i] - cell_len(cell))
                out.append(fill + cell if i in right else cell + fill)
            return ("  " + "  ".join(out)).rstrip()

        self._print(Text(fmt(header), style=S_DIM))
        self._print_lines(fmt(row) for row in rows)
        if footer:
            self._print(Text(fmt(footer), style="bold"))

    def _print_lines(self, lines: Iterable[str]) -> None:
        """Print unstyled lines (table rows): written straight to the console's file, as
        :meth:`_print` would write them (no style, no markup, no wrapping), far faster."""
        write = self.console.file.write
        batch: list[str] = []
        for line in lines:
            batch.append(line)
            if len(batch) == 256:
                write("\n".join(batch) + "\n")
                batch = []
        if batch:
            write("\n".join(batch) + "\n")

    # ------------------------------------------------------------------ batch

    def finish(self) -> None:
        """Print the batch summary (a table when there are several files) and a count line."""
        if self.quiet:
            return
        if len(self.rows) > 1:
            self._print(Text(""))
            counts = ("hands", "violations", "settlement", "errors")
            header = ["file", "game", *counts, "by rule"]
            rows = [
                [r.path, r.game or "-", *(str(getattr(r, k)) for k in counts), r.by_rule]
                for r in self.rows
            ]
            totals = [str(sum(getattr(r, k) for r in self.rows)) for k in counts]
            footer = ["total", "", *totals, ""]
            self._table(header, rows, {2, 3, 4, 5}, footer)
        self._print(Text(""))
        self._print(summary_line(self.rows))


def summary_line(rows: Sequence[_Row]) -> Text:
    """``2 files, 14 hands: 3 violations, 1 error`` (or ``...: clean``)."""
    files = len(rows)
    hands = sum(r.hands for r in rows)
    violations = sum(r.violations for r in rows)
    errors = sum(r.errors for r in rows)
    text = Text(f"{_count(files, 'file')}, {_count(hands, 'hand')}: ", style="bold")
    if not violations and not errors:
        text.append("clean", style="bold green")
        return text
    parts = []
    if violations:
        parts.append((_count(violations, "violation"), S_RULE))
    if errors:
        parts.append((_count(errors, "error"), S_ERROR))
    for i, (words, style) in enumerate(parts):
        text.append((", " if i else "") + words, style=style)
    return text


# ----------------------------------------------------------------------------- formatting


def _bourre_row(hand: BourreHandResult, players: list[str], places: int = 0) -> list[str]:
    trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "-")
    pot = "?" if hand.pot is None else money(hand.pot, places)
    carry = "?" if hand.carry is None else money(hand.carry, places)
    if hand.payouts is None:  # not settled: no payouts of the referee's
        head = [str(hand.number), hand.dealer or "-", trump, pot, hand.winner or "?", carry]
        return [*head, *([""] * len(players)), recorded_cell(hand), hand.result]
    head = [str(hand.number), hand.dealer or "-", trump, pot]
    head += [hand.winner or "carried", carry]
    payouts = [_signed_of(hand.payouts, p, places) for p in players]
    return [*head, *payouts, recorded_cell(hand), hand.result]


_RECORD_RULES = ("BR-SETTLE-", "BE-SCORE", "BE-TOTAL")


def _rule_hint(rule_id: str) -> str:
    """The rule's one-line summary and where to read it in full."""
    from referee.rulebook import get_rule

    rule = get_rule(rule_id)
    if rule is None:
        return f"see `referee explain {rule_id}`"
    text = " ".join(rule.explanation.split())
    first = text.split(". ")[0].rstrip(".")
    return f"{first}. See `referee explain {rule_id}`"


def recorded_cell(hand: HandResult) -> str:
    """What the table recorded, beside the referee's settlement: ``-`` (nothing recorded),
    ``agrees``, ``differs:`` and the rule IDs of the differences, or ``not checked`` (the
    hand is not settled). It is the verdict whatever ``--select``/``--ignore`` hide."""
    record = hand.record
    if record.verdict == "differs":
        return "differs: " + ", ".join(record.rules)
    return {"agrees": "agrees", "unchecked": "not checked"}.get(record.verdict, "-")


def _signed_of(amounts: dict[str, Decimal], player: str, places: int = 0) -> str:
    return signed(amounts[player], places) if player in amounts else ""


def new_digest(report: FileReport, quiet: bool) -> FileDigest:
    """An empty :class:`FileDigest` for a file whose header fields are known."""
    digest = FileDigest(report, quiet)
    if report.game == "bid-euchre" and len(report.players) == 4:
        p = report.players
        digest.teams = [f"{p[0]}+{p[2]}", f"{p[1]}+{p[3]}"]  # seats 1+3, then 2+4
    return digest


def _contract(hand: EuchreHandResult) -> str:
    if hand.redeal:
        return "redeal (ace-no-face)" if hand.redeal_reason == "ace-no-face" else "redeal"
    if hand.bidder and hand.bid:
        return f"{hand.bidder} {hand.bid}"
    return "-"


def _team_cell(hand: EuchreHandResult, team: str) -> str:
    points_of, score_of = hand.points or {}, hand.score or {}
    if team not in points_of and team not in score_of:
        return "?" if hand.points is None else ""
    points = signed(points_of[team]) if team in points_of else "?"
    return f"{points} = {score_of[team]}" if team in score_of else points
