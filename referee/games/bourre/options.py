"""Bourré's house options: each one declared once (default, values, words), see
:mod:`referee.optionvalues`."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from referee.optionvalues import (
    AMOUNT,
    AMOUNT_OR_NONE,
    BOOL,
    CHOICE,
    Values,
    option,
)


@dataclass(frozen=True, slots=True)
class BourreOptions:
    """Bourré house options; the defaults give the standard game."""

    ante: Decimal = option(
        Decimal(1),
        AMOUNT,
        "what each player pays into the pot at the start of every hand",
        (
            "Every seated player pays it, except the players excused after the hand before (a\n"
            "bourré, a tie for most tricks) or, in hand 1, the header's `exempt` players. A\n"
            "currency sign may be written with it (`option ante $0.50`)."
        ),
    )
    limit: Decimal | None = option(
        None,
        AMOUNT_OR_NONE,
        "the most a bourré or a renege costs (none: the whole pot)",
        (
            "A player bourré, or caught reneging, pays the pot's size into the next pot; with a\n"
            "limit, at most the limit. With `limit_caps_winner` it also caps what a winner takes."
        ),
    )
    limit_caps_winner: bool = option(
        False,
        BOOL,
        "whoever takes the pot takes at most `limit`; the rest stays in the pot",
        (
            "Without it the winner takes the whole pot however large it has grown. With it (and a\n"
            "`limit`) the winner takes the limit and the rest carries to the next hand. It also\n"
            "applies to a player who takes the pot without play, and to the dealer under\n"
            "`all_pass: dealer`."
        ),
    )
    hand_size: int = option(
        5,
        Values("whole", low=4, high=5, only=(4, 5)),
        "cards dealt to each player, and tricks in a hand: 4 for four-card Bourré",
        "With 4, a hand has four tricks and a player may discard up to four cards.",
    )
    head_trick: bool = option(
        True,
        BOOL,
        "a player following suit must beat the highest card of that suit in the trick, if able",
        (
            '"Heading the trick": holding a card of the led suit that beats every card of that\n'
            "suit played so far, you must play such a card. When trump is led, beat the highest\n"
            "trump in the trick. Once a non-trump lead has been trumped the duty lapses, unless\n"
            "`head_when_trumped` is on. Set it to false where a player may follow suit with any\n"
            "card of it."
        ),
    )
    head_when_trumped: bool = option(
        False,
        BOOL,
        "heading the trick is still required after someone trumped a non-trump lead",
        (
            "Normally, once a trump has fallen on a non-trump lead, nobody following suit can win\n"
            "the trick any more, so they may follow with any card of the suit. With this on, they\n"
            "must still beat the highest card of the led suit when able."
        ),
    )
    must_trump: bool = option(
        True,
        BOOL,
        "a player with none of the led suit must play a trump when holding one",
        "Set it to false where a player out of the led suit may throw any card.",
    )
    must_overtrump: bool = option(
        True,
        BOOL,
        "a player trumping in must beat the highest trump already in the trick, if able",
        (
            "A player trumping in must play a trump higher than every trump already in the\n"
            "trick when holding one. Set it to false where any trump will do."
        ),
    )
    must_undertrump: bool = option(
        True,
        BOOL,
        "a player out of the led suit who cannot overtrump must still play a trump",
        (
            "It matters only with `must_overtrump` on: a player who holds trumps but none high\n"
            "enough to beat the trick's trump must play one anyway. With false, that player may\n"
            "play any card."
        ),
    )
    cinch: bool = option(
        True,
        BOOL,
        "the cinch duties apply to a player sure of three tricks",
        (
            "A player who is certain of three tricks (from what they can see: their own cards and\n"
            "the cards gone) must lead their highest trump, play their highest trump when trumps\n"
            "may be played, and win the trick when last to play. Set it to false where a player\n"
            "sure of the pot may play as they like. `referee explain BR-CINCH` has the details."
        ),
    )
    cinch_last: Literal["win", "highest"] = option(
        "win",
        CHOICE,
        "a cinch holder last to play: win with any winning card, or with the highest trump",
        (
            "`win`: any card that wins the trick will do. `highest`: when trumps may be played\n"
            "(trump was led, or the player has none of the led suit), the player must win with\n"
            "the highest trump held."
        ),
    )
    dealer_plays_ace: bool = option(
        True,
        BOOL,
        "a dealer whose face-up card is an ace may not pass",
        (
            "The referee can tell only when the `trump` line names the card (`trump Ah`), not\n"
            "just the suit. Passing anyway is reported and costs nothing by itself."
        ),
    )
    double_ante: bool = option(
        False,
        BOOL,
        "each player who stays in pays a second ante; nobody is ever excused from the ante",
        ("The second ante is paid after deciding to play, and the header's `exempt` is\nignored."),
    )
    all_pass: Literal["carry", "dealer"] = option(
        "carry",
        CHOICE,
        "when everyone passes: the pot carries, or the dealer takes it",
        (
            "`carry`: the pot waits for the next hand, and nobody is excused from its ante.\n"
            "`dealer`: the dealer takes the pot (at most `limit` with `limit_caps_winner`)."
        ),
    )
    renege_penalty: Literal["pot", "none"] = option(
        "pot",
        CHOICE,
        "what a renege that stood costs: the pot (at most `limit`), or nothing",
        (
            "`pot`: the player pays the pot's size (at most `limit`) into the next pot, for each\n"
            "illegal play not taken back. `none`: no payment; a player who reneged still cannot\n"
            "take the pot."
        ),
    )
    decisions: Literal["turn", "simultaneous"] = option(
        "turn",
        CHOICE,
        "pass or play announced in turn (early is a fault), or all at once",
        (
            "`turn`: players say pass or play in turn from the dealer's left, the dealer last, "
            "and\n"
            "the decision lines are written in the order they were said; one who spoke before\n"
            "their turn is reported and pays `early_penalty`. `simultaneous`: everyone shows at\n"
            "once (chips in a closed fist), so the order is not judged."
        ),
    )
    early_penalty: Decimal = option(
        Decimal(0),
        AMOUNT,
        "what announcing before your turn costs, paid into the next pot",
        (
            "With 0 it costs only the player's next turn to deal. The payment is not capped by\n"
            "`limit`."
        ),
    )
