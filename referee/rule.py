"""A rule ID and its documentation (see :mod:`referee.rulebook`, the registry of them all)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: What a rule is about, which decides how loudly the machine formats report it (see
#: :mod:`referee.severity`): ``play``, a rule of the game broken at the table (a renege, a
#: bid out of turn); ``settlement``, what the table recorded as paid or scored is wrong;
#: ``log``, the log contradicts itself (a card played twice, a name not seated).
RuleKind = Literal["play", "settlement", "log"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule ID, all in one place: the ID, the game it belongs to, a one-line summary,
    the full text that ``referee explain ID`` prints, a legal and an illegal example, the
    house options it reads, its kind, and what to do about a finding under it (its fix).
    Its check is the game's (a Bourré play rule's predicate is beside it, as a
    :class:`~referee.games.bourre.rules.PlayRule`), and the engine stamps its ID."""

    id: str
    game: str  # "bourre", "bid-euchre" or "both" (log faults)
    summary: str
    explanation: str
    legal_example: str = ""
    illegal_example: str = ""
    #: The house option keys whose values change what this rule finds (a test checks that
    #: each is an option of the rule's game and that the randomised tests vary it).
    options: tuple[str, ...] = ()
    #: What the rule is about (:data:`RuleKind`), given with every rule.
    kind: RuleKind = field(kw_only=True)
    #: What to do about a finding: how to fix the log or settle the hand. A finding is a
    #: fault of the play (the log is right: settle as the referee says), of the record
    #: (write the referee's figure) or of the log (an ``L-`` ID: a line is probably written
    #: wrong); the text says which. ``referee explain ID`` and ``docs/findings.md`` print it.
    fix: str = field(kw_only=True)
