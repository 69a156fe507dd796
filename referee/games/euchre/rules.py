"""Bid Euchre rules: each BE- rule ID with its explanation, and the pure functions of play.

"May I?" is :func:`may_play` (and :func:`legal_cards`, the cards it allows); "why not?" is
:func:`follow_breach` (the evidence in plain words); "who won?" is :func:`trick_winner`.
None of them judges the log or prints.

The left bower (the jack of the other suit of trump's colour) *is a trump* for the whole
hand: :func:`effective_suit` gives the suit a card follows and wins as, and
:func:`card_strength` how strongly it bids for a trick. The replay asks them of every play,
so :func:`card_facts` tabulates both once per trump suit, by calling them for every card:
one rule, looked up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from referee.cards import (
    BOURRE_DECK,
    EUCHRE_DECK,
    JOKER,
    SUIT_SINGULAR,
    SUITS,
    pretty,
    suit_of,
    suit_word,
)
from referee.games.euchre.deck import SINGLE, Deck
from referee.rule import Rule

#: The other suit of the same colour.
SAME_COLOUR: dict[str, str] = {"h": "d", "d": "h", "s": "c", "c": "s"}

#: Plain (non-trump) order, low to high.
_PLAIN_ORDER: dict[str, int] = {"9": 1, "T": 2, "J": 3, "Q": 4, "K": 5, "A": 6}
#: Trump order below the bowers, low to high.
_TRUMP_ORDER: dict[str, int] = {"9": 1, "T": 2, "Q": 3, "K": 4, "A": 5}
_LEFT_RANK = 6
_RIGHT_RANK = 7
_JOKER_RANK = 8


# ----------------------------------------------------------------------------- cards


def in_deck(card: str, deck: Deck = SINGLE) -> bool:
    """True for a card of the deck (the 24 cards, 9 to A in each suit; the joker too with
    the ``joker`` option)."""
    return deck.has(card)


#: Trump suit -> its left bower (looked up: :func:`effective_suit` runs for every card).
_LEFT_BOWER: dict[str, str] = {suit: "J" + other for suit, other in SAME_COLOUR.items()}


def right_bower(trump: str) -> str:
    """The jack of trump (``"Jh"`` for hearts)."""
    return "J" + trump


def left_bower(trump: str) -> str:
    """The jack of the other suit of trump's colour (``"Jd"`` for hearts)."""
    return "J" + SAME_COLOUR[trump]


def effective_suit(card: str, trump: str | None) -> str:
    """The suit a card follows and wins as: trump for the left bower and the joker, else its
    printed suit (``""`` for the joker while trump is not known)."""
    if trump is not None and (card == _LEFT_BOWER.get(trump) or card == JOKER):
        return trump
    return suit_of(card)


def is_trump(card: str, trump: str | None) -> bool:
    """True when the card is a trump (the left bower included)."""
    return trump is not None and effective_suit(card, trump) == trump


def trump_rank(card: str, trump: str | None) -> int:
    """Strength among trumps: the joker 8, right bower 7, left bower 6, A 5 ... 9 1; 0 for a
    non-trump."""
    if not is_trump(card, trump):
        return 0
    assert trump is not None
    if card == JOKER:
        return _JOKER_RANK
    if card == right_bower(trump):
        return _RIGHT_RANK
    if card == left_bower(trump):
        return _LEFT_RANK
    return _TRUMP_ORDER.get(card[0], 0)


def plain_rank(card: str) -> int:
    """Strength within a plain suit: A 6, K 5, Q 4, J 3, T 2, 9 1 (0 for other ranks)."""
    return _PLAIN_ORDER.get(card[0], 0) if card in EUCHRE_DECK else 0


def card_strength(card: str, led_suit: str | None, trump: str | None) -> int:
    """How strongly a card bids for a trick: trumps above the led suit, other suits 0."""
    rank = trump_rank(card, trump)
    if rank:
        return 100 + rank
    if led_suit is not None and effective_suit(card, trump) == led_suit:
        return plain_rank(card)
    return 0


#: Every card a log's card can be (the 52 and the joker): whose suit :class:`CardFacts`
#: tabulates.
_EVERY_CARD: tuple[str, ...] = (*sorted(BOURRE_DECK), JOKER)
#: The cards of any Bid Euchre deck (the 24 and the joker): whose strength it tabulates (a
#: card off the deck never wins a trick, see :func:`winning_play`).
_EUCHRE_CARDS: tuple[str, ...] = (*sorted(EUCHRE_DECK), JOKER)
#: Every suit a trick can be led in: a suit letter, or ``""`` (the joker while trump is not
#: known, see :func:`effective_suit`).
_LED_SUITS: tuple[str, ...] = (*SUITS, "")


