"""`referee new bourre|bid-euchre`: a starter log that audits clean, written safely."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.options import option_keys
from referee.starter import starter_log

runner = CliRunner()
GAMES = ["bourre", "bid-euchre"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def audit_json(path: Path) -> tuple[int, dict[str, object]]:
    result = runner.invoke(app, ["audit", "--format", "json", str(path)])
    (report,) = json.loads(result.stdout)["files"]
    return result.exit_code, report


@pytest.mark.parametrize("game", GAMES)
def test_new_prints_a_starter_log_that_audits_clean(game: str, tmp_path: Path) -> None:
    code, out, err = run("new", game)
    assert (code, err) == (0, "")
    assert out == starter_log(game)
    log = tmp_path / "starter.hlog"
    log.write_text(out, encoding="utf-8")
    code, report = audit_json(log)
    assert code == 0
    assert report["game"] == game and report["players"] == ["ann", "bob", "cy", "dee"]
    assert report["errors"] == [] and report["options"] == {}
    (hand,) = report["hands"]  # type: ignore[misc]
    assert hand["violations"] == [] and hand["settled"] is True
    if game == "bourre":
        assert hand["payouts"] == {"ann": 3, "bob": -1, "cy": -1, "dee": -1}
        assert hand["winner"] == "ann" and hand["pot"] == 4
    else:
        assert hand["points"] == {"ann+cy": 1, "bob+dee": 5}
        assert (hand["bidder"], hand["bid"]) == ("bob", "4")


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_starter_is_its_default_and_valid(game: str, tmp_path: Path) -> None:
    text = starter_log(game)
    commented = [line for line in text.splitlines() if line.startswith("# option ")]
    assert [line.split()[2] for line in commented] == option_keys(game)
    log = tmp_path / "options.hlog"
    log.write_text(text.replace("\n# option ", "\noption "), encoding="utf-8")
    code, report = audit_json(log)
    assert code == 0 and report["errors"] == [] and report["options"] == {}


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_s_commented_deal_line_is_right_too(game: str, tmp_path: Path) -> None:
    text = starter_log(game)
    assert text.count("\n# deal ") == 1
    log = tmp_path / "deal.hlog"
    log.write_text(text.replace("\n# deal ", "\ndeal "), encoding="utf-8")
    code, report = audit_json(log)
    assert code == 0 and report["errors"] == []


def test_new_is_case_insensitive_and_refuses_another_game() -> None:
    assert run("new", "BOURRE")[1] == starter_log("bourre")
    code, out, err = run("new", "euchre")
    assert code == 2 and out == "" and "'euchre' is not one of" in err


def test_new_writes_a_new_file_and_never_replaces_one(tmp_path: Path) -> None:
    target = tmp_path / "friday.hlog"
    code, out, err = run("new", "bourre", "-o", str(target))
    assert (code, out) == (0, "")
    assert err == f"referee: wrote {target}; audit it with `referee audit`\n"
    assert target.read_text(encoding="utf-8") == starter_log("bourre")
    target.write_text("my own log\n", encoding="utf-8")
    code, out, err = run("new", "bid-euchre", "-o", str(target))
    assert (code, out) == (2, "")
    assert err == f"referee: {target} already exists; use --force to replace it\n"
    assert target.read_text(encoding="utf-8") == "my own log\n"


def test_new_force_replaces_a_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "club.hlog"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    code, _, _ = run("new", "bid-euchre", "-o", str(target), "--force")
    assert code == 0
    assert target.read_text(encoding="utf-8") == starter_log("bid-euchre")
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.hlog"]  # no temporary left


def test_new_never_writes_through_a_link_or_onto_a_folder(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.hlog"
    link = tmp_path / "link.hlog"
    os.symlink(elsewhere, link)  # a broken link: writing it would create `elsewhere`
    code, _, err = run("new", "bourre", "-o", str(link))
    assert code == 2 and "already exists" in err and not elsewhere.exists()
    folder = tmp_path / "logs"
    folder.mkdir()
    for extra in ([], ["--force"]):
        code, _, err = run("new", "bourre", "-o", str(folder), *extra)
        assert code == 2 and str(folder) in err
    assert list(folder.iterdir()) == []
    code, _, err = run("new", "bourre", "-o", str(tmp_path / "no" / "such.hlog"))
    assert (code, err) == (2, f"referee: {tmp_path / 'no' / 'such.hlog'}: no such folder\n")
