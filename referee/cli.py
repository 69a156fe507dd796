"""The command line: ``referee audit``, ``report``, ``standings``, ``show``, ``explain``,
``rules``, ``new``.

Start-up stays fast: only typer is imported at module level; the parser, the engines, rich
and the renderers are imported inside the commands that need them. No command ever shows a
traceback: misuse is a one-line message and exit status 2.

Exit status of ``audit`` (every format) and ``report``: 0 clean, 1 any violation
(settlement errors included), 2 any input that could not be read, decoded or parsed, a bad
house-rules setting, or misuse. ``show`` uses the same codes over the hands it shows, and 2
for a hand number the log does not have. ``standings``: 0, or 2 when an input could not be
read (in whole or in part) or misuse; violations do not change it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from referee.render.safe import visible

if TYPE_CHECKING:
    from referee.audit import Reading
    from referee.batch import Job, Progress
    from referee.report import FileReport, HandResult

EXIT_MISUSE = 2  # (as referee.report.EXIT_ERRORS: a bad command line is an input not read)
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a writer killed by a closed pipe

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


def _fail(message: str) -> typer.Exit:
    """Print ``referee: message`` on stderr and return the exit to raise (status 2)."""
    typer.echo(f"referee: {visible(message)}", err=True)
    return typer.Exit(EXIT_MISUSE)


def _split_ids(values: list[str] | None) -> list[str]:
    return [part.strip() for v in values or [] for part in v.split(",") if part.strip()]


# ----------------------------------------------------------------------------- audit


@app.command(
    help="Judge hand logs: every play, decision and settlement, hand by hand.\n\n"
    "Formats: text (for people), json (one document), jsonl (one object per hand, streamed), "
    "html (one self-contained page with charts; see also `referee report`), csv (one row per "
    "hand and player, for a spreadsheet), github (workflow annotations on the log's lines), "
    "sarif (SARIF 2.1.0, for code scanning).\n\n"
    "--statistics prints only the number of findings of each rule (as text, or json)."
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
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when violations are found.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Text: print only the findings.")
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
    from referee.batch import Job
    from referee.inputs import collect_inputs

    if rules is not None and not rules.is_file():
        raise _fail(f"--rules {rules}: {'not a file' if rules.exists() else 'no such file'}")
    select_ids, ignore_ids = _split_ids(select), _split_ids(ignore)
    _check_rule_ids("--select", select_ids)
    _check_rule_ids("--ignore", ignore_ids)
    if output is not None and (output.is_dir() or not output.parent.is_dir()):
        raise _fail(f"--output {output}: not a file in an existing folder")
    inputs = collect_inputs(paths)
    if output is not None:
        _refuse_input_as_output(output, [*inputs, *([rules] if rules else [])])
    writers = fmt or output_format.value
    job = Job(writers, rules, tuple(select_ids), tuple(ignore_ids), quiet, reading)
    code = 0

    def run(out: TextIO, color: bool | None) -> int:
        return _render(inputs, job, jobs, out, color, exit_zero, to_terminal=output is None)

    try:
        if output is None:
            code = run(_stdout(output_format), None)
        else:
            code = _write_atomic(output, lambda f: run(f, False))
    except BrokenPipeError:
        # The reader went away (`referee audit ... | head`): stop quietly.
        _silence_stdout()
        raise typer.Exit(EXIT_BROKEN_PIPE) from None
    except OSError as exc:
        raise _fail(f"cannot write the report: {exc}") from None
    raise typer.Exit(code)


# ----------------------------------------------------------------------------- report


@app.command(
    help="Write the audit as one self-contained HTML page "
    "(the same as `audit --format html -o FILE`).\n\nExit status as for `audit`."
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
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when violations are found.")
    ] = False,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
) -> None:
    """Write the audit as one self-contained HTML page (``audit --format html -o FILE``)."""
    reading = _reading(encoding, allow_rules_anywhere)
    _audit(paths, Format.html, rules, jobs, select, ignore, exit_zero, False, output, reading)


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
        except (LookupError, ValueError):
            raise _fail(f"--encoding {encoding}: not a text encoding Python knows") from None
    return Reading(encoding, rules_anywhere)


# ----------------------------------------------------------------------------- standings


class StandingsFormat(StrEnum):
    """Output formats of ``standings``."""

    text = "text"
    json = "json"
    csv = "csv"


@app.command(
    help="Add up the settled hands of many logs per player: a night's or a season's "
    "standings, and for Bourré who pays whom (the fewest transfers).\n\n"
    "Bourré: money won (net), hands dealt in and played, pots won, bourrés, reneges (and "
    "illegal plays taken back). Bid Euchre: games won and points per team and per player. "
    "Players are matched across files by name, ignoring case. Hands the log does not settle "
    "are left out and listed.\n\n"
    "Exit status: 0, or 2 when an input could not be read (in whole or in part; its settled "
    "hands still count) or the command was misused. Violations do not change it."
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
) -> None:
    """Add up the settled hands of many logs per player, and who pays whom."""
    from referee.batch import Job, run_batch
    from referee.inputs import collect_inputs
    from referee.standings import StandingsWriter

    if rules is not None and not rules.is_file():
        raise _fail(f"--rules {rules}: {'not a file' if rules.exists() else 'no such file'}")
    if output is not None and (output.is_dir() or not output.parent.is_dir()):
        raise _fail(f"--output {output}: not a file in an existing folder")
    inputs = collect_inputs(paths)
    writer = StandingsWriter()
    with _progress(inputs, shown_on_stdout=False) as progress:  # (printed once it is done)
        run_batch(inputs, writer, Job("standings", rules), jobs, progress)
    table = writer.standings

    def write(out: TextIO, color: bool | None) -> int:
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
        return table.exit_code()

    try:
        if output is None:
            fmt = Format.text if output_format == StandingsFormat.text else Format.json
            code = write(_stdout(fmt), None)
        else:
            code = _write_atomic(output, lambda f: write(f, False))
    except BrokenPipeError:
        _silence_stdout()
        raise typer.Exit(EXIT_BROKEN_PIPE) from None
    except OSError as exc:
        raise _fail(f"cannot write the standings: {exc}") from None
    raise typer.Exit(code)


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


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _render(
    inputs: list[Path | FileReport],
    job: Job,
    jobs: int,
    out: TextIO,
    color: bool | None,
    exit_zero: bool,
    *,
    to_terminal: bool,
) -> int:
    """Judge and write every input to ``out`` in ``job``'s format; return the exit status."""
    from referee.batch import run_batch
    from referee.render.writers import open_writer

    opened = open_writer(job, out, color=color, files=len(inputs))
    with _progress(inputs, shown_on_stdout=to_terminal) as progress:
        tally = run_batch(inputs, opened.writer, opened.job, jobs, progress)
    opened.finish()
    return tally.exit_code(exit_zero)


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
    from referee.progress import ProgressBar

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


