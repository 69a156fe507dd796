"""Bid Euchre in the HTML page (see :mod:`referee.render.html`): the hands' table, each
team's running score on the chart (a new game starts its lines afresh), the games won."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from markupsafe import Markup

from referee.cards import SUIT_SYMBOL
from referee.render.fmt import count, signed
from referee.render.htmlhands import (
    CHART_MARKS,
    LONG_TABLE,
    Chart,
    Point,
    hand_row,
    hands_macros,
)
from referee.render.spool import Spool
from referee.render.svg import Mark, RefLine, Series, legend_html, line_chart
from referee.render.templating import text
from referee.render.views.base import own_hand
from referee.render.views.euchre_hands import teams_of
from referee.report import EuchreHandResult, FileReport, HandResult


class EuchreChart(Chart):
    """Each team's running score, hand by hand; a game won is marked."""

    def __init__(self, report: FileReport) -> None:
        super().__init__(teams_of(report.players))
        self.marks: list[tuple[int, str]] = []
        self.new_game = False  # the hand before won a game: the next starts at 0-0

    def start(self, first: HandResult) -> dict[str, Decimal | int]:
        first = own_hand(first, EuchreHandResult)
        before, got = first.score or {}, first.points or {}
        return {t: before.get(t, 0) - got.get(t, 0) for t in self.keys}

    def values(self, hand: HandResult) -> dict[str, Decimal | int | None]:
        """The scores after a hand (None where the log does not decide it); after a game
        won, the next game's line starts apart, at its own start (0-0)."""
        hand = own_hand(hand, EuchreHandResult)
        for t in [*(hand.points or {}), *(hand.score or {})]:
            if t not in self.keys:
                self.keys.append(t)
        score = hand.score
        if self.new_game:
            before = {t: 0 for t in self.keys}
            if score is not None and hand.points is not None:
                before = {t: score.get(t, 0) - hand.points.get(t, 0) for t in self.keys}
            self.add(Point(self.seen - 1, "", dict(before), starts=True))
        self.new_game = bool(hand.winner)
        if hand.winner and len(self.marks) < CHART_MARKS:
            self.marks.append((self.seen, f"game {hand.game_number}: {hand.winner}"))
        if score is None:
            return dict.fromkeys(self.keys)
        return {t: score.get(t) for t in self.keys}

    def figure(
        self,
        report: FileReport,
        series: list[Series],
        labels: list[str],
        xs: list[int],
        breaks: list[int],
    ) -> Markup:
        target = report.options_changed.get("target", 32)
        refs = [RefLine(target, f"target {target}")] if isinstance(target, int | Decimal) else []
        svg = line_chart(
            series,
            labels,
            title=f"Running score per team: {report.path}",
            y_label="score",
            xs=xs,
            breaks=breaks,
            refs=refs,
            marks=[Mark(at, label) for at, label in self.marks],
        )
        legend = legend_html(series, str)
        return Markup('<h3>Running score</h3><figure class="chart">{}{}</figure>').format(
            svg, legend
        )


def _team_cell(hand: EuchreHandResult, team: str, label: str) -> tuple[str, str, str]:
    """A team's money cell (``label``: its name as the cell gives it): points this hand
    and the running score (``+6 → 14``)."""
    points_of, score_of = hand.points or {}, hand.score or {}
    if team not in points_of and team not in score_of:
        return label, "", "?" if hand.points is None else ""
    points = points_of.get(team)
    cls = "" if points is None else "neg" if points < 0 else "pos" if points > 0 else ""
    score = f" → {score_of[team]}" if team in score_of else ""
    shown = "?" if points is None else signed(points)
    return label, cls, shown + score


#: The table's columns before the teams' and after them: (heading, numeric).
_HEADS = (("hand", True), ("dealer", False), ("contract", False), ("trump", False),
          ("tricks", True))  # fmt: skip
_TAIL = (("game won", False), ("findings", False), ("recorded at the table", False))


class EuchreHtml:
    """A Bid Euchre file's part of the page."""

    def __init__(self, report: FileReport) -> None:
        self.chart = EuchreChart(report)
        self.teams = teams_of(report.players)
        #: The teams' names as each money cell labels its points, escaped once a file.
        self.labels = [(t, text(t)) for t in self.teams]
        self.games: dict[str, int] = {}  # games won per team

    def row(self, report: FileReport, hand: HandResult, anchor: str, i: int) -> str:
        """Hand ``i`` (1-based) of the file's table: the contract, the tricks, each team's
        points and score, the game won, the findings and what the table recorded."""
        hand, teams = own_hand(hand, EuchreHandResult), self.teams
        if hand.winner:
            self.games[hand.winner] = self.games.get(hand.winner, 0) + 1
        tricks = "" if hand.redeal else "–".join(str(hand.tricks_won.get(t, 0)) for t in teams)
        contract = "redeal" if hand.redeal else f"{hand.bidder or '—'} {hand.bid or ''}".strip()
        winner = f"game {hand.game_number}: {hand.winner}" if hand.winner else ""
        if not hand.settled:
            winner = f"not settled: {hand.unsettled}"
        trump = SUIT_SYMBOL.get(hand.trump or "", "—")
        cells = [("", hand.dealer or "—"), ("", contract), ("", trump), ("", tricks)]
        money = [_team_cell(hand, t, label) for t, label in self.labels]
        return hand_row(hand, anchor, i, cells, money, winner)

    def table(self, report: FileReport, rows: Spool, write: Callable[[str], object]) -> None:
        hands = self.chart.seen
        collapsed = hands > LONG_TABLE
        macros = hands_macros()
        hint = "Per team: points this hand → running score."
        write(macros.table_start("euchre", hands, collapsed, hint, _HEADS, self.chart.keys, _TAIL))
        rows.copy_to(write)
        write(macros.table_end(collapsed, [], 0, 0))

    def outcome(self, report: FileReport) -> str:
        """The games won and the score of the game under way: ``walt+hank won 1 game;
        score marge+joyce -2, walt+hank 7``."""
        won = "; ".join(f"{team} won {count(n, 'game')}" for team, n in sorted(self.games.items()))
        if report.score is None:
            score = "score unknown"
        else:
            score = "score " + ", ".join(f"{t} {v}" for t, v in report.score.items())
        return f"{won}; {score}" if won else score