#: A Bid Euchre card (the 24 and the joker) -> its bit in a hand's ``int`` (see
#: :func:`hand_bits`): "holds a card of the led suit" is then one ``&``.
CARD_BIT: Final[dict[str, int]] = {card: 1 << i for i, card in enumerate(_EUCHRE_CARDS)}


#: The bits of the 24 cards, and of the joker (see :func:`deck_bits`).
_PLAIN_DECK_BITS: Final = sum(CARD_BIT[card] for card in EUCHRE_DECK)
_JOKER_BIT: Final = CARD_BIT[JOKER]


def deck_bits(deck: Deck) -> int:
    """The bits of the cards of ``deck`` (:data:`CARD_BIT`): ``CARD_BIT.get(c, 0) & bits``
    is a card's bit, 0 for a card off the deck."""
    return _PLAIN_DECK_BITS | _JOKER_BIT if deck.joker else _PLAIN_DECK_BITS


def hand_bits(cards: Iterable[str]) -> int:
    """A hand as bits, one per card held (:data:`CARD_BIT`; a card off the deck has none,
    and a second copy adds nothing: the rules ask only which cards are held)."""
    bits = 0
    for card in cards:
        bits |= CARD_BIT.get(card, 0)
    return bits


@dataclass(frozen=True, slots=True)
class CardFacts:
    """:func:`effective_suit` and :func:`card_strength` of every card under one trump, worked
    out once (see :func:`card_facts`): the replay looks a card up rather than asking the
    functions for each play. A table of the rules' own answers, not a second copy of them."""

    trump: str | None
    #: card -> the suit it follows and wins as (``effective_suit``)
    suit: dict[str, str]
    #: led suit -> card of a Bid Euchre deck -> how strongly the card bids for a trick led
    #: so (``card_strength``)
    strength: dict[str, dict[str, int]]
    #: suit -> the bits (:data:`CARD_BIT`) of the cards that follow it (``suit`` gathered)
    suit_bits: dict[str, int]


def _tabulate(trump: str | None) -> CardFacts:
    suit = {card: effective_suit(card, trump) for card in _EVERY_CARD}
    strength = {
        led: {card: card_strength(card, led, trump) for card in _EUCHRE_CARDS} for led in _LED_SUITS
    }
    suit_bits = dict.fromkeys(_LED_SUITS, 0)
    for card, bit in CARD_BIT.items():
        suit_bits[suit[card]] |= bit
    return CardFacts(trump, suit, strength, suit_bits)


_FACTS: Final[dict[str | None, CardFacts]] = {}


def card_facts(trump: str | None) -> CardFacts:
    """The :class:`CardFacts` of ``trump`` (None: trump not known), made on first use."""
    facts = _FACTS.get(trump)
    if facts is None:
        facts = _FACTS[trump] = _tabulate(trump)
    return facts


def describe(card: str, trump: str | None) -> str:
    """The card for people, noting a left bower: ``J♦ (a heart, hearts are trump)``, and the
    joker: ``the joker (the highest trump)``."""
    if card == JOKER:
        return "the joker (the highest trump)"
    if trump is not None and card == left_bower(trump):
        return f"{pretty(card)} (a {SUIT_SINGULAR[trump]}, {suit_word(trump)} are trump)"
    return pretty(card)


# ----------------------------------------------------------------------------- play


def follows(card: str, led_suit: str, facts: CardFacts) -> bool:
    """Whether ``card`` is of the led (effective) suit under ``facts``' trump: such a card
    may always be played (:func:`may_play` needs no look at the hand)."""
    return facts.suit[card] == led_suit


def may_play(card: str, hand: int, led_suit: str, facts: CardFacts) -> bool:
    """May I? Whether ``card``, one of ``hand`` (as bits: :func:`hand_bits`), may be played
    to a trick led in ``led_suit`` (under ``facts``' trump): a card of the led (effective)
    suit always may; any other card only when ``hand`` holds none of that suit.

    ``hand`` matters only for a card off the led suit (:func:`follows`), so the replay
    works out what the log shows the player held only for such a card: most plays follow
    suit and never need it.
    """
    return follows(card, led_suit, facts) or may_leave_suit(hand, led_suit, facts)


