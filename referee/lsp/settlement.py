"""The referee's settlement of a hand, written as the log's recorded lines, in place of
recorded lines it found wrong (a code action).

* Bourré: the hand's ``settle`` lines become the referee's, in the log's order of kinds
  (``settle pot`` where the table recorded one, then who took the pot or ``split``, each
  bourré, each renege, each early announcement); each line keeps its place and its
  comment, lines left over go, lines missing come after the last one. A wrong ``ante``
  line (``BR-SETTLE-ANTE``) names the players who owed the ante.
* Bid Euchre: a wrong ``settle`` line (``BE-SCORE``) gets the referee's points, a wrong
  ``score`` line (``BE-TOTAL``) its running score, its teams in the order and spelling
  written where they are the hand's teams.

Only a settled hand's recorded lines are accused, so the referee's numbers are never a
guess. Amounts are written in the file's format (``1.50`` beside ``-0.25``), without a
currency sign.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from referee.games.bourre.rules import BR_SETTLE_ANTE
from referee.games.euchre.rules import BE_SCORE
from referee.records import AnteLine, Event, ScoreLine, SettleLine, TeamSettleLine
from referee.render.fmt import money
from referee.report import BourreHandResult, EuchreHandResult, HandResult, Violation
from referee.rulebook import settlement_rules

from .edits import Edit
from .text import statement_span

#: Every rule whose finding this module mends: those about what the table recorded.
SETTLEMENT_RULES = settlement_rules()


def settlement_edits(
    violation: Violation,
    result: HandResult,
    events: Sequence[Event],
    lines: list[str],
    places: int,
) -> tuple[str, list[Edit]] | None:
    """A title and the edits that write the referee's settlement where ``violation``
    found the record wrong (None when there is nothing to write)."""
    if not result.settled:
        return None
    if isinstance(result, BourreHandResult):
        if violation.rule == BR_SETTLE_ANTE.id:
            return _ante_edits(result, events, lines)
        if violation.rule in SETTLEMENT_RULES:
            return _bourre_edits(result, events, lines, places)
        return None
    if violation.rule in SETTLEMENT_RULES:
        return _euchre_edits(violation, result, events, lines)
    return None


def bourre_lines(result: BourreHandResult, with_pot: bool, places: int) -> list[str]:
    """The referee's settlement of a Bourré hand as ``settle`` lines."""
    lines = []
    if with_pot and result.pot is not None:
        lines.append(f"settle pot {money(result.pot, places)}")
    if result.winner is not None:
        lines.append(f"settle {result.winner} wins {money(result.took, places)}")
    else:
        lines.append("settle split")
    paid = [("bourre", p, a) for p, a in result.bourre.items()]
    paid += [("renege", p, a) for p, a in result.reneges]
    paid += [("penalty", p, a) for p, a in result.penalties]
    lines += [f"settle {player} {kind} {money(amount, places)}" for kind, player, amount in paid]
    return lines


def _bourre_edits(
    result: BourreHandResult, events: Sequence[Event], lines: list[str], places: int
) -> tuple[str, list[Edit]] | None:
    recorded = [e for e in events if isinstance(e, SettleLine)]
    if not recorded:
        return None
    wanted = bourre_lines(result, any(s.kind == "pot" for s in recorded), places)
    edits: list[Edit] = []
    for record, new in zip(recorded, wanted, strict=False):
        edits += _replaced(record.line - 1, lines, new)
    for record in recorded[len(wanted) :]:
        edits.append(_removed(record.line - 1, lines))
    if len(wanted) > len(recorded):
        last = recorded[-1].line - 1
        text = lines[last]
        indent = text[: len(text) - len(text.lstrip(" \t"))]
        added = "".join(f"\n{indent}{new}" for new in wanted[len(recorded) :])
        edits.append(Edit(last, len(text), len(text), added))
    title = f"Write hand {result.number}'s settlement as the referee settles it"
    return (title, edits) if edits else None


def _ante_edits(
    result: BourreHandResult, events: Sequence[Event], lines: list[str]
) -> tuple[str, list[Edit]] | None:
    antes = [e for e in events if isinstance(e, AnteLine)]
    if len(antes) != 1:
        return None
    new = "ante " + " ".join(result.antes) if result.antes else "ante"
    edits = _replaced(antes[0].line - 1, lines, new)
    title = f"Write hand {result.number}'s ante as the referee has it: {new}"
    return (title, edits) if edits else None


def _euchre_edits(
    violation: Violation, result: EuchreHandResult, events: Sequence[Event], lines: list[str]
) -> tuple[str, list[Edit]] | None:
    kind = TeamSettleLine if violation.rule == BE_SCORE.id else ScoreLine
    target = result.points if violation.rule == BE_SCORE.id else result.score
    record = next((e for e in events if isinstance(e, kind) and e.line == violation.line), None)
    if record is None or not target:
        return None
    word = "settle" if violation.rule == BE_SCORE.id else "score"
    new = f"{word} {_teams_text(record.entries, target)}"
    what = "points" if word == "settle" else "running score"
    title = f"Write hand {result.number}'s {what} as the referee has them: {new}"
    edits = _replaced(record.line - 1, lines, new)
    return (title, edits) if edits else None


def _teams_text(entries: Sequence[tuple[tuple[str, str], Decimal]], target: dict[str, int]) -> str:
    """``ann+cy 2 bob+dee 4``: the referee's points, each team as the record wrote it when
    the record names the hand's teams, else in the referee's order."""
    keys = {frozenset(k.casefold() for k in key.split("+")): key for key in target}
    written = [(team, keys.get(frozenset(n.casefold() for n in team))) for team, _ in entries]
    if len(written) == len(target) and len({key for _, key in written}) == len(target):
        return " ".join(f"{'+'.join(team)} {target[key]}" for team, key in written if key)
    return " ".join(f"{key} {points}" for key, points in target.items())


def _replaced(line: int, lines: list[str], new: str) -> list[Edit]:
    """The edit writing ``new`` in place of a line's statement (its comment kept), or none
    when it says that already."""
    start, end = statement_span(lines[line])
    if lines[line][start:end] == new:
        return []
    return [Edit(line, start, end, new)]


def _removed(line: int, lines: list[str]) -> Edit:
    """The edit removing a line's statement: the whole line, or, where it has a comment,
    the statement only."""
    start, end = statement_span(lines[line])
    if "#" in lines[line][end:] or line + 1 >= len(lines):
        return Edit(line, start, end, "")
    return Edit(line, 0, 0, "", end_line=line + 1)
