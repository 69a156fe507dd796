"""The referee against an independent oracle (:mod:`referee.simulate`), hand by hand.

The simulator plays real Bourré sessions (random legal play, the draw with the reshuffle,
varied log syntax and detail, random house options) and computes on its own what every hand
must give: no violation, or exactly the one illegal play it injected, and the pot, winner,
payouts and carry. The referee parses the log and judges it; both must agree.

Disagreements found this way become regression tests with a minimal log (see the L-CARD
cases below: a card that came back through the reshuffle is not held twice).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from referee.options import BourreOptions
from referee.report import BourreHandResult
from tests.bourre_helpers import audit_bourre
from tests.simulate import (
    ExpectedHand,
    GeneratedSession,
    generate_session,
    random_options,
)

OPTION_SETS: dict[str, BourreOptions] = {
    "defaults": BourreOptions(),
    "limit-capped": BourreOptions(limit=Decimal(5), limit_caps_winner=True),
    "loose-play": BourreOptions(head_trick=False, must_overtrump=False, must_undertrump=False),
    "no-trump-duty": BourreOptions(must_trump=False, cinch=True),
    "head-when-trumped": BourreOptions(head_when_trumped=True, must_undertrump=False),
    "double-ante-dealer": BourreOptions(
        double_ante=True, all_pass="dealer", ante=Decimal("0.50"), limit=Decimal(3)
    ),
    "four-card": BourreOptions(hand_size=4, renege_penalty="none", dealer_plays_ace=False),
    "no-cinch": BourreOptions(cinch=False, ante=Decimal(2)),
}


def _judge(gen: GeneratedSession) -> list[BourreHandResult]:
    return audit_bourre(gen.text)


def _found(expected: ExpectedHand, result: BourreHandResult) -> list[tuple[object, ...]]:
    return sorted((v.rule, v.player, v.trick, v.card, v.corrected) for v in result.violations)


def _compare(gen: GeneratedSession, results: list[BourreHandResult], label: str) -> None:
    """Assert the referee agrees with the oracle on every hand; name a minimal log if not."""
    assert len(results) == len(gen.hands), label
    for i, (want, got) in enumerate(zip(gen.hands, results, strict=True)):
        where = f"{label}, hand {want.number}; minimal log:\n{gen.standalone_log(i)}"
        assert _found(want, got) == sorted(tuple(v) for v in want.violations), where
        assert got.dealer == want.dealer, where
        assert got.pot == want.pot, where
        assert got.winner == want.winner, where
        assert got.carry == want.carry, where
        assert dict(got.payouts) == want.payouts, where


# ----------------------------------------------------------------------------- (a) legal play


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_legal_sessions_agree_under_house_options(name: str) -> None:
    """Random legal sessions (2-8 players, mixed detail): no violation, same money."""
    options = OPTION_SETS[name]
    for seed in range(40):
        rng = random.Random(f"legal-{name}-{seed}")
        gen = generate_session(rng, hands=8, options=options)
        _compare(gen, _judge(gen), f"options {name}, seed {seed}")


@pytest.mark.parametrize("batch", range(4))
def test_legal_sessions_agree_with_random_options(batch: int) -> None:
    """Random option combinations, every table size, every detail level."""
    for seed in range(batch * 60, batch * 60 + 60):
        rng = random.Random(f"random-{seed}")
        options = random_options(rng)
        detail = ("mixed", "mixed", "full", "plays-only")[seed % 4]
        gen = generate_session(rng, players=2 + seed % 7, hands=6, options=options, detail=detail)
        _compare(gen, _judge(gen), f"seed {seed}, {detail}, {options}")


def test_session_totals_agree() -> None:
    """The running totals equal the oracle's after every session."""
    for seed in range(20):
        gen = generate_session(random.Random(f"totals-{seed}"), hands=12)
        results = _judge(gen)
        totals = dict.fromkeys(gen.players, Decimal(0))
        for r in results:
            for p, net in r.payouts.items():
                totals[p] += net
        assert totals == gen.totals, gen.text


# ----------------------------------------------------------------------------- (b) one renege


RULES = ("BR-FOLLOW", "BR-HEAD", "BR-TRUMP", "BR-OVERTRUMP", "BR-CINCH")


