"""An independent random Bourré session generator: the oracle for the referee's tests.

:func:`generate_session` simulates real play at a Bourré table (deal, upcard, decisions,
discards and draws with the reshuffle, tricks played with random legal cards) and writes the
session as a hand log, together with what an independent reading of ``bourre.md`` expects
for every hand: the pot, who took it, each player's net, the carry, and the violations.

This module is a *second* reading of the rules. It deliberately imports nothing from
:mod:`referee.games.bourre` (the engine under test); only the card helpers and the options
dataclass are shared. Everything about legality, the cinch and the settlement is computed
here from the spec text:

* rules 1-3 (follow suit, head the trick, trump, overtrump, undertrump) with every option;
* the cinch, judged from what the log lets the player know (``bourre.md``, "The cinch"),
  and its duties, with "equivalent" trumps;
* steps 1-7 of the settlement, with exemptions, ``double_ante``, ``limit``,
  ``limit_caps_winner``, ``all_pass`` and ``renege_penalty``.

With ``illegal=RULE`` exactly one play of one hand breaks ``RULE`` first (in the spec's
order), optionally taken back with ``(was CARD)``; the rest of the session stays legal, and
later plays are judged on the trick as it actually stands.

Each hand's log detail (deal lines, decision lines, ``trump CARD`` or ``trump SUIT``) is
chosen *before* play, because it decides what the cinch lets a player know. Deals are
sometimes rigged (cards swapped, the deck stays a permutation) so that cinches, the
knowledge cases of the cinch, and overtrumping come up often.

The generator is built for volume: a benchmark generates tens of thousands of hands, so the
inner loops work on plain strings, ints and lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple, TypeVar

from referee.cards import RANK_VALUE, RANKS, SUITS
from referee.options import BourreOptions

__all__ = [
    "ILLEGAL_RULES",
    "ExpectedHand",
    "ExpectedViolation",
    "GeneratedSession",
    "classify_play",
    "generate_session",
    "judge_logged_plays",
    "legal_cards",
    "option_lines",
    "random_options",
]

#: The play rules :func:`generate_session` can break on purpose, in the spec's order.
ILLEGAL_RULES: tuple[str, ...] = ("BR-FOLLOW", "BR-HEAD", "BR-TRUMP", "BR-OVERTRUMP", "BR-CINCH")

_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_VAL: dict[str, int] = {c: RANK_VALUE[c[0]] for c in _DECK}
_ALL_VALUES: tuple[int, ...] = tuple(range(2, 15))
_ZERO = Decimal(0)
T = TypeVar("T")
_MAX_ATTEMPTS = 20000  # re-deals of the hand chosen for an illegal play
#: Chance of taking each opportunity to break a rule: spreads common rules over the hand,
#: takes rare ones (which would otherwise need many re-deals) as they come.
_INJECT_RATE: dict[str, float] = {
    "BR-FOLLOW": 0.25,
    "BR-HEAD": 0.5,
    "BR-TRUMP": 0.4,
    "BR-OVERTRUMP": 1.0,
    "BR-CINCH": 0.5,
}

#: Name pool: none is a keyword or looks like a card; a few use unicode, ``'``, ``-``, ``_``.
_NAMES: tuple[str, ...] = (
    "ann", "bob", "cy", "dee", "eve", "flo", "gus", "hal", "ivy", "jo", "kit", "lou",
    "max", "ned", "ola", "pat", "zoë", "Renée", "o'neil", "mary-jo", "bo_2", "Émile",
    "Sam", "Xavi", "Ulla", "yuki",
)  # fmt: skip


# ----------------------------------------------------------------------------- results


class ExpectedViolation(NamedTuple):
    """A violation the oracle expects: rule ID, player, trick number, card, taken back."""

    rule: str
    player: str
    trick: int | None
    card: str | None
    corrected: bool = False


@dataclass(slots=True)
class ExpectedHand:
    """What the oracle expects for one hand of a generated session.

    Money is :class:`~decimal.Decimal`. ``payouts`` has every seated player (0 included);
    ``totals`` is the running sum after this hand. ``tricks`` lists each trick's plays as
    ``(player, card, retracted_or_None)``. ``reshuffled`` is true when the stock ran out
    during the draw; ``hidden_exchange`` when an active player's exchange is not written
    (no decision line), so the log alone cannot tell how many cards were drawn.
    ``lines`` is the hand's block of log text
    (from ``hand N`` on); ``first_line`` is the 1-based line number of ``hand N``.
    """

    number: int
    dealer: str
    upcard: str
    trump: str
    active: list[str]
    tricks_won: dict[str, int]
    carry_in: Decimal
    exempt: frozenset[str]
    antes: list[str]
    pot: Decimal
    winner: str | None
    took: Decimal
    carry: Decimal
    bourre: dict[str, Decimal]
    reneges: list[tuple[str, Decimal]]
    payouts: dict[str, Decimal]
    totals: dict[str, Decimal]
    violations: list[ExpectedViolation]
    took_back: list[str]
    tricks: list[list[tuple[str, str, str | None]]]
    dealt: dict[str, list[str]]
    style: str
    reshuffled: bool = False
    hidden_exchange: bool = False
    lines: list[str] = field(default_factory=list)
    first_line: int = 0
    #: What the log shows of the hand (see :func:`judge_logged_plays`): each player's
    #: decision ``(plays, discards, draws)``, how it is written (``full``, ``discards``,
    #: ``count`` or ``omit``), whether their deal is written, whether `trump` names the card.
    decisions: dict[str, tuple[bool, list[str], list[str]]] = field(default_factory=dict)
    styles: dict[str, str] = field(default_factory=dict)
    deal_logged: dict[str, bool] = field(default_factory=dict)
    trump_card: bool = False


@dataclass(slots=True)
class GeneratedSession:
    """A generated log and the oracle's expectations for it."""

    text: str
    players: tuple[str, ...]
    options: BourreOptions
    header_lines: list[str]
    hands: list[ExpectedHand]
    totals: dict[str, Decimal]
    header_pot: Decimal | None = None
    header_exempt: tuple[str, ...] = ()

    def standalone_log(self, index: int) -> str:
        """A one-hand log reproducing hand ``index`` (0-based) with its money and dealer.

        The carried pot becomes the header's ``pot``, the hand's exemptions its ``exempt``
        line, and the dealer is stated; useful as a minimal reproduction.
        """
        hand = self.hands[index]
        out = [ln for ln in self.header_lines if not _is_header_money(ln)]
        if hand.carry_in:
            out.append(f"pot {hand.carry_in}")
        if hand.exempt and not self.options.double_ante:
            out.append("exempt " + " ".join(p for p in self.players if p in hand.exempt))
        out.append("")
        out.append("hand 1")
        out.append(f"dealer {hand.dealer}")
        for ln in hand.lines[1:]:
            if ln.strip().lower().startswith("dealer"):
                continue
            out.append(ln)
        return "\n".join(out) + "\n"


