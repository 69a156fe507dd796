"""Folder config: a ``referee.toml``, or a ``[tool.referee]`` table in a ``pyproject.toml``,
that applies to every log in its folder and below.

For each log the nearest config up the folders applies, alone (configs are not merged, as
ruff's are not): in each folder a ``referee.toml`` is looked for first, then a
``pyproject.toml`` with a ``[tool.referee]`` table (one without it is passed over); the
search goes up to the file system's root. Its keys:

* ``select`` / ``ignore``: lists of rule IDs or prefixes, as ``--select`` / ``--ignore``;
* ``format``: the report's format when ``--format`` is not given (a run writes one report,
  so it is read from the config of the current folder, as ruff reads ``output-format``);
* ``encoding``: as ``--encoding``;
* ``rules``: a house-rules file, relative to the config file, in its folder or below;
* ``[bourre]``, ``[bid-euchre]``: house options, validated as a house-rules file's are.

Precedence, lowest first: the defaults, the config's ``rules`` file, its game table, the
log's ``rules PATH``, its ``option`` lines, the command line (see
:func:`referee.houserules.resolve_options`). A config that cannot be used is a
:class:`ConfigError` naming the file, the key and what is valid; the command exits 2.

A batch looks each folder up once, and reads each config once (:class:`Configs`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.job import Job

#: The config file's own name, and the Python project file that may hold a config too.
CONFIG_NAME = "referee.toml"
PYPROJECT_NAME = "pyproject.toml"
#: A config (or a pyproject.toml) is at most this large; anything larger is not one.
MAX_CONFIG_BYTES = 1 << 20

#: The keys of a config, in the order the docs list them; then its game tables.
SETTING_KEYS = ("select", "ignore", "format", "encoding", "rules")
#: The formats a config's ``format`` may name (``referee audit --format``).
FORMATS = ("text", "json", "jsonl", "html", "csv", "csv-findings", "github", "sarif")


class ConfigError(ValueError):
    """A config that cannot be used: every problem found in it, each a message that names
    the file and the key (and what is valid)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class FolderConfig:
    """One config file, read and validated. Not to be modified once made.

    (A plain class, as :class:`~referee.games.bourre.play.Table` is: a dataclass is made at
    import, some 0.5 ms of every audit's start, for methods nothing uses.)"""

    __slots__ = (
        "encoding",
        "format",
        "games",
        "ignore",
        "path",
        "rules",
        "rules_written",
        "select",
        "table",
    )

    def __init__(
        self,
        path: str,
        table: str = "",
        select: tuple[str, ...] | None = None,
        ignore: tuple[str, ...] | None = None,
        format: str | None = None,
        encoding: str | None = None,
        rules: Path | None = None,
        rules_written: str | None = None,
        games: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        #: The file, as the messages name it (relative to the current folder when below it).
        self.path = path
        #: ``""`` for a ``referee.toml`` (or a ``--config`` file), ``"tool.referee"`` for a
        #: ``pyproject.toml``'s table.
        self.table = table
        self.select = select
        self.ignore = ignore
        self.format = format
        self.encoding = encoding
        #: The ``rules`` file (as the messages name it), and the path as written.
        self.rules = rules
        self.rules_written = rules_written
        #: Each game table's settings, validated: game key -> option key -> typed value.
        self.games: Mapping[str, Mapping[str, Any]] = {} if games is None else games

    def source(self, key: str, game: str | None = None) -> str:
        """Where a value comes from, for ``referee config``: ``ray/referee.toml: select``,
        ``pyproject.toml: [tool.referee.bourre] limit``."""
        table = ".".join(t for t in (self.table, game) if t)
        return f"{self.path}: " + (f"[{table}] " if table else "") + key


# ----------------------------------------------------------------------------- reading


def load_config(path: Path, *, rules_anywhere: bool = False) -> FolderConfig:
    """The config in ``path``: the whole file, or its ``[tool.referee]`` table when it is
    named ``pyproject.toml`` (which must then have one). Raises :class:`ConfigError`."""
    shown = _shown(path)
    document = _read_toml(path, shown)
    if path.name != PYPROJECT_NAME:
        return _validated(document, shown, "", _folder_of(path), rules_anywhere)
    table = _tool_table(document, shown)
    if table is None:
        raise ConfigError([f"{shown}: no [tool.referee] table in it"])
    return _validated(table, shown, "tool.referee", _folder_of(path), rules_anywhere)


def _read_toml(path: Path, shown: str) -> dict[str, Any]:
    """A TOML file's document. Only a regular file of at most :data:`MAX_CONFIG_BYTES` is
    read, opened without blocking (a pipe or device is refused, not waited for); a number
    with a fraction keeps its digits as written (see :class:`_Written`)."""
    import tomllib

    text = _read_text(path, shown)
    try:
        return tomllib.loads(text, parse_float=_Written)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"{shown}: invalid TOML: {exc}"]) from None


