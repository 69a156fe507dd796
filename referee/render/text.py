"""The text report (``--format text``): compiler-style diagnostics, settlements and a ledger.

For each file: a header (path, game, players, hands, house options that differ from the
defaults), then every finding as ``path:line:col: RULE-ID message`` with the log line, a caret
under the column and the evidence, then a compact table of the hands' settlements with the
session ledger. A batch of several files ends with a summary table; every run ends with a
one-line count. Colour is used only on a terminal (rich's detection, which honours
``NO_COLOR`` and ``FORCE_COLOR``). On a terminal the tables are laid out in its width
(:mod:`referee.render.layout`: the words wrap, the numbers never do), and the findings, their
evidence and the header's lines are broken between words to fit it, each line after the
first under the message (:mod:`referee.render.wrapping`); piped output is plain and stable:
each finding and each table row on one line, whatever the width of any terminal, and is
written without rich (:mod:`referee.render.plain`), which only a terminal needs.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, TextIO

from referee.render.cells import cell_len
from referee.render.fmt import count as _count
from referee.render.fmt import option_text as _option_text
from referee.render.layout import Column, TableLayout
from referee.render.plain import Line, PlainConsole, PlainText, plain_console
from referee.render.safe import UNSAFE, visible, visible_lines
from referee.render.source import (
    LineSource,
    finding_source,
    no_sources,
    read_source_lines,
    snippet_window,
)
from referee.render.spool import Spool as _Spool
from referee.render.views import SettlementTable, game_title, view_of
from referee.report import (
    ClaimRuling,
    FileReport,
    HandResult,
    ReadError,
    Report,
    Violation,
    file_not_read,
)

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "LineSource",
    "TextRenderer",
    "make_console",
    "read_source_lines",
    "render_text",
    "summary_line",
    "text_console",
]


S_PATH = "bold"
S_RULE = "bold red"
S_CORRECTED = "bold yellow"
S_ERROR = "bold magenta"
S_CLAIM = "bold cyan"
S_DIM = "dim"
S_GUTTER = "blue"
S_CARET = "bold green"


def make_console(
    file: TextIO | None = None, color: bool | None = None, *, width: int | None = None
) -> Console:
    """A rich console for reports (:func:`referee.render.console.make_console`): ``color``
    None detects a terminal, False forces plain text; ``width`` fixes the terminal's width
    (else rich measures it)."""
    from referee.render.console import make_console as rich_console

    return rich_console(file, color, width=width)


def text_console(file: TextIO | None, color: bool | None) -> Console | PlainConsole:
    """The console the text report writes to: a plain one, without rich, where rich's
    would write plain text too (:func:`referee.render.plain.plain_console`), else rich's."""
    return plain_console(file, color) or make_console(file, color)


def render_text(
    report: Report,
    *,
    color: bool = False,
    quiet: bool = False,
    sources: LineSource | None = None,
    width: int | None = None,
) -> str:
    """The whole text report for ``report`` as a string (plain unless ``color``), its
    tables laid out in ``width`` cells (None: each row on one line)."""
    out = io.StringIO()
    console = text_console(out, color)
    renderer = TextRenderer(console, quiet=quiet, sources=sources, width=width)
    for file in report.files:
        renderer.file(file)
    renderer.finish()
    return out.getvalue()


# (a named tuple, not a dataclass: made at import, ~0.4 ms cheaper to define)
class _Row(NamedTuple):
    """A file's line of the batch summary."""

    path: str
    game: str | None
    hands: int
    violations: int  # every finding under a rule ID, of each kind below
    errors: int  # read errors (P- codes)
    settlement: int = 0  # recorded settlement/score errors among the violations
    #: Findings per rule ID and read errors per ``P-`` code, sorted by ID.
    rule_counts: tuple[tuple[str, int], ...] = ()
    log_faults: int = 0  # log faults (L-) among the violations
    ignored: int = 0  # findings left out by --select/--ignore
    not_read: bool = False  # the file could not be read as a log at all (exit status 2)

    @property
    def by_rule(self) -> str:
        """``BR-FOLLOW 1, L-TURN 2, P-SYNTAX 1``."""
        return _by_rule(self.rule_counts)

    @property
    def play(self) -> int:
        """The violations of the rules of play and bidding: neither a settlement error
        nor a log fault."""
        return self.violations - self.settlement - self.log_faults


