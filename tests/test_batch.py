"""Batches (:mod:`referee.batch`): parallel workers, streamed output, bounded memory.

* ``--jobs N`` gives byte for byte the output of ``--jobs 1``, in every format;
* each file is written hand by hand as its hands are judged (JSON and JSON Lines), so
  reading a long log takes memory for one hand, not for the log (checked with tracemalloc);
* the fast JSON hand writer agrees with the general serializer;
* the progress bar stays off when stderr is not a terminal.
"""

from __future__ import annotations

import io
import json
import random
import re
import tracemalloc
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee import batch
from referee.audit import HandStream, audit_text
from referee.batch import Tally, default_jobs, part_writer, run_batch
from referee.inputs import collect_inputs
from referee.job import Job
from referee.render.json import JsonWriter, hand_json, hand_text
from referee.render.jsontext import dumps
from referee.report import (
    BourreHandResult,
    ClaimRuling,
    EuchreHandResult,
    FileReport,
    HandResult,
    Violation,
)
from tests.simulate import generate_session
from tests.test_render import bourre_file, euchre_file


def _corpus(folder: Path, files: int, seed: int = 1) -> Path:
    """Generated Bourré sessions, some with illegal plays, one file not readable."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        illegal = "BR-FOLLOW" if i % 3 == 1 else None
        gen = generate_session(rng, players=2 + i % 7, hands=6, illegal=illegal)
        (folder / f"s{i:03d}.hlog").write_text(gen.text, encoding="utf-8")
    (folder / "zz-bad.hlog").write_bytes(b"game bourre\nplayers ann \xff\n")
    return folder


def _writer(fmt: str, out: io.StringIO) -> Any:
    from referee.render.csv import CsvWriter
    from referee.render.github import GithubWriter
    from referee.render.html import HtmlWriter
    from referee.render.jsonl import JsonlWriter
    from referee.render.sarif import SarifWriter
    from referee.render.statistics import StatisticsWriter
    from referee.render.text import TextRenderer, make_console

    return {
        "json": lambda: JsonWriter(out),
        "jsonl": lambda: JsonlWriter(out, flush=False),
        "text": lambda: TextRenderer(make_console(out, False)),
        "html": lambda: HtmlWriter(out),
        "csv": lambda: CsvWriter(out, flush=False),
        "csv-findings": lambda: CsvWriter(out, flush=False, table="csv-findings"),
        "github": lambda: GithubWriter(out, flush=False),
        "sarif": lambda: SarifWriter(out),
        "statistics": lambda: StatisticsWriter(out),
    }[fmt]()


def _run(items: list[Path | FileReport], fmt: str, jobs: int, **job: Any) -> tuple[str, Tally]:
    out = io.StringIO()
    writer = _writer(fmt, out)
    tally = run_batch(items, writer, Job(fmt, **job), jobs)
    finish = getattr(writer, "close", None) or getattr(writer, "finish", None)
    if finish is not None:
        finish()
    return out.getvalue(), tally


# ----------------------------------------------------------------------------- --jobs


@pytest.mark.parametrize(
    "fmt",
    ["json", "jsonl", "text", "html", "csv", "csv-findings", "github", "sarif", "statistics"],
)
def test_jobs_give_the_same_bytes_in_the_same_order(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _corpus(tmp_path / "logs", 12)
    items = collect_inputs([folder, tmp_path / "missing.hlog"])  # a ready-made P-IO report
    serial, tally = _run(items, fmt, 1)
    parallel, tally2 = _run(items, fmt, 3)  # (all the files in one group)
    assert parallel == serial
    monkeypatch.setattr(batch, "GROUP_BYTES", 1)  # a file a group
    assert _run(items, fmt, 3)[0] == serial
    assert tally == tally2 and tally.files == 14 and tally.errors == 2 and tally.violations > 0


def test_jobs_with_a_filter_and_a_big_file_streamed_by_the_main_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _corpus(tmp_path / "logs", 8, seed=2)
    items = collect_inputs([folder])
    serial, _ = _run(items, "json", 1, select=("BR-",))
    monkeypatch.setattr(batch, "BIG_FILE", 2_000)  # some files are now "big"
    monkeypatch.setattr(batch, "GROUP_BYTES", 3_000)  # and the others in small groups
    sizes = [p.stat().st_size for p in items if isinstance(p, Path)]
    assert any(size > 2_000 for size in sizes) and sum(size <= 2_000 for size in sizes) > 2
    parallel, _ = _run(items, "json", 2, select=("BR-",))
    assert parallel == serial
    assert '"rule": "L-' not in serial


def test_cli_jobs_default_is_one_per_core(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    folder = _corpus(tmp_path / "logs", 4, seed=3)
    runner = CliRunner()
    default = runner.invoke(app, ["audit", "--format", "json", str(folder)])
    one = runner.invoke(app, ["audit", "--format", "json", "--jobs", "1", str(folder)])
    assert default.exit_code == one.exit_code == 2
    assert default.stdout == one.stdout
    assert default_jobs() >= 1
    help_text = runner.invoke(app, ["audit", "--help"]).stdout
    assert "one per core" in help_text


def test_a_worker_part_is_the_file_as_the_main_process_writes_it(tmp_path: Path) -> None:
    folder = _corpus(tmp_path / "logs", 2, seed=4)
    path = sorted(folder.glob("s*.hlog"))[1]
    for fmt in ("json", "jsonl", "text"):
        part, counts = batch.render_part(Job(fmt), path)
        out = io.StringIO()
        writer = _writer(fmt, out)
        writer.part(part)
        whole, tally = _run([path], fmt, 1)
        assert whole.startswith(out.getvalue()) and counts == tally
    html = part_writer(Job("html"))
    html.file(FileReport(path="x.hlog"))
    section, entry = html.take_part()
    assert (entry.path, entry.hands, entry.violations, entry.errors) == ("x.hlog", 0, 0, 0)
    assert section.startswith('<section class="file clean" id="\x00anchor\x00">')
    assert "<details\x00open\x00>" in section  # (the page decides: open when it is alone)


# ----------------------------------------------------------------------------- streaming


class _Recorder(io.StringIO):
    """Remembers how much had been written each time a hand was asked for."""


def test_json_writes_each_hand_before_the_next_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    source = bourre_file()
    out = _Recorder()
    seen: list[int] = []

    def hands() -> Iterator[HandResult]:
        for hand in source.hands:
            seen.append(out.getvalue().count('"number": '))
            yield hand

    def fake_stream(item: Any, job: Job) -> HandStream:
        report = FileReport(path=source.path, game="bourre", players=list(source.players))
        return HandStream(report, hands())

    monkeypatch.setattr(batch, "_stream_of", fake_stream)
    writer = JsonWriter(out)
    run_batch([Path(source.path)], writer, Job("json"))
    writer.close()
    assert seen == list(range(len(source.hands)))  # hand i asked for once i hands are out
    doc = json.loads(out.getvalue())
    assert [h["number"] for h in doc["files"][0]["hands"]] == [h.number for h in source.hands]


def test_file_keys_come_in_the_streamed_order() -> None:
    out = io.StringIO()
    writer = JsonWriter(out)
    writer.file(bourre_file())
    writer.file(euchre_file())
    writer.close()
    files = json.loads(out.getvalue())["files"]
    order = ["path", "game", "players", "metadata", "options", "hands", "errors", "totals"]
    assert list(files[0]) == [*order, "totals_complete"]
    assert list(files[1]) == [*order, "score", "totals_complete"]


def _long_log(path: Path, hands: int) -> None:
    """A clean session of ``hands`` hands: 200 generated hands, played again and again (four
    players, 200 hands: the deal comes back to the first dealer; plays-only logs record no
    money, so nothing depends on the hands before)."""
    gen = generate_session(
        random.Random(7), players=4, hands=200, detail="plays-only", retractions=False
    )
    head, *blocks = re.split(r"\n\s*\n(?=[ \t]*hand\b)", gen.text.strip(), flags=re.I)
    assert len(blocks) == 200
    with path.open("w", encoding="utf-8") as out:
        out.write(head + "\n")
        for n in range(hands):
            body = blocks[n % 200].split("\n", 1)[1]
            out.write(f"\nhand {n + 1}\n{body}\n")


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_memory_grows_far_less_than_the_log(fmt: str, tmp_path: Path) -> None:
    """Reading 4x the hands takes nowhere near 4x the memory: hands stream through."""

    def peak(hands: int) -> int:
        path = tmp_path / f"long-{hands}.hlog"
        _long_log(path, hands)
        writer = _writer(fmt, _Sink())
        tracemalloc.start()
        try:
            tally = run_batch([path], writer, Job(fmt), jobs=1)
            _, top = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert tally.hands == hands
        return top

    peak(100)  # warm up: the grammar, the caches
    small, large = peak(1_000), peak(4_000)
    # JSON keeps nothing of a hand once it is written; the text report keeps each hand's
    # table row until the file's end (its columns fit the widest cell), a string of some 200
    # bytes. Either way far from the kilobytes a hand that keeping the hands would take
    # (3,000 more hands: some 10 MB). Reading the file to check its encoding takes up to 1 MB
    # at a time whatever its size.
    per_hand = 0 if fmt == "json" else 300
    assert large < small + (1 << 20) + per_hand * 3_000, (small, large)


class _Sink(io.StringIO):
    """Output that is counted and thrown away (so the output itself takes no memory)."""

    written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)


# ----------------------------------------------------------------------------- JSON hands


def test_fast_hand_text_is_the_general_serializer() -> None:
    hands: list[HandResult] = [*bourre_file().hands, *euchre_file().hands]
    for seed in range(12):
        rng = random.Random(f"hand-text-{seed}")
        illegal = ("BR-FOLLOW", "BR-CINCH", None)[seed % 3]
        gen = generate_session(rng, players=2 + seed % 7, hands=5, illegal=illegal)
        hands += audit_text(gen.text).hands
    assert any(h.violations for h in hands)
    for hand in hands:
        for level in (0, 4):
            assert hand_text(hand, level) == dumps(hand_json(hand), level)


_WORDS = ("ann", "zoë", "a\u2028b", 'say "no"', "tab\there", "\x85", "", "100%", "♥")


def _random_text(rng: random.Random) -> str:
    return "".join(rng.choice(_WORDS) for _ in range(rng.randrange(1, 4)))


def _maybe(rng: random.Random, value: Any) -> Any:
    return None if rng.random() < 0.25 else value


def _random_findings(rng: random.Random) -> dict[str, Any]:
    """A hand's violations and claims, with words a JSON writer must escape."""
    violations = [
        Violation(
            rng.choice(("BR-FOLLOW", "BE-TRUMP")),
            _maybe(rng, _random_text(rng)),
            _maybe(rng, rng.randrange(1, 9)),
            _maybe(rng, rng.choice(("Th", "TH", "10♥", "joker", "?"))),
            rng.randrange(1, 500),
            rng.randrange(1, 80),
            _random_text(rng),
            _random_text(rng),
            rng.random() < 0.5,
        )
        for _ in range(rng.randrange(3))
    ]
    claims = [
        ClaimRuling(
            _random_text(rng),
            _random_text(rng),
            _maybe(rng, rng.randrange(1, 9)),
            rng.choice(("upheld", "rejected")),
            _random_text(rng),
            rng.randrange(1, 500),
            rng.randrange(1, 80),
        )
        for _ in range(rng.randrange(3))
    ]
    return {"violations": violations, "claims": claims}


