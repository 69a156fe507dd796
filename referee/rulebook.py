"""The rule registry: every rule ID the referee can report, with its explanation.

Each rule is one :class:`Rule`: its ID, the game it belongs to, a one-line summary, the full
text that ``referee explain ID`` prints, and a legal and an illegal example. The engines emit
findings under these IDs only (a test checks that), and ``referee rules`` / ``explain`` read
this same registry (through :mod:`referee.topics`, which adds what to do about a finding),
so the documentation cannot drift from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule ID and its documentation."""

    id: str
    game: str  # "bourre", "bid-euchre" or "both" (log faults)
    summary: str
    explanation: str
    legal_example: str = ""
    illegal_example: str = ""


_REGISTRY: dict[str, Rule] = {}


def register(*rules: Rule) -> None:
    """Add rules to the registry (each module lists its rules explicitly)."""
    for rule in rules:
        if rule.id in _REGISTRY and _REGISTRY[rule.id] != rule:
            raise ValueError(f"rule {rule.id} registered twice")
        _REGISTRY[rule.id] = rule


def all_rules() -> dict[str, Rule]:
    """Every registered rule, keyed by ID, with the rule modules loaded."""
    _load()
    return dict(_REGISTRY)


def get_rule(rule_id: str) -> Rule | None:
    """The rule with this ID (case-insensitive), or None."""
    _load()
    return _REGISTRY.get(rule_id.strip().upper())


def _load() -> None:
    # Importing the rule modules registers their rules.
    from referee import logrules  # noqa: F401
    from referee.games.bourre import rules as bourre_rules  # noqa: F401
    from referee.games.euchre import rules as euchre_rules  # noqa: F401
