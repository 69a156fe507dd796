"""``--select`` and ``--ignore``: which findings a report keeps, by rule ID or prefix."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from referee.report import (
    FileReport,
    HandResult,
)


def rule_filter(select: Sequence[str] = (), ignore: Sequence[str] = ()) -> Callable[[str], bool]:
    """A predicate on rule IDs: kept when it matches a ``select`` entry (or none are given)
    and no ``ignore`` entry. Entries are IDs or prefixes (``BR-CINCH``, ``L-``), any case."""
    sel = tuple(s.strip().upper() for s in select if s.strip())
    ign = tuple(s.strip().upper() for s in ignore if s.strip())

    def keep(rule: str) -> bool:
        rid = rule.upper()
        return (not sel or rid.startswith(sel)) and not (ign and rid.startswith(ign))

    return keep


def filter_report(report: FileReport, keep: Callable[[str], bool]) -> FileReport:
    """A copy of ``report`` holding only the violations whose rule ``keep`` accepts.

    ``P-`` read errors are never filtered: an unreadable input always counts.
    """
    return dataclasses.replace(report, hands=[filter_hand(h, keep) for h in report.hands])


def filter_hand(hand: HandResult, keep: Callable[[str], bool]) -> HandResult:
    """``hand`` itself, or a copy holding only the violations whose rule ``keep`` accepts."""
    kept = [v for v in hand.violations if keep(v.rule)]
    if len(kept) == len(hand.violations):
        return hand
    return dataclasses.replace(hand, violations=kept)
