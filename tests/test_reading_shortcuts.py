"""The per-file shortcuts of reading a log, each against the slower way it replaces: a small
file read and decoded once rather than checked then read again, a chunk of lines found
composed (NFC) in one pass rather than line by line, and a seated name's own faults kept
for the process rather than looked for in each log."""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Callable
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import audit, decoding
from referee.audit import audit_file
from referee.decoding import codec_of, scan_encoding, small_text, text_chunks
from referee.games import all_games
from referee.parser import reader
from referee.render.json import render_json
from referee.report import ReadError, Report
from tests.simulate import generate_session

#: Pieces of text that put the shortcuts to the test: combining marks (composed or not,
#: across a line end), every line end, a BOM, a NUL, characters of 1-4 UTF-8 bytes.
_PIECES = (
    "a",
    "e\u0301",
    "\u00e9",
    "\u0301",
    "\n",
    "\r\n",
    "\r",
    "\ufeff",
    "zo\u00eb",
    "\u1e0a\u0323",
    "\u0344",
    "\U0001f0a1",
    "\x00",
    "\u2028",
    "hand 1",
    " ",
)
_BAD_BYTES = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82")
_CODECS = (None, "utf-8", "utf-16", "cp1252", "latin-1")


def _lines_of(
    text: io.TextIOBase | io.StringIO, changed: bool
) -> tuple[list[str], list[ReadError]]:
    late: list[ReadError] = []
    lines = list(chain.from_iterable(text_chunks(text, late, changed=changed)))
    return lines, late


def _slow(data: bytes, asked: str | None) -> tuple[list[str], list[ReadError]] | ReadError:
    """What a file's bytes read as the long way: checked in chunks, then read again as text."""
    source = io.BytesIO(data)
    codec = codec_of(source, asked)
    problem = scan_encoding(source, codec, asked)
    if problem is not None:
        return problem
    return _lines_of(io.TextIOWrapper(source, encoding=codec, newline=""), True)


def _fast(data: bytes, asked: str | None) -> tuple[list[str], list[ReadError]] | ReadError:
    """The same, read once (:func:`small_text`), as the audit reads a small file."""
    source = io.BytesIO(data)
    codec = codec_of(source, asked)
    text = small_text(source.read(), codec, asked)
    if isinstance(text, ReadError):
        return text
    return _lines_of(io.StringIO(text, newline=""), False)


def _encode(pieces: list[str], codec: str | None, bad: list[tuple[int, bytes]]) -> bytes:
    data = "".join(pieces).encode(codec or "utf-8", errors="replace")
    for at, raw in bad:
        at = min(at, len(data))
        data = data[:at] + raw + data[at:]
    return data


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECES), max_size=40),
    st.sampled_from(_CODECS),
    st.lists(st.tuples(st.integers(0, 200), st.sampled_from(_BAD_BYTES)), max_size=2),
    st.sampled_from((b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")),
)
def test_a_small_file_read_once_reads_as_checked_then_read_again(
    pieces: list[str], asked: str | None, bad: list[tuple[int, bytes]], bom: bytes
) -> None:
    data = bom + _encode(pieces, asked, bad)
    assert _outcome(_fast, data, asked) == _outcome(_slow, data, asked)


def _outcome(read: Callable[[bytes, str | None], object], data: bytes, asked: str | None) -> object:
    """What ``read`` gives, or the exception it raises (UTF-16 asked for and no BOM: the
    decoder raises, both ways alike)."""
    try:
        return read(data, asked)
    except UnicodeError as exc:
        return type(exc), str(exc)


def test_the_shortcut_agrees_on_each_kind_of_fault() -> None:
    """Examples of each outcome, so that the comparison above is known to cover them."""
    outcomes = {
        "ok": b"game bourre\r\nplayers ann bob\rhand 1\n",
        "bad byte": b"game bourre\nplayers ann \xff bob\n",
        "NUL": b"game bourre\n\x00",
        "cut short": b"game bourr\xc3",
        "UTF-16": "\ufeffgame bourr\u00e9\r\n".encode("utf-16-le"),
        "odd UTF-16": b"\xff\xfeg\x00a",
    }
    errors = {}
    for name, data in outcomes.items():
        fast = _fast(data, None)
        assert fast == _slow(data, None), name
        errors[name] = fast.code if isinstance(fast, ReadError) else None
    assert errors == {
        "ok": None,
        "bad byte": "P-ENCODING",
        "NUL": "P-ENCODING",
        "cut short": "P-ENCODING",
        "UTF-16": None,
        "odd UTF-16": "P-ENCODING",
    }
    # (only LF and CRLF end a line, as for git: a lone CR stays in its line)
    assert _fast(outcomes["ok"], None) == (["game bourre", "players ann bob\rhand 1"], [])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60), st.integers(1, 9))
