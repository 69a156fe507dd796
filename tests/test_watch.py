"""`--watch`: a real process judges a log again when it is saved, and Ctrl-C ends it with
status 0 and no word; without watchfiles it says how to install it."""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from tests.test_fix import bourre

ROOT = Path(__file__).resolve().parents[1]

CLEAN = bourre("settle eve wins 3")  # (test_fix's clean hand, its settlement recorded)
#: The same hand with the pot recorded as ann's: one BR-SETTLE-WIN.
WRONG = CLEAN.replace("settle eve wins 3", "settle ann wins 3")


class _Lines:
    """The lines a stream gives, read by a thread, waited for with a deadline."""

    def __init__(self, stream: object) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        thread.start()

    def _read(self, stream: object) -> None:
        for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
            self.lines.put(line)

    def until(self, needle: str, deadline: float) -> list[str]:
        """The lines up to and with the first one holding ``needle``."""
        got: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line with {needle!r} in time; got {got}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            got.append(line)
            self.seen.append(line)
            if needle in line:
                return got


@contextlib.contextmanager
def _audit_watching(log: Path, cwd: Path) -> Iterator[tuple[subprocess.Popen[str], _Lines, _Lines]]:
    """``referee audit --watch LOG`` run in ``cwd``, its output piped: the process and its
    stdout's and stderr's lines; killed on the way out if it is still running."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "audit", "--watch", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
    )
    try:
        yield process, _Lines(process.stdout), _Lines(process.stderr)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_save_is_judged_again_and_ctrl_c_ends_quietly(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    log = tmp_path / "night.hlog"
    log.write_text(CLEAN, encoding="utf-8")
    with _audit_watching(log, tmp_path) as (process, out, err):
        deadline = time.monotonic() + 15
        first = out.until("1 file, 1 hand", deadline)
        assert "clean" in first[-1]
        err.until("watching 1 path for changes (Ctrl-C to stop)", deadline)
        # an editor's save: a new file renamed over the log
        scratch = tmp_path / ".night.hlog.swp"
        scratch.write_text(WRONG, encoding="utf-8")
        os.replace(scratch, log)
        second = out.until("1 file, 1 hand", deadline)
        assert any("BR-SETTLE-WIN" in line for line in second)
        assert "1 settlement error" in second[-1]
        err.until("watching", deadline)
        assert "\x1b" not in "".join(out.seen)  # (not a terminal: no screen cleared)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        time.sleep(0.2)  # (the reader reaches the end of the stream)
        assert list(err.lines.queue) == []  # not a word


def test_on_a_terminal_the_screen_is_cleared_before_each_report(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    pty = pytest.importorskip("pty")
    log = tmp_path / "night.hlog"
    log.write_text(CLEAN, encoding="utf-8")
    main, terminal = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "COLUMNS": "100"}
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "show", "--watch", str(log)],
        stdout=terminal,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    os.close(terminal)
    shown = bytearray()

    def read_screen() -> None:  # (read as it comes: a terminal holds only a few KB)
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # (the terminal's other end closed: all is read)
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read_screen, daemon=True)
    reader.start()
    try:
        err = _Lines(process.stderr)
        deadline = time.monotonic() + 15
        err.until("watching", deadline)
        log.write_text(WRONG, encoding="utf-8")
        err.until("watching", deadline)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        reader.join(timeout=5)
        screens = bytes(shown).decode("utf-8", "replace").split("\x1b[H\x1b[2J")
        assert screens[0] == "" and len(screens) == 3
        assert "BR-SETTLE-WIN" not in screens[1] and "BR-SETTLE-WIN" in screens[2]
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_change_elsewhere_does_not_wake_the_watch(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    from referee.watching import Watch

    folder = tmp_path / "logs"
    (folder / ".git").mkdir(parents=True)
    log = tmp_path / "night.hlog"
    log.write_text(CLEAN, encoding="utf-8")
    watch = Watch([log, folder])
    assert watch.count == 2
    assert watch._matters(None, str(log))
    assert watch._matters(None, str(tmp_path / "house.yaml"))  # a rules file beside the log
    assert not watch._matters(None, str(tmp_path / "other.hlog"))
    assert watch._matters(None, str(folder / "fri" / "a.hlog"))
    assert not watch._matters(None, str(folder / ".git" / "a.hlog"))
    assert not watch._matters(None, str(folder / "notes.txt"))
    assert not watch._matters(None, str(folder / "a.hlog~"))


def test_without_watchfiles_watch_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "watchfiles", None)  # (an import of it fails)
    log = tmp_path / "night.hlog"
    log.write_text(CLEAN, encoding="utf-8")
    for command in ("audit", "show"):
        result = CliRunner().invoke(app, [command, "--watch", str(log)])
        assert result.exit_code == 2
        assert "--watch needs the watchfiles package" in result.stderr
        assert "pip install watchfiles" in result.stderr
        assert result.stdout == ""


def test_standard_input_cannot_be_watched(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["audit", "--watch", "-"], input=CLEAN)
    assert result.exit_code == 2 and "cannot be watched" in result.stderr


def test_misuse_ends_the_watch_before_it_begins(tmp_path: Path) -> None:
    pytest.importorskip("watchfiles")
    import signal as signals

    log = tmp_path / "night.hlog"
    log.write_text(CLEAN, encoding="utf-8")
    before = signals.getsignal(signals.SIGINT)
    result = CliRunner().invoke(app, ["audit", "--watch", "--select", "XX-NOPE", str(log)])
    assert result.exit_code == 2 and "no rule ID starts with" in result.stderr
    result = CliRunner().invoke(app, ["show", "--watch", "--hand", "9", str(log)])
    assert result.exit_code == 2 and "no hand 9" in result.stderr
    assert signals.getsignal(signals.SIGINT) is before  # (Ctrl-C's handler put back)


def test_a_change_to_the_folder_config_up_the_folders_judges_again(tmp_path: Path) -> None:
    # The config applies to the log from a folder above it, which no watch of the log's
    # folder sees: it is watched on its own, and a change to it is a run.
    pytest.importorskip("watchfiles")
    club = tmp_path / "club"
    friday = club / "friday"
    friday.mkdir(parents=True)
    config = club / "referee.toml"
    config.write_text('ignore = ["L-TURN"]\n', encoding="utf-8")
    log = friday / "night.hlog"
    log.write_text(WRONG, encoding="utf-8")
    with _audit_watching(log, tmp_path) as (process, out, err):
        deadline = time.monotonic() + 15
        first = out.until("1 file, 1 hand", deadline)
        assert any("BR-SETTLE-WIN" in line for line in first)
        err.until("watching 2 paths for changes", deadline)
        scratch = club / ".referee.toml.swp"  # (saved as an editor saves)
        scratch.write_text('ignore = ["BR-SETTLE-WIN"]\n', encoding="utf-8")
        os.replace(scratch, config)
        second = out.until("1 file, 1 hand", deadline)
        assert "nothing reported (1 finding ignored)" in second[-1]
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