def _is_header_money(line: str) -> bool:
    word = line.strip().split(" ", 1)[0].lower()
    return word in ("pot", "exempt")


# ----------------------------------------------------------------------------- randomness


def _pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice`` from floats: a little faster, and just as reproducible per seed."""
    return seq[int(rng.random() * len(seq))]


def _shuffled(rng: random.Random, cards: list[str]) -> list[str]:
    """Fisher-Yates shuffle of ``cards`` in place, drawing floats (faster than ``shuffle``)."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# ----------------------------------------------------------------------------- rules 1-3


def legal_cards(
    hand: list[str], trick: list[tuple[str, str]], trump: str, o: BourreOptions
) -> list[str]:
    """The cards of ``hand`` that rules 1-3 allow, given the ``(player, card)`` plays so far."""
    if not trick:
        return list(hand)
    lead = trick[0][1][1]
    follow = [c for c in hand if c[1] == lead]
    if follow:
        if o.head_trick and (
            lead == trump or o.head_when_trumped or not any(c[1] == trump for _, c in trick)
        ):
            top = max(_VAL[c] for _, c in trick if c[1] == lead)
            beat = [c for c in follow if _VAL[c] > top]
            if beat:
                return beat
        return follow
    if o.must_trump:
        trumps = [c for c in hand if c[1] == trump]
        if trumps:
            if o.must_overtrump:
                tt = [_VAL[c] for _, c in trick if c[1] == trump]
                if tt:
                    top = max(tt)
                    beat = [c for c in trumps if _VAL[c] > top]
                    if beat:
                        return beat
                    return trumps if o.must_undertrump else list(hand)
            return trumps
    return list(hand)


def classify_play(
    card: str, hand: list[str], trick: list[tuple[str, str]], trump: str, o: BourreOptions
) -> str | None:
    """The first of rules 1-3 that playing ``card`` from ``hand`` breaks, or None.

    Returns ``BR-FOLLOW``, ``BR-HEAD``, ``BR-TRUMP`` or ``BR-OVERTRUMP`` (the cinch is judged
    separately). ``hand`` includes ``card``.
    """
    if not trick:
        return None
    lead = trick[0][1][1]
    if any(c[1] == lead for c in hand):
        if card[1] != lead:
            return "BR-FOLLOW"
        if o.head_trick and (
            lead == trump or o.head_when_trumped or not any(c[1] == trump for _, c in trick)
        ):
            top = max(_VAL[c] for _, c in trick if c[1] == lead)
            if _VAL[card] <= top and any(c[1] == lead and _VAL[c] > top for c in hand):
                return "BR-HEAD"
        return None
    if not o.must_trump or not any(c[1] == trump for c in hand):
        return None
    tt = [_VAL[c] for _, c in trick if c[1] == trump]
    if o.must_overtrump and tt:
        top = max(tt)
        can_beat = any(c[1] == trump and _VAL[c] > top for c in hand)
        if can_beat:
            if card[1] != trump:
                return "BR-TRUMP"
            if _VAL[card] <= top:
                return "BR-OVERTRUMP"
            return None
        if o.must_undertrump and card[1] != trump:
            return "BR-TRUMP"
        return None
    if card[1] != trump:
        return "BR-TRUMP"
    return None


def _wins(card: str, trick: list[tuple[str, str]], trump: str) -> bool:
    """Whether ``card`` played now would take the (non-empty) trick."""
    tt = [_VAL[c] for _, c in trick if c[1] == trump]
    if tt:
        return card[1] == trump and _VAL[card] > max(tt)
    if card[1] == trump:
        return True
    lead = trick[0][1][1]
    return card[1] == lead and _VAL[card] > max(_VAL[c] for _, c in trick if c[1] == lead)


def _trick_winner(trick: list[tuple[str, str]], trump: str) -> str:
    """The player who takes a complete trick."""
    lead = trick[0][1][1]
    best_p, best_c = trick[0]
    for p, c in trick[1:]:
        if c[1] == trump:
            if best_c[1] != trump or _VAL[c] > _VAL[best_c]:
                best_p, best_c = p, c
        elif c[1] == lead and best_c[1] == lead and _VAL[c] > _VAL[best_c]:
            best_p, best_c = p, c
    return best_p


# ----------------------------------------------------------------------------- the cinch


def _beatable(own: list[int], unseen: list[int]) -> int:
    """``c``: the maximum matching of unseen trumps onto strictly lower own trumps."""
    own = sorted(own)
    unseen = sorted(unseen)
    j = 0
    matched = 0
    n = len(unseen)
    for t in own:
        while j < n and unseen[j] <= t:
            j += 1
        if j == n:
            break
        matched += 1
        j += 1
    return matched


def _equivalents(own: list[str], unseen: set[int]) -> list[str]:
    """Own trumps with no unseen trump ranked between them and the highest own trump."""
    top = max(_VAL[c] for c in own)
    return [c for c in own if not any(_VAL[c] < u < top for u in unseen)]


def _stock_may_be_gone(
    o: BourreOptions,
    seats: int,
    active: Sequence[str],
    decisions: dict[str, tuple[bool, list[str], list[str]]],
    styles: dict[str, str],
    deal_logged: dict[str, bool],
) -> bool:
    """Whether the draws may have emptied the stock as far as the log shows (``bourre.md``,
    "The cinch"): each exchange the log sizes (a decision line, or a logged deal against the
    cards played) as its size, each other one as ``hand_size``, against the stock of
    52 - ``hand_size`` x players."""
    hs = o.hand_size
    drawn = 0
    for p in active:
        sized = styles[p] != "omit" or deal_logged[p]
        drawn += len(decisions[p][1]) if sized else hs
    return drawn > 52 - hs * seats


