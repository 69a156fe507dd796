"""The library: referee a hand log from Python, without a subprocess.

The functions here are re-exported by :mod:`referee` (``referee.audit_text`` ...), which
imports this module only when one of them is first used, so ``import referee`` stays cheap.
They never print and never raise for a bad log: what cannot be read is a ``P-`` error in
the report, as on the command line. They raise only for misuse (a wrong type, an unknown
rule ID for :func:`explain`).

See ``docs/library.md`` for a walk-through.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.config import ConfigError
from referee.report import FileReport

if TYPE_CHECKING:
    from referee.config import Configs

__all__ = ["ConfigError", "UnknownRuleError", "audit_path", "audit_text", "explain"]

#: A path as the library takes it.
PathArg = str | os.PathLike[str]


class UnknownRuleError(LookupError):
    """:func:`explain` was asked for a word that names no rule ID, read-error code or house
    option (the message says which are close)."""


def audit_text(
    text: str,
    *,
    game_options: Mapping[str, Any] | None = None,
    rules: PathArg | None = None,
    path: str = "<text>",
    base_dir: PathArg | None = None,
    keep_tricks: bool = False,
) -> FileReport:
    """Judge a log given as text and return its report (every hand, settled or not).

    ``game_options`` are house options as a mapping (``{"ante": "0.50", "limit": 5}``), or
    by game, as a house-rules file is (``{"bourre": {...}, "bid-euchre": {...}}``);
    ``rules`` is a house-rules YAML file. Both lie under the log's own, lowest first: the
    defaults, ``rules``, ``game_options``, then the log's own ``rules`` and ``option``
    lines. A bad key or value is a ``P-RULES`` error in the report (the log is then not
    judged). ``path`` names the log in the report; ``base_dir`` is the folder a ``rules
    PATH`` line of the log is relative to (the current folder when None). ``keep_tricks``
    keeps each hand's replayed tricks (``hand.tricks``).
    """
    from referee.audit import Reading, stream_text

    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    stream = stream_text(
        text,
        path,
        None,
        _path_or_none(base_dir),
        keep_tricks=keep_tricks,
        reading=Reading(game_options=game_options, game_rules=_path_or_none(rules)),
    )
    return stream.collect()


def audit_path(
    paths: PathArg | Iterable[PathArg],
    *,
    game_options: Mapping[str, Any] | None = None,
    rules: PathArg | None = None,
    keep_tricks: bool = False,
    config: bool | PathArg = True,
) -> Iterator[FileReport]:
    """Judge log files (a path, or several), yielding one report per file in order.

    Folders are searched recursively for ``*.hlog`` files, sorted, as ``referee audit``
    searches them; a missing path or an unreadable file is a report with a ``P-IO`` error;
    ``"-"`` is standard input, as on the command line. Each file is judged when its report
    is asked for (``list(...)`` for them all). Options as for :func:`audit_text`.

    ``config``: the folder config that applies to each file, as on the command line
    (``docs/config.md``): ``True`` the nearest ``referee.toml`` (or ``pyproject.toml`` with
    a ``[tool.referee]`` table) up the file's folders, ``False`` none (``--no-config``), a
    path that file for every log (``--config FILE``). A config's ``select``/``ignore``
    leave the findings out of the reports as ``audit`` does, its ``encoding`` reads the
    logs, its ``rules`` and game tables lie under ``rules`` and ``game_options``. A config
    that cannot be used raises :class:`ConfigError`, before the first report.
    """
    from referee.audit import Reading, stream_file
    from referee.filtering import filter_hand, rule_filter
    from referee.inputs import collect_inputs
    from referee.job import Job

    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    configs = _configs(config)
    items = collect_inputs(paths)
    configs.check(items)
    reading = Reading(game_options=game_options, game_rules=_path_or_none(rules))
    job = Job("api", reading=reading)
    for item in items:
        if isinstance(item, FileReport):
            yield item
            continue
        applied = configs.job_for(job, item)
        report = stream_file(item, keep_tricks=keep_tricks, reading=applied.reading).collect()
        if applied.select or applied.ignore:
            keep = rule_filter(applied.select, applied.ignore)
            report.hands = [filter_hand(hand, keep) for hand in report.hands]
        yield report


def _configs(config: bool | PathArg) -> Configs:
    """The configs of ``audit_path``'s ``config`` (raises :class:`ConfigError`)."""
    from referee.config import Configs

    if isinstance(config, bool):
        return Configs(off=not config)
    if isinstance(config, str | os.PathLike):
        return Configs(fixed=Path(config))
    raise TypeError(f"config must be a bool or a path, not {type(config).__name__}")


def explain(rule_id: str) -> str:
    """What ``referee explain`` prints for a rule ID (``BR-FOLLOW``), a read-error code
    (``P-SYNTAX``), a house option (``head_trick``) or a statement of a log (``settle``):
    what it means, examples, and how to fix the log. Case-insensitive; raises
    :class:`UnknownRuleError` (whose message says what is close) for a word that names none
    of them."""
    from referee.topics import UnknownTopic, explain_topic

    if not isinstance(rule_id, str):
        raise TypeError(f"rule_id must be a str, not {type(rule_id).__name__}")
    try:
        return explain_topic(rule_id)
    except UnknownTopic as exc:
        raise UnknownRuleError(str(exc)) from None


def _path_or_none(value: PathArg | None) -> Path | None:
    return None if value is None else Path(value)
