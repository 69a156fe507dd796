"""Bid Euchre hands as the reports show them (see :mod:`referee.render.views`): the
contract, the teams' points and the running score."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee.cards import SUIT_SYMBOL
from referee.render.fmt import signed
from referee.render.jsontext import (
    HAND_HEAD_KEYS,
    HAND_TAIL_KEYS,
    JsonValue,
    ObjectLayout,
    counts_text,
    escaped,
    hand_head_texts,
    hand_tail_texts,
    text_or_null,
)
from referee.render.views.base import ShownSettlement, Span, own_hand, recorded_cell
from referee.render.views.euchre_hands import teams_of
from referee.report import REDEAL_REASONS, EuchreHandResult, FileReport, HandResult

if TYPE_CHECKING:
    from referee.render.layout import Column
    from referee.render.views.euchre_html import EuchreHtml
    from referee.render.views.euchre_standings import EuchreStandings


#: A Bid Euchre hand's JSON keys, in order (the common ones, then the game's, then settled).
HAND_KEYS = (
    *HAND_HEAD_KEYS,
    "points",
    "score",
    "winner",
    "bidder",
    "bid",
    "redeal",
    "redeal_reason",
    "tricks_won",
    "game",
    *HAND_TAIL_KEYS,
)
_HAND_LAYOUT: Final = ObjectLayout(HAND_KEYS)


def euchre_hand(hand: HandResult) -> EuchreHandResult:
    """The hand as the Bid Euchre result it is (a view is given its own game's hands)."""
    return own_hand(hand, EuchreHandResult)


def _bid_text(hand: EuchreHandResult) -> str:
    """The winning bid: ``ann 4``, or ``-`` when the log does not give it."""
    return f"{hand.bidder} {hand.bid}" if hand.bidder and hand.bid else "-"


def contract(hand: EuchreHandResult) -> str:
    """The winning bid in words: ``ann 4``, ``redeal``, or ``-``."""
    if hand.redeal:
        return "redeal (ace-no-face)" if hand.redeal_reason == "ace-no-face" else "redeal"
    return _bid_text(hand)


def _team_cell(hand: EuchreHandResult, team: str) -> str:
    points_of, score_of = hand.points or {}, hand.score or {}
    if team not in points_of and team not in score_of:
        return "?" if hand.points is None else ""
    points = signed(points_of[team]) if team in points_of else "?"
    return f"{points} = {score_of[team]}" if team in score_of else points


def _team_of(player: str, players: Sequence[str]) -> str:
    """``ann+cy``: the team key of the JSON report (seats 1+3, 2+4)."""
    if len(players) != 4 or player not in players:
        return ""
    seat = players.index(player) % 2
    return f"{players[seat]}+{players[seat + 2]}"


class EuchreTable:
    """The text report's Bid Euchre table: the hand, each team's points and score, the
    words; under it the score and the games won."""

    def __init__(self, report: FileReport) -> None:
        from referee.render.layout import Column  # (rich: only for the text report)

        self.teams = teams_of(report.players)
        head = [Column("hand", right=True), Column("dealer", names=True)]
        head += [Column("contract", wraps=True, least=10, beneath=False), Column("trump")]
        head.append(Column("tricks"))
        scores = [Column(t, right=True, band=True) for t in self.teams]
        self.columns: list[Column] = [
            *head,
            *scores,
            Column("recorded", wraps=True),
            Column("winner", wraps=True),
        ]

    def row(self, hand: HandResult) -> list[str]:
        hand, teams = euchre_hand(hand), self.teams
        tricks = "-".join(str(hand.tricks_won.get(t, 0)) for t in teams)
        return [
            str(hand.number),
            hand.dealer or "-",
            contract(hand),
            SUIT_SYMBOL.get(hand.trump or "", "-"),
            "" if hand.redeal or not hand.tricks_won else tricks,
            *(_team_cell(hand, t) for t in teams),
            recorded_cell(hand),
            hand.winner or ("" if hand.settled else f"not settled: {hand.unsettled}"),
        ]

    def notes(self, hand: HandResult) -> list[str]:
        hand = euchre_hand(hand)
        if not hand.winner:
            return []
        return [f"game {hand.game_number} won by {hand.winner} (hand {hand.number})"]

    def footer(self, report: FileReport) -> list[str] | None:
        return None

    def standing(self, report: FileReport) -> list[str]:
        if report.score:
            teams = self.teams
            return [
                "score: " + ", ".join(f"{t} {report.score[t]}" for t in teams if t in report.score)
            ]
        if report.score is None:
            return ["score: unknown (the log does not decide it)"]
        return []


class EuchreView:
    """Bid Euchre's hands: the contract, the teams' points, the running score."""

    def hand_fields(self, hand: HandResult) -> dict[str, JsonValue]:
        hand = euchre_hand(hand)
        return {
            "points": dict(hand.points) if hand.points is not None else None,
            "score": dict(hand.score) if hand.score is not None else None,
            "winner": hand.winner,
            "bidder": hand.bidder,
            "bid": hand.bid,
            "redeal": hand.redeal,
            "redeal_reason": hand.redeal_reason,
            "tricks_won": dict(hand.tricks_won),
            "game": hand.game_number,
        }

    def hand_text(self, hand: HandResult, level: int) -> str | None:
        """Written straight from the fields, as Bourré's, the same bytes as serializing
        :meth:`hand_fields`; ``tests/test_batch.py`` checks they agree."""
        hand = euchre_hand(hand)
        points, score = hand.points, hand.score
        return escaped(
            _HAND_LAYOUT.text(
                level,
                [
                    *hand_head_texts(hand, level),
                    "null" if points is None else counts_text(points),
                    "null" if score is None else counts_text(score),
                    text_or_null(hand.winner),
                    text_or_null(hand.bidder),
                    text_or_null(hand.bid),
                    "true" if hand.redeal else "false",
                    text_or_null(hand.redeal_reason),
                    counts_text(hand.tricks_won),
                    str(hand.game_number),
                    *hand_tail_texts(hand),
                ],
            )
        )

    def file_totals(self, report: FileReport) -> dict[str, JsonValue]:
        score: dict[str, JsonValue] | None = (
            dict(report.score) if report.score is not None else None
        )
        return {"totals": score, "score": dict(score) if score is not None else None}

    def csv_cells(self, hand: HandResult, player: str, report: FileReport) -> dict[str, str]:
        hand, players = euchre_hand(hand), report.players
        team = _team_of(player, players)
        points, score = hand.points, hand.score
        return {
            "team": team,
            "played": "false" if hand.redeal or player == hand.sitting_out(players) else "true",
            "tricks_won": str(hand.tricks_won.get(team, 0)),  # (a redeal: no trick, 0)
            "points": "" if points is None or team not in points else str(points[team]),
            "score": "" if score is None or team not in score else str(score[team]),
            "winner": hand.winner or "",
            "bidder": hand.bidder or "",
            "bid": hand.bid or "",
        }

    def table(self, report: FileReport) -> EuchreTable:
        return EuchreTable(report)

    def html_part(self, report: FileReport) -> EuchreHtml:
        from referee.render.views.euchre_html import EuchreHtml  # (the page's code: only for it)

        return EuchreHtml(report)

    def standings(self) -> EuchreStandings:
        from referee.render.views.euchre_standings import EUCHRE_STANDINGS  # (only for `standings`)

        return EUCHRE_STANDINGS

    def show_heading(self, hand: HandResult, report: FileReport) -> list[str]:
        hand, parts = euchre_hand(hand), []
        if not hand.redeal:
            parts.append(f"contract {_bid_text(hand)}")
            parts.append(f"trump {SUIT_SYMBOL.get(hand.trump or '', hand.trump or '-')}")
        if hand.game_number > 1:
            parts.append(f"game {hand.game_number}")
        return parts

    def show_without_tricks(self, hand: HandResult) -> str:
        hand = euchre_hand(hand)
        if not hand.redeal:
            return "no tricks played"
        return f"{REDEAL_REASONS.get(hand.redeal_reason or 'all-pass', '')}: redeal"

    def running_totals(self, report: FileReport) -> dict[int, dict[str, Decimal]]:
        return {}  # (each hand shows the running score)

    def show_settlement(
        self, hand: HandResult, report: FileReport, running: dict[str, Decimal]
    ) -> ShownSettlement:
        """The contract, then each team's tricks, points and running score; the game won."""
        hand = euchre_hand(hand)
        lines: list[list[Span]] = []
        if not hand.settled:
            why = hand.unsettled or "the log does not decide the hand's points"
            lines.append([("  not settled: ", "head"), (why, "")])
        elif not hand.redeal:
            lines.append([(f"  settlement: contract {_bid_text(hand)}", "head")])
        teams = teams_of(report.players)
        named = [*(hand.points or {}), *(hand.score or {}), *hand.tricks_won]
        teams += [t for t in named if t not in teams]
        points, score = hand.points or {}, hand.score or {}
        rows = [
            [
                t,
                "" if hand.redeal else str(hand.tricks_won.get(t, 0)),
                signed(points[t]) if t in points else "",
                str(score[t]) if t in score else "",
            ]
            for t in teams
        ]
        winners = frozenset(i for i, t in enumerate(teams) if t == hand.winner)
        after: list[list[Span]] = []
        if hand.winner:
            after.append([(f"  game {hand.game_number} won by ", ""), (hand.winner, "win")])
        header = ["team", "tricks", "points", "score"]
        return ShownSettlement(lines, header, rows, frozenset({1, 2, 3}), winners, after)


EUCHRE_VIEW = EuchreView()
