"""``audit --statistics``: the number of findings of each rule over the batch, in place of
the report (as ruff's), as text or JSON; and the text report's "by rule" column."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.codes import get_code
from referee.rulebook import get_rule

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
runner = CliRunner()
_LINE = re.compile(r"^(?P<count>\d+)  (?P<rule>[A-Z-]+) +(?P<summary>.*)$")


def _cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def _counts_of_json(*args: str) -> Counter[str]:
    """Findings per rule ID and read errors per code, counted from the JSON report."""
    counts: Counter[str] = Counter()
    for file in json.loads(_cli("audit", "--format", "json", *args)[1])["files"]:
        counts.update(v["rule"] for hand in file["hands"] for v in hand["violations"])
        counts.update(e["code"] for e in file["errors"])
    return counts


def _summary(rule_id: str) -> str:
    rule, code = get_rule(rule_id), get_code(rule_id)
    return rule.summary if rule is not None else code.summary if code is not None else ""


def test_statistics_count_every_finding_of_the_batch(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.hlog")
    code, out, _ = _cli("audit", "--statistics", str(SAMPLES), missing)
    assert code == _cli("audit", str(SAMPLES), missing)[0] == 2  # the exit status as audit's
    rows = [_LINE.match(line) for line in out.splitlines()]
    assert all(rows), out
    counts = {m["rule"]: int(m["count"]) for m in rows if m}
    assert counts == _counts_of_json(str(SAMPLES), missing)
    assert counts["BE-FOLLOW"] == 4 and counts["P-SYNTAX"] == 1 and counts["P-IO"] == 1
    order = [(-int(m["count"]), m["rule"]) for m in rows if m]
    assert order == sorted(order)  # most found first, then by ID
    for m in rows:
        assert m and m["summary"] == _summary(m["rule"])
    starts = {line.index(m["rule"]) for line, m in zip(out.splitlines(), rows, strict=True) if m}
    assert len(starts) == 1  # the IDs in one column
    assert "hands" not in out and "samples/" not in out  # only the counts


def test_statistics_follow_select_and_ignore() -> None:
    code, out, _ = _cli("audit", "--statistics", "--select", "BE-", str(SAMPLES))
    rules = {line.split()[1] for line in out.splitlines()}
    assert rules == {r for r in _counts_of_json(str(SAMPLES)) if r.startswith(("BE-", "P-"))}
    code, out, _ = _cli("audit", "--statistics", "--ignore", "L-,BR-", str(SAMPLES))
    assert code == 2 and out
    assert not {line.split()[1][:2] for line in out.splitlines()} & {"L-", "BR"}


def test_statistics_as_json() -> None:
    code, out, _ = _cli("audit", "--statistics", "--format", "json", str(SAMPLES))
    assert code == 2
    rows = json.loads(out)
    assert [list(row) for row in rows] == [["rule", "count", "level", "summary"]] * len(rows)
    assert {row["rule"]: row["count"] for row in rows} == _counts_of_json(str(SAMPLES))
    levels = {row["rule"]: row["level"] for row in rows}
    assert levels["L-COUNT"] == levels["P-SYNTAX"] == "warning"
    assert levels["BR-FOLLOW"] == levels["BR-SETTLE-WIN"] == levels["BE-TOTAL"] == "error"


def test_statistics_of_a_clean_log_are_empty() -> None:
    clean = str(SAMPLES / "bourre" / "friday-night.hlog")
    assert _cli("audit", "--statistics", clean)[:2] == (0, "")
    assert _cli("audit", "--statistics", "-f", "json", clean)[:2] == (0, "[]\n")


def test_statistics_with_another_format_is_misuse() -> None:
    code, out, err = _cli("audit", "--statistics", "--format", "sarif", str(SAMPLES))
    assert code == 2 and out == ""
    assert "--statistics" in err and "text or json" in err


def test_statistics_are_the_same_with_workers() -> None:
    one = _cli("audit", "--statistics", "--jobs", "1", str(SAMPLES))
    two = _cli("audit", "--statistics", "--jobs", "2", str(SAMPLES))
    assert one == two and one[1]


def test_text_summary_names_the_rules_of_each_file_and_of_the_batch(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.hlog")
    messy = str(SAMPLES / "bourre" / "messy-night.hlog")
    joker = str(SAMPLES / "euchre" / "joker.hlog")
    code, out, _ = _cli("audit", messy, joker, missing)
    assert code == 2
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["file", "game"])
    rows = {line.split()[0]: line for line in lines[start + 1 : start + 5]}
    assert rows[messy].endswith(
        "L-COUNT 1, L-DUPLICATE 2, L-MISSING 1, L-SEQUENCE 1, P-SYNTAX 1"
    )  # (its read error too)
    assert rows[joker].endswith("BE-ASK-BEST 1, BE-FOLLOW 1, L-NOT-HELD 1")
    assert rows[missing].endswith("P-IO 1")  # not read at all: no longer blank
    assert rows["total"].split()[:6] == ["total", "10", "8", "0", "2", "BE-ASK-BEST"]
    assert rows["total"].endswith(
        "BE-ASK-BEST 1, BE-FOLLOW 1, L-COUNT 1, L-DUPLICATE 2, L-MISSING 1, L-NOT-HELD 1, "
        "L-SEQUENCE 1, P-IO 1, P-SYNTAX 1"
    )
