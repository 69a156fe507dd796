"""The benchmark's realistic corpus: reproducible, as varied as it says, and clean.

The corpus is what ``benchmarks/bench.py`` times against python-chess, so it must hold
what it claims (short files, varied spellings, every optional statement, YAML house rules
next to the logs, both games) and must audit clean: a finding in it would be either a bug
in the corpus or a false accusation by the referee.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import referee
from benchmarks.realistic import RealisticCorpus, make_realistic_corpus
from referee.report import EuchreHandResult


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RealisticCorpus]:
    folder = tmp_path_factory.mktemp("realistic")
    return folder, make_realistic_corpus(folder, 1500, seed=7)


def _texts(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes().decode("utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_same_seed_writes_the_same_files(
    tmp_path: Path, corpus: tuple[Path, RealisticCorpus]
) -> None:
    folder, made = corpus
    again = make_realistic_corpus(tmp_path / "again", 1500, seed=7)
    assert again == made
    assert _texts(tmp_path / "again") == _texts(folder)
    other = make_realistic_corpus(tmp_path / "other", 1500, seed=8)
    assert other.digest != made.digest


def test_a_reused_folder_holds_only_the_new_corpus(tmp_path: Path) -> None:
    make_realistic_corpus(tmp_path, 600, seed=1)
    second = make_realistic_corpus(tmp_path, 100, seed=2)
    fresh = make_realistic_corpus(tmp_path / "fresh", 100, seed=2)
    assert second == fresh
    assert len(list(tmp_path.glob("table-*/night-*.hlog"))) == second.files


def test_it_audits_clean_with_the_counts_it_reports(corpus: tuple[Path, RealisticCorpus]) -> None:
    folder, made = corpus
    reports = list(referee.audit_path(folder, keep_tricks=True))
    assert len(reports) == made.files
    assert [f.path for f in reports if f.errors or f.violation_count] == []
    hands = [h for f in reports for h in f.hands]
    assert all(h.settled for h in hands)
    games = Counter(f.game for f in reports for _ in f.hands)
    assert games == {"bourre": made.bourre_hands, "bid-euchre": made.euchre_hands}
    plays = sum(len(trick.plays) for h in hands for trick in h.tricks)
    assert plays == made.plays
    euchre = [h for h in hands if isinstance(h, EuchreHandResult)]
    assert {h.bid for h in euchre} >= {"3", "4", "5", "6", "ask", "moon", None}


def test_it_is_written_as_people_write(corpus: tuple[Path, RealisticCorpus]) -> None:
    folder, made = corpus
    texts = _texts(folder)
    logs = [t for name, t in texts.items() if name.endswith(".hlog")]
    hands_per_file = [len(re.findall(r"(?im)^\s*hand\b", t)) for t in logs]
    assert min(hands_per_file) >= 1 and max(hands_per_file) <= 16
    assert 11 <= sum(hands_per_file) / len(logs) <= 13
    whole = "\n".join(logs)
    for spelling in (r"\b10♥", r"\b[ajkqt][SHDC]\b", r"\b[2-9AJKQT][SHDC]\b", r"\btd\b", "♡"):
        assert re.search(spelling, whole), spelling
    for statement in ("deal", "ante", "settle", "score", "bid", "exchange", "dealer", "date"):
        assert re.search(rf"(?im)^\s*{statement}\b", whole), statement
    assert re.search(r"(?m)^\s*TRICK \d+:", whole) and re.search(r"(?m)^\s*Trick \d+ ", whole)
    assert re.search(r"(?m)^# ", whole) and re.search(r"(?m)^\s*trick .*  # ", whole)
    assert "\r\n" in whole and "\ufeff" in whole
    uses_yaml = [t for t in logs if re.search(r"(?m)^rules:? house\.yaml$", t)]
    uses_options = [t for t in logs if re.search(r"(?m)^option ", t)]
    assert made.rules_files == sum(n.endswith("house.yaml") for n in texts)
    assert len(uses_yaml) > 0.1 * len(logs) and len(uses_options) > 0.1 * len(logs)
    assert any(re.search(r"(?m)^option ", t) for t in uses_yaml)  # a night's override
    assert any(
        t.startswith(("bourre:", "bid-euchre:", "# our house rules\nb")) for t in texts.values()
    )
