"""Bid Euchre property test: random legal hands are clean; one injected fault is caught.

Each example draws the house options (the deck, `joker`, `ace_no_face` among them), deals
the cards (24; 48 with `deck: double`, twelve each; 25 with the joker, the dealer seven of
them and one laid aside), runs a random legal auction, plays random legal cards, writes the
log (with or without ``deal`` and ``discard`` lines) and judges it. With `ace_no_face` a
player dealt an ace and no face card may call a redeal instead.

A legal hand must give no violation and the points the rules give for the tricks taken.
With a fault injected, exactly one finding must come back, for it: an illegal card
(BE-FOLLOW, that play), an Ace No Face call the rules or the hand do not allow
(BE-NO-FACE), or an ask partner who hands back the card just received (BE-ASK-BEST).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import EUCHRE_DECK, JOKER
from referee.games.euchre.deck import Deck
from referee.games.euchre.rules import effective_suit, legal_cards, trick_winner, trump_rank
from tests.euchre_builders import PLAYERS, judge, log

TEAM = {"ann": "ann+cy", "cy": "ann+cy", "bob": "bob+dee", "dee": "bob+dee"}

#: (rule, player, trick, card) of the one finding an injected fault must give
Expected = tuple[str, str | None, int | None, str | None]


@dataclass
class Sim:
    """One simulated hand: the log body and what the referee must find."""

    lines: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)
    bidder: str | None = None
    bid: str | None = None
    tricks: dict[str, int] = field(default_factory=lambda: {"ann+cy": 0, "bob+dee": 0})
    expected: Expected | None = None  # the finding an injected fault gives
    renege: str | None = None  # the player whose injected renege costs renege_points
    redeal: bool = False
    deck: Deck = field(default_factory=Deck)


def _left(player: str, steps: int = 1) -> str:
    return PLAYERS[(PLAYERS.index(player) + steps) % 4]


def _ladder(deck: Deck) -> list[str]:
    return [str(n) for n in range(3, deck.top_bid + 1)] + ["ask", "moon"]


def _options(rng: random.Random) -> dict[str, object]:
    variant = rng.choice(["single", "single", "double", "joker"])
    return {
        "first_bidder": rng.choice(["left", "dealer"]),
        "first_lead": rng.choice(["bidder", "left"]),
        "stick_the_dealer": rng.random() < 0.3,
        "min_bid": rng.choice([3, 3, 4]),
        "deck": "double" if variant == "double" else "single",
        "joker": variant == "joker",
        "ace_no_face": rng.random() < 0.4,
        # the scoring options (the points of one hand: see expected_points)
        "target": rng.choice([32, 32, 10, 16, 25]),
        "ask_made": rng.choice([12, 12, 10, 18]),
        "moon_made": rng.choice([24, 24, 20, 36]),
        "ask_failed": rng.choice([6, 6, 4, 12]),
        "moon_failed": rng.choice([6, 6, 12, 24]),
        "renege_points": rng.choice([2, 2, 0, 4]),
    }


def _deal(rng: random.Random, deck: Deck, dealer: str) -> tuple[dict[str, list[str]], str | None]:
    """Each player's dealt cards (the dealer's seven with the joker), and the card the
    dealer lays aside (None without the joker)."""
    cards = sorted(EUCHRE_DECK) * deck.copies + ([JOKER] if deck.joker else [])
    rng.shuffle(cards)
    size = deck.hand_size
    order = [_left(dealer, k) for k in range(1, 5)]  # the dealer last
    dealt = {p: cards[size * i : size * i + size] for i, p in enumerate(order)}
    if not deck.joker:
        return dealt, None
    dealt[dealer].append(cards[-1])
    return dealt, rng.choice(dealt[dealer])


def _allows_redeal(cards: list[str]) -> bool:
    """Ace No Face: at least one ace and no king, queen or jack (the joker is neither)."""
    return any(c[0] == "A" for c in cards) and not any(c[0] in "KQJ" for c in cards)


def _redeal(rng: random.Random, sim: Sim, dealt: dict[str, list[str]], inject: bool) -> bool:
    """Maybe a redeal called before the bidding (legal, or injected as a fault): whether
    the hand ended there."""
    allowed = bool(sim.options["ace_no_face"])
    callers = [p for p in PLAYERS if _allows_redeal(dealt[p])]
    if allowed and callers and rng.random() < 0.6:
        sim.lines.append(f"redeal {rng.choice(callers)} ace-no-face")
        sim.redeal = True
        return True
    if not inject or rng.random() > 0.15:
        return False
    shown = any(line.startswith("deal ") for line in sim.lines)
    wrong = [p for p in PLAYERS if not _allows_redeal(dealt[p])] if allowed and shown else []
    caller = rng.choice(wrong) if wrong else rng.choice(PLAYERS) if not allowed else None
    if caller is None:
        return False
    sim.lines.append(f"redeal {caller} ace-no-face")
    face = next((c for c in dealt[caller] if c[0] in "KQJ"), None) if allowed else None
    sim.expected = ("BE-NO-FACE", caller, None, face)
    sim.redeal = True
    return True


def _auction(rng: random.Random, sim: Sim, dealer: str) -> None:
    ladder = _ladder(sim.deck)
    first = dealer if sim.options["first_bidder"] == "dealer" else _left(dealer)
    order = [_left(first, k) for k in range(4)]
    lowest = ladder.index(str(sim.options["min_bid"]))
    high = lowest - 1
    for player in order:
        stuck = player == dealer == order[-1] and sim.bidder is None
        must = stuck and bool(sim.options["stick_the_dealer"])
        if high + 1 < len(ladder) and (must or rng.random() < 0.35):
            jump = rng.randint(0, 3) if sim.deck.copies == 2 else rng.random() < 0.3
            high = min(len(ladder) - 1, high + 1 + jump)
            if rng.random() < 0.1:  # straight to ask (or moon, if ask is not higher)
                high = max(high, len(ladder) - 2)
            sim.bidder, sim.bid = player, ladder[high]
            sim.lines.append(f"bid {player} {sim.bid}")
        elif rng.random() < 0.9:  # bid lines may be left out
            sim.lines.append(f"bid {player} pass")


def _exchange(
    rng: random.Random, sim: Sim, hands: dict[str, list[str]], trump: str, inject: bool
) -> None:
    assert sim.bidder is not None
    partner = _left(sim.bidder, 2)
    given_card = rng.choice(hands[sim.bidder])
    if inject and sim.deck.copies == 1 and rng.random() < 0.4:
        # the partner hands back the very card: one BE-ASK-BEST, the bidder keeps it
        sim.lines.append(f"exchange {sim.bidder} {given_card} {partner} {given_card}")
        sim.expected = ("BE-ASK-BEST", partner, None, given_card)
        return
    trumps = [c for c in hands[partner] if effective_suit(c, trump) == trump]
    back = max(trumps, key=lambda c: trump_rank(c, trump)) if trumps else rng.choice(hands[partner])
    hands[sim.bidder].remove(given_card)
    hands[sim.bidder].append(back)
    sim.lines.append(f"exchange {sim.bidder} {given_card} {partner} {back}")


def _play(
    rng: random.Random, sim: Sim, hands: dict[str, list[str]], trump: str, leader: str, inject: bool
) -> None:
    active = [p for p in PLAYERS if p in hands]
    for number in range(1, sim.deck.tricks + 1):
        start = active.index(leader)
        plays: list[tuple[str, str]] = []
        led: str | None = None
        for player in active[start:] + active[:start]:
            legal = legal_cards(hands[player], led, trump)
            others = [c for c in hands[player] if c not in legal]
            if inject and sim.expected is None and others and rng.random() < 0.3:
                card = rng.choice(sorted(others))
                sim.expected = ("BE-FOLLOW", player, number, card)
                sim.renege = player
            else:
                card = rng.choice(sorted(legal))
            hands[player].remove(card)
            plays.append((player, card))
            led = led or effective_suit(card, trump)
        winner = trick_winner(plays, trump, sim.deck)
        assert winner is not None
        sim.tricks[TEAM[winner]] += 1
        leader = winner
        sim.lines.append(f"trick {number}: " + ", ".join(f"{p} {c}" for p, c in plays))


def simulate(
    rng: random.Random,
    inject: bool,
    *,
    options: dict[str, object] | None = None,
    dealer: str | None = None,
) -> Sim:
    """One random hand (``options``: the house options, random by default; ``dealer``:
    who deals, random by default)."""
    drawn = _options(rng)
    options = options if options is not None else drawn
    deck = Deck(copies=2) if options["deck"] == "double" else Deck(joker=bool(options["joker"]))
    sim = Sim(options=options, deck=deck)
    chosen = rng.choice(PLAYERS)
    dealer = dealer if dealer is not None else chosen
    sim.lines.append(f"dealer {dealer}")
    dealt, aside = _deal(rng, deck, dealer)
    if rng.random() < 0.5:
        sim.lines += [f"deal {p} " + " ".join(cs) for p, cs in dealt.items()]
    if aside is not None and rng.random() < 0.7:
        sim.lines.append(f"discard {dealer} {aside}")
    if _redeal(rng, sim, dealt, inject):
        return sim
    _auction(rng, sim, dealer)
    if sim.bidder is None:
        sim.redeal = True
        return sim
    trump = rng.choice("shdc")
    sim.lines.append(f"trump {trump}")
    hands = {p: list(cs) for p, cs in dealt.items()}
    if aside is not None:
        hands[dealer].remove(aside)
    if sim.bid == "ask":
        _exchange(rng, sim, hands, trump, inject)
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
    if sim.bidder is None or sim.redeal:
        return points
    o = sim.options
    side = TEAM[sim.bidder]
    other = "bob+dee" if side == "ann+cy" else "ann+cy"
    took = sim.tricks[side]
    every = sim.deck.tricks
    if sim.bid == "ask":
        points[side] = int(o["ask_made"]) if took == every else -int(o["ask_failed"])
    elif sim.bid == "moon":
        points[side] = int(o["moon_made"]) if took == every else -int(o["moon_failed"])
    else:
        assert sim.bid is not None
        points[side] = took if took >= int(sim.bid) else -int(sim.bid)
    points[other] = sim.tricks[other]
    if sim.renege is not None:
        points[TEAM[sim.renege]] -= int(o["renege_points"])
    return points


def expected_winner(points: dict[str, int], target: int) -> str | None:
    """The team that won the game on hand 1 (from 0-0): the one that reached the target
    with more points than the other; None when neither did, or both with the same."""
    (a, x), (b, y) = points.items()
    if max(x, y) < target or x == y:
        return None
    return a if x > y else b


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_random_hands(rng: random.Random, inject: bool) -> None:
    sim = simulate(rng, inject)
    text = log("\n".join(sim.lines) + "\n")
    (result,) = judge(text, **sim.options)
    if sim.expected is None:
        assert result.violations == [], text
    else:
        (v,) = result.violations
        assert (v.rule, v.player, v.trick, v.card) == sim.expected, text
        assert not v.corrected
    assert result.redeal == sim.redeal
    if sim.redeal:
        assert result.bid is None and result.points == {"ann+cy": 0, "bob+dee": 0}
        return
    assert result.bid == sim.bid and result.bidder == sim.bidder
    points = expected_points(sim)
    assert result.points == points, text
    assert result.winner == expected_winner(points, int(sim.options["target"])), text
    assert result.tricks_won == sim.tricks
    assert sum(result.tricks_won.values()) == sim.deck.tricks


def test_the_random_hands_draw_every_variant() -> None:
    """The simulation reaches each variant and each injected fault (so the test above
    covers them), over a fixed stretch of seeds."""
    seen: set[str] = set()
    for seed in range(400):
        sim = simulate(random.Random(seed), inject=seed % 2 == 0)
        seen.add(f"deck {sim.options['deck']}")
        seen.update(k for k in ("joker", "ace_no_face") if sim.options[k])
        seen.update(line.split()[0] for line in sim.lines)
        if sim.expected is not None:
            seen.add(sim.expected[0])
        if sim.bid is not None and sim.bid not in ("ask", "moon") and int(sim.bid) > 6:
            seen.add("bid above 6")
        if expected_winner(expected_points(sim), int(sim.options["target"])) is not None:
            seen.add("game won")
    assert seen >= {
        "deck single", "deck double", "joker", "ace_no_face", "discard", "redeal", "exchange",
        "BE-FOLLOW", "BE-NO-FACE", "BE-ASK-BEST", "bid above 6", "game won",
    }  # fmt: skip
