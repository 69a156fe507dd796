"""What one Bourré hand's log states, gathered from its events (no judging here)."""

from __future__ import annotations

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


class HandFacts:
    """The statements of one hand, sorted by kind, in log order.

    (A plain class, not a dataclass, as :class:`~referee.games.bourre.state.HandOutcome`
    writes its ``__init__`` out: one is made for every hand, and a compiled dataclass's
    generated ``__init__`` runs as Python.)"""

    __slots__ = (
        "antes",
        "claims",
        "dealer_lines",
        "deals",
        "decisions",
        "extra_deals",
        "foreign",
        "hand",
        "settles",
        "tricks",
        "trump_lines",
    )

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.dealer_lines: list[DealerLine] = []
        self.trump_lines: list[TrumpLine] = []
        self.deals: dict[str, DealLine] = {}
        self.extra_deals: list[DealLine] = []
        self.decisions: dict[str, DecisionLine] = {}
        self.tricks: list[TrickLine] = []
        self.claims: list[ClaimLine] = []
        self.antes: list[AnteLine] = []
        self.settles: list[SettleLine] = []
        self.foreign: list[Event] = []  # Bid Euchre statements


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