def may_leave_suit(hand: int, led_suit: str, facts: CardFacts) -> bool:
    """May I play off the led suit? :func:`may_play` of a card that does not follow (see
    :func:`follows`): only when ``hand`` (as bits) holds no card of ``led_suit``. Asked
    alone by a caller that has asked :func:`follows` already."""
    return not hand & facts.suit_bits[led_suit]


def legal_cards(hand: Iterable[str], led_suit: str | None, trump: str | None) -> frozenset[str]:
    """The cards a player may play (:func:`may_play` of each): the led (effective) suit
    when held, else any card.

    ``led_suit`` None means the player leads: every card is legal.
    """
    cards = frozenset(hand)
    if led_suit is None:
        return cards
    facts = card_facts(trump)
    bits = hand_bits(cards)
    return frozenset(c for c in cards if may_play(c, bits, led_suit, facts))


def trick_winner(
    plays: list[tuple[str, str]], trump: str | None, deck: Deck = SINGLE
) -> str | None:
    """The player whose card takes the trick; ``plays`` are (player, card), lead first. None
    for an empty trick (see :func:`winning_play`)."""
    at = winning_play([card for _, card in plays], card_facts(trump), deck.cards)
    return plays[at][0] if at >= 0 else None


def winning_play(cards: list[str], facts: CardFacts, deck: frozenset[str] | None) -> int:
    """Which of a trick's ``cards`` (lead first) takes it, under ``facts``' trump; -1 when
    none is of the ``deck`` (a list: the compiled build walks it by index, where a sequence
    goes through an iterator, for every trick). ``deck`` None: every card is of the deck,
    as the caller knows (the replay admits no other; callgrind: asking cost 1.3 M
    instructions for 433 hands).

    The highest trump wins, else the highest card of the led (effective) suit; of two equal
    cards (two decks) the one played first. Cards outside the deck never win.
    """
    strength: dict[str, int] | None = None  # of each card, on this trick's lead
    best_at, best = -1, 0
    for at, card in enumerate(cards):
        if deck is not None and card not in deck:
            continue
        if strength is None:  # the lead
            strength = facts.strength[facts.suit[card]]
            best_at, best = at, strength[card]
            continue
        bid = strength[card]
        if bid > best:
            best_at, best = at, bid
    return best_at


def follow_breach(
    player: str,
    card: str,
    trick: int,
    led_suit: str,
    trump: str | None,
    held: Sequence[tuple[str, str]],
    corrected: bool = False,
) -> tuple[str, str]:
    """BE-FOLLOW's "why not?": (message, evidence) for ``card`` played on a ``led_suit`` lead.

    ``held`` lists the cards of the led suit the log shows the player held, each with where
    the log shows it ("played in trick 6"). ``corrected``: the card was taken back.
    """
    shown = ", and ".join(f"{describe(c, trump)}, {where}" for c, where in held)
    verb = "put down" if corrected else "played"
    message = f"{player} did not follow {suit_word(led_suit)}: {verb} {pretty(card)}"
    evidence = (
        f"{player} held {shown}, when {suit_word(led_suit)} were led in trick {trick}, "
        f"and {verb} {describe(card, trump)}"
    )
    if corrected:
        message += " (taken back)"
        evidence += ", then took it back before the trick was complete"
    return message, evidence


# ----------------------------------------------------------------------------- rule IDs


