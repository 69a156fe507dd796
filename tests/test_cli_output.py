"""Where the output goes, and what the command says about it.

* a reader that goes away (``| head -c1``, ``| less`` and ``q``) ends the run quietly, with
  status 141 and no worker left behind, whatever the format (real processes, default jobs);
* output that cannot be written (a full disk, a name over 255 bytes) is a plain I/O error,
  exit 2, from every command;
* ``-o FILE`` says where the report went, on stderr (not with ``--quiet``);
* the usage line names the arguments as people write them (``PATH...``);
* the text summary agrees with the rows when findings are ignored, and counts each kind.
"""

from __future__ import annotations

import os
import random
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.batch import default_jobs
from referee.cli import app
from referee.starter import starter_log
from tests.simulate import generate_session
from tests.test_hostile import COMMAND, HANG, alive, children_of, wait_for

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------------- a closed pipe


@pytest.fixture(scope="module")
def long_batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Thirty-two logs of twenty hands, a third with a renege: some 250 KB for the workers, a
    text report of some 110 KB, written as the workers send it. (More than a pipe holds, 64
    KB, after the 20,000 bytes a run below reads: so a run cannot write its whole report and
    let its workers go before they are looked for, however slow the machine. With half as
    many logs the text report fitted, and on a loaded machine the test waited in vain.)"""
    folder = tmp_path_factory.mktemp("pipe")
    rng = random.Random(11)
    for i in range(32):
        illegal = "BR-FOLLOW" if i % 3 == 0 else None
        gen = generate_session(rng, players=3 + i % 5, hands=20, illegal=illegal)
        (folder / f"night{i:02d}.hlog").write_text(gen.text, encoding="utf-8")
    return folder


#: (format, bytes read before the pipe is closed, a missing file first): `| head -c1`, and
#: `| less` then `q`. A missing file first is reported by the main process at once, while
#: the workers judge the folder: the pipe closes under them.
PIPE_RUNS = [
    ("html", 1, False),
    ("text", 1, True),
    ("json", 1, True),
    ("html", 1, True),
    ("text", 20_000, True),
    ("jsonl", 20_000, True),
]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_a_reader_that_goes_away_ends_the_run_quietly(long_batch: Path, tmp_path: Path) -> None:
    """Six runs with the default workers: each ends at once with 141, nothing on stderr,
    and its workers gone (it used to print a traceback, or hang, now and then)."""
    for fmt, wanted, missing_first in PIPE_RUNS:
        first = [str(tmp_path / "missing.hlog")] if missing_first else []
        command = [*COMMAND, "audit", "--format", fmt, *first, str(long_batch)]
        # (the HTML page is written once the files are judged, its verdict first: its
        # workers are gone by the time its first byte is out)
        _close_early(command, wanted, workers=fmt != "html")


def _close_early(command: list[str], wanted: int, *, workers: bool = True) -> None:
    """Run ``command``, read ``wanted`` bytes of its output and close the pipe; it must end
    at once, quietly, with 141, and leave no worker behind (``workers``: the workers are
    still at work when the output starts, and are checked)."""
    workers_wanted = min(default_jobs(), 2) if workers else 0  # (one core: no workers)
    run = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        assert run.stdout is not None and run.stderr is not None
        got = b""
        while len(got) < wanted:
            chunk = run.stdout.read1(wanted - len(got))
            assert chunk, (command, "the report ended before the pipe was closed")
            got += chunk
        if workers_wanted > 1:  # (an HTML page's head is out before they start)
            wait_for(lambda: len(children_of(run.pid)) >= workers_wanted, "the workers")
        workers = children_of(run.pid)
        run.stdout.close()  # the reader goes away
        started = time.monotonic()
        err = run.stderr.read()
        run.wait(timeout=HANG)
    finally:
        run.kill()
    assert (command, run.returncode, err.decode()) == (command, 141, "")
    assert time.monotonic() - started < 10, "it did not end at once"
    assert len(workers) >= workers_wanted
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to exit", 10)


# ----------------------------------------------------------------------------- write failures


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["rules"],
        ["explain", "BR-FOLLOW"],
        ["show", str(SAMPLES / "bourre" / "rays-renege.hlog")],
        ["new", "bourre"],
        ["audit", str(SAMPLES / "bourre" / "rays-renege.hlog")],
        ["audit", "--format", "json", str(SAMPLES / "bourre")],
        ["standings", str(SAMPLES)],
        ["--help"],
        ["audit", "--help"],
        ["--version"],
    ],
    ids=lambda args: " ".join(a for a in args if "/" not in a),
)
def test_a_full_disk_is_an_io_error_not_a_bug(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*COMMAND, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=HANG
        )
    assert done.returncode == 2
    assert "No space left on device" in done.stderr and done.stderr.count("\n") == 1
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


LONG_NAME = "x" * 300  # (over the 255 bytes a file name may have)


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "-o", "{long}", "{log}"],
        ["report", "-o", "{long}", "{log}"],
        ["standings", "-o", "{long}", "{log}"],
        ["new", "bourre", "-o", "{long}"],
        ["new", "bourre", "--force", "-o", "{long}"],
        ["audit", "--rules", "{long}", "{log}"],
    ],
    ids=lambda args: " ".join(a for a in args if "{" not in a),
)
def test_a_file_name_over_255_bytes_is_an_io_error(args: list[str], tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text(starter_log("bourre"), encoding="utf-8")
    long = str(tmp_path / LONG_NAME)
    code, out, err = _cli(*(a.format(long=long, log=log) for a in args))
    assert code == 2 and out == ""
    assert err.startswith("referee: ") and err.rstrip().endswith("File name too long")
    assert "internal error" not in err


# ----------------------------------------------------------------------------- -o FILE


def test_output_to_a_file_says_where_it_went(tmp_path: Path) -> None:
    logs = [str(SAMPLES / "bourre" / name) for name in ("rays-renege.hlog", "plays-only.hlog")]
    page = tmp_path / "r.html"
    code, out, err = _cli("report", "-o", str(page), *logs)
    assert (code, out) == (1, "") and page.stat().st_size > 0
    assert err == f"referee: wrote {page} (2 files, 12 hands)\n"
    assert _cli("report", "-q", "-o", str(page), *logs)[2] == ""
    report = tmp_path / "audit.json"
    code, out, err = _cli("audit", "-f", "json", "-o", str(report), logs[0])
    assert (code, out, err) == (1, "", f"referee: wrote {report} (1 file, 6 hands)\n")
    assert _cli("audit", "-q", "-o", str(report), logs[0])[1:] == ("", "")
    table = tmp_path / "standings.csv"
    code, out, err = _cli("standings", "-f", "csv", "-o", str(table), *logs)
    assert (code, out, err) == (0, "", f"referee: wrote {table} (2 files, 12 hands)\n")
    assert _cli("standings", "-q", "-o", str(table), *logs)[1:] == ("", "")
    code, out, err = _cli("audit", logs[0])  # to stdout: nothing on stderr
    assert code == 1 and out and err == ""


# ----------------------------------------------------------------------------- usage


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        ("audit", "Usage: referee audit [OPTIONS] PATH..."),
        ("report", "Usage: referee report [OPTIONS] PATH..."),
        ("standings", "Usage: referee standings [OPTIONS] PATH..."),
        ("show", "Usage: referee show [OPTIONS] FILE"),
        ("explain", "Usage: referee explain [OPTIONS] ID-OR-KEY"),
        ("new", "Usage: referee new [OPTIONS] GAME"),
        ("rules", "Usage: referee rules [OPTIONS]"),
    ],
)
def test_the_usage_line_names_the_arguments(command: str, usage: str) -> None:
    help_text = _cli(command, "--help")[1]
    assert usage + "\n" in "\n".join(line.strip() for line in help_text.splitlines()) + "\n"
    assert "{" not in help_text.split("\n\n")[0] + help_text.split("Usage:")[1].split("\n")[0]
    if command not in ("rules",):
        code, _, err = _cli(command)  # the argument left out: misuse, with the usage
        assert code == 2 and usage in err


# ----------------------------------------------------------------------------- the summary


def test_every_finding_ignored_is_not_called_clean(tmp_path: Path) -> None:
    """The rows still say what the table recorded wrongly (``differs: ...``): the summary
    says the findings were ignored, never "clean"."""
    logs = [str(SAMPLES / "bourre" / n) for n in ("settlement-mistakes.hlog", "plays-only.hlog")]
    code, out, _ = _cli("audit", "--ignore", "BR-", *logs)
    assert code == 0
    assert "differs: BR-SETTLE-" in out
    assert out.rstrip().endswith("2 files, 12 hands: nothing reported (6 findings ignored)")
    assert "clean" not in out.rstrip().splitlines()[-1]
    out = _cli("audit", "--ignore", "BR-SETTLE-POT", logs[0])[1]
    assert out.rstrip().endswith("1 file, 6 hands: 5 settlement errors (1 finding ignored)")
    assert _cli("audit", *logs[1:])[1].rstrip().endswith("1 file, 6 hands: clean")


def test_the_summary_counts_each_kind(tmp_path: Path) -> None:
    """Violations, settlement errors, log faults and read errors are counted apart in the
    last line; the table of files counts the findings (as the HTML page's index does), the
    settlement errors among them and the read errors."""
    missing = str(tmp_path / "missing.hlog")
    logs = [str(SAMPLES / "bourre" / n) for n in ("rays-renege.hlog", "settlement-mistakes.hlog")]
    code, out, _ = _cli("audit", *logs, str(SAMPLES / "bourre" / "messy-night.hlog"), missing)
    assert code == 2
    lines = out.rstrip().splitlines()
    assert lines[-1] == (
        "4 files, 19 hands: 1 violation, 6 settlement errors, 5 log faults, 2 read errors, "
        "1 file not read"
    )
    header = next(line for line in lines if line.lstrip().startswith("file "))
    assert header.split() == ["file", "game", "hands", "findings", "settlement", "errors", "by",
                              "rule"]  # fmt: skip
    total = next(line for line in reversed(lines) if line.lstrip().startswith("total"))
    assert total.split()[:5] == ["total", "19", "12", "6", "2"]  # (the findings: 1 + 6 + 5)
