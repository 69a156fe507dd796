"""Folder config (``referee.toml``, ``[tool.referee]`` in a ``pyproject.toml``): discovery,
precedence, ``--config`` / ``--no-config``, errors and ``referee config``, through typer's
CliRunner in temporary folders (and the library's ``audit_path``)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import referee
from referee.cli import app
from referee.config import FORMATS, ConfigError, Configs, load_config
from tests.test_cli import RENEGE

runner = CliRunner()

#: The renege log without its `option limit 20` line: L-TURN and BR-FOLLOW (dee, trick 3).
LOG = RENEGE.replace("option limit 20\n", "")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def audited(*args: str) -> dict[str, dict[str, Any]]:
    """Each file's JSON report, by file name (``audit --format json``)."""
    code, out, err = run("audit", "--format", "json", *args)
    assert code in (0, 1), err
    return {Path(f["path"]).name: f for f in json.loads(out)["files"]}


def rules_of(report: dict[str, Any]) -> list[str]:
    return [v["rule"] for hand in report["hands"] for v in hand["violations"]]


# ----------------------------------------------------------------------------- discovery


def test_the_nearest_config_applies_alone(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", 'ignore = ["L-TURN"]\n[bourre]\nlimit = 3\n')
    write(tmp_path / "top.hlog", LOG)
    write(tmp_path / "other" / "deep" / "below.hlog", LOG)
    write(tmp_path / "club" / "referee.toml", "[bourre]\nante = 2\n")
    write(tmp_path / "club" / "night" / "club.hlog", LOG)
    files = audited(str(tmp_path))
    assert rules_of(files["top.hlog"]) == ["BR-FOLLOW"]
    assert files["top.hlog"]["options"] == {"limit": 3}
    assert files["below.hlog"]["options"] == {"limit": 3}  # (any depth below)
    # The club's config is nearer: it applies alone (configs are not merged).
    assert rules_of(files["club.hlog"]) == ["L-TURN", "BR-FOLLOW"]
    assert files["club.hlog"]["options"] == {"ante": 2}


def test_referee_toml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", "[bourre]\nlimit = 4\n")
    write(tmp_path / "pyproject.toml", "[tool.referee.bourre]\nlimit = 9\n")
    write(tmp_path / "a.hlog", LOG)
    assert audited(str(tmp_path))["a.hlog"]["options"] == {"limit": 4}
    (tmp_path / "referee.toml").unlink()
    assert audited(str(tmp_path))["a.hlog"]["options"] == {"limit": 9}


def test_a_pyproject_without_the_table_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.referee]\nignore = ["L-"]\n')
    write(tmp_path / "sub" / "pyproject.toml", '[project]\nname = "referee-logs"\n')
    write(tmp_path / "sub" / "a.hlog", LOG)
    assert rules_of(audited(str(tmp_path / "sub"))["a.hlog"]) == ["BR-FOLLOW"]


def test_two_clubs_in_one_batch_any_jobs(tmp_path: Path) -> None:
    write(tmp_path / "ray" / "referee.toml", 'select = ["L-"]\n[bourre]\nante = 0.50\n')
    write(tmp_path / "sue" / "pyproject.toml", '[tool.referee]\nignore = ["L-"]\n')
    for club in ("ray", "sue"):
        for night in ("fri", "sat"):
            write(tmp_path / club / f"{night}.hlog", LOG)
    outputs = []
    for jobs in ("1", "2"):
        code, out, _ = run("audit", "--format", "json", "--jobs", jobs, str(tmp_path))
        assert code == 1
        outputs.append(out)
    assert outputs[0] == outputs[1]
    files = {f["path"]: f for f in json.loads(outputs[0])["files"]}
    for night in ("fri", "sat"):
        ray, sue = (
            files[str(tmp_path / "ray" / f"{night}.hlog")],
            files[str(tmp_path / "sue" / f"{night}.hlog")],
        )
        assert rules_of(ray) == ["L-TURN"] and ray["options"] == {"ante": 0.5}
        assert rules_of(sue) == ["BR-FOLLOW"] and sue["options"] == {}


