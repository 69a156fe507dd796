"""What the log records of each hand: ``deal`` lines and the ``ask`` exchange.

Checks the deal lines (deck, duplicates, six cards), the exchange (cards held, BE-ASK-BEST)
and works out each player's recorded hand after the exchange, which the replay uses to
spot cards played that were not held (L-NOT-HELD) or held by someone else (L-CARD).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import pretty, suit_word
from referee.euchre.rules import describe, in_deck, is_trump, trump_rank
from referee.euchre.table import Findings
from referee.records import CardAt, DealLine, ExchangeLine

HAND_SIZE = 6


@dataclass(slots=True)
class Contract:
    """The winning bid as the replay needs it."""

    bidder: str
    bid: str  # "3".."6", "ask", "moon"
    partner_out: str | None  # the partner who sits out on ask / moon


@dataclass(slots=True)
class Holdings:
    """Each player's recorded hand, and where the log places cards."""

    recorded: dict[str, set[str]] = field(default_factory=dict)  # hand after the exchange
    dealt: dict[str, DealLine] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # card -> whose recorded hand
    given: dict[str, str] = field(default_factory=dict)  # player -> card they gave away
    loose: frozenset[str] = frozenset()  # two players whose cards may have swapped unseen
    contested: set[str] = field(default_factory=set)  # cards dealt to two players

    def owner_conflict(self, player: str, card: str) -> str | None:
        """The other player whose recorded hand holds ``card``, when that is impossible."""
        who = self.owner.get(card)
        if who is None or who == player or card in self.contested:
            return None
        if {who, player} <= self.loose:
            return None
        return who


def read_deals(deals: Sequence[DealLine], findings: Findings) -> Holdings:
    """Check the ``deal`` lines and record each player's dealt cards."""
    holdings = Holdings()
    for deal in deals:
        if not deal.player.seated:
            findings.unseated(deal.player, "a deal line")
            continue
        name = deal.player.name
        if name in holdings.dealt:
            continue  # a second deal line for one player: L-DUPLICATE (see referee.sequence)
        holdings.dealt[name] = deal
        holdings.recorded[name] = _deal_cards(deal, holdings, findings)
    return holdings


def _deal_cards(deal: DealLine, holdings: Holdings, findings: Findings) -> set[str]:
    name = deal.player.name
    if len(deal.cards) != HAND_SIZE:
        findings.add(
            "L-COUNT",
            deal.line,
            deal.column,
            f"{name} was dealt {len(deal.cards)} cards",
            player=name,
            evidence=f"each player is dealt {HAND_SIZE} cards",
        )
    cards: set[str] = set()
    for c in deal.cards:
        if not in_deck(c.card):
            _off_deck(c, name, None, findings)
        elif c.card in holdings.owner:
            who = holdings.owner[c.card]
            holdings.contested.add(c.card)
            cards.add(c.card)  # which deal line is wrong is unknown: neither convicts
            findings.add_at(
                "L-CARD",
                c,
                f"{pretty(c.card)} dealt to {name} and to {who}"
                if who != name
                else f"{pretty(c.card)} dealt twice to {name}",
                player=name,
                evidence="a card cannot be in two hands at once",
            )
        else:
            holdings.owner[c.card] = name
            cards.add(c.card)
    return cards


def _off_deck(card: CardAt, player: str | None, trick: int | None, findings: Findings) -> None:
    findings.add_at(
        "L-CARD",
        card,
        f"{card.card} is not in the Bid Euchre deck",
        player=player,
        trick=trick,
        evidence="Bid Euchre uses 24 cards: 9, 10, J, Q, K and A of each suit",
    )


def apply_exchange(
    holdings: Holdings,
    exchange: ExchangeLine | None,
    contract: Contract,
    trump: str | None,
    findings: Findings,
) -> None:
    """Check the ``ask`` exchange and move its two cards between the recorded hands."""
    bidder, partner = contract.bidder, contract.partner_out
    if contract.bid != "ask" or partner is None:
        return
    if exchange is None or not _names_match(exchange, bidder, partner):
        # the swap happened but the log does not say which cards: relax the bidder's record
        holdings.recorded.pop(bidder, None)
        holdings.loose = frozenset({bidder, partner})
        return
    given, returned = exchange.given.card, exchange.returned.card
    ok_given = _exchange_card(exchange, exchange.given, bidder, holdings, findings)
    ok_returned = _exchange_card(exchange, exchange.returned, partner, holdings, findings)
    if ok_returned and trump is not None:
        _check_best(exchange, partner, returned, trump, holdings, findings)
    if bidder in holdings.recorded:
        hand = holdings.recorded[bidder]
        hand.discard(given)
        if ok_returned:
            hand.add(returned)
    if ok_given:
        holdings.owner[given] = partner
        holdings.given[bidder] = given
    if ok_returned:
        holdings.owner[returned] = bidder


def _names_match(exchange: ExchangeLine, bidder: str, partner: str) -> bool:
    return exchange.bidder.name == bidder and exchange.partner.name == partner


def _exchange_card(
    exchange: ExchangeLine, card: CardAt, giver: str, holdings: Holdings, findings: Findings
) -> bool:
    """Whether an exchanged card is in the deck and in the giver's recorded hand."""
    if not in_deck(card.card):
        _off_deck(card, giver, None, findings)
        return False
    hand = holdings.recorded.get(giver)
    if hand is not None and card.card not in hand:
        deal = holdings.dealt[giver]
        findings.add_at(
            "L-NOT-HELD",
            card,
            f"{giver} handed over {pretty(card.card)}, not in their hand",
            player=giver,
            evidence=f"{giver}'s deal (line {deal.line}) does not hold {pretty(card.card)}",
        )
        return False
    return True


def _check_best(
    exchange: ExchangeLine,
    partner: str,
    returned: str,
    trump: str,
    holdings: Holdings,
    findings: Findings,
) -> None:
    """BE-ASK-BEST: the partner must return the highest trump of the six dealt."""
    deal = holdings.dealt.get(partner)
    if deal is None:
        return
    trumps = [c.card for c in deal.cards if in_deck(c.card) and is_trump(c.card, trump)]
    if not trumps:
        return
    best = max(trumps, key=lambda c: trump_rank(c, trump))
    if returned == best:
        return
    findings.add(
        "BE-ASK-BEST",
        exchange.returned.line,
        exchange.returned.column,
        f"{partner} gave {pretty(returned)}, not their best trump {pretty(best)}",
        player=partner,
        card=returned,
        evidence=f"{partner} was dealt {describe(best, trump)} (line {deal.line}), the "
        f"highest of their {suit_word(trump)}, and handed over {describe(returned, trump)}",
    )
