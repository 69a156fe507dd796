"""Findings, evidence and headings fitted to a terminal's width (:mod:`referee.render.wrapping`).

On a terminal, ``audit`` and ``show`` break their lines of words between words, each line
after the first indented under the message; a word is cut only when it is longer than the
line (a 200-character name). Piped, nothing is wrapped (the golden files pin the bytes).
Widths are fixed: given to the renderers, or a terminal of ``COLUMNS`` columns for the
command (typer's CliRunner with ``TTY_COMPATIBLE=1``, which rich takes for a terminal).
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.text import Text
from typer.testing import CliRunner

from referee.audit import audit_file
from referee.cli import app
from referee.render.show import show_file
from referee.render.source import LEAST_ROOM, snippet_window
from referee.render.text import make_console, render_text
from referee.render.wrapping import BENEATH, MIN_ROOM, hanging
from referee.report import Report
from tests.test_cli import RENEGE

REPO = Path(__file__).resolve().parents[1]
SAMPLES = sorted(REPO.glob("samples/*/*.hlog"))
WIDTHS = (80, 160)
LONG_NAME = "d" + "e" * 199  # a player's name of 200 characters
LONG_FILE = "p" * 200 + ".hlog"  # a file's name of 205 characters

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_SNIPPET = re.compile(r"^ *(\d+ )?\| ")  # a source line under a finding, or its caret


@pytest.fixture(autouse=True)
def _from_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


# ----------------------------------------------------------------------------- hanging


def test_a_line_that_fits_is_left_alone() -> None:
    head, body = Text("a.hlog:3:1: BR-FOLLOW "), Text("ray played 5♥")
    assert plain(hanging(head, body, 80)) == ["a.hlog:3:1: BR-FOLLOW ray played 5♥"]
    long = Text("word " * 40)
    assert plain(hanging(head, long, None)) == [head.plain + long.plain]  # (piped: never)


def test_words_break_between_words_under_the_message() -> None:
    head = Text("log.hlog:62:38: BR-FOLLOW ")
    body = Text("ray held 10♣ (played in trick 3), 5♣ (played in trick 5) when clubs were led")
    lines = plain(hanging(head, body, 60))
    assert len(lines) == 3
    assert all(cell_len(line) <= 60 for line in lines)
    indent = len(head.plain)
    assert lines[0].startswith(head.plain)
    assert all(line.startswith(" " * indent) and line[indent] != " " for line in lines[1:])
    words = [lines[0][indent:], *(line[indent:] for line in lines[1:])]
    assert " ".join(words) == body.plain  # every word whole, in order


def test_only_a_word_longer_than_the_line_is_cut() -> None:
    word = "x" * 100
    lines = plain(hanging(Text("= "), Text(f"short {word} words after"), 40))
    assert all(cell_len(line) <= 40 for line in lines)
    assert lines[0] == "= short"  # (the long word starts a line of its own)
    assert [line[2:] for line in lines[1:]] == ["x" * 38, "x" * 38, "x" * 24 + " words after"]


def test_a_long_head_puts_the_message_beneath() -> None:
    head = Text("a/long/path/" + "n" * 40 + ".hlog:122:1: BR-SETTLE-POT ")
    lines = plain(hanging(head, Text("recorded pot 11, the pot was 12"), 80))
    assert 80 - cell_len(head.plain) < MIN_ROOM
    assert lines == [head.plain.rstrip(), " " * BENEATH + "recorded pot 11, the pot was 12"]


def test_styles_are_kept_and_escapes_measured() -> None:
    head = Text("log.hlog:1:1: ", style="bold")
    head.append("BR-FOLLOW", style="red")
    head.append(" ")
    body = Text("name\x1b[2J " * 12)  # an escape sequence in a name: printed as \x1b
    lines = hanging(head, body, 60)
    assert all(line.cell_len <= 60 and "\x1b" not in line.plain for line in lines)
    assert "\\x1b[2J" in lines[0].plain
    assert lines[0].style == "bold"  # (the head's style is the whole first line's)
    assert any(span.style == "red" for span in lines[0].spans)


def test_the_snippet_is_cut_to_the_room_left_around_its_column() -> None:
    source = "trick 3: eve Kd, ann Td, cy Qd, " + "d" + "e" * 199 + " 8c"
    column = source.index("8c") + 1
    cut, at = snippet_window(source, column, 60)
    assert cell_len(cut) <= 60 and at is not None and cut[at - 1 : at + 1] == "8c"
    assert snippet_window(source, column) == snippet_window(source, column, None)
    assert cell_len(snippet_window(source, 5, 3)[0]) <= LEAST_ROOM  # (never narrower)


# ----------------------------------------------------------------------------- the report


def _finding_lines(text: str, head: str) -> list[str]:
    """The lines of the finding whose first line starts with ``head``: its first line and
    its continuation lines (those indented under the message)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head.rstrip()))
    found = [lines[start]]
    indents = {len(head), BENEATH}
    for line in lines[start + 1 :]:
        indent = len(line) - len(line.lstrip(" "))
        if indent not in indents or _SNIPPET.match(line):
            break
        found.append(line)
    return found


