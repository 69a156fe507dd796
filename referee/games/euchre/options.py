"""Bid Euchre's house options: each one declared once (default, values, words), see
:mod:`referee.optionvalues`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.optionvalues import BOOL, CHOICE, Values, option


@dataclass(frozen=True, slots=True)
class EuchreOptions:
    """Bid Euchre house options; the defaults give the common game."""

    target: int = option(
        32,
        Values("whole", low=1),
        "points that win the game",
        (
            "The game ends after the hand in which a side reaches it (the higher score wins when\n"
            "both do; a tie plays on). The next hand in the log starts a new game at 0-0."
        ),
        example="52",
    )
    min_bid: int = option(
        3,
        Values("whole", low=1, high=6),
        "the lowest bid allowed",
        "A bid below it is reported and does not count.",
    )
    first_bidder: Literal["left", "dealer"] = option(
        "left",
        CHOICE,
        "who bids first: the player left of the dealer (the dealer last), or the dealer",
        "With `dealer` the dealer bids first and is never stuck.",
    )
    first_lead: Literal["bidder", "left"] = option(
        "bidder",
        CHOICE,
        "who leads the first trick: the high bidder, or the player left of the dealer",
        "With `left`, a partner who sits out (after `ask` or `moon`) is skipped.",
    )
    stick_the_dealer: bool = option(
        False,
        BOOL,
        "when the first three players pass, the dealer must bid",
        "A stuck dealer who passes anyway is reported and the hand is a redeal.",
    )
    ask_made: int = option(
        12,
        Values("whole", low=0),
        "points for taking every trick on `ask`",
        "Six tricks (twelve with two decks) after asking the partner for their best trump.",
        example="8",
    )
    moon_made: int = option(
        24,
        Values("whole", low=0),
        "points for taking every trick on `moon` (alone)",
        "Six tricks (twelve with two decks) with the partner sitting out and no exchange.",
        example="12",
    )
    ask_failed: int = option(
        6,
        Values("whole", low=0),
        "points lost when an `ask` misses a trick",
        "The defenders still score one point per trick they took.",
        example="12",
    )
    moon_failed: int = option(
        6,
        Values("whole", low=0),
        "points lost when a `moon` misses a trick",
        "The defenders still score one point per trick they took.",
        example="12",
    )
    renege_points: int = option(
        2,
        Values("whole", low=0),
        "points a side loses for each renege that stood",
        "A card taken back before the trick was complete (`(was CARD)`) costs nothing.",
        example="3",
    )
    deck: Literal["single", "double"] = option(
        "single",
        CHOICE,
        "one deck (24 cards, six each) or two (48 cards, twelve each, bids up to 12)",
        (
            "With `double` every card exists twice, a hand has twelve tricks, the numbered bids\n"
            "run from 3 to 12 below `ask` and `moon`, and of two equal winning cards the one\n"
            "played first takes the trick."
        ),
    )
    joker: bool = option(
        False,
        BOOL,
        "add the joker as the highest trump; the dealer gets seven cards and lays one aside",
        (
            "The dealer's `deal` line has seven cards and `discard NAME CARD` names the card laid\n"
            "aside before the bidding. A single-deck variant: it cannot be combined with\n"
            "`deck: double`."
        ),
    )
    ace_no_face: bool = option(
        False,
        BOOL,
        "a player dealt an ace and no king, queen or jack may call a redeal",
        (
            "Written `redeal NAME ace-no-face` before the bidding; the hand scores nothing and\n"
            "the deal passes to the left."
        ),
    )
