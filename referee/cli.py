"""The command line: ``referee audit``, ``report``, ``standings``, ``show``, ``explain``,
``rules``, ``new``.

Start-up stays fast: only typer is imported at module level; the parser, the engines, rich
and the renderers are imported inside the commands that need them. No command ever shows a
traceback: misuse, and output that cannot be written, are a one-line message and exit
status 2; a reader that goes away (``| head``) ends the run quietly (:mod:`referee.output`).

Exit status of ``audit`` (every format) and ``report``: 0 every hand clean, 1 any finding
about a log (a violation, a settlement or score error, a log fault, a line that could not
be read), 2 an input that could not be read as a log at all, a failure of the referee, or
misuse (which read errors are which: :func:`referee.codes.input_not_read`); 2 wins over 1,
and ``--exit-zero`` turns 1 into 0. ``show`` uses the same codes over the hands it shows,
and 2 for a hand number the log does not have. ``standings``: 0, or 2 when an input could
not be read as a log at all, or misuse; findings do not change it.
"""

from __future__ import annotations

import contextlib
import errno
import stat
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO, TypeVar

import typer
from typer.core import TyperCommand

from referee.render.safe import visible

if TYPE_CHECKING:
    from referee.audit import Reading
    from referee.batch import Progress, Tally
    from referee.job import Job
    from referee.report import FileReport, HandResult

EXIT_MISUSE = 2  # (as referee.report.EXIT_ERRORS: a bad command line is an input not read)

_T = TypeVar("_T")


