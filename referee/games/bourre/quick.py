"""The quick lane: a Bourré hand judged in one pass when the log shows it is clean.

Most hands of a bulk log break no rule, and explaining a breach is the costly part of
judging. :func:`quick_outcome` only asks "may I?": it replays a :class:`QuickHand` (plain
names and cards, see :mod:`referee.parser`) through the same checks as
:func:`~referee.games.bourre.replay.replay_hand` — the dealer, the trump, the decisions, the deck,
the order and size of every trick, the cards against the deal and the draw, every play
against rules 1-3 and the cinch — but gives up (None) at the first thing the replay would
report, or that it does not handle itself (a second dealer or trump line, say). The hand is
then replayed in full, which finds and explains what is wrong. So the quick lane never
decides a finding: it answers only for hands with none, and for those its outcome is the
replay's (``tests/test_bourre_quick.py`` compares both on clean, faulty and mutated logs).

:func:`recorded_agrees` is the same for the recorded settlement: True when
:func:`~referee.games.bourre.settle.check_recorded` would find nothing.
"""

from __future__ import annotations

from typing import Final

from referee.cards import BOURRE_DECK, RANK_VALUE
from referee.games.bourre.cinch import cinch_duty, cinch_unseen
from referee.games.bourre.decide import contradicted_pass
from referee.games.bourre.knowledge import (
    among,
    cards_out_of_play,
    dead_upcard,
    exchange_problems,
    own_discards,
    stock_ran_out,
)
from referee.games.bourre.play import follower_duty, is_legal_on, trick_winner_index
from referee.games.bourre.replay import HandOutcome
from referee.games.bourre.settle import Entry, Settlement, record_findings
from referee.options import BourreOptions
from referee.records import QuickHand, QuickTrick
from referee.report import TrickRecord

# The cards' tables as this module's own constants: a compiled module reads a name imported
# from another module from its globals' dict at each use, a `Final` one directly.
_DECK: Final = BOURRE_DECK
_RANK: Final = RANK_VALUE
#: A card's suit and rank value (one look-up for both, for each play; every card played
#: is of the deck by the time the plays are judged).
_SUIT_VALUE: Final = {card: (card[-1], RANK_VALUE[card[0]]) for card in BOURRE_DECK}
_new: Final = tuple.__new__


def quick_outcome(
    hand: QuickHand,
    seats: tuple[str, ...],
    opts: BourreOptions,
    expected_dealer: str | None,
    *,
    keep_tricks: bool = False,
) -> HandOutcome | None:
    """The replay's outcome for a hand that breaks no rule, or None (replay it in full)."""
    dealer = _dealer(hand, expected_dealer)
    if dealer is None or len(hand.trumps) != 1:
        return None
    trump, upcard = hand.trumps[0]
    if upcard is not None and upcard not in _DECK:
        return None
    active = _active(hand, seats)
    if (
        not hand.tricks
        and hand.settles
        and _presumption_contradicted(hand, seats, opts, dealer, active)
    ):
        return None
    if not _decisions_ok(hand, seats, opts, dealer, upcard, active) or not _deck_ok(
        hand, opts, dealer, upcard
    ):
        return None
    laid = _tricks_ok(hand, seats, opts, dealer, trump, active)
    if laid is None:
        return None
    leads, hands = laid
    decisions, deals = hand.decisions, hand.deals
    ran_out = False
    if deals or decisions:  # (else a log of plays only: nothing to hold them to)
        plays = {p: hands[a] for a, p in enumerate(active)}
        ran_out = stock_ran_out(decisions, deals, plays, active, opts.hand_size, len(seats))
        if not _cards_ok(hand, opts, dealer, upcard, active, hands, ran_out):
            return None
    dealt = hands[active.index(dealer)] if dealer in active else ()
    dead_up = dead_upcard(upcard, dealer, active, decisions.get(dealer), dealt)
    won = _plays_legal(hand, opts, trump, active, leads, hands, dead_up, ran_out)
    if won is None:
        return None
    return HandOutcome(
        dealer=dealer,
        trump=trump,
        upcard=upcard,
        active=active,
        tricks_won=won,
        tricks_played=len(hand.tricks),
        tricks=_records(hand.tricks, [active[a] for a in leads[1:]]) if keep_tricks else [],
    )


#: Each active player's cards (by their place in the active players), in the order played.
Hands = list[tuple[str, ...]]


def _dealer(hand: QuickHand, expected: str | None) -> str | None:
    """Who dealt: the one `dealer` line, agreeing with the rotation; else the rotation's."""
    if not hand.dealers:
        return expected
    if len(hand.dealers) > 1 or (expected is not None and hand.dealers[0] != expected):
        return None
    return hand.dealers[0]


