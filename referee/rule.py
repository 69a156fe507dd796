"""A rule ID and its documentation (see :mod:`referee.rulebook`, the registry of them all)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule ID and its documentation: the ID, the game it belongs to, a one-line summary,
    the full text that ``referee explain ID`` prints, a legal and an illegal example, and
    the house options it reads."""

    id: str
    game: str  # "bourre", "bid-euchre" or "both" (log faults)
    summary: str
    explanation: str
    legal_example: str = ""
    illegal_example: str = ""
    #: The house option keys whose values change what this rule finds (a test checks that
    #: each is an option of the rule's game and that the randomised tests vary it).
    options: tuple[str, ...] = ()