def _write_atomic(target: Path, write: Callable[[TextIO], int]) -> int:
    """Write the report to ``target``.

    A regular file (or nothing yet) is written as a temporary file beside it, then renamed
    over it, so a reader never sees half a report; the file it replaces keeps its
    permissions (a symlink is followed: the file it points to is replaced, not the link).
    Anything else (``/dev/null``, ``/dev/stdout``, a pipe) is written into directly: a rename
    would replace the device node or the link itself.
    """
    try:
        existing: os.stat_result | None = target.stat()
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        with open(target, "w", encoding="utf-8", errors="backslashreplace", newline="\n") as out:
            return write(out)
    import tempfile  # (only here: it imports random, which a write to /dev/null never needs)

    real = Path(os.path.realpath(target))
    from referee.batch import signals_held

    with signals_held():  # (a signal between the two would leave the file unknown)
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        _TEMP_FILES.add(tmp)
    try:
        with os.fdopen(
            fd, "w", encoding="utf-8", errors="backslashreplace", newline="\n"
        ) as handle:
            code = write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        if existing is not None:
            mode = stat.S_IMODE(existing.st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        _TEMP_FILES.discard(tmp)
    return code


#: Temporary report files being written, removed by :func:`_on_signal` if the run is killed.
_TEMP_FILES: set[str] = set()


def _on_signal(signum: int, frame: object) -> None:
    """Remove the temporary report files and end the run at once, with ``128 + signum``.

    The run ends here rather than by an exception unwinding it: an exception raised in a
    signal handler is lost when the signal lands in a finaliser (a generator closed by the
    garbage collector, say), and the run would go on to write its report. The workers die
    with this process (see :mod:`referee.batch`).
    """
    for tmp in list(_TEMP_FILES):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    import signal

    words = "interrupted" if signum == getattr(signal, "SIGINT", None) else "stopped by a signal"
    with contextlib.suppress(OSError):
        os.write(2, f"referee: {words}\n".encode())
    os._exit(128 + signum)


def _catch_signals() -> None:
    """End the run on SIGINT, SIGTERM and SIGHUP with no temporary file and no worker left
    behind (see :func:`_on_signal`)."""
    import signal

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
            # (a signal the parent shell has the run ignore, as SIGINT in `referee ... &`,
            # stays ignored)
            with contextlib.suppress(OSError, ValueError):
                signal.signal(signum, _on_signal)


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
    help="Replay a log's hands as trick grids, with the findings and the settlement.\n\n"
    "Exit status as for `audit`, over the hands shown: 0 clean, 1 any violation, 2 the file "
    "could not be read or parsed (its errors are printed as `audit` prints them) or has no "
    "hand N."
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

    reading = _reading(encoding, allow_rules_anywhere)

    if rules is not None and not rules.is_file():
        raise _fail(f"--rules {rules}: {'not a file' if rules.exists() else 'no such file'}")
    path = input_path(file)
    if not is_stdin(path) and path.is_dir():
        raise _fail(f"{file}: is a folder; `show` takes one log file")
    report = audit_file(path, rules, keep_tricks=True, reading=reading)
    hands = [h for h in report.hands if hand is None or h.number == hand]
    if hand is not None and not hands and not report.errors:
        numbers = sorted({h.number for h in report.hands})
        known = f"hands {numbers[0]}-{numbers[-1]}" if numbers else "no hands"
        raise _fail(f"{file}: no hand {hand} (the log has {known})")
    try:
        _show(report, hands)
    except BrokenPipeError:
        _silence_stdout()
        raise typer.Exit(EXIT_BROKEN_PIPE) from None
    import dataclasses

    from referee.report import Report

    raise typer.Exit(Report([dataclasses.replace(report, hands=hands)]).exit_code())


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
    help="Explain a rule ID (BR-FOLLOW), a read-error code (P-SYNTAX) or a house option "
    "(head_trick): what it means, examples, and how to fix the log.\n\n"
    'Any case; a near miss gets a "did you mean". `referee rules` lists them all.'
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
    _stdout(Format.text).write(text)


# ----------------------------------------------------------------------------- rules


@app.command("rules")
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

    _stdout(Format.text).write(rules_text(game.value if game else None))


# ----------------------------------------------------------------------------- new


@app.command(
    help="Print a starter log: the header, every house option as a comment, and one "
    "complete hand that audits clean. Edit it into your own game's log.\n\n"
    "With -o FILE it is written to FILE, which must not exist yet (--force replaces an "
    "existing file)."
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
    from referee.starter import StarterError, starter_log, write_new

    text = starter_log(game.value)
    if output is None:
        _stdout(Format.text).write(text)
        return
    try:
        if force and output.exists():
            if not output.is_file():
                raise StarterError(f"{output}: not a regular file; not replaced")
            _write_atomic(output, lambda out: _write_text(out, text))
        else:
            write_new(output, text)
    except StarterError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write {output}: {exc.strerror or exc}") from None
    typer.echo(f"referee: wrote {visible(str(output))}; audit it with `referee audit`", err=True)


def _write_text(out: TextIO, text: str) -> int:
    out.write(text)
    return 0


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
    """Console-script entry point: run the app, never showing a traceback."""
    _catch_signals()
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    except Exception as exc:  # a referee bug: say so in one line
        sys.stderr.write(
            f"referee: internal error: {type(exc).__name__}: {exc} (this is a bug in the referee)\n"
        )
        sys.exit(EXIT_MISUSE)
