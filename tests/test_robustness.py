"""Bad input never makes the referee print a traceback, hang or crash.

* Unreadable input (not UTF-8, binary, a syntax error, a missing file, a folder it cannot
  read, a pipe, a symlink loop) is reported with the file, line and column where possible,
  exit status 2, and the rest of the batch is still audited.
* House-rules files (``--rules FILE``, the log's ``rules PATH``) and ``option`` lines: a
  wrong type, an unknown key, a value out of range, a missing or invalid file each give a
  clear error naming the file, the key and the valid values; YAML is read safely.
* Cost stays linear in the size of the input, and memory bounded for a long file.
* The referee never writes to its inputs; ``--output`` is replaced atomically.
* The same input gives byte-identical output on every run and every ``--jobs``.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import stat
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import audit
from referee.audit import audit_bytes, audit_file, audit_text, stream_file
from referee.cli import app
from tests.test_log_faults_both_games import BOURRE, EUCHRE

runner = CliRunner()


def cli(*args: str | Path) -> tuple[int, str, str]:
    """Run the command line in-process; it must exit (0, 1 or 2) without a traceback."""
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"the command raised {result.exception!r}") from result.exception
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output)
    assert "Traceback" not in result.output, result.output
    assert "internal error" not in result.output, result.output
    return result.exit_code, result.stdout, result.stderr


def cli_json(*args: str | Path) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = cli("audit", "--format", "json", *args)
    return code, json.loads(out)["files"]


def errors_of(entry: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(e["code"], e["line"], e["column"]) for e in entry["errors"]]


@pytest.fixture
def batch(tmp_path: Path) -> Callable[[str, bytes], tuple[Path, list[Path]]]:
    """A folder holding a clean Bourré log, one bad file (named ``b-...``) and a clean Bid
    Euchre log: the bad one sits in the middle of the batch."""

    def make(name: str, data: bytes) -> tuple[Path, list[Path]]:
        folder = tmp_path / "logs"
        folder.mkdir()
        paths = [folder / "a-good.hlog", folder / f"b-{name}.hlog", folder / "c-good.hlog"]
        paths[0].write_text(BOURRE, encoding="utf-8")
        paths[1].write_bytes(data)
        paths[2].write_text(EUCHRE, encoding="utf-8")
        return folder, paths

    return make


def assert_others_judged(files: list[dict[str, Any]], bad: int) -> None:
    """Every file but the ``bad``-th was read cleanly and judged hand by hand."""
    for i, entry in enumerate(files):
        if i != bad:
            assert entry["errors"] == [], entry["path"]
            assert len(entry["hands"]) == 3, entry["path"]


# ----------------------------------------------------------------------------- unreadable logs

UNREADABLE: dict[str, tuple[bytes, list[tuple[str, int | None, int | None]]]] = {
    "latin-1": (b"game bourr\xe9\nplayers ann bob\n", [("P-ENCODING", 1, 11)]),
    "utf-16-without-bom": (
        "game bourre\nplayers ann bob\n".encode("utf-16-le"),
        [("P-ENCODING", 1, 2)],
    ),
    "png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", [("P-ENCODING", 1, 1)]),
    "nul": (b"game bourre\nplayers ann\x00 bob\n", [("P-ENCODING", 2, 12)]),
    "cut-utf8-at-end": (b"game bourre\nplayers ann zo\xc3", [("P-ENCODING", 2, 15)]),
    "bad-byte-cr-lines": (
        b"game bourre\rplayers ann bob\r\nhand 1\r\xff\r",
        [("P-ENCODING", 2, 8)],  # (only LF ends a line, as for git)
    ),
    "lone-surrogate": (b"game bourre\nplayers \xed\xa0\x80\n", [("P-ENCODING", 2, 9)]),
    "syntax": (
        b"game bourre\nplayers ann bob\nhand 1\ndealer ann\ntrump 2h\ntrick 1: ann 7h bob\n",
        [("P-SYNTAX", 6, 0)],  # 0: any column (the parser's to choose), but one is given
    ),
    "empty": (b"", [("P-HEADER", None, None), ("P-HEADER", None, None)]),
    "only-a-bom": (b"\xef\xbb\xbf", [("P-HEADER", None, None), ("P-HEADER", None, None)]),
    "only-comments": (b"# a\n\n   # b\n", [("P-HEADER", None, None), ("P-HEADER", None, None)]),
    "no-game": (b"players ann bob\nhand 1\ndealer ann\n", [("P-HEADER", None, None)]),
    "unknown-game": (b"game poker\nplayers ann bob\n", [("P-HEADER", 1, 6)]),
    "no-players": (b"game bourre\nplayers\nhand 1\n", [("P-HEADER", 2, 1)]),
    "nine-players": (b"game bourre\nplayers a b c d e f g h i\n", [("P-HEADER", 2, 1)]),
    "three-at-euchre": (b"game bid-euchre\nplayers ann bob cy\n", [("P-HEADER", 2, 1)]),
}


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_unreadable_log_is_reported_and_the_batch_goes_on(
    name: str, batch: Callable[[str, bytes], tuple[Path, list[Path]]]
) -> None:
    data, expected = UNREADABLE[name]
    folder, paths = batch(name, data)
    code, files = cli_json(folder)
    assert code == (1 if name == "syntax" else 2)  # (a line not read in a judged log: 1)
    assert [f["path"] for f in files] == [str(p) for p in paths]
    found = errors_of(files[1])
    if expected[0][2] == 0:
        assert found[0][2] is not None and found[0][2] >= 1
        found = [(c, ln, 0) for c, ln, _ in found]
    assert found == expected
    assert all(e["message"] for e in files[1]["errors"])
    if expected[0][0] != "P-SYNTAX":  # a line that does not parse is skipped, not the file
        assert files[1]["hands"] == []
    assert_others_judged(files, bad=1)
    # the text report names the file, line and column too
    code, out, _ = cli("audit", folder)
    assert code == (1 if name == "syntax" else 2)
    code_, line, column = found[0] if expected[0][2] != 0 else errors_of(files[1])[0]
    where = f"{paths[1]}:{line}:{column}:" if line is not None else f"{paths[1]}:"
    assert f"{where} {code_}" in out


def test_bad_byte_past_the_first_megabyte_is_placed_exactly(tmp_path: Path) -> None:
    """A big file is checked in chunks; the position of a bad byte is still exact."""
    body = "game bourre\nplayers ann bob\n" + "# ë comment line\n" * 100_000  # 1.8 MB
    data = body.encode() + "ann plays \u00e9".encode() + b"\xff more\n"
    path = tmp_path / "big.hlog"
    path.write_bytes(data)
    report = audit_file(path)
    assert [(e.code, e.line, e.column) for e in report.errors] == [("P-ENCODING", 100_003, 12)]
    assert report.errors == audit_bytes(data, str(path)).errors
    clean = tmp_path / "clean.hlog"  # a multi-byte character across a chunk boundary is fine
    clean.write_bytes(b"#" * ((1 << 20) - 1) + "é\n".encode() + BOURRE.encode())
    assert audit_file(clean).errors == []


def test_missing_file_symlink_loop_and_broken_link(tmp_path: Path) -> None:
    good = tmp_path / "good.hlog"
    good.write_text(BOURRE)
    (tmp_path / "loop-a").symlink_to(tmp_path / "loop-b")
    (tmp_path / "loop-b").symlink_to(tmp_path / "loop-a")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "gone.hlog").symlink_to(tmp_path / "nowhere.hlog")
    code, files = cli_json(tmp_path / "missing.hlog", tmp_path / "loop-a", good, inner)
    assert code == 2
    paths = [f["path"] for f in files]
    assert paths == [
        str(tmp_path / "missing.hlog"),
        str(tmp_path / "loop-a"),
        str(good),
        str(inner / "gone.hlog"),
    ]
    assert [errors_of(f) for f in files] == [
        [("P-IO", None, None)],
        [("P-IO", None, None)],
        [],
        [("P-IO", None, None)],
    ]
    assert "no such file" in files[0]["errors"][0]["message"]
    assert "symbolic links" in files[1]["errors"][0]["message"]
    assert len(files[2]["hands"]) == 3


def test_directory_named_like_a_log(tmp_path: Path) -> None:
    odd = tmp_path / "x.hlog"
    odd.mkdir()
    (odd / "real.hlog").write_text(BOURRE)
    code, files = cli_json(odd)  # a folder is searched, whatever its name
    assert code == 0 and [f["path"] for f in files] == [str(odd / "real.hlog")]
    code, files = cli_json(tmp_path)  # the folder x.hlog is searched, not read as a file
    assert code == 0 and [f["path"] for f in files] == [str(odd / "real.hlog")]
    assert audit_file(odd).errors[0].code == "P-IO"  # read as a file: a clean error


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_in_a_folder_is_not_read(tmp_path: Path) -> None:
    """Opening a pipe nobody writes to would wait forever: it is reported instead."""
    (tmp_path / "a.hlog").write_text(BOURRE)
    os.mkfifo(tmp_path / "b.hlog")
    start = time.monotonic()
    code, files = cli_json(tmp_path)
    assert time.monotonic() - start < 30
    assert code == 2
    assert [f["path"] for f in files] == [str(tmp_path / "a.hlog"), str(tmp_path / "b.hlog")]
    assert files[1]["errors"][0]["code"] == "P-IO"
    assert "not a regular file" in files[1]["errors"][0]["message"]


def test_permission_denied_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # chmod cannot deny root, so the denial is simulated
    folder, paths = tmp_path, [tmp_path / "a.hlog", tmp_path / "b.hlog", tmp_path / "c.hlog"]
    for p in paths:
        p.write_text(BOURRE)
    real_open = pathlib.Path.open

    def deny(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == "b.hlog":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", deny)
    code, files = cli_json(folder)
    assert code == 2
    assert errors_of(files[1]) == [("P-IO", None, None)]
    assert "Permission denied" in files[1]["errors"][0]["message"]
    assert [len(f["hands"]) for f in files] == [3, 0, 3]


def test_folder_that_cannot_be_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.hlog").write_text(BOURRE)
    (tmp_path / "locked").mkdir()
    real_scandir = os.scandir

    def scandir(path: Any) -> Any:  # (as root, a folder's mode does not lock it)
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, files = cli_json(tmp_path)
    assert code == 2
    assert [f["path"] for f in files] == [str(tmp_path / "a.hlog"), str(tmp_path / "locked")]
    assert len(files[0]["hands"]) == 3
    assert "cannot list folder: Permission denied" in files[1]["errors"][0]["message"]


def test_file_that_changes_while_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked as UTF-8, then gone bad before the lines are read (through the same open
    file, which is never opened again): an error, not a crash. (A small file is read in
    one read, so only a larger one, read twice, can change in between: as if this one
    were.)"""
    path = tmp_path / "a.hlog"
    path.write_text(BOURRE)
    real_scan = audit.scan_encoding
    monkeypatch.setattr(audit, "SMALL_FILE_BYTES", 0)

    def scan_then_spoil(handle: Any, *args: Any) -> Any:
        problem = real_scan(handle, *args)
        with open(path, "r+b") as same_file:  # the same inode, rewritten in place
            same_file.write(BOURRE.encode()[:200] + b"\xff\n")
            same_file.truncate()
        return problem

    monkeypatch.setattr(audit, "scan_encoding", scan_then_spoil)
    report = audit_file(path)
    assert "P-IO" in [e.code for e in report.errors]
    assert "P-INTERNAL" not in [e.code for e in report.errors]
    assert any("changed while it was being read" in e.message for e in report.errors)