@pytest.mark.parametrize("width", WIDTHS)
def test_every_sample_fits_and_every_message_reads_whole(width: int) -> None:
    for path in SAMPLES:
        report = audit_file(path.relative_to(REPO))
        text = render_text(Report([report]), width=width)
        assert max(cell_len(line) for line in text.splitlines()) <= width, path
        for hand in report.hands:
            for v in hand.violations:
                head = f"{report.path}:{v.line}:{v.column}: {v.rule} "
                head += "(corrected) " if v.corrected else ""
                lines = _finding_lines(text, head)
                joined = " ".join([lines[0].rstrip(), *(line.strip() for line in lines[1:])])
                assert joined == (head + v.message).rstrip(), (path, lines)


def test_piped_the_findings_are_one_line_each() -> None:
    report = audit_file(Path("samples/bourre/settlement-mistakes.hlog"))
    text = render_text(Report([report]))
    assert text == render_text(Report([report]), width=None)
    for v in (v for hand in report.hands for v in hand.violations):
        assert f"{report.path}:{v.line}:{v.column}: {v.rule} {v.message}\n" in text
        for line in v.evidence.splitlines():
            assert f"= {line}\n" in text


def test_show_fits_its_width() -> None:
    for path in SAMPLES:
        report = audit_file(path.relative_to(REPO), keep_tricks=True)
        for width in WIDTHS:
            out = io.StringIO()
            show_file(make_console(out, color=False), report, report.hands, width=width)
            text = out.getvalue()
            assert max(cell_len(line) for line in text.splitlines()) <= width, (path, width)


# ----------------------------------------------------------------------------- the command


def _run(args: list[str], width: int | None) -> str:
    env: dict[str, str | None] = {"NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "xterm"}
    env.update({"TTY_COMPATIBLE": "1", "COLUMNS": str(width)} if width else {})
    if width is None:
        env.update(TTY_COMPATIBLE=None, COLUMNS="120", TERM="dumb")
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code in (0, 1), result.output
    return _ANSI.sub("", result.stdout)


def _words(text: str) -> set[str]:
    return {w for line in text.splitlines() if not _SNIPPET.match(line) for w in line.split()}


@pytest.fixture
def long_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A log with a 200-character player's name, in a file with a 205-character name."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / LONG_FILE).write_text(RENEGE.replace("dee", LONG_NAME), encoding="utf-8")
    return LONG_FILE


@pytest.mark.parametrize("command", ["audit", "show"])
@pytest.mark.parametrize("width", WIDTHS)
def test_a_200_character_name_is_the_only_word_cut(
    long_names: str, command: str, width: int
) -> None:
    """Every line fits; every word of the piped report is whole on the terminal, but for
    the two words longer than the line, which are cut in pieces."""
    piped = _run([command, long_names], None)
    wrapped = _run([command, long_names], width)
    lines = wrapped.splitlines()
    assert lines and max(cell_len(line) for line in lines) <= width
    longer = [w for w in _words(piped) if cell_len(w) > width - 2]
    cut = _words(wrapped) - _words(piped)
    assert cut and all(any(piece in word for word in longer) for piece in cut), cut
    assert LONG_NAME not in wrapped and LONG_NAME in piped
    message = "held the led suit and played another suit"
    assert message in piped
    assert re.search(r"\s+".join(message.split()), wrapped)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_command_wraps_a_sample_at_word_boundaries(width: int) -> None:
    log = "samples/bourre/rays-renege.hlog"
    piped = _run(["audit", log], None)
    wrapped = _run(["audit", log], width)
    assert max(cell_len(line) for line in wrapped.splitlines()) <= width
    assert _words(wrapped) <= _words(piped)  # (no word cut: none is longer than the line)
    if width == 80:
        assert "another\n" not in piped and wrapped != piped
        head = f"{log}:62:38: BR-FOLLOW "
        lines = _finding_lines(wrapped, head)
        assert lines[1].startswith(" " * len(head) + "suit")  # under the message
    show = _run(["show", log, "--hand", "4"], width)
    assert max(cell_len(line) for line in show.splitlines()) <= width
    assert _words(show) <= _words(_run(["show", log, "--hand", "4"], None))


def test_the_table_of_a_200_character_name_fits() -> None:
    """The name is a player's column header, the dealer and the winner: cut in pieces of
    :data:`~referee.render.layout.NAME_CAP` cells in a table that does not fit."""
    from tests.test_render import PLAYERS, bourre_file

    players = [LONG_NAME if p == "dee" else p for p in PLAYERS]
    report = bourre_file()
    hands = [
        dataclasses.replace(
            hand,
            dealer=LONG_NAME,
            winner=LONG_NAME,
            payouts={LONG_NAME if p == "dee" else p: n for p, n in (hand.payouts or {}).items()},
        )
        for hand in report.hands
    ]
    report = dataclasses.replace(report, players=players, hands=hands)
    piped = render_text(Report([report, report]))
    assert max(cell_len(line) for line in piped.splitlines()) > 200
    for width in WIDTHS:
        text = render_text(Report([report, report]), width=width)
        assert max(cell_len(line) for line in text.splitlines()) <= width
        assert LONG_NAME[:20] in text and LONG_NAME not in text
