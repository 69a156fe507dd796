"""The command line, through typer's CliRunner: exit codes, formats, options, misuse."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()

# The spec's examples live in ../shared beside the repository (CI lays it out the same way).
EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"

HAVE_PARSER = importlib.util.find_spec("referee.parser") is not None
HAVE_EUCHRE = importlib.util.find_spec("referee.games.euchre.engine") is not None
needs_engines = pytest.mark.skipif(
    not (HAVE_PARSER and HAVE_EUCHRE and EXAMPLES.is_dir()),
    reason="needs the parser, both engines and the spec examples",
)

FRIDAY = (EXAMPLES / "friday-night.hlog") if EXAMPLES.is_dir() else Path("missing")

# Dee holds a diamond (4d, played in trick 5) but throws 8c on the diamond lead in trick 3.
RENEGE = """\
game bourre
players ann bob cy dee eve
option limit 20

hand 1
dealer eve
trump 4h
ann play
bob pass
cy play
dee play
eve play
trick 1: ann 7h, cy 9h, dee Jh, eve Ah
trick 2: eve 4h, ann Kh, cy 2h, dee 3h
trick 3: eve Kd, ann Td, cy Qd, dee 8c
trick 4: eve Jc, ann 3c, cy 6c, dee 8s
trick 5: eve 3s, ann 5d, cy 9c, dee 4d
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports to a pipe are plain; make sure the environment does not force colour."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """A folder with the spec's examples and a log with a renege."""
    if EXAMPLES.is_dir():
        for example in EXAMPLES.glob("*.hlog"):
            shutil.copy(example, tmp_path / example.name)
    (tmp_path / "renege.hlog").write_text(RENEGE, encoding="utf-8")
    return tmp_path


# ----------------------------------------------------------------------------- audit: exit codes


@needs_engines
def test_clean_example_exits_0(logs: Path) -> None:
    code, out, _ = run("audit", str(logs / "friday-night.hlog"))
    assert code == 0, out
    assert "friday-night.hlog — Bourré\n" in out and "1 file, 1 hand: clean" in out
    assert out.rstrip().endswith("1 file, 1 hand: clean")


@needs_engines
def test_both_examples_clean(logs: Path) -> None:
    code, out, _ = run("audit", str(logs / "friday-night.hlog"), str(logs / "bid-euchre-hand.hlog"))
    assert code == 0, out


@needs_engines
def test_violation_exits_1_with_diagnostic(logs: Path) -> None:
    code, out, _ = run("audit", str(logs / "renege.hlog"))
    assert code == 1, out
    assert f"{logs / 'renege.hlog'}:15:" in out and "BR-FOLLOW" in out
    assert "^" in out


@needs_engines
def test_exit_zero(logs: Path) -> None:
    code, _, _ = run("audit", "--exit-zero", str(logs / "renege.hlog"))
    assert code == 0


@needs_engines
def test_select_and_ignore(logs: Path) -> None:
    path = str(logs / "renege.hlog")
    assert run("audit", "--ignore", "BR-FOLLOW,BR-SETTLE", path)[0] in (0, 1)
    code, out, _ = run("audit", "--format", "json", "--select", "L-", path)
    rules = [v["rule"] for h in json.loads(out)["files"][0]["hands"] for v in h["violations"]]
    assert all(r.startswith("L-") for r in rules)
    assert code == (1 if rules else 0)
    code, out, _ = run("audit", "--format", "json", "--select", "br-follow", path)
    rules = [v["rule"] for h in json.loads(out)["files"][0]["hands"] for v in h["violations"]]
    assert rules == ["BR-FOLLOW"] and code == 1
    code, out, _ = run("audit", "--ignore", "BR-,L-", path)
    assert code == 0 and "BR-FOLLOW" not in out


@needs_engines
def test_json_matches_the_spec_example(logs: Path) -> None:
    code, out, _ = run("audit", "--format", "json", str(logs / "friday-night.hlog"))
    assert code == 0
    (file,) = json.loads(out)["files"]
    assert file["game"] == "bourre" and file["errors"] == []
    (hand,) = file["hands"]
    assert hand["number"] == 1 and hand["dealer"] == "eve" and hand["trump"] == "h"
    assert hand["violations"] == []
    assert hand["payouts"] == {"ann": -1, "bob": -1, "cy": -6, "dee": -1, "eve": 4}
    assert hand["pot"] == 5 and hand["winner"] == "eve" and hand["carry"] == 5
    assert file["totals"] == {"ann": -1, "bob": -1, "cy": -6, "dee": -1, "eve": 4}


