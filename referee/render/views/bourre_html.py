"""Bourré in the HTML page (see :mod:`referee.render.html`): the hands' table, each
player's running balance on the chart, and the file's outcome in a few words."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from markupsafe import Markup

from referee.amounts import MONEY
from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import money, signed
from referee.render.htmlhands import (
    LONG_TABLE,
    Chart,
    amount,
    hand_row,
    hands_macros,
)
from referee.render.spool import Spool
from referee.render.svg import Series, legend_html, line_chart
from referee.render.templating import text
from referee.render.views.base import own_hand
from referee.report import BourreHandResult, FileReport, HandResult

#: The table's columns before the players' and after them: (heading, numeric).
_HEADS = (("hand", True), ("dealer", False), ("trump", False), ("pot", True),
          ("winner", False), ("carry", True))  # fmt: skip
_TAIL = (("result", False), ("findings", False), ("recorded at the table", False))


class BourreChart(Chart):
    """Each player's running balance, hand by hand."""

    def __init__(self, report: FileReport) -> None:
        super().__init__(list(report.players))

    def start(self, first: HandResult) -> dict[str, Decimal | int]:
        return dict.fromkeys(self.keys, Decimal(0))

    def values(self, hand: HandResult) -> dict[str, Decimal | int | None]:
        """The balances after a hand (an unsettled hand changes nothing: the balance is of
        the settled hands, as the totals are)."""
        for p, net in (own_hand(hand, BourreHandResult).payouts or {}).items():
            if p not in self.keys:
                self.keys.append(p)
            self.running[p] = MONEY.add(self.running.get(p, Decimal(0)), net)
        return dict(self.running)

    def figure(
        self,
        report: FileReport,
        series: list[Series],
        labels: list[str],
        xs: list[int],
        breaks: list[int],
    ) -> Markup:
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
        return Markup('<h3>Running balance</h3><figure class="chart">{}{}</figure>').format(
            svg, legend
        )


class BourreHtml:
    """A Bourré file's part of the page."""

    def __init__(self, report: FileReport) -> None:
        self.chart = BourreChart(report)
        #: The players' names as each money cell labels its amount, escaped once a file.
        self.labels = [(p, text(p)) for p in report.players]

    def row(self, report: FileReport, hand: HandResult, anchor: str, i: int) -> str:
        """Hand ``i`` (1-based) of the file's table: the referee's settlement, each
        player's net, the findings and what the table recorded."""
        hand = own_hand(hand, BourreHandResult)
        trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "—")
        unsettled = hand.payouts is None  # (no winner: "?", not "carried")
        places = report.money_places
        payouts = hand.payouts or {}
        nets = [amount(label, payouts.get(p), places) for p, label in self.labels]
        pot = "?" if hand.pot is None else money(hand.pot, places)
        carry = "?" if hand.carry is None else money(hand.carry, places)
        no_winner = ("muted", "?" if unsettled else "carried")
        winner_cell = ("", hand.winner) if hand.winner else no_winner
        cells = [("", hand.dealer or "—"), ("", trump), ("", pot), winner_cell, ("", carry)]
        return hand_row(hand, anchor, i, cells, nets, hand.result)

    def table(self, report: FileReport, rows: Spool, write: Callable[[str], object]) -> None:
        players = list(report.players)
        places = report.money_places
        hands = self.chart.seen
        collapsed = hands > LONG_TABLE
        macros = hands_macros()
        write(macros.table_start("bourre", hands, collapsed, "", _HEADS, players, _TAIL))
        rows.copy_to(write)
        totals = [amount(p, report.totals.get(p), places) for p in players]
        write(macros.table_end(collapsed, totals, 6, 3))

    def outcome(self, report: FileReport) -> str:
        """Each player's net, the biggest winner first: ``eve +4, ann -1, cy -6``."""
        seat = {name: i for i, name in enumerate(report.players)}
        nets = sorted(report.totals.items(), key=lambda net: (-net[1], seat.get(net[0], len(seat))))
        if not nets:
            return "no hand settled"
        text = ", ".join(f"{name} {signed(amount, report.money_places)}" for name, amount in nets)
        return text + (" (settled hands only)" if not report.totals_complete else "")
