"""``referee audit --statistics``: how many findings each rule has over the whole batch.

As ruff's ``--statistics``, it prints only the counts, in place of the report: one line per
rule ID or read-error code found, the count, the ID and the rule's summary from the
registry (what ``referee rules`` lists), most found first (then by ID)::

    3  BE-SCORE    the recorded points for the hand are wrong
    1  P-SYNTAX    a line that could not be read

Violations follow ``--select``/``--ignore`` as in every report; read errors (``P-``) are
always counted. Nothing is printed when there is nothing to count. With ``--format json``
the same counts are one JSON array, ``[{"rule", "count", "level", "summary"}, ...]``
(``level`` as in SARIF: ``error`` or ``warning``, see :mod:`referee.severity`).

The writer keeps a count per ID, never a finding, so a batch of any size takes the same
memory. A worker process counts its file into a part (a dictionary of counts), added up by
the main process.
"""

from __future__ import annotations

import json
from typing import TextIO

from referee.codes import get_code
from referee.report import FileReport, HandResult, ReadError
from referee.rulebook import get_rule
from referee.severity import rule_level


class StatisticsWriter:
    """Counts the findings per rule ID of the files it is given, and writes the counts at
    :meth:`close` (as text, or JSON with ``as_json``)."""

    def __init__(self, out: TextIO, *, as_json: bool = False) -> None:
        self._out = out
        self._as_json = as_json
        self.counts: dict[str, int] = {}

    def begin(self, report: FileReport) -> None:
        """A file starts: nothing to do."""

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: counted with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Count one hand's findings."""
        for violation in hand.violations:
            self._add(violation.rule, 1)

    def end(self, report: FileReport) -> None:
        """Count the file's read errors."""
        for error in report.errors:
            self._add(error.code, 1)

    def part(self, part: dict[str, int]) -> None:
        """Add the counts a worker made (:meth:`take_part`)."""
        for rule, n in part.items():
            self._add(rule, n)

    def take_part(self) -> dict[str, int]:
        """The counts so far, and start afresh."""
        part, self.counts = self.counts, {}
        return part

    def _add(self, rule: str, n: int) -> None:
        self.counts[rule] = self.counts.get(rule, 0) + n

    def close(self) -> None:
        """Write the counts."""
        rows = statistics(self.counts)
        if self._as_json:
            self._out.write(statistics_json(rows))
        else:
            self._out.write(statistics_text(rows))


def statistics(counts: dict[str, int]) -> list[tuple[str, int]]:
    """``(ID, count)`` pairs, the most found first, then by ID."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def summary_of(rule_id: str) -> str:
    """The one-line summary of a rule ID or read-error code (empty for neither)."""
    rule = get_rule(rule_id)
    if rule is not None:
        return rule.summary
    code = get_code(rule_id)
    return code.summary if code is not None else ""


def statistics_text(rows: list[tuple[str, int]]) -> str:
    """The counts as aligned lines: count, ID, summary."""
    if not rows:
        return ""
    count_width = max(len(str(n)) for _, n in rows)
    id_width = max(len(rule) for rule, _ in rows)
    return "".join(
        f"{n:>{count_width}}  {rule:<{id_width}}  {summary_of(rule)}".rstrip() + "\n"
        for rule, n in rows
    )


def statistics_json(rows: list[tuple[str, int]]) -> str:
    """The counts as a JSON array, one object a line."""
    objects = [
        json.dumps(
            {"rule": rule, "count": n, "level": rule_level(rule), "summary": summary_of(rule)},
            ensure_ascii=False,
        )
        for rule, n in rows
    ]
    if not objects:
        return "[]\n"
    return "[\n" + ",\n".join("  " + obj for obj in objects) + "\n]\n"
