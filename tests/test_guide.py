"""`referee docs [PAGE]`: the guide's pages (docs/*.md, package data of the wheel) from the
command line, through typer's CliRunner."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee.cli
from referee.cli import app
from referee.guide import find_page, pages

runner = CliRunner()
REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_docs_lists_every_page_in_the_index_s_order() -> None:
    code, out, err = run("docs")
    assert (code, err) == (0, "")
    assert out == (
        "The guide's pages (`referee docs PAGE` prints one):\n"
        "\n"
        "  index                     The referee's guide\n"
        "  first-log                 Write your first log\n"
        "  log-format                The log format\n"
        "  house-rules               House rules\n"
        "  findings                  Findings: what the referee reports, and what to do about it\n"
        "  config                    Folder config: `referee.toml`\n"
        "  library                   Using referee from Python\n"
        "  editors                   Logs in your editor: highlighting and the language server\n"
        "  ci                        Logs kept in a repository: checked on every push\n"
        "  editors-and-repositories  Where logs are written and kept: fix, watch, pre-commit\n"
        "  commands                  Commands, options and exit status\n"
        "  reports                   The reports\n"
        "  standings                 Standings and settle-up: `referee standings`\n"
        "  choices                   Choices where the spec is silent\n"
        "  hostile-input             Bad input: what the referee reads, writes and never prints\n"
        "  performance               Performance\n"
        "  architecture              Architecture\n"
    )
    assert len(pages()) == len(list(DOCS.glob("*.md")))


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda p: p.name)
def test_docs_prints_each_page_as_written(page: Path) -> None:
    name = "index" if page.name == "README.md" else page.stem
    code, out, err = run("docs", name)
    assert (code, err) == (0, "")
    assert out == page.read_text(encoding="utf-8")


@pytest.mark.parametrize("word", ["LOG-FORMAT", "log-format.md", " log-format "])
def test_a_page_is_named_in_any_case_with_or_without_md(word: str) -> None:
    assert find_page(word).name == "log-format"
    assert find_page("readme").name == find_page("README.md").name == "index"


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("first-lg", "no page of the guide is called 'first-lg'; did you mean first-log?"),
        ("settle", "no page of the guide is called 'settle'; `referee explain settle` explains it"),
        ("BR-FOLLOW",
         "no page of the guide is called 'BR-FOLLOW'; `referee explain BR-FOLLOW` explains it"),
        ("xyzzy", "no page of the guide is called 'xyzzy'; `referee docs` lists the pages"),
        ("\x1b[31m", "no page of the guide is called '\\x1b[31m'; `referee docs` lists the pages"),
    ],
)  # fmt: skip
def test_an_unknown_page_is_misuse_with_a_hint(word: str, message: str) -> None:
    assert run("docs", word) == (2, "", f"referee: {message}\n")


def test_on_a_terminal_the_page_goes_through_the_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(referee.cli, "_isatty", lambda stream: True)
    monkeypatch.setattr("pydoc.pager", shown.append)
    code, out, _ = run("docs", "first-log")
    assert (code, out) == (0, "")
    assert shown == [(DOCS / "first-log.md").read_text(encoding="utf-8")]
    shown.clear()
    assert run("docs")[0] == 0 and shown == []  # (the short list is printed as it is)


def test_the_pages_are_the_wheel_s_package_data() -> None:
    with open(REPO / "pyproject.toml", "rb") as file:
        setuptools = tomllib.load(file)["tool"]["setuptools"]
    assert "referee.guide" in setuptools["packages"]
    assert setuptools["package-dir"]["referee.guide"] == "docs"
    assert setuptools["package-data"]["referee.guide"] == ["*.md"]


def test_the_starter_log_points_at_the_guide() -> None:
    for game in ("bourre", "bid-euchre"):
        code, out, _ = run("new", game)
        assert code == 0
        assert "# Every statement: `referee docs log-format`" in out
        assert "docs/" not in out
    assert sys.modules["referee.guide"] is not None
