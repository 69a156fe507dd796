"""Bid Euchre's recorded lines as the referee scores the hand, for ``referee fix``: each
``settle`` (``BE-SCORE``) and ``score`` (``BE-TOTAL``) line judged wrong."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from referee.fixer.lines import Block, Statement, amounts_replaced
from referee.fixer.text import Edits
from referee.games.euchre.rules import BE_SCORE, BE_TOTAL
from referee.report import EuchreHandResult


def euchre_edits(hand: EuchreHandResult, block: Block, rules: set[str]) -> Edits:
    """The edits that make a Bid Euchre hand's wrong ``settle`` (``BE-SCORE``) and
    ``score`` (``BE-TOTAL``) lines the referee's: each line judged wrong gets the
    referee's numbers, in its own teams' order and spelling where it names both teams
    (only the numbers are rewritten), else written anew in seat order."""
    lines = block.of("settle", "score")
    if len(lines) != len(hand.recorded):
        return {}
    edits: Edits = {}
    for statement, text in zip(lines, hand.recorded, strict=True):
        words = text.split()
        if not words or words[0] != statement.kind:
            return {}  # (the lines do not match the record: never guess)
        rule, target = (
            (BE_SCORE.id, hand.points) if statement.kind == "settle" else (BE_TOTAL.id, hand.score)
        )
        if rule not in rules or not target:
            continue
        new = _euchre_line(statement, words[1:], target)
        if new is not None:
            edits[statement.at] = [new]
    return edits


def _euchre_line(statement: Statement, entries: list[str], target: dict[str, int]) -> str | None:
    """A recorded ``settle``/``score`` line with the referee's numbers, or None when it
    has them already."""
    teams = {_team(key): key for key in target}
    named = [_team(word) for word in entries[0::2]]
    values = _numbers(entries[1::2])
    keys = [teams.get(team) for team in named]
    if len(keys) == len(target) and None not in keys and len(set(keys)) == len(keys):
        want = [Decimal(target[k]) for k in keys if k is not None]
        if values == want:
            return None
        body = amounts_replaced(statement.body, want, None)
        if body is not None:
            return statement.written(body)
    return statement.written(" ".join(f"{key} {points}" for key, points in target.items()))


def _team(word: str) -> frozenset[str]:
    return frozenset(name.casefold() for name in word.split("+"))


def _numbers(words: Iterable[str]) -> list[Decimal] | None:
    try:
        return [Decimal(word) for word in words]
    except InvalidOperation:
        return None