class _Command(TyperCommand):
    """A command whose usage line names its arguments as people write them: ``PATH...``
    for one or more, ``FILE`` for one, ``[X]`` for one that may be left out (typer writes
    ``{PATH}``)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(_usage_name(param))
        return pieces


def _usage_name(param: Any) -> str:
    name = str(param.metavar or (param.name or "").upper())
    if param.nargs != 1:
        name += "..."
    return name if param.required else f"[{name}]"


app = typer.Typer(
    name="referee",
    help="A referee for written Bourré and Bid Euchre hand logs.\n\n"
    "`referee audit LOG...` judges logs; `referee standings LOG...` adds up a night or a "
    "season per player and says who pays whom.",
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: What every command's help ends with, or points to.
_EXIT_HELP = (
    "Exit status: 0 every hand clean; 1 any finding about a log (a violation, a settlement "
    "or score error, a log fault, a line that could not be read); 2 an input that could "
    "not be read as a log at all (missing, not text, no usable header, no hand, bad house "
    "rules), a failure of the referee, or misuse. 2 wins over 1."
)


class Format(StrEnum):
    """Output formats of ``audit``."""

    text = "text"
    json = "json"
    jsonl = "jsonl"
    html = "html"
    csv = "csv"
    github = "github"
    sarif = "sarif"


class Game(StrEnum):
    """Games for ``rules --game``."""

    bourre = "bourre"
    bid_euchre = "bid-euchre"


#: The argument and options that ``audit`` and ``report`` share.
_PathsArgument = Annotated[
    list[str],  # (not Path: `./-` is a file named `-`, and Path would make it `-`, stdin)
    typer.Argument(
        help="Hand-log files, and folders to search for *.hlog files (`-`: a log on "
        "standard input).",
        show_default=False,
        metavar="PATH",
    ),
]
_RulesOption = Annotated[
    Path | None,
    typer.Option("--rules", help="House-rules YAML file applied to every log.", metavar="FILE"),
]
_EncodingOption = Annotated[
    str | None,
    typer.Option(
        "--encoding",
        metavar="NAME",
        help="Read the logs in this encoding (e.g. cp1252, latin-1) instead of UTF-8.",
    ),
]
_RulesAnywhereOption = Annotated[
    bool,
    typer.Option(
        "--allow-rules-anywhere",
        help="Let a log's `rules PATH` name a file outside the log's folder.",
    ),
]
_JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", min=0, help="Files audited in parallel processes (0: one per core)."
    ),
]


_ExitZeroOption = Annotated[
    bool,
    typer.Option(
        "--exit-zero",
        help="Exit 0 even when findings are made (an input that could not be read as a log "
        "still exits 2).",
    ),
]


def _fail(message: str) -> typer.Exit:
    """Print ``referee: message`` on stderr and return the exit to raise (status 2)."""
    typer.echo(f"referee: {visible(message)}", err=True)
    return typer.Exit(EXIT_MISUSE)


def _split_ids(values: list[str] | None) -> list[str]:
    return [part.strip() for v in values or [] for part in v.split(",") if part.strip()]


# ----------------------------------------------------------------------------- audit


@app.command(
    cls=_Command,
    help="Judge hand logs: every play, decision and settlement, hand by hand.\n\n"
    "Formats: text (for people), json (one document), jsonl (one object per hand, streamed), "
    "html (one self-contained page with charts; see also `referee report`), csv (one row per "
    "hand and player, for a spreadsheet), github (workflow annotations on the log's lines), "
    "sarif (SARIF 2.1.0, for code scanning).\n\n"
    "--statistics prints only the number of findings of each rule (as text, or json)."
    f"\n\n{_EXIT_HELP} --exit-zero turns 1 into 0.",
)
def audit(
    paths: _PathsArgument,
    output_format: Annotated[
        Format,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="Report format: text, json, jsonl, html, csv, github or sarif.",
            case_sensitive=False,
        ),
    ] = Format.text,
    rules: _RulesOption = None,
    jobs: _JobsOption = 0,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            metavar="IDS",
            help="Report only these rule IDs or prefixes (comma-separated).",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore",
            metavar="IDS",
            help="Do not report these rule IDs or prefixes (comma-separated).",
        ),
    ] = None,
    exit_zero: _ExitZeroOption = False,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            help="Text: print only the findings. With -o: do not say where the report went.",
        ),
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the report to FILE (replaced atomically) instead of stdout.",
        ),
    ] = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics",
            help="Print only the number of findings of each rule ID, in place of the report "
            "(with --format text or json).",
        ),
    ] = False,
) -> None:
    """Judge hand logs: every play, decision and settlement, hand by hand."""
    reading = _reading(encoding, allow_rules_anywhere)
    fmt = _statistics_format(output_format) if statistics else None
    _audit(
        paths, output_format, rules, jobs, select, ignore, exit_zero, quiet, output, reading, fmt
    )


def _audit(
    paths: list[str],
    output_format: Format,
    rules: Path | None,
    jobs: int,
    select: list[str] | None,
    ignore: list[str] | None,
    exit_zero: bool,
    quiet: bool,
    output: Path | None,
    reading: Reading,
    fmt: str | None = None,
) -> None:
    """``audit`` (and ``report``): check the options, judge, render, exit with the status
    (``fmt``: the writers' format, when not ``output_format``'s: ``--statistics``)."""
    from referee.inputs import collect_inputs
    from referee.job import Job

    _check_rules_file(rules)
    select_ids, ignore_ids = _split_ids(select), _split_ids(ignore)
    _check_rule_ids("--select", select_ids)
    _check_rule_ids("--ignore", ignore_ids)
    _check_output(output)
    inputs = collect_inputs(paths)
    if output is not None:
        _refuse_input_as_output(output, [*inputs, *([rules] if rules else [])])
    writers = fmt or output_format.value
    job = Job(writers, rules, tuple(select_ids), tuple(ignore_ids), quiet, reading)

    def render(out: TextIO, color: bool | None) -> Tally:
        return _render(inputs, job, jobs, out, color, to_terminal=output is None)

    tally = _write_out(output, output_format, render)
    if output is not None and not quiet:
        _say_written(output, tally)
    raise typer.Exit(tally.exit_code(exit_zero))


# ----------------------------------------------------------------------------- report


@app.command(
    cls=_Command,
    help="Write the audit as one self-contained HTML page "
    "(the same as `audit --format html -o FILE`).\n\nExit status as for `audit`: 0 every "
    "hand clean, 1 any finding, 2 an input not read as a log at all, a failure of the "
    "referee, or misuse.",
)
def report(
    paths: _PathsArgument,
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The HTML file to write (replaced atomically).",
            show_default=False,
        ),
    ],
    rules: _RulesOption = None,
    jobs: _JobsOption = 0,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="IDS", help="Report only these rule IDs or prefixes."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="IDS", help="Do not report these rule IDs or prefixes."),
    ] = None,
    exit_zero: _ExitZeroOption = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not say where the page was written.")
    ] = False,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
) -> None:
    """Write the audit as one self-contained HTML page (``audit --format html -o FILE``)."""
    reading = _reading(encoding, allow_rules_anywhere)
    _audit(paths, Format.html, rules, jobs, select, ignore, exit_zero, quiet, output, reading)


def _statistics_format(output_format: Format) -> str:
    """The writers' format for ``--statistics``: its counts as text or JSON; with any other
    ``--format`` it is misuse (the counts replace the report, as ruff's do)."""
    if output_format not in (Format.text, Format.json):
        raise _fail(
            f"--statistics prints only the counts, as text or json, in place of the report: "
            f"not with --format {output_format.value}"
        )
    return "statistics" if output_format is Format.text else "statistics-json"


def _reading(encoding: str | None, rules_anywhere: bool) -> Reading:
    """How to read the logs; an unknown ``--encoding`` is misuse."""
    from referee.audit import Reading
    from referee.decoding import check_encoding

    if encoding is not None:
        try:
            encoding = check_encoding(encoding)
        except LookupError:
            raise _fail(f"--encoding {encoding}: not a text encoding Python knows") from None
        except ValueError as exc:  # (punycode, rot13: see check_encoding)
            raise _fail(f"--encoding {encoding}: {exc}") from None
    return Reading(encoding, rules_anywhere)


# ----------------------------------------------------------------------------- standings


class StandingsFormat(StrEnum):
    """Output formats of ``standings``."""

    text = "text"
    json = "json"
    csv = "csv"


@app.command(
    cls=_Command,
    help="Add up the settled hands of many logs per player: a night's or a season's "
    "standings, and for Bourré who pays whom (the fewest transfers).\n\n"
    "Bourré: money won (net), hands dealt in and played, pots won, bourrés, reneges (and "
    "illegal plays taken back). Bid Euchre: games won and points per team and per player. "
    "Players are matched across files by name, ignoring case. Hands the log does not settle "
    "are left out and listed.\n\n"
    "Exit status: 0, or 2 when an input could not be read as a log at all (missing, not "
    "text, no usable header, no hand, bad house rules), the referee failed, or the command "
    "was misused. Findings (a violation, a line that could not be read) do not change it: "
    "`referee audit` judges them.",
)
def standings(
    paths: _PathsArgument,
    output_format: Annotated[
        StandingsFormat,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="Report format: text, json or csv.",
            case_sensitive=False,
        ),
    ] = StandingsFormat.text,
    rules: _RulesOption = None,
    jobs: _JobsOption = 0,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the standings to FILE (replaced atomically) instead of stdout.",
        ),
    ] = None,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="With --output: do not say where it was written."),
    ] = False,
) -> None:
    """Add up the settled hands of many logs per player, and who pays whom."""
    from referee.batch import run_batch
    from referee.inputs import collect_inputs
    from referee.job import Job
    from referee.standings import StandingsWriter

    _check_rules_file(rules)
    _check_output(output)
    inputs = collect_inputs(paths)
    if output is not None:
        _refuse_input_as_output(output, [*inputs, *([rules] if rules else [])])
    writer = StandingsWriter()
    with _progress(inputs, shown_on_stdout=False) as progress:  # (printed once it is done)
        tally = run_batch(inputs, writer, Job("standings", rules), jobs, progress)
    table = writer.standings

    def write(out: TextIO, color: bool | None) -> None:
        if output_format == StandingsFormat.json:
            from referee.render.standings import write_json

            write_json(out, table)
        elif output_format == StandingsFormat.csv:
            from referee.render.standings import write_csv

            write_csv(out, table)
        else:
            from referee.render.standings import print_standings
            from referee.render.text import make_console

            print_standings(make_console(out, color), table)

    fmt = Format.text if output_format == StandingsFormat.text else Format.json
    _write_out(output, fmt, write)
    if output is not None and not quiet:
        _say_written(output, tally)
    raise typer.Exit(table.exit_code())