def _known_dead(
    o: BourreOptions,
    seats: int,
    dealer: str,
    upcard: str,
    trump_card: bool,
    active: Sequence[str],
    decisions: dict[str, tuple[bool, list[str], list[str]]],
    styles: dict[str, str],
    deal_logged: dict[str, bool],
    dealt: dict[str, list[str]],
    final: dict[str, list[str]],
) -> tuple[dict[str, set[int]], set[int]]:
    """The trumps each active player knows are dead from the start (as values): their own
    discards as the log shows them (none once the stock may have run out: they may have been
    dealt again), and for everyone the upcard when the log names it and shows it out of
    play."""
    trump = upcard[1]
    gone = _stock_may_be_gone(o, seats, active, decisions, styles, deal_logged)
    own_dead: dict[str, set[int]] = {}
    for p in active:
        discards = decisions[p][1]
        style = styles[p]
        if style in ("full", "discards") or not discards:
            known = discards
        elif deal_logged[p]:
            known = [c for c in dealt[p] if c not in final[p]]
        else:
            known = []
        own_dead[p] = set() if gone else {_VAL[c] for c in known if c[1] == trump}
    common_dead: set[int] = set()
    if trump_card and (dealer not in final or upcard not in final[dealer]):
        common_dead.add(_VAL[upcard])
    return own_dead, common_dead


def _cinched(
    players: Sequence[str],
    hands: dict[str, list[str]],
    won: dict[str, int],
    trump: str,
    own_dead: dict[str, set[int]],
    common_dead: set[int],
) -> set[str]:
    """The players holding a cinch at the start of a trick (three sure tricks)."""
    cinched: set[str] = set()
    for p in players:
        own = [_VAL[c] for c in hands[p] if c[1] == trump]
        if won[p] + len(own) < 3:
            continue
        dead = common_dead | own_dead[p]
        unseen = [v for v in _ALL_VALUES if v not in dead and v not in own]
        if won[p] + len(own) - _beatable(own, unseen) >= 3:
            cinched.add(p)
    return cinched


# ----------------------------------------------------------------------------- settlement


class _Money(NamedTuple):
    pot: Decimal
    winner: str | None
    took: Decimal
    carry: Decimal
    antes: list[str]
    bourre: dict[str, Decimal]
    reneges: list[tuple[str, Decimal]]
    payouts: dict[str, Decimal]
    exempt_next: frozenset[str]
    penalties: tuple[tuple[str, Decimal], ...] = ()  # (player, early-announcement fine)


def _settle(
    seats: tuple[str, ...],
    o: BourreOptions,
    carry_in: Decimal,
    exempt: frozenset[str],
    dealer: str,
    active: list[str],
    won: dict[str, int],
    reneges: list[tuple[str, bool]],
    early: Sequence[str] = (),
) -> _Money:
    """Steps 1-8 of ``bourre.md`` "Settlement" for one hand (``early``: the players who
    announced before their turn)."""
    paid = dict.fromkeys(seats, _ZERO)
    owed = [p for p in seats if o.double_ante or p not in exempt]
    for p in owed:
        paid[p] += o.ante
    if o.double_ante:
        for p in active:
            paid[p] += o.ante
    pot = carry_in + sum(paid.values(), _ZERO)
    limit = o.limit
    capped = min(pot, limit) if (o.limit_caps_winner and limit is not None) else pot
    fine = min(pot, limit) if limit is not None else pot
    winner: str | None = None
    took = _ZERO
    exempt_next: set[str] = set()
    bourre: dict[str, Decimal] = {}
    renege_pay: list[tuple[str, Decimal]] = []
    if not active:
        if o.all_pass == "dealer":
            winner, took = dealer, capped
    elif len(active) == 1:
        winner, took = active[0], capped
    else:
        most = max(won[p] for p in active)
        top = [p for p in active if won[p] == most]
        renegers = {p for p, _ in reneges}
        if len(top) == 1:
            if top[0] not in renegers:
                winner, took = top[0], capped
        else:
            exempt_next.update(top)
        for p in active:
            if won[p] == 0:
                bourre[p] = fine
                exempt_next.add(p)
        if o.renege_penalty == "pot":
            renege_pay = [(p, fine) for p, corrected in reneges if not corrected]
    penalties = [(p, o.early_penalty) for p in early] if o.early_penalty else []
    fines = renege_pay + penalties
    carry = pot - took + sum(bourre.values(), _ZERO) + sum((a for _, a in fines), _ZERO)
    payouts: dict[str, Decimal] = {}
    for p in seats:
        net = -paid[p] - bourre.get(p, _ZERO) - sum((a for q, a in fines if q == p), _ZERO)
        if p == winner:
            net += took
        payouts[p] = net
    if o.double_ante:
        exempt_next = set()
    return _Money(pot, winner, took, carry, owed, bourre, renege_pay, payouts,
                  frozenset(exempt_next), tuple(penalties))  # fmt: skip


# ----------------------------------------------------------------------------- one hand


class _Injection:
    """Deliberate illegal plays still to make: the rule, how many, whether taken back."""

    __slots__ = ("corrected", "count", "rate", "remaining", "rule")

    def __init__(self, rule: str, corrected: bool, rate: float, count: int) -> None:
        self.rule = rule
        self.corrected = corrected
        self.rate = rate
        self.count = count
        self.remaining = count

    @property
    def done(self) -> bool:
        """Whether every illegal play has been made."""
        return self.remaining == 0


class _HandPlay:
    """The physical course of one hand (before it is written as text)."""

    __slots__ = (
        "active",
        "deal_logged",
        "dealer",
        "dealt",
        "decisions",
        "final",
        "order",
        "reneges",
        "reshuffled",
        "styles",
        "swap",
        "took_back",
        "tricks",
        "trump",
        "trump_card",
        "upcard",
        "violations",
        "won",
    )  # fmt: skip

    def __init__(self) -> None:
        self.active: list[str] = []
        self.dealer = ""
        self.decisions: dict[str, tuple[bool, list[str], list[str]]] = {}
        self.dealt: dict[str, list[str]] = {}
        self.final: dict[str, list[str]] = {}
        self.order: list[str] = []
        self.styles: dict[str, str] = {}
        self.deal_logged: dict[str, bool] = {}
        self.took_back: list[str] = []
        self.tricks: list[list[tuple[str, str, str | None]]] = []
        self.trump = ""
        self.trump_card = False
        self.upcard = ""
        self.violations: list[ExpectedViolation] = []
        self.won: dict[str, int] = {}
        self.reneges: list[tuple[str, bool]] = []
        self.reshuffled = False
        self.swap: int | None = None  # written decision lines i and i+1 change places


_DECISION_STYLES = ("full", "discards", "count", "omit")
_DISCARD_EDGES = (0.3, 0.5, 0.7, 0.85, 0.95)