def test_each_folder_is_looked_up_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "referee.toml", "[bourre]\nlimit = 3\n")
    for n in range(20):
        write(tmp_path / f"f{n % 4}" / f"{n}.hlog", LOG)
    configs = Configs()
    looked: list[str] = []
    real = configs._config_in

    def counted(folder: str) -> Any:
        looked.append(folder)
        return real(folder)

    monkeypatch.setattr(configs, "_config_in", counted)
    found = {configs.for_input(p) for p in tmp_path.rglob("*.hlog")}
    assert len(found) == 1 and sorted(looked) == sorted(
        {*map(str, (tmp_path / f"f{n}" for n in range(4))), str(tmp_path)}
    )


# ----------------------------------------------------------------------------- precedence


def test_each_layer_overrides_the_one_below(tmp_path: Path) -> None:
    """defaults < the config's rules file < its [bourre] table < the log's rules PATH <
    its option lines < --rules on the command line."""
    write(tmp_path / "club.yaml", "limit: 5\nante: 2\n")
    config = write(tmp_path / "referee.toml", 'rules = "club.yaml"\n')
    log = write(tmp_path / "a.hlog", LOG)
    assert audited("--no-config", str(log))["a.hlog"]["options"] == {}
    assert audited(str(log))["a.hlog"]["options"] == {"limit": 5, "ante": 2}
    config.write_text('rules = "club.yaml"\n[bourre]\nlimit = 6\n')
    assert audited(str(log))["a.hlog"]["options"] == {"limit": 6, "ante": 2}
    write(tmp_path / "night.yaml", "limit: 7\n")
    log.write_text(LOG.replace("players", "rules night.yaml\nplayers"))
    assert audited(str(log))["a.hlog"]["options"] == {"limit": 7, "ante": 2}
    log.write_text(LOG.replace("players", "rules night.yaml\noption limit 8\nplayers"))
    assert audited(str(log))["a.hlog"]["options"] == {"limit": 8, "ante": 2}
    cli = write(tmp_path / "cli.yaml", "limit: 9\n")
    assert audited("--rules", str(cli), str(log))["a.hlog"]["options"] == {"limit": 9, "ante": 2}