# ----------------------------------------------------------------------------- output


def _write_out(output: Path | None, fmt: Format, write: Callable[[TextIO, bool | None], _T]) -> _T:
    """``write(out, color)`` to stdout (``color`` None: as the terminal allows) or into
    ``output`` (atomically, no colour), and what it returns. A reader that goes away ends
    the run quietly; output that cannot be written is an I/O error (exit 2)."""
    from referee.output import write_atomic

    if output is None:
        with _writing_stdout():
            return write(_stdout(fmt), None)
    try:
        return write_atomic(output, lambda out: write(out, False))
    except BrokenPipeError:  # (a pipe named as the output: -o /dev/stdout)
        _reader_gone()
    except OSError as exc:
        raise _fail(f"cannot write {output}: {_why(exc)}") from None


@contextlib.contextmanager
def _writing_stdout() -> Iterator[None]:
    """Write to stdout within: flushed at the end, so that a failure shows here. A closed
    pipe ends the run quietly (``| head``); anything else (a full disk) is exit 2."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone()
    except OSError as exc:
        raise _fail(f"cannot write to standard output: {_why(exc)}") from None


def _reader_gone() -> NoReturn:
    from referee.output import reader_gone

    reader_gone()


def _why(exc: OSError) -> str:
    """An OS error in words: ``No space left on device``."""
    return exc.strerror or str(exc)


def _say_written(output: Path, tally: Tally) -> None:
    """``referee: wrote r.html (12 files, 93 hands)`` on stderr."""
    files = f"{tally.files} file{'' if tally.files == 1 else 's'}"
    hands = f"{tally.hands} hand{'' if tally.hands == 1 else 's'}"
    typer.echo(f"referee: wrote {visible(str(output))} ({files}, {hands})", err=True)


def _stdout(fmt: Format) -> TextIO:
    """stdout, made safe for any name or suit symbol: JSON is always UTF-8; text whose
    terminal encoding lacks a character shows a replacement instead of failing. A file name
    that is not UTF-8 (its bad bytes held as lone surrogates) is written as ``\\udcff``,
    which is a valid escape inside a JSON string too."""
    stream = sys.stdout
    reconfigure = getattr(stream, "reconfigure", None)
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    if reconfigure is not None:
        try:
            if encoding == "utf8":
                reconfigure(errors="backslashreplace")
            elif fmt is not Format.text:
                reconfigure(encoding="utf-8", errors="backslashreplace")
            else:
                reconfigure(errors="replace")
        except (OSError, ValueError):
            pass
    return stream


def _render(
    inputs: list[Path | FileReport],
    job: Job,
    jobs: int,
    out: TextIO,
    color: bool | None,
    *,
    to_terminal: bool,
) -> Tally:
    """Judge and write every input to ``out`` in ``job``'s format; return the tally."""
    from referee.batch import run_batch
    from referee.render.writers import open_writer

    opened = open_writer(job, out, color=color, files=len(inputs))
    with _progress(inputs, shown_on_stdout=to_terminal) as progress:
        tally = run_batch(inputs, opened.writer, opened.job, jobs, progress)
    opened.finish()
    return tally


