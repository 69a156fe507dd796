"""Memory and I/O under attack: a hand (or header) past any real size, a lone carriage
return, a codec that is no text encoding.

Each attack goes through the command line (typer's CliRunner, or the installed command in a
child process where memory is in question: there under an address-space limit, so that a
regression fails at once instead of taking the machine's memory).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee import decoding
from referee.cli import app
from referee.decoding import text_chunks
from referee.limits import MAX_HAND_CHARS, MAX_HAND_LINES
from tests.test_hostile import COMMAND, HANG
from tests.test_log_faults_both_games import BOURRE

runner = CliRunner()

#: The statement lines of hand 2 of BOURRE (dealer, trump, a decision, 5 tricks; its `hand`
#: line aside).
HAND_2 = 8

#: A trick line of hand 2 of BOURRE, written again and again to make a hand of any size.
TRICK = "trick 5: cy 6d, dee Ad, eve 7d, bob 3c\n"


def audit_json(path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    """Exit status and the one file's JSON report of ``referee audit --format json``."""
    done = runner.invoke(app, ["audit", "--format", "json", *args, str(path)])
    (entry,) = json.loads(done.stdout)["files"]
    return done.exit_code, entry


def with_hand_2_of(lines: str) -> str:
    """BOURRE with ``lines`` added at the end of hand 2."""
    head, rest = BOURRE.split("\nhand 3\n")
    return f"{head}{lines}\nhand 3\n{rest}"


# ----------------------------------------------------------------------------- hand size


def test_a_hand_past_any_real_size_is_one_finding_and_the_next_hand_is_judged(
    tmp_path: Path,
) -> None:
    clean = tmp_path / "clean.hlog"
    clean.write_text(BOURRE)
    _, expected = audit_json(clean)
    log = tmp_path / "big.hlog"
    log.write_text(with_hand_2_of(TRICK * 5000))
    first_line = BOURRE.split("\nhand 3\n")[0].count("\n") + 1  # the first trick added
    status, entry = audit_json(log)
    assert status == 1
    (error,) = entry["errors"]
    hand_lines = HAND_2 + 5000
    past = first_line + MAX_HAND_LINES - HAND_2  # its 1,001st statement line
    assert (error["code"], error["line"], error["column"]) == ("P-SYNTAX", past, 1)
    assert f"hand 2 is too large to judge: {hand_lines:,} statement lines" in error["message"]
    assert f"lines {past:,} to {first_line + 5000:,} were not read" in error["message"]
    one, two, three = entry["hands"]
    assert one == expected["hands"][0]
    assert (two["number"], two["settled"], two["violations"]) == (2, False, [])
    assert three["number"] == 3 and three["line"] == expected["hands"][2]["line"] + 5000
    assert three["violations"] == expected["hands"][2]["violations"]
    assert three["dealer"] == expected["hands"][2]["dealer"]


def test_a_hand_at_the_bound_is_kept_whole_comments_and_blank_lines_aside(
    tmp_path: Path,
) -> None:
    """1,000 statement lines, with twice as many comment and blank lines among them, are
    judged (each extra trick line is a finding of its own); one more is not kept."""
    for extra, kept in ((MAX_HAND_LINES - HAND_2, True), (MAX_HAND_LINES - HAND_2 + 1, False)):
        log = tmp_path / "bound.hlog"
        log.write_text(with_hand_2_of(("# a comment\n\n" + TRICK) * extra))
        status, entry = audit_json(log)
        assert status == 1
        too_large = [e for e in entry["errors"] if "too large" in e["message"]]
        assert bool(too_large) != kept
        violations = entry["hands"][1]["violations"]
        assert (len(violations) >= extra) == kept, len(violations)


