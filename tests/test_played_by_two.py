"""A card the log writes as played by two players: the renege that holds whoever held it
is reported with evidence that does not rest on that card (the verdicts themselves are
rule cases: ``card-played-by-two-players-*`` in ``tests/rule_cases/BR-FOLLOW.yml`` and
``BE-FOLLOW.yml``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import referee

CASES = Path(__file__).parent / "rule_cases"


def _log(rule: str, name: str) -> str:
    cases = yaml.safe_load((CASES / f"{rule}.yml").read_text(encoding="utf-8"))["cases"]
    (case,) = [c for c in cases if c["name"] == name]
    return str(case["log"])


@pytest.mark.parametrize(
    ("rule", "shown"),
    [("BR-FOLLOW", "9♥ (played in trick 4)"), ("BE-FOLLOW", "10♥, played in trick 5")],
)
def test_the_evidence_does_not_cite_the_card_played_twice(rule: str, shown: str) -> None:
    report = referee.audit_text(_log(rule, "card-played-by-two-players-renege-either-way"))
    (renege,) = [v for h in report.hands for v in h.violations if v.rule == rule]
    assert shown in renege.evidence
    assert "K♥" not in renege.evidence


def test_a_claim_on_a_play_the_card_leaves_open_is_not_called_legal() -> None:
    log = _log("BR-FOLLOW", "card-played-by-two-players-convicts-nobody")
    trick = "trick 1: bob 2h, ann 4c\n"
    log = log.replace(trick, trick + "claim bob renege ann\n")
    report = referee.audit_text(log)
    (claim,) = report.hands[0].claims
    assert claim.ruling == "rejected"
    assert "was legal" not in claim.reason
    assert "K♥ played by ann and by another player" in claim.reason
