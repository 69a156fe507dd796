"""What one Bourré hand's log states, gathered from its events (no judging here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.records import (
    AnteLine,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    Event,
    Hand,
    SettleLine,
    TrickLine,
    TrumpLine,
)


@dataclass(slots=True)
class HandFacts:
    """The statements of one hand, sorted by kind, in log order."""

    hand: Hand
    dealer_lines: list[DealerLine] = field(default_factory=list)
    trump_lines: list[TrumpLine] = field(default_factory=list)
    deals: dict[str, DealLine] = field(default_factory=dict)
    extra_deals: list[DealLine] = field(default_factory=list)
    decisions: dict[str, DecisionLine] = field(default_factory=dict)
    tricks: list[TrickLine] = field(default_factory=list)
    claims: list[ClaimLine] = field(default_factory=list)
    antes: list[AnteLine] = field(default_factory=list)
    settles: list[SettleLine] = field(default_factory=list)
    foreign: list[Event] = field(default_factory=list)  # Bid Euchre statements


def gather_facts(hand: Hand, seats: tuple[str, ...]) -> HandFacts:
    """Sort a hand's events by kind. The first ``deal``/decision per player counts."""
    facts = HandFacts(hand)
    for event in hand.events:
        if isinstance(event, TrickLine):
            facts.tricks.append(event)
        elif isinstance(event, DecisionLine):
            if event.player in seats:
                facts.decisions.setdefault(event.player, event)
        elif isinstance(event, DealLine):
            if event.player in seats and event.player not in facts.deals:
                facts.deals[event.player] = event
            else:
                facts.extra_deals.append(event)
        elif isinstance(event, TrumpLine):
            facts.trump_lines.append(event)
        elif isinstance(event, DealerLine):
            facts.dealer_lines.append(event)
        elif isinstance(event, SettleLine):
            facts.settles.append(event)
        elif isinstance(event, AnteLine):
            facts.antes.append(event)
        elif isinstance(event, ClaimLine):
            facts.claims.append(event)
        else:
            facts.foreign.append(event)
    return facts