def test_a_hand_of_few_but_enormous_lines_is_not_kept(tmp_path: Path) -> None:
    line = "trick 5: " + "cy 6d, " * ((MAX_HAND_CHARS // 2) // 7) + "\n"
    log = tmp_path / "wide.hlog"
    log.write_text(with_hand_2_of(line * 3))
    status, entry = audit_json(log)
    assert status == 1
    (error,) = entry["errors"]
    assert re.search(r"hand 2 is too large to judge: [\d,]+ characters", error["message"])
    assert entry["hands"][1]["violations"] == [] and len(entry["hands"]) == 3


def test_a_header_past_any_real_size_is_one_error_and_not_judged(tmp_path: Path) -> None:
    head, hands = BOURRE.split("\n\n", 1)
    log = tmp_path / "header.hlog"
    log.write_text(head + "\n" + "title the longest night\n" * 3000 + "\n" + hands)
    status, entry = audit_json(log)
    assert status == 2
    (error,) = entry["errors"]
    assert (error["code"], error["line"]) == ("P-HEADER", MAX_HAND_LINES + 1)
    assert "the header is too large to read: 3,002 statement lines" in error["message"]
    assert entry["hands"] == []


#: Runs the command given after it under an address-space limit (its first argument, in
#: MiB), and prints its exit status, then its output.
_LIMITED = """
import resource, subprocess, sys
limit = int(sys.argv[1]) << 20
def limited():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
done = subprocess.run(sys.argv[2:], capture_output=True, text=True, preexec_fn=limited)
sys.stdout.write(f"{done.returncode}\\n" + done.stdout)
sys.stderr.write(done.stderr)
"""


def test_a_hand_of_100000_trick_lines_in_bounded_memory(tmp_path: Path) -> None:
    """Before the bound, such a hand took about 350 MB (250,000 lines: 870 MB and 13
    minutes); under 200 MB of address space it ran out of memory."""
    log = tmp_path / "big.hlog"
    log.write_text(with_hand_2_of(TRICK * 100_000))
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED, "200", *COMMAND, "audit", "--format", "json", log],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stdout, done.stderr
    status, out = done.stdout.split("\n", 1)
    assert status == "1", (status, done.stderr)
    (entry,) = json.loads(out)["files"]
    assert [e["code"] for e in entry["errors"]] == ["P-SYNTAX"]
    assert "too large to judge" in entry["errors"][0]["message"]
    assert [h["number"] for h in entry["hands"]] == [1, 2, 3]


def test_the_limit_leaves_room_for_the_command_itself() -> None:
    """(The address-space limit above fails a run that needs memory, not the command.)"""
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED, "200", *COMMAND, "audit", "-"],
        input=BOURRE,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert done.stdout.startswith("0\n"), done.stderr


def test_explain_states_the_bounds() -> None:
    for code, what in (("P-SYNTAX", "a hand past any real size"), ("P-HEADER", "the header")):
        done = runner.invoke(app, ["explain", code])
        text = " ".join(done.stdout.split())
        assert what in text and f"more than {MAX_HAND_LINES:,} statement lines" in text
        assert f"{MAX_HAND_CHARS >> 20} MiB of text" in text


# ----------------------------------------------------------------------------- carriage return


def test_a_lone_carriage_return_keeps_line_numbers_as_git_counts_them(tmp_path: Path) -> None:
    """Only LF and CRLF end a line (as for git, grep and GitHub): `title Friday<CR># ...`
    is one line, reported where it is and not read (a terminal would print the comment over
    the statement), and every later finding has the line number git gives it."""
    text = BOURRE.replace("\n", "\r\n").replace(
        "players ann bob cy dee eve\r\n",
        "players ann bob cy dee eve\r\ntitle Friday\r# house rules v2\r\n",
    )
    # bob throws 6d on a spade lead while he holds 5s (he plays it in trick 5): a renege
    text = text.replace("ann Ks, bob 5s", "ann Ks, bob 6d").replace(
        "bob 6d, cy Ad", "bob 5s, cy Ad"
    )
    log = tmp_path / "cr.hlog"
    log.write_bytes(text.encode())
    git_lines = text.encode().split(b"\n")
    status, entry = audit_json(log)
    assert status == 1
    (error,) = entry["errors"]
    assert (error["code"], error["line"], error["column"]) == ("P-SYNTAX", 3, 13)
    assert git_lines[2].startswith(b"title Friday\r#")
    assert "carriage return" in error["message"]
    assert entry["metadata"] == {}  # the statement behind the comment was not read
    found = {v["rule"]: v["line"] for h in entry["hands"] for v in h["violations"]}
    assert git_lines[found["BR-FOLLOW"] - 1].startswith(b"trick 2: ann Ks, bob 6d")
    assert git_lines[found["BR-SETTLE-RENEGE"] - 1].startswith(b"settle pot 5")


def test_an_option_line_with_a_lone_carriage_return_leaves_the_rules_unknown(
    tmp_path: Path,
) -> None:
    """`option ante 7<CR># ...` is not read (as above), so the log's house rules are not
    known: judged by the defaults, its record would be accused wrongly (an ante of 7 makes
    the pots it records right). It is not judged, as with a bad option value."""
    text = BOURRE.replace(
        "players ann bob cy dee eve\n",
        "players ann bob cy dee eve\noption ante 7\r# house rules v2\n",
    )
    log = tmp_path / "cr.hlog"
    log.write_bytes(text.encode())
    status, entry = audit_json(log)
    assert status == 2
    assert entry["hands"] == []
    assert sorted((e["code"], e["line"]) for e in entry["errors"]) == [
        ("P-RULES", 3),
        ("P-SYNTAX", 3),
    ]


