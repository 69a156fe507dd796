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

import dataclasses
import io
from collections.abc import Iterable
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


class HtmlWriter:
    """Writes the page one file section at a time; :meth:`close` adds the summary."""

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
        self._open = FileReport(path="")
        self._out.write(_head(self._title))

    def begin(self, report: FileReport) -> None:
        """A file starts; its hands are gathered (the page's charts need them all)."""
        self._open = dataclasses.replace(report, hands=[])

    def hand(self, hand: HandResult) -> None:
        """One judged hand of the file begun."""
        self._open.hands.append(hand)

    def end(self, report: FileReport) -> None:
        """Write the file begun (with ``keep``, keep it for :meth:`take_part` instead)."""
        self._open = dataclasses.replace(report, hands=self._open.hands)
        if not self._keep:
            self.file(self._open)

    def take_part(self) -> FileReport:
        """The file just ended (``keep``), for :meth:`part` in another process."""
        return self._open

    def part(self, report: FileReport) -> None:
        """Write a file gathered by another writer (:meth:`take_part`)."""
        self.file(report)

    def file(self, report: FileReport) -> None:
        """Write one file's section."""
        anchor = f"f{len(self._index) + 1}"
        self._out.write(_file_section(report, anchor, self._sources))
        summary = FileReport(
            path=report.path, game=report.game, errors=list(report.errors), hands=[]
        )
        self._index.append((anchor, summary, report.violation_count))
        self._hand_counts.append(len(report.hands))

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


def _file_section(report: FileReport, anchor: str, sources: LineSource) -> str:
    parts = [f'<section class="file" id="{anchor}">']
    if report.errors:
        badge = f'<span class="badge err">{_count(len(report.errors), "error")}</span>'
    elif report.violation_count:
        badge = f'<span class="badge bad">{_count(report.violation_count, "violation")}</span>'
    else:
        badge = '<span class="badge ok">clean</span>'
    parts.append(f'<h2><span class="path">{esc(report.path)}</span> {badge}</h2>')
    parts.append(_header(report))
    parts.append(_diagnostics(report, anchor, sources))
    if report.hands and report.game in GAME_NAMES:
        parts.append(_chart(report))
        parts.append(_hands_table(report, anchor))
    parts.append("</section>\n")
    return "\n".join(parts)


def _header(report: FileReport) -> str:
    items: list[tuple[str, str]] = []
    items.append(("game", GAME_NAMES.get(report.game or "", report.game or "not judged")))
    if report.players:
        items.append(("players", ", ".join(report.players)))
    items.append(("hands", str(len(report.hands))))
    items += [(k, v if len(v) <= 200 else v[:200] + "…") for k, v in report.metadata.items()]
    if report.options_changed:
        opts = ", ".join(f"{k} {_option_text(v)}" for k, v in report.options_changed.items())
        items.append(("house options", opts))
    cells = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in items)
    return f'<dl class="meta">{cells}</dl>'


def _diagnostics(report: FileReport, anchor: str, sources: LineSource) -> str:
    wanted = {e.line for e in report.errors if e.line and e.source_line is None}
    for hand in report.hands:
        wanted.update(v.line for v in hand.violations if v.line)
    lines = sources(report.path, wanted) if wanted else {}
    items = [_error_item(report.path, e, lines) for e in report.errors]
    for i, hand in enumerate(report.hands):
        findings: list[Violation | ClaimRuling] = [*hand.violations, *hand.claims]
        findings.sort(key=lambda f: (f.line, f.column, isinstance(f, ClaimRuling)))
        link = f'<a class="hand" href="#{anchor}-h{i + 1}">hand {hand.number}</a>'
        for f in findings:
            if isinstance(f, Violation):
                items.append(_violation_item(report.path, f, lines, link))
            else:
                items.append(_claim_item(report.path, f, link))
    if not items:
        return '<h3>Diagnostics</h3><p class="none">No findings: every hand is clean.</p>'
    return f'<h3>Diagnostics</h3><ol class="diags">{"".join(items)}</ol>'


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


