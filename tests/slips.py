"""Slips made in generated sessions of both games, and what they change in the report.

Each function takes a clean generated log, makes one slip in it, and says where: a trick's
number written wrong, a statement a hand has once written a second time, a line left out.
:func:`compare` then audits both logs and gives what the slip changed: the slipped hand's
new findings (``new``), its settlement before and after, and every difference in the other
hands (``others``: findings, dealers, hand numbers; ``ledger``: their settlement), with the
lines after the slip shifted back so that an unchanged hand compares equal.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.audit import audit_text
from referee.parser.reader import read_text
from referee.records import Event, Hand, TrickLine
from referee.report import FileReport, HandResult
from tests.simulate import generate_session, random_options
from tests.test_euchre_property import _left, _options, expected_points, simulate

#: (rule, line, player, trick, card) of one finding
Finding = tuple[str, int, str | None, int | None, str | None]


@dataclass
class Slip:
    """A log with one slip in it: which hand, which statement (its kind), and the line
    numbers after ``at`` moved by ``shift`` (1: a line put in, -1: a line taken out)."""

    text: str
    hand: int  # the number of the hand the slip is in
    kind: str  # the kind of statement slipped (its record's class name)
    line: int  # the line of the slip in the new log (for a deleted line, where it was)
    at: int  # lines after this one (in the clean log) moved by ``shift``
    shift: int

    @property
    def compared_line(self) -> int:
        """The slip's line as :func:`compare` gives the findings on it (moved back)."""
        return self.line - self.shift if self.line > self.at else self.line


@dataclass
class Change:
    """What a slip changed in the report (see :func:`compare`)."""

    new: list[Finding] = field(default_factory=list)
    gone: list[Finding] = field(default_factory=list)
    own_before: tuple[Any, ...] = ()
    own_after: tuple[Any, ...] = ()
    others: list[str] = field(default_factory=list)  # findings, dealers, hand numbers
    #: the other hands settled otherwise: (number, before, after) (see _settlement)
    ledger: list[tuple[int, tuple[Any, ...], tuple[Any, ...]]] = field(default_factory=list)


# ----------------------------------------------------------------------------- sessions


def bourre_session(
    rng: random.Random, detail: str, early_rate: float | None = None
) -> tuple[str, int]:
    """A generated Bourré session of four hands, and its tricks per hand (``detail`` and
    ``early_rate``: see :func:`~tests.simulate.generate_session`)."""
    options = random_options(rng)
    session = generate_session(rng, hands=4, options=options, detail=detail, early_rate=early_rate)
    return session.text, options.hand_size


