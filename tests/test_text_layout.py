"""Text tables sized to the terminal (:mod:`referee.render.layout`): the words wrap, the
numbers never do, and piped output keeps one line a row.

Widths are fixed in the tests: a rich console that is a terminal of 80 or 120 columns (as
the report sees one), or the width given to the renderer.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from referee.audit import audit_file
from referee.batch import run_batch
from referee.inputs import collect_inputs
from referee.job import Job
from referee.render.layout import Column, TableLayout, wrap
from referee.render.text import TextRenderer, make_console, render_text
from referee.report import BourreHandResult, FileReport, Report
from tests.test_render import bourre_file, euchre_file, fake_source

REPO = Path(__file__).resolve().parents[1]
SAMPLES = sorted(path.relative_to(REPO) for path in (REPO / "samples").rglob("*.hlog"))


@pytest.fixture(autouse=True)
def _from_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Logs named relative to the repository, so no table depends on where it is."""
    monkeypatch.chdir(REPO)


def terminal(width: int) -> tuple[Console, io.StringIO]:
    """The report's console on a terminal ``width`` columns wide (in colour: the codes
    are taken out of what it writes by :func:`on_terminal`)."""
    out = io.StringIO()
    return make_console(out, color=True, width=width), out


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def on_terminal(reports: list[FileReport], width: int) -> str:
    console, out = terminal(width)
    assert console.is_terminal and console.width == width
    renderer = TextRenderer(console, sources=fake_source)
    for report in reports:
        renderer.file(report)
    renderer.finish()
    return _ANSI.sub("", out.getvalue())


_HEADER = re.compile(r"^\s+(hand\s+dealer|file\s+game)\b")


def table_lines(text: str) -> list[str]:
    """The lines of the text report's tables: from a header to the end of the table (a
    blank line, a line that does not start with a space, or a ``score:``/``game`` line)."""
    found: list[str] = []
    inside = False
    for line in text.splitlines():
        if _HEADER.match(line):
            inside = True
        elif inside and (
            not line.strip() or not line.startswith(" ") or line.startswith(("  score:", "  game "))
        ):
            inside = False
        if inside:
            found.append(line)
    return found


def sample_reports() -> list[FileReport]:
    return [audit_file(path) for path in SAMPLES]


def eight_with_long_names() -> FileReport:
    """Eight players with long names and amounts in cents: the widest Bourré table."""
    names = [f"player-{c}{c}{c}" for c in "abcdefgh"]
    hands = []
    for n in range(1, 4):
        payouts = {name: D(f"{(-1) ** k * (k + n)}.25") for k, name in enumerate(names)}
        hands.append(
            BourreHandResult(
                number=n,
                line=10 * n,
                dealer=names[n],
                trump="h",
                upcard="Qh",
                payouts=payouts,
                pot=D("12.50"),
                winner=names[0],
                carry=D("25.00"),
                result=f"{names[0]} took most tricks (3); {names[1]} was bourréd and pays 12.50",
            )
        )
    totals = {name: sum((h.payouts or {})[name] for h in hands) for name in names}
    return FileReport(
        path="a/rather/long/folder/name/for/the/tournament/table-eight.hlog",
        game="bourre",
        players=names,
        hands=list(hands),
        totals=totals,
        money_places=2,
    )


# ----------------------------------------------------------------------------- fitting


@pytest.mark.parametrize("width", [80, 120])
def test_no_table_line_wider_than_the_terminal(width: int) -> None:
    reports = [*sample_reports(), eight_with_long_names(), bourre_file(), euchre_file()]
    text = on_terminal(reports, width)
    lines = table_lines(text)
    assert len(lines) > 150  # every sample's table, and the batch summary
    too_wide = [line for line in lines if cell_len(line) > width]
    assert too_wide == []
    # piped (no width), the same tables are one line a row, some far wider
    piped = table_lines(render_text(Report(reports), sources=fake_source))
    assert max(cell_len(line) for line in piped) > 120
    rows = [ln for ln in piped if re.match(r"^\s+(\d+|total)\s", ln)]
    assert len(rows) == sum(len(r.hands) + (r.game == "bourre") for r in reports) + 1


def test_piped_output_is_unchanged_by_the_terminal_width() -> None:
    """Without a terminal the table does not depend on the width: each row is one line."""
    reports = [eight_with_long_names(), euchre_file()]
    wide = render_text(Report(reports), sources=fake_source)
    assert render_text(Report(reports), sources=fake_source, width=None) == wide
    console = make_console(io.StringIO(), color=False)  # (not a terminal: no width)
    assert TextRenderer(console).width is None