def test_the_command_line_select_and_ignore_win(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", 'select = ["L-", "BR-"]\nignore = ["L-TURN"]\n')
    log = str(write(tmp_path / "a.hlog", LOG))
    assert rules_of(audited(log)["a.hlog"]) == ["BR-FOLLOW"]
    # --ignore adds to the config's ignore (as ruff's does)
    code, out, _ = run("audit", "--ignore", "BR-", "--format", "json", log)
    assert code == 0 and rules_of(json.loads(out)["files"][0]) == []
    # --select chooses alone: the config's select and ignore are set aside
    assert rules_of(audited("--select", "L-TURN", log)["a.hlog"]) == ["L-TURN"]


def test_the_config_encoding_and_the_command_line_over_it(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", 'encoding = "cp1252"\n')
    log = tmp_path / "a.hlog"
    log.write_bytes(LOG.replace("game bourre", "title Café\ngame bourre").encode("cp1252"))
    report = audited(str(log))["a.hlog"]
    assert report["metadata"] == {"title": "Café"} and report["errors"] == []
    code, out, _ = run("audit", "--format", "json", "--encoding", "utf-8", str(log))
    assert code == 2 and json.loads(out)["files"][0]["errors"][0]["code"] == "P-ENCODING"


def test_the_format_comes_from_the_current_folders_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "referee.toml", 'format = "json"\n')
    log = str(write(tmp_path / "logs" / "a.hlog", LOG))
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("audit", log)
    assert code == 1 and json.loads(out)["files"][0]["path"] == log
    code, out, _ = run("audit", "--format", "text", log)
    assert code == 1 and out.startswith(f"{log} — Bourré")
    code, out, _ = run("audit", "--statistics", log)  # (json: the counts as JSON)
    assert json.loads(out)
    write(tmp_path / "referee.toml", 'format = "sarif"\n')
    code, out, _ = run("audit", "--statistics", log)  # (sarif has no counts: as text)
    assert code == 1 and "BR-FOLLOW" in out and not out.startswith("{")
    code, out, _ = run("standings", log)  # (standings has no sarif: its default)
    assert code == 0 and not out.startswith("{")
    write(tmp_path / "referee.toml", 'format = "csv"\n')
    code, out, _ = run("standings", log)
    assert code == 0 and out.splitlines()[0].count(",") > 3


def test_amounts_are_read_as_written(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", "[bourre]\nante = 0.50\nlimit = 10\n")
    config = load_config(tmp_path / "referee.toml")
    assert repr(config.games["bourre"]["ante"]) == "Decimal('0.50')"
    assert config.games["bourre"]["limit"] == Decimal(10)
    write(tmp_path / "referee.toml", "[bourre]\nante = 1e3\n")
    with pytest.raises(ConfigError, match="without an exponent"):
        load_config(tmp_path / "referee.toml")


# ----------------------------------------------------------------------------- --config


def test_no_config_and_a_named_config(tmp_path: Path) -> None:
    write(tmp_path / "logs" / "referee.toml", 'ignore = ["L-"]\n')
    log = str(write(tmp_path / "logs" / "a.hlog", LOG))
    assert rules_of(audited(log)["a.hlog"]) == ["BR-FOLLOW"]
    assert rules_of(audited("--no-config", log)["a.hlog"]) == ["L-TURN", "BR-FOLLOW"]
    write(tmp_path / "elsewhere" / "rules.yaml", "limit: 4\n")
    named = write(tmp_path / "elsewhere" / "club.toml", 'rules = "rules.yaml"\nselect = ["L-"]\n')
    report = audited("--config", str(named), log)["a.hlog"]
    assert rules_of(report) == ["L-TURN"] and report["options"] == {"limit": 4}
    code, _, err = run("audit", "--config", str(named), "--no-config", log)
    assert code == 2 and "--config and --no-config" in err


def test_show_and_standings_and_report_take_the_config(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", 'ignore = ["L-TURN"]\n[bourre]\nante = 2\n')
    log = str(write(tmp_path / "a.hlog", LOG))
    code, out, _ = run("show", log)
    assert code == 1 and "BR-FOLLOW" in out and "L-TURN" not in out
    code, out, _ = run("show", "--no-config", log)
    assert "L-TURN" in out
    code, out, _ = run("standings", "--format", "json", log)
    with_config = json.loads(out)
    code, out, _ = run("standings", "--format", "json", "--no-config", log)
    assert with_config != json.loads(out)  # (ante 2: other money)
    page = tmp_path / "r.html"
    code, _, _ = run("report", "-o", str(page), "--quiet", log)
    assert code == 1 and "L-TURN" not in page.read_text(encoding="utf-8")


def test_a_named_pyproject_needs_its_table(tmp_path: Path) -> None:
    named = write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n')
    log = str(write(tmp_path / "a.hlog", LOG))
    code, out, err = run("audit", "--config", str(named), log)
    assert code == 2 and out == "" and "no [tool.referee] table" in err


# ----------------------------------------------------------------------------- errors


def config_error(tmp_path: Path, text: str, *args: str) -> str:
    """The stderr of an audit under a config of ``text``: exit 2, nothing judged."""
    write(tmp_path / "referee.toml", text)
    log = str(write(tmp_path / "a.hlog", LOG))
    code, out, err = run("audit", *args, log)
    assert code == 2 and out == "", err
    return err


def test_an_unknown_key_names_the_file_the_key_and_the_valid_keys(tmp_path: Path) -> None:
    err = config_error(tmp_path, 'selct = ["L-"]\n')
    assert err == (
        f"referee: {tmp_path / 'referee.toml'}: unknown key 'selct' (did you mean select?); "
        "valid keys: select, ignore, format, encoding, rules, and the tables [bourre] and "
        "[bid-euchre] (house options)\n"
    )


def test_an_unknown_option_in_a_game_table(tmp_path: Path) -> None:
    err = config_error(tmp_path, "[bourre]\nlimt = 5\n")
    assert err.startswith(
        f"referee: {tmp_path / 'referee.toml'}: [bourre] 'limt': unknown option 'limt' for "
        "bourre (did you mean limit?); valid keys: ante, limit,"
    )


def test_every_bad_value_is_reported(tmp_path: Path) -> None:
    err = config_error(
        tmp_path,
        'format = "jsn"\nselect = ["BR-FOLOW"]\nencoding = "utf8x"\n'
        '[bid-euchre]\nstick_the_dealer = "maybe"\ntarget = 0\n',
    )
    path = tmp_path / "referee.toml"
    lines = err.splitlines()
    assert lines[0] == (
        f"referee: {path}: format: expected one of: text, json, jsonl, html, csv, "
        "csv-findings, github, sarif (did you mean json?)"
    )
    assert lines[1].startswith(f"referee: {path}: select: no rule ID starts with 'BR-FOLOW'; ")
    assert "BR-FOLLOW" in lines[1]
    assert lines[2] == (
        f"referee: {path}: encoding: 'utf8x' is not an encoding Python knows (did you mean utf8?)"
    )
    assert lines[3] == (
        f"referee: {path}: [bid-euchre] 'stick_the_dealer': bad value 'maybe' for option "
        "stick_the_dealer: expected true or false"
    )
    assert lines[4].startswith(f"referee: {path}: [bid-euchre] 'target': bad value 0")
    assert len(lines) == 5


def test_a_value_of_the_wrong_kind(tmp_path: Path) -> None:
    err = config_error(tmp_path, 'select = "BR-"\nbourre = 5\n')
    assert 'select: expected a list of rule IDs or prefixes, such as ["BR-", "L-TURN"]' in err
    assert "'bourre': expected a table of house options ([bourre])" in err


def test_bad_toml_names_the_file_and_the_place(tmp_path: Path) -> None:
    err = config_error(tmp_path, "format = json\n")
    where = "Invalid value (at line 1, column 10)"
    assert err == f"referee: {tmp_path / 'referee.toml'}: invalid TOML: {where}\n"


def test_a_bad_pyproject_table_is_an_error_too(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.referee]\nignore = "L-"\n')
    log = str(write(tmp_path / "a.hlog", LOG))
    code, out, err = run("audit", log)
    assert code == 2 and out == ""
    assert err.startswith(f"referee: {tmp_path / 'pyproject.toml'}: [tool.referee] ignore: ")


def test_a_rules_path_may_not_leave_the_configs_folder(tmp_path: Path) -> None:
    write(tmp_path / "outside.yaml", "limit: 5\n")
    club = tmp_path / "club"
    write(club / "referee.toml", 'rules = "../outside.yaml"\n')
    log = str(write(club / "a.hlog", LOG))
    code, out, err = run("audit", log)
    assert code == 2 and out == ""
    assert "rules: '../outside.yaml': the house-rules file is outside the config's folder" in err
    # the same words whether or not the file is there (a config cannot probe the disk)
    write(club / "referee.toml", 'rules = "../missing.yaml"\n')
    assert run("audit", log)[2] == err.replace("outside.yaml", "missing.yaml")
    write(club / "referee.toml", 'rules = "../outside.yaml"\n')
    code, out, _ = run("audit", "--allow-rules-anywhere", "--format", "json", log)
    assert code == 1 and json.loads(out)["files"][0]["options"] == {"limit": 5}


def test_a_missing_rules_file_is_a_config_error(tmp_path: Path) -> None:
    err = config_error(tmp_path, 'rules = "house.yaml"\n')
    assert (
        err
        == f"referee: {tmp_path / 'referee.toml'}: rules: 'house.yaml': no such house-rules file\n"
    )


def test_a_bad_rules_file_of_a_config_is_p_rules_in_each_log(tmp_path: Path) -> None:
    write(tmp_path / "house.yaml", "limt: 5\n")
    write(tmp_path / "referee.toml", 'rules = "house.yaml"\n')
    log = str(write(tmp_path / "a.hlog", LOG))
    code, out, _ = run("audit", "--format", "json", log)
    (error,) = json.loads(out)["files"][0]["errors"]
    assert code == 2 and error["code"] == "P-RULES"
    assert error["message"].startswith(
        f"{tmp_path / 'referee.toml'}: rules: {tmp_path / 'house.yaml'}:1:1: unknown option key"
    )


def test_a_config_that_is_not_a_file(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").mkdir()
    log = str(write(tmp_path / "a.hlog", LOG))
    code, _, err = run("audit", log)
    assert code == 2 and err == f"referee: {tmp_path / 'referee.toml'}: not a regular file\n"


# ----------------------------------------------------------------------------- referee config


def test_config_command_says_where_each_value_comes_from(tmp_path: Path) -> None:
    write(tmp_path / "club.yaml", "cinch: false\nlimit: 5\n")
    config = write(
        tmp_path / "referee.toml",
        'rules = "club.yaml"\nignore = ["L-TURN"]\n[bourre]\nlimit = 6\nhead_trick = false\n',
    )
    write(tmp_path / "night.yaml", "head_trick: true\n")
    log = write(
        tmp_path / "a.hlog", LOG.replace("players", "rules night.yaml\noption ante 2\nplayers")
    )
    cli = write(tmp_path / "cli.yaml", "must_trump: false\n")
    code, out, _ = run("config", "--rules", str(cli), "--ignore", "L-DEALER", str(log))
    assert code == 0
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert lines[:2] == [f"{log}: what applies to this log", f"config: {config}"]
    assert "select (every rule) default" in lines
    assert f"ignore L-TURN, L-DEALER {config}: ignore + command line" in lines
    assert "format text default" in lines
    assert f"rules {tmp_path / 'club.yaml'} {config}: rules" in lines
    assert f"--rules {cli} command line" in lines
    assert "bourre options:" in lines
    assert f"cinch false {tmp_path / 'club.yaml'}: cinch" in lines
    assert f"limit 6 {config}: [bourre] limit" in lines
    assert f"head_trick true {tmp_path / 'night.yaml'}: head_trick" in lines
    assert f"ante 2 {log}:3: option ante" in lines
    assert f"must_trump false --rules {cli}: must_trump" in lines
    assert "hand_size 5 default" in lines


def test_config_command_as_json_and_for_a_folder(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[tool.referee]\nselect = ["BE-"]\n[tool.referee.bid-euchre]\ntarget = 52\n',
    )
    code, out, _ = run("config", "--format", "json", str(tmp_path))
    assert code == 0
    doc = json.loads(out)
    source = f"{tmp_path / 'pyproject.toml'}: [tool.referee] select"
    assert doc["kind"] == "folder" and doc["config"] == str(tmp_path / "pyproject.toml")
    assert doc["settings"]["select"] == {"value": ["BE-"], "from": source}
    assert doc["options"]["bid-euchre"]["target"] == {
        "value": 52,
        "from": f"{tmp_path / 'pyproject.toml'}: [tool.referee.bid-euchre] target",
    }
    assert doc["options"]["bourre"]["ante"] == {"value": 1, "from": "default"}
    code, out, _ = run("config", "--no-config", str(tmp_path))
    assert code == 0 and "config: none (--no-config)" in out


def test_config_command_exits_2_for_a_bad_config_or_bad_rules(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", "[bourre]\nlimt = 2\n")
    code, out, err = run("config", str(tmp_path))
    assert code == 2 and out == "" and "did you mean limit?" in err
    write(tmp_path / "referee.toml", "")
    log = write(tmp_path / "a.hlog", LOG.replace("players", "option limt 2\nplayers"))
    code, out, _ = run("config", str(log))
    assert code == 2 and "problems:" in out and "P-RULES 2:1: unknown option 'limt'" in out


def test_config_help_says_what_it_does() -> None:
    code, out, _ = run("config", "--help")
    assert code == 0 and "where each value comes from" in " ".join(out.split())


# ----------------------------------------------------------------------------- library


def test_audit_path_applies_the_folder_config(tmp_path: Path) -> None:
    write(tmp_path / "referee.toml", 'ignore = ["L-TURN"]\n[bourre]\nlimit = 3\n')
    log = write(tmp_path / "a.hlog", LOG)
    (report,) = referee.audit_path(log)
    assert [v.rule for h in report.hands for v in h.violations] == ["BR-FOLLOW"]
    assert report.options_changed == {"limit": Decimal(3)}
    (report,) = referee.audit_path(log, config=False)
    assert [v.rule for h in report.hands for v in h.violations] == ["L-TURN", "BR-FOLLOW"]
    other = write(tmp_path / "other.toml", "[bourre]\nante = 2\n")
    (report,) = referee.audit_path(log, config=other)
    assert report.options_changed == {"ante": Decimal(2)}
    # a caller's game_options lie over the config's table
    (report,) = referee.audit_path(log, game_options={"limit": 4})
    assert report.options_changed == {"limit": Decimal(4)}
    write(tmp_path / "referee.toml", "selct = 1\n")
    with pytest.raises(referee.ConfigError, match="did you mean select"):
        next(referee.audit_path(log))


def test_formats_are_the_audit_commands() -> None:
    from referee.cli import Format

    assert tuple(f.value for f in Format) == FORMATS


def test_a_broken_pyproject_of_another_tool_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.black\nline-length = 1\n")  # (not TOML)
    log = str(write(tmp_path / "a.hlog", LOG))
    assert rules_of(audited(log)["a.hlog"]) == ["L-TURN", "BR-FOLLOW"]
    write(tmp_path / "pyproject.toml", "[tool.referee\nselect = 1\n")
    code, _, err = run("audit", log)
    assert code == 2 and err.startswith(f"referee: {tmp_path / 'pyproject.toml'}: invalid TOML")