@needs_engines
def test_json_euchre_example(logs: Path) -> None:
    code, out, _ = run("audit", "-f", "json", str(logs / "bid-euchre-hand.hlog"))
    assert code == 0
    (file,) = json.loads(out)["files"]
    (hand,) = file["hands"]
    assert hand["points"] == {"ann+cy": 2, "bob+dee": 4}
    assert hand["score"] == {"ann+cy": 2, "bob+dee": 4}
    assert hand["winner"] is None
    assert file["score"] == {"ann+cy": 2, "bob+dee": 4}


@needs_engines
def test_folder_is_searched_and_parallel_output_identical(logs: Path) -> None:
    (logs / "deeper").mkdir()
    shutil.copy(logs / "renege.hlog", logs / "deeper" / "again.hlog")
    (logs / "notes.txt").write_text("not a log")
    serial = run("audit", "-f", "json", str(logs))
    parallel = run("audit", "-f", "json", "--jobs", "3", str(logs))
    assert serial == parallel
    paths = [f["path"] for f in json.loads(serial[1])["files"]]
    assert [Path(p).relative_to(logs).as_posix() for p in paths] == [
        "bid-euchre-hand.hlog",
        "deeper/again.hlog",
        "friday-night.hlog",
        "renege.hlog",
    ]
    assert serial[0] == 1


@needs_engines
def test_bad_option_in_log_exits_2_naming_key_and_valid_keys(logs: Path) -> None:
    path = logs / "bad-option.hlog"
    path.write_text(RENEGE.replace("option limit 20", "option limt 20"))
    code, out, _ = run("audit", str(path), str(logs / "friday-night.hlog"))
    assert code == 2
    assert "P-RULES" in out and "limt" in out and "limit" in out and "hand_size" in out
    assert "friday-night.hlog — Bourré\n" in out  # the batch went on


@needs_engines
def test_bad_rules_file_exits_2(logs: Path) -> None:
    rules = logs / "house.yaml"
    rules.write_text("all_pass: keep\n")
    code, out, _ = run("audit", "--rules", str(rules), str(logs / "friday-night.hlog"))
    assert code == 2
    assert "P-RULES" in out and "all_pass" in out and "carry" in out and "dealer" in out


@needs_engines
def test_rules_file_applies(logs: Path) -> None:
    rules = logs / "house.yaml"
    rules.write_text("bourre:\n  ante: 2\n")
    code, out, _ = run(
        "audit", "-f", "json", "--rules", str(rules), str(logs / "friday-night.hlog")
    )
    file = json.loads(out)["files"][0]
    assert file["options"] == {"ante": 2, "limit": 20}
    assert code == 1  # the recorded pot of 5 is now wrong


# ----------------------------------------------------------------------------- audit: inputs


def test_missing_file_exits_2_and_others_still_reported(tmp_path: Path) -> None:
    binary = tmp_path / "b.hlog"
    binary.write_bytes(b"\x00\x01")
    code, out, _ = run("audit", "-f", "json", str(tmp_path / "nope.hlog"), str(binary))
    assert code == 2
    files = json.loads(out)["files"]
    assert [f["path"] for f in files] == [str(tmp_path / "nope.hlog"), str(binary)]
    assert files[0]["errors"][0]["code"] == "P-IO"
    assert files[1]["errors"][0] == {
        "code": "P-ENCODING",
        "line": 1,
        "column": 1,
        "message": files[1]["errors"][0]["message"],
    }


def test_text_missing_file(tmp_path: Path) -> None:
    code, out, _ = run("audit", str(tmp_path / "nope.hlog"))
    assert code == 2
    assert f"{tmp_path / 'nope.hlog'}: P-IO no such file or folder" in out


