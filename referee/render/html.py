"""The HTML report (``--format html``, ``referee report``): one self-contained page.

Everything is inline: the CSS in a ``<style>`` element, the charts as SVG generated in
Python (:mod:`referee.render.svg`); there is no script, no font, image or style sheet to
fetch, so the page works offline, in any browser, and when printed. Every piece of text
that comes from a log (names, messages, evidence, paths, source lines) is escaped.

Per file, in a ``<section class="file">``: a heading (path, verdict), the header (game,
players, hands, metadata, house options that differ from the defaults), the diagnostics
(``path:line:col RULE message``, the log line with a caret, the evidence; read errors and
claim rulings too), a chart of each player's running balance (Bourré) or each team's running
score (Bid Euchre) over the hands, and the per-hand settlement table with, beside the
referee's figures, what the table recorded and whether it agrees.

The page is written as the files are judged (memory bounded by one file): the batch summary
and the index of files, known only at the end, are written last and put at the top by CSS
(``order`` in a flex column). The output is deterministic: no time stamps, fixed key order.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from decimal import Decimal
from html import escape
from typing import TextIO

from referee import __version__
from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import count as _count
from referee.render.fmt import money as _money
from referee.render.fmt import option_text as _option_text
from referee.render.fmt import signed as _signed
from referee.render.safe import visible
from referee.render.source import LineSource, finding_source, no_sources, snippet_window
from referee.render.spool import Spool
from referee.render.svg import Mark, RefLine, Series, line_chart
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    HandResult,
    ReadError,
    Violation,
)

GAME_NAMES = {"bourre": "Bourré", "bid-euchre": "Bid Euchre"}
SETTLEMENT_RULES = ("BR-SETTLE-", "BE-SCORE", "BE-TOTAL")


def esc(value: object) -> str:
    """Text for HTML content or a quoted attribute value, every control, bidi and
    zero-width character in it made visible (:mod:`referee.render.safe`)."""
    return escape(visible(str(value)), quote=True)


def render_html(
    reports: Iterable[FileReport], *, sources: LineSource | None = None, title: str = ""
) -> str:
    """The whole page for ``reports`` as a string."""
    out = io.StringIO()
    writer = HtmlWriter(out, sources=sources, title=title)
    for report in reports:
        writer.file(report)
    writer.close()
    return out.getvalue()


#: Stands for a file's anchor in a section written by a worker (a log's text cannot hold a
#: NUL: such a file is not read), replaced by the anchor of its place in the page.
_ANCHOR = "\x00anchor\x00"
#: The most points a chart draws: with more hands, every second point is dropped (then
#: every fourth...), so a chart is as large for 100,000 hands as for 1,000.
CHART_POINTS = 600
#: The most "game won" marks drawn on a chart.
CHART_MARKS = 60


class _Chart:
    """The running balances (scores) to chart, sampled as the hands stream by."""

    def __init__(self, report: FileReport) -> None:
        self.bourre = report.game == "bourre"
        self.keys: list[str] = list(report.players) if self.bourre else _base_teams(report)
        self.running: dict[str, Decimal | int] = {}
        self.points: list[tuple[int, str, dict[str, Decimal | int]]] = []  # (hand, label, ...)
        self.stride = 1
        self.seen = 0
        self.last: tuple[int, str, dict[str, Decimal | int]] | None = None
        self.marks: list[tuple[int, str]] = []

    def hand(self, hand: HandResult) -> None:
        if self.seen == 0:
            self._start(hand)
        self.seen += 1
        if isinstance(hand, BourreHandResult):
            for p, amount in (hand.payouts or {}).items():
                if p not in self.keys:
                    self.keys.append(p)
                self.running[p] = self.running.get(p, Decimal(0)) + amount
        elif isinstance(hand, EuchreHandResult):
            for t in [*(hand.points or {}), *(hand.score or {})]:
                if t not in self.keys:
                    self.keys.append(t)
            score = hand.score or {}
            self.running.update({t: v for t, v in score.items() if t in self.running})
            if hand.winner and len(self.marks) < CHART_MARKS:
                self.marks.append((self.seen, f"game {hand.game_number}: {hand.winner}"))
        point = (self.seen, str(hand.number), dict(self.running))
        self.last = point
        if self.seen % self.stride == 0:
            self.points.append(point)
            if len(self.points) > CHART_POINTS:
                self.points = self.points[:1] + self.points[2::2]
                self.stride *= 2

    def _start(self, first: HandResult) -> None:
        if isinstance(first, EuchreHandResult):
            before, got = first.score or {}, first.points or {}
            self.running = {t: before.get(t, 0) - got.get(t, 0) for t in self.keys}
        else:
            self.running = dict.fromkeys(self.keys, Decimal(0))
        self.points.append((0, "start", dict(self.running)))

    def svg(self, report: FileReport) -> str:
        points = list(self.points)
        if self.last is not None and points[-1][0] != self.last[0]:
            points.append(self.last)
        x_labels = [label for _, label, _ in points]
        zero: Decimal | int = Decimal(0) if self.bourre else 0
        series = [Series(k, [snap.get(k, zero) for _, _, snap in points]) for k in self.keys]
        if self.bourre:
            svg = line_chart(
                series,
                x_labels,
                title=f"Running balance per player: {report.path}",
                y_label="balance",
                value_text=_signed,
            )
            return f'<h3>Running balance</h3><figure class="chart">{svg}</figure>'
        target = report.options_changed.get("target", 32)
        refs = [RefLine(target, f"target {target}")] if isinstance(target, int | Decimal) else []
        at = [n for n, _, _ in points]
        marks = [Mark(_nearest(at, n), label) for n, label in self.marks]
        svg = line_chart(
            series,
            x_labels,
            title=f"Running score per team: {report.path}",
            y_label="score",
            refs=refs,
            marks=marks,
        )
        return f'<h3>Running score</h3><figure class="chart">{svg}</figure>'


def _nearest(kept: list[int], hand: int) -> int:
    """The x position of the kept point nearest to hand ``hand`` (its own when kept)."""
    import bisect

    i = bisect.bisect_left(kept, hand)
    if i < len(kept) and kept[i] == hand:
        return i
    return min((j for j in (i - 1, i) if 0 <= j < len(kept)), key=lambda j: abs(kept[j] - hand))


class _OpenFile:
    """What the page keeps of the file being written while its hands stream by: counts,
    the chart's samples, and its findings and table rows, written ahead into temporary
    files (the section is written at the file's end, when its header is complete)."""

    def __init__(self, report: FileReport, anchor: str) -> None:
        self.report = report
        self.anchor = anchor
        self.hands = 0
        self.violations = 0
        self.diagnostics = Spool()
        self.rows = Spool()
        self.chart = _Chart(report)
        self.teams = _base_teams(report)


class HtmlWriter:
    """Writes the page one file section at a time; :meth:`close` adds the summary.

    A file streams: :meth:`begin`, :meth:`hand` for each hand (its findings and table row
    rendered at once and kept in temporary files, its balances sampled for the chart),
    :meth:`end` writes the section. Memory stays that of one hand however long the log.
    """

    def __init__(
        self,
        out: TextIO,
        *,
        sources: LineSource | None = None,
        title: str = "",
        keep: bool = False,
    ) -> None:
        self._out = out
        self._keep = keep
        self._sources: LineSource = sources or no_sources
        self._title = title or "Referee report"
        self._index: list[tuple[str, FileReport, int]] = []  # (anchor, summary, violations)
        self._hand_counts: list[int] = []
        self._open: _OpenFile | None = None
        self._kept: tuple[str, FileReport, int, int] | None = None
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
        game = open_file.report.game
        if game in GAME_NAMES:
            if game == "bourre" and isinstance(hand, BourreHandResult):
                open_file.rows.write(_bourre_row(open_file.report, hand, anchor, i))
            elif game == "bid-euchre" and isinstance(hand, EuchreHandResult):
                open_file.rows.write(_euchre_row(open_file.teams, hand, anchor, i))
            open_file.chart.hand(hand)

    def end(self, report: FileReport) -> None:
        """Write the file begun (with ``keep``, keep it for :meth:`take_part` instead)."""
        open_file, self._open = self._open, None
        assert open_file is not None
        open_file.report = report
        summary = FileReport(
            path=report.path, game=report.game, errors=list(report.errors), hands=[]
        )
        if self._keep:  # (a worker's file, at most BIG_FILE long: its section in memory)
            text = io.StringIO()
            _write_section(open_file, text.write, self._sources)
            self._kept = (text.getvalue(), summary, open_file.violations, open_file.hands)
            return
        _write_section(open_file, self._out.write, self._sources)
        self._index.append((open_file.anchor, summary, open_file.violations))
        self._hand_counts.append(open_file.hands)

    def take_part(self) -> tuple[str, FileReport, int, int]:
        """The file just ended (``keep``), for :meth:`part` in another process."""
        assert self._kept is not None
        part, self._kept = self._kept, None
        return part

    def part(self, part: tuple[str, FileReport, int, int]) -> None:
        """Write a file's section made by this or another writer (:meth:`take_part`)."""
        section, summary, violations, hands = part
        anchor = f"f{len(self._index) + 1}"
        self._out.write(section.replace(_ANCHOR, anchor))
        self._index.append((anchor, summary, violations))
        self._hand_counts.append(hands)

    def file(self, report: FileReport) -> None:
        """Write one complete file's section."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def close(self) -> None:
        """Write the summary and index (shown at the top) and end the page."""
        self._out.write(_summary(self._title, self._index, self._hand_counts))
        self._out.write(
            f"<footer>Generated by referee {esc(__version__)}. Rules and rule IDs: "
            "<code>referee rules</code>, <code>referee explain RULE-ID</code>.</footer>\n"
            "</body>\n</html>\n"
        )


# ----------------------------------------------------------------------------- page


def _head(title: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="referee {esc(__version__)}">\n'
        f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
    )


def _summary(title: str, index: list[tuple[str, FileReport, int]], hands: list[int]) -> str:
    n_files = len(index)
    n_hands = sum(hands)
    n_viol = sum(v for _, _, v in index)
    n_err = sum(len(r.errors) for _, r, _ in index)
    verdict = (
        '<span class="ok">clean</span>'
        if not n_viol and not n_err
        else ", ".join(
            part
            for part in (
                f'<span class="bad">{_count(n_viol, "violation")}</span>' if n_viol else "",
                f'<span class="err">{_count(n_err, "error")}</span>' if n_err else "",
            )
            if part
        )
    )
    rows = []
    for (anchor, report, violations), n in zip(index, hands, strict=True):
        rows.append(
            f'<tr><td><a href="#{anchor}">{esc(report.path)}</a></td>'
            f"<td>{esc(GAME_NAMES.get(report.game or '', report.game or '—'))}</td>"
            f'<td class="num">{n}</td>'
            f'<td class="num{" bad" if violations else ""}">{violations}</td>'
            f'<td class="num{" err" if report.errors else ""}">{len(report.errors)}</td></tr>'
        )
    return (
        f'<header class="top"><h1>{esc(title)}</h1>'
        f'<p class="verdict">{_count(n_files, "file")}, {_count(n_hands, "hand")}: '
        f"{verdict}</p></header>\n"
        '<nav class="index"><table><thead><tr><th>file</th><th>game</th>'
        '<th class="num">hands</th><th class="num">violations</th><th class="num">errors</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></nav>\n"
    )


# ----------------------------------------------------------------------------- one file


def _write_section(
    open_file: _OpenFile, write: Callable[[str], object], sources: LineSource
) -> None:
    """A file's whole section: heading, header, diagnostics, chart and table (the kept
    findings and rows copied in from their temporary files)."""
    report, anchor = open_file.report, open_file.anchor
    write(f'<section class="file" id="{anchor}">\n')
    if report.errors:
        badge = f'<span class="badge err">{_count(len(report.errors), "error")}</span>'
    elif open_file.violations:
        badge = f'<span class="badge bad">{_count(open_file.violations, "violation")}</span>'
    else:
        badge = '<span class="badge ok">clean</span>'
    write(f'<h2><span class="path">{esc(report.path)}</span> {badge}</h2>\n')
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
    if open_file.hands and report.game in GAME_NAMES:
        write("\n" + open_file.chart.svg(report) + "\n")
        if report.game == "bourre":
            _write_bourre_table(report, open_file.rows, write)
        else:
            _write_euchre_table(open_file.chart.keys, open_file.rows, write)
    write("\n</section>\n")


def _header(report: FileReport, hands: int) -> str:
    items: list[tuple[str, str]] = []
    items.append(("game", GAME_NAMES.get(report.game or "", report.game or "not judged")))
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
    if not line or source is None:
        return ""
    source, column = snippet_window(source, column)
    shown = visible(source.expandtabs(8))
    gutter = " " * len(str(line))
    text = f"{line} | {shown}"
    if column:
        text += f"\n{gutter} | " + " " * len(visible(source[: column - 1].expandtabs(8))) + "^"
    return f'<pre class="src">{esc(text)}</pre>'


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


def _recorded_cell(hand: HandResult) -> str:
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


def _row_open(hand: HandResult, anchor: str, i: int) -> str:
    cls = ' class="flagged"' if hand.violations else ""
    return f'<tr id="{anchor}-h{i + 1}"{cls}><td class="num">{hand.number}</td>'


def _findings_cell(hand: HandResult) -> str:
    n = len(hand.violations)
    return f'<td class="num{" bad" if n else ""}">{n or ""}</td>'


def _bourre_row(report: FileReport, hand: BourreHandResult, anchor: str, i: int) -> str:
    trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "—")
    winner = esc(hand.winner) if hand.winner else '<span class="muted">carried</span>'
    places = report.money_places
    nets = "".join(_amount_cell((hand.payouts or {}).get(p), places) for p in report.players)
    if hand.payouts is None:  # not settled
        winner = esc(hand.winner) if hand.winner else '<span class="muted">?</span>'
    pot = "?" if hand.pot is None else _money(hand.pot, places)
    carry = "?" if hand.carry is None else _money(hand.carry, places)
    return (
        _row_open(hand, anchor, i)
        + f"<td>{esc(hand.dealer or '—')}</td><td>{esc(trump)}</td>"
        + f'<td class="num">{esc(pot)}</td><td>{winner}</td>'
        + f'<td class="num">{esc(carry)}</td>{nets}'
        + f'<td class="result">{esc(hand.result)}</td>'
        + f"{_findings_cell(hand)}{_recorded_cell(hand)}</tr>"
    )


def _write_bourre_table(report: FileReport, rows: Spool, write: Callable[[str], object]) -> None:
    players = list(report.players)
    head = "".join(f'<th class="num">{esc(p)}</th>' for p in players)
    totals = "".join(_amount_cell(report.totals.get(p), report.money_places) for p in players)
    write(
        '<h3>Hands</h3><div class="scroll"><table class="hands">'
        '<thead><tr><th class="num">hand</th><th>dealer</th><th>trump</th>'
        '<th class="num">pot</th><th>winner</th><th class="num">carry</th>'
        f'{head}<th>result</th><th class="num">findings</th><th>recorded at the table</th>'
        "</tr></thead><tbody>"
    )
    rows.copy_to(write)
    write(
        "</tbody>"
        f'<tfoot><tr><th colspan="6">total</th>{totals}<td colspan="3"></td></tr></tfoot>'
        "</table></div>"
    )


def _euchre_row(teams: list[str], hand: EuchreHandResult, anchor: str, i: int) -> str:
    tricks = "" if hand.redeal else "–".join(str(hand.tricks_won.get(t, 0)) for t in teams)
    cells = "".join(_team_cell(hand, t) for t in teams)
    contract = "redeal" if hand.redeal else f"{hand.bidder or '—'} {hand.bid or ''}".strip()
    winner = f"game {hand.game_number}: {hand.winner}" if hand.winner else ""
    if not hand.settled:
        winner = f"not settled: {hand.unsettled}"
    return (
        _row_open(hand, anchor, i)
        + f"<td>{esc(hand.dealer or '—')}</td><td>{esc(contract)}</td>"
        + f"<td>{esc(SUIT_SYMBOL.get(hand.trump or '', '—'))}</td>"
        + f'<td class="num">{esc(tricks)}</td>{cells}'
        + f"<td>{esc(winner)}</td>{_findings_cell(hand)}{_recorded_cell(hand)}</tr>"
    )


def _write_euchre_table(teams: list[str], rows: Spool, write: Callable[[str], object]) -> None:
    head = "".join(f'<th class="num">{esc(t)}</th>' for t in teams)
    write(
        '<h3>Hands</h3><p class="hint">Per team: points this hand → running score.</p>'
        '<div class="scroll"><table class="hands">'
        '<thead><tr><th class="num">hand</th><th>dealer</th><th>contract</th><th>trump</th>'
        f'<th class="num">tricks</th>{head}<th>game won</th><th class="num">findings</th>'
        "<th>recorded at the table</th></tr></thead><tbody>"
    )
    rows.copy_to(write)
    write("</tbody></table></div>")


def _team_cell(hand: EuchreHandResult, team: str) -> str:
    points_of, score_of = hand.points or {}, hand.score or {}
    if team not in points_of and team not in score_of:
        return '<td class="num">?</td>' if hand.points is None else '<td class="num"></td>'
    points = points_of.get(team)
    cls = "" if points is None else " neg" if points < 0 else " pos" if points > 0 else ""
    score = f" → {score_of[team]}" if team in score_of else ""
    shown = "?" if points is None else _signed(points)
    return f'<td class="num{cls}">{esc(shown + score)}</td>'


# ----------------------------------------------------------------------------- formatting


def _base_teams(report: FileReport) -> list[str]:
    """The two teams of a Bid Euchre file: seats 1 and 3, seats 2 and 4."""
    p = report.players
    return [f"{p[0]}+{p[2]}", f"{p[1]}+{p[3]}"] if len(p) == 4 else []


def _amount_cell(value: Decimal | int | None, places: int = 0) -> str:
    if value is None:
        return '<td class="num"></td>'
    cls = " neg" if value < 0 else " pos" if value > 0 else ""
    return f'<td class="num{cls}">{esc(_signed(value, places))}</td>'


CSS = """
:root{--fg:#1d2430;--muted:#667085;--line:#d9dee7;--bg:#fff;--panel:#f6f8fb;
--bad:#b42318;--bad-bg:#fef3f2;--err:#8e24aa;--ok:#067647;--ok-bg:#ecfdf3;--warn:#b54708}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1180px;padding:24px;font:15px/1.45 system-ui,-apple-system,
"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg);
display:flex;flex-direction:column;gap:8px}
header.top{order:-2}nav.index{order:-1}footer{order:1;color:var(--muted);font-size:13px;
border-top:1px solid var(--line);padding-top:8px;margin-top:16px}
h1{margin:0 0 4px;font-size:26px}h2{font-size:19px;margin:0 0 8px;display:flex;gap:10px;
align-items:center;flex-wrap:wrap}h3{font-size:15px;margin:18px 0 6px;color:var(--muted);
text-transform:uppercase;letter-spacing:.04em}
.verdict{margin:0;font-size:16px}.path{font-family:ui-monospace,SFMono-Regular,Menlo,
Consolas,monospace;word-break:break-all}
section.file{border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin-top:14px}
.badge{font-size:12px;font-weight:600;border-radius:999px;padding:2px 10px}
.badge.ok{background:var(--ok-bg);color:var(--ok)}.badge.bad{background:var(--bad-bg);
color:var(--bad)}.badge.err{background:#f9f0fb;color:var(--err)}
.ok{color:var(--ok)}.bad{color:var(--bad)}.err{color:var(--err)}.muted{color:var(--muted)}
dl.meta{display:flex;flex-wrap:wrap;gap:6px 22px;margin:0}dl.meta div{display:flex;gap:6px}
dt{color:var(--muted)}dt::after{content":"}dd{margin:0}
ol.diags{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}
.diag{border-left:4px solid var(--bad);background:var(--panel);padding:6px 10px;
border-radius:0 6px 6px 0}.diag.corrected{border-color:var(--warn)}
.diag.error{border-color:var(--err)}.diag.claim{border-color:#0086c9}
.loc{font-size:13px;color:var(--muted)}.rule{font-weight:700;font-family:ui-monospace,
Menlo,Consolas,monospace;color:var(--bad)}.diag.corrected .rule{color:var(--warn)}
.diag.error .rule{color:var(--err)}.diag.claim .rule{color:#0086c9}.note{color:var(--warn)}
a.hand{font-size:12px;color:var(--muted)}
pre.src{margin:6px 0 2px;padding:6px 8px;background:#fff;border:1px solid var(--line);
border-radius:4px;overflow-x:auto;font-size:13px}
ul.evidence{margin:4px 0 0;padding-left:18px;color:#344054;font-size:14px}
.ruling.upheld{color:var(--bad)}.ruling.rejected{color:var(--ok)}
figure.chart{margin:0;overflow-x:auto}svg.chart{max-width:100%;height:auto;
font:12px system-ui,sans-serif}
svg .tick{stroke:#e4e7ec}svg .zero{stroke:#98a2b3;stroke-width:1.5}svg .axis{stroke:#475467}
svg .xtick{stroke:#475467}svg .ylab,svg .xlab{fill:#475467}svg .axis-title{fill:#344054;
font-weight:600}svg .ref{stroke:#98a2b3;stroke-dasharray:4 4}svg .ref-label{fill:#667085}
svg .mark{stroke:#98a2b3;stroke-dasharray:2 3}svg .mark-label{fill:#667085;font-size:11px}
svg .legend-label{fill:#1d2430}svg .legend-value{fill:#667085}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:14px}
table.hands{width:100%}th,td{padding:4px 8px;border-bottom:1px solid var(--line);
text-align:left;vertical-align:top}thead th{background:var(--panel);font-weight:600;
white-space:nowrap}tfoot th,tfoot td{font-weight:700;border-top:2px solid var(--line)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.neg{color:var(--bad)}td.pos{color:var(--ok)}tr.flagged td:first-child{
box-shadow:inset 4px 0 var(--bad)}
td.rec ul{margin:2px 0 0;padding-left:16px;font-family:ui-monospace,Menlo,Consolas,
monospace;font-size:12px}td.rec.none{color:var(--muted)}td.rec.bad{background:var(--bad-bg)}
nav.index table{margin-top:6px}p.none{margin:0;color:var(--ok)}
td.result{min-width:15em}td.rec{min-width:15em}
p.hint{margin:0 0 4px;color:var(--muted);font-size:13px}
@media print{section.file{break-inside:avoid-page}}
"""
