"""How loudly a finding is reported by the machine formats: ``error`` or ``warning``.

The level follows from the finding's kind in the registries, never from a list of IDs kept
elsewhere: a rule's :attr:`~referee.rule.Rule.kind` (:mod:`referee.rulebook`) and a read
error's :attr:`~referee.codes.ReadCode.kind` (:mod:`referee.codes`).

* ``error``: a rule of the game broken at the table (``play``: a renege, a bid out of
  turn), a recorded payout or score that is wrong (``settlement``), and an input that could
  not be read as a log at all (``input``: ``P-IO``, ``P-HEADER``, ...);
* ``warning``: a fault of the log itself (``log``: the ``L-`` rules, and ``P-SYNTAX``, a
  line that could not be read), and any play taken back with ``(was CARD)``.

SARIF (``--format sarif``) and GitHub's annotations (``--format github``) use these levels;
they do not change the exit status.
"""

from __future__ import annotations

from typing import Literal

from referee.codes import get_code
from referee.report import ReadError, Violation
from referee.rulebook import get_rule

Level = Literal["error", "warning"]

#: The level of each kind of rule or read error.
KIND_LEVELS: dict[str, Level] = {
    "play": "error",
    "settlement": "error",
    "input": "error",
    "log": "warning",
}


def kind_of(rule_id: str) -> str:
    """The kind of a rule ID or read-error code (``play``, ``settlement``, ``log`` or
    ``input``); an ID in neither registry (none is emitted: a test checks) is ``play``."""
    rule = get_rule(rule_id)
    if rule is not None:
        return rule.kind
    code = get_code(rule_id)
    return code.kind if code is not None else "play"


def rule_level(rule_id: str) -> Level:
    """The level of a finding under a rule ID or read-error code."""
    return KIND_LEVELS[kind_of(rule_id)]


def violation_level(violation: Violation) -> Level:
    """The level of a violation: its rule's, or ``warning`` for a play taken back."""
    return "warning" if violation.corrected else rule_level(violation.rule)


def error_level(error: ReadError) -> Level:
    """The level of a read error: its code's."""
    return rule_level(error.code)
