"""Bourré in the HTML page (see :mod:`referee.render.html`): the hands' table, each
player's running balance on the chart, and the file's outcome in a few words."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from referee.amounts import MONEY
from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import money, signed
from referee.render.html import (
    Chart,
    amount_cell,
    esc,
    findings_cell,
    recorded_html,
    row_open,
)
from referee.render.spool import Spool
from referee.render.svg import Series, legend_html, line_chart
from referee.render.views.bourre import bourre_hand
from referee.report import FileReport, HandResult


class BourreChart(Chart):
    """Each player's running balance, hand by hand."""

    def __init__(self, report: FileReport) -> None:
        super().__init__(list(report.players))

    def start(self, first: HandResult) -> dict[str, Decimal | int]:
        return dict.fromkeys(self.keys, Decimal(0))

    def values(self, hand: HandResult) -> dict[str, Decimal | int | None]:
        """The balances after a hand (an unsettled hand changes nothing: the balance is of
        the settled hands, as the totals are)."""
        for p, amount in (bourre_hand(hand).payouts or {}).items():
            if p not in self.keys:
                self.keys.append(p)
            self.running[p] = MONEY.add(self.running.get(p, Decimal(0)), amount)
        return dict(self.running)

    def figure(
        self,
        report: FileReport,
        series: list[Series],
        labels: list[str],
        xs: list[int],
        breaks: list[int],
    ) -> str:
        places = report.money_places

        def balance(value: Decimal | int) -> str:
            return signed(value, places)

        svg = line_chart(
            series,
            labels,
            title=f"Running balance per player: {report.path}",
            y_label="balance",
            xs=xs,
            breaks=breaks,
            value_text=balance,
        )
        legend = legend_html(series, balance)
        return f'<h3>Running balance</h3><figure class="chart">{svg}{legend}</figure>'


class BourreHtml:
    """A Bourré file's part of the page."""

    def __init__(self, report: FileReport) -> None:
        self.chart = BourreChart(report)

    def row(self, report: FileReport, hand: HandResult, anchor: str, i: int) -> str:
        hand = bourre_hand(hand)
        trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "—")
        winner = esc(hand.winner) if hand.winner else '<span class="muted">carried</span>'
        places = report.money_places
        nets = "".join(amount_cell((hand.payouts or {}).get(p), places) for p in report.players)
        if hand.payouts is None:  # not settled
            winner = esc(hand.winner) if hand.winner else '<span class="muted">?</span>'
        pot = "?" if hand.pot is None else money(hand.pot, places)
        carry = "?" if hand.carry is None else money(hand.carry, places)
        return (
            row_open(hand, anchor, i)
            + f"<td>{esc(hand.dealer or '—')}</td><td>{esc(trump)}</td>"
            + f"<td>{esc(pot)}</td><td>{winner}</td>"
            + f"<td>{esc(carry)}</td>{nets}"
            + f'<td class="result">{esc(hand.result)}</td>'
            + f"{findings_cell(hand)}{recorded_html(hand)}</tr>"
        )

    def table(self, report: FileReport, rows: Spool, write: Callable[[str], object]) -> None:
        players = list(report.players)
        head = "".join(f'<th class="num">{esc(p)}</th>' for p in players)
        totals = "".join(amount_cell(report.totals.get(p), report.money_places) for p in players)
        write(
            '<h3>Hands</h3><div class="scroll"><table class="hands bourre">'
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

    def outcome(self, report: FileReport) -> str:
        """Each player's net, the biggest winner first: ``eve +4, ann -1, cy -6``."""
        seat = {name: i for i, name in enumerate(report.players)}
        nets = sorted(report.totals.items(), key=lambda net: (-net[1], seat.get(net[0], len(seat))))
        if not nets:
            return "no hand settled"
        text = ", ".join(f"{name} {signed(amount, report.money_places)}" for name, amount in nets)
        return text + (" (settled hands only)" if not report.totals_complete else "")
