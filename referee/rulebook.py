"""The rule registry: every rule ID the referee can report, with its explanation.

Each rule is one :class:`~referee.rule.Rule`. The registry is an explicit list: the log
faults shared by the games (:data:`referee.logrules.LOG_RULES`) and each game's own rules
(:attr:`referee.games.Game.rules`). The engines emit findings under these IDs only (a test
checks that), and ``referee rules`` / ``explain`` read this same registry (through
:mod:`referee.topics`), each rule's fix text too, so the documentation cannot drift from
the engine.
"""

from __future__ import annotations

from functools import cache

from referee.games import all_games
from referee.logrules import LOG_RULES
from referee.rule import Rule

__all__ = ["Rule", "all_rules", "get_rule", "settlement_rules"]


@cache
def _registry() -> dict[str, Rule]:
    registry: dict[str, Rule] = {}
    for rule in (*LOG_RULES, *(r for game in all_games() for r in game.rules())):
        if rule.id in registry:
            raise ValueError(f"rule {rule.id} is listed twice")
        registry[rule.id] = rule
    return registry


def all_rules() -> dict[str, Rule]:
    """Every rule, keyed by ID: the log faults first, then each game's, in the games' order."""
    return dict(_registry())


def get_rule(rule_id: str) -> Rule | None:
    """The rule with this ID (case-insensitive), or None."""
    return _registry().get(rule_id.strip().upper())


@cache
def settlement_rules() -> frozenset[str]:
    """The IDs of the rules about what the table recorded (kind ``settlement``): the
    findings that ``referee fix`` and the editor's quick fixes mend, and the page counts
    apart."""
    return frozenset(rule.id for rule in _registry().values() if rule.kind == "settlement")