def _active(hand: QuickHand, seats: tuple[str, ...]) -> list[str]:
    """Who played, in seat order: a `play` decision, or no decision and a card in a trick.

    Only the first trick is looked at: a player missing from it but in a later one makes
    the tricks out of order either way (see :func:`_tricks_ok`), and the hand is replayed.
    """
    in_tricks = hand.tricks[0].players if hand.tricks else ()
    decisions = hand.decisions
    active = []
    for seat in seats:
        decision = decisions.get(seat)
        if decision.action == "play" if decision is not None else among(seat, in_tricks):
            active.append(seat)
    return active


def _presumption_contradicted(
    hand: QuickHand, seats: tuple[str, ...], opts: BourreOptions, dealer: str, active: list[str]
) -> bool:
    """As :func:`~referee.games.bourre.layout._check_presumed`: whether the record has a
    player who passed only by presumption take the pot or pay into it (the replay then
    leaves the hand unsettled)."""
    presumed = [p for p in seats if p not in hand.decisions and p not in active]
    if not presumed:
        return False
    recorded = [(kind, player) for kind, player, _ in hand.settles]
    everyone = not active and opts.all_pass == "dealer"
    return contradicted_pass(presumed, recorded, dealer if everyone else None) is not None


def _decisions_ok(
    hand: QuickHand,
    seats: tuple[str, ...],
    opts: BourreOptions,
    dealer: str,
    upcard: str | None,
    active: list[str],
) -> bool:
    """BR-ACE-DEALER, BR-DECIDE-ORDER, BR-DRAW and the deck of the discards and draws."""
    if opts.dealer_plays_ace and upcard is not None and upcard[0] == "A" and dealer not in active:
        return False
    if opts.decisions == "turn" and len(hand.decisions) > 1:
        # in turn order (see decide.early_announcers): each line's place after the last's
        n, start, last = len(seats), _seat(seats, dealer) + 1, -1
        for player in hand.decisions:
            place = (_seat(seats, player) - start) % n
            if place < last:
                return False
            last = place
    size = opts.hand_size
    for action, count, discards, draws in hand.decisions.values():
        if action == "play":
            if (count or 0) > size:
                return False
            if discards is not None and draws is not None and len(draws) != len(discards):
                return False
        if (discards and not _of_deck(discards)) or (draws and not _of_deck(draws)):
            return False
    return True


def _seat(seats: tuple[str, ...], player: str) -> int:
    """``seats.index(player)`` as a plain loop (a method call costs more, compiled)."""
    for i, seat in enumerate(seats):
        if seat == player:
            return i
    raise ValueError(player)


def _of_deck(cards: tuple[str, ...]) -> bool:
    """Whether every card is of the deck (a plain loop, as :func:`_seat`)."""
    deck = _DECK
    for card in cards:  # noqa: SIM110 (no generator)
        if card not in deck:
            return False
    return True


def _deck_ok(hand: QuickHand, opts: BourreOptions, dealer: str, upcard: str | None) -> bool:
    """Deal lines of the right size, cards of the deck, no card dealt twice, the upcard the
    dealer's."""
    dealt = 0
    size = opts.hand_size
    deals = hand.deals
    for cards in deals.values():
        dealt = _with_cards(dealt, cards) if len(cards) == size else -1
        if dealt < 0:
            return False
    return upcard is None or not dealt & _BIT[upcard] or upcard in deals.get(dealer, ())


#: Each card of the deck as a bit: a set of cards as one int, which a compiled module works
#: with as a machine word (a set's look-ups and additions hash each card).
_BIT: Final = {card: 1 << i for i, card in enumerate(sorted(BOURRE_DECK))}


def _with_cards(seen: int, cards: tuple[str, ...]) -> int:
    """The set of cards ``seen`` (bits, :data:`_BIT`) with ``cards`` added; -1 when one is
    not of the deck, or already seen (or twice among them)."""
    bits = _BIT
    for card in cards:
        bit = bits.get(card, 0)
        if not bit or seen & bit:
            return -1
        seen |= bit
    return seen