# ----------------------------------------------------------------------------- house rules

RULES_CASES: dict[str, tuple[str, str, list[str]]] = {
    # name: (YAML text, game, what the message must say). A message names the place and
    # the problem, never the file's text: the file named may be anything.
    "not-a-bool": ("cinch: maybe\n", "bourre", [":1:8:", "cinch", "(a word)", "true or false"]),
    "not-a-number": ("hand_size: four\n", "bourre", ["hand_size", "from 4 to 5"]),
    "a-list": ("limit: [1, 2]\n", "bourre", ["limit", "(a list)", "amount such as"]),
    "a-mapping": ("ante: {a: 1}\n", "bourre", ["ante", "(a mapping)", "amount such as"]),
    "a-date": ("limit: 2001-01-01\n", "bourre", ["limit", "(a date)", "amount such as"]),
    "null": ("ante: null\n", "bourre", ["ante", "null", "amount such as"]),
    "float-size": ("hand_size: 4.5\n", "bourre", ["hand_size", "from 4 to 5"]),
    "unknown-key": ("limt: 5\n", "bourre", [":1:1:", "unknown option key", "renege_penalty"]),
    "euchre-key-in-bourre": ("target: 10\n", "bourre", ["unknown option key", "hand_size"]),
    "hand-size-6": ("hand_size: 6\n", "bourre", ["hand_size", "(a number)", "from 4 to 5"]),
    "negative-ante": ("ante: -1\n", "bourre", ["ante", ":1:7:", "0 or more"]),
    "zero-limit": ("limit: 0\n", "bourre", ["limit", "above 0"]),
    "bad-choice": ("all_pass: winner\n", "bourre", ["all_pass", "carry, dealer"]),
    "min-bid-9": ("min_bid: 9\n", "bid-euchre", ["min_bid", "(a number)", "from 1 to 6"]),
    "target-0": ("target: 0\n", "bid-euchre", ["target", "at least 1"]),
    "not-a-mapping": ("- limit\n- 5\n", "bourre", ["mapping of option keys"]),
    "number-key": ("5: limit\n", "bourre", ["option keys must be words"]),
    "section-not-mapping": ("bourre: 5\n", "bourre", ["section 'bourre'"]),
    "invalid-yaml": ("limit: [1, 2\n", "bourre", [":2:1: invalid YAML"]),
    "tabs": ("limit:\t5\n\tante: 1\n", "bourre", ["invalid YAML"]),
    "python-tag": (
        "limit: !!python/object/apply:os.system ['echo owned > owned.txt']\n",
        "bourre",
        ["invalid YAML", "a tag that safe YAML does not allow"],
    ),
    "undefined-alias": ("limit: *secret_name\n", "bourre", ["invalid YAML", "undefined alias"]),
    # (a number is read as written, as an `option` line's: never made into a huge int)
    "huge-integer": ("hand_size: " + "9" * 5000 + "\n", "bourre", ["bad value (a number)"]),
    "impossible-date": ("limit: 2001-02-31\n", "bourre", ["invalid YAML", "day is out of range"]),
    "deep-nesting": (
        "limit: " + "[" * 5_000 + "]" * 5_000 + "\n",
        "bourre",
        ["invalid YAML", "nesting depth"],
    ),
    "alias-bomb": (
        "limit: [&a [x, x, x, x, x, x, x, x, x, x]"
        + "".join(
            f", &{c} [{', '.join(['*' + p] * 10)}]"
            for p, c in zip("abcdefgh", "bcdefghi", strict=False)
        )
        + "]\n",
        "bourre",
        ["limit", "(a list)"],
    ),
    "not-utf8": ("limit: caf\udce9\n", "bourre", ["cannot read house-rules file"]),
}