def _counts(rng: random.Random) -> dict[str, int]:
    return {_random_text(rng): rng.randrange(-20, 40) for _ in range(rng.randrange(4))}


def _random_euchre_hand(rng: random.Random) -> EuchreHandResult:
    return EuchreHandResult(
        rng.randrange(1, 300),
        rng.randrange(1, 9000),
        _maybe(rng, _random_text(rng)),
        _maybe(rng, rng.choice("shdcn")),
        **_random_findings(rng),
        points=_maybe(rng, _counts(rng)),
        score=_maybe(rng, _counts(rng)),
        winner=_maybe(rng, _random_text(rng)),
        bidder=_maybe(rng, _random_text(rng)),
        bid=_maybe(rng, rng.choice(("3", "6", "ask", "moon"))),
        redeal=rng.random() < 0.3,
        redeal_reason=_maybe(rng, rng.choice(("all-pass", "stuck-dealer", "ace-no-face"))),
        tricks_won=_counts(rng),
        game_number=rng.randrange(1, 5),
        settled=rng.random() < 0.7,
        unsettled=_maybe(rng, _random_text(rng)),
    )


def _amounts(rng: random.Random) -> dict[str, Decimal]:
    return {_random_text(rng): _random_amount(rng) for _ in range(rng.randrange(4))}


