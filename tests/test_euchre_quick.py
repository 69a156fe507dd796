"""Bid Euchre's quick lane (:mod:`referee.games.euchre.quick`) against the full trick replay.

The lane answers only for tricks it can vouch for, and must then give exactly what the full
replay gives; any other hand it must leave to the replay. Here both judge the same hands —
random legal hands and hands with an injected fault (every deck), hands of random plays
written out of turn, the same hands damaged one card or line at a time, and real logs after
random damage — and the results must be equal, hand for hand, field for field (tricks and
findings included). And the lane must really be taken: every played hand of a clean log is
judged by it, so it cannot quietly become dead code.

The tests turn the lane off (and count its answers) by patching the engine's
``quick_replay``; a compiled engine calls it directly, so against a compiled build
(``REFEREE_TEST_BUILD``) they are skipped: ``tests/test_compiled.py`` compares that build's
output with the checkout's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from referee.audit import audit_text
from referee.cards import EUCHRE_DECK, JOKER
from referee.games.euchre import engine
from referee.games.euchre.replay import Replay, TrickReplay
from referee.records import TrickLine
from referee.report import EuchreHandResult, FileReport
from tests import fuzzing
from tests.euchre_builders import SPEC_HAND, judge, log
from tests.test_euchre_cheap_checks import DECKS, _out_of_order, _random_hand
from tests.test_euchre_property import simulate

pytestmark = pytest.mark.skipif(
    not engine.__file__ or not engine.__file__.endswith(".py"),
    reason="a compiled engine calls the quick lane directly: it cannot be patched",
)

#: Cards a damaged line may put down: the deck, the joker (outside most decks), a Bourré card.
_POOL = (*sorted(EUCHRE_DECK), JOKER, "2h", "8c")


@pytest.fixture
def lanes(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts the hands whose tricks the quick lane judged and those it left to the replay."""
    count = {"quick": 0, "replayed": 0}
    real = engine.quick_replay

    def counted(replay: TrickReplay, lines: list[TrickLine]) -> Replay | None:
        found = real(replay, lines)
        count["quick" if found is not None else "replayed"] += 1
        return found

    monkeypatch.setattr(engine, "quick_replay", counted)
    yield count


def _no_lane(replay: TrickReplay, lines: list[TrickLine]) -> None:
    """The lane declining every hand: the replay judges them all."""
    return None


def _both(
    text: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[EuchreHandResult], list[EuchreHandResult]]:
    quick = judge(text, **options)
    with monkeypatch.context() as m:
        m.setattr(engine, "quick_replay", _no_lane)
        full = judge(text, **options)
    return quick, full


def _deck_options(seed: int) -> dict[str, Any]:
    deck = DECKS[seed % len(DECKS)]
    return {"deck": "double"} if deck.copies == 2 else {"joker": deck.joker}


def _damaged(rng: random.Random, body: str) -> str:
    """``body`` with one thing wrong in its tricks, as a careless or dishonest scorer writes
    it: a card changed, two cards or two plays swapped, a play doubled, dropped or taken back,
    a trick line dropped, doubled or renumbered, a stranger's play."""
    lines = body.splitlines()
    tricks = [i for i, line in enumerate(lines) if line.startswith("trick ")]
    if not tricks:
        return body
    i = rng.choice(tricks)
    head, rest = lines[i].split(": ", 1)
    plays = rest.split(", ")
    k = rng.randrange(len(plays))
    kind = rng.randrange(10)
    if kind == 0:  # a card changed
        plays[k] = f"{plays[k].split()[0]} {rng.choice(_POOL)}"
    elif kind == 1:  # two cards swapped, across tricks or in one
        j = rng.choice(tricks)
        other = plays if j == i else lines[j].split(": ", 1)[1].split(", ")
        m = rng.randrange(len(other))
        (a, x), (b, y) = plays[k].split()[:2], other[m].split()[:2]
        plays[k], other[m] = f"{a} {y}", f"{b} {x}"
        if j != i:
            lines[j] = lines[j].split(": ", 1)[0] + ": " + ", ".join(other)
    elif kind == 2:  # two plays swapped in a trick
        m = rng.randrange(len(plays))
        plays[k], plays[m] = plays[m], plays[k]
    elif kind == 3:
        plays.insert(k, plays[k])
    elif kind == 4:
        del plays[k]
    elif kind == 5:  # put down, then taken back
        plays[k] += f" (was {rng.choice(_POOL)})"
    elif kind == 6:
        plays[k] = "zed " + plays[k].split()[1]
    elif kind == 7:
        del lines[i]
        return "\n".join(lines) + "\n"
    elif kind == 8:
        lines.insert(i, lines[i])
        return "\n".join(lines) + "\n"
    else:
        head = f"trick {rng.randint(1, 13)}"
    lines[i] = head + ": " + ", ".join(plays)
    return "\n".join(lines) + "\n"


