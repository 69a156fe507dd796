"""What the log records of each hand: ``deal`` lines, the joker's ``discard`` and the ``ask``
exchange.

Checks the deal lines (deck, copies, the number of cards), the card laid aside, the exchange
(cards held, BE-ASK-BEST) and works out each player's recorded hand after them, which the
replay uses to spot cards played that were not held (L-NOT-HELD) or held by someone else
(L-CARD).

Hands are multisets, card -> copies (plain dicts: a :class:`~collections.Counter`'s methods
run as Python even in the compiled build, and this runs for every card dealt): with
``deck: double`` each card exists twice, and a player may be dealt both copies. The log
*places* a copy of a card with a player when their ``deal`` line holds it or the exchange
hands it to them; a card is held by two players beyond its copies when the log places more
copies than the deck has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import referee.games.logchecks as logchecks
from referee.cards import JOKER, pretty, suit_word
from referee.games.euchre.deck import SINGLE, Deck
from referee.games.euchre.rules import BE_ASK_BEST, describe, is_trump, trump_rank
from referee.games.euchre.table import Findings
from referee.logrules import L_COUNT, L_NOT_HELD
from referee.records import CardAt, DealLine, DiscardLine, ExchangeLine, columns, located


class Contract:
    """The winning bid as the replay needs it (a plain class: see :class:`Holdings`)."""

    __slots__ = ("bid", "bidder", "partner_out")

    def __init__(self, bidder: str, bid: str, partner_out: str | None) -> None:
        self.bidder = bidder
        self.bid = bid  # "3".."6" ("12" with two decks), "ask", "moon"
        self.partner_out = partner_out  # the partner who sits out on ask / moon


class Holdings:
    """Each player's recorded hand, and where the log places cards. (Made for every hand: a
    plain class, since a compiled dataclass's generated ``__init__`` runs as Python.)"""

    __slots__ = ("aside", "contested", "dealt", "deck", "given", "loose", "placed", "recorded")

    def __init__(self, deck: Deck = SINGLE) -> None:
        self.deck = deck
        #: player -> card -> copies: each player's hand after the exchange
        self.recorded: dict[str, dict[str, int]] = {}
        self.dealt: dict[str, DealLine] = {}
        #: card -> player -> the copies of it the log places in that player's recorded hand
        self.placed: dict[str, dict[str, int]] = {}
        self.given: dict[str, str] = {}  # player -> card they gave away
        self.aside: dict[str, DiscardLine] = {}  # card laid aside (joker)
        self.loose: frozenset[str] = frozenset()  # two players whose cards may have swapped
        self.contested: set[str] = set()  # cards dealt beyond their copies

    def place(self, card: str, player: str, copies: int = 1) -> None:
        """Put ``copies`` (negative: take) of ``card`` in ``player``'s place in the log."""
        count = self.placed.get(card)
        if count is None:
            self.placed[card] = {player: copies}
        else:
            count[player] = count.get(player, 0) + copies

    def room(self, player: str, card: str) -> int:
        """How many copies of ``card`` ``player`` may hold, as the log places the others
        (:meth:`holders`; the deck's copies when that is not known). A count, no list: asked
        of every card played, where the others are named only for a fault."""
        placed = self.placed.get(card)
        if placed is None or (self.contested and card in self.contested):
            return self.deck.copies
        taken = 0
        for who, n in placed.items():  # (a plain loop: asked of every card played)
            if n > 0 and self._elsewhere(who, player):
                taken += n
        return max(0, self.deck.copies - taken)

    def holders(self, player: str, card: str) -> list[str]:
        """The players other than ``player`` the log places ``card`` with, counted against
        :meth:`room` (none when that is not known)."""
        placed = self.placed.get(card)
        if placed is None or card in self.contested:
            return []
        return [who for who, n in placed.items() if n > 0 and self._elsewhere(who, player)]

    def _elsewhere(self, who: str, player: str) -> bool:
        """Whether a copy the log places with ``who`` is out of ``player``'s hand: another
        player's, unless the two are the exchange's pair whose cards may have swapped."""
        loose = self.loose
        return who != player and not (loose and who in loose and player in loose)


def read_deals(
    deals: Sequence[DealLine],
    findings: Findings,
    deck: Deck = SINGLE,
    dealer: str | None = None,
) -> Holdings:
    """Check the ``deal`` lines and record each player's dealt cards (``dealer``: who dealt,
    when known, for the joker's seventh card)."""
    holdings = Holdings(deck)
    for deal in deals:
        name = deal.player
        if name not in findings.seats:
            findings.unseated(name, deal, 1, "a deal line")
            continue
        if name in holdings.dealt:
            continue  # a second deal line for one player: L-DUPLICATE (see referee.sequence)
        holdings.dealt[name] = deal
        is_dealer = None if dealer is None else name == dealer
        holdings.recorded[name] = _deal_cards(deal, holdings, findings, is_dealer)
    return holdings