def test_the_numbers_are_never_split() -> None:
    """Every amount of the eight-player table appears whole, in its column, at 80."""
    report = eight_with_long_names()
    lines = table_lines(on_terminal([report], 80))
    cells = {cell for line in lines for cell in line.split()}
    for hand in report.hands:
        assert isinstance(hand, BourreHandResult)
        for amount in (hand.payouts or {}).values():
            text = f"+{amount}" if amount > 0 else str(amount)
            assert text in cells
        assert "12.50" in cells and "25.00" in cells
    for total in report.totals.values():
        assert (f"+{total}" if total > 0 else str(total)) in cells


def test_words_wrap_in_place_at_120() -> None:
    """At 120 columns the messy night's result column wraps beside the numbers."""
    report = audit_file(Path("samples/bourre/messy-night.hlog"))
    lines = table_lines(on_terminal([report], 120))
    header = lines[0]
    assert header.split() == [
        "hand", "dealer", "trump", "pot", "winner", "carry",
        "kit", "eve", "max", "bo_2", "bob", "recorded", "result",
    ]  # fmt: skip
    column = header.index("result")
    assert column == 94 and all(cell_len(line) <= 120 for line in lines)
    hand4 = next(i for i, ln in enumerate(lines) if ln.split()[:2] == ["4", "kit"])
    assert [line[column:] for line in lines[hand4 : hand4 + 3]] == [
        "not settled: line 66 could",
        "not be read; 4 of 5 tricks",
        "logged (trick 3 missing)",
    ]
    assert all(line[:column].strip() == "" for line in lines[hand4 + 1 : hand4 + 3])
    assert lines[hand4][:column].split()[-1] == "checked"  # ("not checked", recorded)
    assert len(lines) == 1 + 7 + 5 + 1  # the header, 7 hands (5 more lines), the total


def test_words_go_beneath_at_80() -> None:
    report = audit_file(Path("samples/bourre/messy-night.hlog"))
    lines = table_lines(on_terminal([report], 80))
    assert lines[0].split() == [
        "hand", "dealer", "trump", "pot", "winner", "carry", "kit", "eve", "max", "bo_2", "bob"
    ]  # fmt: skip
    assert lines[1].split() == ["recorded", "result"]
    indent = lines[1].index("recorded")
    assert indent == lines[0].index("dealer")  # under the hand number's column
    assert lines[2].split() == [
        "1", "max", "A♣", "2.50", "max", "0.00", "-0.50", "-0.50", "+2.00", "-0.50", "-0.50"
    ]  # fmt: skip
    assert lines[3].strip() == "agrees       max took most tricks (3)"
    assert lines[-2].split() == ["total", "-4.00", "+3.00", "0.00", "+4.00", "-4.50"]
    assert lines[-1].strip() == "settled hands only"


def test_players_in_bands_when_their_money_does_not_fit() -> None:
    """Eight players at 80 columns: the money in two bands of four, aligned, the words
    beneath."""
    report = audit_file(Path("samples/bourre/eight-handed.hlog"))
    lines = table_lines(on_terminal([report], 80))
    assert lines[0].split()[-4:] == ["al", "cal", "flo", "dot"]
    assert lines[1].split() == ["gil", "hy", "bea", "ed"]
    assert lines[0].index("dot") + 3 == lines[1].index("ed") + 2  # right edges line up
    assert lines[2].split() == ["recorded", "result"]
    assert lines[3].split() == ["1", "gil", "2♥", "8", "carried", "8", "-1", "-1", "-1", "-1"]
    assert lines[4].split() == ["-1", "-1", "-1", "-1"]
    assert lines[5].split()[0] == "agrees"
    assert lines[-2].split() == ["total", "+4", "-3", "-26", "+18"]
    assert lines[-1].split() == ["-11", "-4", "-4", "-32"]


def test_batch_summary_keeps_the_path_beside_its_numbers() -> None:
    reports = [audit_file(Path(f"samples/{name}.hlog")) for name in ("bourre/messy-night",
               "euchre/scoring-mistakes")]  # fmt: skip
    lines = table_lines(on_terminal(reports, 80))
    start = next(i for i, ln in enumerate(lines) if ln.split()[:2] == ["file", "game"])
    summary = lines[start:]
    assert summary[1].strip() == "by rule"
    assert summary[2].split() == ["samples/bourre/", "bourre", "7", "5", "0", "1"]
    assert summary[3].strip() == "messy-night.hlog"
    assert summary[4].strip() == "L-COUNT 1, L-DUPLICATE 2, L-MISSING 1, L-SEQUENCE 1, P-SYNTAX 1"
    assert summary[-3].split() == ["total", "12", "11", "6", "1"]
    assert summary[-2:] == [  # the batch's counts, wrapped beneath the total
        "    BE-SCORE 3, BE-TOTAL 3, L-COUNT 1, L-DUPLICATE 2, L-MISSING 1, L-SEQUENCE 1,",
        "    P-SYNTAX 1",
    ]