# ----------------------------------------------------------------------------- chart


def _chart(report: FileReport) -> str:
    x_labels = ["start", *(str(h.number) for h in report.hands)]
    if report.game == "bourre":
        players = list(report.players)
        for hand in report.hands:
            if isinstance(hand, BourreHandResult):
                players += [p for p in hand.payouts if p not in players]
        running = dict.fromkeys(players, Decimal(0))
        values: dict[str, list[Decimal | int]] = {p: [Decimal(0)] for p in players}
        for hand in report.hands:
            if isinstance(hand, BourreHandResult):
                for p, amount in hand.payouts.items():
                    running[p] += amount
            for p in players:
                values[p].append(running[p])
        series = [Series(p, values[p]) for p in players]
        svg = line_chart(
            series,
            x_labels,
            title=f"Running balance per player: {report.path}",
            y_label="balance",
            value_text=_signed,
        )
        heading = "Running balance"
    else:
        teams = _teams(report)
        score: dict[str, int] = {}
        first = report.hands[0]
        if isinstance(first, EuchreHandResult):
            score = {t: first.score.get(t, 0) - first.points.get(t, 0) for t in teams}
        points: dict[str, list[Decimal | int]] = {t: [score.get(t, 0)] for t in teams}
        for hand in report.hands:
            if isinstance(hand, EuchreHandResult):
                score.update({t: v for t, v in hand.score.items() if t in score})
            for t in teams:
                points[t].append(score.get(t, 0))
        target = report.options_changed.get("target", 32)
        refs = [RefLine(target, f"target {target}")] if isinstance(target, int | Decimal) else []
        marks = [
            Mark(i + 1, f"game {h.game_number}: {h.winner}")
            for i, h in enumerate(report.hands)
            if isinstance(h, EuchreHandResult) and h.winner
        ]
        svg = line_chart(
            [Series(t, points[t]) for t in teams],
            x_labels,
            title=f"Running score per team: {report.path}",
            y_label="score",
            refs=refs,
            marks=marks,
        )
        heading = "Running score"
    return f'<h3>{heading}</h3><figure class="chart">{svg}</figure>'


# ----------------------------------------------------------------------------- hands


def _hands_table(report: FileReport, anchor: str) -> str:
    if report.game == "bourre":
        return _bourre_table(report, anchor)
    return _euchre_table(report, anchor)


def _recorded_cell(hand: HandResult) -> str:
    """What the table recorded, and whether the referee agrees with it."""
    disagree = [v.rule for v in hand.violations if v.rule.startswith(SETTLEMENT_RULES)]
    if not hand.recorded and not disagree:
        return '<td class="rec none">not recorded</td>'
    lines = "".join(f"<li>{esc(r)}</li>" for r in hand.recorded)
    if disagree:
        rules = ", ".join(dict.fromkeys(disagree))
        verdict = f'<span class="bad">✗ disagrees ({esc(rules)})</span>'
        return f'<td class="rec bad">{verdict}<ul>{lines}</ul></td>'
    return f'<td class="rec ok"><span class="ok">✓ agrees</span><ul>{lines}</ul></td>'


def _row_open(hand: HandResult, anchor: str, i: int) -> str:
    cls = ' class="flagged"' if hand.violations else ""
    return f'<tr id="{anchor}-h{i + 1}"{cls}><td class="num">{hand.number}</td>'


def _findings_cell(hand: HandResult) -> str:
    n = len(hand.violations)
    return f'<td class="num{" bad" if n else ""}">{n or ""}</td>'