def _random_amount(rng: random.Random) -> Decimal:
    return Decimal(rng.choice(("0", "-0", "0.50", "12", "-3.25", "1E+2", "7.000")))


def _random_bourre_hand(rng: random.Random) -> BourreHandResult:
    return BourreHandResult(
        rng.randrange(1, 300),
        rng.randrange(1, 9000),
        _maybe(rng, _random_text(rng)),
        _maybe(rng, rng.choice("shdc")),
        _maybe(rng, rng.choice(("Ah", "AH", "10♦", "joker"))),
        **_random_findings(rng),
        payouts=_maybe(rng, _amounts(rng)),
        pot=_maybe(rng, _random_amount(rng)),
        winner=_maybe(rng, _random_text(rng)),
        carry=_maybe(rng, _random_amount(rng)),
        active=[_random_text(rng) for _ in range(rng.randrange(4))],
        tricks_won=_counts(rng),
        result=_random_text(rng),
        settled=rng.random() < 0.7,
        unsettled=_maybe(rng, _random_text(rng)),
    )


def test_direct_hand_writers_are_the_general_serializer_on_random_fields() -> None:
    """Each game's direct writer against the general one, on hands made of random values
    (None where a key may be null, empty and full lists and objects, words to escape)."""
    rng = random.Random("random-hands")
    hands = [_random_euchre_hand(rng) for _ in range(250)]
    hands += [_random_bourre_hand(rng) for _ in range(250)]
    written = {hand_text(h, 4) for h in hands}
    assert len(written) > 450  # (the hands do differ)
    assert any("\\u2028" in text and '\\"' in text for text in written)
    for hand in hands:
        for level in (0, 1, 4):
            assert hand_text(hand, level) == dumps(hand_json(hand), level)


