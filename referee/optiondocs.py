"""What each house option means: the texts ``referee rules``, ``referee explain KEY``,
``referee new`` and the guide in ``docs/house-rules.md`` print.

One :class:`OptionDoc` per key of :mod:`referee.options`, in the same order. The default is
read from the game's options dataclass, never written here, and the values a key takes are
described by its :class:`Values` (a test checks each against the option's converter, so the
words cannot promise a value the reader refuses, nor refuse one it takes).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from decimal import Decimal

from referee.games import all_games
from referee.options import default_options

#: The games, as option sections and ``game`` lines name them, and as people write them.
#: Each game's name for people, by key, in the order the documents list the games.
GAME_TITLES = {game.key: game.title for game in all_games()}


@dataclass(frozen=True, slots=True)
class Values:
    """The values an option takes.

    ``kind`` is ``"bool"`` (true or false), ``"choice"`` (one of the words of the field's
    ``Literal`` type), ``"amount"`` (money, 0 or more; with ``none_ok`` above 0, or
    ``none``) or ``"whole"`` (a whole number from ``low``, to ``high`` when given; with
    ``only``: just those numbers).
    """

    kind: str
    none_ok: bool = False
    low: int = 0
    high: int | None = None
    only: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionDoc:
    """One house option in words: ``summary`` is one line (``rules``, the starter log's
    comment); ``detail`` the rest (``explain``, the guide); :attr:`see_also` the rule IDs
    whose findings it changes (as the rules declare it: one statement of it)."""

    key: str
    game: str
    values: Values
    summary: str
    detail: str
    #: A value to show how the option is written (else one is chosen from the values).
    example: str = ""

    @property
    def see_also(self) -> tuple[str, ...]:
        """The rules that read this option (each :class:`~referee.rule.Rule` says which)."""
        from referee.rulebook import all_rules

        return tuple(
            rule.id
            for rule in all_rules().values()
            if self.key in rule.options and rule.game in (self.game, "both")
        )


_BOOL = Values("bool")
_CHOICE = Values("choice")
_MONEY = Values("amount")

_BOURRE: tuple[OptionDoc, ...] = (
    OptionDoc(
        "ante",
        "bourre",
        _MONEY,
        "what each player pays into the pot at the start of every hand",
        "Every seated player pays it, except the players excused after the hand before (a\n"
        "bourré, a tie for most tricks) or, in hand 1, the header's `exempt` players. A\n"
        "currency sign may be written with it (`option ante $0.50`).",
    ),
    OptionDoc(
        "limit",
        "bourre",
        Values("amount", none_ok=True),
        "the most a bourré or a renege costs (none: the whole pot)",
        "A player bourré, or caught reneging, pays the pot's size into the next pot; with a\n"
        "limit, at most the limit. With `limit_caps_winner` it also caps what a winner takes.",
    ),
    OptionDoc(
        "limit_caps_winner",
        "bourre",
        _BOOL,
        "whoever takes the pot takes at most `limit`; the rest stays in the pot",
        "Without it the winner takes the whole pot however large it has grown. With it (and a\n"
        "`limit`) the winner takes the limit and the rest carries to the next hand. It also\n"
        "applies to a player who takes the pot without play, and to the dealer under\n"
        "`all_pass: dealer`.",
    ),
    OptionDoc(
        "hand_size",
        "bourre",
        Values("whole", low=4, high=5, only=(4, 5)),
        "cards dealt to each player, and tricks in a hand: 4 for four-card Bourré",
        "With 4, a hand has four tricks and a player may discard up to four cards.",
    ),
    OptionDoc(
        "head_trick",
        "bourre",
        _BOOL,
        "a player following suit must beat the highest card of that suit in the trick, if able",
        '"Heading the trick": holding a card of the led suit that beats every card of that\n'
        "suit played so far, you must play such a card. When trump is led, beat the highest\n"
        "trump in the trick. Once a non-trump lead has been trumped the duty lapses, unless\n"
        "`head_when_trumped` is on. Set it to false where a player may follow suit with any\n"
        "card of it.",
    ),
    OptionDoc(
        "head_when_trumped",
        "bourre",
        _BOOL,
        "heading the trick is still required after someone trumped a non-trump lead",
        "Normally, once a trump has fallen on a non-trump lead, nobody following suit can win\n"
        "the trick any more, so they may follow with any card of the suit. With this on, they\n"
        "must still beat the highest card of the led suit when able.",
    ),
    OptionDoc(
        "must_trump",
        "bourre",
        _BOOL,
        "a player with none of the led suit must play a trump when holding one",
        "Set it to false where a player out of the led suit may throw any card.",
    ),
    OptionDoc(
        "must_overtrump",
        "bourre",
        _BOOL,
        "a player trumping in must beat the highest trump already in the trick, if able",
        "A player trumping in must play a trump higher than every trump already in the\n"
        "trick when holding one. Set it to false where any trump will do.",
    ),
    OptionDoc(
        "must_undertrump",
        "bourre",
        _BOOL,
        "a player out of the led suit who cannot overtrump must still play a trump",
        "It matters only with `must_overtrump` on: a player who holds trumps but none high\n"
        "enough to beat the trick's trump must play one anyway. With false, that player may\n"
        "play any card.",
    ),
    OptionDoc(
        "cinch",
        "bourre",
        _BOOL,
        "the cinch duties apply to a player sure of three tricks",
        "A player who is certain of three tricks (from what they can see: their own cards and\n"
        "the cards gone) must lead their highest trump, play their highest trump when trumps\n"
        "may be played, and win the trick when last to play. Set it to false where a player\n"
        "sure of the pot may play as they like. `referee explain BR-CINCH` has the details.",
    ),
    OptionDoc(
        "cinch_last",
        "bourre",
        _CHOICE,
        "a cinch holder last to play: win with any winning card, or with the highest trump",
        "`win`: any card that wins the trick will do. `highest`: when trumps may be played\n"
        "(trump was led, or the player has none of the led suit), the player must win with\n"
        "the highest trump held.",
    ),
    OptionDoc(
        "dealer_plays_ace",
        "bourre",
        _BOOL,
        "a dealer whose face-up card is an ace may not pass",
        "The referee can tell only when the `trump` line names the card (`trump Ah`), not\n"
        "just the suit. Passing anyway is reported and costs nothing by itself.",
    ),
    OptionDoc(
        "double_ante",
        "bourre",
        _BOOL,
        "each player who stays in pays a second ante; nobody is ever excused from the ante",
        "The second ante is paid after deciding to play, and the header's `exempt` is\nignored.",
    ),
    OptionDoc(
        "all_pass",
        "bourre",
        _CHOICE,
        "when everyone passes: the pot carries, or the dealer takes it",
        "`carry`: the pot waits for the next hand, and nobody is excused from its ante.\n"
        "`dealer`: the dealer takes the pot (at most `limit` with `limit_caps_winner`).",
    ),
    OptionDoc(
        "renege_penalty",
        "bourre",
        _CHOICE,
        "what a renege that stood costs: the pot (at most `limit`), or nothing",
        "`pot`: the player pays the pot's size (at most `limit`) into the next pot, for each\n"
        "illegal play not taken back. `none`: no payment; a player who reneged still cannot\n"
        "take the pot.",
    ),
    OptionDoc(
        "decisions",
        "bourre",
        _CHOICE,
        "pass or play announced in turn (early is a fault), or all at once",
        "`turn`: players say pass or play in turn from the dealer's left, the dealer last, and\n"
        "the decision lines are written in the order they were said; one who spoke before\n"
        "their turn is reported and pays `early_penalty`. `simultaneous`: everyone shows at\n"
        "once (chips in a closed fist), so the order is not judged.",
    ),
    OptionDoc(
        "early_penalty",
        "bourre",
        _MONEY,
        "what announcing before your turn costs, paid into the next pot",
        "With 0 it costs only the player's next turn to deal. The payment is not capped by\n"
        "`limit`.",
    ),
)

_EUCHRE: tuple[OptionDoc, ...] = (
    OptionDoc(
        "target",
        "bid-euchre",
        Values("whole", low=1),
        "points that win the game",
        "The game ends after the hand in which a side reaches it (the higher score wins when\n"
        "both do; a tie plays on). The next hand in the log starts a new game at 0-0.",
        example="52",
    ),
    OptionDoc(
        "min_bid",
        "bid-euchre",
        Values("whole", low=1, high=6),
        "the lowest bid allowed",
        "A bid below it is reported and does not count.",
    ),
    OptionDoc(
        "first_bidder",
        "bid-euchre",
        _CHOICE,
        "who bids first: the player left of the dealer (the dealer last), or the dealer",
        "With `dealer` the dealer bids first and is never stuck.",
    ),
    OptionDoc(
        "first_lead",
        "bid-euchre",
        _CHOICE,
        "who leads the first trick: the high bidder, or the player left of the dealer",
        "With `left`, a partner who sits out (after `ask` or `moon`) is skipped.",
    ),
    OptionDoc(
        "stick_the_dealer",
        "bid-euchre",
        _BOOL,
        "when the first three players pass, the dealer must bid",
        "A stuck dealer who passes anyway is reported and the hand is a redeal.",
    ),
    OptionDoc(
        "ask_made",
        "bid-euchre",
        Values("whole", low=0),
        "points for taking every trick on `ask`",
        "Six tricks (twelve with two decks) after asking the partner for their best trump.",
        example="8",
    ),
    OptionDoc(
        "moon_made",
        "bid-euchre",
        Values("whole", low=0),
        "points for taking every trick on `moon` (alone)",
        "Six tricks (twelve with two decks) with the partner sitting out and no exchange.",
        example="12",
    ),
    OptionDoc(
        "ask_failed",
        "bid-euchre",
        Values("whole", low=0),
        "points lost when an `ask` misses a trick",
        "The defenders still score one point per trick they took.",
        example="12",
    ),
    OptionDoc(
        "moon_failed",
        "bid-euchre",
        Values("whole", low=0),
        "points lost when a `moon` misses a trick",
        "The defenders still score one point per trick they took.",
        example="12",
    ),
    OptionDoc(
        "renege_points",
        "bid-euchre",
        Values("whole", low=0),
        "points a side loses for each renege that stood",
        "A card taken back before the trick was complete (`(was CARD)`) costs nothing.",
        example="3",
    ),
    OptionDoc(
        "deck",
        "bid-euchre",
        _CHOICE,
        "one deck (24 cards, six each) or two (48 cards, twelve each, bids up to 12)",
        "With `double` every card exists twice, a hand has twelve tricks, the numbered bids\n"
        "run from 3 to 12 below `ask` and `moon`, and of two equal winning cards the one\n"
        "played first takes the trick.",
    ),
    OptionDoc(
        "joker",
        "bid-euchre",
        _BOOL,
        "add the joker as the highest trump; the dealer gets seven cards and lays one aside",
        "The dealer's `deal` line has seven cards and `discard NAME CARD` names the card laid\n"
        "aside before the bidding. A single-deck variant: it cannot be combined with\n"
        "`deck: double`.",
    ),
    OptionDoc(
        "ace_no_face",
        "bid-euchre",
        _BOOL,
        "a player dealt an ace and no king, queen or jack may call a redeal",
        "Written `redeal NAME ace-no-face` before the bidding; the hand scores nothing and\n"
        "the deal passes to the left.",
    ),
)

_DOCS: dict[str, tuple[OptionDoc, ...]] = {"bourre": _BOURRE, "bid-euchre": _EUCHRE}


def option_docs(game: str) -> tuple[OptionDoc, ...]:
    """The game's options in words, in the order of :func:`referee.options.option_keys`."""
    return _DOCS[game]


