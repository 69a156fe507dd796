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


def unknown_prefix(entry: str) -> str | None:
    """Why ``entry`` (of ``--select``/``--ignore``, or a config's ``select``/``ignore``) is no
    rule ID or prefix of one (``no rule ID starts with 'BR-FOLOW'; did you mean
    BR-FOLLOW?``), or None when it is one."""
    import difflib

    from referee.rulebook import all_rules

    known = sorted(all_rules())
    upper = entry.strip().upper()
    if upper and any(rid.startswith(upper) for rid in known):
        return None
    close = difflib.get_close_matches(upper, known, n=5, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `referee rules`"
    return f"no rule ID starts with {entry!r}{hint}"


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
