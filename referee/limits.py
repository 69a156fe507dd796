"""The bounds on what the referee keeps of a hostile log: a hand's lines (a hand past any
real size is counted, not kept), evidence text, the lists in it, and the findings and errors
per line (the rest counted, not kept), so that memory and a report's size never grow with
what a log repeats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from referee.report import (
    ReadError,
    Violation,
)

_T = TypeVar("_T")


#: A hand of more statement lines than this (blank and comment-only lines are not counted)
#: is not kept: its lines are counted, not read, and the hand is one P-SYNTAX error, not
#: judged. A real hand has fewer than 60: Bourré seats at most 8 players (an ante, 8 deal
#: lines, 8 decisions, 5 tricks, a dozen settle lines), Bid Euchre 4 (4 deals, a few bids, 6
#: tricks or 12 with two decks). Past it a log is machine-made or hostile: a hand of 250,000
#: trick lines took 870 MB and 13 minutes.
MAX_HAND_LINES = 1000


#: A hand whose statement lines (with their comments) hold more characters than this is not
#: kept either (a real hand holds a few kilobytes): at most 1,000 lines each of up to 1 MiB
#: (see :data:`referee.decoding.MAX_LINE_CHARS`) would still be a gigabyte.
MAX_HAND_CHARS = 1 << 20


#: What the reading of a file gives in place of a line longer than
#: :data:`referee.decoding.MAX_LINE_CHARS` (reporting it there): two line ends, which no
#: line can be (a line given to the reader has at most one, at its end). The reader takes
#: it for a line it could not read: a hand with one is not settled (the line may have been
#: a trick or a payment); in the header it is a blank line.
TOO_LONG = "\n\n"


#: Evidence longer than this (characters) has its lists of names or cards cut (see
#: :func:`capped_lists`): an ``ante`` line of a million names must not give a finding of
#: megabytes.
MAX_EVIDENCE = 1000


#: Items of a list kept in evidence that is too long, before "and N more".
LIST_KEPT = 20


def capped_lists(text: str) -> str:
    """``text`` with each list of more than :data:`LIST_KEPT` comma-separated items cut to
    its first ones, "and N more" and its last (which ends the sentence), then, if still
    too long, cut at :data:`MAX_EVIDENCE` characters."""
    import re

    pieces = re.split(r"(; |\. |: |\n)", text)
    for i in range(0, len(pieces), 2):
        items = pieces[i].split(", ")
        if len(items) > LIST_KEPT + 2:
            left = len(items) - LIST_KEPT - 1
            pieces[i] = ", ".join([*items[:LIST_KEPT], f"and {left:,} more", items[-1]])
    capped = "".join(pieces)
    if len(capped) > MAX_EVIDENCE * 4:
        capped = capped[: MAX_EVIDENCE * 4] + f"… ({len(capped) - MAX_EVIDENCE * 4:,} more)"
    return capped


def short_evidence(violation: Violation) -> Violation:
    return dataclasses.replace(violation, evidence=capped_lists(violation.evidence))


#: At most this many findings of one rule (or read errors of one code) are listed for one line;
#: the rest are counted in one more finding. Only a freak line has more (a 5 MB trick line
#: with the same player a million times), and listing them all would make the report, and
#: its text snippets, many times the size of the log.
MAX_PER_LINE = 50


def _cap_per_line(
    items: list[_T], key: Callable[[_T], tuple[str, int | None]], more: Callable[[_T, int], _T]
) -> list[_T]:
    """``items`` with at most MAX_PER_LINE of each ``key``; for each key over the cap, one more
    item made by ``more`` from its first left-out item and how many were left out."""
    seen: dict[tuple[str, int | None], int] = {}
    kept: list[_T] = []
    first_left: dict[tuple[str, int | None], _T] = {}
    for item in items:
        k = key(item)
        seen[k] = count = seen.get(k, 0) + 1
        if count <= MAX_PER_LINE:
            kept.append(item)
        elif count == MAX_PER_LINE + 1:
            first_left[k] = item
    for k, item in first_left.items():
        kept.append(more(item, seen[k] - MAX_PER_LINE))
    return kept


def _more_violations(v: Violation, more: int) -> Violation:
    return Violation(
        v.rule,
        None,
        v.trick,
        None,
        v.line,
        v.column,
        f"and {more} more {v.rule} findings on this line, not listed",
    )


def capped_violations(violations: list[Violation]) -> list[Violation]:
    kept = _cap_per_line(violations, lambda v: (v.rule, v.line), _more_violations)
    kept.sort(key=lambda v: (v.line, v.column))
    return kept


def _more_errors(e: ReadError, more: int) -> ReadError:
    return ReadError(e.code, e.line, e.column, f"and {more} more {e.code} errors on this line")


def capped_errors(errors: list[ReadError]) -> list[ReadError]:
    if len(errors) <= MAX_PER_LINE:
        return errors
    return _cap_per_line(errors, lambda e: (e.code, e.line), _more_errors)
