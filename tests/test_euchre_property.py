"""Bid Euchre property test: random legal hands are clean; one injected renege is caught.

Each example deals the 24 cards, runs a random legal auction (house options drawn too),
plays random legal cards, writes the log (with or without ``deal`` lines) and judges it.
A legal hand must give no violation and the points the rules give for the tricks taken;
with one illegal card injected, exactly one BE-FOLLOW must come back, for that play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import EUCHRE_DECK
from referee.euchre.rules import effective_suit, legal_cards, trick_winner, trump_rank
from tests.euchre_builders import PLAYERS, judge, log

TEAM = {"ann": "ann+cy", "cy": "ann+cy", "bob": "bob+dee", "dee": "bob+dee"}
LADDER = ["3", "4", "5", "6", "ask", "moon"]


@dataclass
class Sim:
    """One simulated hand: the log body and what the referee must find."""

    lines: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)
    bidder: str | None = None
    bid: str | None = None
    tricks: dict[str, int] = field(default_factory=lambda: {"ann+cy": 0, "bob+dee": 0})
    injected: tuple[str, int, str] | None = None  # (player, trick, card)


def _left(player: str, steps: int = 1) -> str:
    return PLAYERS[(PLAYERS.index(player) + steps) % 4]


def _auction(rng: random.Random, sim: Sim, dealer: str) -> None:
    first = dealer if sim.options["first_bidder"] == "dealer" else _left(dealer)
    order = [_left(first, k) for k in range(4)]
    lowest = LADDER.index(str(sim.options["min_bid"]))
    high = lowest - 1
    for player in order:
        stuck = player == dealer == order[-1] and sim.bidder is None
        must = stuck and bool(sim.options["stick_the_dealer"])
        if high + 1 < len(LADDER) and (must or rng.random() < 0.35):
            high = min(len(LADDER) - 1, high + 1 + (rng.random() < 0.3))
            sim.bidder, sim.bid = player, LADDER[high]
            sim.lines.append(f"bid {player} {sim.bid}")
        elif rng.random() < 0.9:  # bid lines may be left out
            sim.lines.append(f"bid {player} pass")


def _exchange(rng: random.Random, sim: Sim, hands: dict[str, list[str]], trump: str) -> None:
    assert sim.bidder is not None
    partner = _left(sim.bidder, 2)
    given_card = rng.choice(hands[sim.bidder])
    trumps = [c for c in hands[partner] if effective_suit(c, trump) == trump]
    back = max(trumps, key=lambda c: trump_rank(c, trump)) if trumps else rng.choice(hands[partner])
    hands[sim.bidder].remove(given_card)
    hands[sim.bidder].append(back)
    sim.lines.append(f"exchange {sim.bidder} {given_card} {partner} {back}")


def _play(
    rng: random.Random, sim: Sim, hands: dict[str, list[str]], trump: str, leader: str, inject: bool
) -> None:
    active = [p for p in PLAYERS if p in hands]
    for number in range(1, 7):
        start = active.index(leader)
        plays: list[tuple[str, str]] = []
        led: str | None = None
        for player in active[start:] + active[:start]:
            legal = legal_cards(hands[player], led, trump)
            others = [c for c in hands[player] if c not in legal]
            if inject and sim.injected is None and others and rng.random() < 0.3:
                card = rng.choice(sorted(others))
                sim.injected = (player, number, card)
            else:
                card = rng.choice(sorted(legal))
            hands[player].remove(card)
            plays.append((player, card))
            led = led or effective_suit(card, trump)
        winner = trick_winner(plays, trump)
        assert winner is not None
        sim.tricks[TEAM[winner]] += 1
        leader = winner
        sim.lines.append(f"trick {number}: " + ", ".join(f"{p} {c}" for p, c in plays))


def simulate(rng: random.Random, inject: bool) -> Sim:
    sim = Sim(
        options={
            "first_bidder": rng.choice(["left", "dealer"]),
            "first_lead": rng.choice(["bidder", "left"]),
            "stick_the_dealer": rng.random() < 0.3,
            "min_bid": rng.choice([3, 3, 4]),
        }
    )
    dealer = rng.choice(PLAYERS)
    sim.lines.append(f"dealer {dealer}")
    deck = sorted(EUCHRE_DECK)
    rng.shuffle(deck)
    dealt = {p: deck[6 * i : 6 * i + 6] for i, p in enumerate(PLAYERS)}
    _auction(rng, sim, dealer)
    if sim.bidder is None:
        return sim
    trump = rng.choice("shdc")
    sim.lines.append(f"trump {trump}")
    if rng.random() < 0.5:
        sim.lines += [f"deal {p} " + " ".join(cs) for p, cs in dealt.items()]
    hands = {p: list(cs) for p, cs in dealt.items()}
    if sim.bid == "ask":
        _exchange(rng, sim, hands, trump)
    if sim.bid in ("ask", "moon"):
        del hands[_left(sim.bidder, 2)]
    if sim.options["first_lead"] == "bidder":
        leader = sim.bidder
    else:
        leader = next(_left(dealer, k) for k in range(1, 5) if _left(dealer, k) in hands)
    _play(rng, sim, hands, trump, leader, inject)
    return sim


def expected_points(sim: Sim) -> dict[str, int]:
    points = {"ann+cy": 0, "bob+dee": 0}
    if sim.bidder is None:
        return points
    side = TEAM[sim.bidder]
    other = "bob+dee" if side == "ann+cy" else "ann+cy"
    took = sim.tricks[side]
    if sim.bid == "ask":
        points[side] = 12 if took == 6 else -6
    elif sim.bid == "moon":
        points[side] = 24 if took == 6 else -6
    else:
        assert sim.bid is not None
        points[side] = took if took >= int(sim.bid) else -int(sim.bid)
    points[other] = sim.tricks[other]
    if sim.injected is not None:
        points[TEAM[sim.injected[0]]] -= 2
    return points


@settings(max_examples=250, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_random_hands(rng: random.Random, inject: bool) -> None:
    sim = simulate(rng, inject)
    text = log("\n".join(sim.lines) + "\n")
    (result,) = judge(text, **sim.options)
    if sim.injected is None:
        assert result.violations == [], text
    else:
        (v,) = result.violations
        assert (v.rule, v.player, v.trick, v.card) == ("BE-FOLLOW", *sim.injected), text
        assert not v.corrected
    assert result.redeal == (sim.bidder is None)
    assert result.bid == sim.bid and result.bidder == sim.bidder
    assert result.points == expected_points(sim), text
    if sim.bidder is not None:
        assert result.tricks_won == sim.tricks
        assert sum(result.tricks_won.values()) == 6
