"""The HTML report (``--format html``, ``referee report``): one self-contained page.

Everything is inline: the CSS in a ``<style>`` element, the charts as SVG generated in
Python (:mod:`referee.render.svg`), and one small script (:data:`SCRIPT`: sorting the index,
opening the file a link names, scrolling a snippet to its caret). There is no font, image,
style sheet or script to fetch, so the page works offline, in any browser, and when printed;
without the script it still reads (unsorted). A content security policy lets the page run
its own script and style and nothing else. Every piece of text that comes from a log
(names, messages, evidence, paths, source lines) is escaped.

The page is an index first: the batch's verdict, then one row per file (game, hands, how it
settled, findings, settlement errors, read errors, a column per rule found), a totals row,
columns that sort when clicked, and a switch that shows only the files with findings or
errors. Then per file, in a ``<section class="file">`` collapsed in a ``<details>`` until it
is opened (a page of one file has it open): a heading (path, verdict, how it settled), the
header (game, players, hands, metadata, house options that differ from the defaults), the
diagnostics (``path:line:col RULE message``, the log line with a caret, the evidence; read
errors and claim rulings too), a chart of each player's running balance (Bourré) or each
team's running score (Bid Euchre, broken between games) with its legend, and the per-hand
settlement table with, beside the referee's figures, what the table recorded and whether
it agrees. At 400 px the tables, snippets and charts scroll sideways in their own boxes.

The page is written as the files are judged (memory bounded by one file): the summary and
the index, known only at the end, are written last and put at the top by CSS (``order`` in
a flex column). The output is deterministic: no time stamps, fixed key order.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from html import escape
from typing import TextIO

from referee import __version__
from referee.render.fmt import count as _count
from referee.render.fmt import option_text as _option_text
from referee.render.fmt import signed as _signed
from referee.render.safe import visible
from referee.render.source import LineSource, finding_source, no_sources, snippet_window
from referee.render.spool import Spool
from referee.render.svg import Series, defs
from referee.render.svg import css as chart_css
from referee.render.views import HtmlPart, game_title, view_of
from referee.report import (
    ClaimRuling,
    FileReport,
    HandResult,
    ReadError,
    Violation,
)

SETTLEMENT_RULES = ("BR-SETTLE-", "BE-SCORE", "BE-TOTAL")


def esc(value: object) -> str:
    """Text for HTML content or a quoted attribute value, every control, bidi and
    zero-width character in it made visible (:mod:`referee.render.safe`)."""
    return escape(visible(str(value)), quote=True)


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
#: by a worker (a log's text cannot hold a NUL: such a file is not read), replaced by the
#: anchor of its place in the page and by what the page wants.
_ANCHOR = "\x00anchor\x00"
_OPEN = "\x00open\x00"
#: The most points a chart draws: with more hands, every second point is dropped (then
#: every fourth...), so a chart is as large for 100,000 hands as for 1,000.
CHART_POINTS = 600
#: The most "game won" marks drawn on a chart.
CHART_MARKS = 60


@dataclass(slots=True)
class Point:
    """A point of a chart: after the hand at place ``at`` in the file (0: before the first),
    its label, the running balance or score of each player or team (None: not known)."""

    at: int
    label: str
    values: dict[str, Decimal | int | None]
    starts: bool = False  # the lines start afresh here (a new game; after a gap)


class Chart:
    """The running balances (scores) to chart, sampled as the hands stream by; a game's
    chart (its view's) says where they start, what they are after a hand and how they are
    drawn."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys  # the lines: players or teams (more join as they appear)
        self.running: dict[str, Decimal | int] = {}
        self.points: list[Point] = []
        self.stride = 1
        self.seen = 0
        self.pending = False  # a point left out broke the lines: the next kept one starts
        self.last: Point | None = None

    def hand(self, hand: HandResult) -> None:
        if self.seen == 0:
            self.running = self.start(hand)
            self.points.append(Point(0, "start", dict(self.running)))
        self.seen += 1
        point = Point(self.seen, str(hand.number), self.values(hand))
        self.last = point
        self.add(point)

    def start(self, first: HandResult) -> dict[str, Decimal | int]:
        """The values before the first hand."""
        raise NotImplementedError

    def values(self, hand: HandResult) -> dict[str, Decimal | int | None]:
        """The values after ``hand`` (None: not known)."""
        raise NotImplementedError

    def figure(
        self,
        report: FileReport,
        series: list[Series],
        labels: list[str],
        xs: list[int],
        breaks: list[int],
    ) -> str:
        """The chart's heading and figure."""
        raise NotImplementedError

    def add(self, point: Point) -> None:
        """Keep a point if it falls on the stride; one left out that breaks the lines makes
        the next kept one start afresh."""
        breaks = point.starts or None in point.values.values()
        if point.at % self.stride:
            self.pending = self.pending or breaks
            return
        if self.pending:
            point.starts, self.pending = True, False
        self.points.append(point)
        if len(self.points) > CHART_POINTS:
            self.stride *= 2
            kept: list[Point] = []
            for p in self.points:
                if p.at % self.stride:
                    self.pending = self.pending or p.starts or None in p.values.values()
                    continue
                if self.pending:
                    p.starts, self.pending = True, False
                kept.append(p)
            self.points = kept

    def svg(self, report: FileReport) -> str:
        points = list(self.points)
        if self.last is not None and points[-1] is not self.last:
            last = Point(self.last.at, self.last.label, self.last.values, self.pending)
            points.append(last)
        labels = [p.label for p in points]
        xs = [p.at for p in points]
        breaks = [i for i, p in enumerate(points) if p.starts]
        series = [Series(k, [p.values.get(k) for p in points]) for k in self.keys]
        return self.figure(report, series, labels, xs, breaks)


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

    @property
    def failing(self) -> bool:
        """Whether the file has findings or read errors."""
        return bool(self.violations or self.errors)


class _OpenFile:
    """What the page keeps of the file being written while its hands stream by: counts,
    the chart's samples, and its findings and table rows, written ahead into temporary
    files (the section is written at the file's end, when its header is complete)."""

    def __init__(self, report: FileReport, anchor: str) -> None:
        self.report = report
        self.anchor = anchor
        self.hands = 0
        self.violations = 0
        self.by_rule: dict[str, int] = {}
        self.diagnostics = Spool()
        self.rows = Spool()
        view = view_of(report.game) if report.game else None
        self.part = view.html_part(report) if view is not None else None

    def entry(self) -> IndexEntry:
        report = self.report
        settlement = sum(n for rule, n in self.by_rule.items() if rule.startswith(SETTLEMENT_RULES))
        return IndexEntry(
            path=report.path,
            game=report.game,
            hands=self.hands,
            violations=self.violations,
            settlement=settlement,
            errors=len(report.errors),
            by_rule=tuple(sorted(self.by_rule.items())),
            outcome=_outcome(report, self.hands, self.part),
        )


class HtmlWriter:
    """Writes the page one file section at a time; :meth:`close` adds the index.

    A file streams: :meth:`begin`, :meth:`hand` for each hand (its findings and table row
    rendered at once and kept in temporary files, its balances sampled for the chart),
    :meth:`end` writes the section. Memory stays that of one hand however long the log.
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
        self._open_files = open_files
        self._sources: LineSource = sources or no_sources
        self._title = title or "Referee report"
        self._index: list[tuple[str, IndexEntry]] = []  # (anchor, entry)
        self._open: _OpenFile | None = None
        self._kept: tuple[str, IndexEntry] | None = None
        if not keep:
            self._out.write(_head(self._title))

    def begin(self, report: FileReport) -> None:
        """A file starts (its header fields are known)."""
        anchor = _ANCHOR if self._keep else f"f{len(self._index) + 1}"
        self._open = _OpenFile(report, anchor)

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: listed first in the file's section, at its end."""

    def hand(self, hand: HandResult) -> None:
        """One judged hand of the file begun: its findings and row rendered now."""
        open_file = self._open
        assert open_file is not None
        open_file.hands += 1
        open_file.violations += len(hand.violations)
        for v in hand.violations:
            open_file.by_rule[v.rule] = open_file.by_rule.get(v.rule, 0) + 1
        anchor, i = open_file.anchor, open_file.hands - 1
        findings: list[Violation | ClaimRuling] = [*hand.violations, *hand.claims]
        if findings:
            findings.sort(key=lambda f: (f.line, f.column, isinstance(f, ClaimRuling)))
            wanted = {v.line for v in hand.violations if v.line and v.source_line is None}
            lines = self._sources(open_file.report.path, wanted) if wanted else {}
            link = f'<a class="hand" href="#{anchor}-h{i + 1}">hand {hand.number}</a>'
            path = open_file.report.path
            for f in findings:
                if isinstance(f, Violation):
                    open_file.diagnostics.write(_violation_item(path, f, lines, link))
                else:
                    open_file.diagnostics.write(_claim_item(path, f, link))
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
        is_open = " open" if self._open_files else ""
        _write_section(open_file, entry, self._out.write, self._sources, is_open)
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
        is_open = " open" if self._open_files else ""
        self._out.write(section.replace(_ANCHOR, anchor).replace(_OPEN, is_open))
        self._index.append((anchor, entry))

    def file(self, report: FileReport) -> None:
        """Write one complete file's section."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def close(self) -> None:
        """Write the summary and index (shown at the top) and end the page."""
        self._out.write(_summary(self._title, self._index))
        self._out.write(
            f"<footer>Generated by referee {esc(__version__)}. Rules and rule IDs: "
            "<code>referee rules</code>, <code>referee explain RULE-ID</code>.</footer>\n"
            f"<script>{SCRIPT}</script>\n</body>\n</html>\n"
        )


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


def _head(title: str) -> str:
    policy = (
        f"default-src 'none'; style-src {_digest(CSS)}; script-src {_digest(SCRIPT)}; "
        "base-uri 'none'; form-action 'none'"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="referee {esc(__version__)}">\n'
        f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"{defs()}\n"
    )


def _summary(title: str, index: list[tuple[str, IndexEntry]]) -> str:
    """The batch's verdict and the index of files (written last, shown first)."""
    entries = [entry for _, entry in index]
    n_hands = sum(e.hands for e in entries)
    n_viol = sum(e.violations for e in entries)
    n_err = sum(e.errors for e in entries)
    parts = [
        f'<span class="bad">{_count(n_viol, "violation")}</span>' if n_viol else "",
        f'<span class="err">{_count(n_err, "error")}</span>' if n_err else "",
    ]
    verdict = ", ".join(p for p in parts if p) or '<span class="ok">clean</span>'
    failing = sum(e.failing for e in entries)
    switch = (
        '<label class="switch"><input type="checkbox" id="only-failing"> only the '
        f"{_count(failing, 'file')} with findings or errors</label>"
        if failing and failing < len(entries)
        else ""
    )
    header = (
        f'<header class="top"><h1>{esc(title)}</h1>'
        f'<p class="verdict">{_count(len(entries), "file")}, {_count(n_hands, "hand")}: '
        f"{verdict}</p></header>\n"
    )
    if len(index) < 2:  # (a page of one file: its section says it all)
        return header
    return header + (
        f'<nav class="index">{switch}<div class="scroll">{_index_table(index)}</div></nav>\n'
    )


def _index_table(index: list[tuple[str, IndexEntry]]) -> str:
    """One row per file, a column per rule found, a totals row; sortable by the script."""
    rules = sorted({rule for _, e in index for rule, _ in e.by_rule})
    head = (
        '<th>file</th><th class="num">findings</th><th class="num" title="recorded '
        'settlement or score errors">record</th><th class="num" title="read errors">errors'
        '</th><th>game</th><th class="num">hands</th><th>settlement</th>'
        + "".join(f'<th class="num rule-col"><span>{esc(r)}</span></th>' for r in rules)
    )
    rows = []
    for anchor, e in index:
        counts = dict(e.by_rule)
        rows.append(
            f'<tr class="{"failing" if e.failing else "clean"}">'
            f'<td class="path"><a href="#{anchor}">{_path_html(e.path)}</a></td>'
            f"{_num(e.violations, 'bad')}{_num(e.settlement, 'bad')}{_num(e.errors, 'err')}"
            f"<td>{esc(game_title(e.game, '—'))}</td>"
            f"{_num(e.hands)}<td>{esc(e.outcome)}</td>"
            + "".join(_num(counts.get(r, 0), "bad", blank=True) for r in rules)
            + "</tr>"
        )
    totals = [sum(e.violations for _, e in index), sum(e.settlement for _, e in index)]
    totals += [sum(e.errors for _, e in index)]
    per_rule = [sum(dict(e.by_rule).get(r, 0) for _, e in index) for r in rules]
    hands = sum(e.hands for _, e in index)
    foot = (
        "<th>total</th>"
        + "".join(f"<td>{n}</td>" for n in totals)
        + f"<td></td><td>{hands}</td><td></td>"
        + "".join(f"<td>{n}</td>" for n in per_rule)
    )
    return (
        f'<table class="index"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
        f"<tfoot><tr>{foot}</tr></tfoot></table>"
    )


def _path_html(path: str) -> str:
    """A path, escaped, that may break after its slashes (a long one in a narrow column)."""
    return esc(path).replace("/", "/<wbr>")


def _num(n: int, cls: str = "", *, blank: bool = False) -> str:
    """A count cell (empty for 0 with ``blank``; coloured by ``cls`` when not 0)."""
    if not n:
        return "<td></td>" if blank else "<td>0</td>"
    return f'<td class="{cls}">{n}</td>' if cls else f"<td>{n}</td>"


def _outcome(report: FileReport, hands: int, part: HtmlPart | None) -> str:
    """How a file settled, in a few words, for the index and its heading."""
    if not hands:
        return "not judged" if report.game is None or report.errors else "no hands"
    return part.outcome(report) if part is not None else ""


# ----------------------------------------------------------------------------- one file


def _write_section(
    open_file: _OpenFile,
    entry: IndexEntry,
    write: Callable[[str], object],
    sources: LineSource,
    is_open: str,
) -> None:
    """A file's whole section, collapsed in a ``<details>`` (``is_open``: `` open``, or a
    stand-in for it): heading, header, diagnostics, chart and table (the kept findings and
    rows copied in from their temporary files)."""
    report, anchor = open_file.report, open_file.anchor
    state = "failing" if entry.failing else "clean"
    write(f'<section class="file {state}" id="{anchor}">\n<details{is_open}><summary>')
    if report.errors:
        badge = f'<span class="badge err">{_count(len(report.errors), "error")}</span>'
    elif open_file.violations:
        badge = f'<span class="badge bad">{_count(open_file.violations, "violation")}</span>'
    else:
        badge = '<span class="badge ok">clean</span>'
    gist = f'<span class="gist">{esc(entry.outcome)}</span>' if entry.outcome else ""
    path = _path_html(report.path)
    write(f'<h2><span class="path">{path}</span> {badge}</h2>{gist}</summary>\n')
    write(_header(report, open_file.hands) + "\n")
    wanted = {e.line for e in report.errors if e.line and e.source_line is None}
    lines = sources(report.path, wanted) if wanted else {}
    errors = "".join(_error_item(report.path, e, lines) for e in report.errors)
    if not errors and not open_file.violations and open_file.diagnostics.empty():
        write('<h3>Diagnostics</h3><p class="none">No findings: every hand is clean.</p>')
    else:
        write(f'<h3>Diagnostics</h3><ol class="diags">{errors}')
        open_file.diagnostics.copy_to(write)
        write("</ol>")
    if open_file.hands and open_file.part is not None:
        write("\n" + open_file.part.chart.svg(report) + "\n")
        open_file.part.table(report, open_file.rows, write)
    write("\n</details>\n</section>\n")


def _header(report: FileReport, hands: int) -> str:
    items: list[tuple[str, str]] = []
    items.append(("game", game_title(report.game, "not judged")))
    if report.players:
        items.append(("players", ", ".join(report.players)))
    items.append(("hands", str(hands)))
    items += [(k, v if len(v) <= 200 else v[:200] + "…") for k, v in report.metadata.items()]
    if report.options_changed:
        opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
        items.append(("house options", opts))
    cells = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in items)
    return f'<dl class="meta">{cells}</dl>'