@contextlib.contextmanager
def _progress(
    inputs: list[Path | FileReport], *, shown_on_stdout: bool
) -> Iterator[Progress | None]:
    """A progress bar on stderr for a long run, or None.

    Only when stderr is a terminal that the report is not also shown on (a report on the
    terminal would be torn by the bar), and only once the run has gone on for a moment.
    """
    stdout_tty = _isatty(sys.stdout)
    if not _isatty(sys.stderr) or (shown_on_stdout and stdout_tty):
        yield None
        return
    from referee.render.progress import ProgressBar

    with ProgressBar([_input_size(item) for item in inputs]) as bar:
        yield bar.update


def _input_size(item: Path | FileReport) -> int:
    """An input's size in bytes for the progress bar: 0 for standard input, a report made
    already, or anything that is not a regular file that can be looked at."""
    from referee.inputs import is_stdin

    if not isinstance(item, Path) or is_stdin(item):
        return 0
    try:
        info = item.stat()
    except OSError:
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


def _isatty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


# ----------------------------------------------------------------------------- checks


def _check_rules_file(rules: Path | None) -> None:
    """Misuse (exit 2) unless ``--rules FILE`` names a file."""
    if rules is None:
        return
    try:
        is_file = stat.S_ISREG(rules.stat().st_mode)
    except OSError as exc:
        lost = exc.errno in (errno.ENOENT, errno.ENOTDIR)
        raise _fail(f"--rules {rules}: {'no such file' if lost else _why(exc)}") from None
    if not is_file:
        raise _fail(f"--rules {rules}: not a file")