@pytest.mark.parametrize(
    "fmt", ["text", "json", "jsonl", "csv", "csv-findings", "github", "sarif", "html"]
)
def test_no_carriage_return_reaches_any_output_raw(fmt: str, tmp_path: Path) -> None:
    text = BOURRE.replace("trick 1: ann As", "# note\rtrick 1: ann As", 1)
    log = tmp_path / "cr.hlog"
    log.write_bytes(text.replace("\n", "\r\n").encode())
    done = runner.invoke(app, ["audit", "--format", fmt, str(log)])
    assert done.exit_code == 1
    assert "\r" not in done.stdout
    if fmt != "csv":  # (the hands' table: its findings are in csv-findings)
        assert "carriage return" in done.stdout
    if fmt == "text":  # the snippet shows the line, the CR escaped, the caret under it
        lines = done.stdout.splitlines()
        at = next(
            i
            for i, ln in enumerate(lines)
            if ln.endswith("| # note\\rtrick 1: ann As, bob 2s, cy 3s, dee 4s")
        )
        assert lines[at + 1].index("^") == lines[at].index("\\r")


def test_a_file_of_old_mac_line_ends_is_one_line_and_says_so(tmp_path: Path) -> None:
    log = tmp_path / "mac.hlog"
    log.write_bytes(BOURRE.replace("\n", "\r").encode())
    status, entry = audit_json(log)
    assert status == 2 and entry["hands"] == []
    (syntax,) = [e for e in entry["errors"] if e["code"] == "P-SYNTAX"]
    assert (syntax["line"], syntax["column"]) == (1, 12)
    assert (
        "save a file whose lines end with CR alone, an old Mac file, with LF" in syntax["message"]
    )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "hand 1", "\r", "\n", "\r\n", "é", " "]), max_size=40),
    st.integers(1, 7),
)
def test_lines_are_split_as_git_splits_them_a_chunk_at_a_time(
    pieces: list[str], chunk: int
) -> None:
    """LF ends a line, and a CR just before it is part of the line end, however the text
    falls into chunks (a CRLF split between two)."""
    text = "".join(pieces)
    expected = text.split("\n")
    if expected[-1] == "":
        expected.pop()
    expected = [line[:-1] if line.endswith("\r") else line for line in expected]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decoding, "_LINES_CHUNK", chunk)
        late: list[Any] = []
        lines = list(
            chain.from_iterable(text_chunks(io.StringIO(text, newline=""), late, changed=False))
        )
    assert lines == expected and late == []


# ----------------------------------------------------------------------------- --encoding


@pytest.mark.parametrize(
    "codec", ["punycode", "undefined", "idna", "unicode_escape", "rot13", "hex", "base64", "zlib"]
)
@pytest.mark.parametrize("command", ["audit", "report", "show"])
def test_a_codec_that_is_no_text_encoding_is_named_as_such(
    codec: str, command: str, tmp_path: Path
) -> None:
    log = tmp_path / "a.hlog"
    log.write_text(BOURRE)
    extra = ["-o", str(tmp_path / "r.html")] if command == "report" else []
    done = runner.invoke(app, [command, "--encoding", codec, str(log), *extra])
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr.startswith(
        f"referee: --encoding {codec}: {codec} is not a text encoding for logs ("
    )
    assert "--encoding takes a text file's character encoding, such as utf-8" in done.stderr
    assert "byte-order mark" not in done.stderr
    assert not (tmp_path / "r.html").exists()


def test_text_encodings_are_still_taken(tmp_path: Path) -> None:
    log = tmp_path / "a.hlog"
    log.write_text(BOURRE)
    for codec in ("utf-8", "cp1252", "latin-1", "mac-roman", "utf-7", "ascii"):
        done = runner.invoke(app, ["audit", "--encoding", codec, str(log)])
        assert done.exit_code == 0, (codec, done.stdout, done.stderr)


def test_a_codec_that_is_no_text_encoding_is_named_when_reading_too(tmp_path: Path) -> None:
    """(Past the command line's check: a caller's own reading says the same, not that a
    byte-order mark is missing.)"""
    from referee.audit import Reading, audit_file

    log = tmp_path / "a.hlog"
    log.write_text(BOURRE)
    for codec in ("punycode", "undefined"):
        (error,) = audit_file(log, reading=Reading(codec)).errors
        assert error.code == "P-ENCODING"
        assert f"{codec} is not a text encoding for logs" in error.message
