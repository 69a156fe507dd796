"""`referee fix` over generated sessions with wrong recorded lines: the fixed log settles
as the clean one does, audits as it does, keeps every other line, and fixing it again
changes nothing.

Bourré sessions come from the independent simulation (:mod:`tests.simulate`), whose
recorded ``settle`` and ``ante`` lines are right; a few of them are then spoilt (an amount,
a player, a line dropped, doubled or added, a pot won or carried, the ante's names). Bid
Euchre hands come from the Bid Euchre simulation (:mod:`tests.test_euchre_property`);
their ``settle`` and ``score`` lines are written from the referee's own scoring of the log
without them, some with a wrong number, in either team order and any case.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import referee
from referee.fixer import FixOutcome, LogText, fix_log
from referee.report import FileReport
from tests.simulate import generate_session, random_options
from tests.test_euchre_property import PLAYERS, simulate

_SETTLE = re.compile(r"\s*settle\b", re.IGNORECASE)
_RECORDED = re.compile(r"\s*(settle|ante|score)\b", re.IGNORECASE)
_LAST_NUMBER = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*$")


def _fix(text: str, options: Mapping[str, Any] | None = None) -> FixOutcome:
    def judge(log: LogText) -> FileReport:
        return referee.audit_text(log.text(), game_options=options, path="t.hlog")

    return fix_log(text.encode("utf-8"), judge, "t.hlog")


def _fixed_text(outcome: FixOutcome) -> str:
    """The fixed log as written (its byte-order mark too)."""
    assert outcome.fixed is not None
    return outcome.fixed.encode().decode("utf-8")


def _others(text: str) -> list[str]:
    """The lines that are not recorded ``settle``/``score``/``ante`` lines."""
    return [line for line in text.splitlines() if not _RECORDED.match(line)]


# ----------------------------------------------------------------------------- Bourré


def _spoilt(rng: random.Random, text: str, players: list[str]) -> str | None:
    """``text`` with one recorded line spoilt (None when it has none of that kind)."""
    lines = text.split("\n")
    settles = [i for i, line in enumerate(lines) if _SETTLE.match(line)]
    antes = [i for i, line in enumerate(lines) if re.match(r"\s*ante\b", line, re.IGNORECASE)]
    way: Callable[[], bool]
    i = rng.choice(settles) if settles else -1
    code = lines[i].split("#")[0].rstrip() if settles else ""

    def amount() -> bool:
        found = _LAST_NUMBER.search(code)
        if found is None:
            return False
        lines[i] = code[: found.start(1)] + str(float(found.group(1)) + 1.5)
        return True

    def player() -> bool:
        words = code.split()
        if len(words) < 4:
            return False
        words[1] = rng.choice(players)
        lines[i] = " ".join(words)
        return True

    def dropped() -> bool:
        del lines[i]
        return True

    def doubled() -> bool:
        lines.insert(i, lines[i])
        return True

    def added() -> bool:
        lines.insert(i + 1, f"settle {rng.choice(players)} {rng.choice(('bourre', 'renege'))} 3")
        return True

    def flipped() -> bool:
        if re.search(r"\bsplit\b", code, re.IGNORECASE):
            lines[i] = f"settle {rng.choice(players)} wins 7"
        elif re.search(r"\bwins\b", code, re.IGNORECASE):
            lines[i] = "settle split"
        else:
            return False
        return True

    def ante() -> bool:
        if not antes:
            return False
        j = rng.choice(antes)
        words = lines[j].split("#")[0].split()
        if len(words) > 2 and rng.random() < 0.5:
            del words[rng.randrange(1, len(words))]
        else:
            words.append(rng.choice(players))
        lines[j] = " ".join(words)
        return True

    ways = [ante] + ([amount, player, dropped, doubled, added, flipped] if settles else [])
    way = rng.choice(ways)
    return "\n".join(lines) if way() else None


def _settled_rules(report: FileReport) -> Counter[str]:
    return Counter(v.rule for h in report.hands for v in h.violations)


@pytest.mark.parametrize("seed", range(60))
def test_a_spoilt_bourre_record_is_fixed_as_the_clean_one_settles(seed: int) -> None:
    rng = random.Random(seed)
    options = random_options(rng) if rng.random() < 0.7 else None
    session = generate_session(
        rng,
        hands=rng.randint(1, 5),
        options=options,
        detail=rng.choice(("full", "mixed")),
        early_rate=0.0,
        illegal=rng.choice((None, None, "BR-FOLLOW")),
    )
    clean = referee.audit_text(session.text)
    untouched = _fix(session.text)
    assert not untouched.changed and untouched.changes == []
    text: str | None = session.text
    for _ in range(rng.randint(1, 3)):
        assert text is not None
        text = _spoilt(rng, text, list(session.players)) or text
    assert text is not None
    spoilt = referee.audit_text(text)
    outcome = _fix(text)
    fixed = outcome.report
    out = _fixed_text(outcome)
    assert _others(out) == _others(text)  # only recorded lines change
    assert not _fix(out).changed  # idempotent
    for before, after, right in zip(spoilt.hands, fixed.hands, clean.hands, strict=True):
        if not before.settled:
            continue
        assert [v.rule for v in after.violations if v.rule.startswith("BR-SETTLE")] == []
        assert after.payouts == right.payouts and after.record.verdict in ("agrees", "none")
    if all(h.settled for h in spoilt.hands):
        assert _settled_rules(fixed) == _settled_rules(clean), text
        assert outcome.remaining == [(v.rule, v.line) for h in fixed.hands for v in h.violations]
        if not outcome.remaining:
            assert referee.audit_text(out).violation_count == 0


# ----------------------------------------------------------------------------- Bid Euchre


def _euchre_log(rng: random.Random, hands: int) -> tuple[str, dict[str, object]]:
    """A Bid Euchre log of ``hands`` simulated hands under one set of house options."""
    options: dict[str, object] | None = None
    start = rng.randrange(4)
    bodies = []
    for k in range(hands):
        sim = simulate(rng, rng.random() < 0.3, options=options, dealer=PLAYERS[(start + k) % 4])
        options = sim.options
        bodies.append(f"hand {k + 1}\n" + "\n".join(sim.lines) + "\n")
    assert options is not None
    return "game bid-euchre\nplayers ann bob cy dee\n\n" + "".join(bodies), options


def _recorded(rng: random.Random, text: str, truth: FileReport) -> tuple[str, int]:
    """``text`` with each hand's `settle` and `score` lines from ``truth``, some wrong;
    and how many are wrong."""
    lines = text.split("\n")
    wrong = 0
    for hand in sorted(truth.hands, key=lambda h: -h.line):
        end = next(
            (i for i in range(hand.line, len(lines)) if lines[i].startswith("hand ")), len(lines)
        )
        while end > 0 and not lines[end - 1].strip():
            end -= 1
        added = []
        for word, values in (("settle", hand.points), ("score", hand.score)):
            if values is None or rng.random() < 0.3:
                continue
            entries = list(values.items())
            rng.shuffle(entries)
            if rng.random() < 0.4:
                team = rng.randrange(len(entries))
                entries[team] = (entries[team][0], entries[team][1] + rng.choice((-3, 1, 2)))
                wrong += 1
            teams = " ".join(f"{rng.choice((k, k.upper()))} {v}" for k, v in entries)
            added.append(f"{rng.choice((word, word.title()))}{rng.choice(('', ':'))} {teams}")
        lines[end:end] = added
    return "\n".join(lines), wrong


@pytest.mark.parametrize("seed", range(40))
def test_wrong_euchre_points_and_scores_are_fixed(seed: int) -> None:
    rng = random.Random(seed)
    bare, options = _euchre_log(rng, rng.randint(1, 4))
    truth = referee.audit_text(bare, game_options=options)
    assert all(h.settled for h in truth.hands)
    text, wrong = _recorded(rng, bare, truth)
    outcome = _fix(text, options)
    out = _fixed_text(outcome)
    assert outcome.changed == bool(wrong)
    assert _others(out) == _others(text)
    assert not _fix(out, options).changed
    fixed = outcome.report
    for hand, right in zip(fixed.hands, truth.hands, strict=True):
        assert [v.rule for v in hand.violations if v.rule in ("BE-SCORE", "BE-TOTAL")] == []
        assert (hand.points, hand.score) == (right.points, right.score)
        assert hand.record.verdict in ("agrees", "none")
    assert _settled_rules(fixed) == _settled_rules(truth)


def test_the_spoiling_makes_settlement_findings_fix_mends() -> None:
    """The spoilt records above are wrong in most sessions (else the test proves little),
    and every wrong one is mended."""
    wrong = 0
    for seed in range(30):
        rng = random.Random(seed)
        session = generate_session(rng, hands=3, detail="full", early_rate=0.0)
        text = _spoilt(rng, session.text, list(session.players)) or session.text
        findings = [v.rule for h in referee.audit_text(text).hands for v in h.violations]
        if findings:
            wrong += 1
            assert all(rule.startswith("BR-SETTLE-") for rule in findings)
            assert _fix(text).changed
    assert wrong >= 15


def test_fix_never_fails_and_is_idempotent_on_damaged_logs() -> None:
    """Real logs damaged at random (:mod:`tests.fuzzing`): fix never raises, settles in a
    few rounds, and fixing its output again changes nothing."""
    from tests.fuzzing import mutate, seed_logs

    seeds = seed_logs()
    rng = random.Random(25)
    changed = 0
    for _ in range(100):
        _, text = rng.choice(seeds)
        data = mutate(rng, text.encode("utf-8"), rng.choice(seeds)[1].encode("utf-8"))
        outcome = fix_log(data, _judge, "t.hlog")
        if outcome.fixed is None:
            continue
        assert outcome.settled
        if outcome.changed:
            changed += 1
            assert not fix_log(outcome.fixed.encode(), _judge, "t.hlog").changed
    assert changed >= 8


def _judge(log: LogText) -> FileReport:
    return referee.audit_text(log.text(), path="t.hlog")
