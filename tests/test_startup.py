"""Start-up: what a command imports, and the shortcuts that spare imports give the same
output as the way they replace (``benchmarks/startup.py`` times it)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len as rich_cell_len
from rich.console import Console
from rich.text import Text

import referee
import referee.render.text as text_module
from referee.render.cells import cell_len
from referee.render.plain import PlainConsole, PlainText, plain_console
from referee.render.text import make_console, render_text
from referee.report import FileReport, ReadError, Report

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"

#: Strings with every kind of character the reports print: ASCII, suits, accents, other
#: scripts (two cells), controls (which rich drops or counts as nothing), joiners.
AWKWARD = [
    "",
    "ann",
    "10♥ J♣ A♠ 4♦ ♤♡♢♧",
    "Zoë, José, Ærøskøbing",
    "李 玲",
    "a\rb\x07c\x08d\x0be\x0cf\x1bg\x00h\x7fi\x85j",
    "tab\there\nnewline",
    "👩\u200d👩\u200d👧 ❤\ufe0f",
    "\u202eevil\u202c",
    "…—±·",
]


# ----------------------------------------------------------------------------- plain text


@pytest.mark.parametrize("words", AWKWARD)
def test_plain_text_has_the_words_of_richs_text(words: str) -> None:
    assert PlainText(words, style="bold").plain == Text(words, style="bold").plain
    plain, rich = PlainText("x\r"), Text("x\r")
    plain.append(words, style="red")
    rich.append(words, style="red")
    assert plain.plain == rich.plain
    assert (plain + PlainText(words)).plain == (rich + Text(words)).plain
    assert (plain + words).plain == (rich + words).plain


@pytest.mark.parametrize("words", [*AWKWARD, "x" * 600, "♥" * 600 + "李"])
def test_cells_are_counted_as_rich_counts_them(words: str) -> None:
    assert cell_len(words) == rich_cell_len(words)


def _tty() -> io.StringIO:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    return Tty()


@pytest.mark.parametrize(
    "env",
    [{}, {"FORCE_COLOR": "1"}, {"FORCE_COLOR": ""}, {"TTY_COMPATIBLE": "1"},
     {"TTY_COMPATIBLE": "0"}, {"NO_COLOR": "1"}, {"TTY_INTERACTIVE": "1"}],
)  # fmt: skip
@pytest.mark.parametrize("color", [None, False, True])
@pytest.mark.parametrize("tty", [False, True])
def test_a_console_is_plain_only_where_richs_is(
    env: dict[str, str], color: bool | None, tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = _tty() if tty else io.StringIO()
    rich = make_console(out, color)
    plain = plain_console(out, color)
    if plain is not None:
        assert isinstance(plain, PlainConsole) and plain.file is out
        assert not rich.is_terminal and rich.color_system is None
    if not env and color is None:  # (the usual cases: a pipe is plain, a terminal not)
        assert (plain is None) == tty


def _hostile_report() -> FileReport:
    """A report whose every printed field holds control and bidi characters."""
    bad = "dee\r\x1b[2J\u202e"
    return FileReport(
        path="we\x07ird\r.hlog",
        game="bourre",
        players=["ann", bad],
        metadata={"title": "night\x0b\x0cout\r"},
        errors=[ReadError("P-SYNTAX", 3, 2, f"no\r{bad}", source_line=f"x\x08{bad}")],
        hands=[],
    )


def _samples_report() -> Report:
    return Report([*referee.audit_path(SAMPLES), _hostile_report()])


@pytest.mark.parametrize("quiet", [False, True])
def test_the_plain_text_report_is_richs_word_for_word(
    quiet: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every sample (and a hostile report), piped: the same text whether its lines are
    made as PlainText or as rich's Text."""
    report = _samples_report()
    plain = render_text(report, quiet=quiet)
    monkeypatch.setattr(text_module, "PlainText", Text)
    assert render_text(report, quiet=quiet) == plain
    assert "BR-" in plain and "P-SYNTAX" in plain and "\x1b" not in plain and "\r" not in plain


