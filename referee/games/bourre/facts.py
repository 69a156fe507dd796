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
        "later_decisions",
        "lines_by_player",
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
        #: Each seated player's decision lines after their first, in log order (a slip:
        #: L-DUPLICATE; see :func:`decision_lines`).
        self.later_decisions: list[DecisionLine] = []
        #: Each seated player's decision lines in log order, where a player has more than
        #: one (made by :func:`decision_lines` the first time it is asked: None till then).
        self.lines_by_player: dict[str, list[DecisionLine]] | None = None
        self.tricks: list[TrickLine] = []
        self.claims: list[ClaimLine] = []
        self.antes: list[AnteLine] = []
        self.settles: list[SettleLine] = []
        self.foreign: list[Event] = []  # Bid Euchre statements


def gather_facts(hand: Hand, seated: frozenset[str]) -> HandFacts:
    """Sort a hand's events by kind. The first ``deal``/decision per ``seated`` player
    counts. (A set of the seats, made once a file: asking the tuple of seats compared a name
    with each, 2.2 M instructions over 1,722 hands, compiled.)"""
    facts = HandFacts(hand)
    for event in hand.events:
        if isinstance(event, TrickLine):
            facts.tricks.append(event)
        elif isinstance(event, DecisionLine):
            if event.player in seated:
                if event.player in facts.decisions:
                    facts.later_decisions.append(event)
                else:
                    facts.decisions[event.player] = event
        elif isinstance(event, DealLine):
            if event.player in seated and event.player not in facts.deals:
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


def decision_lines(facts: HandFacts, player: str) -> list[DecisionLine]:
    """The player's decision lines in the hand, in log order (read from the hand's events:
    ``facts.decisions`` holds the one that counts, which the tricks may make a later one)."""
    by_player = facts.lines_by_player
    if by_player is None:
        if not facts.later_decisions:  # (the usual hand: one line a player at most)
            first = facts.decisions.get(player)
            return [] if first is None else [first]
        # (made once a hand, not once a question: a log may repeat a line many times)
        by_player = facts.lines_by_player = {}
        for event in facts.hand.events:
            if isinstance(event, DecisionLine) and event.player in facts.decisions:
                by_player.setdefault(event.player, []).append(event)
    return by_player.get(player, [])


def decision_by_tricks(facts: HandFacts, player: str) -> DecisionLine | None:
    """Of a player's decision lines that disagree (one says pass, one play: one is a slip),
    the one the tricks bear out: a card of theirs in a trick, the first that says play;
    trick lines without one, the first that says pass. None where the lines agree, or no
    trick is in the log (then whether they played is not known)."""
    lines = decision_lines(facts, player)
    if len({d.action for d in lines}) < 2 or not facts.tricks:
        return None
    played = any(player in t.players for t in facts.tricks)
    return next(d for d in lines if (d.action == "play") == played)