def _play_hand(
    rng: random.Random,
    seats: tuple[str, ...],
    dealer: str,
    o: BourreOptions,
    detail: str,
    play_prob: float,
    inj: _Injection | None,
    retract_rate: float,
    cinch_bias: float,
    trump_lean: float,
) -> _HandPlay:
    """Deal, decide, draw and play one hand with random legal choices (and any injection)."""
    hs = o.hand_size
    n = len(seats)
    h = _HandPlay()
    if inj is not None:
        inj.remaining = inj.count  # a fresh attempt at this hand
    h.dealer = dealer
    d = seats.index(dealer)
    order = [seats[(d + 1 + i) % n] for i in range(n)]
    h.order = order
    deck = _shuffled(rng, list(_DECK))
    hands: dict[str, list[str]] = {p: deck[i * hs : (i + 1) * hs] for i, p in enumerate(order)}
    stock = deck[n * hs :]
    upcard = hands[dealer][-1]
    trump = upcard[1]

    forced: str | None = None  # a player dealt strong trumps, who will play
    planned: str | None = None  # a card ``forced`` will discard (or the dealer, the upcard)
    x = rng.random()
    if inj is not None and inj.rule == "BR-CINCH" and x < 0.4:
        forced = rng.choice(order)
        want = [r + trump for r in "AKQJ" if r + trump != upcard or forced == dealer][:3]
        _rig_trumps(rng, hands, stock, forced, dealer, upcard, want)
    elif inj is not None and inj.rule == "BR-OVERTRUMP" and x < 0.8:
        # Trump-heavy hands leave side suits void: trumping and overtrumping get common.
        pool = [r + trump for r in RANKS if r + trump != upcard]
        for p in rng.sample(order, min(len(order), 4)):
            _rig_trumps(rng, hands, stock, p, dealer, upcard, rng.sample(pool, 2))
    elif (inj is not None and inj.rule == "BR-CINCH" and x < 0.9) or x < cinch_bias:
        forced, planned, upcard = _rig_scenario(rng, hands, stock, order, dealer, upcard)
    h.upcard, h.trump = upcard, trump
    h.dealt = {p: list(hands[p]) for p in order}

    # How the log will show this hand: it decides what each player may know.
    if detail == "full":
        h.deal_logged = dict.fromkeys(order, True)
        h.trump_card = True
        h.styles = dict.fromkeys(order, "full")
    elif detail == "plays-only":
        h.deal_logged = dict.fromkeys(order, False)
        h.trump_card = rng.random() < 0.2
        h.styles = dict.fromkeys(order, "omit")
    else:
        x = rng.random()
        if x < 0.35:
            h.deal_logged = dict.fromkeys(order, True)
        elif x < 0.5:
            h.deal_logged = {p: rng.random() < 0.5 for p in order}
        else:
            h.deal_logged = dict.fromkeys(order, False)
        h.trump_card = rng.random() < 0.6
        y = rng.random()
        if y < 0.25:
            h.styles = dict.fromkeys(order, "full")
        elif y < 0.45:
            h.styles = dict.fromkeys(order, "omit")
        else:
            h.styles = {p: rng.choice(_DECISION_STYLES) for p in order}

    # Decisions and the draw.
    discard_pile: list[tuple[str, str]] = []
    folded: list[str] = []
    ace_rule = o.dealer_plays_ace and upcard[0] == "A"
    for p in order:
        plays = rng.random() < play_prob or p == forced or (p == dealer and ace_rule)
        if not plays:
            h.decisions[p] = (False, [], [])
            folded.extend(hands[p])
            continue
        x = rng.random()
        k = sum(x >= edge for edge in _DISCARD_EDGES)  # 0 cards 30%, 1 20%, ... 5 cards 5%
        if p == forced and inj is not None:
            k = 0
        k = min(k, hs)
        held = hands[p]
        if planned is not None and planned in held and p in (forced, dealer):
            rest = [c for c in held if c != planned]
            discards = [planned, *rng.sample(rest, min(max(k, 1), hs) - 1)]
            k = len(discards)
        else:
            discards = rng.sample(held, k) if k else []
        for c in discards:
            held.remove(c)
            discard_pile.append((p, c))
        draws: list[str] = []
        while len(draws) < k:
            if not stock:
                stock = [c for q, c in discard_pile if q != p] + folded
                discard_pile = [(q, c) for q, c in discard_pile if q == p]
                folded = []
                stock = _shuffled(rng, stock)
                h.reshuffled = True
            draws.append(stock.pop())
        held.extend(draws)
        h.decisions[p] = (True, discards, draws)
    active = [p for p in order if h.decisions[p][0]]
    h.active = active
    h.final = {p: list(hands[p]) for p in active}
    h.won = dict.fromkeys(active, 0)
    if len(active) < 2:
        return h

    # What each player knows is dead: own discards as the log shows them, the upcard.
    own_dead, common_dead = _known_dead(
        o, n, dealer, upcard, h.trump_card, active, h.decisions, h.styles, h.deal_logged,
        h.dealt, h.final,
    )  # fmt: skip

    won = h.won
    leader = active[0]
    na = len(active)
    for t in range(1, hs + 1):
        li = active.index(leader)
        seq = active[li:] + active[:li]
        cinched = _cinched(seq, hands, won, trump, own_dead, common_dead) if o.cinch else set()
        trick: list[tuple[str, str]] = []
        record: list[tuple[str, str, str | None]] = []
        for i, p in enumerate(seq):
            held = hands[p]
            legal = legal_cards(held, trick, trump, o)
            allowed = legal
            if p in cinched:
                allowed = _cinch_allowed(
                    held, legal, trick, trump, i == na - 1, common_dead | own_dead[p], o.cinch_last
                )
            retracted: str | None = None
            card: str | None = None
            if inj is not None and not inj.done and rng.random() < inj.rate:
                bad = [
                    c
                    for c in held
                    if c not in allowed
                    and (classify_play(c, held, trick, trump, o) or "BR-CINCH") == inj.rule
                ]
                if bad:
                    inj.remaining -= 1
                    wrong = rng.choice(bad)
                    h.violations.append(ExpectedViolation(inj.rule, p, t, wrong, inj.corrected))
                    h.reneges.append((p, inj.corrected))
                    if inj.corrected:
                        retracted = wrong
                        if p not in h.took_back:
                            h.took_back.append(p)
                    else:
                        card = wrong
            if card is None:
                if trump_lean and rng.random() < trump_lean:
                    trumps_ok = [c for c in allowed if c[1] == trump]
                    card = _pick(rng, trumps_ok or allowed)
                else:
                    card = _pick(rng, allowed)
                if retracted is None and retract_rate and rng.random() < retract_rate:
                    others = [c for c in allowed if c != card]
                    if others:
                        retracted = rng.choice(others)
            held.remove(card)
            trick.append((p, card))
            record.append((p, card, retracted))
        h.tricks.append(record)
        leader = _trick_winner(trick, trump)
        won[leader] += 1
        for _, c in trick:
            if c[1] == trump:
                common_dead.add(_VAL[c])
    return h


