"""Bourré settlement (``bourre.md`` steps 1-7) and the check of what the table recorded.

``settle_hand`` is the referee's own settlement of one hand from the replay's outcome and
the money carried in; ``check_recorded`` compares the hand's ``ante`` and ``settle`` lines
with it. Money is Decimal throughout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from decimal import Decimal
from typing import NamedTuple, Protocol

from referee.games.bourre.facts import HandFacts
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.replay import HandOutcome
from referee.games.bourre.rules import (
    BR_SETTLE_ANTE,
    BR_SETTLE_BOURRE,
    BR_SETTLE_PENALTY,
    BR_SETTLE_POT,
    BR_SETTLE_RENEGE,
    BR_SETTLE_WIN,
)
from referee.records import SettleLine
from referee.report import Violation
from referee.rule import Rule


class MoneyState:
    """What a hand inherits: the pot carried in and who is excused from the ante.

    Either may be unknown (None) after a hand the log does not settle; ``unknown`` says why,
    in words, for the hands that cannot be settled because of it. Not to be modified: a
    session makes a new one for each hand. (A plain class, as :class:`Settlement` is, and
    :class:`~referee.games.bourre.play.Table`: a compiled module compiles its ``__init__``
    and makes the class in C, where a dataclass's methods are Python, made at import.)
    """

    __slots__ = ("carry", "exempt", "unknown")

    def __init__(
        self, carry: Decimal | None, exempt: frozenset[str] | None, unknown: str = ""
    ) -> None:
        self.carry = carry
        self.exempt = exempt
        self.unknown = unknown


def owed_antes(
    seats: tuple[str, ...], exempt: frozenset[str] | None, opts: BourreOptions
) -> list[str] | None:
    """Who owes this hand's ante (seat order), or None when the exemptions are unknown."""
    if opts.double_ante:
        return list(seats)  # nobody is ever exempt
    if exempt is None:
        return None
    return [p for p in seats if p not in exempt] if exempt else list(seats)


class Settlement:
    """The referee's settlement of one hand (see :class:`MoneyState` for its plain class)."""

    __slots__ = (
        "antes",
        "bourre",
        "carry",
        "exempt_next",
        "payouts",
        "penalties",
        "pot",
        "reneges",
        "result",
        "took",
        "winner",
    )

    def __init__(
        self,
        antes: list[str],
        pot: Decimal,
        winner: str | None,
        took: Decimal,
        bourre: dict[str, Decimal],
        reneges: list[tuple[str, Decimal]],
        carry: Decimal,
        exempt_next: frozenset[str],
        payouts: dict[str, Decimal],
        result: str,
        penalties: list[tuple[str, Decimal]],
    ) -> None:
        self.antes = antes
        self.pot = pot
        self.winner = winner
        self.took = took
        self.bourre = bourre
        self.reneges = reneges
        self.carry = carry
        self.exempt_next = exempt_next
        self.payouts = payouts
        self.result = result  # how the pot went, in words
        self.penalties = penalties  # early announcements


def antes_paid(outcome: HandOutcome, owed: list[str], opts: BourreOptions) -> Decimal:
    """The antes paid into a hand's pot: one from each of ``owed``, and under
    `double_ante` a second from each player who played."""
    second = len(outcome.active) if opts.double_ante else 0
    return opts.ante * (len(owed) + second)


def settle_hand(
    seats: tuple[str, ...],
    outcome: HandOutcome,
    carry: Decimal,
    owed: list[str],
    antes: Decimal,
    opts: BourreOptions,
) -> Settlement:
    """Settle one hand: antes, the pot's fate, bourré and renege payments, the carry.

    ``carry`` is the pot carried in, ``owed`` who owes the ante (:func:`owed_antes`: some
    of the seats, each once), ``antes`` what they paid in (:func:`antes_paid`: the caller
    has it already).
    """
    ante = opts.ante
    second = outcome.active if opts.double_ante else []  # who pays a second ante
    pot = carry + antes
    limit = opts.limit
    capped = min(pot, limit) if opts.limit_caps_winner and limit is not None else pot
    penalty = min(pot, limit) if limit is not None else pot
    winner, tied, result = _pot_fate(outcome, opts)
    took = capped if winner is not None else _ZERO
    bourre: dict[str, Decimal] = {}
    if len(outcome.active) >= 2:
        won = outcome.tricks_won
        for p in outcome.active:
            if not won.get(p, 0):
                bourre[p] = penalty
    reneges = (
        [
            (v.player, penalty)
            for v in outcome.reneges
            if not v.corrected and v.player is not None and opts.renege_penalty == "pot"
        ]
        if outcome.violations
        else []
    )
    penalties = [(p, opts.early_penalty) for p in outcome.early] if opts.early_penalty else []
    bourres = _ZERO
    for amount in bourre.values():  # (sum() is a call through Python, compiled)
        bourres += amount
    carry = pot - took + bourres
    fines = reneges + penalties
    if fines:
        carry += sum((a for _, a in fines), _ZERO)
    payouts = {}
    owes = _ZERO - ante  # the net of one who paid one ante and takes nothing
    everyone = len(owed) == len(seats)  # (else look each up: `owed` is a list)
    for p in seats:
        paid = ante if everyone or p in owed else _ZERO
        if second and p in second:
            paid += ante
        if p == winner:
            net = took - paid
        else:  # (0 - 0 is _ZERO: no operation for one who paid nothing)
            net = owes if paid is ante else _ZERO if paid is _ZERO else _ZERO - paid
        if p in bourre:
            net -= bourre[p]
        if fines:
            net -= sum((a for who, a in fines if who == p), _ZERO)
        payouts[p] = net
    exempt_next = (
        _NOBODY if opts.double_ante else tied | frozenset(bourre) if tied else frozenset(bourre)
    )
    return Settlement(
        owed, pot, winner, took, bourre, reneges, carry, exempt_next, payouts, result, penalties
    )


_ZERO = Decimal(0)


def _pot_fate(outcome: HandOutcome, opts: BourreOptions) -> tuple[str | None, frozenset[str], str]:
    """Who takes the pot (or None), the players tied for most tricks, and why, in words."""
    active = outcome.active
    if not active:
        if opts.all_pass == "dealer" and outcome.dealer is not None:
            return outcome.dealer, _NOBODY, "everyone passed; the dealer takes the pot"
        return None, _NOBODY, "everyone passed; the pot carries"
    if len(active) == 1:
        return active[0], _NOBODY, f"only {active[0]} played and takes the pot without play"
    won = outcome.tricks_won
    best, leaders = -1, []
    for p in active:  # (a plain loop: once a hand, over a handful of players)
        n = won.get(p, 0)
        if n > best:
            best, leaders = n, [p]
        elif n == best:
            leaders.append(p)
    if len(leaders) > 1:
        return (
            None,
            frozenset(leaders),
            f"{' and '.join(leaders)} tied with {best} tricks; the pot carries",
        )
    leader = leaders[0]
    if outcome.violations and any(v.player == leader for v in outcome.reneges):
        return None, _NOBODY, f"{leader} took most tricks ({best}) but reneged, so nobody wins"
    return leader, _NOBODY, f"{leader} took most tricks ({best})"


_NOBODY: frozenset[str] = frozenset()


# ---------------------------------------------------------------------- recorded settlement


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Recorded(NamedTuple):
    """What the table recorded of a hand's money, when it says enough for the ledger to go
    on from it: who took the pot (None: it carried), what they took, and every payment into
    the next pot (bourré, renege)."""

    winner: str | None
    took: Decimal
    paid_in: Decimal
    bourre: frozenset[str]


def recorded_pot(settles: list[SettleLine]) -> Decimal | None:
    """The recorded ``settle pot`` amount, if any."""
    return next((x.amount for x in settles if x.kind == "pot" and x.amount is not None), None)


def read_recorded(settles: list[SettleLine], seats: Collection[str]) -> Recorded | None:
    """The hand's recorded settlement, or None when it does not say who took the pot (or
    that it carried): exactly one ``wins`` line or a ``split``. With any ``settle`` line the
    record is read as complete, so its payment lines are all the payments."""
    wins = [x for x in settles if x.kind == "wins"]
    split = any(x.kind == "split" for x in settles)
    if len(wins) + split != 1 or any(
        x.player is not None and x.player not in seats for x in settles
    ):
        return None
    paid = _ZERO
    bourre: set[str] = set()
    for x in settles:
        if x.kind in _PAID_IN and x.player is not None and x.amount is not None:
            paid += x.amount
            if x.kind == "bourre":
                bourre.add(x.player)
    if wins:
        won = wins[0]
        if won.player is None or won.amount is None:
            return None
        return Recorded(won.player, won.amount, paid, frozenset(bourre))
    return Recorded(None, _ZERO, paid, frozenset(bourre))


_PAID_IN = ("bourre", "renege", "penalty")  # the recorded payments into the next pot


class Where(Protocol):
    """Where a recorded line stands in the log (an ``ante`` or ``settle`` line's record)."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Entry:
    """One recorded ``settle`` item as plain values, and the line it stands on (None when
    only whether the record agrees is asked).

    (A plain class, as :class:`~referee.games.bourre.state.LoggedPlay` is: one is made for
    each recorded item of most hands, and a compiled module makes a plain class's objects
    in C, where a named tuple's are made in Python.)"""

    __slots__ = ("amount", "kind", "player", "where")

    def __init__(
        self, kind: str, player: str | None, amount: Decimal | None, where: Where | None = None
    ) -> None:
        self.kind = kind
        self.player = player
        self.amount = amount
        self.where = where


def check_recorded(facts: HandFacts, s: Settlement, opts: BourreOptions) -> list[Violation]:
    """Compare the hand's ``ante`` and ``settle`` lines with the referee's settlement."""
    # (each line's names as written: in seat order, as most are, they are owed ones)
    antes = [(line.players, line) for line in facts.antes]
    settles = [Entry(x.kind, x.player, x.amount, x) for x in facts.settles]
    return record_findings(antes, settles, s, opts)


def record_findings(
    antes: Sequence[tuple[Collection[str], Where | None]],
    settles: Sequence[Entry],
    s: Settlement,
    opts: BourreOptions,
) -> list[Violation]:
    """What is wrong with a hand's recorded ``ante`` lines (each the names it gives, and
    where it stands) and ``settle`` items, against the referee's settlement: at most one
    finding per ``BR-SETTLE-*`` ID (none: the record agrees)."""
    found: list[Violation] = []
    found.extend(_check_antes(antes, s))
    if not settles:
        return found
    if not opts.early_penalty:  # (a penalty line for 0 is not wrong)
        settles = [x for x in settles if not (x.kind == "penalty" and x.amount == 0)]
        if not settles:
            return found
    anchor = settles[0].where
    found.extend(_check_pot(settles, s))
    found.extend(_check_win(settles, s, anchor))
    found.extend(
        _check_payments(settles, "bourre", list(s.bourre.items()), BR_SETTLE_BOURRE, anchor)
    )
    found.extend(_check_payments(settles, "renege", s.reneges, BR_SETTLE_RENEGE, anchor))
    found.extend(_check_payments(settles, "penalty", s.penalties, BR_SETTLE_PENALTY, anchor))
    return found


def _violation(rule: Rule, where: Where | None, message: str, evidence: str) -> Violation:
    """A settlement finding at ``where`` (at 0:0 when only whether the record agrees is
    asked: the finding is then not reported)."""
    line, column = (where.line, where.column) if where is not None else (0, 0)
    return Violation(rule.id, None, None, None, line, column, message, evidence)


def _money(amount: Decimal) -> str:
    return format(amount.normalize(), "f") if amount == amount.to_integral() else str(amount)


def _check_antes(
    antes: Sequence[tuple[Collection[str], Where | None]], s: Settlement
) -> list[Violation]:
    owed: set[str] | None = None
    for names, where in antes:
        if isinstance(names, tuple) and list(names) == s.antes:
            continue  # (as the quick lane gives it, in seat order: no sets to compare)
        owed = set(s.antes) if owed is None else owed
        named = set(names)
        if named != owed:
            parts = []
            extra, missing = sorted(named - owed), sorted(owed - named)
            if extra:
                parts.append(f"{', '.join(extra)} did not owe it (exempt)")
            if missing:
                parts.append(f"{', '.join(missing)} owed it but is not named")
            return [
                _violation(
                    BR_SETTLE_ANTE,
                    where,
                    "the recorded ante is wrong",
                    "; ".join(parts) + f". Owed by: {', '.join(s.antes) or 'nobody'}",
                )
            ]
    return []


def _check_pot(settles: Sequence[Entry], s: Settlement) -> list[Violation]:
    for x in settles:
        if x.kind == "pot" and x.amount != s.pot:
            return [
                _violation(
                    BR_SETTLE_POT,
                    x.where,
                    f"recorded pot {_money(x.amount or Decimal(0))}, the pot was {_money(s.pot)}",
                    "the pot is the carried pot plus this hand's antes",
                )
            ]
    return []


def _check_win(settles: Sequence[Entry], s: Settlement, anchor: Where | None) -> list[Violation]:
    wins = [x for x in settles if x.kind == "wins"]
    splits = [x for x in settles if x.kind == "split"]
    if s.winner is not None:
        good = [x for x in wins if x.player == s.winner and x.amount == s.took]
        if len(wins) == 1 and good and not splits:
            return []
        expected = f"{s.winner} takes {_money(s.took)} ({s.result})"
        bad = splits[0].where if splits else next((x.where for x in wins if x not in good), anchor)
    else:
        if splits and not wins:
            return []
        expected = f"the pot carries ({s.result})"
        bad = wins[0].where if wins else anchor
    what = _recorded_win(wins, splits)
    return [_violation(BR_SETTLE_WIN, bad, f"recorded {what}; {expected}", s.result)]


def _recorded_win(wins: Sequence[Entry], splits: Sequence[Entry]) -> str:
    items = [f"{x.player or '?'} wins {_money(x.amount or Decimal(0))}" for x in wins]
    items += ["split"] * len(splits)
    return ", ".join(items) if items else "no `wins` or `split` line"


def _check_payments(
    settles: Sequence[Entry],
    kind: str,
    owed: list[tuple[str, Decimal]],
    rule: Rule,
    anchor: Where | None,
) -> list[Violation]:
    """The finding for the recorded payments of ``kind`` unless they are the ``owed`` ones
    (player, amount), as many times each."""
    lines = [x for x in settles if x.kind == kind]
    if not lines and not owed:
        return []  # (the usual case: nothing owed and nothing recorded; nothing sorted)
    items = [(x.player or "?", x.amount or _ZERO) for x in lines]
    expected = sorted(owed)
    if len(items) == len(expected) and sorted(items) == expected:
        return []
    recorded: Counter[tuple[str, Decimal]] = Counter(items)
    want: Counter[tuple[str, Decimal]] = Counter(expected)
    extra = recorded - want
    missing = want - recorded
    bad = next((x.where for x in lines if (x.player or "?", x.amount or 0) in extra), anchor)
    parts = []
    if extra:
        parts.append("recorded but not owed: " + _payments(extra))
    if missing:
        parts.append("owed but not recorded: " + _payments(missing))
    word = {"bourre": "bourré", "renege": "renege"}.get(kind, "early-announcement")
    return [_violation(rule, bad, f"the {word} payments are recorded wrongly", "; ".join(parts))]


def _payments(items: Counter[tuple[str, Decimal]]) -> str:
    out = []
    for (who, amount), n in sorted(items.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        out.extend([f"{who} {_money(amount or Decimal(0))}"] * n)
    return ", ".join(out)