def test_output_written_atomically(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")
    code, out, _ = run("audit", "-f", "json", "-o", str(target), str(tmp_path / "nope.hlog"))
    assert code == 2 and out == ""
    assert json.loads(target.read_text())["files"][0]["errors"][0]["code"] == "P-IO"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]  # no temp left
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_output_failure_leaves_no_temp_and_keeps_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.txt"
    target.write_text("old")

    def broken(*args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("referee.cli._render", broken)
    code, _, err = run("audit", "-o", str(target), str(tmp_path / "nope.hlog"))
    assert code == 2 and "No space left" in err
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.txt"]


def test_output_into_missing_folder_is_misuse(tmp_path: Path) -> None:
    code, _, err = run("audit", "-o", str(tmp_path / "no" / "r.txt"), str(tmp_path))
    assert code == 2 and "--output" in err


# ----------------------------------------------------------------------------- audit: misuse


@pytest.mark.parametrize(
    "args",
    [
        ["audit"],
        ["audit", "--format", "xml", "x.hlog"],
        ["audit", "--jobs", "-1", "x.hlog"],
        ["audit", "--bogus", "x.hlog"],
        ["nonsense"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_missing_rules_file_is_misuse(tmp_path: Path) -> None:
    code, _, err = run("audit", "--rules", str(tmp_path / "none.yaml"), str(tmp_path))
    assert code == 2 and "--rules" in err


def test_unknown_select_id_is_misuse(tmp_path: Path) -> None:
    code, _, err = run("audit", "--select", "BR-FOLOW", str(tmp_path))
    assert code == 2
    assert "BR-FOLOW" in err and "BR-FOLLOW" in err


def test_known_prefixes_accepted(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text("game bourre\nplayers ann bob\nhand 1\ndealer ann\ntrump 4h\n")
    code, _, _ = run("audit", "--select", "L-,br-settle", "--ignore", "BE-", str(log))
    assert code == 0


def test_a_folder_without_logs_is_not_clean(tmp_path: Path) -> None:
    (tmp_path / "tuesday.txt").write_text("game bourre\n")
    code, out, _ = run("audit", str(tmp_path))
    assert code == 2
    assert f"{tmp_path}: P-IO no *.hlog files in this folder" in out
    assert out.strip().endswith("1 file, 0 hands: 1 read error, 1 file not read")


def test_a_folder_of_txt_logs_says_what_it_holds_and_how_to_audit_them(tmp_path: Path) -> None:
    folder = tmp_path / "my logs"
    (folder / "older").mkdir(parents=True)
    for name in ("fri.txt", "sat.txt", "sun.txt", "mon.txt", "notes.md", ".DS_Store"):
        (folder / name).write_text("game bourre\n")
    (folder / "older" / "thu.txt").write_text("game bourre\n")
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")  # (hidden: not counted)
    code, out, _ = run("audit", "--format", "json", str(folder))
    (error,) = json.loads(out)["files"][0]["errors"]
    assert code == 2 and error["code"] == "P-IO"
    assert error["message"] == (
        "no *.hlog files in this folder; it holds 6 other files (fri.txt, mon.txt, notes.md, "
        f"...): name the logs on the command line (`referee audit '{folder}'/*.txt`), or "
        "rename them to *.hlog"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    out = run("audit", str(empty))[1]
    assert f"{empty}: P-IO no *.hlog files in this folder (nor any other file)" in out


def test_a_log_without_hands_is_not_clean(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text("game bourre\nplayers ann bob\n")
    code, out, _ = run("audit", str(log))
    assert code == 2
    assert "P-HEADER the log has no hands: nothing to judge" in out


# ----------------------------------------------------------------------------- explain & rules


def test_explain_known_rule() -> None:
    code, out, _ = run("explain", "br-follow")
    assert code == 0
    assert out.startswith("BR-FOLLOW: ")
    assert "Legal:" in out and "Illegal:" in out


def test_explain_unknown_rule_lists_close_matches() -> None:
    code, out, err = run("explain", "BR-FOLOW")
    assert code == 2 and out == ""
    assert "BR-FOLLOW" in err


def test_explain_unknown_prefix_lists_matches() -> None:
    code, _, err = run("explain", "BR-SETTLE")
    assert code == 2
    assert "BR-SETTLE-WIN" in err and "BR-SETTLE-POT" in err


def test_rules_lists_every_rule_and_option() -> None:
    from referee.options import option_keys
    from referee.rulebook import all_rules

    code, out, _ = run("rules")
    assert code == 0
    for rule_id in all_rules():
        assert rule_id in out
    for key in option_keys("bourre") + option_keys("bid-euchre"):
        assert f"  {key} " in out
    assert "all_pass           carry  (carry | dealer)" in out


def test_rules_for_one_game() -> None:
    code, out, _ = run("rules", "--game", "bid-euchre")
    assert code == 0
    assert "BE-FOLLOW" in out and "L-TURN" in out and "BR-FOLLOW" not in out
    assert "stick_the_dealer" in out and "must_trump" not in out


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("referee ")


# ----------------------------------------------------------------------------- process level


def test_python_m_referee_help_is_fast_and_light() -> None:
    code = (
        "import sys, runpy; sys.argv = ['referee', '--help'];\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit: pass\n"
        "heavy = [m for m in ('lark', 'referee.parser', 'referee.games.bourre.engine', "
        "'referee.render.text', 'yaml') if m in sys.modules]\n"
        "print('HEAVY', heavy)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert "Usage" in result.stdout
    assert "HEAVY []" in result.stdout


@needs_engines
def test_quiet_and_text_output_file(logs: Path) -> None:
    target = logs / "out" / "report.txt"
    target.parent.mkdir()
    code, out, _ = run("audit", "-q", "-o", str(target), str(logs / "renege.hlog"))
    assert code == 1 and out == ""
    text = target.read_text(encoding="utf-8")
    assert "\x1b[" not in text
    firsts = [ln for ln in text.splitlines() if not ln.startswith(" ")]
    assert firsts and all(": BR-" in ln or ": L-" in ln for ln in firsts)
    assert "total" not in text and "players" not in text
