"""A log from the other side of a dispute can't destroy, leak, hang or spoof.

Each test plays one attack through the installed ``referee`` command (a child process: the
behaviour is the command's, with its signals, pipes, links and files), or through the
library where only the reading is in question. Sizes come from seeded generated logs;
bounds are on behaviour and memory (the child's peak RSS), never on wall time, except the
time-outs that turn a hang into a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.simulate import generate_session
from tests.test_log_faults_both_games import BOURRE, EUCHRE

SCRIPT = Path(sys.executable).with_name("referee")
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "referee"]
#: A child that takes longer than this has hung (the runs here take a second or two).
HANG = 60


def referee(*args: str | Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed command to its end; it must not hang or print a traceback."""
    done = subprocess.run(
        [*COMMAND, *map(str, args)],
        input=None if stdin is None else stdin.decode("latin-1"),
        capture_output=True,
        text=True,
        timeout=HANG,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def long_log(path: Path, hands: int, seed: int = 7) -> Path:
    """A clean Bourré session of ``hands`` hands: 200 generated hands played again and again
    (plays-only, four players: nothing depends on the hands before)."""
    gen = generate_session(
        random.Random(seed), players=4, hands=200, detail="plays-only", retractions=False
    )
    head, *blocks = re.split(r"\n\s*\n(?=[ \t]*hand\b)", gen.text.strip(), flags=re.I)
    with path.open("w", encoding="utf-8") as out:
        out.write(head + "\n")
        for n in range(hands):
            body = blocks[n % len(blocks)].split("\n", 1)[1]
            out.write(f"\nhand {n + 1}\n{body}\n")
    return path


def wait_for(condition: object, what: str, timeout: float = HANG) -> None:
    """Poll ``condition()`` until it holds (a hang is a failure after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def children_of(pid: int) -> set[int]:
    """The child processes of ``pid`` (Linux's /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found.update(int(p) for p in (task / "children").read_text().split())
    return found


def alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has exited


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "friday.hlog"
    path.write_text(BOURRE, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- 1. data loss


@pytest.mark.parametrize("how", ["same path", "another spelling", "symlink", "hard link"])
@pytest.mark.parametrize("command", ["audit", "report"])
def test_the_report_is_never_written_onto_an_input(
    how: str, command: str, log: Path, tmp_path: Path
) -> None:
    target = {
        "same path": log,
        "another spelling": tmp_path / "." / log.name,
        "symlink": tmp_path / "link.hlog",
        "hard link": tmp_path / "hard.hlog",
    }[how]
    if how == "symlink":
        target.symlink_to(log)
    elif how == "hard link":
        os.link(log, target)
    before = log.read_bytes()
    done = referee(command, log, "-o", target)
    assert done.returncode == 2
    assert "is an input" in done.stderr and done.stdout == ""
    assert log.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {log.name, target.name} if how in ("symlink", "hard link") else {log.name}
    )


def test_the_rules_file_and_a_log_in_a_folder_are_inputs_too(log: Path, tmp_path: Path) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("limit: 5\n")
    assert referee("audit", log, "--rules", rules, "-o", rules).returncode == 2
    assert rules.read_text() == "limit: 5\n"
    assert referee("audit", tmp_path, "-o", log).returncode == 2
    assert log.read_text(encoding="utf-8") == BOURRE


def test_a_device_or_pipe_target_is_written_into_not_replaced(log: Path, tmp_path: Path) -> None:
    done = referee("audit", "--format", "json", log, "-o", "/dev/stdout")
    assert done.returncode == 0 and json.loads(done.stdout)["files"][0]["errors"] == []
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert referee("audit", log, "-o", "/dev/null").returncode == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        assert referee("audit", "--format", "json", log, "-o", fifo).returncode == 0
        out, _ = reader.communicate(timeout=HANG)
    finally:
        reader.kill()
    assert json.loads(out)["files"][0]["path"] == str(log)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still the pipe, no file renamed over it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friday.hlog", "out.fifo"]


def test_a_replaced_report_keeps_its_mode_and_a_link_stays_a_link(
    log: Path, tmp_path: Path
) -> None:
    target = tmp_path / "report.txt"
    target.write_text("old")
    target.chmod(0o600)
    assert referee("audit", log, "-o", target).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_text(encoding="utf-8").startswith(str(log))
    link = tmp_path / "latest.txt"
    link.symlink_to(target.name)
    assert referee("audit", "--format", "json", log, "-o", link).returncode == 0
    assert link.is_symlink() and json.loads(target.read_text())["files"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def _start(*args: str | Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*COMMAND, *map(str, args)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # a signal to the test's group does not reach it
    )


@pytest.fixture(scope="module")
def big_batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six logs of 3,000 hands each: a run of a few seconds, long enough to signal."""
    folder = tmp_path_factory.mktemp("big")
    first = long_log(folder / "a.hlog", 3_000)
    for name in ("b", "c", "d", "e", "f"):
        (folder / f"{name}.hlog").write_bytes(first.read_bytes())
    return folder


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_leaves_no_temporary_file(signame: str, big_batch: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.out"
    run = _start("audit", "--jobs", "1", big_batch, "-o", target)
    try:
        wait_for(lambda: any(tmp_path.glob(".report.out.*.tmp")), "the temporary file")
        run.send_signal(getattr(signal, signame))
        run.wait(timeout=HANG)
    finally:
        run.kill()
    assert run.returncode == 128 + getattr(signal, signame)
    assert list(tmp_path.iterdir()) == []
    assert b"Traceback" not in run.stderr.read()  # type: ignore[union-attr]


def _workers(run: subprocess.Popen[bytes]) -> set[int]:
    wait_for(lambda: len(children_of(run.pid)) >= 2, "two workers")
    return children_of(run.pid)


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT", "SIGKILL"])
def test_workers_die_with_the_main_process(signame: str, big_batch: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.out"
    run = _start("audit", "--jobs", "2", big_batch, "-o", target)
    try:
        workers = _workers(run)
        run.send_signal(getattr(signal, signame))
        run.wait(timeout=HANG)
        wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to exit", 20)
    finally:
        run.kill()
    if signame != "SIGKILL":
        assert run.returncode == 128 + getattr(signal, signame), run.stderr.read()  # type: ignore[union-attr]
        assert not list(tmp_path.glob(".*.tmp"))


# ----------------------------------------------------------------------------- 5. crashes


def test_a_killed_worker_costs_the_batch_nothing(big_batch: Path) -> None:
    """``kill -9`` of one worker: the pool is made anew, the files it had are tried again,
    and the report is the one ``--jobs 1`` gives."""
    serial = referee("audit", "--format", "json", "--jobs", "1", big_batch)
    run = subprocess.Popen(
        [*COMMAND, "audit", "--format", "json", "--jobs", "2", str(big_batch)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        victim = min(_workers(run))
        os.kill(victim, signal.SIGKILL)
        out, err = run.communicate(timeout=HANG)
    finally:
        run.kill()
    assert (run.returncode, err) == (serial.returncode, b"")
    assert out.decode() == serial.stdout


def test_a_file_whose_worker_dies_twice_is_reported_and_the_batch_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from referee import batch
    from referee.inputs import collect_inputs
    from referee.job import Job
    from referee.render.json import JsonWriter

    for name in ("a", "b", "c", "d"):
        (tmp_path / f"{name}.hlog").write_text(EUCHRE if name == "c" else BOURRE)
    real = batch.render_part

    def dies_on_b(job: Job, path: Path) -> object:
        if path.name == "b.hlog":
            os._exit(9)  # as a worker killed by the system
        return real(job, path)

    monkeypatch.setattr(batch, "render_part", dies_on_b)  # forked workers inherit it
    monkeypatch.setattr(batch, "GROUP_BYTES", 1)  # one file a group
    out = io.StringIO()
    writer = JsonWriter(out)
    tally = batch.run_batch(collect_inputs([tmp_path]), writer, Job("json"), jobs=2)
    writer.close()
    files = json.loads(out.getvalue())["files"]
    assert [Path(f["path"]).name for f in files] == ["a.hlog", "b.hlog", "c.hlog", "d.hlog"]
    assert [[e["code"] for e in f["errors"]] for f in files] == [[], ["P-INTERNAL"], [], []]
    assert "stopped twice" in files[1]["errors"][0]["message"]
    assert [len(f["hands"]) for f in files] == [3, 0, 3, 3]
    assert tally.errors == 1


# ----------------------------------------------------------------------------- 2. disclosure


SECRET = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n"


def test_a_link_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "home"
    outside.mkdir()
    (outside / "id_ed25519").write_text(SECRET)
    (outside / "other.hlog").write_text(BOURRE)
    folder = tmp_path / "logs"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.hlog").write_text(BOURRE)
    (folder / "key.hlog").symlink_to(outside / "id_ed25519")
    (folder / "sub" / "other.hlog").symlink_to(outside / "other.hlog")
    (folder / "inside.hlog").symlink_to(folder / "a.hlog")  # a link that stays: followed
    (folder / "away").symlink_to(outside, target_is_directory=True)  # a linked folder
    for fmt in ("json", "text", "html", "jsonl"):
        done = referee("audit", "--format", fmt, folder)
        assert done.returncode == 2
        assert "BEGIN OPENSSH" not in done.stdout and "b3BlbnNzaC1" not in done.stdout
    files = json.loads(referee("audit", "--format", "json", folder).stdout)["files"]
    assert [(Path(f["path"]).relative_to(folder).as_posix(), len(f["hands"])) for f in files] == [
        ("a.hlog", 3),
        ("inside.hlog", 3),
        ("key.hlog", 0),
        ("sub/other.hlog", 0),
    ]
    for entry in files[2:]:
        (error,) = entry["errors"]
        assert error["code"] == "P-IO" and "outside the folder audited" in error["message"]


def test_a_file_that_is_not_a_log_gets_one_error_and_no_content(tmp_path: Path) -> None:
    """Named on the command line (so read), a key file is one P-SYNTAX without a snippet."""
    key = tmp_path / "id_ed25519"
    key.write_text(SECRET + "".join(f"line {i} of the secret\n" for i in range(500)))
    for fmt in ("json", "text", "html"):
        done = referee("audit", "--format", fmt, key)
        assert done.returncode == 2
        for text in ("BEGIN OPENSSH", "b3BlbnNzaC1", "of the secret"):
            assert text not in done.stdout, (fmt, text)
    (entry,) = json.loads(referee("audit", "--format", "json", key).stdout)["files"]
    assert [(e["code"], e["line"]) for e in entry["errors"]] == [("P-SYNTAX", 1)]
    assert "not a hand log" in entry["errors"][0]["message"]


def test_rules_path_stays_in_the_logs_folder(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    (folder / "house").mkdir(parents=True)
    (folder / "house" / "ok.yaml").write_text("limit: 20\n")
    (tmp_path / "secret.yaml").write_text("password: hunter2\n")
    (folder / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    head, rest = BOURRE.split("\n\n", 1)

    def run(rules_line: str, *extra: str) -> dict[str, object]:
        log = folder / "game.hlog"
        log.write_text(f"{head}\n{rules_line}\n\n{rest}")
        done = referee("audit", "--format", "json", *extra, log)
        (entry,) = json.loads(done.stdout)["files"]
        assert "hunter2" not in done.stdout and "password" not in done.stdout
        return entry  # type: ignore[no-any-return]

    assert run("rules house/ok.yaml")["options"] == {"limit": 20}
    messages = []
    for target in (
        "../secret.yaml",
        str(tmp_path / "secret.yaml"),
        "link.yaml",
        "../missing.yaml",
        "/proc/kmsg",
        "/etc/shadow",
    ):
        entry = run(f"rules {target}")
        (error,) = entry["errors"]  # type: ignore[misc]
        assert error["code"] == "P-RULES"
        messages.append(error["message"].removeprefix(target))
    # the same words whether or not the outside path exists: nothing to probe with
    assert len(set(messages)) == 1 and "outside the log's folder" in messages[0]
    allowed = run("rules ../secret.yaml", "--allow-rules-anywhere")
    (error,) = allowed["errors"]  # type: ignore[misc]
    assert "unknown option key" in error["message"]
    assert (
        "not a regular file"
        in run("rules /proc/kmsg", "--allow-rules-anywhere")["errors"][0]["message"]
    )  # type: ignore[index]


def test_a_rules_file_is_parsed_once_per_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import options
    from referee.audit import audit_file

    (tmp_path / "house.yaml").write_text("limit: 20\n" + "# a comment\n" * 4000)
    head, rest = BOURRE.split("\n\n", 1)
    for i in range(5):
        (tmp_path / f"g{i}.hlog").write_text(f"{head}\nrules house.yaml\n\n{rest}")
    calls = []
    real = options._parse_rules
    monkeypatch.setattr(options, "_parse_rules", lambda text: calls.append(1) or real(text))
    options._PARSED.clear()
    reports = [audit_file(tmp_path / f"g{i}.hlog") for i in range(5)]
    assert [r.options_changed for r in reports] == [{"limit": 20}] * 5
    assert len(calls) == 1
    (tmp_path / "house.yaml").write_text("limit: 30\n")  # changed: read again
    assert audit_file(tmp_path / "g0.hlog").options_changed == {"limit": 30}
    assert len(calls) == 2
    # the same size and the same modification time (a rewrite within one clock tick)
    stamp = (tmp_path / "house.yaml").stat()
    (tmp_path / "house.yaml").write_text("limit: 40\n")
    os.utime(tmp_path / "house.yaml", ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert audit_file(tmp_path / "g0.hlog").options_changed == {"limit": 40}
    assert len(calls) == 3


def test_a_folder_1200_levels_deep(tmp_path: Path) -> None:
    (tmp_path / "top.hlog").write_text(BOURRE)
    deep = tmp_path
    for _ in range(1200):  # (os.makedirs would recurse 1,200 deep itself)
        deep = deep / "d"
        deep.mkdir()
    (deep / "bottom.hlog").write_text(EUCHRE)
    try:
        done = referee("audit", "--format", "json", tmp_path)
    finally:  # (pytest's clean-up, shutil.rmtree, would recurse 1,200 deep too)
        (deep / "bottom.hlog").unlink()
        while deep != tmp_path:
            deep.rmdir()
            deep = deep.parent
    files = json.loads(done.stdout)["files"]
    assert [Path(f["path"]).name for f in files] == ["bottom.hlog", "top.hlog"]  # by path
    assert [f["errors"] for f in files] == [[], []] and done.returncode == 0


# ----------------------------------------------------------------------------- 3. spoofing

#: Characters that act on a terminal or hide what a line says.
NASTY = {
    "\x1b]52;c;b3duZWQ=\x07": "\\x1b]52;c;b3duZWQ=\\x07",  # OSC 52: write the clipboard
    "\x1b]8;;http://x\x1b\\": "\\x1b]8;;http://x\\x1b\\",  # OSC 8: a hidden link
    "\x1b[2J": "\\x1b[2J",  # clear the screen
    "\x9b31m": "<U+009B>31m",  # a one-byte CSI
    "\u202e": "<U+202E>",  # right-to-left override
    "\u2066": "<U+2066>",  # left-to-right isolate
    "\u200b": "<U+200B>",  # zero-width space
    "\ufeff": "<U+FEFF>",  # zero-width no-break space
    "\x7f": "\\x7f",  # DEL
}


def _nasty_text() -> str:
    return "".join(NASTY)


def _assert_clean(text: str) -> None:
    for raw in NASTY:
        assert raw not in text, repr(raw)
    for char in ("\x1b", "\x9b", "\u202e", "\u200b", "\u2066"):
        assert char not in text, repr(char)


@pytest.mark.parametrize("quiet", [False, True])
def test_nothing_from_a_log_reaches_the_terminal_raw(quiet: bool, tmp_path: Path) -> None:
    nasty = _nasty_text()
    folder = tmp_path / f"x{nasty[:4]}y"
    folder.mkdir()
    head, rest = BOURRE.split("\n\n", 1)
    log = folder / "a.hlog"
    log.write_text(
        f"{head}\ntitle {nasty}\nevent {nasty}\ntable {nasty}\nrules {nasty}.yaml\n\n{rest}"
        f"\ntrick 6: ann 7h {nasty}\n",
        encoding="utf-8",
    )
    for fmt in ("text", "html"):
        done = referee("audit", "--format", fmt, *(["--quiet"] if quiet else []), log)
        assert done.returncode == 2
        _assert_clean(done.stdout)
        _assert_clean(done.stderr)
        if fmt == "text" and not quiet:
            assert NASTY["\u202e"] in done.stdout and NASTY["\x1b[2J"] in done.stdout
    done = referee("show", log)
    _assert_clean(done.stdout)


def test_a_caret_stays_under_its_column_after_escapes(tmp_path: Path) -> None:
    head, rest = BOURRE.split("\n\n", 1)
    log = tmp_path / "a.hlog"
    log.write_text(f"{head}\n\n{rest}\ntrick 6: \u202e\x1b ann 7h (\n", encoding="utf-8")
    done = referee("audit", log)
    lines = done.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "| trick 6:" in line)
    snippet, caret = lines[at], lines[at + 1]
    (error,) = [ln for ln in lines if ": P-SYNTAX" in ln]
    column = int(error.split(":")[2])
    source = "trick 6: \u202e\x1b ann 7h ("
    escaped_prefix = source[: column - 1].replace("\u202e", "<U+202E>").replace("\x1b", "\\x1b")
    assert snippet.split("| ", 1)[1].startswith(escaped_prefix)
    assert caret.index("^") == snippet.index("| ") + 2 + len(escaped_prefix)


def test_a_file_name_with_a_line_end_or_escape_is_shown_escaped(tmp_path: Path) -> None:
    log = tmp_path / "fake\nreport\x1b[31m.hlog"
    log.write_text(BOURRE.replace("bob 2s,", "rob 2s,"), encoding="utf-8")
    done = referee("audit", tmp_path)
    assert "\x1b" not in done.stdout and "fake\\nreport\\x1b[31m.hlog" in done.stdout
    assert "\nreport" not in done.stdout


def test_json_lines_escape_the_line_separators(tmp_path: Path) -> None:
    head, rest = BOURRE.split("\n\n", 1)
    log = tmp_path / "a.hlog"
    log.write_text(f"{head}\ntitle a\u2028b\u2029c\x85d\n\n{rest}", encoding="utf-8")
    done = referee("audit", "--format", "jsonl", log)
    for raw in ("\u2028", "\u2029", "\x85"):
        assert raw not in done.stdout
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert objects[-1]["metadata"]["title"] == "a\u2028b\u2029c\x85d"


def test_names_are_composed_and_look_alikes_are_refused(tmp_path: Path) -> None:
    from referee.audit import audit_text

    composed = BOURRE.replace("ann", "zo\u00e9")
    decomposed = BOURRE.replace("ann", "zoe\u0301")
    mixed = composed.replace("players zo\u00e9", "players zoe\u0301", 1)  # seated decomposed
    reports = [audit_text(text) for text in (composed, decomposed, mixed)]
    for report in reports:
        assert report.errors == [] and report.players[0] == "zo\u00e9"
    assert [len(h.violations) for h in reports[0].hands] == [
        len(h.violations) for h in reports[2].hands
    ]
    spoof = BOURRE.replace("players ann bob", "players ann \u0430nn bob")
    (error,) = audit_text(spoof).errors
    assert (error.code, error.line) == ("P-HEADER", 2)
    assert "U+0430 CYRILLIC SMALL LETTER A" in error.message


# ----------------------------------------------------------------------------- 4. hangs


def test_a_fifo_named_on_the_command_line_is_read_once(tmp_path: Path) -> None:
    fifo = tmp_path / "live.hlog"
    os.mkfifo(fifo)
    text = BOURRE.replace("bob 2s,", "rob 2s,")  # a finding, so a snippet is printed
    writer = subprocess.Popen(["sh", "-c", f'cat > "{fifo}"'], stdin=subprocess.PIPE)
    try:
        run = subprocess.Popen(
            [*COMMAND, "audit", str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        writer.communicate(text.encode(), timeout=HANG)
        out, err = run.communicate(timeout=HANG)  # re-opening the pipe would hang here
    finally:
        writer.kill()
    assert run.returncode == 1, err
    assert b"L-PLAYER" in out and b"trick 1: ann As, rob 2s" in out


@pytest.mark.parametrize("fmt", ["json", "jsonl", "text"])
def test_an_endless_stream_is_cut_at_the_cap(fmt: str) -> None:
    """``yes | referee audit /dev/stdin``: read up to the cap, then a P-IO, valid output."""
    yes = subprocess.Popen(["yes", "game bourre"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run(
            [*COMMAND, "audit", "--format", fmt, "/dev/stdin"],
            stdin=yes.stdout,
            capture_output=True,
            text=True,
            timeout=HANG,
        )
    finally:
        yes.kill()
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "64 MiB" in done.stdout
    if fmt == "json":
        (entry,) = json.loads(done.stdout)["files"]
        assert [e["code"] for e in entry["errors"]] == ["P-IO"]


def test_dev_zero_is_cut_at_the_first_chunk_with_bounded_memory() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_RSS, *COMMAND, "audit", "--format", "json", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    code, peak_kb, out = _peak_result(done)
    assert code == 2
    (entry,) = json.loads(out)["files"]
    assert [(e["code"], e["line"], e["column"]) for e in entry["errors"]] == [("P-ENCODING", 1, 1)]
    assert peak_kb < 80_000, peak_kb


#: Runs the command given after it and prints its exit status and peak RSS (KB), then its
#: output: resource.getrusage of the child, no wall time involved.
_PEAK_RSS = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
sys.stdout.write(f"{done.returncode} {peak}\\n" + done.stdout)
sys.stderr.write(done.stderr)
"""


def _peak_result(done: subprocess.CompletedProcess[str]) -> tuple[int, int, str]:
    assert "Traceback" not in done.stderr, done.stderr
    first, out = done.stdout.split("\n", 1)
    code, peak = first.split()
    return int(code), int(peak), out


def test_a_gigabyte_line_takes_bounded_memory(tmp_path: Path) -> None:
    """A sparse file of 1 GB of NULs is binary at once; 200 MB of one line is skipped."""
    sparse = tmp_path / "sparse.hlog"
    with sparse.open("wb") as out:
        out.truncate(1 << 30)
    long_line = tmp_path / "long.hlog"
    with long_line.open("w") as out:
        out.write("game bourre\nplayers ann bob\ntitle ")
        chunk = "x" * (1 << 20)
        for _ in range(200):
            out.write(chunk)
        out.write("\nhand 1\n")
    # (a binary file is not read at all: 2; a line skipped is a finding about a log: 1)
    for path, code, status in ((sparse, "P-ENCODING", 2), (long_line, "P-SYNTAX", 1)):
        for fmt in ("text", "json"):
            done = subprocess.run(
                [sys.executable, "-c", _PEAK_RSS, *COMMAND, "audit", "--format", fmt, path],
                capture_output=True,
                text=True,
                timeout=HANG,
            )
            exit_status, peak_kb, out = _peak_result(done)
            assert exit_status == status and code in out
            assert len(out) < 10_000
            assert peak_kb < 100_000, (path.name, fmt, peak_kb)


def test_utf16_with_a_bom_is_read_and_other_encodings_are_explained(tmp_path: Path) -> None:
    for codec in ("utf-16-le", "utf-16-be"):
        log = tmp_path / f"{codec}.hlog"
        bom = "\ufeff".encode(codec)
        log.write_bytes(bom + BOURRE.replace("ann", "zoé").encode(codec))
        (entry,) = json.loads(referee("audit", "--format", "json", log).stdout)["files"]
        assert entry["errors"] == [] and entry["players"][0] == "zoé"
    cp1252 = tmp_path / "cp1252.hlog"
    cp1252.write_bytes(BOURRE.replace("ann", "zoé").encode("cp1252"))
    done = referee("audit", "--format", "json", cp1252)
    (error,) = json.loads(done.stdout)["files"][0]["errors"]
    assert error["code"] == "P-ENCODING" and (error["line"], error["column"]) == (2, 11)
    assert "save the file as UTF-8, or run with --encoding NAME" in error["message"]
    fixed = referee("audit", "--format", "json", "--encoding", "cp1252", cp1252)
    (entry,) = json.loads(fixed.stdout)["files"]
    assert entry["errors"] == [] and entry["players"][0] == "zoé"
    for command in ("audit", "report", "show"):
        extra = ["-o", str(tmp_path / "r.html")] if command == "report" else []
        bad = referee(command, "--encoding", "klingon", cp1252, *extra)
        assert bad.returncode == 2 and bad.stdout == ""
        assert bad.stderr.strip() == "referee: --encoding klingon: not a text encoding Python knows"
    assert referee("show", "--encoding", "cp1252", cp1252).returncode == 0


def test_utf16_asked_for_without_a_byte_order_mark_is_a_read_error(tmp_path: Path) -> None:
    """``--encoding utf-16`` learns the byte order from the mark: a log without one is one
    P-ENCODING for the file (the referee does not guess the order), in a small file read
    at once and in a large one read in chunks, and ``utf-16-le`` then reads it."""
    hands = json.loads(referee("audit", "--format", "json", "-", stdin=BOURRE.encode()).stdout)
    count = len(hands["files"][0]["hands"])
    for name, comments in (("small", 0), ("large", 3000)):  # (3,000 lines: over 64 KiB)
        log = tmp_path / f"{name}.hlog"
        log.write_bytes(("# a comment line\n" * comments + BOURRE).encode("utf-16-le"))
        assert (comments > 0) == (log.stat().st_size > 1 << 16)
        done = referee("audit", "--format", "json", "--encoding", "utf-16", log)
        (entry,) = json.loads(done.stdout)["files"]
        assert done.returncode == 2 and entry["hands"] == []
        assert [(e["code"], e["line"], e["column"]) for e in entry["errors"]] == [
            ("P-ENCODING", 1, 1)
        ]
        assert "--encoding utf-16-le or utf-16-be" in entry["errors"][0]["message"]
        fixed = referee("audit", "--format", "json", "--encoding", "utf-16-le", log)
        (entry,) = json.loads(fixed.stdout)["files"]
        assert entry["errors"] == [] and len(entry["hands"]) == count > 0


def test_a_log_edited_mid_run_shows_the_line_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from referee.batch import run_batch
    from referee.job import Job
    from referee.render.text import TextRenderer, make_console

    log = tmp_path / "a.hlog"
    log.write_text(BOURRE.replace("bob 2s,", "rob 2s,"))
    out = io.StringIO()
    writer = TextRenderer(make_console(out, False))
    real_end = writer.end

    def end(report: object) -> None:  # the file is rewritten after judging, before printing
        log.write_text(BOURRE.replace("trick 1: ann As, bob 2s", "trick 1: EDITED LINE"))
        real_end(report)  # type: ignore[arg-type]

    monkeypatch.setattr(writer, "end", end)
    run_batch([log], writer, Job("text"))
    assert "trick 1: ann As, rob 2s" in out.getvalue()
    assert "EDITED" not in out.getvalue()


# ----------------------------------------------------------------------------- 7. streaming


def test_text_findings_and_read_errors_come_in_line_order(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    text = BOURRE.replace("bob 2s,", "rob 2s,") + "trick 1: ann 7h (\nbogus line here\n"
    text = text.replace("trump 9h\nann pass", "trump 9h\nann pass\ntrick 0: (", 1)
    log.write_text(text)
    done = referee("audit", log)
    located = [
        int(line.split(":")[1])
        for line in done.stdout.splitlines()
        if line.startswith(f"{log}:") and line.split(":")[1].isdigit()
    ]
    codes = [
        line.split(": ", 1)[1].split()[0]
        for line in done.stdout.splitlines()
        if line.startswith(f"{log}:")
    ]
    assert located == sorted(located) and len(located) >= 4, done.stdout
    assert "P-SYNTAX" in codes and "L-PLAYER" in codes
    assert codes.index("L-PLAYER") < codes.index("P-SYNTAX")  # line 17 before line 34


def _hand_lines_log(path: Path, hands: int) -> Path:
    with path.open("w") as out:
        out.write("game bourre\nplayers ann bob cy\n")
        out.write("hand 1\n" * hands)
    return path


def _peak_of(*args: str | Path) -> tuple[int, int, str]:
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_RSS, *COMMAND, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    return _peak_result(done)


@pytest.mark.parametrize("fmt", ["text", "html", "json"])
def test_bare_hand_lines_in_bounded_memory(fmt: str, tmp_path: Path) -> None:
    """Hands with findings (no dealer, no trump) stream through: 8x the hands, about the
    same peak memory (the text report's rows and the page's wait in temporary files)."""
    small = _hand_lines_log(tmp_path / "small.hlog", 1_000)
    large = _hand_lines_log(tmp_path / "large.hlog", 8_000)
    peaks = []
    for log in (small, large):
        status, peak_kb, _ = _peak_of("audit", "--format", fmt, log, "-o", tmp_path / "out")
        assert status == 1
        peaks.append(peak_kb)
    assert peaks[1] < peaks[0] + 12_000, peaks


def test_evidence_lists_are_capped(tmp_path: Path) -> None:
    """An ``ante`` line of 100,000 names: one finding whose evidence names 20 and counts the
    rest, and a report far smaller than the log."""
    head = "game bourre\nplayers ann bob cy\nhand 1\ndealer cy\ntrump 2h\n"
    log = tmp_path / "ante.hlog"
    log.write_text(head + "ante " + " ".join(f"x{i}" for i in range(100_000)) + "\n")
    done = referee("audit", "--format", "json", log)
    (entry,) = json.loads(done.stdout)["files"]
    (ante,) = [v for v in entry["hands"][0]["violations"] if v["rule"] == "BR-SETTLE-ANTE"]
    assert "and 99,979 more" in ante["evidence"] and len(ante["evidence"]) < 1000
    assert len(done.stdout) < 100_000
    for fmt in ("text", "html"):
        assert len(referee("audit", "--format", fmt, log).stdout) < 100_000
