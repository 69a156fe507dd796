"""What a Bourré log shows of the cards: the stock, the cards out of play, each exchange.

Pure functions over plain values (names, cards as strings), the one statement of these
rules: the replay (:mod:`~referee.games.bourre.holdings`,
:mod:`~referee.games.bourre.judging`) asks them and explains what they find. A decision is
given as its :class:`~referee.records.DecisionLine`, a deal as the cards dealt (a hand's
deals as their :class:`~referee.records.DealLine`, by player, as the log's facts hold them:
no table of their cards is made), a player's plays as the cards in the order played.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from referee.games.bourre.play import BIT, bits_of
from referee.records import DealLine, DecisionLine

# (dicts and tuples, not Mapping and Sequence: compiled, a loop over a dict or a tuple, or a
# lookup in it, is the builtin's own; a Mapping's is a method call.)
Decisions = dict[str, DecisionLine]
Deals = dict[str, DealLine]


def stock_ran_out(drawn: int, hand_size: int, seats: int) -> bool:
    """Whether the draws may have emptied the stock (then discards come back into play),
    ``drawn`` being the active players' exchanges, each counted by :func:`exchange_size`.

    ``bourre.md``, "The cinch": each active player's exchange counts as its size where the
    log shows it, else as ``hand_size`` (:func:`exchange_size`), against the stock the deal
    leaves, 52 - ``hand_size`` x ``seats``. An exchange the log does not size is at most
    ``hand_size`` cards: never taken to have emptied the stock by itself, which would be a
    guess, and one that loses a cinch the player could see.
    """
    return drawn > 52 - hand_size * seats


def exchange_size(
    decision: DecisionLine | None,
    deal: tuple[str, ...] | None,
    played: tuple[str, ...],
    hand_size: int,
) -> int:
    """How many cards an active player drew as far as the log shows, else ``hand_size``.

    A decision line sizes the exchange as written (:func:`drawn_by_line`). With no such
    line, a logged deal and all the player's cards in the tricks (``played``) size it: the
    cards they played that the deal did not hold were drawn (a player never draws back
    their own discard). Otherwise the log does not size it, and it counts as the most it
    can be. (``played`` is asked only where the line does not size the exchange and the
    deal is logged: the caller may give ``()`` elsewhere.)
    """
    by_line = drawn_by_line(decision)
    if by_line is not None:
        return by_line
    if deal is None or len(played) < hand_size:
        return hand_size
    drawn = 0
    for card in played:
        if card not in deal:
            drawn += 1
    return drawn


def drawn_by_line(decision: DecisionLine | None) -> int | None:
    """How many cards a decision line says the player drew: ``discard N``, or the cards
    listed (the draws when more are listed than discards: the most the line says); None
    where it does not say (no line, or a pass)."""
    if decision is None or decision.discard_count is None:
        return None
    draws = decision.draws
    if draws is not None and len(draws) > decision.discard_count:
        return len(draws)
    return decision.discard_count


#: Why the log places a card with a player (see :func:`cards_out_of_play`).
FOLDED, THROWN, KEPT, DISCARDED = "folded", "thrown", "kept", "discarded"


def cards_out_of_play(
    decisions: Decisions,
    deals: Deals,
    active: list[str],
    ran_out: bool,
    contested: Collection[str] = (),
    among: int = -1,
) -> dict[str, tuple[str, str]]:
    """The cards the log places with one player: card -> (who, why), why one of
    :data:`FOLDED` (dealt to a player who passed), :data:`THROWN` (dealt and discarded),
    :data:`KEPT` (dealt to a player who kept all cards) or :data:`DISCARDED` (a listed
    discard). A discarded or folded card counts only while the stock did not run out; a
    ``contested`` card (dealt to two players) is placed with nobody. Only the cards
    ``among`` these bits (:data:`~referee.games.bourre.play.BIT`) are given, -1 (the
    default) being every card of the deck (a card off it is never played): the replay
    asks only of the cards played, and a clean hand plays none of them, so writes nothing
    (a look-up a card where an entry was written: 11.7 M of the 45 M instructions the
    cross-check took over 1,722 hands, compiled)."""
    where: dict[str, tuple[str, str]] = {}
    playing = set(active)
    for name, deal_line in deals.items():
        deal = deal_line.cards
        decision = decisions.get(name)
        if name not in playing:
            if not ran_out:
                _place(where, deal, name, FOLDED, among)
        elif decision is not None and decision.discard_count == 0:
            _place(where, deal, name, KEPT, among)
        elif decision is not None and decision.discards and not ran_out:
            _place(where, decision.discards, name, THROWN, among, deal)
    if not ran_out:
        for name, decision in decisions.items():
            if name in playing and decision.discards:
                for card in decision.discards:
                    if BIT.get(card, 0) & among and card not in where:
                        where[card] = (name, DISCARDED)
    for card in contested:
        where.pop(card, None)
    return where


def _place(
    where: dict[str, tuple[str, str]],
    cards: tuple[str, ...],
    who: str,
    why: str,
    among: int,
    dealt: tuple[str, ...] | None = None,
) -> None:
    """Place each of ``cards`` among the bits ``among`` (and, given ``dealt``, in it) with
    ``who``, for ``why`` (one (who, why) tuple a player, made only where a card is placed)."""
    placed: tuple[str, str] | None = None
    for card in cards:
        if BIT.get(card, 0) & among and (dealt is None or card in dealt):
            if placed is None:
                placed = (who, why)
            where[card] = placed


def dead_upcard(
    upcard: str | None,
    dealer: str | None,
    active: Collection[str],
    dealer_decision: DecisionLine | None,
    dealer_played: Collection[str],
) -> str | None:
    """The upcard when the log shows it out of play: it belongs to a dealer who passed, is
    among the dealer's listed discards, or the dealer played the hand and never played it."""
    if upcard is None or dealer is None:
        return None
    if dealer not in active:
        return upcard
    thrown = dealer_decision.discards if dealer_decision is not None else None
    if (thrown is not None and upcard in thrown) or upcard not in dealer_played:
        return upcard
    return None