def _check_output(output: Path | None) -> None:
    """Misuse (exit 2) unless ``--output FILE`` names a file in an existing folder (a name
    the system refuses, such as one over 255 bytes, included)."""
    if output is None:
        return
    try:
        usable = not output.is_dir() and output.parent.is_dir()
    except OSError as exc:
        raise _fail(f"--output {output}: {_why(exc)}") from None
    if not usable:
        raise _fail(f"--output {output}: not a file in an existing folder")


def _refuse_input_as_output(output: Path, inputs: list[Path | FileReport]) -> None:
    """Misuse (exit 2) when ``output`` is one of the inputs, by any path or link: the same
    device and inode as a log to audit or the ``--rules`` file. Writing the report there
    would destroy the very log it judges."""
    try:
        target = output.stat()
    except OSError:
        return  # nothing there yet (or nothing that can be read): it is no input
    if not stat.S_ISREG(target.st_mode):
        return  # a device or pipe (/dev/null, /dev/stdout) is written into, never replaced
    for item in inputs:
        if isinstance(item, Path):
            try:
                st = item.stat()
            except OSError:
                continue
            if (st.st_dev, st.st_ino) == (target.st_dev, target.st_ino):
                raise _fail(
                    f"--output {output}: that is an input ({item}); "
                    "the referee never writes over its inputs"
                )


def _check_rule_ids(option: str, ids: list[str]) -> None:
    """Every ``--select``/``--ignore`` entry must name a rule or a prefix of one."""
    if not ids:
        return
    known = _known_rule_ids()
    for entry in ids:
        upper = entry.upper()
        if not any(rid.startswith(upper) for rid in known):
            hint = _suggest(upper, known)
            raise _fail(f"{option}: no rule ID starts with {entry!r}{hint}")


def _known_rule_ids() -> list[str]:
    from referee.rulebook import all_rules

    return sorted(all_rules())


def _suggest(word: str, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word.upper(), known, n=5, cutoff=0.6)
    return f"; did you mean {', '.join(close)}?" if close else "; see `referee rules`"


# ----------------------------------------------------------------------------- show


@app.command(
    cls=_Command,
    help="Replay a log's hands as trick grids, with the findings and the settlement.\n\n"
    "Exit status as for `audit`, over the hands shown: 0 clean, 1 any finding, 2 the file "
    "could not be read as a log at all (its errors are printed as `audit` prints them), "
    "the referee failed, or the log has no hand N.",
)
def show(
    file: Annotated[
        str,
        typer.Argument(
            help="One hand-log file (`-`: read it from standard input).",
            show_default=False,
            metavar="FILE",
        ),
    ],
    hand: Annotated[
        int | None,
        typer.Option("--hand", "-n", min=1, metavar="N", help="Show only hand N."),
    ] = None,
    rules: Annotated[
        Path | None,
        typer.Option("--rules", help="House-rules YAML file applied to the log.", metavar="FILE"),
    ] = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
) -> None:
    """Replay a log's hands as trick grids, with the findings and the settlement."""
    from referee.audit import audit_file
    from referee.inputs import input_path, is_stdin
    from referee.report import exit_status, file_not_read

    reading = _reading(encoding, allow_rules_anywhere)
    _check_rules_file(rules)
    path = input_path(file)
    try:
        is_dir = not is_stdin(path) and path.is_dir()
    except OSError:
        is_dir = False  # (a name the system refuses: the reading reports it)
    if is_dir:
        raise _fail(f"{file}: is a folder; `show` takes one log file")
    report = audit_file(path, rules, keep_tricks=True, reading=reading)
    hands = [h for h in report.hands if hand is None or h.number == hand]
    if hand is not None and not hands and not report.errors:
        numbers = sorted({h.number for h in report.hands})
        known = f"hands {numbers[0]}-{numbers[-1]}" if numbers else "no hands"
        raise _fail(f"{file}: no hand {hand} (the log has {known})")
    with _writing_stdout():
        _show(report, hands)
    findings = bool(report.errors) or any(h.violations for h in hands)
    raise typer.Exit(exit_status(not_read=file_not_read(report), findings=findings))