def judge_logged_plays(
    hand: ExpectedHand,
    o: BourreOptions,
    seats: int,
    *,
    styles: dict[str, str] | None = None,
    deal_logged: dict[str, bool] | None = None,
) -> list[ExpectedViolation]:
    """The illegal plays of a generated hand (standing or taken back), judged again from
    its tricks and from what its log shows: with ``styles`` or ``deal_logged`` (see
    :class:`ExpectedHand`), as if the log showed the decisions or deals so instead.

    With the hand's own detail this gives the play violations the generator expects (a test
    checks it); with less detail the cinch may be judged otherwise (fewer dead cards: a
    cinch unseen, or fewer equivalent trumps), exactly as ``bourre.md`` says it is judged
    from what the log shows. Rules 1-3 do not depend on what the log shows.
    """
    active = hand.active
    if len(active) < 2:
        return []
    trump = hand.trump
    final = {p: [c for trick in hand.tricks for q, c, _ in trick if q == p] for p in active}
    own_dead, common_dead = _known_dead(
        o, seats, hand.dealer, hand.upcard, hand.trump_card, active, hand.decisions,
        styles or hand.styles, deal_logged or hand.deal_logged, hand.dealt, final,
    )  # fmt: skip
    hands = {p: list(cards) for p, cards in final.items()}
    won = dict.fromkeys(active, 0)
    found: list[ExpectedViolation] = []
    for t, record in enumerate(hand.tricks, 1):
        seq = [p for p, _, _ in record]
        cinched = _cinched(seq, hands, won, trump, own_dead, common_dead) if o.cinch else set()
        trick: list[tuple[str, str]] = []
        for i, (p, card, back) in enumerate(record):
            held = hands[p]  # (a card taken back is still in the hand: it is played later)
            allowed = legal_cards(held, trick, trump, o)
            if p in cinched:
                dead = common_dead | own_dead[p]
                last = i == len(record) - 1
                allowed = _cinch_allowed(held, allowed, trick, trump, last, dead, o.cinch_last)
            for c, corrected in ((back, True), (card, False)):
                if c is not None and c not in allowed:
                    rule = classify_play(c, held, trick, trump, o) or "BR-CINCH"
                    found.append(ExpectedViolation(rule, p, t, c, corrected))
            held.remove(card)
            trick.append((p, card))
        won[_trick_winner(trick, trump)] += 1
        common_dead.update(_VAL[c] for _, c in trick if c[1] == trump)
    return found


def _cinch_allowed(
    held: list[str],
    legal: list[str],
    trick: list[tuple[str, str]],
    trump: str,
    last: bool,
    dead: set[int],
    last_rule: str = "win",
) -> list[str]:
    """The legal cards that also meet the cinch duties (``bourre.md``, "The cinch").

    A trump already in the trick is not dead: one ranked between the highest trump held and
    a lower one keeps the lower one from counting as the highest.
    """
    own = [c for c in held if c[1] == trump]
    seen = dead | {_VAL[c] for c in own}
    unseen = {v for v in _ALL_VALUES if v not in seen}
    if not trick:
        if not own:
            return legal
        return _equivalents(own, unseen)
    lead = trick[0][1][1]
    may_trump = bool(own) and (lead == trump or not any(c[1] == lead for c in held))
    if last:
        winners = [c for c in legal if _wins(c, trick, trump)]
        if last_rule == "highest" and may_trump and winners:
            top = [c for c in winners if c in set(_equivalents(own, unseen))]
            return top or winners
        return winners or legal
    if may_trump:
        eq = set(_equivalents(own, unseen))
        allowed = [c for c in legal if c in eq]
        if not allowed:  # pragma: no cover - rules 1-3 always allow the highest trump here
            raise AssertionError("cinch duty with no legal card")
        return allowed
    return legal


def _rig_scenario(
    rng: random.Random,
    hands: dict[str, list[str]],
    stock: list[str],
    order: list[str],
    dealer: str,
    upcard: str,
) -> tuple[str, str | None, str]:
    """Deal one player strong trumps, often with the one missing high trump made *known*.

    Returns ``(player, planned, upcard)``: ``player`` holds three of the four top trumps;
    the fourth is, at random, dealt to that player to be discarded (``planned``), made the
    upcard (which the dealer may discard or pass with: ``planned`` is then the upcard), or
    left where the deal put it. These are the spec's knowledge cases for the cinch.
    """
    trump = upcard[1]
    player = dealer if rng.random() < 0.3 else rng.choice(order)  # the dealer plays last
    x = rng.random()
    if x < 0.3:
        want = rng.sample([r + trump for r in "AKQJT98"], rng.choice((3, 3, 4)))
        want = [c for c in want if c != upcard or player == dealer]
        _rig_trumps(rng, hands, stock, player, dealer, upcard, want)
        return player, None, upcard
    ranks = "AKQJ"
    missing = ranks[rng.randrange(4)] + trump
    want = [r + trump for r in ranks if r + trump != missing]
    if player != dealer and upcard in want:
        want.remove(upcard)
    if x < 0.65 and (missing != upcard or player == dealer):
        _rig_trumps(rng, hands, stock, player, dealer, upcard, [*want, missing])
        return player, (missing if missing in hands[player] else None), upcard
    if player != dealer and missing != upcard:
        # Make the missing trump the upcard: swap it with the dealer's last card.
        up_hand = hands[dealer]
        for other in hands.values():
            if missing in other:
                other[other.index(missing)] = upcard
                break
        else:
            stock[stock.index(missing)] = upcard
        up_hand[-1] = missing
        upcard = missing
        want = [c for c in want if c != upcard]
        _rig_trumps(rng, hands, stock, player, dealer, upcard, want)
        return player, (upcard if rng.random() < 0.6 else None), upcard
    _rig_trumps(rng, hands, stock, player, dealer, upcard, want)
    return player, None, upcard