def _read_text(path: Path, shown: str) -> str:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ConfigError([f"{shown}: no such file"]) from None
    except OSError as exc:
        raise ConfigError([f"{shown}: cannot read: {exc.strerror or exc}"]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ConfigError([f"{shown}: not a regular file"])
        data = os.read(fd, MAX_CONFIG_BYTES + 1)
        while data and len(data) <= MAX_CONFIG_BYTES:
            more = os.read(fd, MAX_CONFIG_BYTES + 1 - len(data))
            if not more:
                break
            data += more
    except OSError as exc:
        raise ConfigError([f"{shown}: cannot read: {exc.strerror or exc}"]) from None
    finally:
        os.close(fd)
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError([f"{shown}: too large for a config (over {MAX_CONFIG_BYTES} bytes)"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError([f"{shown}: not UTF-8 text (byte {exc.start + 1})"]) from None


class _Written(str):
    """A TOML number with a fraction, as written (``0.50``, never the binary float 0.5):
    an amount's converter reads it as an `option` line's value is read, so that ``0.50``
    keeps its two places and ``1e3`` is no amount (see :mod:`referee.amounts`)."""

    __slots__ = ()


def _tool_table(document: Mapping[str, Any], shown: str) -> dict[str, Any] | None:
    """A pyproject.toml's ``[tool.referee]`` table, or None when it has none."""
    tool = document.get("tool")
    if not isinstance(tool, dict) or "referee" not in tool:
        return None
    table = tool["referee"]
    if not isinstance(table, dict):
        raise ConfigError([f"{shown}: tool.referee must be a table ([tool.referee])"])
    return table


# ----------------------------------------------------------------------------- checking


def _validated(
    table: Mapping[str, Any], shown: str, prefix: str, folder: Path, rules_anywhere: bool
) -> FolderConfig:
    """The config a table gives, every key checked; :class:`ConfigError` with every
    problem found."""
    from referee.options import _game_section

    problems: list[str] = []
    settings: dict[str, Any] = {}
    games: dict[str, Mapping[str, Any]] = {}
    where = f"{shown}: " + (f"[{prefix}] " if prefix else "")
    for key, value in table.items():
        game = _game_section(key)
        if key in SETTING_KEYS:
            settings.update(_setting(key, value, where, folder, rules_anywhere, problems))
        elif game is not None and not isinstance(value, dict):
            problems.append(f"{where}{_key(key)}: expected a table of house options ([{key}])")
        elif game is not None:
            if game in games:
                problems.append(f"{where}{_key(key)}: a second table for {game}")
            games[game] = _game_table(game, key, value, shown, prefix, problems)
        else:
            problems.append(where + _unknown_key(key))
    if problems:
        raise ConfigError(problems)
    return FolderConfig(shown, prefix, games=games, **settings)


def _unknown_key(key: str) -> str:
    """``unknown key 'selct' (did you mean select?); valid keys: ...``."""
    from referee.games import GameKey
    from referee.suggest import close_matches, did_you_mean

    games = [game.value for game in GameKey]
    hint = did_you_mean(close_matches(key, (*SETTING_KEYS, *games)))
    return (
        f"unknown key {_key(key)}"
        + (f" ({hint})" if hint else "")
        + "; valid keys: "
        + ", ".join(SETTING_KEYS)
        + ", and the tables "
        + " and ".join(f"[{game}]" for game in games)
        + " (house options)"
    )


def _key(key: str) -> str:
    """A key as a message shows it: quoted, cut short."""
    return repr(key if len(key) <= 40 else key[:37] + "...")


def _setting(
    key: str, value: Any, where: str, folder: Path, rules_anywhere: bool, problems: list[str]
) -> dict[str, Any]:
    """One setting's fields of :class:`FolderConfig`, or none (its problem in ``problems``)."""
    try:
        if key in ("select", "ignore"):
            return {key: _rule_ids(value)}
        if key == "format":
            return {key: _format(value)}
        if key == "encoding":
            return {key: _encoding(value)}
        rules, written = _rules(value, folder, rules_anywhere)
        return {"rules": rules, "rules_written": written}
    except ValueError as exc:
        problems.append(f"{where}{key}: {exc}")
        return {}


def _rule_ids(value: Any) -> tuple[str, ...]:
    """A list of rule IDs or prefixes, each one that names a rule (as ``--select``)."""
    from referee.filtering import unknown_prefix

    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError('expected a list of rule IDs or prefixes, such as ["BR-", "L-TURN"]')
    for entry in value:
        problem = unknown_prefix(entry)
        if problem is not None:
            raise ValueError(problem)
    return tuple(entry.strip().upper() for entry in value)


def _format(value: Any) -> str:
    from referee.suggest import close_matches, did_you_mean

    text = value.strip().lower() if isinstance(value, str) else None
    if text in FORMATS:
        return text
    hint = did_you_mean(close_matches(text, FORMATS)) if text else ""
    expected = "expected one of: " + ", ".join(FORMATS)
    raise ValueError(expected + (f" ({hint})" if hint else ""))


def _encoding(value: Any) -> str:
    """A text encoding Python knows, by its codec's name (as ``--encoding``)."""
    import encodings.aliases

    from referee.decoding import check_encoding
    from referee.suggest import close_matches, did_you_mean

    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected the name of a text encoding, such as cp1252 or latin-1")
    try:
        return check_encoding(value.strip())
    except ValueError:
        raise ValueError(f"{_key(value)} is not a text encoding") from None
    except LookupError:
        names = sorted({*encodings.aliases.aliases, *encodings.aliases.aliases.values()})
        spelled = [n.replace("_", "-") for n in names]
        hint = did_you_mean(close_matches(value.strip().lower().replace("_", "-"), spelled))
        raise ValueError(
            f"{_key(value)} is not an encoding Python knows" + (f" ({hint})" if hint else "")
        ) from None


def _rules(value: Any, folder: Path, rules_anywhere: bool) -> tuple[Path, str]:
    """The ``rules`` file: relative to the config's folder, in that folder or below it
    (``rules_anywhere``: anywhere), a regular file. Whether a file outside the folder
    exists is never said, as for a log's ``rules PATH``."""
    from referee.inputs import is_inside

    if not isinstance(value, str) or not value.strip():
        raise ValueError('expected the path of a house-rules YAML file, such as "house.yaml"')
    target = Path(value)
    if not target.is_absolute():
        target = folder / target
    if not rules_anywhere and not is_inside(target, folder):
        raise ValueError(
            f"{_key(value)}: the house-rules file is outside the config's folder; a config's "
            "`rules` may only name a file in its own folder or below it (give the file with "
            "--rules, or run with --allow-rules-anywhere)"
        )
    try:
        regular = stat.S_ISREG(target.stat().st_mode)
    except OSError:
        raise ValueError(f"{_key(value)}: no such house-rules file") from None
    if not regular:
        raise ValueError(f"{_key(value)}: the house-rules file is not a regular file")
    return Path(_shown(target)), value


def _game_table(
    game: str, written: str, table: Mapping[str, Any], shown: str, prefix: str, problems: list[str]
) -> dict[str, Any]:
    """A game table's house options, each converted as a house-rules file's value is (see
    :func:`referee.options.convert_option`); each problem in ``problems``."""
    from referee.options import OptionError, convert_option

    where = f"{shown}: [" + ".".join(t for t in (prefix, written) if t) + "] "
    changes: dict[str, Any] = {}
    for key, value in table.items():
        try:
            changes[key.strip().lower()] = convert_option(game, key, value)
        except OptionError as exc:
            problems.append(f"{where}{_key(key)}: {exc}")
    return changes


# ----------------------------------------------------------------------------- discovery


class Configs:
    """Which config applies to each input of a run: the one named (``--config FILE``),
    none (``--no-config``), or the nearest one up the input's folders.

    Each folder is looked up once and each config read once per run (a batch of thousands
    of logs in a few folders costs a few look-ups). ``filters``: whether a config's
    ``select``/``ignore`` apply (not to ``standings``, which counts every renege).
    """

    def __init__(
        self,
        *,
        fixed: Path | None = None,
        off: bool = False,
        rules_anywhere: bool = False,
        filters: bool = True,
    ) -> None:
        self.off = off
        self.filters = filters
        self._rules_anywhere = rules_anywhere
        self._cwd = _current_folder()
        self._fixed = load_config(fixed, rules_anywhere=rules_anywhere) if fixed else None
        self._folders: dict[str, FolderConfig | ConfigError | None] = {}
        self._by_folder_written: dict[str, FolderConfig | None] = {}
        self._read: list[FolderConfig] = [self._fixed] if self._fixed else []
        self._jobs: dict[tuple[int, int], tuple[Job, FolderConfig | None, Job]] = {}

    def for_input(self, item: Path) -> FolderConfig | None:
        """The config of a log (standard input: the current folder's). Raises
        :class:`ConfigError` when that config cannot be used."""
        from referee.inputs import is_stdin

        if self.off or self._fixed is not None:
            return self._fixed
        if is_stdin(item):
            return self._nearest(self._cwd)
        folder = os.path.dirname(os.fspath(item))  # (as written: most logs share a few)
        if folder in self._by_folder_written:
            return self._by_folder_written[folder]
        found = self._nearest(os.path.join(self._cwd, folder))
        self._by_folder_written[folder] = found
        return found

    def for_run(self) -> FolderConfig | None:
        """The config of the run as a whole (its ``format``): the current folder's."""
        if self.off or self._fixed is not None:
            return self._fixed
        return self._nearest(self._cwd)

    def for_folder(self, folder: Path) -> FolderConfig | None:
        """The config of the logs in ``folder``: the nearest one up from it."""
        if self.off or self._fixed is not None:
            return self._fixed
        return self._nearest(os.path.join(self._cwd, os.fspath(folder)))

    def _nearest(self, folder: str) -> FolderConfig | None:
        """The nearest config up from ``folder`` (absolute, maybe with ``..`` in it). The
        folders passed on the way up are remembered with what was found above them."""
        passed: list[str] = []
        current = os.path.normpath(folder)
        while current not in self._folders:
            here = self._config_in(current)
            if here is not None:
                self._folders[current] = here
                if isinstance(here, FolderConfig):
                    self._read.append(here)
                break
            passed.append(current)
            parent = os.path.dirname(current)
            if parent == current:  # the root: no config anywhere up
                self._folders[current] = None
                break
            current = parent
        found = self._folders[current]
        for name in passed:
            self._folders[name] = found
        if isinstance(found, ConfigError):
            raise found
        return found

    def _config_in(self, folder: str) -> FolderConfig | ConfigError | None:
        """The config kept in ``folder`` itself, or None."""
        try:
            for name in (CONFIG_NAME, PYPROJECT_NAME):
                path = Path(folder, name)
                try:
                    mode = path.stat().st_mode
                except OSError:
                    continue
                if name == CONFIG_NAME or not stat.S_ISREG(mode):
                    return load_config(path, rules_anywhere=self._rules_anywhere)
                found = self._pyproject(path)
                if found is not None:
                    return found
        except ConfigError as exc:
            return exc
        return None

    def _pyproject(self, path: Path) -> FolderConfig | None:
        """A pyproject.toml's config, or None when it has no ``[tool.referee]`` table (a
        file that does not even name the referee is not parsed)."""
        shown = _shown(path)
        text = _read_text(path, shown)
        if "referee" not in text:
            return None
        import tomllib

        try:
            document = tomllib.loads(text, parse_float=_Written)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError([f"{shown}: invalid TOML: {exc}"]) from None
        table = _tool_table(document, shown)
        if table is None:
            return None
        return _validated(table, shown, "tool.referee", _folder_of(path), self._rules_anywhere)

    def check(self, items: list[Any]) -> None:
        """Look up the config of every input (paths; ready-made reports are passed over),
        so that a config that cannot be used stops the run before it starts."""
        for item in items:
            if isinstance(item, Path):
                self.for_input(item)

    def files(self) -> list[Path]:
        """Every config file read so far, and the ``rules`` file each names."""
        found = [Path(config.path) for config in self._read]
        return found + [config.rules for config in self._read if config.rules is not None]

    def job_for(self, job: Job, item: Path) -> Job:
        """``job`` as it applies to one input: its config's ``select``/``ignore`` and
        ``encoding`` under the command line's (see :func:`with_config`), its house options
        in ``job.reading``. One job per config, made once."""
        config = self.for_input(item)
        key = (id(job), id(config))
        kept = self._jobs.get(key)
        if kept is None or kept[0] is not job or kept[1] is not config:
            kept = (job, config, with_config(job, config, filters=self.filters))
            self._jobs[key] = kept
        return kept[2]


def with_config(job: Job, config: FolderConfig | None, *, filters: bool = True) -> Job:
    """``job`` with ``config`` under it. The command line wins: ``--encoding`` over the
    config's; ``--select`` given replaces the config's ``select`` and ``ignore`` (the
    command line then chooses alone), else the config's ``select`` applies and
    ``--ignore`` adds to its ``ignore``, as ruff's ``--ignore`` adds to the configured."""
    if config is None:
        return job
    reading = job.reading._replace(encoding=job.reading.encoding or config.encoding, config=config)
    select, ignore = job.select, job.ignore
    if filters and not select:
        select = config.select or ()
        ignore = (*(config.ignore or ()), *ignore)
    return job._replace(select=select, ignore=ignore, reading=reading)


def _current_folder() -> str:
    """The current folder; the root when it is gone (a relative path then leads nowhere,
    and reading such a log says so)."""
    try:
        return os.getcwd()
    except OSError:
        return os.sep


def _folder_of(path: Path) -> Path:
    return Path(os.path.dirname(os.path.abspath(path)))


def _shown(path: Path) -> str:
    """A path as the messages show it: relative to the current folder when it lies below
    it, else as it is."""
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute)
    except ValueError:  # (another drive)
        return absolute
    if relative == os.curdir or relative.startswith(os.pardir):
        return str(path) if not os.path.isabs(path) else absolute
    return relative