def _tricks_ok(
    hand: QuickHand,
    seats: tuple[str, ...],
    opts: BourreOptions,
    dealer: str,
    trump: str,
    active: list[str],
) -> tuple[list[int], Hands] | None:
    """When every trick is complete, numbered right, led by the right player and played
    clockwise, with cards of the deck played once: who led each trick, and who won the last
    (by their places in ``active``: each trick's winner leads the next), and each player's
    cards in the order played. Else None."""
    tricks = hand.tricks
    if len(tricks) != (opts.hand_size if len(active) >= 2 else 0):
        return None
    count = len(active)
    lead = active.index(_first_leader(seats, dealer, active)) if tricks else 0
    leads = [lead]
    held: list[list[str]] = [[] for _ in active]
    played = 0  # the cards played so far (bits, see _with_cards)
    for k, (written, players, cards) in enumerate(tricks):
        if (written is not None and written != k + 1) or len(players) != count:
            return None
        played = _with_cards(played, cards) if len(cards) == count else -1
        if played < 0:
            return None  # (a card played twice, in this trick or before, or not of the deck)
        for i in range(count):  # clockwise from the leader
            at = lead + i if lead + i < count else lead + i - count
            if players[i] != active[at]:
                return None
            held[at].append(cards[i])
        lead += trick_winner_index(cards, trump) or 0
        if lead >= count:
            lead -= count
        leads.append(lead)
    return leads, [tuple(cards) for cards in held]


def _first_leader(seats: tuple[str, ...], dealer: str, active: list[str]) -> str:
    """The first active player to the dealer's left."""
    n, at = len(seats), _seat(seats, dealer)
    for step in range(1, n + 1):  # (by index: no rotated copy of the seats)
        seat = seats[(at + step) % n]
        if seat in active:
            return seat
    raise ValueError("nobody plays")  # the caller has two players or more


def _cards_ok(
    hand: QuickHand,
    opts: BourreOptions,
    dealer: str,
    upcard: str | None,
    active: list[str],
    hands: Hands,
    ran_out: bool,
) -> bool:
    """The tricks against the deal, the discards and the draws (L-CARD, L-NOT-HELD), for a
    hand with deal or decision lines (``ran_out``: the stock may have run out)."""
    decisions, deals = hand.decisions, hand.deals
    elsewhere = cards_out_of_play(decisions, deals, active, ran_out)
    for at, player in enumerate(active):
        played = hands[at]
        if elsewhere:
            for card in played:
                found = elsewhere.get(card)
                if found is not None and found[0] != player:
                    return False
        decision = decisions.get(player)
        if decision is not None:
            up = upcard if player == dealer else None
            if exchange_problems(decision, deals.get(player), up, played, opts.hand_size):
                return False
    return True


def _plays_legal(
    hand: QuickHand,
    opts: BourreOptions,
    trump: str,
    active: list[str],
    leads: list[int],
    hands: Hands,
    dead_up: str | None,
    ran_out: bool,
) -> dict[str, int] | None:
    """Every play against rules 1-3 and, for a player holding a cinch, its duty (as
    :func:`~referee.games.bourre.judging.judge_plays`): the tricks each player won when
    every play is allowed, else None. (``ran_out``: the stock may have run out, so a
    player's own discards are not dead.) ``leads`` and ``hands`` are as
    :func:`_tricks_ok` gives them: players are their places in ``active``.

    Every trick is complete here, so a player's hand at trick ``k`` is their cards played
    from trick ``k`` on. Whether a player holds a cinch is worked out (at the trick's start,
    as the replay does) only when their play could breach its duty: see :func:`_cinch_met`.
    """
    count = len(active)
    won = [0] * count
    cinch = opts.cinch
    highest = opts.cinch_last == "highest"
    by_card = _SUIT_VALUE
    # tricks won + trumps still held, for each player: a cinch needs three sure tricks, so
    # below three nobody holds one
    may_cinch = [_count_suit(cards, trump) for cards in hands] if cinch else []
    own_dead: list[set[str] | None] = [None] * count  # trumps known out: own discards
    gone: set[str] = set()  # cards played to tricks before trick `gone_to` (as needed)
    gone_to = 0
    tricks = hand.tricks
    last = count - 1
    for k, trick in enumerate(tricks):
        lead, winner = leads[k], leads[k + 1]
        cards = trick.cards
        led, top, top_trump = cards[0][-1], 0, 0  # the highest of the suit led, of trump
        for i in range(count):
            at = lead + i if lead + i < count else lead + i - count
            card = cards[i]
            suit, value = by_card[card]
            if (suit != led or value <= top) and not is_legal_on(
                card, hands[at][k:], led, top, top_trump, trump, opts
            ):  # (leading, or following above the suit led, is always legal)
                return None
            if cinch and may_cinch[at] >= 3:
                held = hands[at][k:]
                if not _cinch_met(card, held, trump, led, i, last, winner == at, highest):
                    dead = own_dead[at]
                    if dead is None:
                        dead = own_dead[at] = _dead_trumps(
                            hand, active[at], hands[at], trump, dead_up, ran_out
                        )
                    while gone_to < k:
                        gone.update(tricks[gone_to].cards)
                        gone_to += 1
                    unseen = cinch_unseen(won[at], held, dead | gone, trump)
                    if unseen is not None and not _cinch_play_ok(
                        card, held, cards[:i], trump, opts, unseen, i == last
                    ):
                        return None
            if suit == led and value > top:
                top = value
            if suit == trump:
                if value > top_trump:
                    top_trump = value
                if cinch:
                    may_cinch[at] = may_cinch[at] - 1  # (`-=` on an item is a generic one)
        won[winner] = won[winner] + 1
        if cinch:
            may_cinch[winner] = may_cinch[winner] + 1
    return {p: won[at] for at, p in enumerate(active)}


