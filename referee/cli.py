"""The command line: ``referee audit``, ``report``, ``standings``, ``show``, ``explain``,
``docs``, ``rules``, ``new``, ``fix``, ``config``, ``lsp``.

Start-up stays fast: only typer (and the games' keys, no game) is imported at module level;
the parser, the engines, rich and the renderers are imported inside the commands that need
them. No command ever shows a traceback: misuse, and output that cannot be written, are a
one-line message and exit status 2; a reader that goes away (``| head``) ends the run
quietly (:mod:`referee.output`).

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
import copy
import errno
import functools
import gc
import os
import stat
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO, TypeVar

#: How many objects are made, net, between two collections of the youngest generation (the
#: interpreter's default is 700). A run imports typer and the referee first, some 100,000
#: objects that live as long as it does, and every 700 of them the collector walked the
#: young ones again: some 6 ms of a one-hand audit's 0.1 s. Every 10,000 it still walked
#: them twice (once young, once in the middle generation: some 5 ms); every 100,000 a short
#: run never collects, and a long one walks each object it keeps once, as before. (A
#: judged hand's objects are freed as it ends, not by the collector.) Set before typer is
#: imported.
YOUNG_COLLECTED_EVERY = 100_000
gc.set_threshold(max(gc.get_threshold()[0], YOUNG_COLLECTED_EVERY))

import typer  # noqa: E402  (after the collector's threshold, above)
from typer.core import TyperCommand  # noqa: E402

from referee.games import GameKey  # noqa: E402  (the games' keys: no game is imported)
from referee.render.safe import visible  # noqa: E402

if TYPE_CHECKING:
    from referee.audit import Reading
    from referee.batch import Progress, Tally
    from referee.config import ConfigError, Configs
    from referee.fixer import FixOutcome
    from referee.guide import Page
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
    csv_findings = "csv-findings"
    github = "github"
    sarif = "sarif"


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
    typer.Option(
        "--rules",
        help="House-rules YAML file applied to every log, over the log's own.",
        metavar="FILE",
    ),
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


_ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE",
        help="Use this config (a referee.toml, or a pyproject.toml's tool.referee table) for "
        "every log, instead of the nearest one up each log's folders.",
    ),
]
_NoConfigOption = Annotated[
    bool,
    typer.Option("--no-config", help="Use no config file: only the command line and the logs."),
]


_ExitZeroOption = Annotated[
    bool,
    typer.Option(
        "--exit-zero",
        help="Exit 0 even when findings are made (an input that could not be read as a log "
        "still exits 2).",
    ),
]


_WatchOption = Annotated[
    bool,
    typer.Option(
        "--watch",
        help="Judge again on every save of a log (or of a house-rules file beside it) until "
        "Ctrl-C, clearing the screen first on a terminal. Needs the watchfiles package "
        "(pip install watchfiles).",
    ),
]


#: ``audit``'s own options, named here rather than written in its signature: typer evaluates
#: each annotation of the command it builds (twice: they are strings here), and a name is
#: evaluated for less than the expression it stands for (~1 ms of a one-file audit).
_AuditFormatOption = Annotated[
    Format | None,
    typer.Option(
        "--format",
        "-f",
        metavar="FORMAT",
        help="Report format: text, json, jsonl, html, csv, csv-findings, github or sarif "
        "(default: the current folder's config's `format`, else text).",
        case_sensitive=False,
        show_default=False,
    ),
]
_AuditSelectOption = Annotated[
    list[str] | None,
    typer.Option(
        "--select",
        metavar="IDS",
        help="Report only these rule IDs or prefixes (comma-separated).",
    ),
]
_AuditIgnoreOption = Annotated[
    list[str] | None,
    typer.Option(
        "--ignore",
        metavar="IDS",
        help="Do not report these rule IDs or prefixes (comma-separated).",
    ),
]
_AuditQuietOption = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        help="Text: print only the findings. With -o: do not say where the report went.",
    ),
]
_AuditOutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write the report to FILE (replaced atomically) instead of stdout.",
    ),
]
_AuditStatisticsOption = Annotated[
    bool,
    typer.Option(
        "--statistics",
        help="Print only the number of findings of each rule ID, in place of the report "
        "(with --format text or json).",
    ),
]


class _Misuse(typer.Exit):
    """The exit of a command misused (status 2), told apart from a run's own exit."""