BE_FOLLOW = Rule(
    "BE-FOLLOW",
    "bid-euchre",
    "renege: held the led suit (left bower counted as trump) and played another",
    "A player who holds a card of the suit led must play one. The suit that counts is the\n"
    "card's suit in play: the left bower (the jack of the other suit of trump's colour) is a\n"
    "trump for the whole hand, never its printed suit. With hearts trump, J♦ is a heart: it\n"
    "must be played to a heart lead when it is the only heart held, it does not follow a\n"
    "diamond lead, and a lead of J♦ is a trump lead. With the `joker` option the joker is\n"
    "the highest trump and follows trump the same way: a joker lead is a trump lead, and a\n"
    "player whose only trump is the joker must play it to a trump lead. The referee proves\n"
    "a renege from the log alone: every active player plays all their cards (six, twelve\n"
    "with `deck: double`), so a card of the led suit that the player plays later (or put\n"
    "down and took back) was in their hand. A card taken back before the trick was complete\n"
    "(`(was CARD)`) is reported as corrected and costs nothing; each uncorrected renege costs\n"
    "the offender's side `renege_points`.",
    "trump hearts\ntrick 3: ann Qd, bob Qs, cy Ks, dee 9s   # dee's J♦ is a heart: no diamond",
    "trump hearts\ntrick 2: dee 9h, ann Jh, bob Qh, cy Ks   # cy plays K♥ in trick 4",
    options=("deck", "joker"),
    kind="play",
    fix="If the log is right, it was a renege and it stands: the side loses `renege_points`.\n"
    "Remember the left bower belongs to trump, not to its printed suit. If a card is\n"
    "written wrong, correct it; a card taken back before the trick was complete is\n"
    "written `NAME CARD (was CARD)` and costs nothing.",
)
BE_BID_ORDER = Rule(
    "BE-BID-ORDER",
    "bid-euchre",
    "a bid out of turn, or a second bid",
    "There is one round of bidding, in turn from `first_bidder`: the player to the dealer's\n"
    "left first and the dealer last (or the dealer first with `first_bidder: dealer`). Each\n"
    "player passes or bids once. A bid made before an earlier player's turn, or a second bid\n"
    "by the same player, is reported. The table played on it, so a higher out-of-turn bid\n"
    "still stands as the high bid.",
    "dealer dee\nbid ann pass\nbid bob pass\nbid cy 3\nbid dee 4",
    "dealer dee\nbid bob 3      # ann, left of the dealer, bids first\nbid ann pass",
    options=("first_bidder",),
    kind="play",
    fix="Write the bid lines in the order they were made, one per player, starting with the\n"
    "player left of the dealer (`option first_bidder dealer` if your dealer bids first).\n"
    "A bid really made out of turn stands as written.",
)
BE_BID_LOW = Rule(
    "BE-BID-LOW",
    "bid-euchre",
    "a bid below `min_bid` or not higher than the current high bid",
    "Bids climb the ladder 3 < 4 < 5 < 6 < ask < moon. With `deck: double` the numbered bids\n"
    "run to 12, below ask and moon. A bid must be at least `min_bid` and strictly higher than\n"
    "the current high bid (partners may overbid each other). A bid that is not higher is\n"
    "reported and does not become the high bid. A numbered bid above the ladder's numbers (7\n"
    "with one deck, 13 with two) does not read: it is a syntax error (`P-SYNTAX`).",
    "bid ann 3\nbid bob 4\nbid cy ask",
    "bid ann 4\nbid bob 4      # not higher than ann's 4",
    options=("min_bid", "deck"),
    kind="play",
    fix="Check the bids' numbers: each must be at least `min_bid` and higher than the bid\n"
    "before (3 < 4 < 5 < 6 < ask < moon). If your table allows lower bids: `option\n"
    "min_bid N`.",
)
BE_STUCK = Rule(
    "BE-STUCK",
    "bid-euchre",
    "with `stick_the_dealer`, the dealer passed after three passes",
    "Under `stick_the_dealer` the dealer may not pass when the three other players have\n"
    "passed: the dealer must bid. A stuck dealer who passes anyway is reported and the hand\n"
    "is a redeal (it scores nothing; the deal passes to the left).",
    "option stick_the_dealer true\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee 3",
    "option stick_the_dealer true\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass",
    options=("stick_the_dealer", "first_bidder"),
    kind="play",
    fix="Write the dealer's bid (a stuck dealer must bid), or, if your table does not stick\n"
    "the dealer: `option stick_the_dealer false`.",
)
BE_ASK_BEST = Rule(
    "BE-ASK-BEST",
    "bid-euchre",
    "on `ask`, the partner did not hand over their highest trump",
    "After an `ask` bid the bidder gives the partner one card and receives the highest trump\n"
    "of the six the partner was dealt (right bower, left bower, A, K, Q, 10, 9); a partner\n"
    "dealt no trump may return any card. With `deck: double` it is the highest of the twelve\n"
    "dealt; with `joker` the joker is the highest trump of all. The referee can check this\n"
    "only when the partner's `deal` line is logged, except for one case it always sees: a\n"
    "partner who hands back the very card just received (`exchange ann Qs cy Qs`) handed\n"
    "over none of their own cards. That is one finding, and the bidder holds that card\n"
    "again, so playing it later is no log fault. (With two decks the partner may hand over\n"
    "their own copy of the card: the referee says so only when the partner's `deal` line\n"
    "shows no copy.)",
    "trump hearts\ndeal cy Jd 9h As Ks Qc 9c\nexchange ann 9s cy Jd     # J♦: the left bower",
    "trump hearts\ndeal cy Jd 9h As Ks Qc 9c\nexchange ann 9s cy 9h     # cy kept J♦\n"
    "# or, with or without a deal line:\nexchange ann Qs cy Qs     # cy handed ann's card back",
    options=("deck", "joker"),
    kind="play",
    fix="Check the `exchange` line and the partner's `deal` line: the partner hands over the\n"
    "highest trump they were dealt (the left bower is a trump). If the exchange was\n"
    "really made that way, the finding stands.",
)
BE_NO_FACE = Rule(
    "BE-NO-FACE",
    "bid-euchre",
    "an Ace No Face redeal called when the house rules or the caller's hand do not allow it",
    "With the `ace_no_face` option a player dealt at least one ace and no king, queen or\n"
    "jack may call a redeal before the bidding (`redeal NAME ace-no-face`). The call is\n"
    "reported when the option is off, or when the caller's `deal` line is logged and holds\n"
    "no ace, or a king, queen or jack (the joker is neither). Either way the hand is a\n"
    "redeal, since the table redealt: it scores nothing, the deal passes to the left, and\n"
    "tricks logged in it are one L-COUNT. Without the caller's `deal` line the hand cannot\n"
    "be checked and the call stands.",
    "option ace_no_face true\ndeal ann As 9s Td 9d Tc 9h\nredeal ann ace-no-face",
    "option ace_no_face true\ndeal ann As 9s Td 9d Kc 9h\nredeal ann ace-no-face   # K♣",
    options=("ace_no_face",),
    kind="play",
    fix="If your table plays Ace No Face: `option ace_no_face true`. Otherwise check the\n"
    "caller's `deal` line: an ace and no king, queen or jack.",
)
BE_SCORE = Rule(
    "BE-SCORE",
    "bid-euchre",
    "the recorded points for the hand are wrong",
    "A `settle TEAM POINTS TEAM POINTS` line records what each side scored in the hand. A bid\n"
    "of 3 to 6 (to 12 with `deck: double`) that is made scores the tricks the bidding side\n"
    "took; a set loses the bid. `ask` / `moon` score `ask_made` / `moon_made` for all the\n"
    "tricks (six, or twelve with two decks) and lose `ask_failed` / `moon_failed` otherwise.\n"
    "The defenders score one point per trick. Each uncorrected renege costs the offender's\n"
    "side `renege_points`. A redeal scores nothing. Each recorded team must be a partnership\n"
    "(`ann+cy` or `cy+ann`).",
    "bid dee 4, bob+dee take 4 tricks\nsettle bob+dee 4 ann+cy 2",
    "bid dee 4, bob+dee take 4 tricks\nsettle bob+dee 5 ann+cy 2",
    options=("ask_made", "moon_made", "ask_failed", "moon_failed", "renege_points", "deck"),
    kind="settlement",
    fix="Write the points the referee gives for the hand on the `settle` line (its table's\n"
    "points), with each team written as two partners: `ann+cy`.",
)
BE_TOTAL = Rule(
    "BE-TOTAL",
    "bid-euchre",
    "the recorded running score is wrong",
    "A `score TEAM POINTS TEAM POINTS` line records the running totals after the hand; they\n"
    "must equal the referee's own running score (from the header `score` line, or 0-0, plus\n"
    "the points of every hand of the game so far). After a hand in which a side reached\n"
    "`target` (and the sides are not tied), a new game starts at 0-0.",
    "hand 1 scores bob+dee 4, ann+cy 2\nscore bob+dee 4 ann+cy 2",
    "hand 1 scores bob+dee 4, ann+cy 2\nscore bob+dee 4 ann+cy 3",
    options=("target",),
    kind="settlement",
    fix="Write the running score the referee gives on the `score` line. A mistake carries: fix\n"
    "the first hand whose score is wrong, and the later ones may come right with it.",
)

EUCHRE_RULES: tuple[Rule, ...] = (
    BE_FOLLOW,
    BE_BID_ORDER,
    BE_BID_LOW,
    BE_STUCK,
    BE_ASK_BEST,
    BE_NO_FACE,
    BE_SCORE,
    BE_TOTAL,
)
