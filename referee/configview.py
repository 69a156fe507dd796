"""What applies to a log, or to the logs of a folder, and where each value comes from:
``referee config PATH``.

Each setting (``select``, ``ignore``, ``format``, ``encoding``, ``rules``) and each house
option is given with its source: the config file and key, the log's line, a house-rules
file and key, ``command line``, or ``default``. The options are worked out by the same
code that judges the log (:func:`referee.houserules.resolve_options`), so what this says is
what ``audit`` does.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.config import Configs, FolderConfig
from referee.job import Job
from referee.report import ReadError

if TYPE_CHECKING:
    from referee.options import GameOptions

#: The source of a value that nothing set, and of one the command line gave.
DEFAULT = "default"
COMMAND_LINE = "command line"


@dataclass(frozen=True, slots=True)
class Setting:
    """One value that applies, and where it comes from."""

    key: str
    value: Any  # a string, a tuple of strings, an option's typed value, or None
    source: str


@dataclass(slots=True)
class Applied:
    """Everything that applies to a log (``kind`` ``"log"``) or to the logs in a folder."""

    path: str
    kind: str
    config: str | None
    settings: list[Setting] = field(default_factory=list)
    #: The house options of the log's game (of each game, for a folder), every option.
    options: dict[str, list[Setting]] = field(default_factory=dict)
    #: What stops the log being judged as it stands, or is wrong in its header.
    errors: list[ReadError] = field(default_factory=list)
    #: Whether the log could be judged by these settings (else ``referee config`` exits 2).
    usable: bool = True


@dataclass(frozen=True, slots=True)
class _NoLog:
    """A header with no ``rules`` or ``option`` line: a folder's logs before their own."""

    game: str
    rules_path: None = None
    options: tuple[()] = ()
    rules_line: int = 0
    rules_column: int = 0
    unread: tuple[()] = ()


def applied_to(target: Path, job: Job, configs: Configs) -> Applied:
    """What applies to ``target`` (a log file, or a folder: the logs directly in it) under
    the command line's ``job`` (its ``--rules``, ``--select``, ``--ignore``,
    ``--encoding``). Raises :class:`referee.config.ConfigError` for a config that cannot be
    used."""
    folder = target.is_dir()
    config = configs.for_folder(Path(os.path.abspath(target))) if folder else None
    if not folder:
        config = configs.for_input(target)
    shown = config.path if config is not None else None
    applied = Applied(str(target), "folder" if folder else "log", shown)
    applied.settings = _settings(job, config, configs)
    if folder:
        for game in _game_keys():
            applied.options[game] = _options(_NoLog(game), job, config, None, applied)[1]
    else:
        _log_options(target, job, configs, applied)
    return applied


def _settings(job: Job, config: FolderConfig | None, configs: Configs) -> list[Setting]:
    """The settings of the run, each with its source (see
    :func:`referee.config.with_config`: the command line wins)."""
    cfg = config or FolderConfig("")
    run = configs.for_run()
    rows = []
    if job.select:
        rows.append(Setting("select", job.select, COMMAND_LINE))
        rows.append(Setting("ignore", job.ignore, COMMAND_LINE if job.ignore else DEFAULT))
    else:
        rows.append(_from(cfg, "select", cfg.select, ()))
        ignored = (*(cfg.ignore or ()), *job.ignore)
        sources = [cfg.source("ignore")] if cfg.ignore else []
        sources += [COMMAND_LINE] if job.ignore else []
        rows.append(Setting("ignore", ignored, " + ".join(sources) or DEFAULT))
    run_format = run.format if run is not None else None
    rows.append(_from(run or FolderConfig(""), "format", run_format, "text"))
    if job.reading.encoding:
        rows.append(Setting("encoding", job.reading.encoding, COMMAND_LINE))
    else:
        rows.append(_from(cfg, "encoding", cfg.encoding, None))
    rows.append(_from(cfg, "rules", str(cfg.rules) if cfg.rules else None, None))
    if job.rules_file is not None:
        rows.append(Setting("--rules", str(job.rules_file), COMMAND_LINE))
    return rows


def _from(config: FolderConfig, key: str, value: Any, default: Any) -> Setting:
    if value is None:
        return Setting(key, default, DEFAULT)
    return Setting(key, value, config.source(key))


def _log_options(path: Path, job: Job, configs: Configs, applied: Applied) -> None:
    """The options of a log's game, read from its header as ``audit`` reads it."""
    from referee.audit import stream_file
    from referee.report import file_not_read

    file_job = configs.job_for(job, path)
    stream = stream_file(path, file_job.rules_file, reading=file_job.reading)
    try:
        header = stream.header
        applied.errors = list(stream.report.errors)
        if header is None or header.game is None:
            applied.usable = False
            return
        options, rows = _options(header, file_job, file_job.reading.config, path, applied)
        applied.options[header.game] = rows
        applied.usable = options is not None and not file_not_read(stream.report, 1)
    finally:
        source = stream.source
        if source is not None:
            source.close()


def _options(
    header: Any, job: Job, config: FolderConfig | None, log: Path | None, applied: Applied
) -> tuple[GameOptions | None, list[Setting]]:
    """Every option of ``header``'s game, with its value and source; a folder's problems
    (a log's are its stream's errors) in ``applied.errors``."""
    from referee.houserules import resolve_options
    from referee.options import default_options

    sources: dict[str, str] = {}
    options, errors = resolve_options(
        header,
        job.rules_file,
        log.parent if log is not None else None,
        rules_anywhere=job.reading.rules_anywhere,
        config=config,
        sources=sources,
    )
    if log is None:
        applied.errors += [_for_game(header.game, error) for error in errors]
        applied.usable = applied.usable and not errors
    shown = options if options is not None else default_options(header.game)
    rows = []
    for item in dataclasses.fields(shown):
        source = sources.get(item.name, DEFAULT)
        if log is not None and source.startswith("line "):
            source = f"{log}:{source.removeprefix('line ')}"
        rows.append(Setting(item.name, getattr(shown, item.name), source))
    return options, rows


def _for_game(game: str, error: ReadError) -> ReadError:
    """A folder's problem, said of the game it is about."""
    return dataclasses.replace(error, message=f"{game}: {error.message}")


def _game_keys() -> list[str]:
    from referee.games import all_games

    return [game.key for game in all_games()]
