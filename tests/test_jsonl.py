"""``--format jsonl``: one object per line, streamed, the JSON report's hands line by line."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import batch
from referee.audit import HandStream
from referee.batch import run_batch
from referee.job import Job
from referee.render.json import hand_json, render_json
from referee.render.jsonl import JsonlWriter, render_jsonl
from referee.report import FileReport, HandResult, Report
from tests.test_cli import logs, needs_engines, run  # noqa: F401  (logs: fixture)
from tests.test_render import bourre_file, error_file, euchre_file


def parse_lines(text: str) -> list[dict[str, Any]]:
    assert text.endswith("\n")
    lines = text.split("\n")[:-1]
    return [json.loads(line) for line in lines]


def as_json_hand(obj: dict[str, Any]) -> dict[str, Any]:
    """A JSONL hand object turned back into the JSON report's hand object."""
    out = {k: v for k, v in obj.items() if k not in ("kind", "path", "game")}
    if "game_number" in out:
        out = {("game" if k == "game_number" else k): v for k, v in out.items()}
    return out


# ----------------------------------------------------------------------------- shape


def test_lines_parse_in_order_and_match_the_json_report() -> None:
    reports = [bourre_file(), euchre_file(), error_file()]
    objs = parse_lines(render_jsonl(reports))
    doc = json.loads(render_json(Report(reports)))
    kinds = [(o["kind"], o["path"]) for o in objs]
    assert kinds == [
        ("hand", "friday.hlog"),
        ("hand", "friday.hlog"),
        ("summary", "friday.hlog"),
        ("hand", "euchre.hlog"),
        ("hand", "euchre.hlog"),
        ("hand", "euchre.hlog"),
        ("summary", "euchre.hlog"),
        ("error", "bad.hlog"),
        ("error", "bad.hlog"),
        ("summary", "bad.hlog"),
    ]
    for file_doc in doc["files"]:
        hands = [o for o in objs if o["kind"] == "hand" and o["path"] == file_doc["path"]]
        assert [as_json_hand(h) for h in hands] == file_doc["hands"]
        assert all(h["game"] == file_doc["game"] for h in hands)
        errors = [
            o["error"] for o in objs if o["kind"] == "error" and o["path"] == file_doc["path"]
        ]
        assert errors == file_doc["errors"]
        (summary,) = [o for o in objs if o["kind"] == "summary" and o["path"] == file_doc["path"]]
        assert summary["summary"] is True
        for key in ("game", "players", "metadata", "options", "totals"):
            assert summary[key] == file_doc[key]
        assert summary["hand_count"] == len(file_doc["hands"])
        assert summary["violation_count"] == sum(len(h["violations"]) for h in file_doc["hands"])
        assert summary["error_count"] == len(file_doc["errors"])
        assert ("score" in summary) == (file_doc["game"] == "bid-euchre")


def test_key_order_and_euchre_game_number() -> None:
    euchre = euchre_file()
    objs = parse_lines(render_jsonl([euchre]))
    first = objs[0]
    assert list(first)[:3] == ["kind", "path", "game"]
    assert first["game"] == "bid-euchre" and first["game_number"] == 1
    expected = ["game_number" if k == "game" else k for k in hand_json(euchre.hands[0])]
    assert list(first)[3:] == expected
    assert list(objs[-1])[-1] == "summary"


def test_one_line_per_object_even_with_newlines_in_text() -> None:
    report = bourre_file()  # evidence holds a newline
    text = render_jsonl([report])
    assert len(text.splitlines()) == len(report.hands) + 1
    assert "\\n" in text


def test_amounts_are_exact_numbers() -> None:
    text = render_jsonl([bourre_file()])
    assert '"dee": -1.5' in text and '"carry": 5,' in text


# ----------------------------------------------------------------------------- streaming


