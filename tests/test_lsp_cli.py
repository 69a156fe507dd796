"""``referee lsp`` on the command line, whether pygls is installed or not (the server
itself is tested through a client in ``tests/test_lsp.py``)."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def test_without_pygls_it_says_how_to_install_it_and_exits_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in [m for m in sys.modules if m == "referee.lsp.server" or m.startswith("pygls")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pygls", None)  # (an import of it fails, as uninstalled)
    result = runner.invoke(app, ["lsp"])
    assert result.exit_code == 2
    assert "`referee lsp` needs the pygls package, which is not installed" in result.stderr
    assert "pip install 'pygls>=2,<3'" in result.stderr
    assert "pip install '.[lsp]'" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_the_core_never_imports_the_server() -> None:
    """The language server is an extra: nothing but the command line imports it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "referee"
    for path in root.rglob("*.py"):
        if path.parts[-2] == "lsp" or path.name == "cli.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "referee.lsp" not in text and "pygls" not in text, path


def test_help_names_the_command() -> None:
    result = runner.invoke(app, ["lsp", "--help"])
    assert result.exit_code == 0
    assert "language server" in result.output
    assert "--stdio" in result.output
