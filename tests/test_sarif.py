"""``audit --format sarif``: a SARIF 2.1.0 log that the official schema accepts, with every
rule of the registry and every finding of the JSON report, in its order.

The schema is the official one, kept in ``tests/sarif/`` (its source is in the README
there), and checked with the ``jsonschema`` package (the ``test`` extra).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.codes import READ_CODES
from referee.render.sarif import SarifWriter, artifact_location, render_sarif, rule_name
from referee.report import BourreHandResult, FileReport, Violation
from referee.rulebook import all_rules
from tests.test_render import bourre_file

REPO = Path(__file__).resolve().parents[1]
SCHEMA = REPO / "tests" / "sarif" / "sarif-schema-2.1.0.json"
runner = CliRunner()


@cache
def _validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )


def _invalid(log: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(log)]


def _cli(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout


@pytest.fixture(autouse=True)
def _in_the_repository(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(REPO)  # (relative URIs are relative to the current folder)
    yield


def _findings_of_json(*paths: str) -> list[tuple[str, str, int | None, int | None]]:
    """(path, rule ID, line, column) of every finding in the JSON report, in its order."""
    _, out = _cli("audit", "--format", "json", "--jobs", "1", *paths)
    found = []
    for file in json.loads(out)["files"]:
        for hand in file["hands"]:
            found += [(file["path"], v["rule"], v["line"], v["column"]) for v in hand["violations"]]
        found += [(file["path"], e["code"], e["line"], e["column"]) for e in file["errors"]]
    return found


def test_the_schema_is_the_official_one() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]
    assert _invalid({"version": "2.1.0"})  # (it does reject a log without runs)
    assert _invalid({"version": "2.1.0", "runs": [{"tool": {}}]})  # (or a tool without driver)


def test_the_samples_give_a_valid_log_with_every_finding_in_order(tmp_path: Path) -> None:
    outside = tmp_path / "night.hlog"
    outside.write_text("game bourre\nplayers ann bob\nhand 1\nfoo\n", encoding="utf-8")
    paths = ["samples", str(outside), "missing.hlog"]
    code, out = _cli("audit", "--format", "sarif", "--jobs", "1", *paths)
    assert code == _cli("audit", "--format", "json", *paths)[0] == 2
    log = json.loads(out)
    assert _invalid(log) == []
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1
    run = log["runs"][0]
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == REPO.as_uri() + "/"
    found = []
    for result in run["results"]:
        ((location,),) = [result["locations"]]
        physical = location["physicalLocation"]
        region = physical.get("region", {})
        uri = physical["artifactLocation"]["uri"]
        found.append((uri, result["ruleId"], region.get("startLine"), region.get("startColumn")))
    expected = [
        (_uri(path), rule, line, column) for path, rule, line, column in _findings_of_json(*paths)
    ]
    assert found == expected and len(found) == 39  # the samples' 37, and one each for the rest
    assert ("samples/bourre/rays-renege.hlog", "BR-FOLLOW", 62, 38) in found
    assert (outside.as_uri(), "P-SYNTAX", 4, 1) in found  # outside the current folder
    assert found[-1] == ("missing.hlog", "P-IO", None, None)  # no region: no position known


def _uri(path: str) -> str:
    return path if not Path(path).is_absolute() else Path(path).as_uri()


def test_results_have_the_level_of_their_rule_kind() -> None:
    code, out = _cli("audit", "--format", "sarif", "samples")
    assert code == 2
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    results = json.loads(out)["runs"][0]["results"]
    levels = {(r["ruleId"], r["level"]) for r in results}
    assert ("L-DUPLICATE", "warning") in levels and ("P-SYNTAX", "warning") in levels
    assert ("BE-FOLLOW", "error") in levels and ("BE-SCORE", "error") in levels
    for result in results:
        corrected = result.get("properties", {}).get("corrected", False)
        assert result["level"] == ("warning" if corrected else _expected_level(result["ruleId"]))
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["message"]["text"].startswith("(corrected) ") == corrected
    assert sum(r["level"] == "warning" for r in results) == 10  # 8 L-, P-SYNTAX, a taken back


def _expected_level(rule_id: str) -> str:
    """What the issue asks, written independently of the registry: faults of the log (L-
    and P-SYNTAX) are warnings; reneges, other rules of play, settlement and score errors,
    and inputs that cannot be read are errors."""
    return "warning" if rule_id.startswith("L-") or rule_id == "P-SYNTAX" else "error"


def test_the_driver_describes_every_rule_as_explain_does() -> None:
    code, out = _cli("audit", "--format", "sarif", "samples/bourre/friday-night.hlog")
    assert code == 0
    run = json.loads(out)["runs"][0]
    assert run["results"] == []
    driver = run["tool"]["driver"]
    assert driver["name"] == "referee"
    described = {rule["id"]: rule for rule in driver["rules"]}
    ids = [*all_rules(), *(code.id for code in READ_CODES)]
    assert [rule["id"] for rule in driver["rules"]] == ids
    for rule_id in ids:
        rule = described[rule_id]
        explained = _cli("explain", rule_id)[1]
        assert rule["help"]["text"] + "\n" == explained
        assert explained.startswith(f"{rule_id}: {rule['shortDescription']['text']}\n")
        assert rule["fullDescription"]["text"]
        assert rule["defaultConfiguration"]["level"] == _expected_level(rule_id)
        assert rule["name"] == rule_name(rule_id)
    assert len({rule["name"] for rule in driver["rules"]}) == len(ids)  # names are unique
    assert described["BR-FOLLOW"]["name"] == "bourre-follow"
    assert described["BE-SCORE"]["properties"] == {
        "game": "bid-euchre",
        "kind": "settlement",
        "tags": ["bid-euchre", "settlement"],
    }
    assert described["L-TURN"]["properties"]["tags"] == ["bourre", "bid-euchre", "log"]


def test_standard_input_and_a_hand_made_report_are_valid(tmp_path: Path) -> None:
    code, out = _cli("audit", "--format", "sarif", "-", stdin="game bourre\nplayers a b\n")
    assert code == 2  # (a header and no hand: P-HEADER)
    log = json.loads(out)
    assert _invalid(log) == []
    (result,) = log["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"description": {"text": "<stdin>"}}
    made = json.loads(render_sarif([bourre_file("t.hlog")], root=str(tmp_path)))
    assert _invalid(made) == []
    results = made["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["BR-FOLLOW", "BR-HEAD", "BR-SETTLE-WIN"]
    assert results[0]["properties"] == {
        "hand": 1,
        "player": "dee",
        "trick": 4,
        "card": "8c",
        "corrected": False,
    }
    assert results[0]["message"]["text"] == (
        "dee played 8♣ holding a diamond\ndee held 4♦ when diamonds were led\n"
        "the 4♦ was played in trick 5"
    )
    assert results[2]["properties"] == {"hand": 1, "corrected": False}  # (a settlement)


def test_uris_are_relative_and_percent_encoded(tmp_path: Path) -> None:
    root = str(tmp_path)
    assert artifact_location("logs/a b#1.hlog", root) == {
        "uri": "logs/a%20b%231.hlog",
        "uriBaseId": "%SRCROOT%",
    }
    assert artifact_location("x:y.hlog", root)["uri"] == "x%3Ay.hlog"  # (not a scheme)
    assert artifact_location(str(tmp_path / "in" / "z.hlog"), root)["uri"] == "in/z.hlog"
    assert artifact_location("./in/../z.hlog", root)["uri"] == "z.hlog"
    away = artifact_location("../elsewhere.hlog", root)
    assert away == {"uri": (tmp_path.parent / "elsewhere.hlog").as_uri()}
    assert artifact_location("caf\udce9.hlog", root)["uri"] == "caf%E9.hlog"  # (a byte name)


def test_hostile_text_stays_valid_json(tmp_path: Path) -> None:
    bad = Violation(
        "BR-FOLLOW", "ann", 1, "7h", 3, 9, 'quote " back \\ nul \x00 sep \u2028 end', "e\x1bv"
    )
    hand = BourreHandResult(number=1, line=2, dealer="ann", trump="h", upcard="7h")
    hand.violations = [bad]
    text = render_sarif([FileReport(path="we\u2028ird.hlog", hands=[hand])], root=str(tmp_path))
    assert "\u2028" not in text and "\x00" not in text and "\x1b" not in text
    log = json.loads(text)
    assert _invalid(log) == []
    assert log["runs"][0]["results"][0]["message"]["text"].startswith('quote " back \\ nul \x00')


def test_results_are_written_as_each_hand_is_judged(tmp_path: Path) -> None:
    out = io.StringIO()
    writer = SarifWriter(out, root=str(tmp_path))
    report = bourre_file("t.hlog")
    head = out.getvalue()
    assert head.rstrip().endswith('"results": [')
    writer.begin(report)
    writer.hand(report.hands[0])
    assert out.getvalue().count('"ruleId"') == 3  # before the file's end
    writer.hand(report.hands[1])
    writer.end(report)
    writer.close()
    assert json.loads(out.getvalue()) == json.loads(render_sarif([report], root=str(tmp_path)))


def test_an_empty_run_is_valid() -> None:
    log = json.loads(render_sarif([]))
    assert log["runs"][0]["results"] == [] and _invalid(log) == []
