"""The quick lane (:mod:`referee.games.bourre.quick`) against the full replay.

The quick lane judges only the hands it can vouch for, and must then give exactly what the
full replay gives; any other hand it must leave to the replay. Here both lanes judge the same
logs — clean and faulty generated sessions under random house options, and real logs after
random damage — and the reports must be equal, hand for hand, field for field.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from referee.audit import audit_text
from referee.games.bourre import engine
from referee.records import QuickHand
from referee.report import BourreHandResult, FileReport
from referee.sequence import Place
from tests import fuzzing
from tests.simulate import ILLEGAL_RULES, generate_session, random_options


class _ReplayOnly(engine.BourreSession):
    """A session whose quick lane declines every hand, so the replay judges them all."""

    def _judge_quick(self, hand: QuickHand, place: Place) -> BourreHandResult | None:
        return None


def _both_lanes(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[FileReport, FileReport]:
    quick = audit_text(text, keep_tricks=True)
    with monkeypatch.context() as m:
        m.setattr(engine, "BourreSession", _ReplayOnly)  # (the session the audit makes)
        full = audit_text(text, keep_tricks=True)
    return quick, full


@pytest.fixture
def lane_count(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts the hands the quick lane judged and those it left to the replay."""
    count = {"quick": 0, "replayed": 0}

    class Counted(engine.BourreSession):
        def _judge_quick(self, hand: QuickHand, place: Place) -> BourreHandResult | None:
            result = super()._judge_quick(hand, place)
            count["quick" if result is not None else "replayed"] += 1
            return result

    monkeypatch.setattr(engine, "BourreSession", Counted)
    yield count


def _sessions(seed: int) -> Iterator[str]:
    """A clean session and, when the options allow, one with illegal plays."""
    rng = random.Random(f"quick-{seed}")
    options = random_options(rng)
    detail = ("mixed", "full", "plays-only", "mixed")[seed % 4]
    players = 2 + seed % 7
    yield generate_session(rng, players=players, hands=5, options=options, detail=detail).text
    rule = ILLEGAL_RULES[seed % len(ILLEGAL_RULES)]
    try:
        gen = generate_session(
            rng, players=players, hands=4, options=options, illegal=rule, corrected=seed % 3 == 0
        )
    except ValueError:  # the options switch this rule off
        return
    yield gen.text


@pytest.mark.parametrize("batch", range(4))
def test_lanes_agree_on_generated_sessions(
    batch: int, monkeypatch: pytest.MonkeyPatch, lane_count: dict[str, int]
) -> None:
    for seed in range(batch * 40, batch * 40 + 40):
        for text in _sessions(seed):
            quick, full = _both_lanes(text, monkeypatch)
            assert quick == full, text
    assert lane_count["quick"] > 5 * lane_count["replayed"]  # the lane is really used


def test_clean_sessions_take_the_quick_lane(lane_count: dict[str, int]) -> None:
    """Every hand of a clean session without `(was CARD)` is judged by the quick lane."""
    for seed in range(30):
        rng = random.Random(f"clean-{seed}")
        options = random_options(rng)
        gen = generate_session(
            rng, players=2 + seed % 7, hands=6, options=options, retractions=False, early_rate=0
        )
        report = audit_text(gen.text)
        assert not report.errors and report.violation_count == 0
    assert lane_count["replayed"] == 0 and lane_count["quick"] == 30 * 6


@pytest.mark.parametrize("batch", range(4))
def test_lanes_agree_on_damaged_logs(batch: int, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = [text for name, text in fuzzing.seed_logs() if "euchre" not in name]
    rng = random.Random(f"damaged-{batch}")
    for _ in range(150):
        text = fuzzing.damaged_log(rng, logs)
        quick, full = _both_lanes(text, monkeypatch)
        assert quick == full, text


def test_lanes_agree_on_random_statements(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("statements")
    for _ in range(300):
        text = fuzzing.random_log(rng)
        quick, full = _both_lanes(text, monkeypatch)
        assert quick == full, text


def test_the_table_driven_trick_winner_is_the_rule() -> None:
    """:func:`trick_winner_index` (a table of strengths) against the rule in words: the
    highest trump, else the highest card of the suit led (the trump unknown: the latter)."""
    from referee.cards import BOURRE_DECK, RANK_VALUE, SUITS
    from referee.games.bourre.play import trick_winner_index

    def by_the_rule(cards: tuple[str, ...], trump: str | None) -> int:
        trumps = [i for i, c in enumerate(cards) if c[-1] == trump]
        pool = trumps or [i for i, c in enumerate(cards) if c[-1] == cards[0][-1]]
        return max(pool, key=lambda i: RANK_VALUE[cards[i][0]])

    rng = random.Random("winner")
    deck = sorted(BOURRE_DECK)
    for _ in range(5000):
        cards = tuple(rng.sample(deck, rng.randint(2, 8)))
        trump = rng.choice((*SUITS, None))
        assert trick_winner_index(cards, trump) == by_the_rule(cards, trump), (cards, trump)


_TWO_HANDED = (
    "game bourre\nplayers ann bob\n\nhand 1\ndealer bob\ntrump h\n"
    "trick 1: ann As, bob 2s\ntrick 2: ann Ks, bob 3s\ntrick 3: ann Qs, bob 4s\n"
    "trick 4: ann Js, bob 5s\ntrick 5: {}\n"
)


@pytest.mark.parametrize(
    ("last_trick", "quick"),
    [
        ("ann Ts, bob 6s", True),  # clean
        ("ann Ts, bob 2s", False),  # bob's 2s again, played in trick 1
        ("ann As, bob 6s", False),  # ann's As again, played in trick 1 (by the leader)
        ("ann Ts, bob Ts", False),  # one card twice in one trick
    ],
)
def test_a_card_played_twice_is_left_to_the_replay(
    last_trick: str, quick: bool, lane_count: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick lane checks that no card is played twice by the count of the cards played
    at the end of the hand (not trick by trick): a card played again, in a later trick or in
    the same one, sends the hand to the replay, which reports it (L-CARD)."""
    text = _TWO_HANDED.format(last_trick)
    report, replayed = _both_lanes(text, monkeypatch)
    assert report == replayed
    assert lane_count == {"quick": int(quick), "replayed": int(not quick)}
    rules = [(v.rule, v.line) for hand in report.hands for v in hand.violations]
    assert rules == ([] if quick else [("L-CARD", 11)])
