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


@pytest.mark.parametrize(
    ("rule", "claim", "after", "doubt"),
    [
        (
            "BR-FOLLOW",
            "claim bob renege cy trick 1\n",
            "trick 1: ann Kh, bob 2h, cy 4c\n",
            "before cy's 4♣ in trick 1 the log shows ann's K♥, which it also shows played by "
            "bob, and does not say whose it was",
        ),
        (
            "BE-FOLLOW",
            "claim bob renege ann trick 1\n",
            "trick 1: dee Kc, ann 9d, bob 9c, cy Qc\n",
            "ann played 9♦ in trick 1 after dee's K♣, which the log also shows played by cy: "
            "the suit led is not known",
        ),
    ],
)
def test_a_claim_on_a_play_after_a_disputed_lead_names_the_card(
    rule: str, claim: str, after: str, doubt: str
) -> None:
    log = _log(rule, "card-played-by-two-players-leads-a-trick").replace(after, after + claim)
    report = referee.audit_text(log)
    (ruling,) = report.hands[0].claims
    assert ruling.ruling == "rejected"
    assert "is proven illegal" in ruling.reason or "is proven in" in ruling.reason
    assert "was legal" not in ruling.reason
    assert "shows no club" not in ruling.reason
    assert doubt in ruling.reason


def test_a_bid_euchre_claim_against_a_player_of_the_card_names_it() -> None:
    log = _log("BE-FOLLOW", "card-played-by-two-players-convicts-nobody")
    trick = "trick 2: dee 9h, ann Jh, bob Qh, cy Ks\n"
    report = referee.audit_text(log.replace(trick, trick + "claim dee renege cy trick 2\n"))
    (ruling,) = report.hands[0].claims
    assert ruling.ruling == "rejected"
    assert ruling.reason.startswith("no illegal play by cy is proven in trick 2: ")
    assert "K♥ played by cy and by another player" in ruling.reason