def _of_kind(by_rule: dict[str, int], kind: str) -> int:
    """The findings of rules of ``kind`` (``settlement``, ``log``) among ``by_rule``."""
    if not by_rule:  # (a clean file: the registries are not needed)
        return 0
    from referee.severity import kind_of

    return sum(n for rule, n in by_rule.items() if kind_of(rule) == kind)


def _by_rule(counts: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{rule} {n}" for rule, n in counts)


_CELL = "\x1f"  # joins a settlement row's cells while the row waits to be printed


class _OpenFile:
    """What the text report keeps of the file being written while its hands stream by:
    counts, the table's column widths and its rows (spooled), never the findings, which
    are printed as they come. (A plain class: made at import, where a dataclass would cost
    ~0.5 ms of start-up for methods nothing calls.)"""

    __slots__ = (
        "by_rule",
        "errors",
        "explained",
        "hands",
        "ignored",
        "notes",
        "report",
        "rows",
        "table",
        "violations",
        "widths",
    )

    def __init__(self, report: FileReport) -> None:
        self.report = report
        self.hands = 0
        self.violations = 0
        self.rows = _Spool()
        self.widths: list[int] = []  # the widest cell of each column so far
        self.table: SettlementTable | None = None  # the game's settlement table (None: no game)
        self.notes = _Spool()  # lines under the table (games won)
        self.by_rule: dict[str, int] = {}  # violations per rule ID
        self.ignored = 0  # findings left out by --select/--ignore
        self.errors: list[ReadError] = []  # read errors not printed yet
        self.explained: set[str] = set()  # rule IDs whose `= rule:` line is out


class TextRenderer:
    """Prints file reports as they stream, then a batch summary (:meth:`finish`).

    A file is given whole (:meth:`file`) or streamed: :meth:`begin` prints its header,
    :meth:`errors` and :meth:`hand` give its read errors and hands as they are found, each
    hand's findings printed at once, merged with the read errors in line order;
    :meth:`end` prints the rest and the settlement table. Memory stays that of one hand:
    the table's rows wait in a temporary file. With ``quiet`` only the findings (violations
    and read errors) are printed. With ``keep`` the file is written into a part for
    :meth:`take_part` (a worker process's share of a batch); :meth:`part` prints such a part.
    """

    #: The batch gives the read errors as they are found (:meth:`errors`).
    interleaves_errors = True

    def __init__(
        self,
        console: Console | PlainConsole,
        *,
        quiet: bool = False,
        sources: LineSource | None = None,
        keep: bool = False,
        width: int | Literal["terminal"] | None = "terminal",
    ) -> None:
        self.console = console
        #: The width the tables are laid out in (None: none, each row one line); by default
        #: the console's on a terminal, none when piped.
        self.width = (
            (console.width if console.is_terminal else None) if width == "terminal" else width
        )
        #: No colour (piped, NO_COLOR, or a worker's plain part): lines are written as text.
        self._plain = console.color_system is None and not console.is_terminal
        #: What a line is made as: plain with no width, never wrapped, needs no rich.
        self._text: Callable[..., Line] = PlainText
        if not self._plain or self.width is not None:
            from rich.text import Text

            self._text = Text
        self.quiet = quiet
        self.sources: LineSource = sources or no_sources
        self.rows: list[_Row] = []
        self._open: _OpenFile | None = None
        self._keep = keep
        self._kept: tuple[str, _Row] | None = None

    # ------------------------------------------------------------------ per file

    def file(self, report: FileReport) -> None:
        """Print one file's report."""
        self.begin(report)
        errors = sorted(report.errors, key=lambda e: (e.line or 0, e.column or 0))
        for i, hand in enumerate(report.hands):  # each hand with the errors before the next
            upto = report.hands[i + 1].line if i + 1 < len(report.hands) else None
            cut = (
                len(errors)
                if upto is None
                else next((k for k, e in enumerate(errors) if (e.line or 0) >= upto), len(errors))
            )
            self.errors(errors[:cut])
            errors = errors[cut:]
            self.hand(hand)
        self.errors(errors)
        self.end(report)

    def begin(self, report: FileReport) -> None:
        """Start a file (its header fields are known; its hands are to come): its header."""
        self._open = open_file = _OpenFile(report)
        view = view_of(report.game) if report.game else None
        open_file.table = view.table(report) if view is not None else None
        if not self.quiet:
            if self.rows and not self._keep:
                self._print(self._text(""))
            self._header(report)

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far (printed with the next hand's findings, in line order)."""
        assert self._open is not None
        self._open.errors.extend(errors)

    def ignored_findings(self, count: int) -> None:
        """``count`` findings of the next hand were left out by ``--select``/``--ignore``
        (the summary says so: the table's ``recorded`` column still shows what differs)."""
        assert self._open is not None
        self._open.ignored += count

    def hand(self, hand: HandResult) -> None:
        """Take one judged hand of the file begun: print its findings (and the read errors
        before them), keep its table row."""
        open_file = self._open
        assert open_file is not None
        open_file.hands += 1
        open_file.violations += len(hand.violations)
        for v in hand.violations:
            open_file.by_rule[v.rule] = open_file.by_rule.get(v.rule, 0) + 1
        claims = [] if self.quiet else hand.claims
        if hand.violations or claims or open_file.errors:
            self._findings(open_file, [*hand.violations, *claims])
        if self.quiet:
            return
        table = open_file.table
        if table is not None:
            self._add_row(open_file, table.row(hand))
            for note in table.notes(hand):
                open_file.notes.add(note)

    def end(self, report: FileReport) -> None:
        """The file begun is done (its errors and standings complete): the read errors not
        printed yet, then the settlement table."""
        open_file, self._open = self._open, None
        assert open_file is not None
        open_file.report = report
        if open_file.errors:
            self._findings(open_file, [])
        if not self.quiet and open_file.hands:
            self._settlements(open_file)
        counts = dict(open_file.by_rule)
        for error in report.errors:
            counts[error.code] = counts.get(error.code, 0) + 1
        row = _Row(
            report.path,
            report.game,
            open_file.hands,
            open_file.violations,
            len(report.errors),
            _of_kind(open_file.by_rule, "settlement"),
            tuple(sorted(counts.items())),
            _of_kind(open_file.by_rule, "log"),
            open_file.ignored,
            file_not_read(report, open_file.hands),
        )
        if self._keep:
            out = self.console.file
            assert isinstance(out, io.StringIO)
            self._kept = (out.getvalue(), row)
            out.seek(0)
            out.truncate()
        else:
            self.rows.append(row)

    def take_part(self) -> tuple[str, _Row]:
        """The file just ended (``keep``): its text and its summary row."""
        assert self._kept is not None
        part, self._kept = self._kept, None
        return part

    def part(self, part: tuple[str, _Row]) -> None:
        """Print a file written by another renderer (:meth:`take_part`)."""
        text, row = part
        if self.rows and not self.quiet:
            self._print(self._text(""))
        self.console.file.write(text)
        self.rows.append(row)

    def _print(self, text: Line) -> None:
        if self._plain:  # what rich would write for it, some 20 times faster
            self.console.file.write(visible_lines(text.plain) + "\n")
        else:
            assert not isinstance(self.console, PlainConsole)  # (always plain)
            self.console.print(text, soft_wrap=True)

    def _say(self, head: Line | str, body: Line | str, style: str = "") -> None:
        """Print ``head`` then ``body``: one line (no width: piped), or in the renderer's
        width broken between words, the lines after the first under the body's start
        (:func:`referee.render.wrapping.hanging`). ``style`` is the whole line's."""
        head = self._text(head, style=style) if isinstance(head, str) else head
        body = self._text(body) if isinstance(body, str) else body
        if self.width is None:
            self._print(head + body)
            return
        from rich.text import Text  # (with a width, lines are rich's: see __init__)

        from referee.render.wrapping import hanging

        assert isinstance(head, Text) and isinstance(body, Text)
        for line in hanging(head, body, self.width):
            self._print(line)

    def _header(self, report: FileReport) -> None:
        title = self._text(visible(report.path), style=S_PATH)
        if report.game is None:
            title.append(" (not judged)")
            self._say("", title)
            return
        judged = ", not judged" if report.errors else ""  # (its house rules, say, were bad)
        title.append(f" — {game_title(report.game)}{judged}")
        self._say("", title)
        if report.players:
            self._say("  players: ", ", ".join(report.players))
        for key, value in report.metadata.items():
            self._say(f"  {key}: ", shorten(value), style=S_DIM)
        if report.options_changed:
            opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
            self._say("  house options: ", opts)

    def _findings(self, open_file: _OpenFile, findings: list[Violation | ClaimRuling]) -> None:
        """Print the waiting read errors and ``findings`` merged in line order (an error
        before a finding at the same place; one without a line first)."""
        errors, open_file.errors = open_file.errors, []
        path = open_file.report.path
        merged: list[tuple[int, int, int, ReadError | Violation | ClaimRuling]] = [
            (e.line or 0, e.column or 0, 0, e) for e in errors
        ]
        merged += [(f.line, f.column, 1 if isinstance(f, Violation) else 2, f) for f in findings]
        merged.sort(key=lambda item: item[:3])
        wanted = {e.line for e in errors if e.line and e.source_line is None}
        wanted.update(f.line for f in findings if isinstance(f, Violation) and f.line)
        lines = self.sources(path, wanted) if wanted and self.sources is not no_sources else {}
        for *_, item in merged:
            if isinstance(item, ReadError):
                self._error(path, item, lines)
            elif isinstance(item, Violation):
                self._violation(path, item, lines, open_file.explained)
            else:
                self._claim(path, item)

    def _add_row(self, open_file: _OpenFile, cells: list[str]) -> None:
        widths = open_file.widths
        if len(widths) < len(cells):
            widths.extend([0] * (len(cells) - len(widths)))
        if UNSAFE.search("".join(cells)) is not None:  # (a name or result with a control)
            cells = [visible(cell) for cell in cells]
        row = _CELL.join(cells)  # (_CELL is a control: joined after the check)
        for i, cell in enumerate(cells):
            width = cell_len(cell)
            if width > widths[i]:
                widths[i] = width
        open_file.rows.add(row)

    # ------------------------------------------------------------------ findings

    def _where(self, path: str, line: int | None, column: int | None) -> Line:
        where = path
        if line:
            where += f":{line}"
            if column:
                where += f":{column}"
        return self._text(visible(where) + ":", style=S_PATH)

    def _error(self, path: str, error: ReadError, lines: dict[int, str]) -> None:
        text = self._where(path, error.line, error.column)
        text.append(" ")
        text.append(error.code, style=S_ERROR)
        text.append(" ")
        self._say(text, error.message)
        source, column = finding_source(error.source_line, error.source_start, error.column)
        if source is None:
            source = lines.get(error.line or 0)
        self._snippet(error.line, column, source)

    def _violation(
        self, path: str, v: Violation, lines: dict[int, str], explained: set[str]
    ) -> None:
        """A finding: its line, the snippet, the evidence, and the rule in words the first
        time the file breaks it (``referee explain`` has it all)."""
        text = self._where(path, v.line, v.column)
        text.append(" ")
        text.append(v.rule, style=S_CORRECTED if v.corrected else S_RULE)
        if v.corrected:
            text.append(" (corrected)", style=S_CORRECTED)
        text.append(" ")
        self._say(text, v.message)
        source, column = finding_source(v.source_line, v.source_start, v.column)
        self._snippet(v.line, column, source if source is not None else lines.get(v.line))
        gutter = " " * self._gutter_width(v.line)
        for evidence_line in v.evidence.splitlines():
            if evidence_line.strip():
                self._say(f"{gutter}= ", evidence_line, style=S_DIM)
        if not self.quiet and v.rule not in explained:
            explained.add(v.rule)
            self._say(f"{gutter}= ", f"rule: {_rule_hint(v.rule)}", style=S_DIM)

    def _claim(self, path: str, c: ClaimRuling) -> None:
        head = self._where(path, c.line, c.column)
        head.append(" ")
        head.append("claim", style=S_CLAIM)
        head.append(" ")
        trick = f" (trick {c.trick})" if c.trick is not None else ""
        text = self._text(f"{c.by} renege {c.against}{trick}: ")
        text.append(c.ruling, style="bold")
        if c.reason:
            text.append(f" — {c.reason}")
        self._say(head, text)

    @staticmethod
    def _gutter_width(line: int | None) -> int:
        return len(str(line)) + 2 if line else 2

    def _snippet(self, line: int | None, column: int | None, source: str | None) -> None:
        if not line or source is None:
            return
        room = None if self.width is None else self.width - self._gutter_width(line) - 2
        source, column = snippet_window(source, column, room)
        shown = visible(source.expandtabs(8))
        pad = " " * (self._gutter_width(line) - len(str(line)) - 1)
        gutter = self._text(f"{pad}{line} | ", style=S_GUTTER)
        self._print(gutter + self._text(shown))
        if column:
            offset = cell_len(visible(source[: column - 1].expandtabs(8)))
            caret = self._text(" " * self._gutter_width(line) + "| ", style=S_GUTTER)
            caret.append(" " * offset + "^", style=S_CARET)
            self._print(caret)

    # ------------------------------------------------------------------ settlements

    def _settlements(self, open_file: _OpenFile) -> None:
        report, table = open_file.report, open_file.table
        if table is None:
            return
        rows = (row.split(_CELL) for row in open_file.rows.lines())  # one at a time
        self._table(table.columns, rows, table.footer(report), open_file.widths)
        for line in [*table.standing(report), *open_file.notes.lines()]:
            self._print(self._text(f"  {line}", style="bold"))

    def _table(
        self,
        columns: Sequence[Column],
        rows: Iterable[Sequence[str]],
        footer: Sequence[str] | None,
        widths: Sequence[int] = (),
    ) -> None:
        """Print a table in the renderer's width (see :mod:`referee.render.layout`);
        ``widths`` are the rows' widest cells, if known (else measured)."""
        header = [visible(c.header) for c in columns]  # (a player's name)
        if not widths:
            rows = [list(r) for r in rows]
            widths = [max((cell_len(r[i]) for r in rows), default=0) for i in range(len(header))]
        widths = [
            max(widths[i] if i < len(widths) else 0, cell_len(footer[i]) if footer else 0)
            for i in range(len(header))
        ]
        layout = TableLayout(columns, widths, self.width, header)
        for line in layout.lines(header):
            self._print(self._text(line, style=S_DIM))
        if layout.natural:
            self._print_lines(layout.line(row) for row in rows)
        else:
            self._print_lines(line for row in rows for line in layout.lines(row))
        if footer:
            for line in layout.lines(footer):
                self._print(self._text(line, style="bold"))

    def _print_lines(self, lines: Iterable[str]) -> None:
        """Print unstyled lines (table rows): written straight to the console's file, as
        :meth:`_print` would write them (no style, no markup, no wrapping), far faster."""
        write = self.console.file.write
        batch: list[str] = []
        for line in lines:
            batch.append(line)
            if len(batch) == 256:
                write(visible_lines("\n".join(batch)) + "\n")
                batch = []
        if batch:
            write(visible_lines("\n".join(batch)) + "\n")

    # ------------------------------------------------------------------ batch

    def finish(self) -> None:
        """Print the batch summary (a table when there are several files) and a count line."""
        if self.quiet:
            return
        if len(self.rows) > 1:
            self._print(self._text(""))
            counts: dict[str, Callable[[_Row], int]] = {  # column: what it counts
                "hands": lambda r: r.hands,
                "findings": lambda r: r.violations,  # (under a rule ID, of every kind)
                "settlement": lambda r: r.settlement,  # (of which settlement errors)
                "errors": lambda r: r.errors,  # (read errors)
            }
            columns = [
                Column("file", wraps=True, least=20, beneath=False),
                Column("game"),
                *(Column(k, right=True) for k in counts),
                Column("by rule", wraps=True),
            ]
            rows = [
                [visible(r.path), r.game or "-", *(str(c(r)) for c in counts.values()), r.by_rule]
                for r in self.rows
            ]
            totals = [str(sum(c(r) for r in self.rows)) for c in counts.values()]
            footer = ["total", "", *totals, _by_rule(_batch_counts(self.rows))]
            self._table(columns, rows, footer)
        self._print(self._text(""))
        self._say("", summary_line(self.rows, self._text))


def _batch_counts(rows: Sequence[_Row]) -> list[tuple[str, int]]:
    """Findings per rule ID and read errors per code over the batch, sorted by ID."""
    counts: dict[str, int] = {}
    for row in rows:
        for rule, n in row.rule_counts:
            counts[rule] = counts.get(rule, 0) + n
    return sorted(counts.items())


def summary_line(rows: Sequence[_Row], make: Callable[..., Line] | None = None) -> Line:
    """``2 files, 14 hands: 1 violation, 2 settlement errors, 1 read error`` (each kind
    counted), ``...: clean``, and what ``--select``/``--ignore`` left out: ``...: nothing
    reported (3 findings ignored)``, never "clean" beside a ``recorded`` column that says
    ``differs``."""
    if make is None:  # (rich's text, styled)
        from rich.text import Text

        make = Text
    files = len(rows)
    hands = sum(r.hands for r in rows)
    text = make(f"{_count(files, 'file')}, {_count(hands, 'hand')}: ", style="bold")
    kinds = [
        (sum(r.play for r in rows), "violation", S_RULE),
        (sum(r.settlement for r in rows), "settlement error", S_RULE),
        (sum(r.log_faults for r in rows), "log fault", S_RULE),
        (sum(r.errors for r in rows), "read error", S_ERROR),
    ]
    parts = [(_count(n, word), style) for n, word, style in kinds if n]
    not_read = sum(r.not_read for r in rows)
    if not_read:
        parts.append((f"{_count(not_read, 'file')} not read", S_ERROR))
    ignored = sum(r.ignored for r in rows)
    if not parts:
        if not ignored:
            text.append("clean", style="bold green")
            return text
        parts.append(("nothing reported", ""))
    for i, (words, style) in enumerate(parts):
        text.append((", " if i else "") + words, style=style)
    if ignored:
        text.append(f" ({_count(ignored, 'finding')} ignored)")
    return text


# ----------------------------------------------------------------------------- formatting


#: The most of a title, event or table text printed in a report's header.
METADATA_SHOWN = 200


def shorten(text: str, size: int = METADATA_SHOWN) -> str:
    """``text`` cut to ``size`` characters (``…`` marks the cut)."""
    return text if len(text) <= size else text[:size] + "…"


def _rule_hint(rule_id: str) -> str:
    """The rule's one-line summary and where to read it in full."""
    from referee.rulebook import get_rule

    rule = get_rule(rule_id)
    if rule is None:
        return f"see `referee explain {rule_id}`"
    text = " ".join(rule.explanation.split())
    first = text.split(". ")[0].rstrip(".")
    return f"{first}. See `referee explain {rule_id}`"