def find_option(key: str) -> OptionDoc | None:
    """The option with this key in either game (case-insensitive), or None."""
    wanted = key.strip().lower()
    for docs in _DOCS.values():
        for doc in docs:
            if doc.key == wanted:
                return doc
    return None


def default_text(doc: OptionDoc) -> str:
    """The option's default as it is written in a log or a house-rules file."""
    return value_text(getattr(default_options(doc.game), doc.key))


def value_text(value: object) -> str:
    """A setting as written: ``true``/``false``, ``none``, ``0.50``, ``carry``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def choices_of(doc: OptionDoc) -> tuple[str, ...]:
    """The words a choice option takes, from its field's ``Literal`` type."""
    options = default_options(doc.game)
    hints = typing.get_type_hints(type(options))
    return tuple(a for a in typing.get_args(hints[doc.key]) if isinstance(a, str))


def values_text(doc: OptionDoc) -> str:
    """The values the option takes, in words: ``true or false``, ``carry or dealer``, ``an
    amount, 0 or more``, ``a whole number from 1 to 6``."""
    values = doc.values
    if values.kind == "bool":
        return "true or false (yes/no and on/off too)"
    if values.kind == "choice":
        words = choices_of(doc)
        return ", ".join(words[:-1]) + " or " + words[-1]
    if values.kind == "amount":
        amount = "an amount above 0, or none" if values.none_ok else "an amount, 0 or more"
        return amount + " (a currency sign may go with it: $5, 0.50€)"
    if values.only:
        return " or ".join(str(n) for n in values.only)
    if values.high is not None:
        return f"a whole number from {values.low} to {values.high}"
    return f"a whole number, {values.low} or more"