def _deal_count(deal: DealLine, deck: Deck, dealer: bool | None, findings: Findings) -> None:
    """L-COUNT for a deal line with the wrong number of cards."""
    counts = deck.dealt(dealer)
    if len(deal.cards) in counts:
        return
    size = deck.hand_size
    if not deck.joker:
        why = f"each player is dealt {size} cards"
    elif dealer:
        why = f"with the joker the dealer is dealt {size + 1} cards and lays one aside"
    else:
        why = f"with the joker each player but the dealer is dealt {size} cards"
    name = deal.player
    findings.add(
        L_COUNT,
        deal.line,
        deal.column,
        f"{name} was dealt {len(deal.cards)} cards",
        player=name,
        evidence=why,
    )


def _deal_cards(
    deal: DealLine, holdings: Holdings, findings: Findings, dealer: bool | None
) -> dict[str, int]:
    name = deal.player
    deck = holdings.deck
    _deal_count(deal, deck, dealer, findings)
    cards: dict[str, int] = {}
    in_deck = deck.cards
    for i, c in enumerate(deal.cards):
        if c not in in_deck:
            findings.add_fault(off_deck(c, deck), located(deal, 2 + i, c), player=name)
            continue
        cards[c] = cards.get(c, 0) + 1  # (which deal line is wrong is unknown)
        held = holdings.placed.get(c)
        if held is None:  # (the usual card: the first copy placed; see Holdings.place)
            holdings.placed[c] = {name: 1}
            continue
        if sum(held.values()) < deck.copies:
            holdings.place(c, name)
            continue
        holdings.contested.add(c)
        again = logchecks.dealt_again(c, name, held, deck.copies)
        findings.add_fault(again, located(deal, 2 + i, c), player=name)
    return cards


def off_deck(card: str, deck: Deck) -> logchecks.Fault:
    """L-CARD for a card not in this hand's deck."""
    joker = "" if card != JOKER else " (the joker plays only with the `joker` option)"
    return logchecks.off_deck(card, "Bid Euchre", deck.describe() + joker)


def apply_discard(
    holdings: Holdings,
    discard: DiscardLine | None,
    dealer: str | None,
    findings: Findings,
) -> None:
    """The card the dealer lays aside with the joker (``discard NAME CARD``): out of play.

    A faulty ``discard`` line is reported once and not used: without the joker, by a player
    who did not deal (L-COUNT: they would be a card short), a card not in the deck (L-CARD),
    not in the dealer's recorded hand (L-NOT-HELD), or one the log gives to another player
    (L-CARD).
    """
    if discard is None:
        return
    if discard.player not in findings.seats:
        findings.unseated(discard.player, discard, 1, "the discard line")
        return
    name, card = discard.player, located(discard, 2, discard.card)
    fault = _discard_fault(holdings, name, card, dealer)
    if fault is not None:
        findings.add_fault(fault, card, player=name)
        return
    holdings.aside[card.card] = discard
    hand = holdings.recorded.get(name)
    if hand is not None:
        hand[card.card] -= 1  # (the dealer's hand holds it: see _discard_fault)
        holdings.place(card.card, name, -1)


def _discard_fault(
    holdings: Holdings, name: str, card: CardAt, dealer: str | None
) -> logchecks.Fault | None:
    deck = holdings.deck
    c = card.card
    if not deck.joker:
        return logchecks.Fault(
            L_COUNT,
            f"{name} laid {_named(c)} aside, but the house rules have no joker",
            f"without the `joker` option every player keeps the {deck.hand_size} cards dealt "
            "and none is laid aside; the line is not used",
        )
    if dealer is not None and name != dealer:
        return logchecks.Fault(
            L_COUNT,
            f"{name} laid {_named(c)} aside, but {dealer} dealt",
            f"with the joker only the dealer, dealt {deck.hand_size + 1} cards, lays one "
            f"aside; {name} was dealt {deck.hand_size}; the line is not used",
        )
    if not deck.has(c):
        return off_deck(c, deck)
    hand = holdings.recorded.get(name)
    if hand is not None and hand.get(c, 0) < 1:
        deal = holdings.dealt[name]
        return logchecks.Fault(
            L_NOT_HELD,
            f"{name} laid {_named(c)} aside, not in their hand",
            f"{name}'s deal (line {deal.line}) does not hold {pretty(c)}",
        )
    if holdings.room(name, c) < 1:
        others = holdings.holders(name, c)
        return logchecks.held_elsewhere(
            c, name, f"the log gives {pretty(c)} to " + " and ".join(others)
        )
    return None