def _fail(message: str) -> typer.Exit:
    """Print ``referee: message`` on stderr and return the exit to raise (status 2)."""
    typer.echo(f"referee: {visible(message)}", err=True)
    return _Misuse(EXIT_MISUSE)


def _split_ids(values: list[str] | None) -> list[str]:
    return [part.strip() for v in values or [] for part in v.split(",") if part.strip()]


# ----------------------------------------------------------------------------- audit


@app.command(
    cls=_Command,
    help="Judge hand logs: every play, decision and settlement, hand by hand.\n\n"
    "Formats: text (for people), json (one document), jsonl (one object per hand, streamed), "
    "html (one self-contained page with charts; see also `referee report`), csv (one row per "
    "hand and player, for a spreadsheet), csv-findings (one row per finding and read error), "
    "github (workflow annotations on the log's lines), "
    "sarif (SARIF 2.1.0, for code scanning).\n\n"
    "--statistics prints only the number of findings of each rule (as text, or json)."
    f"\n\n{_EXIT_HELP} --exit-zero turns 1 into 0.",
)
def audit(
    paths: _PathsArgument,
    output_format: _AuditFormatOption = None,
    rules: _RulesOption = None,
    jobs: _JobsOption = 0,
    select: _AuditSelectOption = None,
    ignore: _AuditIgnoreOption = None,
    exit_zero: _ExitZeroOption = False,
    quiet: _AuditQuietOption = False,
    output: _AuditOutputOption = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
    statistics: _AuditStatisticsOption = False,
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
    watch: _WatchOption = False,
) -> None:
    """Judge hand logs: every play, decision and settlement, hand by hand."""
    reading = _reading(encoding, allow_rules_anywhere)
    configs = _configs(config, no_config, allow_rules_anywhere)
    chosen = _run_format(output_format, configs)
    fmt = None
    if statistics:  # (a config's format other than text or json: the counts as text)
        given = output_format is not None or chosen in (Format.text, Format.json)
        fmt = _statistics_format(chosen if given else Format.text)
    if watch:  # (judged anew on each change, the folder configs read anew)
        args = (paths, chosen, rules, jobs, select, ignore, exit_zero, quiet, output, reading)

        def judge() -> None:
            _audit(*args, fmt, _configs(config, no_config, allow_rules_anywhere))

        _watch(paths, [*_rules_given(rules), *_config_files(paths, configs)], judge, output, quiet)
    _audit(
        paths, chosen, rules, jobs, select, ignore, exit_zero, quiet, output, reading, fmt, configs
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
    configs: Configs | None = None,
) -> None:
    """``audit`` (and ``report``): check the options, judge, render, exit with the status
    (``fmt``: the writers' format, when not ``output_format``'s: ``--statistics``;
    ``configs``: the folder configs that apply, see :func:`_configs`)."""
    from referee.inputs import collect_inputs
    from referee.job import Job

    _check_rules_file(rules)
    select_ids, ignore_ids = _rule_filters(select, ignore)
    _check_output(output)
    inputs = collect_inputs(paths)
    _check_configs(configs, inputs)
    if output is not None:
        _refuse_input_as_output(output, [*inputs, *([rules] if rules else []), *_files(configs)])
    writers = fmt or output_format.value
    job = Job(writers, rules, select_ids, ignore_ids, quiet, reading)

    def render(out: TextIO, color: bool | None) -> Tally:
        return _render(inputs, job, jobs, out, color, to_terminal=output is None, configs=configs)

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
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
) -> None:
    """Write the audit as one self-contained HTML page (``audit --format html -o FILE``)."""
    reading = _reading(encoding, allow_rules_anywhere)
    configs = _configs(config, no_config, allow_rules_anywhere)
    _audit(
        paths, Format.html, rules, jobs, select, ignore, exit_zero, quiet, output, reading,
        configs=configs,
    )  # fmt: skip


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
        StandingsFormat | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="Report format: text, json or csv (default: the current folder's config's "
            "`format` when it is one of these, else text).",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
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
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
) -> None:
    """Add up the settled hands of many logs per player, and who pays whom."""
    from referee.batch import run_batch
    from referee.inputs import collect_inputs
    from referee.job import Job
    from referee.standings import StandingsWriter

    reading = _reading(encoding, allow_rules_anywhere)
    configs = _configs(config, no_config, allow_rules_anywhere, filters=False)
    output_format = _standings_format(output_format, configs)
    _check_rules_file(rules)
    _check_output(output)
    inputs = collect_inputs(paths)
    _check_configs(configs, inputs)
    if output is not None:
        _refuse_input_as_output(output, [*inputs, *([rules] if rules else []), *_files(configs)])
    writer = StandingsWriter()
    job = Job("standings", rules, reading=reading)
    with _progress(inputs, shown_on_stdout=False) as progress:  # (printed once it is done)
        tally = run_batch(inputs, writer, job, jobs, progress, configs)
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
    configs: Configs | None = None,
) -> Tally:
    """Judge and write every input to ``out`` in ``job``'s format; return the tally."""
    from referee.batch import run_batch
    from referee.render.writers import open_writer

    opened = open_writer(job, out, color=color, files=len(inputs))
    with _progress(inputs, shown_on_stdout=to_terminal) as progress:
        tally = run_batch(inputs, opened.writer, opened.job, jobs, progress, configs)
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