def _rig_trumps(
    rng: random.Random,
    hands: dict[str, list[str]],
    stock: list[str],
    player: str,
    dealer: str,
    upcard: str,
    want: list[str],
) -> None:
    """Swap the ``want`` cards into ``player``'s hand (never moving the upcard).

    Used to make cinches common: every swap exchanges two cards, so the deal stays a
    permutation of the deck.
    """
    trump = upcard[1]
    held = hands[player]
    for card in want:
        if card in held or (card == upcard and player != dealer):
            continue
        slots = [i for i, c in enumerate(held) if c[1] != trump and c != upcard]
        if player == dealer:
            slots = [i for i in slots if i != len(held) - 1]
        if not slots:
            return
        i = rng.choice(slots)
        mine = held[i]
        for q, other in hands.items():
            if card in other:
                if q == dealer and other[-1] == card:
                    break  # never move the upcard
                other[other.index(card)] = mine
                held[i] = card
                break
        else:
            stock[stock.index(card)] = mine
            held[i] = card


# ----------------------------------------------------------------------------- text


_KEYWORD_CASES = ("lower", "lower", "lower", "title", "upper")
_CARD_STYLES = ("plain", "plain", "lower", "ten", "symbol", "hollow", "mixed")
_MIXED_CARDS = ("plain", "lower", "ten", "symbol", "hollow", "upper")
#: With ``varied_spelling``: also ``jC`` (rank in lower case, suit in upper case).
_VARIED_CARD_STYLES = (*_CARD_STYLES, "swapped")
_VARIED_MIXED_CARDS = (*_MIXED_CARDS, "swapped")
_GAME_WORDS = ("bourre", "bourre", "bourré", "booray", "Bourre")
_HAND_STYLES = ("full", "plays-only", "mixed", "mixed")


class _Writer:
    """Renders cards, names and keywords in a per-hand style."""

    __slots__ = ("card_style", "colon", "commas", "kw_case", "mixed_cards", "name_case", "rng")

    def __init__(self, rng: random.Random, fancy: bool, varied: bool = False) -> None:
        self.rng = rng
        self.mixed_cards = _VARIED_MIXED_CARDS if varied else _MIXED_CARDS
        if fancy:
            self.card_style = rng.choice(_VARIED_CARD_STYLES if varied else _CARD_STYLES)
            self.name_case = rng.choice(("as", "as", "lower", "upper", "title", "mixed"))
            self.kw_case = rng.choice(_KEYWORD_CASES)
            self.colon = rng.random() < 0.5
            self.commas = rng.random() < 0.5
        else:
            self.card_style = "plain"
            self.name_case = "as"
            self.kw_case = "lower"
            self.colon = True
            self.commas = True

    def kw(self, word: str) -> str:
        if self.kw_case == "lower":
            return word
        if self.kw_case == "upper":
            return word.upper()
        return word.capitalize()

    def name(self, name: str) -> str:
        style = self.name_case
        if style == "mixed":
            style = _pick(self.rng, ("as", "lower", "upper", "title"))
        if style == "as":
            return name
        if style == "lower":
            return name.lower()
        if style == "upper":
            return name.upper()
        return name[:1].upper() + name[1:]

    def card(self, card: str) -> str:
        style = self.card_style
        if style == "plain":
            return card
        if style == "mixed":
            style = _pick(self.rng, self.mixed_cards)
        rank, suit = card[0], card[1]
        if style == "lower":
            return card.lower()
        if style == "upper":
            return card.upper()
        if style == "swapped":
            return rank.lower() + suit.upper()
        if style == "ten":
            return ("10" if rank == "T" else rank) + suit
        symbols = "♠♥♦♣" if style == "symbol" else "♤♡♢♧"
        return ("10" if rank == "T" else rank) + symbols[SUITS.index(suit)]

    def cards(self, cards: list[str]) -> str:
        return " ".join(self.card(c) for c in cards)


_SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _money(amount: Decimal) -> str:
    return str(amount)


def _write_hand(
    rng: random.Random,
    number: int,
    h: _HandPlay,
    m: _Money,
    o: BourreOptions,
    detail: str,
    settle: bool,
    write_dealer: bool,
    varied: bool = False,
) -> list[str]:
    """The log lines of one hand (``varied``: with varied spelling whatever the detail)."""
    fancy = varied or detail == "mixed"
    w = _Writer(rng, fancy, varied)
    colon = ":" if w.colon else ""
    indent = "  " if fancy and rng.random() < 0.2 else ""
    lines = [f"{w.kw('hand')} {number}"]
    if write_dealer:
        lines.append(f"{indent}{w.kw('dealer')}{colon} {w.name(h.dealer)}")
    full = detail == "full"
    if m.antes and (full or (fancy and rng.random() < 0.3)):  # first antes only
        names = " ".join(w.name(p) for p in m.antes)
        lines.append(f"{indent}{w.kw('ante')}{colon} {names}")
    for p in h.order:
        if h.deal_logged[p]:
            lines.append(f"{indent}{w.kw('deal')} {w.name(p)} {w.cards(h.dealt[p])}")
    if h.trump_card:
        trump_text = w.card(h.upcard)
    elif fancy:
        x = rng.random()
        word = _SUIT_WORDS[h.trump]
        trump_text = _SUIT_SYMBOLS[h.trump] if x < 0.3 else word[:-1] if x < 0.45 else w.kw(word)
    else:
        trump_text = _SUIT_WORDS[h.trump]
    comment = "   # the upcard" if fancy and rng.random() < 0.1 else ""
    lines.append(f"{indent}{w.kw('trump')}{colon} {trump_text}{comment}")
    decided: list[str] = []
    for p in _written_decisions(h):
        plays, discards, draws = h.decisions[p]
        style = _decision_style(h, p)
        who = w.name(p)
        if not plays:
            word = "fold" if fancy and rng.random() < 0.2 else "pass"
            decided.append(f"{indent}{who} {w.kw(word)}")
            continue
        verb = w.kw("stand" if fancy and rng.random() < 0.2 else "play")
        if not discards:
            decided.append(f"{indent}{who} {verb}")
        elif style == "count":
            decided.append(f"{indent}{who} {w.kw('play')} {w.kw('discard')} {len(discards)}")
        elif style == "discards":
            decided.append(f"{indent}{who} {w.kw('play')} {w.kw('discard')} {w.cards(discards)}")
        else:
            decided.append(
                f"{indent}{who} {w.kw('play')} {w.kw('discard')} {w.cards(discards)} "
                f"{w.kw('draw')} {w.cards(draws)}"
            )
    if h.swap is not None:  # an announcement made before its turn
        i = h.swap
        decided[i], decided[i + 1] = decided[i + 1], decided[i]
    lines.extend(decided)
    sep = ", " if w.commas else " "
    numbered = not fancy or rng.random() < 0.8
    for t, record in enumerate(h.tricks, 1):
        plays_text = []
        for p, c, back in record:
            text = f"{w.name(p)} {w.card(c)}"
            if back is not None:
                text += f" ({w.kw('was')} {w.card(back)})"
            plays_text.append(text)
        head = f"{w.kw('trick')} {t}{colon}" if numbered else f"{w.kw('trick')}{colon}"
        lines.append(f"{indent}{head} {sep.join(plays_text)}")
    if settle and _can_record(h, o) and (full or (fancy and rng.random() < 0.4)):
        s = w.kw("settle")
        if full or rng.random() < 0.6:
            lines.append(f"{indent}{s} {w.kw('pot')} {_money(m.pot)}")
        if m.winner is not None:
            lines.append(f"{indent}{s} {w.name(m.winner)} {w.kw('wins')} {_money(m.took)}")
        else:
            lines.append(f"{indent}{s} {w.kw('split')}")
        for p, amount in m.bourre.items():
            word = "bourré" if fancy and rng.random() < 0.3 else "bourre"
            lines.append(f"{indent}{s} {w.name(p)} {w.kw(word)} {_money(amount)}")
        for p, amount in m.reneges:
            lines.append(f"{indent}{s} {w.name(p)} {w.kw('renege')} {_money(amount)}")
        for p, amount in m.penalties:
            lines.append(f"{indent}{s} {w.name(p)} {w.kw('penalty')} {_money(amount)}")
        if h.swap is not None and not m.penalties and fancy and rng.random() < 0.3:
            early = _written_decisions(h)[h.swap + 1]  # (a line for 0 is not wrong)
            lines.append(f"{indent}{s} {w.name(early)} {w.kw('penalty')} 0")
    if fancy and rng.random() < 0.15:
        lines.append("")
    return lines