def _count_suit(cards: tuple[str, ...], suit: str) -> int:
    """How many of the cards are of the suit."""
    n = 0
    for card in cards:
        if card[-1] == suit:
            n += 1
    return n


def _cinch_met(
    card: str,
    held: tuple[str, ...],
    trump: str,
    led: str,
    seat: int,
    last: int,
    wins: bool,
    highest: bool,
) -> bool:
    """Whether a play that rules 1-3 allow meets any cinch duty its player may hold, so that
    the cinch need not be worked out (``seat``: the play's place in the trick, ``last`` the
    last place; ``wins``: the card takes the trick). See
    :func:`~referee.games.bourre.cinch.cinch_duty`:

    * the last card meets the duty to win if it takes the trick (under ``cinch_last:
      highest``, with ``highest``, a winning trump must be the highest held); if it does
      not, and it is the highest trump held, no legal card would have;
    * before the last, a card of a plain suit led has no duty, and the other duties (lead or
      follow with the highest trump) are met by the highest trump held, and do not arise
      when no trump is held.
    """
    is_trump = card[-1] == trump
    if seat == last:
        if wins and (not highest or not is_trump):
            return True  # (a winning card not a trump follows a plain suit led)
        if not is_trump:
            return False
    elif seat and card[-1] == led != trump:
        return True
    rank = _RANK
    value = rank[card[0]] if is_trump else 0
    for c in held:  # noqa: SIM110 (a plain loop: asked of many plays, no generator)
        if c[-1] == trump and rank[c[0]] > value:
            return False  # a higher trump held (or, for a card not a trump, any trump)
    return True


def _dead_trumps(
    hand: QuickHand,
    player: str,
    played: tuple[str, ...],
    trump: str,
    dead_up: str | None,
    ran_out: bool,
) -> set[str]:
    """The trumps a player knows are out of play from the start: own discards (unless the
    stock may have run out), a dead upcard (the cards played to earlier tricks are added as
    the tricks go)."""
    own = (
        set()
        if ran_out
        else own_discards(hand.decisions.get(player), hand.deals.get(player), set(played))
    )
    dead = {c for c in own if c[-1] == trump}
    if dead_up is not None and dead_up[-1] == trump:
        dead.add(dead_up)
    return dead


def _cinch_play_ok(
    card: str,
    cards: tuple[str, ...],
    table: tuple[str, ...],
    trump: str,
    opts: BourreOptions,
    unseen: frozenset[str],
    is_last: bool,
) -> bool:
    """A play by a player holding a cinch: rules 1-3, then the cinch's own duty."""
    held = frozenset(cards)
    allowed = follower_duty(held, table, trump, opts).allowed
    duty = cinch_duty(held, table, trump, allowed, unseen, is_last, opts.cinch_last)
    return card in allowed and (duty is None or card in duty.allowed)


def _records(tricks: list[QuickTrick], winners: list[str]) -> list[TrickRecord]:
    """The replay records of the tricks (for ``referee show``)."""
    return [
        TrickRecord(
            number,
            trick.players[0],
            tuple(zip(trick.players, trick.cards, strict=True)),
            winner,
            trick.cards[0][-1],
        )
        for number, (trick, winner) in enumerate(zip(tricks, winners, strict=True), start=1)
    ]


# ---------------------------------------------------------------------- recorded settlement


def recorded_agrees(hand: QuickHand, s: Settlement, opts: BourreOptions) -> bool:
    """Whether the hand's `ante` and `settle` lines agree with the referee's settlement:
    :func:`~referee.games.bourre.settle.record_findings` finds nothing."""
    if not hand.antes and not hand.settles:
        return True
    antes = [(names, None) for names in hand.antes]
    # (tuple.__new__ rather than Entry(...), whose __new__ is a Python function: see
    # referee.parser.quickpath)
    settles = [_new(Entry, (kind, player, amount, None)) for kind, player, amount in hand.settles]
    return not record_findings(antes, settles, s, opts)
