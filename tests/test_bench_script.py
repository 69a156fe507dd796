"""``benchmarks/bench.py`` runs end to end on tiny corpora (needs the ``bench`` extra).

It must time both corpora against python-chess, check they audit clean, and, with
``--compare-with``, time a second checkout (here this one again, so its output must be
byte-identical) beside them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench.py"


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=300
    )


def test_both_corpora_against_read_game_and_another_checkout(tmp_path: Path) -> None:
    pytest.importorskip("chess")
    run = _bench(
        "--hands", "40", "--repeat", "1", "--workdir", str(tmp_path), "--compare-with", str(ROOT)
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "bulk corpus: 1 files, 40 Bourré hands" in out
    assert "realistic corpus: " in out and " 40 hands (" in out
    assert out.count("(python-chess: no errors)") == 2
    assert out.count("referee (this checkout): exit 0, clean") == 2
    other = f"referee ({ROOT.name})"
    assert out.count(f"{other}: exit 0, 0 violations, 0 read errors; output byte-identical") == 2
    for label in ("referee (this checkout)", other):
        assert out.count(f"ratio to read_game, {label}: ") == 2
    assert out.count(f"time of referee (this checkout) / {other}: ") == 2
    assert out.count("python-chess read_game") == 2


def test_one_corpus_only(tmp_path: Path) -> None:
    pytest.importorskip("chess")
    run = _bench(
        "--corpus", "realistic", "--hands", "20", "--repeat", "1", "--workdir", str(tmp_path)
    )
    assert run.returncode == 0, run.stderr
    assert "realistic corpus: " in run.stdout and "bulk corpus" not in run.stdout
    assert "ratio to read_game, referee (this checkout): " in run.stdout
    assert "time of" not in run.stdout


def test_compare_with_a_folder_without_the_package(tmp_path: Path) -> None:
    run = _bench("--compare-with", str(tmp_path), "--workdir", str(tmp_path))
    assert run.returncode == 1
    assert f"--compare-with {tmp_path}: no referee/ package there" in run.stderr
    assert list(tmp_path.iterdir()) == []  # (nothing generated)


def test_a_compared_checkout_that_gives_no_report_is_not_timed(tmp_path: Path) -> None:
    pytest.importorskip("chess")
    broken = tmp_path / "broken"
    (broken / "referee").mkdir(parents=True)
    (broken / "referee" / "__init__.py").write_text("raise SystemExit('broken on purpose')\n")
    (broken / "referee" / "__main__.py").write_text("")
    work = tmp_path / "work"
    run = _bench("--corpus", "bulk", "--hands", "20", "--repeat", "1", "--workdir", str(work),
                 "--compare-with", str(broken))  # fmt: skip
    assert run.returncode == 1
    assert "referee (this checkout): exit 0, clean" in run.stdout
    assert "referee (broken): exit 1 without a JSON report; not timing it" in run.stderr
    assert "ratio to read_game" not in run.stdout