def _show(report: FileReport, hands: list[HandResult]) -> None:
    import dataclasses

    from referee.render.show import show_file
    from referee.render.text import TextRenderer, make_console

    console = make_console(_stdout(Format.text), None)
    if report.errors:
        # The read errors exactly as `audit` prints them, then whatever could be judged.
        TextRenderer(console, quiet=True).file(dataclasses.replace(report, hands=[]))
        if not hands:
            return
        console.print()
    show_file(console, report, hands)


# ----------------------------------------------------------------------------- explain


@app.command(
    cls=_Command,
    help="Explain a rule ID (BR-FOLLOW), a read-error code (P-SYNTAX) or a house option "
    "(head_trick): what it means, examples, and how to fix the log.\n\n"
    'Any case; a near miss gets a "did you mean". `referee rules` lists them all.',
)
def explain(
    topic: Annotated[
        str,
        typer.Argument(
            metavar="ID-OR-KEY",
            help="A rule ID (BR-FOLLOW), a read-error code (P-RULES) or an option key "
            "(head_trick).",
            show_default=False,
        ),
    ],
) -> None:
    """Explain a rule ID, a read-error code or a house option."""
    from referee.topics import UnknownTopic, explain_topic

    try:
        text = explain_topic(topic)
    except UnknownTopic as exc:
        raise _fail(str(exc)) from None
    with _writing_stdout():
        _stdout(Format.text).write(text)


# ----------------------------------------------------------------------------- rules


@app.command("rules", cls=_Command)
def rules_command(
    game: Annotated[
        Game | None,
        typer.Option(
            "--game", "-g", help="Only this game's rules and options.", case_sensitive=False
        ),
    ] = None,
) -> None:
    """List every rule ID and read-error code, and every house option with its default,
    its values and what it means."""
    from referee.topics import rules_text

    text = rules_text(game.value if game else None)
    with _writing_stdout():
        _stdout(Format.text).write(text)


# ----------------------------------------------------------------------------- new


@app.command(
    cls=_Command,
    help="Print a starter log: the header, every house option as a comment, and one "
    "complete hand that audits clean. Edit it into your own game's log.\n\n"
    "With -o FILE it is written to FILE, which must not exist yet (--force replaces an "
    "existing file).",
)
def new(
    game: Annotated[
        Game,
        typer.Argument(
            help="bourre or bid-euchre.", case_sensitive=False, show_default=False, metavar="GAME"
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write the log to FILE instead of stdout."
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
) -> None:
    """Print a starter log for a game (or write it to a new file)."""
    from referee.output import write_atomic
    from referee.starter import StarterError, starter_log, write_new

    text = starter_log(game.value)
    if output is None:
        with _writing_stdout():
            _stdout(Format.text).write(text)
        return
    try:
        if force and output.exists():
            if not output.is_file():
                raise StarterError(f"{output}: not a regular file; not replaced")
            write_atomic(output, lambda out: out.write(text))
        else:
            write_new(output, text)
    except StarterError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write {output}: {_why(exc)}") from None
    typer.echo(f"referee: wrote {visible(str(output))}; audit it with `referee audit`", err=True)


# ----------------------------------------------------------------------------- entry point


def _print_version(value: bool) -> None:
    if value:
        from referee import __version__
        from referee.build import build_kind

        typer.echo(f"referee {__version__} ({build_kind()})")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print the version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    """A referee for written Bourré and Bid Euchre hand logs."""


def main() -> None:
    """Console-script entry point: run the app, never showing a traceback.

    What is left in stdout's buffer is written before the run ends, so that a failure to
    write it (a full disk, a closed pipe) is reported here, not at the interpreter's exit.
    """
    from referee.output import catch_signals, reader_gone

    catch_signals()
    try:
        try:
            app()
        finally:
            sys.stdout.flush()
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        reader_gone()
    except OSError as exc:  # the help or an error to a full disk, a name the system refuses
        where = f"{visible(str(exc.filename))}: " if exc.filename else "cannot write the output: "
        sys.stderr.write(f"referee: {where}{_why(exc)}\n")
        sys.exit(EXIT_MISUSE)
    except Exception as exc:  # a referee bug: say so in one line
        sys.stderr.write(
            f"referee: internal error: {type(exc).__name__}: {exc} (this is a bug in the referee)\n"
        )
        sys.exit(EXIT_MISUSE)