def test_the_plain_report_is_what_rich_wrote(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain way (a PlainConsole, PlainText lines) writes what rich's plain console and
    its Text wrote before, sources, summary table and all."""
    report = _samples_report()

    def written(console: PlainConsole | Console) -> str:
        renderer = text_module.TextRenderer(console, sources=text_module.read_source_lines)
        for file in report.files:
            renderer.file(file)
        renderer.finish()
        assert isinstance(console.file, io.StringIO)
        return console.file.getvalue()

    new = written(PlainConsole(io.StringIO()))
    monkeypatch.setattr(text_module, "PlainText", Text)
    old = written(make_console(io.StringIO(), False))
    assert new == old
    assert " | trick" in new and "by rule" in new and "\x1b" not in new


# ----------------------------------------------------------------------------- imports

#: What no command needs at start-up, and a clean log's audit not at all.
HEAVY = ("rich", "lark", "yaml", "jinja2", "multiprocessing", "concurrent.futures", "pygls")
#: What a clean log's audit needs no more than that: the registries of rules, read-error
#: codes and statements (for findings and messages), a temporary file (for a long table),
#: the reading of settings (a log that sets no option), the other game's options and view.
SPARED = (
    "referee.rulebook",
    "referee.codes",
    "referee.statements",
    "tempfile",
    "referee.options",
    "referee.games.euchre.options",
    "referee.render.views.euchre",
)

#: The data files a command reads only when a log needs them (a name not in ASCII).
DATA = ("unicode-tables.txt",)

#: Runs the command line in this process, then says on stderr which HEAVY modules it
#: imported and which DATA files it opened (the report goes to stdout, a pipe).
_PROBE = """
import json, os, sys
heavy, data = json.loads(sys.argv[1]), json.loads(sys.argv[2])
opened = []
def note(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.path.basename(os.fsdecode(args[0]))
        if name in data:
            opened.append(name)
sys.addaudithook(note)
sys.argv = ["referee", *sys.argv[3:]]
import referee.cli
loaded = [m for m in heavy if m in sys.modules]
code = None
if len(sys.argv) > 1:
    try:
        referee.cli.main()
    except SystemExit as exc:
        code = exc.code
sys.stdout.flush()
print(json.dumps([loaded, [m for m in heavy if m in sys.modules], code, opened]), file=sys.stderr)
"""


def _probe(cache: Path, *args: str, heavy: tuple[str, ...] = HEAVY) -> tuple[list[str], ...]:
    """(HEAVY modules imported by ``import referee.cli``, by the command as well, its exit
    status, the DATA files it opened), the command run in a new process with the grammar
    cache in ``cache``."""
    import json

    env = {**os.environ, "REFEREE_CACHE_DIR": str(cache)}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(heavy), json.dumps(DATA), *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.stderr.strip(), done
    return tuple(json.loads(done.stderr.strip().splitlines()[-1]))


def test_importing_the_command_line_imports_nothing_heavy(tmp_path: Path) -> None:
    at_import, _, _, opened = _probe(tmp_path)
    assert at_import == [] and opened == []


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_clean_small_log_is_audited_without_rich_or_lark(fmt: str, tmp_path: Path) -> None:
    """Once the grammar's terminals are cached (the first run), a log whose every line the
    word reader takes needs no Lark, a piped report no rich, and its ASCII names not
    Unicode's tables."""
    log = str(SAMPLES / "bourre" / "plays-only.hlog")
    _probe(tmp_path, "audit", log)  # (fills the cache)
    probed = _probe(tmp_path, "audit", log, "--format", fmt, heavy=HEAVY + SPARED)
    at_import, after, code, opened = probed
    assert code == 0
    assert at_import == [] and after == [] and opened == []


def test_a_name_not_in_ascii_reads_unicodes_tables(tmp_path: Path) -> None:
    """What the test above counts on: the tables' file is read when a name needs it."""
    log = tmp_path / "cyrillic.hlog"
    text = (SAMPLES / "bourre" / "plays-only.hlog").read_text(encoding="utf-8")
    log.write_text(text.replace("ann", "\u0430nn"), encoding="utf-8")
    _, _, code, opened = _probe(tmp_path, "audit", str(log), "--format", "json")
    assert code == 0 and opened == list(DATA)


# ----------------------------------------------------------------------------- one command


@pytest.mark.parametrize(
    "args",
    [["audit", "--help"], ["audit"], ["audit", "--bogus", "x"], ["audit", "-f", "yaml", "x"],
     ["show", "-h"], ["rules", "--game", "bourre"], ["explain", "BR-FOLLOW"], ["new", "--help"],
     ["audit", "--show-completion"], ["audit", str(SAMPLES / "bourre" / "plays-only.hlog")],
     ["standings", str(SAMPLES / "euchre"), "--format", "json"]],
)  # fmt: skip
def test_a_command_run_alone_says_what_the_whole_app_says(args: list[str]) -> None:
    from typer.testing import CliRunner

    from referee.cli import _app_to_run, app

    alone = _app_to_run(args)
    assert alone is not app and [c.callback for c in alone.registered_commands] == [
        c.callback for c in app.registered_commands if c.callback.__name__.startswith(args[0])
    ]
    runner = CliRunner()
    whole, one = runner.invoke(app, args), runner.invoke(alone, args)
    assert (one.exit_code, one.stdout, one.stderr) == (whole.exit_code, whole.stdout, whole.stderr)
    assert whole.stdout or whole.stderr


@pytest.mark.parametrize("args", [[], ["--help"], ["-V"], ["bogus"], ["aud"]])
def test_anything_else_runs_the_whole_app(args: list[str]) -> None:
    from referee.cli import _app_to_run, app

    assert _app_to_run(args) is app


def test_shell_completion_gets_the_whole_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.cli import _app_to_run, app

    monkeypatch.setenv("_REFEREE_COMPLETE", "complete_bash")
    assert _app_to_run(["audit"]) is app


# ----------------------------------------------------------------------------- the spool


@pytest.mark.parametrize(
    "lines",
    [[], ["one"], ["a\x1fb", "", "  ♥ Zoë"], ["cr\rin", "x"], ["row"] * 300, ["\udcff"]],
)
def test_a_spool_in_memory_gives_the_lines_its_file_gives(lines: list[str]) -> None:
    """A spool read before it made its file (under 256 lines) gives its lines as the file
    would (with a ``\\r``, through the file: it ends a line there)."""
    from referee.render.spool import Spool

    kept, filed = Spool(), Spool()
    filed.write("")  # (the file made at once)
    for line in lines:
        kept.add(line)
        filed.add(line)
    assert list(kept.lines()) == list(filed.lines())
    assert list(kept.lines()) == [] and kept.empty()


# ----------------------------------------------------------------------------- the benchmark


def test_the_start_up_benchmark_times_this_checkout_against_another() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--repeat", "1",
         "--format", "json", "--compare-with", str(ROOT)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("plays-only.hlog --format json: 1 runs of each, taking turns")
    assert lines[2].endswith("python -c pass")
    assert " ms  referee  +" in lines[3] and f"({ROOT} - " in lines[4]