@pytest.mark.parametrize("corrected", [False, True], ids=["standing", "taken-back"])
@pytest.mark.parametrize("rule", RULES)
def test_one_illegal_play_is_found_exactly(rule: str, corrected: bool) -> None:
    """One illegal play: exactly that rule, player, trick and card; the money follows."""
    checked = 0
    for seed in range(50):
        rng = random.Random(f"illegal-{rule}-{corrected}-{seed}")
        options = random_options(rng)
        try:
            gen = generate_session(rng, hands=4, options=options, illegal=rule, corrected=corrected)
        except ValueError:  # the options switch this rule off
            continue
        expected = [v for h in gen.hands for v in h.violations]
        assert len(expected) == 1 and expected[0].rule == rule
        assert expected[0].corrected is corrected
        _compare(gen, _judge(gen), f"{rule} seed {seed} options {options}")
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rule", ["BR-FOLLOW", "BR-TRUMP", "BR-CINCH"])
def test_several_reneges_in_one_hand(rule: str) -> None:
    """Two or three illegal plays in one hand: each is found, each standing one pays."""
    for seed in range(30):
        rng = random.Random(f"multi-{rule}-{seed}")
        count = 2 + seed % 2
        options = BourreOptions(limit=Decimal(6)) if seed % 3 else BourreOptions()
        gen = generate_session(
            rng,
            hands=3,
            options=options,
            illegal=rule,
            illegal_count=count,
            corrected=seed % 4 == 0,
        )
        assert sum(len(h.violations) for h in gen.hands) == count
        _compare(gen, _judge(gen), f"{count} x {rule} seed {seed}")


def test_taken_back_renege_costs_the_deal() -> None:
    """After a corrected renege, the deal skips that player once (dealer lines left out)."""
    for seed in range(30):
        rng = random.Random(f"skip-{seed}")
        gen = generate_session(
            rng, hands=5, detail="plays-only", illegal="BR-FOLLOW", corrected=True
        )
        results = _judge(gen)
        assert [r.dealer for r in results] == [h.dealer for h in gen.hands], gen.text


# ----------------------------------------------------------------------------- disagreements


# The referee flags these cards as L-CARD; the oracle dealt them physically: the stock ran
# out and the dealer reshuffled (bourre.md, "Decisions and the draw"). The log shows it.
LCARD_DEAL_LINES = """\
game bourre
players ned oneil dee sam cy lou ola max

hand 1
dealer ned
deal oneil Qc Ah 7s 5h 2d
deal dee Ts Ad 6h 3d 4d
deal sam As 8d 3s Qs 6d
deal cy 8c Kh 2s 9s 7h
deal lou Js Jh 4c 4h 4s
deal ola 9c 7c 7d 3c Jd
deal max 9d 2h 8s 3h Ks
deal ned 6s Td 6c 9h Kc
trump Kc
oneil play discard 2d Qc Ah 7s 5h draw Th Jc Kd Qd 5c
dee play discard 4d Ts Ad draw Tc Qh 2c
cy pass
lou pass
ola play discard Jd 7c 3c draw Ac 8h 4c
max pass
ned pass
trick 1: oneil Jc, dee 2c, sam 3s, ola Ac
trick 2: ola 9c, oneil 5c, dee Tc, sam 5d
trick 3: dee 3d, sam 8d, ola 7d, oneil Qd
trick 4: oneil Th, dee Qh, sam 5s, ola 8h
trick 5: dee 6h, sam Qs, ola 4c, oneil Kd
"""


def test_lcard_exchange_proven_by_deal_lines() -> None:
    """A reshuffled card is not 'held by two players at once'."""
    [hand] = audit_bourre(LCARD_DEAL_LINES)
    assert [v.rule for v in hand.violations] == []


LCARD_HIDDEN = """\
game bourre
players ulla dee hal jo sam bob ann pat

hand 1
dealer hal
trump 4d
bob play discard 7s 4h Ad Ah Jc draw 8h Kc 4s Ac 9h
pat pass
ulla play discard 5
hal play
trick 1: jo Qc, bob Kc, ulla 7c, dee Jc, hal 8c
trick 2: bob 9h, ulla 2h, dee Qh, hal 5h, jo 6d
trick 3: jo 2d, bob Ac, ulla 3d, dee Td, hal 4d
trick 4: dee Jd, hal 8d, jo 9d, bob 8h, ulla Qd
trick 5: ulla 6s, dee Th, hal Jh, jo Js, bob 4s
"""


def test_lcard_exchange_not_written() -> None:
    """A card that may have come back through the reshuffle is not proven held twice."""
    [hand] = audit_bourre(LCARD_HIDDEN)
    assert [v.rule for v in hand.violations] == []