def _decision_style(h: _HandPlay, p: str) -> str:
    """How player ``p``'s decision is written (``omit``: not at all)."""
    style = h.styles[p]
    plays = h.decisions[p][0]
    if style == "omit" and len(h.active) == 1 and plays:
        return "count"  # the lone player's decision is written: no trick shows it
    return style


def _written_decisions(h: _HandPlay) -> list[str]:
    """The players whose decision line the log has, in turn order."""
    return [p for p in h.order if _decision_style(h, p) != "omit"]


def _can_record(h: _HandPlay, o: BourreOptions) -> bool:
    """Whether a recorded settlement can be written without an unsettled reading.

    With ``renege_penalty: none`` the spec does not say whether an uncorrected renege still
    needs a ``settle NAME renege 0`` line, so such hands are left unrecorded.
    """
    return o.renege_penalty == "pot" or not any(not c for _, c in h.reneges)


# ----------------------------------------------------------------------------- options


def option_lines(o: BourreOptions) -> list[str]:
    """``option KEY VALUE`` lines for every option that differs from the default."""
    default = BourreOptions()
    out = []
    for key in BourreOptions.__slots__:
        value = getattr(o, key)
        if value == getattr(default, key):
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif value is None:
            text = "none"
        else:
            text = str(value)
        out.append(f"option {key} {text}")
    return out


def random_options(rng: random.Random) -> BourreOptions:
    """A random but sensible combination of house options (often the defaults)."""
    if rng.random() < 0.3:
        return BourreOptions()
    limit = rng.choice((None, None, Decimal(3), Decimal(5), Decimal("2.50"), Decimal(20)))
    return BourreOptions(
        ante=rng.choice((Decimal(1), Decimal(1), Decimal("0.50"), Decimal(2), Decimal("0.25"))),
        limit=limit,
        limit_caps_winner=limit is not None and rng.random() < 0.5,
        hand_size=4 if rng.random() < 0.2 else 5,
        head_trick=rng.random() < 0.8,
        head_when_trumped=rng.random() < 0.3,
        must_trump=rng.random() < 0.85,
        must_overtrump=rng.random() < 0.8,
        must_undertrump=rng.random() < 0.8,
        cinch=rng.random() < 0.85,
        cinch_last="highest" if rng.random() < 0.3 else "win",
        dealer_plays_ace=rng.random() < 0.85,
        double_ante=rng.random() < 0.2,
        all_pass="dealer" if rng.random() < 0.3 else "carry",
        renege_penalty="none" if rng.random() < 0.2 else "pot",
        decisions="simultaneous" if rng.random() < 0.15 else "turn",
        early_penalty=rng.choice((Decimal(0), Decimal(0), Decimal(1), Decimal("0.50"))),
    )


def _check_injectable(rule: str, o: BourreOptions) -> None:
    needs = {
        "BR-FOLLOW": True,
        "BR-HEAD": o.head_trick,
        "BR-TRUMP": o.must_trump,
        "BR-OVERTRUMP": o.must_trump and o.must_overtrump,
        "BR-CINCH": o.cinch,
    }
    if rule not in needs:
        raise ValueError(f"cannot inject {rule!r}; choose one of {', '.join(ILLEGAL_RULES)}")
    if not needs[rule]:
        raise ValueError(f"{rule} cannot be broken under these house options")


# ----------------------------------------------------------------------------- the session