def own_discards(decision: DecisionLine | None, deal: tuple[str, ...] | None, shown: int) -> int:
    """The cards a player knows are out of play for being their own discards, as bits
    (:data:`~referee.games.bourre.play.BIT`; a card off the deck has none): the listed
    discards, or, with the deal logged and no discards listed, the dealt cards they never
    played (``shown``, as bits)."""
    if decision is not None and decision.discards is not None:
        return bits_of(decision.discards)
    if deal is not None:
        return bits_of(deal) & ~shown
    return 0


# ----------------------------------------------------------------------------- the exchange


class Problem(NamedTuple):
    """Something the exchange's record rules out: ``kind`` is ``not-dealt`` (a listed
    discard, ``at`` in the discards, not in the deal), ``discarded`` (a card played, ``at``
    in the plays, that was thrown and not drawn back), ``not-held`` (a card played neither
    kept nor drawn), ``kept`` or ``drew`` (the first play beyond what a counted exchange
    leaves: ``limit`` cards kept, or drawn)."""

    kind: str
    at: int
    limit: int = 0


def exchange_problems(
    decision: DecisionLine,
    deal: tuple[str, ...] | None,
    upcard: str | None,
    played: tuple[str, ...],
    hand_size: int,
) -> list[Problem]:
    """What the player's decision line and deal rule out of their plays, in order.

    ``upcard`` is the dealer's upcard (part of their hand), None for anyone else. A list
    rather than a generator: the quick lane asks this of every player of most hands, and
    only wants to know whether it is empty. (The cards are looked up in the tuples: for a
    hand's few cards that is quicker than making sets of them.)
    """
    problems: list[Problem] = []
    thrown = decision.discards
    if thrown is None and decision.discard_count == 0:
        thrown = ()  # a plain `play` keeps every card
    dealt = deal if deal is None or upcard is None else (*deal, upcard)
    if thrown is not None:
        if dealt is not None:
            for i, card in enumerate(thrown):
                if card not in dealt:
                    problems.append(Problem("not-dealt", i))
        _known_exchange(problems, played, dealt, thrown, decision.draws if thrown else ())
    elif dealt is not None and decision.discard_count is not None:
        _counted_exchange(problems, played, dealt, decision.discard_count, hand_size)
    return problems


def _known_exchange(
    problems: list[Problem],
    played: tuple[str, ...],
    dealt: tuple[str, ...] | None,
    thrown: tuple[str, ...],
    drawn: tuple[str, ...] | None,
) -> None:
    """A play is of a discard not drawn back, or (dealt and drawn known) neither dealt nor
    drawn: what is kept is what was dealt and not thrown, and what was drawn."""
    for i, card in enumerate(played):
        if card in thrown and (drawn is None or card not in drawn):
            problems.append(Problem("discarded", i))
        elif dealt is not None and drawn is not None and card not in dealt and card not in drawn:
            problems.append(Problem("not-held", i))  # (not thrown: else it was drawn)


def _counted_exchange(
    problems: list[Problem],
    played: tuple[str, ...],
    dealt: tuple[str, ...],
    count: int,
    hand_size: int,
) -> None:
    from_deal = [i for i, card in enumerate(played) if card in dealt]
    drawn = [i for i, card in enumerate(played) if card not in dealt]
    keep = hand_size - count
    if keep >= 0 and len(from_deal) > keep:
        problems.append(Problem("kept", from_deal[keep], keep))
    if len(drawn) > count:
        problems.append(Problem("drew", drawn[count], count))