def test_lines_found_composed_a_chunk_at_a_time_are_as_composed_line_by_line(
    pieces: list[str], chunk: int
) -> None:
    """Chunks of a few characters, so that a line and a combining mark straddle them."""
    text = "".join(pieces).replace("\x00", "")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decoding, "_LINES_CHUNK", chunk)
        fast = _lines_of(io.StringIO(text, newline=""), False)
        patch.setattr(decoding, "_composed", lambda *a: False)  # every line looked at
        slow = _lines_of(io.StringIO(text, newline=""), False)
    assert fast == slow
    assert fast[0] == [unicodedata.normalize("NFC", line) for line in slow[0]]


def test_a_decomposed_name_is_still_composed_when_the_rest_is_ascii() -> None:
    text = "players zoe\u0308 ann\ngame bourre\n"
    lines, late = _lines_of(io.StringIO(text, newline=""), False)
    assert lines == ["players zo\u00eb ann", "game bourre"] and late == []


def _audit_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    fast = render_json(Report([audit_file(path)]))
    with monkeypatch.context() as patch:
        patch.setattr(audit, "SMALL_FILE_BYTES", -1)  # every file the long way
        slow = render_json(Report([audit_file(path)]))
    return fast, slow


def test_a_small_log_audits_the_same_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(13)
    logs = {
        "clean": generate_session(rng, players=4, hands=8).text,
        "reneges": generate_session(rng, players=5, hands=8, illegal="BR-FOLLOW").text,
        "decomposed": generate_session(rng, players=3, hands=3).text.replace(
            "players ", "players zoe\u0308 ", 1
        ),
        "crlf-bom": "\ufeff" + generate_session(rng, players=2, hands=3).text.replace("\n", "\r\n"),
    }
    for name, text in logs.items():
        path = tmp_path / f"{name}.hlog"
        path.write_text(text, encoding="utf-8", newline="")
        assert path.stat().st_size <= decoding.SMALL_FILE_BYTES
        fast, slow = _audit_both_ways(path, monkeypatch)
        assert fast == slow, name
    bad = tmp_path / "bad.hlog"
    bad.write_bytes(logs["clean"].encode()[:300] + b"\xff" + logs["clean"].encode()[300:])
    fast, slow = _audit_both_ways(bad, monkeypatch)
    assert fast == slow and '"P-ENCODING"' in fast and '"hands": []' in fast


def test_a_file_that_grew_after_it_was_measured_is_read_whole_the_long_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file measured small but longer when read (it grew meanwhile) is read at most one
    byte past the limit that way, then from its start as a large file: every hand of it."""
    text = generate_session(random.Random(5), players=4, hands=240).text
    path = tmp_path / "grown.hlog"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > decoding.SMALL_FILE_BYTES
    whole = render_json(Report([audit_file(path)]))
    reads: list[int] = []
    real = audit.small_text
    monkeypatch.setattr(audit, "regular_size", lambda handle: 100)  # as if measured small
    monkeypatch.setattr(audit, "small_text", lambda *a: reads.append(1) or real(*a))
    assert render_json(Report([audit_file(path)])) == whole
    assert reads == []  # (not decoded as a small file)
    assert '"hands": []' not in whole


# ----------------------------------------------------------------------------- the header

_NAMES = (
    "ann",
    "Ann",
    "bob",
    "\u0430nn",
    "hand",
    "Pot",
    "pot",
    "10h",
    "Qs",
    "joker",
    "zo\u00eb",
    "cy",
)


def _header_errors(players: list[str], game: str) -> tuple[object, list[ReadError]]:
    lines = [f"game {game}", "players " + " ".join(players), "pot 5", "hand 1"]
    log = reader.LogReader(lines)
    return log.header, log.errors


def test_seated_names_are_judged_the_same_remembered_or_not() -> None:
    """A seated name's own faults and look-alike key are kept for the process: each players
    line gives the same header and errors as when nothing is kept."""
    rng = random.Random(7)
    for _ in range(300):
        players = [rng.choice(_NAMES) for _ in range(rng.randrange(1, 8))]
        game = rng.choice(("bourre", "bid-euchre"))
        warm = _header_errors(players, game)
        reader._NAME_FACTS.clear()
        cold = _header_errors(players, game)
        assert warm == cold, players
    assert len(reader._NAME_FACTS) <= reader.MAX_KEPT
    errors = _header_errors(["ann", "\u0430nn", "hand", "Qs", "ANN", "bob"], "bid-euchre")[1]
    assert [(e.line, e.column, e.message[:24]) for e in errors] == [
        (2, 13, "'\u0430nn' looks like 'ann', "),
        (2, 17, "'hand' is a keyword and "),
        (2, 22, "'Qs' looks like a card a"),
        (2, 25, "'ANN' is seated twice"),
        (2, 1, "Bid Euchre needs exactly"),
        (3, 1, "`pot` is a Bourré statem"),
    ]


def test_a_games_own_header_statements_are_known_by_their_game() -> None:
    owners = reader._statement_owners()
    for game in all_games():
        for kind in game.header_statements:
            first = next(g for g in all_games() if kind in g.header_statements)
            assert owners[kind] is first
    assert set(owners) == {k for g in all_games() for k in g.header_statements}
    assert {"pot", "score"} <= set(owners) and "players" not in owners
