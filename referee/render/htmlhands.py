"""The parts of the HTML page a game's view builds its hands with (:mod:`referee.render.views`):
the hands table's row and money cells, and the chart's points as the hands stream by.
The page itself (:mod:`referee.render.html`) asks the views for their parts; the views ask
this module, never the page, so that neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from markupsafe import Markup

from referee.render.fmt import signed
from referee.render.svg import Series
from referee.render.templating import macros
from referee.report import FileReport, HandResult

#: The most points a chart draws: with more hands, every second point is dropped (then
#: every fourth...), so a chart is as large for 100,000 hands as for 1,000.
CHART_POINTS = 600


#: The most "game won" marks drawn on a chart.
CHART_MARKS = 60


#: A table of more hands than this starts collapsed (a browser lays its rows out when it
#: is opened, not when the page loads).
LONG_TABLE = 1000


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
    ) -> Markup:
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

    def svg(self, report: FileReport) -> Markup:
        points = list(self.points)
        if self.last is not None and points[-1] is not self.last:
            last = Point(self.last.at, self.last.label, self.last.values, self.pending)
            points.append(last)
        labels = [p.label for p in points]
        xs = [p.at for p in points]
        breaks = [i for i, p in enumerate(points) if p.starts]
        series = [Series(k, [p.values.get(k) for p in points]) for k in self.keys]
        return self.figure(report, series, labels, xs, breaks)


def hand_row(
    hand: HandResult,
    anchor: str,
    i: int,
    cells: list[tuple[str, str]],
    money: list[tuple[str, str, str]],
    result: str,
) -> str:
    """A hand's row of the table: its number, the game's ``cells`` (class, text) and
    ``money`` cells (player or team, class, text), the ``result``, the findings, and what
    the table recorded with the referee's verdict on it (whatever ``--select``/``--ignore``
    hide of the findings)."""
    record = hand.record
    return str(
        macros("hands.html").row(
            anchor,
            i,
            hand.number,
            bool(hand.violations),
            cells,
            money,
            result,
            findings_text(hand),
            record.verdict,
            ", ".join(record.rules),
            hand.recorded,
        )
    )


def findings_text(hand: HandResult) -> str:
    """The hand's findings in its row: each rule ID and its player (``BR-FOLLOW dee``)."""
    return ", ".join(f"{v.rule} {v.player}" if v.player else v.rule for v in hand.violations)


def amount(key: str, value: Decimal | int | None, places: int = 0) -> tuple[str, str, str]:
    """A money cell: its player or team, its class (the sign's colour) and its text."""
    if value is None:
        return key, "", ""
    cls = "neg" if value < 0 else "pos" if value > 0 else ""
    return key, cls, signed(value, places)


def hands_macros() -> Any:
    """The hands table's macros (``templates/hands.html``)."""
    return macros("hands.html")