class Recorder(io.StringIO):
    """Counts flushes."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def test_each_line_is_written_and_flushed_before_the_next_hand_is_judged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = bourre_file()
    out = Recorder()

    def hands() -> Iterator[HandResult]:
        for i, hand in enumerate(source.hands):
            # By the time hand i is asked for, the i hands before it are out and flushed.
            assert out.getvalue().count("\n") == i and out.flushes == i
            yield hand

    def fake_stream(item: Any, job: Job) -> HandStream:
        return HandStream(FileReport(path=source.path, game="bourre"), hands())

    monkeypatch.setattr(batch, "_stream_of", fake_stream)
    tally = run_batch([Path(source.path)], JsonlWriter(out), Job("jsonl"), jobs=1)
    assert tally.exit_code() == 1  # bourre_file has violations
    objs = parse_lines(out.getvalue())
    assert [o["kind"] for o in objs] == ["hand", "hand", "summary"]
    assert out.flushes == 3


def test_filter_applies_to_lines_and_counts() -> None:
    source = bourre_file()
    out = io.StringIO()
    tally = run_batch([source], JsonlWriter(out), Job("jsonl", select=("BR-HEAD",)))
    objs = parse_lines(out.getvalue())
    rules = [v["rule"] for o in objs if o["kind"] == "hand" for v in o["violations"]]
    assert rules == ["BR-HEAD"] and objs[-1]["violation_count"] == 1 and tally.exit_code() == 1
    out = io.StringIO()
    tally = run_batch([source], JsonlWriter(out), Job("jsonl", select=("L-",)))
    assert tally.exit_code() == 0 and parse_lines(out.getvalue())[-1]["violation_count"] == 0


def test_writer_counts_reset_per_file() -> None:
    out = io.StringIO()
    writer = JsonlWriter(out, flush=False)
    writer.file(bourre_file())
    writer.file(euchre_file())
    summaries = [o for o in parse_lines(out.getvalue()) if o["kind"] == "summary"]
    assert [s["hand_count"] for s in summaries] == [2, 3]
    assert [s["violation_count"] for s in summaries] == [3, 0]
    assert writer.total_violations == 3 and writer.files == 2


# ----------------------------------------------------------------------------- CLI, real logs


@needs_engines
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cli_jsonl_equals_json(logs: Path, jobs: str) -> None:  # noqa: F811
    code_l, out_l, _ = run("audit", "-f", "jsonl", "-j", jobs, str(logs), str(logs / "gone.hlog"))
    code_j, out_j, _ = run("audit", "-f", "json", str(logs), str(logs / "gone.hlog"))
    assert code_l == code_j == 2  # the missing file
    objs = parse_lines(out_l)
    doc = json.loads(out_j)
    assert [o["path"] for o in objs if o["kind"] == "summary"] == [f["path"] for f in doc["files"]]
    for file_doc in doc["files"]:
        hands = [o for o in objs if o["kind"] == "hand" and o["path"] == file_doc["path"]]
        assert [as_json_hand(h) for h in hands] == file_doc["hands"]
        assert [h["number"] for h in hands] == sorted(h["number"] for h in hands)
    (error,) = [o for o in objs if o["kind"] == "error"]
    assert error["path"].endswith("gone.hlog") and error["error"]["code"] == "P-IO"


@needs_engines
def test_cli_jsonl_exit_codes_and_output_file(logs: Path, tmp_path: Path) -> None:  # noqa: F811
    renege = str(logs / "renege.hlog")
    assert run("audit", "-f", "jsonl", renege)[0] == 1
    assert run("audit", "-f", "jsonl", "--exit-zero", renege)[0] == 0
    target = tmp_path / "out.jsonl"
    code, out, _ = run("audit", "-f", "jsonl", "-o", str(target), renege)
    assert code == 1 and out == ""
    objs = parse_lines(target.read_text(encoding="utf-8"))
    assert objs[0]["kind"] == "hand" and objs[0]["violations"]
    assert objs[-1]["summary"] is True and objs[-1]["violation_count"] >= 1
