"""Bid Euchre from log text through the project's parser: same records, same verdicts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.records import columns
from tests.euchre_builders import SPEC_HAND, judge, log, read_log, read_real, spec_hand
from tests.reading import resolved
from tests.test_euchre_play import RENEGE, ask_hand
from tests.test_euchre_property import expected_points, simulate

EXAMPLE = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"

SAMPLES = {
    "spec": log(SPEC_HAND + "settle bob+dee 4 ann+cy 2\nscore bob+dee 4 ann+cy 2\n"),
    "renege and claims": log(
        RENEGE + "claim dee renege bob trick 2\nclaim ann renege dee\n",
        header="score ann+cy 3 bob+dee 5",
    ),
    "corrected": log(SPEC_HAND.replace("cy Kh", "cy Kh (was Ks)")),
    "faults": log(SPEC_HAND.replace("bob 9c", "rob 2c").replace("trick 3:", "trick 4:")),
    "ask": log(ask_hand("exchange ann Th cy 9c", ann_after=["Jh", "Jd", "Ah", "Kh", "Qh", "9c"])),
    "bids": log(spec_hand("bid ann 2\nbid bob pass\nbid bob 3\nbid cy 4 hearts\nbid dee 4")),
    "redeal": log("dealer dee\nbid ann pass\nbid bob pass\nbid cy pass\nbid dee pass\n"),
    "joker discard": log(SPEC_HAND.replace("trump hearts\n", "trump hearts\ndiscard dee joker\n")),
    "ace no face": log("dealer dee\ndeal ann As 9s Td 9d Tc 9h\nredeal: ann Ace-No-Face\n"),
}


def _example() -> str:
    path = EXAMPLE / "bid-euchre-hand.hlog"
    if not path.exists():
        pytest.skip("the spec example is not available")
    return path.read_text(encoding="utf-8")


def test_spec_example_file_end_to_end() -> None:
    report = audit_text(_example())
    assert report.errors == []
    (hand,) = report.hands
    assert hand.violations == []
    assert hand.points == {"ann+cy": 2, "bob+dee": 4}  # type: ignore[union-attr]
    assert report.score == {"ann+cy": 2, "bob+dee": 4}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_parser_gives_the_same_records_and_verdicts(name: str) -> None:
    text = SAMPLES[name]
    mine, theirs = read_log(text), read_real(text)
    assert [resolved(h).events for h in theirs[1]] == [h.events for h in mine[1]]
    score = theirs[0].score
    assert (score and score._replace(cols=columns(score))) == mine[0].score
    assert judge(text, real_parser=True) == judge(text)


def test_random_hands_through_the_parser() -> None:
    rng = random.Random(20240613)
    for n in range(40):
        sim = simulate(rng, inject=n % 2 == 0)
        text = log("\n".join(sim.lines) + "\n")
        (result,) = judge(text, real_parser=True, **sim.options)
        assert len(result.violations) == (sim.expected is not None), text
        assert result.points == expected_points(sim), text
