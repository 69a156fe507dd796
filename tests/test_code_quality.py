"""The package type-checks under ``mypy --strict --warn-unreachable`` and is lint-clean.

Both tools come with the test extras (``pip install -e '.[test]'``), so CI runs them with
the tests; where one is missing (a bare checkout) its test is skipped, not passed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_nothing(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path), "referee"]
    )
    assert status == 0, out + err
    assert "Success" in out


def test_the_mypy_settings_are_strict() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.mypy]", 1)[1].split("\n[", 1)[0]
    assert "strict = true" in section
    assert "warn_unreachable = true" in section


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed")
    done = subprocess.run(
        [ruff, "check", "--no-cache", "referee", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
