"""One slip, on generated sessions: a card written in a trick where another card was played,
a card the hand shows played elsewhere (so the log shows it twice). Whose card it was, or
in which trick it was played, the log does not say; so the referee reports the log's
faults and no renege (the clean session has none), and does not settle the hand (who won
the tricks holding it is not known).

Seeded: every run judges the same logs.
"""

from __future__ import annotations

import random

import pytest

from tests.bourre_helpers import audit_bourre
from tests.simulate import generate_session, random_options

#: The findings of a play against the rules (every other finding here is a log fault).
PLAY_RULES = frozenset({"BR-FOLLOW", "BR-HEAD", "BR-TRUMP", "BR-OVERTRUMP", "BR-CINCH"})


def _plays(line: str) -> list[tuple[str, str]]:
    """The (player, card) plays of a trick line as the generator writes it in full detail:
    ``trick 2: cy Jc, ivy 9h``."""
    _, body = line.split(":", 1)
    return [(p.split()[0], p.split()[1]) for p in body.split(",")]


def _written_twice(log: str, rng: random.Random) -> str | None:
    """``log`` with one play's card replaced by the card of another play of the hand (None
    when the hand has fewer than two tricks)."""
    lines = log.split("\n")
    tricks = [i for i, line in enumerate(lines) if line.startswith("trick ")]
    if len(tricks) < 2:
        return None
    into, source = rng.sample(tricks, 2)
    plays = _plays(lines[into])
    k = rng.randrange(len(plays))
    _, card = rng.choice(_plays(lines[source]))
    plays[k] = (plays[k][0], card)
    head = lines[into].split(":", 1)[0]
    lines[into] = f"{head}: " + ", ".join(f"{p} {c}" for p, c in plays)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(30))
def test_a_card_written_twice_accuses_nobody(seed: int) -> None:
    rng = random.Random(seed)
    gen = generate_session(rng, hands=3, options=random_options(rng), detail="full")
    for index in range(len(gen.hands)):
        log = _written_twice(gen.standalone_log(index), rng)
        if log is None:
            continue
        (result,) = audit_bourre(log)
        assert not [v for v in result.violations if v.rule in PLAY_RULES], log
        assert any(v.rule == "L-CARD" for v in result.violations), log
        assert not result.settled, log


@pytest.mark.parametrize("seed", range(30))
def test_a_dealer_line_written_wrong_is_one_finding(seed: int) -> None:
    """A later hand's `dealer` line naming another seat: one L-DEALER, nothing else in any
    hand (the line or the rotation may be the slip: what turns on one dealer is not judged
    in that hand, and the next hand's line may name the dealer after either)."""
    rng = random.Random(seed)
    # (3 to 8 players: with two, an early announcement under one reading only may cost a
    # deal, and the rotation take a third course; not covered)
    players = rng.randint(3, 8)
    gen = generate_session(
        rng, players=players, hands=4, options=random_options(rng), detail="full"
    )
    clean = [sorted((v.rule, v.line) for v in h.violations) for h in audit_bourre(gen.text)]
    lines = gen.text.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith("dealer")][1:]
    i = rng.choice(at)
    stated = lines[i].split()[-1]
    lines[i] = f"dealer: {rng.choice([p for p in gen.players if p != stated])}"
    found = [sorted((v.rule, v.line) for v in h.violations) for h in audit_bourre("\n".join(lines))]
    added = [f for hand, was in zip(found, clean, strict=True) for f in hand if f not in was]
    assert added == [("L-DEALER", i + 1)], "\n".join(lines)


def _name_slip(log: str, rng: random.Random, names: list[str]) -> str | None:
    """``log`` with one play's name in a trick line replaced by another seated player's or
    by a name not seated (None when the hand has no trick)."""
    lines = log.split("\n")
    tricks = [i for i, line in enumerate(lines) if line.startswith("trick ")]
    if not tricks:
        return None
    into = rng.choice(tricks)
    plays = _plays(lines[into])
    k = rng.randrange(len(plays))
    others = [p for p in names if p != plays[k][0]]
    plays[k] = (rng.choice([*others, "zzz"]), plays[k][1])
    head = lines[into].split(":", 1)[0]
    lines[into] = f"{head}: " + ", ".join(f"{p} {c}" for p, c in plays)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(30))
def test_a_name_written_wrong_in_a_trick_accuses_nobody(seed: int) -> None:
    """A play's name in a trick line written as another player's (seated or not): the card
    was on the table all the same, and which card was whose the log does not say; the
    referee reports the log's faults and no renege."""
    rng = random.Random(seed)
    gen = generate_session(rng, hands=3, options=random_options(rng), detail="full")
    for index in range(len(gen.hands)):
        log = _name_slip(gen.standalone_log(index), rng, list(gen.players))
        if log is None:
            continue
        (result,) = audit_bourre(log)
        assert not [v for v in result.violations if v.rule in PLAY_RULES], log
        assert result.violations, log
