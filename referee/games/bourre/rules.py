"""Bourré rules: each rule ID with its explanation, and for the play rules "may I?" and
"why not?".

Each play rule of ``bourre.md`` (rules 1-3: following suit, heading the trick, trumping,
overtrumping) is one :class:`PlayRule`: its :class:`~referee.rule.Rule`, a predicate that
says whether the rule allows a card (:data:`PLAY_RULES`, in the document's order), and the
evidence in plain words when it does not. The legal cards of a position are the cards every
predicate allows (:func:`legal_cards`); an illegal play is reported once, under the first
rule that refuses it (:func:`first_breach`), then the cinch's duty
(:mod:`~referee.games.bourre.cinch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from referee.cards import pretty, suit_word
from referee.games.bourre.cinch import CinchDuty, CinchView
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.play import (
    ABOVE,
    BIT,
    Table,
    bits_of,
    cards_of,
    highest_of_suit,
    table_of,
    value,
)
from referee.rule import Rule


class PlayContext:
    """One logged play and what the referee knows at that moment: made only for a play a
    rule refuses, to explain it. Not to be modified once made.

    (A plain class, as :class:`~referee.games.bourre.play.Table` is: a dataclass is made at
    import, some 0.5 ms of every audit's start, for methods nothing uses.)"""

    __slots__ = (
        "card",
        "cinch",
        "cinch_duty",
        "hand",
        "opts",
        "player",
        "shown",
        "table",
        "trick",
        "trick_number",
    )

    def __init__(
        self,
        player: str,
        card: str,
        hand: frozenset[str],
        trick: tuple[str, ...],
        table: Table,
        opts: BourreOptions,
        trick_number: int,
        cinch: CinchView | None,
        cinch_duty: CinchDuty | None,
        shown: Mapping[str, str],
    ) -> None:
        self.player = player
        self.card = card
        self.hand = hand  # the player's cards at that moment, the played card included
        self.trick = trick  # cards already on the table in this trick, lead first
        self.table = table  # the same, as the rules read it
        self.opts = opts
        self.trick_number = trick_number
        self.cinch = cinch  # the player's cinch at the trick's start (None: no cinch)
        self.cinch_duty = cinch_duty
        self.shown = shown  # card -> where the log shows the player held it

    @property
    def trump(self) -> str | None:
        return self.table.trump


class PlayOptions:
    """The house options rules 1-3 read (see :class:`BourreOptions`), taken out of them once
    a hand. (A plain class: compiled, its attributes are read in C, where the options'
    dataclass's are looked up through Python, and a play asks four or five of them.)"""

    __slots__ = (
        "head_trick",
        "head_when_trumped",
        "must_overtrump",
        "must_trump",
        "must_undertrump",
    )

    def __init__(self, opts: BourreOptions) -> None:
        self.head_trick = opts.head_trick
        self.head_when_trumped = opts.head_when_trumped
        self.must_trump = opts.must_trump
        self.must_overtrump = opts.must_overtrump
        self.must_undertrump = opts.must_undertrump


def _cards(cards: Iterable[str], shown: Mapping[str, str]) -> str:
    items = sorted(cards, key=value, reverse=True)
    return ", ".join(f"{pretty(c)} ({shown[c]})" if c in shown else pretty(c) for c in items)


# ----------------------------------------------------------------------------- rule 1: follow


def follow_allows(bit: int, hand: int, table: Table, opts: PlayOptions) -> bool:
    """BR-FOLLOW: holding a card of the suit led, play one."""
    led = table.led_bits  # (no lead: no bits)
    return not hand & led or bit & led != 0


def follow_evidence(ctx: PlayContext) -> str:
    led = ctx.table.led
    held = [c for c in ctx.hand if c[-1] == led]
    return (
        f"{ctx.player} held {_cards(held, ctx.shown)} when {suit_word(led)} were led "
        f"in trick {ctx.trick_number}, and played {pretty(ctx.card)}"
    )


# ----------------------------------------------------------------------------- rule 1: head


def _heading(hand: int, table: Table, opts: PlayOptions) -> int:
    """The cards (bits) that head the trick when the rules ask it (0: they do not): with
    ``head_trick``, a follower holding the suit led must beat its highest card on the table
    when able (once a plain lead is trumped, only with ``head_when_trumped``)."""
    if not hand & table.led_bits:  # (no suit led, or void in it)
        return 0
    if not opts.head_trick or (table.trumped and not opts.head_when_trumped):
        return 0
    return hand & ABOVE[table.led][table.top]


def head_allows(bit: int, hand: int, table: Table, opts: PlayOptions) -> bool:
    """BR-HEAD: following suit, beat the highest card of the suit led when able."""
    heading = _heading(hand, table, opts)
    return not heading or bit & heading != 0


def head_evidence(ctx: PlayContext) -> str:
    led, top = ctx.table.led, ctx.table.top
    beating = [c for c in ctx.hand if c[-1] == led and value(c) > top]
    to_beat = highest_of_suit(ctx.trick, led)
    assert to_beat is not None  # (the lead is of the suit led)
    return (
        f"{ctx.player} held {_cards(beating, ctx.shown)}, above "
        f"{pretty(to_beat)}, the highest {suit_word(led)[:-1]} in trick "
        f"{ctx.trick_number}, and played {pretty(ctx.card)}"
    )


# ----------------------------------------------------------------------------- rule 2: trump


def _void_trumps(hand: int, table: Table, opts: PlayOptions) -> int:
    """The trumps (bits) of a player void in the suit led whom ``must_trump`` asks to play
    one (0: it does not; none with the trump unknown)."""
    if not table.led or hand & table.led_bits or not opts.must_trump:
        return 0
    return hand & table.trump_bits


def trump_allows(bit: int, hand: int, table: Table, opts: PlayOptions) -> bool:
    """BR-TRUMP: void in the suit led and holding a trump, play a trump; but a player who
    cannot beat the trump on the table plays any card when ``must_overtrump`` is on and
    ``must_undertrump`` off."""
    trumps = _void_trumps(hand, table, opts)
    if not trumps or bit & table.trump_bits:
        return True
    if table.top_trump and opts.must_overtrump and not opts.must_undertrump:
        assert table.trump is not None
        return not trumps & ABOVE[table.trump][table.top_trump]
    return False


def trump_evidence(ctx: PlayContext) -> str:
    trump = ctx.table.trump
    trumps = [c for c in ctx.hand if c[-1] == trump]
    return (
        f"{ctx.player} had no {suit_word(ctx.table.led)} in trick {ctx.trick_number} but held "
        f"{_cards(trumps, ctx.shown)} ({suit_word(trump or '')} are trump), "
        f"and played {pretty(ctx.card)}"
    )


# ----------------------------------------------------------------------------- overtrump


def _overtrumping(hand: int, table: Table, opts: PlayOptions) -> int:
    """The trumps (bits) that beat the highest trump on the table, when ``must_overtrump``
    asks a void player to play one (0: it does not)."""
    trumps = _void_trumps(hand, table, opts)
    if not trumps or not table.top_trump or not opts.must_overtrump:
        return 0
    assert table.trump is not None
    return trumps & ABOVE[table.trump][table.top_trump]


def overtrump_allows(bit: int, hand: int, table: Table, opts: PlayOptions) -> bool:
    """BR-OVERTRUMP: trumping, beat the highest trump on the table when able."""
    beating = _overtrumping(hand, table, opts)
    return not beating or bit & beating != 0


def overtrump_evidence(ctx: PlayContext) -> str:
    trump, top = ctx.table.trump, ctx.table.top_trump
    beating = [c for c in ctx.hand if c[-1] == trump and value(c) > top]
    to_beat = highest_of_suit(ctx.trick, trump or "")
    assert to_beat is not None  # (a trump is on the table)
    return (
        f"{ctx.player} held {_cards(beating, ctx.shown)}, above "
        f"{pretty(to_beat)} already in trick {ctx.trick_number}, and played "
        f"{pretty(ctx.card)}"
    )


# ----------------------------------------------------------------------------- the cinch


def cinch_allows(card: str, duty: CinchDuty | None) -> bool:
    """BR-CINCH: holding a cinch, do what its duty requires (``duty`` None: no duty)."""
    return duty is None or BIT[card] & duty.allowed != 0


def check_cinch(ctx: PlayContext) -> str | None:
    """BR-CINCH: broke a cinch duty (the evidence, or None)."""
    duty, view = ctx.cinch_duty, ctx.cinch
    if duty is None or view is None or cinch_allows(ctx.card, duty):
        return None
    options = _cards(cards_of(duty.allowed), ctx.shown)
    return (
        f"{ctx.player} held a cinch at the start of trick {ctx.trick_number} "
        f"({view.describe()}) and {duty.describe(options)}, but played {pretty(ctx.card)}"
    )


#: What to do about a renege of the play (the Bourré play rules' fix texts start with it).
_RENEGE = (
    "If the log is right, it was a renege and it stands: settle the hand as the referee's\n"
    "table says (the renege payment, and the player cannot take the pot). If a card is\n"
    "written wrong (in this trick, or in the later trick the evidence names), correct it.\n"
    "A card put down and taken back before the next player played is written\n"
    "`NAME CARD (was CARD)`: it is then reported as corrected and costs nothing."
)

BR_FOLLOW = Rule(
    "BR-FOLLOW",
    "bourre",
    "held the led suit and played another suit",
    "A player who holds a card of the suit led must play a card of that suit.\n"
    "Why: following suit is the first duty of every trick; playing off-suit while holding\n"
    "the suit (a renege) can steal or save a trick unfairly.\n"
    "The referee proves it from the log: the tricks show every card a player held after\n"
    "the draw, so a card of the led suit that the player plays in a later trick was in\n"
    "their hand.",
    "trick 3: ann Td, cy Qd, dee 4d     # dee follows with a diamond",
    "trick 3: ann Td, cy Qd, dee 8c\ntrick 4: eve Jc, ann 3c, cy 6c, dee 4d   # dee had 4♦",
    kind="play",
    fix=_RENEGE,
)
BR_HEAD = Rule(
    "BR-HEAD",
    "bourre",
    "followed suit low while holding a card that beat the highest of the suit",
    "With `head_trick` (default true) a player following suit must beat the highest card\n"
    "of the led suit in the trick whenever they hold one that does. After a non-trump lead\n"
    "has been trumped the duty lapses, unless `head_when_trumped` is set. When trump is\n"
    "led, it means: beat the highest trump in the trick if able.",
    "trick 1: ann 7h, cy 9h     # cy beats the 7",
    "trick 1: ann 7h, cy 2h\ntrick 2: cy 9h, ...     # cy held the 9♥ and played low",
    options=("head_trick", "head_when_trumped"),
    kind="play",
    fix=_RENEGE + '\nIf your table does not play "head the trick": `option head_trick false`.',
)
BR_TRUMP = Rule(
    "BR-TRUMP",
    "bourre",
    "void in the led suit, held a trump, played no trump",
    "With `must_trump` (default true) a player with no card of the led suit who holds a\n"
    "trump must play a trump. (With `must_overtrump` on and `must_undertrump` off, a\n"
    "player who cannot beat the trump already in the trick may play any card.)",
    "trump 4h\ntrick 4: eve Jc, ann 2h     # ann has no clubs and trumps",
    "trump 4h\ntrick 4: eve Jc, ann 5d\ntrick 5: ann 2h, ...     # ann had no clubs but a heart",
    options=("must_trump", "must_overtrump", "must_undertrump"),
    kind="play",
    fix=_RENEGE
    + "\nIf a player out of the led suit may throw any card at your table: `option must_trump\n"
    "false` (or `option must_undertrump false` when only overtrumping is required).",
)
BR_OVERTRUMP = Rule(
    "BR-OVERTRUMP",
    "bourre",
    "trumped under a trump already in the trick while holding one that beat it",
    "With `must_overtrump` (default true) a player void in the led suit must beat the\n"
    "highest trump already in the trick when holding a trump that does. One who cannot\n"
    "beat it must still play a trump with `must_undertrump` (default true).",
    "trump 4h\ntrick 4: eve Jc, ann 5h, cy 9h     # cy overtrumps",
    "trump 4h\ntrick 4: eve Jc, ann 5h, cy 2h\ntrick 5: cy Kh, ...     # cy held the K♥",
    options=("must_trump", "must_overtrump"),
    kind="play",
    fix=_RENEGE + "\nIf any trump will do at your table: `option must_overtrump false`.",
)
BR_CINCH = Rule(
    "BR-CINCH",
    "bourre",
    "broke a cinch duty",
    "A player holds a cinch when three tricks are certain for them whatever the others hold:\n"
    "tricks already won plus trumps that the unseen trumps cannot all beat (each unseen\n"
    "trump beats at most one lower trump). It is judged at the start of each trick from\n"
    "what the player could know: cards played, their own discards, a dead upcard.\n"
    "While holding a cinch a player must lead the highest trump held; following (not last),\n"
    "when trumps may be played, play the highest trump held; last to play, win the trick\n"
    "if any legal card wins it (with `cinch_last: highest`, win with the highest trump\n"
    "when trumps may be played). A trump with no unseen trump between it and the highest\n"
    "counts as the highest (holding A-K, the K); a trump already in the trick between them\n"
    "breaks that (the lower card would lose where the highest wins). Once the stock ran\n"
    "out (or may have: each exchange the log does not size counted as `hand_size` cards),\n"
    "a player's own discards are not dead: they may have been dealt again. A player whose\n"
    "deal or exchange line the tricks contradict (an L-NOT-HELD, or their discard played by\n"
    "another) is not judged: what they discarded is not in the log. Only legal cards are\n"
    "ever required.\n"
    "Why: a player sure of the pot must not hold back trumps to keep others from being\n"
    "bourré, or to steer the pot.",
    "trump 4h\ntrick 1: ann Ah, ...     # ann holds A♥ K♥ Q♥ (three sure tricks): leads the A",
    "trump 4h\ntrick 1: ann 3c, ...     # the same hand: ann held a cinch and led a club",
    options=("cinch", "cinch_last"),
    kind="play",
    fix=_RENEGE
    + "\nIf your table does not play the cinch: `option cinch false`; for the stricter reading\n"
    "of the last player's duty, `option cinch_last highest`.",
)
BR_ACE_DEALER = Rule(
    "BR-ACE-DEALER",
    "bourre",
    "the dealer passed with an ace upcard",
    "With `dealer_plays_ace` (default true) a dealer whose face-up fifth card is an ace may\n"
    "not pass. The referee knows the upcard only when `trump` names the card, and judges a\n"
    "pass the log shows: a `pass` line, tricks without the dealer, or decisions that leave\n"
    "one other player alone in. With no decision line for the dealer and no trick, the\n"
    "dealer may have been the one who stayed in: not judged.",
    "trump Ah\neve play",
    "trump Ah\neve pass",
    options=("dealer_plays_ace",),
    kind="play",
    fix="It costs nothing by itself: the hand is settled on the decisions as written. Check\n"
    "the `trump` card and the dealer's decision line; if your dealer may pass on an ace:\n"
    "`option dealer_plays_ace false`.",
)
BR_DRAW = Rule(
    "BR-DRAW",
    "bourre",
    "drew a different number of cards than discarded, or discarded more than allowed",
    "A player who plays may discard up to `hand_size` cards and draws exactly as many.",
    "ann play discard 2c 9s draw 5d Td",
    "ann play discard 2c 9s draw 5d     # two out, one in",
    options=("hand_size",),
    kind="play",
    fix="Write as many cards after `draw` as after `discard` (or `discard N` when the cards\n"
    "were not written down), and at most `hand_size` of them.",
)
BR_DECIDE_ORDER = Rule(
    "BR-DECIDE-ORDER",
    "bourre",
    "announced pass or play before their turn (under `decisions: turn`)",
    "Players announce pass or play in turn from the dealer's left, the dealer last, and\n"
    "the decision lines are those announcements in the order made. A player whose line\n"
    "comes before the line of a player due earlier (both written) announced early: one\n"
    "finding per player and hand, on the early line. It costs `early_penalty` (default 0),\n"
    "paid into the next pot (`settle NAME penalty AMOUNT`), and the player loses their\n"
    "next turn to deal. Decisions that are not written are not judged for order; under\n"
    "`decisions: simultaneous` (everyone reveals at once) no order is judged.",
    "dealer eve (ann bob cy dee eve seated)\nann play\nbob pass\ncy play",
    "dealer eve\nbob pass     # before ann, whose turn came first\nann play",
    options=("decisions", "early_penalty"),
    kind="play",
    fix="Write the decision lines in the order the players spoke. If they did speak out of\n"
    "turn, it stands: record the penalty (`settle NAME penalty AMOUNT`) when\n"
    "`early_penalty` is set; the player loses their next deal. If your table shows\n"
    "decisions all at once: `option decisions simultaneous`.",
)
BR_SETTLE_ANTE = Rule(
    "BR-SETTLE-ANTE",
    "bourre",
    "a recorded ante was paid by an exempt player or missing",
    "An `ante` line must name exactly the players who owed the ante: every seated player\n"
    "except those exempt (the previous hand's bourré players and the players tied for most\n"
    "tricks, or for hand 1 the header's `exempt`; nobody is exempt under `double_ante`).",
    "hand 2 after cy was bourré: ante ann bob dee eve",
    "hand 2 after cy was bourré: ante ann bob cy dee eve",
    options=("ante", "double_ante"),
    kind="settlement",
    fix="Name on the `ante` line exactly the players who owed the ante (the evidence lists\n"
    "them), or leave the line out: the referee works the antes out itself.",
)
BR_SETTLE_POT = Rule(
    "BR-SETTLE-POT",
    "bourre",
    "the recorded pot is not the pot",
    "The pot played for is the carried pot plus this hand's antes (second antes included\n"
    "under `double_ante`). A `settle pot` line must give that amount.",
    "settle pot 5     # five antes of 1, nothing carried",
    "settle pot 6",
    options=("ante", "double_ante", "all_pass", "limit"),
    kind="settlement",
    fix="Write the pot the referee gives (the `pot` column of its table), or leave `settle\n"
    "pot` out. A session logged from the middle starts with the header's `pot` line.",
)
BR_SETTLE_WIN = Rule(
    "BR-SETTLE-WIN",
    "bourre",
    "the pot was recorded as taken by the wrong player, for the wrong amount, or split "
    "when it was won (or won when it carried)",
    "With any `settle` line the hand's recorded settlement is read as complete: a won pot\n"
    "needs one `settle NAME wins AMOUNT` line with the amount taken (at most `limit` under\n"
    "`limit_caps_winner`), a pot that carried needs `settle split`. A player alone with the\n"
    "most tricks takes the pot unless they reneged in the hand (then nobody does); a tie\n"
    "carries it.",
    "settle eve wins 5",
    "settle split     # eve took three tricks alone",
    options=("limit", "limit_caps_winner", "all_pass"),
    kind="settlement",
    fix="Write the pot as the referee settles it: `settle NAME wins AMOUNT` for the player who\n"
    "took it, with the amount taken, or `settle split` when it carried (a tie for most\n"
    "tricks, or the top player reneged). If the table really paid it otherwise, the\n"
    "referee's table shows what should have been paid.",
)
BR_SETTLE_BOURRE = Rule(
    "BR-SETTLE-BOURRE",
    "bourre",
    "a bourré payment recorded wrongly, for the wrong player, or missing",
    "Each player who played and took no trick pays min(pot, limit) into the next pot, and\n"
    "needs their own `settle NAME bourre AMOUNT` line when the hand's settlement is recorded.",
    "settle cy bourre 5",
    "settle cy bourre 4     # the pot was 5",
    options=("limit",),
    kind="settlement",
    fix="Write one `settle NAME bourre AMOUNT` line for each player who played and took no\n"
    "trick, for the pot's size (at most `limit`), and none for anyone else.",
)
BR_SETTLE_RENEGE = Rule(
    "BR-SETTLE-RENEGE",
    "bourre",
    "a renege payment recorded wrongly or missing",
    "With `renege_penalty: pot` each uncorrected illegal play costs its player\n"
    "min(pot, limit), paid into the next pot, and needs its own `settle NAME renege AMOUNT`\n"
    "line (a player who reneged twice has two). A card taken back with `(was CARD)` costs\n"
    "nothing but the chance to take the pot.",
    "settle dee renege 5",
    "(dee reneged; no `settle dee renege` line)",
    options=("renege_penalty", "limit"),
    kind="settlement",
    fix="Write one `settle NAME renege AMOUNT` line for each renege that stood (two for a\n"
    "player who reneged twice), for the pot's size (at most `limit`); none for a card\n"
    "taken back, and none at all under `renege_penalty: none`.",
)
BR_SETTLE_PENALTY = Rule(
    "BR-SETTLE-PENALTY",
    "bourre",
    "an early-announcement payment recorded wrongly or missing",
    "Each early announcement (BR-DECIDE-ORDER) costs its player `early_penalty`, paid into\n"
    "the next pot, and needs its own `settle NAME penalty AMOUNT` line when the hand's\n"
    "settlement is recorded. With `early_penalty: 0` no such line is expected (one for 0\n"
    "is not wrong).",
    "option early_penalty 1\n(bob announced early)\nsettle bob penalty 1",
    "option early_penalty 1\n(bob announced early; no `settle bob penalty` line)",
    options=("early_penalty",),
    kind="settlement",
    fix="Write one `settle NAME penalty AMOUNT` line for each player who announced early, for\n"
    "`early_penalty`; none when it is 0.",
)


class PlayRule:
    """One rule of play: "may I play this card?" (``allows``, given the card's bit, the
    player's hand as bits, the table and the house options) and, only when not, "why
    not?" (``evidence``).

    (A plain class, as :class:`PlayContext` is.)"""

    __slots__ = ("allows", "evidence", "rule")

    def __init__(
        self,
        rule: Rule,
        allows: Callable[[int, int, Table, PlayOptions], bool],
        evidence: Callable[[PlayContext], str],
    ) -> None:
        self.rule = rule
        self.allows = allows
        self.evidence = evidence


#: Rules 1-3 in the order a play is checked; the first that refuses it is the one reported.
PLAY_RULES: tuple[PlayRule, ...] = (
    PlayRule(BR_FOLLOW, follow_allows, follow_evidence),
    PlayRule(BR_HEAD, head_allows, head_evidence),
    PlayRule(BR_TRUMP, trump_allows, trump_evidence),
    PlayRule(BR_OVERTRUMP, overtrump_allows, overtrump_evidence),
)

#: Rule IDs whose breach is a renege (an illegal play).
RENEGE_RULES: frozenset[str] = frozenset([*(p.rule.id for p in PLAY_RULES), BR_CINCH.id])


def is_legal(bit: int, hand: int, table: Table, opts: PlayOptions) -> bool:
    """Whether rules 1-3 allow the card of ``bit`` from ``hand`` (bits, the card included)
    on ``table``: every rule's "may I?"."""
    return (
        follow_allows(bit, hand, table, opts)
        and head_allows(bit, hand, table, opts)
        and trump_allows(bit, hand, table, opts)
        and overtrump_allows(bit, hand, table, opts)
    )


def may_play(card: str, hand: int, table: Table, opts: PlayOptions, duty: CinchDuty | None) -> bool:
    """Whether every rule of play allows ``card`` (see :func:`is_legal`), the cinch's
    ``duty`` included: the "may I?" of :func:`first_breach`, which explains a refusal."""
    return is_legal(BIT[card], hand, table, opts) and cinch_allows(card, duty)


def allowed_bits(hand: int, table: Table, opts: PlayOptions) -> int:
    """The cards of ``hand`` (bits) that rules 1-3 allow on ``table`` (cinch duties not
    included), as bits."""
    allowed, rest = 0, hand
    while rest:
        bit = rest & -rest
        if is_legal(bit, hand, table, opts):
            allowed |= bit
        rest ^= bit
    return allowed


def legal_cards(
    hand: Iterable[str], trick: Iterable[str], trump: str | None, opts: BourreOptions
) -> frozenset[str]:
    """The cards of ``hand`` that rules 1-3 allow on ``trick`` (cinch duties not included)."""
    allowed = allowed_bits(bits_of(hand), table_of(tuple(trick), trump), PlayOptions(opts))
    return cards_of(allowed)


#: Rule IDs of a decision's faults: each is reported, several on one line if need be
#: (``bourre.md``, "Announcing early"), where a card gets one log fault and one renege.
DECISION_RULES: frozenset[str] = frozenset({BR_ACE_DEALER.id, BR_DRAW.id, BR_DECIDE_ORDER.id})

BOURRE_RULES: tuple[Rule, ...] = (
    BR_FOLLOW,
    BR_HEAD,
    BR_TRUMP,
    BR_OVERTRUMP,
    BR_CINCH,
    BR_ACE_DEALER,
    BR_DRAW,
    BR_DECIDE_ORDER,
    BR_SETTLE_ANTE,
    BR_SETTLE_POT,
    BR_SETTLE_WIN,
    BR_SETTLE_BOURRE,
    BR_SETTLE_RENEGE,
    BR_SETTLE_PENALTY,
)


def first_breach(ctx: PlayContext) -> tuple[Rule, str] | None:
    """The first play rule ``ctx`` breaks, with the evidence, or None for a legal play."""
    bits, bit, opts = bits_of(ctx.hand), BIT[ctx.card], PlayOptions(ctx.opts)
    for play_rule in PLAY_RULES:
        if not play_rule.allows(bit, bits, ctx.table, opts):
            return play_rule.rule, play_rule.evidence(ctx)
    evidence = check_cinch(ctx)
    return (BR_CINCH, evidence) if evidence is not None else None