def _write_rules(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))


def _log_using(game: str, rules_line: str = "", option: str = "") -> str:
    base = BOURRE if game == "bourre" else EUCHRE
    head, rest = base.split("\n\n", 1)
    extra = "".join(f"{x}\n" for x in (rules_line, option) if x)
    return f"{head}\n{extra}\n{rest}"


@pytest.mark.parametrize("name", list(RULES_CASES))
def test_bad_house_rules_file(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, game, wanted = RULES_CASES[name]
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "house.yaml"
    _write_rules(rules, text)
    log = tmp_path / "game.hlog"
    log.write_text(_log_using(game))
    good = tmp_path / "other.hlog"
    good.write_text(_log_using(game))
    # --rules FILE: every log is judged by it, so every log reports it
    start = time.monotonic()
    code, files = cli_json("--rules", rules, log)
    assert time.monotonic() - start < 20
    assert code == 2
    (error,) = files[0]["errors"]
    assert error["code"] == "P-RULES" and files[0]["hands"] == []
    assert error["message"].startswith(f"--rules {rules}")
    for part in wanted:
        assert part in error["message"], (part, error["message"])
    for secret in ("maybe", "limt", "winner", "secret_name", "owned", "2001", "99"):
        if secret in text:
            assert secret not in error["message"].removeprefix(f"--rules {rules}")
    # the log's own `rules PATH`: reported at that line; the rest of the batch is judged
    log.write_text(_log_using(game, rules_line="rules house.yaml"))
    code, files = cli_json(log, good)
    assert code == 2
    (error,) = files[0]["errors"]
    assert (error["code"], error["line"], error["column"]) == ("P-RULES", 3, 7)
    assert error["message"].startswith(str(rules))
    for part in wanted:
        assert part in error["message"], (part, error["message"])
    assert files[1]["errors"] == [] and len(files[1]["hands"]) == 3
    assert not (tmp_path / "owned.txt").exists()


OPTION_CASES = {
    "option cinch maybe": ("bourre", ["cinch", "'maybe'", "true or false"]),
    "option hand_size 6": ("bourre", ["hand_size", "'6'", "from 4 to 5"]),
    "option hand_size " + "9" * 5000: ("bourre", ["hand_size", "...", "from 4 to 5"]),
    "option limt 5": ("bourre", ["'limt'", "valid keys", "limit"]),
    "option limit [1, 2]": ("bourre", ["limit", "amount such as"]),
    "option ante -0.5": ("bourre", ["ante", "0 or more"]),
    "option all_pass sometimes": ("bourre", ["all_pass", "carry, dealer"]),
    "option min_bid 0": ("bid-euchre", ["min_bid", "from 1 to 6"]),
    "option first_lead dealer": ("bid-euchre", ["first_lead", "bidder, left"]),
    "option stick_the_dealer 2": ("bid-euchre", ["stick_the_dealer", "true or false"]),
}


@pytest.mark.parametrize("line", list(OPTION_CASES))
def test_bad_option_line(line: str) -> None:
    game, wanted = OPTION_CASES[line]
    report = audit_text(_log_using(game, option=line), "game.hlog")
    (error,) = report.errors
    assert (error.code, error.line, error.column) == ("P-RULES", 3, 1)
    assert len(error.message) < 400
    for part in wanted:
        assert part in error.message, (part, error.message)
    assert report.hands == []


def test_rules_file_that_is_not_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.yaml").mkdir()
    big = tmp_path / "big.yaml"
    big.write_text("# padding\n" * 7_000)  # 70 KB: a house-rules file is a few lines
    targets = ["missing.yaml", "folder.yaml", "big.yaml"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.yaml")
        targets.append("pipe.yaml")
    if Path("/dev/zero").exists():
        targets.append("/dev/zero")
    expected = {
        "missing.yaml": "house-rules file not found",
        "folder.yaml": "not a regular file",
        "pipe.yaml": "not a regular file",
        "/dev/zero": "not a regular file",
        "big.yaml": "too large",
    }
    from referee.audit import Reading

    for target in targets:
        log = tmp_path / "game.hlog"
        log.write_text(_log_using("bourre", rules_line=f"rules {target}"))
        start = time.monotonic()
        # (/dev/zero lies outside the log's folder: only read when allowed, and then refused)
        report = audit_file(log, reading=Reading(rules_anywhere=True))
        assert time.monotonic() - start < 10, target
        (error,) = report.errors
        assert (error.code, error.line, error.column) == ("P-RULES", 3, 7), target
        assert expected[target] in error.message and target in error.message, error.message
    for target, why in (("missing.yaml", "no such file"), ("folder.yaml", "not a file")):
        code, out, err = cli("audit", "--rules", target, tmp_path / "game.hlog")
        assert code == 2 and out == ""
        assert f"--rules {target}: {why}" in err


def test_good_rules_file_both_ways(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "bourre:\n  head_when_trumped: yes\nbid-euchre:\n  target: 10\n"
    )
    log = tmp_path / "game.hlog"
    log.write_text(_log_using("bourre", rules_line="rules house.yaml"))
    assert audit_file(log).errors == []
    code, files = cli_json("--rules", tmp_path / "house.yaml", tmp_path / "game.hlog")
    assert code == 0 and files[0]["options"] == {"head_when_trumped": True}


# ----------------------------------------------------------------------------- cost


def _best_time(run: Callable[[], object], repeat: int = 3) -> float:
    """The least CPU time of a few runs (CPU time: other processes on a busy machine do not
    count; the least: a stray garbage collection does not either)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


HEAD_B = "game bourre\nplayers ann bob cy dee eve\nhand 1\ndealer eve\ntrump 4h\n"
HEAD_E = "game bid-euchre\nplayers ann bob cy dee\nhand 1\ndealer dee\nbid ann 3\ntrump hearts\n"

# Each makes a log of ``n`` repetitions of some statement or part of one.
GROWING: dict[str, Callable[[int], str]] = {
    "plays in one Bourré trick": lambda n: (
        HEAD_B + "trick 1: " + "ann 7h, bob 9h, cy Jh, dee Ah, eve 2c, " * n + "\n"
    ),
    "plays in one Bid Euchre trick": lambda n: HEAD_E + "trick 1: " + "ann 9h, bob Th, " * n + "\n",
    "cards in one deal": lambda n: HEAD_B + "deal ann " + "7h 8h 9h Th Jh " * n + "\n",
    "names on the players line": lambda n: (
        "game bourre\nplayers " + " ".join(f"p{i}" for i in range(n)) + "\n"
    ),
    "hands": lambda n: HEAD_B + "".join(f"hand {i}\ntrump 2c\n" for i in range(2, n)),
    "Bourré tricks": lambda n: HEAD_B + "trick ann 7h, bob 9h, cy Jh, dee Ah, eve 2c\n" * n,
    "Bid Euchre tricks": lambda n: HEAD_E + "trick ann 9h, bob Th, cy Jh, dee Qh\n" * n,
    "bids": lambda n: HEAD_E + "bid ann 3\nbid bob 4\nbid rob 5\n" * n,
    "dealer lines": lambda n: HEAD_B + "dealer eve\ndealer rob\n" * n,
    "settle lines": lambda n: HEAD_B + "settle ann wins 5\nsettle bob bourre 3\n" * n,
    "option lines": lambda n: "game bourre\nplayers ann bob\n" + "option limit 5\n" * n,
    "lines that do not parse": lambda n: HEAD_B + "ann 7h (\n" * n,
}


@pytest.mark.parametrize("shape", list(GROWING))
def test_cost_grows_linearly(shape: str) -> None:
    make = GROWING[shape]
    small, large = make(1500), make(6000)
    t_small = _best_time(lambda: audit_text(small))
    t_large = _best_time(lambda: audit_text(large))
    # 4x the input: linear is about 4x the time, quadratic 16x; allow 9x for noise
    assert t_large < 9 * t_small + 0.1, (t_small, t_large)


FIVE_MB = 5_000_000
LONG_LINES: dict[str, str] = {
    "comment": HEAD_B + "#" + "x" * FIVE_MB + "\n",
    "title": "game bourre\ntitle " + "x" * FIVE_MB + "\nplayers ann bob\n",
    "syntax error": HEAD_B + "ann " + "7h " * (FIVE_MB // 3) + "(\n",
    "long name": HEAD_B + "dealer " + "e" * FIVE_MB + "\n",
    "long number": HEAD_B + "trick " + "9" * FIVE_MB + ": ann 7h\n",
    "unknown word": HEAD_B + "x" * FIVE_MB + " pass\n",
    "no line end": HEAD_B + "trump " + "h" * FIVE_MB,
    "bids": HEAD_E + "bid ann " + "3 " * (FIVE_MB // 2) + "\n",
}


@pytest.mark.parametrize("shape", list(LONG_LINES))
def test_five_megabyte_line(shape: str) -> None:
    text = LONG_LINES[shape]
    start = time.process_time()
    report = audit_text(text)
    assert time.process_time() - start < 15
    for e in report.errors:
        assert e.code != "P-INTERNAL", e
        assert len(e.message) < 1000 and (e.source_line is None or len(e.source_line) <= 1000)
    found = len(report.errors) + sum(len(h.violations) for h in report.hands)
    assert found < 200  # a freak line is not reported a million times


def test_a_long_trick_line_gives_a_short_report(tmp_path: Path) -> None:
    """100k plays in one trick: found once per rule and line (and counted), with snippets
    cut around the column, so the report stays far smaller than the log."""
    path = tmp_path / "long.hlog"
    path.write_text(HEAD_B + "trick 1: " + "ann 7h, bob 9h, cy Jh, dee Ah, eve 2c, " * 20_000)
    for fmt in ("text", "json"):
        code, out, _ = cli("audit", "--format", fmt, path)
        assert code == 1
        assert len(out) < 100_000
        assert "more L-TRICK findings on this line" in out


def test_memory_stays_bounded_for_a_long_file(tmp_path: Path) -> None:
    """Hands are read one at a time: streaming 4x the hands does not take 4x the memory."""
    hand = "hand {n}\ndealer {d}\ntrump 2c\nann pass\nbob pass\ncy pass\n"
    seats = ["ann", "bob", "cy"]

    def peak(hands: int) -> int:
        path = tmp_path / f"long-{hands}.hlog"
        with path.open("w") as out:
            out.write("game bourre\nplayers ann bob cy\n")
            for n in range(1, hands + 1):
                out.write(hand.format(n=n, d=seats[(n - 1) % 3]))
        tracemalloc.start()
        try:
            stream = stream_file(path)
            count = sum(1 for _ in stream)
            _, top = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert count == hands and stream.report.errors == []
        return top

    peak(200)  # warm up: the grammar and the caches
    small, large = peak(2_000), peak(8_000)
    assert large < 1.5 * small + 200_000, (small, large)


# ----------------------------------------------------------------------------- inputs untouched


def _snapshot(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    out = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        data = path.read_bytes() if path.is_file() else b""
        out[str(path)] = (st.st_mtime_ns, st.st_mode, data)
    return out


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A folder of logs: both games, house rules by file, a log fault, unreadable files."""
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.hlog").write_text(BOURRE)
    (folder / "b.hlog").write_text(EUCHRE)
    (folder / "sub" / "house.yaml").write_text("limit: 2\n")
    (folder / "sub" / "c.hlog").write_text(_log_using("bourre", rules_line="rules house.yaml"))
    (folder / "sub" / "d.hlog").write_text(BOURRE.replace("bob 2s,", "rob 2s,"))
    (folder / "sub" / "e.hlog").write_bytes(b"game bourre\nplayers \xff\n")
    (folder / "sub" / "f.hlog").write_text(EUCHRE.replace("trick 2:", "trick 2 (\n"))
    return folder


def test_inputs_are_never_written(mixed: Path, tmp_path: Path) -> None:
    before = _snapshot(mixed)
    (tmp_path / "rules.yaml").write_text("cinch: false\n")
    for args in (
        ["--format", "json"],
        ["--format", "text"],
        ["--jobs", "2"],
        ["--rules", str(tmp_path / "rules.yaml")],
    ):
        cli("audit", mixed, *args)
        cli("audit", mixed, "--output", tmp_path / "report.out", *args)
    assert _snapshot(mixed) == before


def test_read_only_inputs(mixed: Path, tmp_path: Path) -> None:
    writable = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    paths = [*sorted(mixed.rglob("*"), reverse=True), mixed]
    try:
        for path in paths:
            path.chmod(path.stat().st_mode & ~writable)
        code, files = cli_json(mixed)
        assert code == 2 and len(files) == 6
        assert [bool(f["errors"]) for f in files] == [False, False, False, False, True, True]
        out = tmp_path / "out.json"
        assert cli("audit", "--format", "json", "--jobs", "2", "-o", out, mixed)[0] == 2
        assert json.loads(out.read_text())["files"] == files
    finally:
        for path in paths:
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


# ----------------------------------------------------------------------------- --output


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_file_holds_the_whole_report(fmt: str, mixed: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.out"
    target.write_text("old report")
    code, printed, _ = cli("audit", "--format", fmt, mixed)
    code_o, out, _ = cli("audit", "--format", fmt, "--output", target, mixed)
    assert (code_o, out) == (code, "")
    assert target.read_text(encoding="utf-8") == printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "report.out"]


def test_failed_output_leaves_no_partial_file(
    mixed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up just before the report is complete: the old file stays as it was
    and no temporary file is left behind."""
    import referee.output

    target = tmp_path / "report.json"
    target.write_text("old report")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(referee.output.os, "fsync", full)
    code, out, err = cli("audit", "--format", "json", "--output", target, mixed)
    assert code == 2 and out == ""
    assert "No space left on device" in err
    assert target.read_text() == "old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "report.json"]
    fresh = tmp_path / "new.json"
    assert cli("audit", "-o", fresh, mixed)[0] == 2
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "report.json"]


# ----------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_is_byte_identical_for_every_run_and_jobs(fmt: str, mixed: Path) -> None:
    samples = Path(__file__).resolve().parents[1] / "samples"
    if samples.is_dir():
        shutil.copytree(samples, mixed / "samples")
    outputs = set()
    for jobs in ("1", "2", "1", "2"):
        code, out, _ = cli("audit", "--format", fmt, "--jobs", jobs, mixed)
        assert code == 2
        outputs.add(out)
    assert len(outputs) == 1


def test_no_traceback_from_the_installed_command_on_bad_input(tmp_path: Path) -> None:
    """The console script itself, on a batch of every kind of unreadable file."""
    import subprocess

    for name, (data, _) in UNREADABLE.items():
        (tmp_path / f"{name}.hlog").write_bytes(data)
    (tmp_path / "good.hlog").write_text(BOURRE)
    script = Path(sys.executable).with_name("referee")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "referee"]
    done = subprocess.run(
        [*command, "audit", "--format", "json", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
    files = json.loads(done.stdout)["files"]
    assert len(files) == len(UNREADABLE) + 1
    assert next(f for f in files if not f["errors"])["path"].endswith("good.hlog")


def test_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    """Such a name (kept by Python as lone surrogates) used to crash every report format
    whose output is strict UTF-8 (``--output``, or stdout under PYTHONIOENCODING=utf-8)."""
    name = os.fsdecode(b"bad\xffname.hlog")
    try:
        (tmp_path / name).write_text(BOURRE)
    except (OSError, UnicodeEncodeError):
        pytest.skip("the file system refuses names that are not UTF-8")
    (tmp_path / "new\nline.hlog").write_text(EUCHRE)
    code, files = cli_json(tmp_path)
    assert code == 0
    assert [f["path"] for f in files] == [str(tmp_path / name), str(tmp_path / "new\nline.hlog")]
    for fmt in ("json", "text", "jsonl"):
        target = tmp_path.parent / f"out.{fmt}"
        assert cli("audit", "--format", fmt, "-o", target, tmp_path)[0] == 0
        written = target.read_text(encoding="utf-8")
        assert "\\udcff" in written
        if fmt == "json":
            (first, _) = json.loads(written)["files"]
            assert os.fsencode(first["path"]).endswith(b"bad\xffname.hlog")


@pytest.mark.parametrize("where", ["inside", "last"])
def test_a_line_too_long_to_read_leaves_its_hand_unsettled(tmp_path: Path, where: str) -> None:
    """A line over 1 MiB is one P-SYNTAX and is not read: it may have been a trick or a
    payment, so its hand is not settled (as with any line that does not read), where it was
    once read as a blank line and the hand settled without it."""
    hand = BOURRE.split("\n\nhand 2")[0] + "\n"  # (a clean hand, settled)
    clean = audit_bytes(hand.encode(), "clean.hlog")
    assert clean.errors == [] and clean.hands[0].settled
    long_line = "settle eve wins " + "9" * (1 << 20)
    lines = hand.splitlines()
    at = lines.index("trick 5: bob 6d, cy Ad, dee 7d, ann 3c") + 1
    if where == "inside":
        text = "\n".join([*lines[:at], long_line, *lines[at:]]) + "\n"
        line = at + 1
    else:
        text = hand + long_line  # (the file's last line, with no line end)
        line = len(lines) + 1
    path = tmp_path / "long.hlog"
    path.write_text(text, encoding="utf-8")
    for report in (audit_file(path), audit_bytes(text.encode(), str(path))):
        assert [(e.code, e.line) for e in report.errors] == [("P-SYNTAX", line)]
        (judged,) = report.hands
        assert not judged.settled and judged.violations == []
