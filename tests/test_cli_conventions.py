"""Command-line conventions: ``-`` reads a log from standard input, shell completion, ``-V``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import __version__
from referee.build import build_kind
from referee.cli import app
from tests.test_cli import RENEGE

REPO = Path(__file__).resolve().parents[1]
FRIDAY = REPO / "samples" / "bourre" / "friday-night.hlog"
INSTALLED = Path(sys.executable).parent / "referee"  # the console script of this environment
runner = CliRunner()


def _cli(*args: str, stdin: str | bytes | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


# ----------------------------------------------------------------------------- -V


def test_short_version_option() -> None:
    assert _cli("-V") == (0, f"referee {__version__} ({build_kind()})\n")
    assert _cli("--version") == _cli("-V")


def test_version_says_which_build_runs() -> None:
    import referee.parser.words as reader

    compiled = reader.__file__ is not None and reader.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    assert build_kind() == ("compiled" if compiled else "pure Python")


# ----------------------------------------------------------------------------- completion


def test_show_completion_prints_a_script_for_referee(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the shell is named: without this, typer would ask the process tree for one, which a
    # test run started by no shell does not have)
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = runner.invoke(app, ["--show-completion", "bash"], prog_name="referee")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "complete -o default -F _referee_completion referee" in result.stdout
    assert "--install-completion" in _cli("--help")[1]


@pytest.mark.skipif(not INSTALLED.exists(), reason="needs the installed `referee` command")
@pytest.mark.parametrize(
    ("words", "cword", "expected"),
    [
        ("referee st", "1", ["standings"]),
        (
            "referee audit --format ",
            "3",
            ["text", "json", "jsonl", "html", "csv", "csv-findings", "github", "sarif"],
        ),
        ("referee standings -f ", "3", ["text", "json", "csv"]),
    ],
)
def test_completion_through_the_installed_command(
    words: str, cword: str, expected: list[str]
) -> None:
    env = {**os.environ, "_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = cword
    result = subprocess.run(
        [str(INSTALLED)], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0 and result.stdout.split() == expected


# ----------------------------------------------------------------------------- stdin


def test_audit_reads_a_log_from_stdin() -> None:
    code, out = _cli("audit", "-", stdin=RENEGE)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "<stdin> — Bourré"
    (finding,) = [line for line in lines if line.startswith("<stdin>:") and "BR-FOLLOW" in line]
    assert finding.startswith("<stdin>:15:")
    at = lines.index(finding)
    assert lines[at + 1] == " 15 | trick 3: eve Kd, ann Td, cy Qd, dee 8c"  # the snippet, kept
    assert lines[at + 2].endswith("^")


def test_stdin_with_files_is_read_once_in_its_place_whatever_the_jobs() -> None:
    serial = _cli("audit", "-f", "json", "-j", "1", str(FRIDAY), "-", "-", stdin=RENEGE)
    parallel = _cli("audit", "-f", "json", "-j", "2", str(FRIDAY), "-", stdin=RENEGE)
    assert serial == parallel and serial[0] == 1
    files = json.loads(serial[1])["files"]
    assert [f["path"] for f in files] == [str(FRIDAY), "<stdin>"]
    assert [len(f["hands"]) for f in files] == [8, 1]


def test_stdin_that_is_not_text_or_empty_exits_2() -> None:
    code, out = _cli("audit", "-f", "json", "-", stdin=b"game bourre\nplayers ann \xff\n")
    (error,) = json.loads(out)["files"][0]["errors"]
    assert code == 2 and error["code"] == "P-ENCODING" and error["line"] == 2
    code, out = _cli("audit", "-f", "json", "-", stdin="")
    assert code == 2 and json.loads(out)["files"][0]["errors"][0]["code"] == "P-HEADER"


def test_show_and_standings_read_stdin() -> None:
    code, out = _cli("show", "-", "--hand", "1", stdin=RENEGE)
    assert code == 1 and out.startswith("<stdin> — Bourré, 1 hand")
    assert "!BR-FOLLOW" in out
    code, out = _cli("standings", "-f", "json", "-", stdin=RENEGE)
    assert code == 0
    doc = json.loads(out)
    assert doc["files"][0]["path"] == "<stdin>" and doc["bourre"]["hands"] == 1


def test_a_file_named_dash_is_reached_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("-").write_text(FRIDAY.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = _cli("audit", "-f", "json", "./-")
    assert code == 0 and json.loads(out)["files"][0]["path"] == "-"
    code, out = _cli("audit", "-f", "json", "-", stdin=RENEGE)  # `-` is still stdin
    assert code == 1 and json.loads(out)["files"][0]["path"] == "<stdin>"


@pytest.mark.skipif(not INSTALLED.exists(), reason="needs the installed `referee` command")
def test_installed_command_reads_a_pipe() -> None:
    result = subprocess.run(
        [str(INSTALLED), "audit", "--format", "jsonl", "-"],
        input=RENEGE.encode(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    hand = json.loads(result.stdout.splitlines()[0])
    assert hand["path"] == "<stdin>" and [v["rule"] for v in hand["violations"]] == [
        "L-TURN",
        "BR-FOLLOW",
    ]
