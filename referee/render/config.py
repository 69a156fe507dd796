"""``referee config PATH``: what applies to a log or a folder, and where each value comes
from, as text (aligned columns: key, value, source) or as one JSON document.

Every value, path and message goes through :func:`referee.render.safe.visible`: a config,
a log and their paths are the user's files, never control characters on a terminal.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TextIO

from referee.configview import Applied, Setting
from referee.render.safe import visible

#: What an empty ``select`` / ``ignore`` and no ``encoding`` or ``rules`` mean, in words.
_NOTHING = {
    "select": "(every rule)",
    "ignore": "(none)",
    "encoding": "utf-8 (or as a byte-order mark says)",
    "rules": "(none)",
}


def write_text(out: TextIO, applied: Applied, no_config_why: str) -> None:
    """The settings and options that apply, one per line: key, value, source.
    ``no_config_why``: what to say when no config applies."""
    what = "the logs in this folder" if applied.kind == "folder" else "this log"
    out.write(f"{visible(applied.path)}: what applies to {what}\n")
    config = visible(applied.config) if applied.config else f"none ({no_config_why})"
    out.write(f"config: {config}\n\n")
    _write_rows(out, applied.settings, "")
    for game, rows in applied.options.items():
        out.write(f"\n{game} options:\n")
        _write_rows(out, rows, "  ")
    if applied.errors:
        out.write("\nproblems:\n")
        for error in applied.errors:
            where = f"{error.line}:{error.column}: " if error.line else ""
            out.write(f"  {error.code} {where}{visible(error.message)}\n")


def _write_rows(out: TextIO, rows: list[Setting], indent: str) -> None:
    keys = [row.key for row in rows]
    values = [visible(_text(row)) for row in rows]
    key_width = max(map(len, keys), default=0)
    value_width = max(map(len, values), default=0)
    for key, value, row in zip(keys, values, rows, strict=True):
        source = visible(row.source)
        out.write(f"{indent}{key:<{key_width}}  {value:<{value_width}}  {source}".rstrip() + "\n")


def _text(row: Setting) -> str:
    """A value as a person reads it (and as a config or option line would write it)."""
    value = row.value
    if value is None or value == ():
        return _NOTHING.get(row.key, "none")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return str(value)


def write_json(out: TextIO, applied: Applied) -> None:
    """The same as one JSON document: ``path``, ``kind`` (``log`` or ``folder``),
    ``config`` (the file, or null), ``settings`` and ``options`` (each key to its ``value``
    and ``from``), ``errors`` (as in the audit's JSON)."""
    from referee.render.jsontext import JsonValue, dumps

    def entries(rows: list[Setting]) -> JsonValue:
        return {row.key: {"value": _json_value(row.value), "from": row.source} for row in rows}

    document: JsonValue = {
        "path": applied.path,
        "kind": applied.kind,
        "config": applied.config,
        "settings": entries(applied.settings),
        "options": {game: entries(rows) for game, rows in applied.options.items()},
        "errors": [
            {"code": e.code, "line": e.line, "column": e.column, "message": e.message}
            for e in applied.errors
        ],
    }
    out.write(dumps(document) + "\n")


def _json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if value is None or isinstance(value, bool | int | str | Decimal):
        return value
    return str(value)