# ----------------------------------------------------------------------------- pieces


def test_wrap_breaks_after_spaces_slashes_and_commas() -> None:
    assert wrap("eve took most tricks (3)", 10) == ["eve took", "most", "tricks (3)"]
    assert wrap("samples/bourre/x.hlog", 16) == ["samples/bourre/", "x.hlog"]
    assert wrap("BR-FOLLOW 1, L-TURN 2", 12) == ["BR-FOLLOW 1,", "L-TURN 2"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]  # a word longer than the width
    assert wrap("漢字漢字", 4) == ["漢字", "漢字"]  # (two cells each)
    assert wrap("short", 10) == ["short"] and wrap("", 3) == [""]


def test_layout_with_no_width_is_one_line_a_row() -> None:
    columns = [Column("n", right=True), Column("words", wraps=True)]
    layout = TableLayout(columns, [3, 40], None)
    assert layout.natural
    assert layout.lines(["12", "a long text that would wrap"]) == [
        "   12  a long text that would wrap"
    ]
    narrow = TableLayout(columns, [3, 40], 20)
    assert not narrow.natural
    assert narrow.lines(["12", "a long text that would wrap"]) == [
        "   12  a long text",
        "       that would",
        "       wrap",
    ]


# ----------------------------------------------------------------------------- batch, CLI


def test_jobs_give_the_same_wrapped_bytes(tmp_path: Path) -> None:
    from tests.test_batch import _corpus

    items = collect_inputs([_corpus(tmp_path / "logs", 8, seed=3)])

    def run(jobs: int) -> str:
        out = io.StringIO()
        renderer = TextRenderer(make_console(out, False), width=80)
        run_batch(items, renderer, Job("text", width=80), jobs)
        renderer.finish()
        return out.getvalue()

    serial = run(1)
    assert run(2) == serial
    lines = table_lines(serial)
    assert lines and max(cell_len(line) for line in lines) <= 80
    piped = io.StringIO()
    renderer = TextRenderer(make_console(piped, False))
    run_batch(items, renderer, Job("text"), 1)
    renderer.finish()
    assert max(cell_len(line) for line in table_lines(piped.getvalue())) > 80


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_the_command_on_a_terminal_fits_it() -> None:
    """The installed command, its stdout a terminal 80 columns wide (COLUMNS unset)."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR")}
    env.update(NO_COLOR="1", TERM="xterm")
    log = REPO / "samples/bourre/eight-handed.hlog"
    done = subprocess.run(
        [sys.executable, "-m", "referee", "audit", str(log)],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=env,
        timeout=60,
        check=False,
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    text = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    assert done.returncode == 0, done.stderr
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)  # (bold, dim: no colour)
    lines = table_lines(text)
    assert lines[1].split() == ["gil", "hy", "bea", "ed"]  # the second band
    assert max(cell_len(line) for line in lines) <= 80


def test_render_text_with_a_width() -> None:
    report = dataclasses.replace(eight_with_long_names())
    text = render_text(Report([report]), width=100)
    assert max(cell_len(line) for line in table_lines(text)) <= 100


def test_escapes_survive_the_wrapping() -> None:
    """Controls and bidi characters in names, paths and results are escaped before any
    table is laid out: wrapped, beneath or in bands, nothing raw reaches the terminal."""
    from tests.test_hostile import NASTY, _assert_clean

    nasty = "".join(NASTY)
    report = eight_with_long_names()
    names = [f"{name}\u202e" for name in report.players]
    hands = []
    for hand in report.hands:
        assert isinstance(hand, BourreHandResult)
        payouts = {f"{name}\u202e": amount for name, amount in (hand.payouts or {}).items()}
        result = f"{hand.result} {nasty}"
        hands.append(dataclasses.replace(hand, payouts=payouts, result=result))
    totals = {f"{name}\u202e": amount for name, amount in report.totals.items()}
    evil = dataclasses.replace(
        report, path=f"a/{nasty}/b.hlog", players=names, hands=hands, totals=totals
    )
    for width in (80, 120, None):
        text = (
            on_terminal([evil, euchre_file()], width)
            if width
            else render_text(Report([evil, euchre_file()]))
        )
        _assert_clean(text)
        assert "<U+202E>" in text and "\\x1b[2J" in text
