"""Bourré hands as the reports show them (see :mod:`referee.render.views`): money."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee.amounts import MONEY
from referee.cards import SUIT_SYMBOL, pretty
from referee.render.fmt import money, signed
from referee.render.jsontext import (
    HAND_HEAD_KEYS,
    HAND_TAIL_KEYS,
    JsonValue,
    ObjectLayout,
    amounts_text,
    card_text,
    counts_text,
    escaped,
    hand_head_texts,
    hand_tail_texts,
    number_text,
    quote,
    text_or_null,
)
from referee.render.views.base import ShownSettlement, Span, own_hand, recorded_cell
from referee.report import BourreHandResult, FileReport, HandResult

if TYPE_CHECKING:
    from referee.render.views.bourre_html import BourreHtml
    from referee.render.views.bourre_standings import BourreStandings

#: A Bourré hand's JSON keys, in order (the common ones, then the game's, then settled).
HAND_KEYS = (
    *HAND_HEAD_KEYS,
    "upcard",
    "payouts",
    "pot",
    "winner",
    "carry",
    "result",
    "active",
    "tricks_won",
    *HAND_TAIL_KEYS,
)
_HAND_LAYOUT: Final = ObjectLayout(HAND_KEYS)


_NONE: frozenset[int] = frozenset()  # (no columns, no rows)


def bourre_hand(hand: HandResult) -> BourreHandResult:
    """The hand as the Bourré result it is (a view is given its own game's hands)."""
    return own_hand(hand, BourreHandResult)


def _signed_of(amounts: dict[str, Decimal], player: str, places: int = 0) -> str:
    return signed(amounts[player], places) if player in amounts else ""


def _cell_amount(value: Decimal | None, places: int) -> str:
    return "" if value is None else money(value, places)


class BourreTable:
    """The text report's Bourré table: the hand, each player's money (in bands when
    narrow), then the words, which wrap."""

    def __init__(self, report: FileReport) -> None:
        self.players = list(report.players)
        self.places = report.money_places
        from referee.render.layout import Column  # (rich: only for the text report)

        head = [Column("hand", right=True), Column("dealer", names=True), Column("trump")]
        head += [Column("pot", right=True), Column("winner", names=True)]
        head.append(Column("carry", right=True))
        nets = [Column(p, right=True, band=True) for p in self.players]
        self.columns = [*head, *nets, Column("recorded", wraps=True), Column("result", wraps=True)]

    def row(self, hand: HandResult) -> list[str]:
        hand, places = bourre_hand(hand), self.places
        trump = pretty(hand.upcard) if hand.upcard else SUIT_SYMBOL.get(hand.trump or "", "-")
        pot = "?" if hand.pot is None else money(hand.pot, places)
        carry = "?" if hand.carry is None else money(hand.carry, places)
        if hand.payouts is None:  # not settled: no payouts of the referee's
            head = [str(hand.number), hand.dealer or "-", trump, pot, hand.winner or "?", carry]
            return [*head, *([""] * len(self.players)), recorded_cell(hand), hand.result]
        head = [str(hand.number), hand.dealer or "-", trump, pot]
        head += [hand.winner or "carried", carry]
        payouts = [_signed_of(hand.payouts, p, places) for p in self.players]
        return [*head, *payouts, recorded_cell(hand), hand.result]

    def notes(self, hand: HandResult) -> list[str]:
        return []

    def footer(self, report: FileReport) -> list[str] | None:
        places = report.money_places
        ledger = [_signed_of(report.totals, p, places) for p in report.players]
        incomplete = "" if report.totals_complete else "settled hands only"
        return ["total", "", "", "", "", "", *ledger, "", incomplete]

    def standing(self, report: FileReport) -> list[str]:
        return []


class BourreView:
    """Bourré's hands: payouts, the pot and its carry, who played."""

    def hand_fields(self, hand: HandResult) -> dict[str, JsonValue]:
        hand = bourre_hand(hand)
        return {
            "upcard": card_text(hand.upcard),
            "payouts": dict(hand.payouts) if hand.payouts is not None else None,
            "pot": hand.pot,
            "winner": hand.winner,
            "carry": hand.carry,
            "result": hand.result,
            "active": list(hand.active),
            "tricks_won": dict(hand.tricks_won),
        }

    def hand_text(self, hand: HandResult, level: int) -> str | None:
        """Written straight from the fields (a bulk audit writes millions), the same bytes
        with a fraction of the calls; ``tests/test_render.py`` checks they agree."""
        hand = bourre_hand(hand)
        return escaped(
            _HAND_LAYOUT.text(
                level,
                [
                    *hand_head_texts(hand, level),
                    text_or_null(card_text(hand.upcard)),
                    "null" if hand.payouts is None else amounts_text(hand.payouts),
                    "null" if hand.pot is None else number_text(hand.pot),
                    text_or_null(hand.winner),
                    "null" if hand.carry is None else number_text(hand.carry),
                    quote(hand.result),
                    "[" + ", ".join(map(quote, hand.active)) + "]",
                    counts_text(hand.tricks_won),
                    *hand_tail_texts(hand),
                ],
            )
        )

    def file_totals(self, report: FileReport) -> dict[str, JsonValue]:
        return {"totals": dict(report.totals)}

    def csv_cells(self, hand: HandResult, player: str, report: FileReport) -> dict[str, str]:
        hand, places = bourre_hand(hand), report.money_places
        payouts = hand.payouts
        # A player who passed won no trick; one who alone took the pot without play has
        # no tricks to count (0 would read as a bourré).
        alone = len(hand.active) < 2 and player in hand.active
        return {
            "played": "true" if player in hand.active else "false",
            "tricks_won": "" if alone else str(hand.tricks_won.get(player, 0)),
            "net": "" if payouts is None else _cell_amount(payouts.get(player), places),
            "pot": _cell_amount(hand.pot, places),
            "carry": _cell_amount(hand.carry, places),
            "winner": hand.winner or "",
        }

    def table(self, report: FileReport) -> BourreTable:
        return BourreTable(report)

    def html_part(self, report: FileReport) -> BourreHtml:
        from referee.render.views.bourre_html import BourreHtml  # (the page's code: only for it)

        return BourreHtml(report)

    def standings(self) -> BourreStandings:
        from referee.render.views.bourre_standings import BOURRE_STANDINGS  # (only for `standings`)

        return BOURRE_STANDINGS

    def show_heading(self, hand: HandResult, report: FileReport) -> list[str]:
        hand = bourre_hand(hand)
        trump = SUIT_SYMBOL.get(hand.trump or "", hand.trump or "-")
        if hand.upcard:
            trump += f" (upcard {pretty(hand.upcard)})"
        parts = [f"trump {trump}"]
        if hand.active:
            parts.append("playing " + ", ".join(hand.active))
        passed = [p for p in report.players if p not in hand.active]
        if hand.active and passed:
            parts.append("passed " + ", ".join(passed))
        return parts

    def show_without_tricks(self, hand: HandResult) -> str:
        return "no tricks played"

    def running_totals(self, report: FileReport) -> dict[int, dict[str, Decimal]]:
        """Each hand's running sum of payouts (an unsettled hand's changes nothing)."""
        out: dict[int, dict[str, Decimal]] = {}
        total: dict[str, Decimal] = {}
        for hand in report.hands:
            for player, amount in (bourre_hand(hand).payouts or {}).items():
                total[player] = MONEY.add(total.get(player, Decimal(0)), amount)
            out[id(hand)] = dict(total)
        return out

    def show_settlement(
        self, hand: HandResult, report: FileReport, running: dict[str, Decimal]
    ) -> ShownSettlement:
        """The pot and its fate, then each player's tricks, ante, bourré and renege
        payments, payout and running total."""
        hand = bourre_hand(hand)
        if hand.payouts is None:  # not settled: say so (and what the table recorded)
            why = hand.unsettled or "the log does not decide the hand's money"
            return ShownSettlement(
                [[("  not settled: ", "head"), (why, "")]], [], [], _NONE, _NONE, []
            )
        places = report.money_places
        summary: list[Span] = [
            ("  settlement: ", "head"),
            (f"pot {money(hand.pot or 0, places)}", ""),
        ]
        if hand.winner:
            summary += [(" · won by ", ""), (hand.winner, "win")]
            summary.append((f" (takes {money(hand.took, places)})", ""))
        else:
            summary.append((" · carried", ""))
        summary.append((f" · carry {money(hand.carry or 0, places)}", ""))
        lines = [summary, [(f"  {hand.result}", "")]] if hand.result else [summary]
        renege: dict[str, Decimal] = {}
        for player, amount in hand.reneges:
            renege[player] = renege.get(player, Decimal(0)) + amount
        players = list(report.players)
        players += [p for p in hand.payouts if p not in players]
        rows = [
            [
                p,
                str(hand.tricks_won.get(p, 0)) if p in hand.active else "passed",
                "yes" if p in hand.antes else "",
                money(hand.bourre[p], places) if p in hand.bourre else "",
                money(renege[p], places) if p in renege else "",
                signed(hand.payouts[p], places) if p in hand.payouts else "",
                signed(running[p], places) if p in running else "",
            ]
            for p in players
        ]
        winners = frozenset(i for i, p in enumerate(players) if p == hand.winner)
        header = ["player", "tricks", "ante", "bourré", "renege", "net", "total"]
        return ShownSettlement(lines, header, rows, frozenset({1, 3, 4, 5, 6}), winners, [])


BOURRE_VIEW = BourreView()