def _named(card: str) -> str:
    """A card in a sentence: ``9♥``, ``the joker``."""
    return "the joker" if card == JOKER else pretty(card)


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
    given, returned = exchange.given, exchange.returned
    ok_given = _exchange_card(located(exchange, 2, given), bidder, holdings, findings)
    if ok_given and given == returned and _gives_back(holdings, partner, returned):
        _gave_back(exchange, bidder, partner, findings)
        return  # the bidder holds the card again: nothing moves
    ok_returned = _exchange_card(located(exchange, 4, returned), partner, holdings, findings)
    if ok_returned and trump is not None:
        _check_best(exchange, partner, returned, trump, holdings, findings)
    if ok_given:
        _move(holdings, given, bidder, partner)
        holdings.given[bidder] = given
    if ok_returned:
        _move(holdings, returned, partner, bidder)


def _move(holdings: Holdings, card: str, giver: str, taker: str) -> None:
    """One copy of ``card`` from ``giver``'s hand to ``taker``'s, in the log's places. The
    exchange is the log's last word on the card: when every copy was placed already, the
    taker's copy is taken from another player's place (not from their recorded hand)."""
    hand = holdings.recorded.get(giver)
    if hand is not None:
        hand[card] = hand.get(card, 0) - 1
    if holdings.placed.get(card, {}).get(giver, 0) > 0:
        holdings.place(card, giver, -1)
    taker_hand = holdings.recorded.get(taker)
    if taker_hand is not None:
        taker_hand[card] = taker_hand.get(card, 0) + 1
    placed = holdings.placed.get(card, {})
    if sum(placed.values()) >= holdings.deck.copies:
        other = next((who for who, n in placed.items() if n > 0 and who != taker), None)
        if other is not None:
            placed[other] -= 1
    holdings.place(card, taker)


def _gives_back(holdings: Holdings, partner: str, card: str) -> bool:
    """Whether a partner who returns the card just received hands back that very card: with
    one deck always; with two only when the partner's deal shows no copy of their own (not
    logged: the copy may be theirs, and nothing is said)."""
    if holdings.deck.copies == 1:
        return True
    hand = holdings.recorded.get(partner)
    return hand is not None and hand.get(card, 0) < 1


def _gave_back(exchange: ExchangeLine, bidder: str, partner: str, findings: Findings) -> None:
    """BE-ASK-BEST: the partner handed back the card just received, not one of their own."""
    card = exchange.returned
    findings.add(
        BE_ASK_BEST,
        exchange.line,
        columns(exchange)[4],
        f"{partner} handed back {pretty(card)}, the card {bidder} had just given",
        player=partner,
        card=card,
        evidence=f"on ask the partner hands over the highest trump of the cards they were "
        f"dealt (any card when dealt no trump); {pretty(card)} came from {bidder} in this "
        f"exchange, so {partner} handed over none of their own, and {bidder} holds "
        f"{pretty(card)} again",
    )


def _names_match(exchange: ExchangeLine, bidder: str, partner: str) -> bool:
    return exchange.bidder == bidder and exchange.partner == partner


def _exchange_card(card: CardAt, giver: str, holdings: Holdings, findings: Findings) -> bool:
    """Whether an exchanged card is in the deck and in the giver's recorded hand."""
    if not holdings.deck.has(card.card):
        findings.add_fault(off_deck(card.card, holdings.deck), card, player=giver)
        return False
    hand = holdings.recorded.get(giver)
    if hand is not None and hand.get(card.card, 0) < 1:
        deal = holdings.dealt[giver]
        findings.add_at(
            L_NOT_HELD,
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
    """BE-ASK-BEST: the partner must return the highest trump of the cards dealt (less a
    card the partner, as the dealer, laid aside with the joker)."""
    deal = holdings.dealt.get(partner)
    if deal is None:
        return
    deck = holdings.deck
    kept = Counter(deal.cards)
    kept.subtract(card for card, line in holdings.aside.items() if line.player == partner)
    trumps = [c for c in kept.elements() if deck.has(c) and is_trump(c, trump)]
    if not trumps:
        return
    best = max(trumps, key=lambda c: trump_rank(c, trump))
    if returned == best:
        return
    findings.add(
        BE_ASK_BEST,
        exchange.line,
        columns(exchange)[4],
        f"{partner} gave {pretty(returned)}, not their best trump {pretty(best)}",
        player=partner,
        card=returned,
        evidence=f"{partner} was dealt {describe(best, trump)} (line {deal.line}), the "
        f"highest of their {suit_word(trump)}, and handed over {describe(returned, trump)}",
    )
