"""Reading by the words and reading with Lark give the same records, on real logs.

The word reader (:mod:`referee.parser.words`) reads the usual shape of every statement; Lark,
the grammar's own reader, reads every other line. Both must give identical records (each
item's column included, worked out from the text for a word-read line), the same errors and
the same header, on every line of: the bundled samples, the guide's example logs, the
specification's examples, the benchmark's corpora (the realistic one and generated Bourré
sessions) and damaged logs (the fuzz tests' mutations). ``tests/test_parser.py`` does the
same over generated statements and word soup.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from benchmarks.realistic import make_realistic_corpus
from referee.options import BourreOptions
from tests import fuzzing
from tests.reading import read
from tests.simulate import generate_session

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT.parent / "shared" / "spec" / "examples"
_HLOG = re.compile(r"^```hlog\n(.*?)^```$", re.M | re.S)


def _logs_in(folder: Path) -> list[tuple[str, str]]:
    return [(p.name, p.read_text("utf-8")) for p in sorted(folder.rglob("*.hlog"))]


def _guide_logs() -> list[tuple[str, str]]:
    found = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        for i, block in enumerate(_HLOG.findall(page.read_text("utf-8"))):
            found.append((f"{page.name}#{i}", block))
    return found


def test_the_samples_the_guide_and_the_examples_read_alike() -> None:
    logs = _logs_in(ROOT / "samples") + _guide_logs()
    if SPEC.is_dir():
        logs += _logs_in(SPEC)
    assert len(logs) > 30
    for _name, text in logs:
        read(text)


def test_the_realistic_corpus_reads_alike(tmp_path: Path) -> None:
    make_realistic_corpus(tmp_path, 400, seed=11)
    logs = _logs_in(tmp_path)
    assert len(logs) > 20
    for _name, text in logs:
        read(text)


def test_generated_sessions_read_alike() -> None:
    rng = random.Random(5)
    for players in (2, 5, 8):
        for detail in ("full", "mixed", "plays-only"):
            for spelling in (False, True):
                session = generate_session(
                    rng,
                    players=players,
                    hands=6,
                    detail=detail,
                    options=BourreOptions(),
                    varied_spelling=spelling,
                )
                read(session.text)


@pytest.mark.parametrize("seed", range(3))
def test_damaged_logs_read_alike(seed: int) -> None:
    rng = random.Random(seed)
    seeds = fuzzing.seed_logs()
    for _ in range(25):
        _, text = rng.choice(seeds)
        _, other = rng.choice(seeds)
        data = fuzzing.mutate(rng, text.encode(), other.encode())
        read(data.decode("utf-8", errors="replace"))