def _option_word(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def euchre_session(rng: random.Random, hands: int = 4) -> tuple[str, int]:
    """A generated Bid Euchre session: ``hands`` random legal hands under one set of house
    options, the deal passing to the left, each with its `settle` line (the points the
    rules give, from the simulation), and its tricks per hand."""
    options = _options(rng)
    lines = ["game bid-euchre", "players ann bob cy dee"]
    lines += [f"option {key} {_option_word(value)}" for key, value in options.items()]
    dealer = rng.choice(["ann", "bob", "cy", "dee"])
    tricks = 6
    for number in range(1, hands + 1):
        sim = simulate(rng, False, options=options, dealer=dealer)
        tricks = sim.deck.tricks
        points = expected_points(sim)
        lines += ["", f"hand {number}", *sim.lines]
        lines.append("settle " + " ".join(f"{team} {n}" for team, n in points.items()))
        dealer = _left(dealer)
    return "\n".join(lines) + "\n", tricks


# ----------------------------------------------------------------------------- slips


def _hands(text: str) -> list[Hand]:
    return [h for h in read_text(text).hands() if isinstance(h, Hand)]


def _last_line(hand: Hand) -> int:
    return max((e.line for e in hand.events), default=hand.line)


def _pick(rng: random.Random, text: str, kinds: tuple[str, ...]) -> tuple[Hand, Event] | None:
    """A random statement of one of these kinds (class names), and its hand."""
    found = [(h, e) for h in _hands(text) for e in h.events if type(e).__name__ in kinds]
    return rng.choice(found) if found else None


def renumbered(rng: random.Random, text: str, max_tricks: int) -> Slip | None:
    """A numbered trick's number written wrong (another from 1 to two past the last)."""
    found = _pick(rng, text, ("TrickLine",))
    if found is None:
        return None
    hand, trick = found
    assert isinstance(trick, TrickLine)
    if trick.number is None:
        return None
    lines = text.split("\n")
    wrong = rng.choice([n for n in range(1, max_tricks + 3) if n != trick.number])
    line = lines[trick.line - 1]
    lines[trick.line - 1] = re.sub(r"(?i)(trick\s*)\d+", rf"\g<1>{wrong}", line, count=1)
    return Slip("\n".join(lines), hand.number, "TrickLine", trick.line, trick.line, 0)


#: The statements :func:`repeated` writes twice: those a hand has once, and a trick line.
TWICE = ("DealerLine", "TrumpLine", "DealLine", "DecisionLine", "BidLine", "AnteLine", "TrickLine")


def repeated(rng: random.Random, text: str) -> Slip | None:
    """A statement a hand has once, or a trick line, written again at a random place after
    it in its hand (right after it, among the decisions, after the tricks, ...)."""
    found = _pick(rng, text, TWICE)
    if found is None:
        return None
    hand, event = found
    lines = text.split("\n")
    after = rng.randint(event.line, _last_line(hand))  # the copy goes after this line
    lines.insert(after, lines[event.line - 1])
    return Slip("\n".join(lines), hand.number, type(event).__name__, after + 1, after, 1)


def deleted(
    rng: random.Random,
    text: str,
    kinds: tuple[str, ...],
    keep: Callable[[Hand, Event], bool] = lambda hand, event: False,
) -> Slip | None:
    """A statement of one of these kinds left out (never the first hand's `dealer` line,
    which the log needs: without it no dealer is known; nor one ``keep`` keeps)."""
    found = _pick(rng, text, kinds)
    if found is None:
        return None
    hand, event = found
    if type(event).__name__ == "DealerLine" and hand.line == _hands(text)[0].line:
        return None
    if keep(hand, event):
        return None
    lines = text.split("\n")
    del lines[event.line - 1]
    return Slip("\n".join(lines), hand.number, type(event).__name__, event.line, event.line, -1)


def hand_line_left_out(rng: random.Random, text: str) -> Slip | None:
    """A `hand` line after the first left out: its statements follow the hand before."""
    hands = _hands(text)
    if len(hands) < 2:
        return None
    hand = rng.choice(hands[1:])
    lines = text.split("\n")
    del lines[hand.line - 1]
    return Slip("\n".join(lines), hand.number, "hand", hand.line, hand.line, -1)


# ----------------------------------------------------------------------------- comparing


def _findings(hand: HandResult, at: int = 0, shift: int = 0) -> list[Finding]:
    """A hand's findings, their lines after ``at`` moved back by ``shift``."""
    return sorted(
        (v.rule, v.line - shift if v.line > at else v.line, v.player, v.trick, v.card)
        for v in hand.violations
    )


def _settlement(hand: HandResult) -> tuple[Any, ...]:
    """A hand's dealer, whether settled, and its money or points (and the running score)."""
    return (
        hand.dealer,
        hand.settled,
        getattr(hand, "payouts", None),
        getattr(hand, "points", None),
        getattr(hand, "score", None),
        getattr(hand, "pot", None),
        getattr(hand, "carry", None),
    )


def compare(clean: FileReport, slipped: FileReport, slip: Slip) -> Change:
    """What ``slip`` changed from ``clean`` to ``slipped`` (see :class:`Change`)."""
    change = Change()
    if clean.errors or slipped.errors:
        change.others.append(f"read errors: {clean.errors} {slipped.errors}")
    before = [(h.number, h) for h in clean.hands]
    after = [(h.number, h) for h in slipped.hands]
    if [n for n, _ in before] != [n for n, _ in after]:
        change.others.append(f"hands {[n for n, _ in before]} -> {[n for n, _ in after]}")
        return change
    for (number, old), (_, new) in zip(before, after, strict=True):
        was, now = _findings(old), _findings(new, slip.at, slip.shift)
        if number == slip.hand:
            change.new = sorted((Counter(now) - Counter(was)).elements())
            change.gone = sorted((Counter(was) - Counter(now)).elements())
            change.own_before, change.own_after = _settlement(old), _settlement(new)
            continue
        if was != now:
            change.others.append(f"hand {number}: findings {was} -> {now}")
        if old.dealer != new.dealer:
            change.others.append(f"hand {number}: dealer {old.dealer} -> {new.dealer}")
        if _settlement(old) != _settlement(new):
            change.ledger.append((number, _settlement(old), _settlement(new)))
    return change


def audit(text: str) -> FileReport:
    """The report on a log."""
    return audit_text(text, "slip.hlog")
