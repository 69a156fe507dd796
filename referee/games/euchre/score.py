"""Bid Euchre scoring: the points of a hand, the end of a game, and the recorded checks.

- Bid 3 to 6 (to 12 with two decks) made: the bidding side scores the tricks it took; set:
  it loses the bid.
- ``ask`` / ``moon``: all the tricks (six, or twelve with two decks) score ``ask_made`` /
  ``moon_made``; fewer lose ``ask_failed`` / ``moon_failed``.
- The defenders score one point per trick; each uncorrected renege costs the offender's
  side ``renege_points``; a redeal scores nothing.
- The game ends after a hand in which a side reaches ``target``, unless both sides stand
  level (at or over the target): then play goes on. The higher score wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from referee.games.euchre.holdings import Contract
from referee.games.euchre.options import EuchreOptions
from referee.games.euchre.rules import BE_SCORE, BE_TOTAL
from referee.games.euchre.table import Findings, Table
from referee.records import ScoreLine, TeamPoints, TeamSettleLine, columns, team_items
from referee.rule import Rule


def hand_points(
    contract: Contract | None,
    team_tricks: dict[str, int],
    renege_teams: Sequence[str],
    table: Table,
    options: EuchreOptions,
    tricks: int = 6,
    notes: list[str] | None = None,
) -> dict[str, int]:
    """Each team's points for the hand; ``notes``, when given, gets how they were reached,
    in words (asked only to explain a recorded line that differs: see :func:`report_wrong`).

    ``contract`` None means a redeal. ``renege_teams`` has one entry per uncorrected renege.
    ``tricks`` is the hand's number of tricks (12 with two decks): ask and moon need all.
    """
    points = {t: 0 for t in table.teams}
    if contract is None:
        if notes is not None:
            notes.append("a redeal scores nothing")
        return points
    bidding = table.team(contract.bidder)
    defending = table.other_team(bidding)
    took = team_tricks.get(bidding, 0)
    gained, result = _bidding_points(contract, took, options, tricks)
    points[bidding] += gained
    kept = team_tricks.get(defending, 0)
    points[defending] += kept
    if notes is not None:
        notes.append(
            f"{contract.bidder} bid {contract.bid} and {bidding} took {took}: "
            f"{result}, {_signed(gained)}"
        )
        notes.append(f"{defending} took {kept}: {_signed(kept)}")
    for team in renege_teams:
        points[team] -= options.renege_points
        if notes is not None:
            notes.append(f"a renege by {team}: {_signed(-options.renege_points)}")
    return points


def _bidding_points(
    contract: Contract, took: int, options: EuchreOptions, tricks: int
) -> tuple[int, str]:
    """The bidding side's points, and the contract's fate: made, failed (ask, moon), set."""
    if contract.bid in ("ask", "moon"):
        made = options.ask_made if contract.bid == "ask" else options.moon_made
        failed = options.ask_failed if contract.bid == "ask" else options.moon_failed
        if took >= tricks:
            return made, "made"
        return -failed, "failed"
    bid = int(contract.bid)
    if took >= bid:
        return took, "made"
    return -bid, "set"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else str(points)


def game_winner(score: dict[str, int], target: int) -> str | None:
    """The team that won the game with this score, or None (not reached, or level)."""
    winner: str | None = None  # (the one side with the best score so far, if one)
    best = target - 1  # (a side under the target never wins)
    for team, points in score.items():
        if points > best:
            winner, best = team, points
        elif points == best:
            winner = None
    return winner


# ----------------------------------------------------------------------------- recorded lines


def team_text(entry: TeamPoints) -> str:
    """``ann+cy 4`` as written (names as declared)."""
    a, b = entry.team
    return f"{a}+{b} {_number(entry.points)}"


def line_text(line: TeamSettleLine | ScoreLine) -> str:
    """A recorded settle/score line as text, for the report."""
    words = ["settle" if isinstance(line, TeamSettleLine) else "score"]
    for entry in line.entries:
        words.append(team_text(entry))
    return " ".join(words)


def _number(points: Decimal) -> str:
    """The points as written: a whole number without its exponent or fraction."""
    text = str(points)
    digits = text[1:] if text.startswith("-") else text
    if digits.isdigit() and text != "-0":  # (the usual entry, 4 or -4: no Decimal work)
        return text
    return str(int(points)) if points == points.to_integral_value() else text


def read_entries(
    line: TeamSettleLine | ScoreLine, table: Table, rule: Rule, findings: Findings
) -> dict[str, Decimal]:
    """Team key -> recorded points, for the line's entries that name a partnership.

    An unseated name is L-PLAYER; two seated players who are not partners are reported under
    ``rule`` (BE-SCORE or BE-TOTAL), since the recorded line cannot be right: once a line,
    the other two players paired by the same slip being no second finding.
    """
    out: dict[str, Decimal] = {}
    mispaired: set[str] = set()  # the players of an entry already reported as no team
    for index, entry in enumerate(line.entries):
        a, b = entry.team
        key = table.team_of_names(a, b)
        if key is not None:  # (the usual entry: two partners)
            out[key] = entry.points
            continue
        first, second, _ = team_items(index)
        unseated = [(n, i) for n, i in ((a, first), (b, second)) if not table.seated(n)]
        for name, item in unseated:
            findings.unseated(name, line, item, "a recorded score")
        if unseated:
            continue
        if mispaired and not mispaired & {a, b}:
            continue  # (the others, paired by the same slip: ann+bob leaves cy+dee)
        mispaired |= {a, b}
        findings.add(
            rule,
            line.line,
            columns(line)[first],
            f"{a}+{b} is not a team",
            evidence="partners sit opposite each other: the teams are " + " and ".join(table.teams),
        )
    return out


def wrong_entries(
    line: TeamSettleLine | ScoreLine, expected: dict[str, int], table: Table, findings: Findings
) -> list[tuple[str, Decimal]]:
    """BE-SCORE (settle) / BE-TOTAL (score), "is it right?": each recorded team whose points
    differ from the referee's ``expected``, with its recorded points (empty: the line
    agrees). Report them with :func:`report_wrong`, with the words of how the referee's were
    reached: asked only when they differ."""
    recorded = read_entries(line, table, _rule_of(line), findings)
    return [(k, v) for k, v in recorded.items() if v != expected.get(k, 0)]


def report_wrong(
    line: TeamSettleLine | ScoreLine,
    wrong: list[tuple[str, Decimal]],
    expected: dict[str, int],
    findings: Findings,
    why: str,
) -> None:
    """Report the recorded teams :func:`wrong_entries` found (``why``: how the referee's
    points were reached, in words)."""
    what = "points" if isinstance(line, TeamSettleLine) else "score"
    told = ", ".join(f"{k} {_number(v)}" for k, v in wrong)
    right = ", ".join(f"{k} {expected.get(k, 0)}" for k, _ in wrong)
    findings.add(
        _rule_of(line),
        line.line,
        line.column,
        f"recorded {what} {told}; the referee has {right}",
        evidence=why,
    )


def _rule_of(line: TeamSettleLine | ScoreLine) -> Rule:
    """The rule a recorded line is checked under: BE-SCORE (settle), BE-TOTAL (score)."""
    return BE_SCORE if isinstance(line, TeamSettleLine) else BE_TOTAL