def _rule_filters(
    select: list[str] | None, ignore: list[str] | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``--select`` and ``--ignore`` as rule IDs and prefixes, each entry checked."""
    select_ids, ignore_ids = _split_ids(select), _split_ids(ignore)
    _check_rule_ids("--select", select_ids)
    _check_rule_ids("--ignore", ignore_ids)
    return tuple(select_ids), tuple(ignore_ids)


def _check_rule_ids(option: str, ids: list[str]) -> None:
    """Every ``--select``/``--ignore`` entry must name a rule or a prefix of one."""
    from referee.filtering import unknown_prefix

    for entry in ids:
        problem = unknown_prefix(entry)
        if problem is not None:
            raise _fail(f"{option}: {problem}")


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
        typer.Option(
            "--rules", help="House-rules YAML file applied over the log's own.", metavar="FILE"
        ),
    ] = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
    watch: _WatchOption = False,
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
) -> None:
    """Replay a log's hands as trick grids, with the findings and the settlement."""
    from referee.audit import audit_file
    from referee.filtering import filter_hand, rule_filter
    from referee.inputs import input_path, is_stdin
    from referee.job import Job
    from referee.report import exit_status, file_not_read

    configs = _configs(config, no_config, allow_rules_anywhere)
    if watch:  # (each time as anew, with no --watch)
        again = functools.partial(
            show,
            file,
            hand,
            rules,
            encoding,
            allow_rules_anywhere,
            config=config,
            no_config=no_config,
        )
        _watch([file], [*_rules_given(rules), *_config_files([file], configs)], again, None, False)
    reading = _reading(encoding, allow_rules_anywhere)
    _check_rules_file(rules)
    path = input_path(file)
    try:
        is_dir = not is_stdin(path) and path.is_dir()
    except OSError:
        is_dir = False  # (a name the system refuses: the reading reports it)
    if is_dir:
        raise _fail(f"{file}: is a folder; `show` takes one log file")
    _check_configs(configs, [path])
    judged = configs.job_for(Job("text", rules, reading=reading), path)
    report = audit_file(path, rules, keep_tricks=True, reading=judged.reading)
    hands = [h for h in report.hands if hand is None or h.number == hand]
    if judged.select or judged.ignore:  # (a config's select/ignore, as `audit` applies them)
        keep = rule_filter(judged.select, judged.ignore)
        hands = [filter_hand(h, keep) for h in hands]
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
    show_file(console, report, hands, width=console.width if console.is_terminal else None)


# ----------------------------------------------------------------------------- config


def _configs(
    config: Path | None, no_config: bool, rules_anywhere: bool, *, filters: bool = True
) -> Configs:
    """The folder configs of a run (``--config FILE``, ``--no-config``, or the nearest one
    up each log's folders: :mod:`referee.config`); a bad ``--config`` file is exit 2."""
    from referee.config import ConfigError, Configs

    if config is not None and no_config:
        raise _fail("--config and --no-config: give one or the other")
    try:
        return Configs(fixed=config, off=no_config, rules_anywhere=rules_anywhere, filters=filters)
    except ConfigError as exc:
        raise _config_failed(exc) from None


def _check_configs(configs: Configs | None, inputs: list[Any]) -> None:
    """Exit 2, before anything is judged or written, when a config that applies to an
    input cannot be used (it names the file, the key and what is valid)."""
    from referee.config import ConfigError

    if configs is None:
        return
    try:
        configs.check(inputs)
    except ConfigError as exc:
        raise _config_failed(exc) from None


def _config_failed(exc: ConfigError) -> typer.Exit:
    """Each problem of a config on a line of its own (``referee: FILE: KEY: ...``), exit 2."""
    for problem in exc.problems[:-1]:
        typer.echo(f"referee: {visible(problem)}", err=True)
    return _fail(exc.problems[-1])


def _files(configs: Configs | None) -> list[Path | FileReport]:
    """The config files a run read, and their ``rules`` files (never written over)."""
    return [*configs.files()] if configs is not None else []


def _run_format(given: Format | None, configs: Configs) -> Format:
    """``--format``, else the ``format`` of the current folder's config, else text."""
    from referee.config import ConfigError

    if given is not None:
        return given
    try:
        run = configs.for_run()
    except ConfigError as exc:
        raise _config_failed(exc) from None
    return Format(run.format) if run is not None and run.format else Format.text


def _standings_format(given: StandingsFormat | None, configs: Configs) -> StandingsFormat:
    """``--format``, else the config's ``format`` when standings has it, else text."""
    if given is not None:
        return given
    chosen = _run_format(None, configs).value
    known = chosen in StandingsFormat.__members__
    return StandingsFormat(chosen) if known else StandingsFormat.text


class ConfigFormat(StrEnum):
    """Output formats of ``config``."""

    text = "text"
    json = "json"


@app.command(
    "config",
    cls=_Command,
    help="Show what applies to a log, or to the logs in a folder: the config file (the "
    "nearest referee.toml, or pyproject.toml with a tool.referee table, up the folders), "
    "each setting and each house option, and where each value comes from (the file and "
    "key, the log's line, `command line`, or `default`).\n\n"
    "Lowest first: the defaults, the config's `rules` file, its bourre / bid-euchre "
    "table, the log's `rules PATH`, its `option` lines, the command line (--rules, "
    "--select, --ignore, --encoding). The report's `format` comes from the current "
    "folder's config.\n\n"
    "Exit status: 0; 2 when a config cannot be used, the log cannot be judged by what "
    "applies (bad house rules, no usable header), or misuse.",
)
def config_command(
    path: Annotated[
        str,
        typer.Argument(
            help="A hand-log file, or a folder (what applies to the logs in it).",
            metavar="PATH",
        ),
    ] = ".",
    output_format: Annotated[
        ConfigFormat,
        typer.Option(
            "--format", "-f", metavar="FORMAT", help="text or json.", case_sensitive=False
        ),
    ] = ConfigFormat.text,
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
    rules: _RulesOption = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="IDS", help="As for `audit`."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="IDS", help="As for `audit`."),
    ] = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
) -> None:
    """Show what applies to a log or a folder, and where each value comes from."""
    from referee.config import ConfigError
    from referee.configview import applied_to
    from referee.inputs import is_stdin
    from referee.job import Job

    if is_stdin(path):
        raise _fail("-: name the log file, or its folder (`referee config .`)")
    reading = _reading(encoding, allow_rules_anywhere)
    configs = _configs(config, no_config, allow_rules_anywhere)
    _check_rules_file(rules)
    select_ids, ignore_ids = _rule_filters(select, ignore)
    target = Path(path)
    if not target.exists():
        raise _fail(f"{path}: no such file or folder")
    job = Job("config", rules, select_ids, ignore_ids, reading=reading)
    try:
        applied = applied_to(target, job, configs)
    except ConfigError as exc:
        raise _config_failed(exc) from None
    with _writing_stdout():
        _write_applied(applied, output_format, config, no_config)
    raise typer.Exit(0 if applied.usable else EXIT_MISUSE)


