"""The exit status, by the contract: 0 every hand clean; 1 any finding about a log (a
violation, a settlement or score error, a log fault, a line of a log that could not be
read); 2 an input that could not be read as a log at all, a failure of the referee, or
misuse. 2 wins over 1; ``--exit-zero`` turns 1 into 0, never 2.

Each read-error code is played through the command line (typer's CliRunner) in every case
where its class differs (:func:`referee.codes.input_not_read` decides it), and in every
command and format that exits on findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import audit
from referee.cli import app
from referee.codes import READ_CODES, Counts, input_not_read
from referee.starter import starter_log

runner = CliRunner()

CLEAN = starter_log("bourre")
HEADER_END = "players ann bob cy dee"


def _with(text: str, after: str, line: str) -> str:
    """``text`` with ``line`` put after the first line that starts with ``after``."""
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith(after))
    return "\n".join([*lines[: at + 1], line, *lines[at + 1 :]]) + "\n"


def _without(text: str, start: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not ln.startswith(start)) + "\n"


#: A log for each case: (code, the log's text or bytes, the exit status of `audit`).
CASES: dict[str, tuple[str, str | bytes, int]] = {
    "clean": ("", CLEAN, 0),
    "syntax slip in a hand": ("P-SYNTAX", _with(CLEAN, "trick 2", "trick3: ann 3d"), 1),
    "syntax: not a log at all": ("P-SYNTAX", "hello there\nhow are you\n", 2),
    "header: a second game line": ("P-HEADER", _with(CLEAN, HEADER_END, "game bourre"), 1),
    "header: a hand statement before hand 1": (
        "P-HEADER",
        _with(CLEAN, HEADER_END, "trump 7s").replace("hand 1\n", "hand 2\n", 1),
        1,
    ),
    "header: no players line": ("P-HEADER", _without(CLEAN, "players"), 2),
    "header: an unknown game": ("P-HEADER", CLEAN.replace("game bourre", "game bridge"), 2),
    "header: no hand": ("P-HEADER", "game bourre\nplayers ann bob cy\n", 2),
    "encoding": ("P-ENCODING", CLEAN.encode() + b"ann \xff\n", 2),
    "rules: an option line": ("P-RULES", _with(CLEAN, HEADER_END, "option limt 20"), 2),
}


def _audit(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


def _log(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / f"{name.replace(' ', '-').replace(':', '')}.hlog"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize("case", list(CASES))
def test_each_read_error_case_exits_as_the_contract_says(case: str, tmp_path: Path) -> None:
    code, content, status = CASES[case]
    path = _log(tmp_path, case, content)
    exit_code, out = _audit("audit", "--format", "json", str(path))
    errors = [e["code"] for e in json.loads(out)["files"][0]["errors"]]
    assert (errors[:1], exit_code) == ([code] if code else [], status)
    assert _audit("audit", "--exit-zero", str(path))[0] == (2 if status == 2 else 0)


def test_a_missing_file_and_a_folder_without_logs_exit_2(tmp_path: Path) -> None:
    assert _audit("audit", str(tmp_path / "missing.hlog"))[0] == 2
    (tmp_path / "empty").mkdir()
    assert _audit("audit", "--exit-zero", str(tmp_path / "empty"))[0] == 2


def test_a_bad_rules_file_given_on_the_command_line_exits_2(tmp_path: Path) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("limt: 20\n", encoding="utf-8")
    path = _log(tmp_path, "clean", CLEAN)
    assert _audit("audit", "--exit-zero", "--rules", str(rules), str(path))[0] == 2


def _crash_on_hand(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine fails on hand ``number`` (a bug in the referee): P-INTERNAL."""
    real = audit._new_session

    def session(header: Any, options: Any, keep_tricks: bool) -> Any:
        inner = real(header, options, keep_tricks)

        class Failing:
            def __getattr__(self, name: str) -> Any:
                return getattr(inner, name)

            def judge(self, hand: Any) -> Any:
                if hand.number == number:
                    raise RuntimeError("a bug")
                return inner.judge(hand)

        return Failing()

    monkeypatch.setattr(audit, "_new_session", session)


def test_a_failure_of_the_referee_exits_2_even_after_hands_were_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    two_hands = CLEAN + "\nhand 2\ntrump 3h\nbob pass\ncy pass\ndee pass\nann pass\n"
    path = _log(tmp_path, "two", two_hands)
    assert _audit("audit", str(path))[0] == 0
    _crash_on_hand(2, monkeypatch)
    code, out = _audit("audit", "--exit-zero", "--jobs", "1", "--format", "json", str(path))
    assert code == 2 and '"P-INTERNAL"' in out and '"number": 1' in out


@pytest.mark.parametrize("code", [c.id for c in READ_CODES])
def test_every_code_is_classified_and_played_through(code: str) -> None:
    """Each code has its class, and a case above (or a test here) shows it on a real log."""
    played = {c for c, _, _ in CASES.values()} | {"P-IO", "P-INTERNAL"}
    assert code in played
    klass = next(c.counts for c in READ_CODES if c.id == code)
    if code in ("P-SYNTAX", "P-HEADER"):
        assert klass is Counts.FINDING
        assert not input_not_read([code], judged=3) and input_not_read([code], judged=0)
    else:
        assert klass is not Counts.FINDING
        assert input_not_read([code], judged=3)


def test_an_unknown_code_and_a_clean_file() -> None:
    assert input_not_read(["P-SOMETHING-NEW"], judged=3)  # (unknown: the safe side)
    assert not input_not_read([], judged=0)


# ----------------------------------------------------------------------------- everywhere


@pytest.fixture
def batch(tmp_path: Path) -> dict[str, Path]:
    return {
        name: _log(tmp_path, name, CASES[name][1])
        for name in ("clean", "syntax slip in a hand", "header: no hand")
    }


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "html", "csv", "github"])
def test_every_format_exits_alike(fmt: str, batch: dict[str, Path], tmp_path: Path) -> None:
    clean, slip, unread = (str(p) for p in batch.values())
    assert _audit("audit", "-f", fmt, clean)[0] == 0
    assert _audit("audit", "-f", fmt, clean, slip)[0] == 1
    assert _audit("audit", "-f", fmt, "--exit-zero", clean, slip)[0] == 0
    assert _audit("audit", "-f", fmt, slip, unread)[0] == 2  # 2 wins over 1
    assert _audit("audit", "-f", fmt, "--exit-zero", unread, slip)[0] == 2
    out = str(tmp_path / f"out.{fmt}")
    assert _audit("audit", "-f", fmt, "-q", "-o", out, clean, slip)[0] == 1


def test_report_show_and_standings_exit_alike(batch: dict[str, Path], tmp_path: Path) -> None:
    clean, slip, unread = (str(p) for p in batch.values())
    page = str(tmp_path / "r.html")
    assert _audit("report", "-o", page, clean, slip)[0] == 1
    assert _audit("report", "--exit-zero", "-o", page, clean, slip)[0] == 0
    assert _audit("report", "--exit-zero", "-o", page, slip, unread)[0] == 2
    assert _audit("show", clean)[0] == 0
    assert _audit("show", slip)[0] == 1
    assert _audit("show", "--hand", "1", slip)[0] == 1  # (its read error is shown too)
    assert _audit("show", unread)[0] == 2
    # standings accuse nobody: findings are the audit's; an input not read is still 2
    assert _audit("standings", clean, slip)[0] == 0
    assert _audit("standings", clean, unread)[0] == 2
