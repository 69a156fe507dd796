"""The pre-commit hook (``.pre-commit-hooks.yaml``): pre-commit itself runs it in a scratch
git repository of logs, and a commit's log with a finding fails it where a clean one
passes.

Offline and fast, the hook runs as ``language: system`` (the referee of this environment):
from a ``repo: local`` hook, and from this checkout as a ``repo:`` at its current commit,
which reads the hook's id, files and settings from the manifest. The hook as published
(``language: python``: pre-commit installs the referee from the repository into an
environment of its own) needs the package index and half a minute:
``REFEREE_PRE_COMMIT_INSTALL=1 pytest tests/test_pre_commit.py`` runs it too.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "bourre"
INSTALL = os.environ.get("REFEREE_PRE_COMMIT_INSTALL", "") not in ("", "0")

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None, reason="pre-commit needs git, which is not installed"
)


def _pre_commit() -> list[str]:
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (the test extra has it)")
    return [sys.executable, "-m", "pre_commit"]


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=folder, capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def _head() -> str:
    """This checkout's commit, when it is a git checkout whose commit has the manifest."""
    try:
        head = _git(ROOT, "rev-parse", "HEAD")
        _git(ROOT, "cat-file", "-e", f"{head}:.pre-commit-hooks.yaml")
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"this checkout is not a git commit with .pre-commit-hooks.yaml ({exc})")
    return head


def _logs_repository(folder: Path, config: str) -> Path:
    """A scratch repository of logs: a clean one, one with findings, and the config."""
    folder.mkdir()
    _git(folder, "init", "-q")
    shutil.copy(SAMPLES / "friday-night.hlog", folder / "clean.hlog")
    shutil.copy(SAMPLES / "settlement-mistakes.hlog", folder / "wrong.hlog")
    (folder / "notes.txt").write_text("not a log\n", encoding="utf-8")
    (folder / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    _git(folder, "add", "-A")
    return folder


def _run(folder: Path, home: Path, *files: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "NO_COLOR": "1",
        "REFEREE_PURE": "1",  # (an install from the repository: pure Python, no compiling)
    }
    return subprocess.run(
        [*_pre_commit(), "run", "--color", "never", "--files", *files],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _system_entry() -> str:
    return f"{shlex.quote(sys.executable)} -m referee audit"


def _config(kind: str) -> str:
    if kind == "local":
        return (
            "repos:\n  - repo: local\n    hooks:\n      - id: referee\n"
            "        name: referee audit\n        language: system\n"
            f"        entry: {_system_entry()}\n        files: \\.hlog$\n"
        )
    hook = "      - id: referee\n"
    if kind == "checkout":  # the manifest's hook, run by this environment's referee
        hook += f"        language: system\n        entry: {_system_entry()}\n"
    return f"repos:\n  - repo: {ROOT}\n    rev: {_head()}\n    hooks:\n{hook}"


def _check(folder: Path, home: Path) -> None:
    passed = _run(folder, home, "clean.hlog", "notes.txt")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
    failed = _run(folder, home, "clean.hlog", "wrong.hlog", "notes.txt")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "Failed" in failed.stdout
    assert "wrong.hlog:56:1: BR-SETTLE-ANTE" in failed.stdout
    assert "notes.txt" not in failed.stdout  # (only *.hlog files are given to the hook)


@pytest.mark.parametrize("kind", ["local", "checkout"])
def test_pre_commit_fails_on_findings_and_passes_clean_logs(tmp_path: Path, kind: str) -> None:
    _pre_commit()
    folder = _logs_repository(tmp_path / "logs", _config(kind))
    _check(folder, tmp_path / "pre-commit-home")


@pytest.mark.skipif(
    not INSTALL,
    reason="installs the referee into pre-commit's own environment from the package index "
    "(half a minute): set REFEREE_PRE_COMMIT_INSTALL=1 to run it",
)
def test_the_hook_as_published_installs_and_runs(tmp_path: Path) -> None:
    _pre_commit()
    folder = _logs_repository(tmp_path / "logs", _config("published"))
    _check(folder, tmp_path / "pre-commit-home")


def test_the_manifest_is_valid_and_runs_referee_audit_on_logs() -> None:
    _pre_commit()
    from pre_commit.clientlib import load_manifest

    (hook,) = load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))
    assert (hook["id"], hook["entry"], hook["language"]) == ("referee", "referee audit", "python")
    assert hook["files"] == r"\.hlog$" and hook["require_serial"] is True