def _write_applied(
    applied: Any, output_format: ConfigFormat, config: Path | None, no_config: bool
) -> None:
    from referee.render.config import write_json, write_text

    out = _stdout(Format.text if output_format is ConfigFormat.text else Format.json)
    if output_format is ConfigFormat.json:
        write_json(out, applied)
        return
    why = (
        "--no-config"
        if no_config
        else ("no referee.toml, nor pyproject.toml with [tool.referee], in its folder or above")
    )
    write_text(out, applied, why)


# ----------------------------------------------------------------------------- explain


@app.command(
    cls=_Command,
    help="Explain a rule ID (BR-FOLLOW), a read-error code (P-SYNTAX), a house option "
    "(head_trick) or a statement of a log (settle): what it means, examples, and how to "
    "fix the log.\n\n"
    'Any case; a near miss gets a "did you mean". `referee rules` lists the rules, codes '
    "and options; `referee docs log-format` every statement.",
)
def explain(
    topic: Annotated[
        str,
        typer.Argument(
            metavar="ID-OR-KEY",
            help="A rule ID (BR-FOLLOW), a read-error code (P-RULES), an option key "
            "(head_trick) or a statement's keyword (settle).",
            show_default=False,
        ),
    ],
) -> None:
    """Explain a rule ID, a read-error code, a house option or a statement."""
    from referee.topics import UnknownTopic, explain_topic

    try:
        text = explain_topic(topic)
    except UnknownTopic as exc:
        raise _fail(str(exc)) from None
    with _writing_stdout():
        _stdout(Format.text).write(text)


