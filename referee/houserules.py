"""A log's house options: its folder config's (:mod:`referee.config`), its `rules` file
(confined to the log's folder unless ``--allow-rules-anywhere``), its `option` lines, and
``--rules``, validated and merged into the game's options (see :mod:`referee.options`), each
problem a ``P-RULES`` error.

A log that sets no option (the usual one) is judged by its game's defaults without importing
:mod:`referee.options` (the reading and checking of settings, files and sections): the
defaults, their conflicts and :func:`changed_options` need only the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from referee.games import game_of
from referee.inputs import is_inside
from referee.readcodes import P_RULES
from referee.report import ReadError

if TYPE_CHECKING:
    from referee.config import FolderConfig
    from referee.options import GameOptions

_T = TypeVar("_T")


def resolve_options(
    header: Any,
    rules_file: Path | None,
    base_dir: Path | None,
    *,
    rules_anywhere: bool = False,
    settings: Mapping[str, Any] | None = None,
    settings_file: Path | None = None,
    config: FolderConfig | None = None,
    sources: dict[str, str] | None = None,
) -> tuple[GameOptions | None, list[ReadError]]:
    """The game's options, each layer over the ones before it: the defaults, the folder
    ``config``'s ``rules`` file and its game table (see :mod:`referee.config`), a caller's
    ``settings_file`` and ``settings`` (the library's ``rules`` and ``game_options``), the
    log's ``rules PATH``, its ``option`` lines, and ``rules_file`` (``--rules``: the
    command line has the last word).

    ``settings`` is a caller's house options as a mapping: option keys to values, or
    sections named after the games, as in a house-rules file. ``sources``, when given, gets
    where each option set by a layer came from (``referee config``): the option key to the
    file and key, or the log's line.

    Returns ``(options, [])``, or ``(None, errors)`` when any layer is invalid: a file judged
    by rules other than its own would give wrong verdicts, so it is not judged. Every
    problem of every layer is a P-RULES error of its own (each bad key or value of a file,
    each bad ``option`` line), so that one run shows them all. The log's ``rules PATH`` must
    lie in the log's folder or below it (``rules_anywhere``: anywhere), so a log cannot make
    the referee read, or say anything about, other files.
    """
    game = header.game
    changes: dict[str, Any] = {}  # every layer's valid settings, a later layer's last
    errors: list[ReadError] = []

    def layer(found: Mapping[str, Any], source: Callable[[str], str]) -> None:
        changes.update(found)
        if sources is not None:
            sources.update((key, source(key)) for key in found)

    if config is not None:
        if config.rules is not None:
            prefix = f"{config.source('rules')}: "
            found = _file_changes(game, config.rules, prefix, None, None, errors)
            layer(found, lambda key: f"{config.rules}: {key}")
        layer(config.games.get(game, {}), lambda key: config.source(key, game))
    if settings_file is not None:
        found = _file_changes(game, settings_file, "rules: ", None, None, errors)
        layer(found, lambda key: f"{settings_file}: {key}")
    if settings:
        layer(_mapping_changes(game, settings, errors), lambda key: f"game_options: {key}")
    if header.rules_path:
        layer(*_log_rules(header, base_dir, rules_anywhere, errors))
    for item in header.options:
        line_changes, problems = _line_settings(game, item.key, item.value)
        errors.extend(ReadError(P_RULES, item.line, item.column, m) for _, m in problems)
        layer(line_changes, _line_source(item.line))
    if rules_file is not None:
        found = _file_changes(game, rules_file, "--rules ", None, None, errors)
        layer(found, lambda key: f"--rules {rules_file}: {key}")
    errors.extend(_unread_rules(header))
    options = _options_with(game, changes)
    if not errors:
        errors.extend(_conflicts(header, options))
    return (None, errors) if errors else (options, [])


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _unread_rules(header: Any) -> list[ReadError]:
    """A P-RULES error when a header line that could not be read names an `option` or
    `rules` statement (``optoin ante 2``): the log's own house rules are then not known,
    and a log judged by rules other than its own is not judged (as with a bad option
    value). A line whose first word is close to no keyword is not taken for one."""
    from referee.sequence import header_surely_said

    found = header_surely_said(header, ("option", "rules")) if header.unread else None
    if found is None:
        return []
    unread, kind = found
    return [
        ReadError(
            P_RULES,
            unread.line,
            1,
            f"line {unread.line} could not be read and looks like {_article(kind)} `{kind}` "
            "line: the log's house rules are not known, so the log is not judged",
        )
    ]


def _line_source(line: int) -> Callable[[str], str]:
    """Where an `option` line's setting comes from: ``line 4: option limit``."""
    return lambda key: f"line {line}: option {key}"


def _log_rules(
    header: Any, base_dir: Path | None, rules_anywhere: bool, errors: list[ReadError]
) -> tuple[dict[str, Any], Callable[[str], str]]:
    """The settings of the log's ``rules PATH`` (relative to ``base_dir``, the current
    folder when None), and where each came from."""
    folder = base_dir if base_dir is not None else Path.cwd()
    target = Path(header.rules_path)
    if not target.is_absolute():
        target = folder / target
    line = header.rules_line or None
    column = header.rules_column or (1 if line else None)
    if not rules_anywhere and not is_inside(target, folder):
        errors.append(ReadError(P_RULES, line, column, _outside(header.rules_path)))
        return {}, str
    found = _file_changes(header.game, target, "", line, column, errors)
    return found, lambda key: f"{target}: {key}"


