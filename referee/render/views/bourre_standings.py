"""Bourré's part of ``referee standings`` (see :class:`referee.render.views.StandingsPart`):
the players by money won, what is left in the pot, and who pays whom."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from referee.games.bourre.ledger import POT
from referee.games.ledger import counts
from referee.render.fmt import count, money
from referee.render.views.base import Span, TextTable, line_cells

if TYPE_CHECKING:
    from referee.render.jsontext import JsonValue
    from referee.settleup import SettleUp
    from referee.standings import Standings

_HEADER = ["player", "files", "hands", "played", "pots won", "bourrés", "reneges"]
_HEADER += ["taken back", "net"]


class BourreStandings:
    """Bourré's players, pot and settle-up."""

    def text(self, standings: Standings) -> list[Span | TextTable]:
        places = standings.money_places
        rows = [line_cells(p, "net", places) for p in standings.bourre_lines()]
        out: list[Span | TextTable] = []
        if rows:
            out.append(TextTable(_HEADER, rows, frozenset(range(1, len(_HEADER)))))
        pot = standings.pot()
        if pot:
            out.append((_pot_text(pot, places), ""))
        return [*out, ("", ""), *_settle_up(standings.settle_up(), places)]

    def json(self, standings: Standings) -> dict[str, JsonValue]:
        result = standings.settle_up()
        return {
            "players": [{"name": p.name, **counts(p)} for p in standings.bourre_lines()],
            "pot": standings.pot(),
            "settle_up": {
                "transfers": [
                    {"from": t.payer, "to": t.payee, "amount": t.amount} for t in result.transfers
                ],
                "fewest": result.fewest,
            },
        }

    def csv(self, standings: Standings) -> list[dict[str, object]]:
        places = standings.money_places
        rows: list[dict[str, object]] = [
            {"kind": "player", "name": p.name, **counts(p), "net": money(p.net, places)}
            for p in standings.bourre_lines()
        ]
        if standings.pot():
            rows.append({"kind": "pot", "name": POT, "net": money(standings.pot(), places)})
        for t in standings.settle_up().transfers:
            amount = money(t.amount, places)
            rows.append({"kind": "transfer", "payer": t.payer, "payee": t.payee, "amount": amount})
        return rows


def _pot_text(pot: Decimal, places: int) -> str:
    """What the pot's balance means, in words."""
    if pot > 0:
        return (
            f"  left in the pot: {money(pot, places)} (put in and not won; paid into the pot "
            "below, for the next game)"
        )
    return (
        f"  taken from the pot: {money(-pot, places)} (won from a pot that was there before "
        "the counted hands; the pot pays it below)"
    )


def _settle_up(result: SettleUp, places: int) -> list[Span | TextTable]:
    transfers = result.transfers
    if not transfers:
        return [("Who pays whom: nobody owes anything.", "head")]
    if result.fewest:
        how = f"{count(len(transfers), 'transfer')}, the fewest that settle every balance"
    else:
        how = (
            f"{count(len(transfers), 'transfer')}; with {result.parties} players the "
            "fewest is not searched for: the largest debtor pays the largest creditor first"
        )
    rows = [[_party(t.payer), "pays", _party(t.payee), money(t.amount, places)] for t in transfers]
    return [(f"Who pays whom ({how}):", "head"), TextTable(None, rows, frozenset({3}))]


def _party(name: str) -> str:
    return "the pot" if name == POT else name


BOURRE_STANDINGS = BourreStandings()