# ----------------------------------------------------------------------------- docs


@app.command(
    "docs",
    cls=_Command,
    help="Print a page of the guide, which comes with the command: write your first log, "
    "the log format, house rules, findings, the library, logs in a repository; and the "
    "commands, the reports and the choices made where the format is silent, in full. "
    "Without PAGE, list the pages.\n\n"
    "The page is Markdown, as written. On a terminal it is shown through a pager "
    "($MANPAGER or $PAGER, else less; PAGER=cat prints it); piped, it is printed as it is.",
)
def docs_command(
    page: Annotated[
        str | None,
        typer.Argument(
            metavar="PAGE",
            help="A page's name: index, first-log, log-format, house-rules, findings, library, ci.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print a page of the guide, or list them."""
    from referee.guide import GuideMissing, UnknownPage, find_page, pages

    try:
        text = _page_list(pages()) if page is None else find_page(page).text()
    except (UnknownPage, GuideMissing) as exc:
        raise _fail(str(exc)) from None
    if page is not None and _isatty(sys.stdout) and _isatty(sys.stdin):
        import pydoc  # (its pager: $MANPAGER or $PAGER, else less or more)

        pydoc.pager(text)
        return
    with _writing_stdout():
        _stdout(Format.text).write(text)


def _page_list(listed: list[Page]) -> str:
    """``referee docs``: each page's name and title, and how to print one."""
    width = max(len(p.name) for p in listed)
    lines = ["The guide's pages (`referee docs PAGE` prints one):", ""]
    lines += [f"  {p.name:<{width}}  {p.title}" for p in listed]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- rules


@app.command("rules", cls=_Command)
def rules_command(
    game: Annotated[
        GameKey | None,
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


def _one_of(choices: type[StrEnum]) -> str:
    """``bourre or bid-euchre.``: the choices, for an argument whose metavar hides them."""
    return " or ".join(choices) + "."


@app.command(
    cls=_Command,
    help="Print a starter log: the header, every house option as a comment, and one "
    "complete hand that audits clean. Edit it into your own game's log.\n\n"
    "With -o FILE it is written to FILE, which must not exist yet (--force replaces an "
    "existing file).",
)
def new(
    game: Annotated[
        GameKey,
        typer.Argument(
            help=_one_of(GameKey), case_sensitive=False, show_default=False, metavar="GAME"
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


# ----------------------------------------------------------------------------- fix


@app.command(
    cls=_Command,
    help="Print the log with what the referee can mend corrected: in each hand it settled, "
    "the recorded `settle` (Bourré: and `ante`) or `settle`/`score` (Bid Euchre) lines it "
    'found wrong, written as it settles the hand; a misspelt keyword whose "did you '
    'mean" names one word that makes the line read. Everything else is kept as written '
    "(comments, spacing, line ends, encoding). The log itself is never changed.\n\n"
    "--diff prints the changes as a unified diff; -o NEW writes the fixed log to a new file "
    "(--force replaces an existing one, never the log itself). Hands the log does not "
    "settle are left as they are, one line each on stderr, with the reason.\n\n"
    "Exit status: 0 nothing to fix and no finding; 1 something was fixed, or findings "
    "remain that fix cannot mend (listed on stderr); 2 the log could not be read as a log "
    "at all, or misuse.",
)
def fix(
    file: Annotated[
        str,
        typer.Argument(
            help="One hand-log file (`-`: read it from standard input).",
            show_default=False,
            metavar="FILE",
        ),
    ],
    diff: Annotated[
        bool, typer.Option("--diff", help="Print a unified diff of the changes instead.")
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="NEW", help="Write the fixed log to the new file NEW."
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="With -o: replace NEW if it exists.")
    ] = False,
    rules: Annotated[
        Path | None,
        typer.Option("--rules", help="House-rules YAML file applied to the log.", metavar="FILE"),
    ] = None,
    encoding: _EncodingOption = None,
    allow_rules_anywhere: _RulesAnywhereOption = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Say nothing on stderr but why a log was not read."),
    ] = False,
    config: _ConfigOption = None,
    no_config: _NoConfigOption = False,
) -> None:
    """Print the log with what the referee can mend corrected (the log is never changed)."""
    from referee.fixer import fix_log, judge_with, read_input
    from referee.inputs import STDIN_NAME, input_path, is_stdin
    from referee.job import Job

    reading = _reading(encoding, allow_rules_anywhere)
    configs = _configs(config, no_config, allow_rules_anywhere)
    _check_rules_file(rules)
    if diff and output is not None:
        raise _fail("--diff prints the changes and -o writes the fixed log: give one of them")
    path = input_path(file)
    stdin = is_stdin(path)
    name = STDIN_NAME if stdin else str(path)
    if not stdin and _is_dir(path):
        raise _fail(f"{file}: is a folder; `fix` takes one log file")
    if output is not None:
        _check_new_output(output, force, [path, *([rules] if rules else [])])
    _check_configs(configs, [path])
    reading = configs.job_for(Job("text", rules, reading=reading), path).reading
    data = read_input(path)
    if isinstance(data, str):
        typer.echo(f"referee: {visible(name)}: {visible(data)}", err=True)
        raise typer.Exit(EXIT_MISUSE)
    base = None if stdin else path.parent
    judge = judge_with(name, rules, base, reading)
    outcome = fix_log(data, judge, name, reading.encoding)
    if outcome.fixed is None or outcome.not_read:
        _say_not_read(name, outcome.report)
    if outcome.fixed is not None:
        try:
            data = outcome.fixed.encode()
        except UnicodeEncodeError as exc:  # (a name written anew the encoding lacks)
            codec = outcome.fixed.codec
            raise _fail(f"{name}: the fixed log cannot be written in {codec}: {exc}") from None
        if diff:
            _print_diff(name, outcome)
        elif output is not None:
            _write_fixed(output, data, force, quiet)
        else:
            _print_fixed(outcome, data)
    if not quiet:
        _say_fixed(name, outcome)
    raise typer.Exit(outcome.exit_code())


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False  # (a name the system refuses: the reading reports it)


def _check_new_output(output: Path, force: bool, inputs: list[Path]) -> None:
    """``fix -o NEW``: misuse unless NEW is a file in an existing folder that is no input
    (by any path or link) and, without ``--force``, does not exist yet (not even as a
    broken link); with it, a regular file (or nothing yet)."""
    _check_output(output)
    _refuse_input_as_output(output, list(inputs))
    if not (output.exists() or output.is_symlink()):
        return
    if not force:
        raise _fail(f"{output} already exists; use --force to replace it")
    if not output.is_file():
        raise _fail(f"{output}: not a regular file; not replaced")


def _write_fixed(output: Path, data: bytes, force: bool, quiet: bool) -> None:
    """Write the fixed log to ``output``: a new file (never onto one that appeared
    meanwhile), or with ``force`` atomically over the one there."""
    from referee.output import write_atomic, write_new

    try:
        if force and output.exists():
            write_atomic(output, lambda out: out.buffer.write(data))
        else:
            write_new(output, data)
    except FileExistsError:
        raise _fail(f"{output} already exists; use --force to replace it") from None
    except OSError as exc:
        raise _fail(f"cannot write {output}: {_why(exc)}") from None
    if not quiet:
        typer.echo(f"referee: wrote {visible(str(output))}", err=True)


def _print_fixed(outcome: FixOutcome, data: bytes) -> None:
    """The fixed log on stdout: its bytes as written (``data``: encoding, mark, line
    ends); on a terminal, its text with every control character made visible."""
    fixed = outcome.fixed
    assert fixed is not None
    with _writing_stdout():
        if _isatty(sys.stdout) or not hasattr(sys.stdout, "buffer"):
            out = _stdout(Format.text)
            for text, _ in fixed.lines:
                out.write(visible(text) + "\n")
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)


def _print_diff(name: str, outcome: FixOutcome) -> None:
    """The changes as a unified diff (``--- NAME`` / ``+++ NAME``), as ``diff -u`` writes
    it; on a terminal, control characters made visible."""
    from referee.fixer import unified_diff

    tty = _isatty(sys.stdout)
    with _writing_stdout():
        out = _stdout(Format.text)
        for line in unified_diff(name, outcome.original, outcome.fixed):
            out.write(visible(line.rstrip("\r\n")) + "\n" if tty else line)


def _say_not_read(name: str, report: FileReport) -> None:
    """Why the log could not be read as a log at all, one error a line."""
    for error in report.errors:
        where = ":".join(str(n) for n in (error.line, error.column) if n is not None)
        typer.echo(
            f"referee: {visible(name)}{':' + where if where else ''}: {error.code} "
            f"{visible(error.message)}",
            err=True,
        )


def _say_fixed(name: str, outcome: FixOutcome) -> None:
    """On stderr: each thing fixed, each hand left as it is, the findings left."""
    from referee.fixer import remaining_in_words

    shown = visible(name)
    for change in outcome.changes:
        typer.echo(f"referee: {shown}:{change.line}: {visible(change.what)}", err=True)
    for left in outcome.left:
        typer.echo(
            f"referee: {shown}: hand {left.hand} is not settled, left as it is: "
            f"{visible(left.why)}",
            err=True,
        )
    if not outcome.settled:
        typer.echo(f"referee: {shown}: still changing; this is a bug in the referee", err=True)
    if outcome.fixed is None or outcome.not_read:
        return
    if outcome.remaining:
        count = len(outcome.remaining)
        typer.echo(
            f"referee: {shown}: {count} finding{'' if count == 1 else 's'} that fix cannot "
            f"mend: {remaining_in_words(outcome.remaining)}; see `referee audit`",
            err=True,
        )
    elif not outcome.changes:
        typer.echo(f"referee: {shown}: nothing to fix", err=True)


# ----------------------------------------------------------------------------- watch


def _rules_given(rules: Path | None) -> list[Path]:
    return [rules] if rules else []


def _config_files(paths: list[str], configs: Configs) -> list[Path]:
    """The folder configs that apply to the logs given, and the house-rules files they name
    (for ``--watch``: a config up a log's folders is not in a folder watched). A config
    that cannot be used is left out (the run says what is wrong with it)."""
    from referee.config import ConfigError
    from referee.inputs import input_path

    found: dict[str, Path] = {}
    for given in paths:
        path = input_path(given)
        try:
            config = configs.for_folder(path if path.is_dir() else path.parent)
        except ConfigError:
            continue
        if config is not None:
            found.setdefault(config.path, Path(config.path))
            if config.rules is not None:
                found.setdefault(str(config.rules), config.rules)
    return list(found.values())


def _watch(
    paths: list[str],
    also: list[Path],
    judge: Callable[[], object],
    output: Path | None,
    quiet: bool,
) -> NoReturn:
    """``--watch``: ``judge()`` (a command's run, which ends by raising its exit), then
    again after every change to a log given or to a file ``also`` given (the house-rules
    file of ``--rules``, the folder configs that apply and their rules files), or to a
    house-rules or config file beside a log or below a folder given, until Ctrl-C, which
    ends the run at once and quietly with status 0. The screen is cleared before each run
    when the report goes to a terminal (no ``output``). Misuse ends the watch on the first
    run; on a later one (``show``: no hand N yet) it is said and the watch goes on."""
    import time

    from referee.inputs import input_path, is_stdin
    from referee.output import quiet_interrupt
    from referee.watching import Watch, WatchError

    given = [input_path(p) for p in paths]
    if any(is_stdin(p) for p in given):
        raise _fail("--watch: standard input (`-`) cannot be watched; name the log's file")
    try:
        watch = Watch(given, also)
    except WatchError as exc:
        raise _fail(str(exc)) from None
    clear = output is None and _isatty(sys.stdout)
    what = f"{watch.count} path{'' if watch.count == 1 else 's'}"
    first = True
    try:
        with quiet_interrupt(), watch:
            while True:
                if clear:
                    with _writing_stdout():
                        sys.stdout.write("\x1b[H\x1b[2J")  # (the cursor home, the screen cleared)
                try:
                    judge()
                except _Misuse:
                    if first:
                        raise
                except typer.Exit:
                    pass  # (the run's exit status: the watch goes on)
                first = False
                with _writing_stdout():
                    pass  # (the report flushed, before the note on stderr)
                if not quiet:
                    now = time.strftime("%H:%M:%S")
                    typer.echo(
                        f"referee: judged at {now}; watching {what} for changes (Ctrl-C to stop)",
                        err=True,
                    )
                watch.wait()
    except WatchError as exc:
        raise _fail(str(exc)) from None


# ----------------------------------------------------------------------------- lsp

#: What `referee lsp` says when pygls is not installed.
LSP_INSTALL_HINT = (
    "`referee lsp` needs the pygls package, which is not installed: pip install 'pygls>=2,<3' "
    "(or install the referee with its lsp extra: pip install '.[lsp]' in its folder)"
)


@app.command(
    cls=_Command,
    help="Run the language server for editors, over standard input and output: the findings "
    "as you type, hovers, completion and quick fixes for *.hlog files. See docs/editors.md.",
)
def lsp(
    stdio: Annotated[
        bool,
        typer.Option(
            "--stdio", help="Talk over standard input and output (always so: editors pass it)."
        ),
    ] = False,
) -> None:
    """Run the language server over standard input and output."""
    try:
        from referee.lsp.server import serve
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] not in ("pygls", "lsprotocol"):
            raise
        raise _fail(LSP_INSTALL_HINT) from None
    serve()


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
    A run that gave up its worker processes ends at once when its messages are written
    (:func:`referee.workers.given_up`). Then every object is frozen out of the collector
    (:func:`gc.freeze`): the interpreter's last collections walked them all again as it
    exited (some 15 ms of a one-hand audit), only to free memory that the system takes
    back anyway. (Every file the run writes is closed by then; nothing the referee keeps
    needs a finalizer.)
    """
    try:
        _run_app()
    except SystemExit as done:
        _end_now_if_workers_given_up(done.code)
        raise
    finally:
        gc.freeze()


def _run_app() -> None:
    from referee.output import catch_signals, reader_gone

    catch_signals()
    try:
        try:
            _app_to_run(sys.argv[1:])()
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


def _end_now_if_workers_given_up(code: object) -> None:
    """``os._exit(code)`` after flushing, when the run let its worker pool go without
    waiting: nothing is left to write, and the workers die with this process."""
    workers = sys.modules.get("referee.workers")
    if workers is None or not workers.given_up():
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # (already reported, or closed)
            stream.flush()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


def _app_to_run(args: list[str]) -> typer.Typer:
    """The app for the command line ``args``: :data:`app`, or when the first argument names
    a command, a copy of it with that command alone. typer builds every command's options
    from its signature on each run (some 10 ms for them all, a tenth of a one-hand audit);
    a command named first is the only one the run can use, and its help, usage and errors
    are the same. Shell completion (a ``_..._COMPLETE`` variable) gets the whole app."""
    if not args or any(name.endswith("_COMPLETE") for name in os.environ):
        return app
    from typer.main import get_command_name

    named = [
        info
        for info in app.registered_commands
        if info.callback is not None
        and (info.name or get_command_name(info.callback.__name__)) == args[0]
    ]
    if len(named) != 1:
        return app
    alone = copy.copy(app)
    alone.registered_commands = named
    # (nor the app's --install-completion and --show-completion: options of the app, given
    # before a command's name, never after it; typer's own `typer` command does the same)
    alone._add_completion = False
    return alone