def values_short(doc: OptionDoc) -> str:
    """The values in a few characters, for the ``rules`` listing: ``true | false``,
    ``carry | dealer``, ``amount``, ``amount | none``, ``1 to 6``, ``4 | 5``, ``0 or more``."""
    values = doc.values
    if values.kind == "bool":
        return "true | false"
    if values.kind == "choice":
        return " | ".join(choices_of(doc))
    if values.kind == "amount":
        return "amount | none" if values.none_ok else "amount"
    if values.only:
        return " | ".join(str(n) for n in values.only)
    if values.high is not None:
        return f"{values.low} to {values.high}"
    return f"{values.low} or more"


def explain_option_text(doc: OptionDoc) -> str:
    """What ``referee explain KEY`` prints for a house option."""
    default = default_text(doc)
    example = _example_value(doc)
    lines = [
        f"{doc.key}: {doc.summary}",
        f"a {GAME_TITLES[doc.game]} house option",
        f"default: {default}",
        f"values: {values_text(doc)}",
        "",
        *doc.detail.splitlines(),
        "",
        "In a log (before the first hand):",
        f"    option {doc.key} {example}",
        "In a house-rules file (YAML):",
        f"    {doc.key}: {example}",
    ]
    if doc.see_also:
        lines += ["", "See also (`referee explain ID`): " + ", ".join(doc.see_also)]
    return "\n".join(lines) + "\n"


def _example_value(doc: OptionDoc) -> str:
    """A value other than the default, to show how a setting is written."""
    if doc.example:
        return doc.example
    default = getattr(default_options(doc.game), doc.key)
    values = doc.values
    if values.kind == "bool":
        return "false" if default else "true"
    if values.kind == "choice":
        return next(w for w in choices_of(doc) if w != default)
    if values.kind == "amount":
        return "5" if default is None else ("0.50" if default != Decimal("0.50") else "1")
    if values.only:
        return str(next(n for n in values.only if n != default))
    return str(default + 1 if values.high is None or default < values.high else default - 1)
