"""A log's house options: its `rules` file (confined to the log's folder unless
``--allow-rules-anywhere``), its `option` lines, and ``--rules``, validated and merged into
the game's options (see :mod:`referee.options`), each problem a ``P-RULES`` error.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.inputs import is_inside
from referee.report import (
    ReadError,
)


def resolve_options(
    header: Any,
    rules_file: Path | None,
    base_dir: Path | None,
    *,
    rules_anywhere: bool = False,
    settings: Mapping[str, Any] | None = None,
) -> tuple[Any, list[ReadError]]:
    """The game's options: defaults ← ``--rules`` ← ``settings`` ← the log's ``rules PATH`` ←
    ``option`` lines.

    ``settings`` is a caller's house options as a mapping (the library's ``game_options``):
    option keys to values, or sections named after the games, as in a house-rules file.

    Returns ``(options, [])``, or ``(None, errors)`` when any layer is invalid: a file judged
    by rules other than its own would give wrong verdicts, so it is not judged. Every
    problem of every layer is a P-RULES error of its own (each bad key or value of a file,
    each bad ``option`` line), so that one run shows them all. The log's ``rules PATH`` must
    lie in the log's folder or below it (``rules_anywhere``: anywhere), so a log cannot make
    the referee read, or say anything about, other files.
    """
    from referee.options import default_options, validate_settings

    game = header.game
    options = default_options(game)
    errors: list[ReadError] = []
    if rules_file is not None:
        options = _file_options(options, game, rules_file, "--rules ", None, None, errors)
    if settings:
        options = _mapping_options(options, game, settings, errors)
    if header.rules_path:
        folder = base_dir if base_dir is not None else Path.cwd()
        target = Path(header.rules_path)
        if not target.is_absolute():
            target = folder / target
        line = header.rules_line or None
        column = header.rules_column or (1 if line else None)
        if not rules_anywhere and not is_inside(target, folder):
            errors.append(ReadError("P-RULES", line, column, _outside(header.rules_path)))
        else:
            options = _file_options(options, game, target, "", line, column, errors)
    lines: dict[str, Any] = {}  # the `option` lines' settings, a later line's last
    for item in header.options:
        changes, problems = validate_settings(game, {item.key: item.value})
        errors.extend(ReadError("P-RULES", item.line, item.column, m) for _, m in problems)
        lines.update(changes)
    if lines:
        options = dataclasses.replace(options, **lines)
    if not errors:
        errors.extend(_conflicts(header, options))
    return (None, errors) if errors else (options, [])


def _conflicts(header: Any, options: Any) -> list[ReadError]:
    """A P-RULES error for each pair of settings that cannot go together (the joker with the
    double deck...), at the last `option` line that set one of them, else at the log's
    `rules` line (none when only --rules set them)."""
    from referee.options import option_conflicts

    errors = []
    for keys, message in option_conflicts(header.game, options):
        lines = [i for i in header.options if i.key.strip().lower() in keys]
        if lines:
            line, column = lines[-1].line, lines[-1].column
        else:
            line, column = header.rules_line or None, header.rules_column or None
        errors.append(ReadError("P-RULES", line, column, message))
    return errors


def _file_options(
    options: Any,
    game: str,
    path: Path,
    prefix: str,
    line: int | None,
    column: int | None,
    errors: list[ReadError],
) -> Any:
    """``options`` with a house-rules file's valid settings applied; a P-RULES error in
    ``errors`` (at ``line``/``column`` of the log) for each problem, naming the file and,
    where known, the line and column in it (never what the file says there)."""
    from referee.options import OptionError, rules_file_settings, validate_file_settings

    try:
        settings = rules_file_settings(path, game)  # its errors name the file
    except OptionError as exc:
        errors.append(ReadError("P-RULES", line, column, f"{prefix}{exc}"))
        return options
    changes, problems = validate_file_settings(game, settings, path)
    errors.extend(ReadError("P-RULES", line, column, f"{prefix}{m}") for m in problems)
    return dataclasses.replace(options, **changes)


def _outside(written: str) -> str:
    """The message for a ``rules PATH`` outside the log's folder: the same whether or not
    that path exists, so that a log cannot probe the file system."""
    return (
        f"{written}: the house-rules file is outside the log's folder; a log's `rules` may "
        "only name a file in its own folder or below it (give the file with --rules, or "
        "run with --allow-rules-anywhere)"
    )


def _mapping_options(
    options: Any, game: str, settings: Mapping[str, Any], errors: list[ReadError]
) -> Any:
    """``options`` with the valid ``settings`` applied (the section of ``game`` when they are
    given by game); a P-RULES error for each problem, named ``game_options``."""
    from referee.options import _game_section, validate_settings

    if any(isinstance(key, str) and _game_section(key) for key in settings):
        section = next((v for k, v in settings.items() if _game_section(k) == game), None)
        if section is None:
            return options
        if not isinstance(section, Mapping):
            errors.append(
                ReadError("P-RULES", None, None, f"game_options: {game!r} must be a mapping")
            )
            return options
        settings = section
    changes, problems = validate_settings(game, settings)
    errors.extend(ReadError("P-RULES", None, None, f"game_options: {m}") for _, m in problems)
    return dataclasses.replace(options, **changes)
