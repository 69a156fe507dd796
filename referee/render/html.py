"""The HTML report (``--format html``, ``referee report``): one self-contained page.

Everything is inline: the CSS in a ``<style>`` element, the charts as SVG generated in
Python (:mod:`referee.render.svg`), and one small script (``templates/page.js``: sorting
and filtering, opening the file a link names, scrolling a snippet to its caret). There is
no font, image, style sheet or script to fetch, so the page works offline, in any browser,
and when printed; without the script it still reads (unsorted, no filter boxes). A content
security policy lets the page run its own script and style and nothing else. The markup is
in jinja2 templates (``templates/``, :mod:`referee.render.templating`) that escape every
value they write: a name, message, path or line from a log is always text.

The page starts with the batch's verdict and the index: one row per file (game, hands, how
it settled, findings, settlement errors, read errors, a column per rule found), a totals
row, columns that sort when clicked, a switch that shows only the files with findings or
errors, and a filter box (file, player, rule ID). Then per file, in a ``<section
class="file">`` collapsed in a ``<details>`` until it is opened (a page of one file has it
open): a heading that says all the section holds (path; its read errors, violations and
claims; its hands and how it settled), the header (game, players, hands, metadata, house
options that differ from the defaults), a filter box (player, rule ID), the diagnostics
(``path:line:col RULE message``, the log line with a caret, the evidence; read errors and
claim rulings too), a chart of each player's running balance (Bourré) or each team's
running score (Bid Euchre, broken between games) with its legend, and the per-hand
settlement table with, beside the referee's figures, what the table recorded and whether
it agrees. A table's heading stays in sight as its rows scroll; a table of more than
:data:`LONG_TABLE` hands is collapsed behind its summary line. On a narrow screen each
hand is a card, its money first, and the chart shrinks to the screen's width.

The page is written as the files are judged, memory bounded by one hand: a file's findings
and rows wait in temporary files until its section is written (its header is complete at
its end), and the sections wait in another (:class:`~referee.render.spool.Spool`, on disk
past 1 MiB) until the end, when the verdict and the index are known: then the page is
written head, verdict, index, script, sections, so that a browser shows the verdict and the
index at once, whatever the page's size. The output is deterministic: no time stamps,
fixed key order.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TextIO, cast

from markupsafe import Markup

from referee import __version__
from referee.render.fmt import count as _count
from referee.render.fmt import option_text as _option_text
from referee.render.safe import visible
from referee.render.source import LineSource, finding_source, no_sources, snippet_window
from referee.render.spool import Spool
from referee.render.svg import css as chart_css
from referee.render.svg import defs
from referee.render.templating import asset, macros
from referee.render.views import HtmlPart, game_title, view_of
from referee.report import (
    ClaimRuling,
    FileReport,
    HandResult,
    ReadError,
    Violation,
)
from referee.rulebook import settlement_rules


def render_html(
    reports: Iterable[FileReport], *, sources: LineSource | None = None, title: str = ""
) -> str:
    """The whole page for ``reports`` as a string (a single file's section open)."""
    reports = list(reports)
    out = io.StringIO()
    writer = HtmlWriter(out, sources=sources, title=title, open_files=len(reports) == 1)
    for report in reports:
        writer.file(report)
    writer.close()
    return out.getvalue()


#: Stand for a file's anchor and for its section's ``open`` attribute in a section written
#: by a worker (a log's text cannot hold a NUL: such a file is not read; and what a log
#: says is written with its control characters made visible), replaced by the anchor of
#: its place in the page and by what the page wants.
_ANCHOR = Markup("\x00anchor\x00")
_OPEN = Markup("\x00open\x00")
#: A file's section has a filter box when it has at least this many findings and hands.
FILTER_AT = 20


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """A file's row in the page's index (made where the file was written, maybe in a
    worker process, and sent with its section)."""

    path: str
    game: str | None
    hands: int
    violations: int
    settlement: int  # recorded settlement or score errors among the violations
    errors: int  # read errors
    by_rule: tuple[tuple[str, int], ...]  # violations per rule ID, sorted
    outcome: str  # how the file settled, in words
    players: tuple[str, ...] = ()
    claims: int = 0  # claim rulings

    @property
    def failing(self) -> bool:
        """Whether the file has findings or read errors."""
        return bool(self.violations or self.errors)


class _OpenFile:
    """What the page keeps of the file being written while its hands stream by: counts,
    the chart's samples, and its findings and table rows, written ahead into temporary
    files (the section is written at the file's end, when its header is complete)."""

    def __init__(self, report: FileReport, anchor: Markup) -> None:
        self.report = report
        self.anchor = anchor
        self.hands = 0
        self.violations = 0
        self.claims = 0
        self.by_rule: dict[str, int] = {}
        self.diagnostics = Spool()
        self.rows = Spool()
        view = view_of(report.game) if report.game else None
        self.part = view.html_part(report) if view is not None else None

    def entry(self) -> IndexEntry:
        report = self.report
        settlement = sum(n for rule, n in self.by_rule.items() if rule in settlement_rules())
        return IndexEntry(
            path=report.path,
            game=report.game,
            hands=self.hands,
            violations=self.violations,
            settlement=settlement,
            errors=len(report.errors),
            by_rule=tuple(sorted(self.by_rule.items())),
            outcome=_outcome(report, self.hands, self.part),
            players=tuple(report.players),
            claims=self.claims,
        )


class HtmlWriter:
    """Writes the page one file section at a time; :meth:`close` writes it out.

    A file streams: :meth:`begin`, :meth:`hand` for each hand (its findings and table row
    rendered at once and kept in temporary files, its balances sampled for the chart),
    :meth:`end` writes the section, into a temporary file too. :meth:`close` writes the
    page: its head, the verdict and the index, then the sections. Memory stays that of one
    hand however long the log, and of one index row a file however many files.
    ``open_files``: the files' sections are open (a page of one file), else collapsed.
    """

    def __init__(
        self,
        out: TextIO,
        *,
        sources: LineSource | None = None,
        title: str = "",
        keep: bool = False,
        open_files: bool = False,
    ) -> None:
        self._out = out
        self._keep = keep
        self._is_open = Markup(" open") if open_files else Markup("")
        self._sources: LineSource = sources or no_sources
        self._title = title or "Referee report"
        self._index: list[tuple[str, IndexEntry]] = []  # (anchor, entry)
        self._body = Spool()  # the sections, until the index is known
        self._open: _OpenFile | None = None
        self._kept: tuple[str, IndexEntry] | None = None

    def begin(self, report: FileReport) -> None:
        """A file starts (its header fields are known)."""
        anchor = _ANCHOR if self._keep else Markup(f"f{len(self._index) + 1}")
        self._open = _OpenFile(report, anchor)

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: listed first in the file's section, at its end."""

    def hand(self, hand: HandResult) -> None:
        """One judged hand of the file begun: its findings and row rendered now."""
        open_file = self._open
        assert open_file is not None
        open_file.hands += 1
        open_file.violations += len(hand.violations)
        open_file.claims += len(hand.claims)
        for v in hand.violations:
            open_file.by_rule[v.rule] = open_file.by_rule.get(v.rule, 0) + 1
        anchor, i = open_file.anchor, open_file.hands
        if hand.violations or hand.claims:
            _write_findings(open_file, hand, self._sources)
        part = open_file.part
        if part is not None:
            open_file.rows.write(part.row(open_file.report, hand, anchor, i))
            part.chart.hand(hand)

    def end(self, report: FileReport) -> None:
        """Write the file begun (with ``keep``, keep it for :meth:`take_part` instead)."""
        open_file, self._open = self._open, None
        assert open_file is not None
        open_file.report = report
        entry = open_file.entry()
        if self._keep:  # (a worker's file, at most BIG_FILE long: its section in memory)
            text = io.StringIO()
            _write_section(open_file, entry, text.write, self._sources, _OPEN)
            self._kept = (text.getvalue(), entry)
            return
        _write_section(open_file, entry, self._body.write, self._sources, self._is_open)
        self._index.append((open_file.anchor, entry))

    def take_part(self) -> tuple[str, IndexEntry]:
        """The file just ended (``keep``), for :meth:`part` in another process."""
        assert self._kept is not None
        part, self._kept = self._kept, None
        return part

    def part(self, part: tuple[str, IndexEntry]) -> None:
        """Write a file's section made by this or another writer (:meth:`take_part`)."""
        section, entry = part
        anchor = f"f{len(self._index) + 1}"
        self._body.write(section.replace(_ANCHOR, anchor).replace(_OPEN, self._is_open))
        self._index.append((anchor, entry))

    def file(self, report: FileReport) -> None:
        """Write one complete file's section."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def close(self) -> None:
        """Write the page: head, verdict, index (with several files), script, sections."""
        write = self._out.write
        page = macros("page.html")
        css, script = page_css(), asset("page.js")
        policy = (
            f"default-src 'none'; style-src {_digest(css)}; script-src {_digest(script)}; "
            "base-uri 'none'; form-action 'none'"
        )
        write(page.head(self._title, policy, Markup(css), __version__, defs()))
        write(_summary(self._title, self._index))
        write(page.script(Markup(script)))
        self._body.copy_to(write)
        write(page.foot(__version__))


def page_css() -> str:
    """The page's style sheet: the page's and the charts' rules."""
    return asset("page.css") + chart_css()


# ----------------------------------------------------------------------------- page


def _digest(text: str) -> str:
    """A CSP source for inline text: its SHA-256, in base64."""
    return "'sha256-" + base64.b64encode(_sha256(text.encode())).decode() + "'"


def _sha256(data: bytes) -> bytes:
    """SHA-256, by the interpreter's own module when it has one (``hashlib`` loads OpenSSL,
    which costs the process some 4 MB)."""
    import importlib

    for name in ("_sha2", "_sha256"):  # (Python 3.12 and later; 3.11)
        try:
            return bytes(importlib.import_module(name).sha256(data).digest())
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256(data).digest()


@dataclass(frozen=True, slots=True)
class _IndexRow:
    """What the index template writes of a file."""

    anchor: str
    state: str
    find: str  # the players and rule IDs, for the filter
    path: str
    violations: int
    settlement: int
    errors: int
    game: str
    hands: int
    outcome: str
    per_rule: list[int]


def _summary(title: str, index: list[tuple[str, IndexEntry]]) -> Markup:
    """The batch's verdict and (with several files) the index of files."""
    entries = [entry for _, entry in index]
    page = macros("page.html")
    verdict = page.verdict(
        title,
        len(entries),
        sum(e.hands for e in entries),
        sum(e.violations for e in entries),
        sum(e.errors for e in entries),
    )
    if len(index) < 2:  # (a page of one file: its section says it all)
        return cast(Markup, verdict)
    rules = sorted({rule for e in entries for rule, _ in e.by_rule})
    rows = []
    for anchor, e in index:
        counts = dict(e.by_rule)
        rows.append(
            _IndexRow(
                anchor=anchor,
                state="failing" if e.failing else "clean",
                find=" ".join([*e.players, *counts]),
                path=e.path,
                violations=e.violations,
                settlement=e.settlement,
                errors=e.errors,
                game=game_title(e.game, "—"),
                hands=e.hands,
                outcome=e.outcome,
                per_rule=[counts.get(r, 0) for r in rules],
            )
        )
    totals = [sum(e.violations for e in entries), sum(e.settlement for e in entries)]
    totals += [sum(e.errors for e in entries), sum(e.hands for e in entries)]
    totals += [sum(dict(e.by_rule).get(r, 0) for e in entries) for r in rules]
    failing = sum(e.failing for e in entries)
    return cast(Markup, verdict + page.index(rows, rules, totals, failing, len(entries)))


def _outcome(report: FileReport, hands: int, part: HtmlPart | None) -> str:
    """How a file settled, in a few words, for the index and its heading."""
    if not hands:
        return "not judged" if report.game is None or report.errors else "no hands"
    return part.outcome(report) if part is not None else ""


# ----------------------------------------------------------------------------- one file


def _badges(entry: IndexEntry) -> list[tuple[str, str]]:
    """The heading's badges: every kind of finding the section holds, or "clean"."""
    badges = []
    if entry.errors:
        badges.append(("err", _count(entry.errors, "error")))
    if entry.violations:
        badges.append(("bad", _count(entry.violations, "violation")))
    if entry.claims:
        badges.append(("claim", _count(entry.claims, "claim")))
    return badges or [("ok", "clean")]


def _write_section(
    open_file: _OpenFile,
    entry: IndexEntry,
    write: Callable[[str], object],
    sources: LineSource,
    is_open: Markup,
) -> None:
    """A file's whole section, collapsed in a ``<details>`` (``is_open``: `` open``, or a
    stand-in for it): heading, header, filter, diagnostics, chart and table (the kept
    findings and rows copied in from their temporary files)."""
    report, anchor = open_file.report, open_file.anchor
    file = macros("file.html")
    gist = _count(entry.hands, "hand") + (f" · {entry.outcome}" if entry.outcome else "")
    state = "failing" if entry.failing else "clean"
    write(file.section_start(anchor, state, is_open, report.path, _badges(entry), gist))
    write(file.header(_header_items(report, open_file.hands)))
    findings = len(report.errors) + entry.violations + entry.claims
    if findings + open_file.hands >= FILTER_AT:
        write(file.filter("Filter this file", "player or rule ID"))
    if not findings:
        write(file.no_findings())
    else:
        write(file.diagnostics_start())
        wanted = {e.line for e in report.errors if e.line and e.source_line is None}
        lines = sources(report.path, wanted) if wanted else {}
        for error in report.errors:
            write(_error_item(report.path, error, lines))
        open_file.diagnostics.copy_to(write)
        write("</ol>")
    if open_file.hands and open_file.part is not None:
        write("\n" + open_file.part.chart.svg(report) + "\n")
        open_file.part.table(report, open_file.rows, write)
    write("\n</details>\n</section>\n")


def _header_items(report: FileReport, hands: int) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []
    items.append(("game", game_title(report.game, "not judged")))
    if report.players:
        items.append(("players", ", ".join(report.players)))
    items.append(("hands", str(hands)))
    items += [(k, v if len(v) <= 200 else v[:200] + "…") for k, v in report.metadata.items()]
    if report.options_changed:
        opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
        items.append(("house options", opts))
    return items


def _write_findings(open_file: _OpenFile, hand: HandResult, sources: LineSource) -> None:
    """A hand's findings and claim rulings, in line order, into the file's diagnostics."""
    file = macros("file.html")
    findings: list[Violation | ClaimRuling] = [*hand.violations, *hand.claims]
    findings.sort(key=lambda f: (f.line, f.column, isinstance(f, ClaimRuling)))
    path = open_file.report.path
    wanted = {v.line for v in hand.violations if v.line and v.source_line is None}
    lines = sources(path, wanted) if wanted else {}
    link = file.hand_link(open_file.anchor, open_file.hands, hand.number)
    for f in findings:
        if isinstance(f, Violation):
            source, column = finding_source(f.source_line, f.source_start, f.column)
            if source is None:
                source = lines.get(f.line)
            item = file.violation_item(
                _where(path, f.line, f.column),
                f.rule,
                f.corrected,
                f.message,
                link,
                _snippet(f.line, column, source),
                _evidence(f.evidence),
            )
        else:
            item = file.claim_item(
                _where(path, f.line, f.column),
                f.by,
                f.against,
                f.trick,
                f.ruling,
                link,
                _evidence(f.reason),
            )
        open_file.diagnostics.write(item)


def _where(path: str, line: int | None, column: int | None) -> str:
    return path + (f":{line}" if line else "") + (f":{column}" if line and column else "")


def _snippet(line: int | None, column: int | None, source: str | None) -> Markup:
    """The log line under a finding, the caret under its column."""
    if not line or source is None:
        return Markup("")
    source, column = snippet_window(source, column)
    shown = visible(source.expandtabs(8))
    pad = " " * len(visible(source[: column - 1].expandtabs(8))) if column else None
    return cast(Markup, macros("file.html").snippet(line, shown, pad, " " * len(str(line))))


def _evidence(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def _error_item(path: str, e: ReadError, lines: dict[int, str]) -> Markup:
    source, column = finding_source(e.source_line, e.source_start, e.column)
    if source is None:
        source = lines.get(e.line or 0)
    snippet = _snippet(e.line, column, source)
    where = _where(path, e.line, e.column)
    return cast(Markup, macros("file.html").error_item(where, e.code, e.message, snippet))


# ----------------------------------------------------------------------------- hands