def _bourre_table(report: FileReport, anchor: str) -> str:
    players = list(report.players)
    head = "".join(f'<th class="num">{esc(p)}</th>' for p in players)
    rows = []
    for i, hand in enumerate(report.hands):
        if not isinstance(hand, BourreHandResult):
            continue
        trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "—")
        winner = esc(hand.winner) if hand.winner else '<span class="muted">carried</span>'
        nets = "".join(_amount_cell(hand.payouts.get(p)) for p in players)
        rows.append(
            _row_open(hand, anchor, i)
            + f"<td>{esc(hand.dealer or '—')}</td><td>{esc(trump)}</td>"
            + f'<td class="num">{esc(_money(hand.pot))}</td><td>{winner}</td>'
            + f'<td class="num">{esc(_money(hand.carry))}</td>{nets}'
            + f'<td class="result">{esc(hand.result)}</td>'
            + f"{_findings_cell(hand)}{_recorded_cell(hand)}</tr>"
        )
    totals = "".join(_amount_cell(report.totals.get(p)) for p in players)
    return (
        '<h3>Hands</h3><div class="scroll"><table class="hands">'
        '<thead><tr><th class="num">hand</th><th>dealer</th><th>trump</th>'
        '<th class="num">pot</th><th>winner</th><th class="num">carry</th>'
        f'{head}<th>result</th><th class="num">findings</th><th>recorded at the table</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr><th colspan="6">total</th>{totals}<td colspan="3"></td></tr></tfoot>'
        "</table></div>"
    )


def _euchre_table(report: FileReport, anchor: str) -> str:
    teams = _teams(report)
    head = "".join(f'<th class="num">{esc(t)}</th>' for t in teams)
    rows = []
    for i, hand in enumerate(report.hands):
        if not isinstance(hand, EuchreHandResult):
            continue
        tricks = "" if hand.redeal else "–".join(str(hand.tricks_won.get(t, 0)) for t in teams)
        cells = "".join(_team_cell(hand, t) for t in teams)
        contract = "redeal" if hand.redeal else f"{hand.bidder or '—'} {hand.bid or ''}".strip()
        winner = f"game {hand.game_number}: {hand.winner}" if hand.winner else ""
        rows.append(
            _row_open(hand, anchor, i)
            + f"<td>{esc(hand.dealer or '—')}</td><td>{esc(contract)}</td>"
            + f"<td>{esc(SUIT_SYMBOL.get(hand.trump or '', '—'))}</td>"
            + f'<td class="num">{esc(tricks)}</td>{cells}'
            + f"<td>{esc(winner)}</td>{_findings_cell(hand)}{_recorded_cell(hand)}</tr>"
        )
    return (
        '<h3>Hands</h3><p class="hint">Per team: points this hand → running score.</p>'
        '<div class="scroll"><table class="hands">'
        '<thead><tr><th class="num">hand</th><th>dealer</th><th>contract</th><th>trump</th>'
        f'<th class="num">tricks</th>{head}<th>game won</th><th class="num">findings</th>'
        f"<th>recorded at the table</th></tr></thead><tbody>{''.join(rows)}</tbody>"
        "</table></div>"
    )


def _team_cell(hand: EuchreHandResult, team: str) -> str:
    if team not in hand.points and team not in hand.score:
        return '<td class="num"></td>'
    points = hand.points.get(team, 0)
    cls = " neg" if points < 0 else " pos" if points > 0 else ""
    score = f" → {hand.score[team]}" if team in hand.score else ""
    return f'<td class="num{cls}">{esc(_signed(points) + score)}</td>'


# ----------------------------------------------------------------------------- formatting


def _teams(report: FileReport) -> list[str]:
    p = report.players
    teams = [f"{p[0]}+{p[2]}", f"{p[1]}+{p[3]}"] if len(p) == 4 else []
    for hand in report.hands:
        if isinstance(hand, EuchreHandResult):
            teams += [t for t in [*hand.points, *hand.score] if t not in teams]
    return teams


def _amount_cell(value: Decimal | int | None) -> str:
    if value is None:
        return '<td class="num"></td>'
    cls = " neg" if value < 0 else " pos" if value > 0 else ""
    return f'<td class="num{cls}">{esc(_signed(value))}</td>'


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