def _where(path: str, line: int | None, column: int | None) -> str:
    where = path + (f":{line}" if line else "") + (f":{column}" if line and column else "")
    return f'<code class="loc">{esc(where)}</code>'


def _snippet(line: int | None, column: int | None, source: str | None) -> str:
    """The log line under a finding, the caret under its column (in a box that scrolls
    sideways, which the page's script scrolls to the caret)."""
    if not line or source is None:
        return ""
    source, column = snippet_window(source, column)
    shown = visible(source.expandtabs(8))
    gutter = " " * len(str(line))
    text = esc(f"{line} | {shown}")
    if column:
        pad = " " * len(visible(source[: column - 1].expandtabs(8)))
        text += f'\n{gutter} | {pad}<span class="caret">^</span>'
    return f'<pre class="src">{text}</pre>'


def _evidence(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return ""
    return '<ul class="evidence">' + "".join(f"<li>{esc(ln)}</li>" for ln in lines) + "</ul>"


def _error_item(path: str, e: ReadError, lines: dict[int, str]) -> str:
    source, column = finding_source(e.source_line, e.source_start, e.column)
    if source is None:
        source = lines.get(e.line or 0)
    return (
        f'<li class="diag error">{_where(path, e.line, e.column)} '
        f'<span class="rule">{esc(e.code)}</span> <span class="msg">{esc(e.message)}</span>'
        f"{_snippet(e.line, column, source)}</li>"
    )


def _violation_item(path: str, v: Violation, lines: dict[int, str], link: str) -> str:
    source, column = finding_source(v.source_line, v.source_start, v.column)
    if source is None:
        source = lines.get(v.line)
    cls = "corrected" if v.corrected else "violation"
    note = ' <span class="note">(corrected)</span>' if v.corrected else ""
    return (
        f'<li class="diag {cls}">{_where(path, v.line, v.column)} '
        f'<span class="rule">{esc(v.rule)}</span>{note} <span class="msg">{esc(v.message)}</span>'
        f" {link}{_snippet(v.line, column, source)}{_evidence(v.evidence)}</li>"
    )


def _claim_item(path: str, c: ClaimRuling, link: str) -> str:
    trick = f" (trick {c.trick})" if c.trick is not None else ""
    return (
        f'<li class="diag claim">{_where(path, c.line, c.column)} <span class="rule">claim</span>'
        f' <span class="msg">{esc(c.by)} renege {esc(c.against)}{esc(trick)}: '
        f'<strong class="ruling {esc(c.ruling)}">{esc(c.ruling)}</strong></span> {link}'
        f"{_evidence(c.reason)}</li>"
    )


# ----------------------------------------------------------------------------- hands


def recorded_html(hand: HandResult) -> str:
    """What the table recorded, and whether the referee agrees with it (whatever
    ``--select``/``--ignore`` hide of the findings)."""
    record = hand.record
    if not hand.recorded and record.verdict != "differs":
        return '<td class="rec none">not recorded</td>'
    lines = "".join(f"<li>{esc(r)}</li>" for r in hand.recorded)
    if record.verdict == "differs":
        verdict = f'<span class="bad">✗ disagrees ({esc(", ".join(record.rules))})</span>'
        return f'<td class="rec bad">{verdict}<ul>{lines}</ul></td>'
    if record.verdict == "unchecked":
        verdict = '<span class="muted">not checked: the hand is not settled</span>'
        return f'<td class="rec none">{verdict}<ul>{lines}</ul></td>'
    return f'<td class="rec ok"><span class="ok">✓ agrees</span><ul>{lines}</ul></td>'


def row_open(hand: HandResult, anchor: str, i: int) -> str:
    cls = ' class="flagged"' if hand.violations else ""
    return f'<tr id="{anchor}-h{i + 1}"{cls}><td>{hand.number}</td>'


def findings_cell(hand: HandResult) -> str:
    n = len(hand.violations)
    return f'<td class="bad">{n}</td>' if n else "<td></td>"


# ----------------------------------------------------------------------------- formatting


def amount_cell(value: Decimal | int | None, places: int = 0) -> str:
    if value is None:
        return "<td></td>"
    cls = ' class="neg"' if value < 0 else ' class="pos"' if value > 0 else ""
    return f"<td{cls}>{esc(_signed(value, places))}</td>"


CSS = """
:root{--fg:#1d2430;--muted:#667085;--line:#d9dee7;--bg:#fff;--panel:#f6f8fb;
--bad:#b42318;--bad-bg:#fef3f2;--err:#8e24aa;--ok:#067647;--ok-bg:#ecfdf3;--warn:#b54708}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1180px;padding:24px;font:15px/1.45 system-ui,-apple-system,
"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg);
display:flex;flex-direction:column;gap:8px}
header.top{order:-2}nav.index{order:-1}footer{order:1;color:var(--muted);font-size:13px;
border-top:1px solid var(--line);padding-top:8px;margin-top:16px}
svg.defs{position:absolute;width:0;height:0;overflow:hidden}
h1{margin:0 0 4px;font-size:26px}h2{font-size:19px;margin:0;display:inline-flex;gap:10px;
align-items:center;flex-wrap:wrap}h3{font-size:15px;margin:18px 0 6px;color:var(--muted);
text-transform:uppercase;letter-spacing:.04em}
.verdict{margin:0;font-size:16px}.path{font-family:ui-monospace,SFMono-Regular,Menlo,
Consolas,monospace;overflow-wrap:anywhere}td.path{overflow-wrap:normal}
section.file{border:1px solid var(--line);border-radius:10px;margin-top:10px;min-width:0}
section.file>details>summary{padding:12px 18px;cursor:pointer;list-style-position:outside;
margin-left:14px}
section.file>details[open]>summary{border-bottom:1px solid var(--line)}
section.file>details>:not(summary){margin-left:18px;margin-right:18px}
section.file>details>:last-child{margin-bottom:16px}
.gist{display:block;color:var(--muted);font-size:14px;margin-top:2px}
.badge{font-size:12px;font-weight:600;border-radius:999px;padding:2px 10px}
.badge.ok{background:var(--ok-bg);color:var(--ok)}.badge.bad{background:var(--bad-bg);
color:var(--bad)}.badge.err{background:#f9f0fb;color:var(--err)}
.ok{color:var(--ok)}.bad{color:var(--bad)}.err{color:var(--err)}.muted{color:var(--muted)}
dl.meta{display:flex;flex-wrap:wrap;gap:6px 22px;margin:12px 0 0}dl.meta div{display:flex;
gap:6px;min-width:0}dd{overflow-wrap:anywhere}
dt{color:var(--muted)}dt::after{content:":"}dd{margin:0}
ol.diags{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}
.diag{border-left:4px solid var(--bad);background:var(--panel);padding:6px 10px;
border-radius:0 6px 6px 0;min-width:0}.diag.corrected{border-color:var(--warn)}
.diag.error{border-color:var(--err)}.diag.claim{border-color:#0086c9}
.loc{font-size:13px;color:var(--muted);overflow-wrap:anywhere}.rule{font-weight:700;
font-family:ui-monospace,Menlo,Consolas,monospace;color:var(--bad)}
.diag.corrected .rule{color:var(--warn)}
.diag.error .rule{color:var(--err)}.diag.claim .rule{color:#0086c9}.note{color:var(--warn)}
a.hand{font-size:12px;color:var(--muted)}
pre.src{margin:6px 0 2px;padding:6px 8px;background:#fff;border:1px solid var(--line);
border-radius:4px;overflow-x:auto;font-size:13px;white-space:pre}
.caret{color:var(--ok);font-weight:700}
ul.evidence{margin:4px 0 0;padding-left:18px;color:#344054;font-size:14px;
overflow-wrap:anywhere}
.ruling.upheld{color:var(--bad)}.ruling.rejected{color:var(--ok)}
figure.chart{margin:0;overflow-x:auto}svg.chart{display:block;width:100%;max-width:760px;
min-width:480px;height:auto;font:14px system-ui,sans-serif}
svg .tick{stroke:#e4e7ec}svg .zero{stroke:#98a2b3;stroke-width:1.5}svg .axis{stroke:#475467;
fill:none}svg .xtick{stroke:#475467}svg .ylab,svg .xlab{fill:#475467}
svg .axis-title{fill:#344054;font-weight:600}svg .ref{stroke:#98a2b3;stroke-dasharray:4 4}
svg .ref-label{fill:#667085}svg .mark{stroke:#98a2b3;stroke-dasharray:2 3}
svg .mark-label{fill:#667085;font-size:12px}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;margin:4px 0 0;padding:0;
font-size:14px}ul.legend li{display:flex;align-items:center;gap:6px}
ul.legend .last{font-weight:700;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;font-size:14px}
table.hands{width:100%}th,td{padding:4px 8px;border-bottom:1px solid var(--line);
text-align:left;vertical-align:top}table.hands td{text-align:right;white-space:nowrap;
font-variant-numeric:tabular-nums}table.bourre tbody td:nth-child(2),
table.bourre tbody td:nth-child(3),table.bourre tbody td:nth-child(5),
table.euchre tbody td:nth-child(2),table.euchre tbody td:nth-child(3),
table.euchre tbody td:nth-child(4),table.hands td.result,table.hands td.rec{text-align:left;
white-space:normal}thead th{background:var(--panel);font-weight:600;
white-space:nowrap}tfoot th,tfoot td{font-weight:700;border-top:2px solid var(--line)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.neg{color:var(--bad)}td.pos{color:var(--ok)}tr.flagged td:first-child{
box-shadow:inset 4px 0 var(--bad)}
td.rec ul{margin:2px 0 0;padding-left:16px;font-family:ui-monospace,Menlo,Consolas,
monospace;font-size:12px}td.rec.none{color:var(--muted)}td.rec.bad{background:var(--bad-bg)}
p.none{margin:0;color:var(--ok)}
td.result{min-width:12em}td.rec{min-width:12em}
p.hint{margin:0 0 4px;color:var(--muted);font-size:13px}
nav.index table{margin-top:6px}table.index td{text-align:right;
font-variant-numeric:tabular-nums}table.index td:nth-child(5),table.index td:nth-child(7),
table.index td.path{text-align:left}table.index td.path{min-width:10em}
table.index td:nth-child(7){min-width:12em}table.index th.rule-col,table.index td:nth-child(n+8){
padding-left:5px;padding-right:5px}
table.index th.rule-col{vertical-align:bottom}table.index th.rule-col span{
writing-mode:vertical-rl;transform:rotate(180deg);font-family:ui-monospace,Menlo,Consolas,
monospace;font-size:12px}
table.index th button{font:inherit;color:inherit;background:none;border:0;padding:0;
cursor:pointer;text-align:inherit}
table.index th[aria-sort=ascending] button::after{content:" ▲"}
table.index th[aria-sort=descending] button::after{content:" ▼"}
label.switch{display:inline-flex;gap:6px;align-items:center;font-size:14px}
body:has(#only-failing:checked) .clean{display:none}
@media (max-width:600px){body{padding:10px}h1{font-size:22px}
section.file>details>summary{padding:10px 12px}
section.file>details>:not(summary){margin-left:10px;margin-right:10px}}
@media print{section.file{break-inside:avoid-page}}
""" + chart_css()

#: The page's one script: the index's columns sort when clicked (numbers biggest first, words
#: A to Z first), a link to a file or a hand opens its section, and an opened section's
#: snippets scroll sideways to their carets. It reads the page and never writes a log's
#: text as markup (only ``textContent`` and attributes it made itself).
SCRIPT = """
(function () {
  "use strict";
  var table = document.querySelector("table.index");
  function value(row, col, numeric) {
    var text = row.cells[col].textContent;
    return numeric ? parseFloat(text) || 0 : text.toLowerCase();
  }
  function sort(th, col) {
    var numeric = th.classList.contains("num");
    var was = th.getAttribute("aria-sort");
    var down = was ? was === "ascending" : numeric;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a, col, numeric), y = value(b, col, numeric);
      var c = x < y ? -1 : x > y ? 1 : 0;
      return (down ? -c : c) || a.getAttribute("data-i") - b.getAttribute("data-i");
    });
    Array.prototype.forEach.call(th.parentNode.cells, function (other) {
      other.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", down ? "descending" : "ascending");
    rows.forEach(function (row) { body.appendChild(row); });
  }
  if (table) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row, i) {
      row.setAttribute("data-i", i);
    });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () { sort(th, col); });
    });
  }
  function toCaret(details) {
    Array.prototype.forEach.call(details.querySelectorAll("pre.src"), function (pre) {
      var caret = pre.querySelector(".caret");
      if (!caret || pre.scrollWidth <= pre.clientWidth) { return; }
      var at = caret.getBoundingClientRect().left - pre.getBoundingClientRect().left;
      pre.scrollLeft = Math.max(0, pre.scrollLeft + at - pre.clientWidth * 0.6);
    });
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.open) { toCaret(event.target); }
  }, true);
  function opened() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var section = target.closest("section.file");
    var details = section && section.querySelector("details");
    if (details && !details.open) {
      details.open = true;
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", opened);
  opened();
  Array.prototype.forEach.call(document.querySelectorAll("details[open]"), toCaret);
})();
"""