def test_the_lanes_agree_on_random_hands(
    monkeypatch: pytest.MonkeyPatch, lanes: dict[str, int]
) -> None:
    """Legal hands and hands with one injected fault, under random house options."""
    for seed in range(300):
        sim = simulate(random.Random(f"quick-{seed}"), inject=seed % 2 == 1)
        text = log("\n".join(sim.lines) + "\n")
        quick, full = _both(text, sim.options, monkeypatch)
        assert quick == full, text
    assert lanes["quick"] > 100 and lanes["replayed"] > 20  # both lanes are exercised


def test_the_lanes_agree_on_random_plays(
    monkeypatch: pytest.MonkeyPatch, lanes: dict[str, int]
) -> None:
    """Hands of random plays, legal or not, some taken back, some tricks out of turn."""
    for seed in range(150):
        rng = random.Random(f"plays-{seed}")
        body = _random_hand(rng, DECKS[seed % len(DECKS)])[0]
        if seed % 2:
            body = _out_of_order(rng, body)
        quick, full = _both(log(body), _deck_options(seed), monkeypatch)
        assert quick == full, body
    assert lanes["replayed"] > 100  # (most random hands renege: the other tests are clean)


def test_the_lanes_agree_on_damaged_hands(
    monkeypatch: pytest.MonkeyPatch, lanes: dict[str, int]
) -> None:
    """Clean hands with one thing wrong in their tricks (or, now and then, two)."""
    for seed in range(400):
        rng = random.Random(f"damaged-{seed}")
        sim = simulate(rng, inject=False)
        body = "\n".join(sim.lines) + "\n"
        for _ in range(1 if seed % 5 else 2):
            body = _damaged(rng, body)
        quick, full = _both(log(body), sim.options, monkeypatch)
        assert quick == full, body
    assert lanes["quick"] > 10 and lanes["replayed"] > 300  # (quick: harmless damage)


def _audit_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[FileReport, FileReport]:
    quick = audit_text(text, keep_tricks=True)
    with monkeypatch.context() as m:
        m.setattr(engine, "quick_replay", _no_lane)
        full = audit_text(text, keep_tricks=True)
    return quick, full


@pytest.mark.parametrize("batch", range(2))
def test_the_lanes_agree_on_damaged_logs(
    batch: int, monkeypatch: pytest.MonkeyPatch, lanes: dict[str, int]
) -> None:
    """Real Bid Euchre logs (the samples, the spec's examples, generated ones), read by the
    referee's own parser after random damage."""
    logs = [text for name, text in fuzzing.seed_logs() if "euchre" in name]
    assert logs
    rng = random.Random(f"damaged-logs-{batch}")
    for _ in range(120):
        text = fuzzing.damaged_log(rng, logs)
        quick, full = _audit_both(text, monkeypatch)
        assert quick == full, text
    assert lanes["quick"] > 20 and lanes["replayed"] > 20


def test_clean_hands_take_the_quick_lane(lanes: dict[str, int]) -> None:
    """Every played hand of a clean log is judged by the lane (a redeal has no tricks to
    replay and is asked too), and what it gives is the clean verdict."""
    played = 0
    for seed in range(200):
        sim = simulate(random.Random(f"clean-{seed}"), inject=False)
        (result,) = judge(log("\n".join(sim.lines) + "\n"), **sim.options)
        assert result.violations == [] and result.settled
        played += not sim.redeal
    assert played > 100
    assert lanes["quick"] == played and lanes["replayed"] == 200 - played


def test_a_clean_real_log_takes_the_quick_lane(lanes: dict[str, int]) -> None:
    """The same through the referee's own parser and the audit: the spec's example hand."""
    report = audit_text(log(SPEC_HAND))
    assert not report.errors and report.violation_count == 0
    assert lanes == {"quick": 1, "replayed": 0}