#: What a batch's files share, worked out once: the options made of a game's settings, each
#: `option` line's validation, each house-rules file's (by its parsed text: see
#: ``referee.options.load_rules_file``). Every value is immutable or never changed.
_KEPT: dict[tuple[Any, ...], Any] = {}
_KEPT_MAX = 256


def _kept(key: tuple[Any, ...], work_out: Callable[[], _T]) -> _T:
    """``work_out()``, remembered by ``key`` (which must say all that it depends on)."""
    found: _T | None = _KEPT.get(key)
    if found is None:
        found = work_out()
        if len(_KEPT) >= _KEPT_MAX:
            _KEPT.clear()
        _KEPT[key] = found
    return found


def _options_with(game: str, changes: dict[str, Any]) -> GameOptions:
    """The game's defaults with ``changes`` applied. Keyed by each value's ``repr``: equal
    values may differ (``Decimal("1")`` and ``Decimal("1.00")`` make different reports)."""
    key = ("options", game, *((k, repr(v)) for k, v in changes.items()))

    def made() -> GameOptions:
        options: GameOptions = dataclasses.replace(game_of(game).default_options(), **changes)
        return options

    return _kept(key, made)


def changed_options(options: Any) -> dict[str, Any]:
    """The settings that differ from the game's defaults (for report headers)."""
    kept = _CHANGED.get(id(options))
    if kept is None or kept[0] is not options:
        defaults = type(options)()
        kept = (
            options,
            {
                f.name: getattr(options, f.name)
                for f in dataclasses.fields(options)
                if getattr(options, f.name) != getattr(defaults, f.name)
            },
        )
        if len(_CHANGED) >= 256:
            _CHANGED.clear()
        _CHANGED[id(options)] = kept  # (kept with it: its id is no other's while kept)
    return dict(kept[1])


#: :func:`changed_options` of the options a batch's files share (see :data:`_KEPT`), by
#: their id.
_CHANGED: dict[int, tuple[Any, dict[str, Any]]] = {}


def _line_settings(game: str, key: str, value: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """An `option` line's setting validated (see :func:`referee.options.validate_settings`)."""
    from referee.options import validate_settings

    return _kept(("line", game, key, value), lambda: validate_settings(game, {key: value}))


def _conflicts(header: Any, options: GameOptions) -> list[ReadError]:
    """A P-RULES error for each pair of settings that cannot go together (the joker with the
    double deck...), at the last `option` line that set one of them, else at the log's
    `rules` line (none when only --rules set them)."""
    errors = []
    for keys, message in game_of(header.game).conflicts(options):
        lines = [i for i in header.options if i.key.strip().lower() in keys]
        if lines:
            line, column = lines[-1].line, lines[-1].column
        else:
            line, column = header.rules_line or None, header.rules_column or None
        errors.append(ReadError(P_RULES, line, column, message))
    return errors


def _file_changes(
    game: str,
    path: Path,
    prefix: str,
    line: int | None,
    column: int | None,
    errors: list[ReadError],
) -> dict[str, Any]:
    """A house-rules file's valid settings; a P-RULES error in ``errors`` (at ``line``/
    ``column`` of the log) for each problem, naming the file and, where known, the line and
    column in it (never what the file says there). The file is read every time (it may have
    changed); what its text says is worked out once (see :data:`_KEPT`)."""
    from referee.options import OptionError, load_rules_file

    try:
        parsed = load_rules_file(path)
    except OptionError as exc:
        errors.append(ReadError(P_RULES, line, column, f"{prefix}{exc}"))
        return {}
    # (the parsed file is kept with its result, so its id is not another's while kept)
    kept, (changes, problems) = _kept(
        ("file", game, str(path), id(parsed)), lambda: (parsed, _file_settings(parsed, path, game))
    )
    if kept is not parsed:  # (an id reused after the parsed files were let go)
        _KEPT.clear()
        return _file_changes(game, path, prefix, line, column, errors)
    errors.extend(ReadError(P_RULES, line, column, f"{prefix}{m}") for m in problems)
    return changes


def _file_settings(parsed: Any, path: Path, game: str) -> tuple[dict[str, Any], list[str]]:
    """A parsed house-rules file's valid settings for ``game`` and its problems' messages."""
    from referee.options import OptionError, file_settings, validate_file_settings

    try:
        settings = file_settings(parsed, path, game)  # its errors name the file
    except OptionError as exc:
        return {}, [str(exc)]
    return validate_file_settings(game, settings, path)


def _outside(written: str) -> str:
    """The message for a ``rules PATH`` outside the log's folder: the same whether or not
    that path exists, so that a log cannot probe the file system."""
    return (
        f"{written}: the house-rules file is outside the log's folder; a log's `rules` may "
        "only name a file in its own folder or below it (give the file with --rules, or "
        "run with --allow-rules-anywhere)"
    )


def _mapping_changes(
    game: str, settings: Mapping[str, Any], errors: list[ReadError]
) -> dict[str, Any]:
    """The valid ``settings`` (the section of ``game`` when they are given by game); a
    P-RULES error for each problem, named ``game_options``."""
    from referee.options import _game_section, validate_settings

    if any(isinstance(key, str) and _game_section(key) for key in settings):
        section = next((v for k, v in settings.items() if _game_section(k) == game), None)
        if section is None:
            return {}
        if not isinstance(section, Mapping):
            errors.append(
                ReadError(P_RULES, None, None, f"game_options: {game!r} must be a mapping")
            )
            return {}
        settings = section
    changes, problems = validate_settings(game, settings)
    errors.extend(ReadError(P_RULES, None, None, f"game_options: {m}") for _, m in problems)
    return changes