def generate_session(
    rng: random.Random,
    *,
    players: int | None = None,
    hands: int = 10,
    options: BourreOptions | None = None,
    detail: str = "mixed",
    settle: bool = True,
    illegal: str | None = None,
    corrected: bool = False,
    illegal_hand: int | None = None,
    retractions: bool = True,
    cinch_bias: float = 0.3,
    illegal_count: int = 1,
    early_rate: float | None = None,
    varied_spelling: bool = False,
) -> GeneratedSession:
    """Simulate a Bourré session and write it as a hand log, with the oracle's verdicts.

    ``players`` (2-8) defaults to a random count; ``options`` to the defaults; ``detail`` is
    ``"full"``, ``"plays-only"`` or ``"mixed"`` (chosen per hand, with varied syntax).
    ``settle`` allows recorded ``settle`` lines (always correct). ``illegal`` names one rule
    of :data:`ILLEGAL_RULES`: exactly one play of one hand (``illegal_hand``, 0-based, random
    by default) breaks that rule first; with ``corrected`` it is taken back with
    ``(was CARD)``; ``illegal_count`` plays of that hand (default one) break it.
    ``retractions`` allows legal cards taken back (no violation) in mixed
    detail. ``cinch_bias`` is the chance per hand that one player is dealt three or four of
    the six highest trumps, so that cinches (and what a player can know) get exercised.
    ``early_rate`` is the chance per hand (under ``decisions: turn``) that two written
    decision lines change places: the later-due player announced early (BR-DECIDE-ORDER);
    by default 0.1, or 0 when ``illegal`` injects a play.
    ``varied_spelling`` writes every hand the way mixed-detail hands are written (cards,
    keyword case, colons, commas, names, aliases, comments), whatever its detail, and adds
    the spelling ``jC``; by default only mixed-detail hands vary.
    """
    if detail not in ("mixed", "full", "plays-only"):
        raise ValueError("detail must be 'mixed', 'full' or 'plays-only'")
    if early_rate is None:
        early_rate = 0.1 if illegal is None else 0.0
    o = options or BourreOptions()
    fewest = 3 if illegal == "BR-OVERTRUMP" else 2  # overtrumping needs a third player
    n = players if players is not None else rng.randint(fewest, 8)
    if not 2 <= n <= 8:
        raise ValueError("Bourré needs 2 to 8 players")
    if n < fewest:
        raise ValueError(f"{illegal} cannot be broken with {n} players")
    if hands < 1:
        raise ValueError("a session needs at least one hand")
    if illegal is not None:
        _check_injectable(illegal, o)
    names = rng.sample(_NAMES, n)
    seats = tuple(names)
    fancy_header = detail == "mixed"

    header: list[str] = []
    if fancy_header and rng.random() < 0.3:
        header.append("# generated Bourré session")
    game_word = rng.choice(_GAME_WORDS) if fancy_header else "bourre"
    header.append(f"game {game_word}")
    header.append("players " + " ".join(seats))
    header.extend(option_lines(o))
    if fancy_header and rng.random() < 0.2:
        header.append("title friday night")
    header_pot: Decimal | None = None
    header_exempt: tuple[str, ...] = ()
    if fancy_header and rng.random() < 0.2:
        header_pot = rng.choice((Decimal(3), Decimal("4.50"), Decimal(10)))
        header.append(f"pot {header_pot}")
    if fancy_header and rng.random() < 0.2:
        header_exempt = tuple(p for p in seats if rng.random() < 0.3)[: n - 1]
        if header_exempt:
            header.append("exempt " + " ".join(header_exempt))

    play_prob = rng.uniform(0.35, 0.95)
    trump_lean = rng.choice((0.0, 0.0, 0.2, 0.5))  # some tables play their trumps early
    inject_at = -1
    if illegal is not None:
        inject_at = illegal_hand if illegal_hand is not None else rng.randrange(hands)
        if not 0 <= inject_at < hands:
            raise ValueError("illegal_hand out of range")
    retract_rate = 0.03 if (retractions and detail == "mixed") else 0.0

    carry = header_pot or _ZERO
    exempt = frozenset() if o.double_ante else frozenset(header_exempt)
    dealer = rng.choice(seats)
    skips: list[str] = []
    totals = dict.fromkeys(seats, _ZERO)
    text_lines = list(header)
    results: list[ExpectedHand] = []
    for k in range(hands):
        style = detail if detail != "mixed" else rng.choice(_HAND_STYLES)
        inj = (
            _Injection(illegal, corrected, _INJECT_RATE[illegal], illegal_count)
            if (illegal and k == inject_at)
            else None
        )
        for _attempt in range(_MAX_ATTEMPTS):
            stay = play_prob if inj is None else max(play_prob, 0.85)
            h = _play_hand(
                rng, seats, dealer, o, style, stay, inj, retract_rate, cinch_bias, trump_lean
            )
            if inj is None or inj.done:
                break
        else:
            raise RuntimeError(f"could not find a position to break {illegal}")
        early: list[str] = []
        if o.decisions == "turn" and early_rate and rng.random() < early_rate:
            written = _written_decisions(h)
            if len(written) >= 2:
                h.swap = rng.randrange(len(written) - 1)
                early = [written[h.swap + 1]]
                h.violations.append(ExpectedViolation("BR-DECIDE-ORDER", early[0], None, None))
        m = _settle(seats, o, carry, exempt, dealer, h.active, h.won, h.reneges, early)
        write_dealer = k == 0 or style == "full" or (style == "mixed" and rng.random() < 0.3)
        block = _write_hand(rng, k + 1, h, m, o, style, settle, write_dealer, varied_spelling)
        text_lines.append("")
        first_line = len(text_lines) + 1
        text_lines.extend(block)
        for p, net in m.payouts.items():
            totals[p] += net
        results.append(
            ExpectedHand(
                number=k + 1,
                dealer=dealer,
                upcard=h.upcard,
                trump=h.trump,
                active=list(h.active),
                tricks_won=dict(h.won),
                carry_in=carry,
                exempt=exempt,
                antes=m.antes,
                pot=m.pot,
                winner=m.winner,
                took=m.took,
                carry=m.carry,
                bourre=m.bourre,
                reneges=m.reneges,
                payouts=m.payouts,
                totals=dict(totals),
                violations=h.violations,
                took_back=h.took_back,
                tricks=h.tricks,
                dealt=h.dealt,
                style=style,
                reshuffled=h.reshuffled,
                hidden_exchange=any(h.styles[p] == "omit" and h.decisions[p][1] for p in h.active),
                lines=block,
                first_line=first_line,
                decisions=dict(h.decisions),
                styles={p: _decision_style(h, p) for p in h.order},
                deal_logged=dict(h.deal_logged),
                trump_card=h.trump_card,
            )
        )
        carry = m.carry
        exempt = m.exempt_next
        for p in [*h.took_back, *early]:
            if p not in skips:
                skips.append(p)
        dealer = _next_dealer(seats, dealer, skips)

    text = "\n".join(text_lines) + "\n"
    if fancy_header:
        x = rng.random()
        if x < 0.1:
            text = text.replace("\n", "\r\n")
        elif x < 0.15:
            text = "\ufeff" + text
    return GeneratedSession(
        text=text,
        players=seats,
        options=o,
        header_lines=header,
        hands=results,
        totals=totals,
        header_pot=header_pot,
        header_exempt=header_exempt,
    )


def _next_dealer(seats: tuple[str, ...], dealer: str, skips: list[str]) -> str:
    """The deal passes left; a player who took back an illegal card, or announced before
    their turn, is skipped once."""
    i = seats.index(dealer)
    n = len(seats)
    for step in range(1, 2 * n + 1):
        p = seats[(i + step) % n]
        if p in skips:
            skips.remove(p)
            continue
        return p
    return seats[(i + 1) % n]  # pragma: no cover - everyone skipped twice cannot happen
