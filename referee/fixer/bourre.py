"""Bourré's recorded lines as the referee settles the hand, for ``referee fix``: the
``settle`` lines of the kinds a ``BR-SETTLE-*`` finding was made about, and the ``ante``
line (``BR-SETTLE-ANTE``)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from referee.fixer.lines import Block, Statement, amounts_replaced, money
from referee.fixer.text import Edits
from referee.games.bourre.rules import (
    BR_SETTLE_ANTE,
    BR_SETTLE_BOURRE,
    BR_SETTLE_PENALTY,
    BR_SETTLE_POT,
    BR_SETTLE_RENEGE,
    BR_SETTLE_WIN,
)
from referee.report import BourreHandResult


class _Item(NamedTuple):
    """One recorded settlement item: ``settle [PLAYER] KIND [AMOUNT]``."""

    kind: str
    player: str | None
    amount: Decimal | None

    def same(self, other: _Item) -> bool:
        return (
            self.kind == other.kind
            and (self.player or "").casefold() == (other.player or "").casefold()
            and self.amount == other.amount
        )


#: Which items each settlement rule judges (the outcome: `wins` or `split`).
_GROUP_OF_RULE = {
    BR_SETTLE_POT.id: "pot",
    BR_SETTLE_WIN.id: "outcome",
    BR_SETTLE_BOURRE.id: "bourre",
    BR_SETTLE_RENEGE.id: "renege",
    BR_SETTLE_PENALTY.id: "penalty",
}
_GROUP_OF_KIND = {
    "pot": "pot",
    "wins": "outcome",
    "split": "outcome",
    "bourre": "bourre",
    "renege": "renege",
    "penalty": "penalty",
}


def _recorded_item(text: str) -> _Item | None:
    """A recorded line as the report gives it (``settle eve wins 5``), taken apart."""
    words = text.split()
    if len(words) < 2 or words[0].lower() != "settle":
        return None
    if words[1].lower() in ("split", "pot"):
        player, kind, rest = None, words[1].lower(), words[2:]
    elif len(words) >= 3:
        player, kind, rest = words[1], words[2].lower().replace("é", "e"), words[3:]
    else:
        return None
    try:
        amount = Decimal(rest[0]) if rest else None
    except InvalidOperation:
        return None
    return _Item(kind, player, amount) if kind in _GROUP_OF_KIND else None


def _referees_items(hand: BourreHandResult, recorded_pot: bool) -> dict[str, list[_Item]]:
    """The referee's settlement of the hand as items, by group; a ``settle pot`` only
    where the table recorded one (it is optional)."""
    pot = [_Item("pot", None, hand.pot)] if recorded_pot and hand.pot is not None else []
    if hand.winner is not None:
        outcome = [_Item("wins", hand.winner, hand.took)]
    else:
        outcome = [_Item("split", None, None)]
    return {
        "pot": pot,
        "outcome": outcome,
        "bourre": [_Item("bourre", p, a) for p, a in hand.bourre.items()],
        "renege": [_Item("renege", p, a) for p, a in hand.reneges],
        "penalty": [_Item("penalty", p, a) for p, a in hand.penalties],
    }


def bourre_edits(hand: BourreHandResult, block: Block, rules: set[str]) -> Edits:
    """The edits that make a Bourré hand's recorded lines the referee's.

    Only the kinds of line a finding was made about are touched (a ``BR-SETTLE-BOURRE``
    touches the ``settle NAME bourre`` lines, and no other). Of those, a line that is
    right stays as it is; a wrong one takes the place of a line of the same kind (only its
    amount rewritten where only the amount was wrong); a line with nothing to stand for
    goes (its comment stays); a line missing is added after the hand's last ``settle``
    line. ``BR-SETTLE-ANTE`` rewrites the hand's ``ante`` line (when it has one) with the
    players who owed the ante.
    """
    edits: Edits = {}
    if BR_SETTLE_ANTE.id in rules:
        antes = block.of("ante")
        if len(antes) == 1:
            names = antes[0].body
            sep = ", " if "," in names else " "
            edits[antes[0].at] = [antes[0].written(sep.join(hand.antes))]
    settles = block.of("settle")
    items = [_recorded_item(text) for text in hand.recorded]
    if len(items) != len(settles) or any(item is None for item in items):
        return edits  # (the lines do not match the record: never guess which is which)
    recorded = [(s, item) for s, item in zip(settles, items, strict=True) if item is not None]
    wanted = _referees_items(hand, any(item.kind == "pot" for _, item in recorded))
    places, currency = block.written_places(), block.currency()
    added: list[str] = []
    for rule in sorted(rules):
        group = _GROUP_OF_RULE.get(rule)
        if group is None:
            continue
        mine = [(s, item) for s, item in recorded if _GROUP_OF_KIND[item.kind] == group]
        edits.update(_group_edits(mine, wanted[group], places, currency, added))
    if added and settles:
        last = settles[-1]
        lines = edits.get(last.at, [last.head + last.gap + last.body + last.tail])
        edits[last.at] = lines + [f"{last.head}{last.gap or ' '}{body}" for body in added]
    return edits


def _group_edits(
    recorded: list[tuple[Statement, _Item]],
    wanted: list[_Item],
    places: int,
    currency: tuple[str, bool] | None,
    added: list[str],
) -> Edits:
    """The edits for one kind of settlement line (see :func:`bourre_edits`); the lines
    to add are put in ``added``."""
    todo = list(wanted)
    wrong: list[tuple[Statement, _Item]] = []
    for statement, item in recorded:
        match = next((w for w in todo if w.same(item)), None)
        if match is None:
            wrong.append((statement, item))
        else:
            todo.remove(match)
    edits: Edits = {}
    for statement, item in wrong:
        if not todo:
            edits[statement.at] = statement.comment_only()
            continue
        same_player = next(
            (
                w
                for w in todo
                if w.kind == item.kind
                and (w.player or "").casefold() == (item.player or "").casefold()
            ),
            None,
        )
        target = same_player or todo[0]
        todo.remove(target)
        body = None
        if same_player is not None and target.amount is not None:
            body = amounts_replaced(statement.body, [target.amount], places)
        if body is None:
            body = _item_text(target, places, currency)
        edits[statement.at] = [statement.written(body)]
    added.extend(_item_text(w, places, currency) for w in todo)
    return edits


def _item_text(item: _Item, places: int, currency: tuple[str, bool] | None) -> str:
    """A settlement item as a ``settle`` line writes it, after the keyword."""
    words = [item.player] if item.player else []
    words.append(item.kind)
    if item.amount is not None:
        words.append(money(item.amount, places, currency))
    return " ".join(words)