# ----------------------------------------------------------------------------- progress


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    folder = _corpus(tmp_path / "logs", 3, seed=5)
    result = CliRunner().invoke(app, ["audit", "--format", "json", str(folder)])
    assert result.stderr == "" and json.loads(result.stdout)["files"]


def test_progress_bar_shows_only_after_a_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.render import progress

    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    drawn: list[tuple[int, str, str]] = []
    added: list[Any] = []

    class FakeBar:
        def __init__(self, *columns: Any, **kw: Any) -> None:
            added.extend(type(c).__name__ for c in columns)

        def add_task(self, *a: Any, total: int | None, **kw: Any) -> int:
            added.append(total)
            return 1

        def start(self) -> None:
            pass

        def stop(self) -> None:
            drawn.append((-1, "stopped", ""))

        def update(self, task: int, completed: int, files: str, hands: str, refresh: bool) -> None:
            drawn.append((completed, files, hands))

    monkeypatch.setattr("rich.progress.Progress", FakeBar)
    with progress.ProgressBar([1000, 3000, 0, 6000]) as bar:  # (the third: stdin, no size)
        bar.update(Tally(1, 50))
        assert drawn == []  # too soon
        clock[0] += progress.DELAY + 0.01
        bar.update(Tally(1, 120, reading=1200))  # 1,200 bytes into the second file
        bar.update(Tally(2, 130))  # within the redraw interval: skipped
        clock[0] += 0.2
        bar.update(Tally(2, 300, reading=50))  # in the input of no size: nothing counted
        clock[0] += 0.2
        bar.update(Tally(4, 900))
    assert "TimeRemainingColumn" in added and added[-1] == 10_000  # the time left, in bytes
    assert drawn == [
        (2_200, "1/4 files", "120 hands"),
        (4_000, "2/4 files", "300 hands"),
        (10_000, "4/4 files", "900 hands"),
        (-1, "stopped", ""),
    ]


def test_progress_bar_counts_files_when_no_size_is_known() -> None:
    from referee.render.progress import ProgressBar

    bar = ProgressBar([0, 0, 0])
    assert bar.completed(Tally(2, 10, reading=500)) == 2


def test_streamed_file_reports_how_far_it_has_been_read(tmp_path: Path) -> None:
    from referee.audit import stream_file

    rng = random.Random(4)
    log = tmp_path / "long.hlog"
    log.write_text(generate_session(rng, players=4, hands=600).text, encoding="utf-8")
    size = log.stat().st_size
    stream = stream_file(log)
    seen = [stream.position() for _ in zip(range(300), stream, strict=False)]
    assert 0 < seen[0] < seen[-1] < size  # read a few lines at a time, not all at once
    assert seen == sorted(seen)
    for _ in stream:
        pass
    assert stream.position() in (0, size)  # (closed at the end, or read to the end)


def test_every_audit_format_has_its_two_writers() -> None:
    from referee.cli import Format
    from referee.render.writers import FORMATS, open_writer

    assert set(FORMATS) == {f.value for f in Format} | {
        "standings",
        "statistics",
        "statistics-json",
    }
    for fmt in FORMATS:
        opened = open_writer(Job(fmt), io.StringIO(), files=2)
        part = part_writer(Job(fmt))
        assert type(part) is type(opened.writer), fmt  # the same renderer in both places
