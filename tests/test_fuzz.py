"""Fuzzing: damaged real logs never crash the referee.

Real logs (the samples, the spec's examples, generated sessions of both games) are mutated
(flipped bits, random bytes, cut, deleted, duplicated and swapped lines, shuffled, deleted
and swapped tokens, odd cards and names, absurd numbers, other line ends; see
``tests/fuzzing.py``) and audited through :func:`audit_bytes`, :func:`audit_text`,
:func:`audit_file`, both renderers and the command line. Each must give a report or a clean
``P-`` error: never an exception, a traceback or a ``P-INTERNAL`` error (an engine crash).

The examples are derandomized (the same every run) and few enough to keep the suite fast; a
longer campaign runs the same mutations outside the suite.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.audit import audit_bytes, audit_file, audit_text
from referee.cli import app
from referee.render.json import render_json
from referee.render.text import render_text
from referee.report import Report
from tests.fuzzing import check_report, mutate, random_log, seed_logs

SEEDS = [(name, text.encode("utf-8")) for name, text in seed_logs()]


def fast(examples: int) -> settings:
    """Derandomized settings: the same examples every run, no database, no deadline."""
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


runner = CliRunner()


def mutant(seed: int, count: int) -> tuple[str, bytes]:
    rng = random.Random(seed)
    name, data = rng.choice(SEEDS)
    _, other = rng.choice(SEEDS)
    return name, mutate(rng, data, other, count)


def test_the_seeds_are_real_logs_of_both_games() -> None:
    games = {audit_bytes(data, name).game for name, data in SEEDS}
    assert games == {"bourre", "bid-euchre"}
    assert len(SEEDS) >= 10


@fast(1000)
@given(st.integers(0, 2**32), st.integers(1, 6))
def test_mutated_logs_are_judged_or_rejected_cleanly(seed: int, count: int) -> None:
    name, data = mutant(seed, count)
    report = audit_bytes(data, name)
    check_report(report, data)
    render_json(Report([report]))
    render_text(Report([report]))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    if "\x00" not in text:
        again = audit_text(text, name)
        check_report(again, data)
        assert again.errors == report.errors and again.hands == report.hands


@fast(300)
@given(st.integers(0, 2**32))
def test_random_statement_soup_is_judged_cleanly(seed: int) -> None:
    rng = random.Random(seed)
    text = random_log(rng)
    report = audit_text(text, "soup.hlog")
    check_report(report, text.encode())
    assert report.game is not None
    render_json(Report([report]))
    render_text(Report([report]))


@fast(80)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_mutated_logs_through_files_and_the_command_line(seed: int, count: int) -> None:
    name, data = mutant(seed, count)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        report = audit_file(path)
        check_report(report, data)
        assert report.errors == audit_bytes(data, str(path), base_dir=path.parent).errors
        for fmt in ("json", "text"):
            result = runner.invoke(app, ["audit", "--format", fmt, str(path)])
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                result.exception
            )
            assert result.exit_code in (0, 1, 2)
            assert "Traceback" not in result.output and "P-INTERNAL" not in result.output
            if fmt == "json":
                (entry,) = json.loads(result.stdout)["files"]
                assert result.exit_code == _expected_exit(entry)


def _expected_exit(entry: dict[str, Any]) -> int:
    """The contract's exit status for one file of the JSON report: 2 when it was not read
    as a log at all (an error that always means it, or no hand judged), else 1 for any
    finding (a read error of a log that was read is one), else 0."""
    codes = {e["code"] for e in entry["errors"]}
    if codes & {"P-IO", "P-ENCODING", "P-RULES", "P-INTERNAL"} or (codes and not entry["hands"]):
        return 2
    return 1 if codes or any(h["violations"] for h in entry["hands"]) else 0


def test_a_batch_with_broken_files_reports_every_file() -> None:
    """Mutants, unreadable files and clean logs in one folder: each is reported in order,
    the clean ones in full, and the exit status is 2."""
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        expected = []
        for i in range(12):
            name, data = SEEDS[i % len(SEEDS)]
            if i % 3 == 1:
                data = mutate(rng, data, data, 3)
            elif i == 5:
                data = b"\x89PNG\r\n\x1a\n\x00"
            path = folder / f"{i:02d}-{name}"
            path.write_bytes(data)
            expected.append(str(path))
        result = runner.invoke(app, ["audit", "--format", "json", str(folder)])
        assert result.exit_code == 2
        files = json.loads(result.stdout)["files"]
        assert [f["path"] for f in files] == expected
        assert files[5]["errors"][0]["code"] == "P-ENCODING"
        for i, entry in enumerate(files):
            assert all(e["code"] != "P-INTERNAL" for e in entry["errors"])
            if i % 3 == 0:
                clean = audit_bytes(SEEDS[i % len(SEEDS)][1], entry["path"])
                assert len(entry["hands"]) == len(clean.hands) > 0
