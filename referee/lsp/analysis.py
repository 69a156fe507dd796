"""One version of a document, judged: its report, its lines, and (read when a hover or a
completion asks) the records of its hands.

The report is the library's (:func:`referee.audit_text`), on the text as typed, with the
log's folder as the base of its ``rules PATH`` line (confined to that folder, as ``referee
audit`` confines it). The settings that apply to a document are found in one place,
:func:`settings_for`.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.records import Event, Hand, Header
from referee.report import FileReport, HandResult

from .text import split_lines

if TYPE_CHECKING:
    from referee.config import FolderConfig


@dataclass(frozen=True, slots=True)
class DocumentSettings:
    """What a document is judged with beyond its own lines: house options as a mapping
    (as a house-rules file has them), a house-rules file, and the findings kept (rule IDs
    or prefixes, as ``--select``/``--ignore``). ``problems``: why the settings found for
    the document cannot be used (each shown as a ``P-RULES`` diagnostic on line 1)."""

    game_options: Mapping[str, Any] | None = None
    rules: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    #: The folder config that applies (its house rules lie under the log's own lines).
    config: FolderConfig | None = None


def settings_for(path: Path | None) -> DocumentSettings:
    """The settings a document at ``path`` (None: not saved yet) is judged with.

    This is the one place where a folder's configuration applies to a document: the log's
    own ``rules`` and ``option`` lines always do (they are read from the text), and the
    folder config (``referee.toml``, or ``[tool.referee]`` in a ``pyproject.toml``, the
    nearest up the log's folders) as ``referee audit LOG`` applies it: its house rules
    under the log's own, its ``select``/``ignore``. A config that cannot be used gives
    ``problems`` (and no config). An unsaved document has no folder: nothing applies.
    """
    if path is None:
        return DocumentSettings()
    from referee.config import ConfigError, Configs

    try:
        config = Configs().for_input(path)
    except ConfigError as exc:
        return DocumentSettings(problems=tuple(exc.problems))
    if config is None:
        return DocumentSettings()
    return DocumentSettings(select=config.select or (), ignore=config.ignore or (), config=config)


def judge(text: str, path: Path | None, settings: DocumentSettings) -> FileReport:
    """The report on ``text`` (the document at ``path``), judged with ``settings``."""
    from referee.audit import Reading, stream_text
    from referee.filtering import filter_report, rule_filter

    reading = Reading(
        game_options=settings.game_options, game_rules=settings.rules, config=settings.config
    )
    name = str(path) if path is not None else "<unsaved>"
    base = path.parent if path is not None else None
    report = stream_text(text, name, None, base, reading=reading).collect()
    if settings.select or settings.ignore:
        report = filter_report(report, rule_filter(settings.select, settings.ignore))
    return report


@dataclass(slots=True)
class Analysis:
    """A document's text at one version, and what the referee found in it."""

    uri: str
    version: int | None
    text: str
    report: FileReport
    settings: DocumentSettings = field(default_factory=DocumentSettings)
    lines: list[str] = field(init=False)
    _read: tuple[Header | None, list[Hand]] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.lines = split_lines(self.text)

    def _records(self) -> tuple[Header | None, list[Hand]]:
        """The log's header and hands as the reader reads them (once, on first asking)."""
        if self._read is None:
            from referee.parser import read_text

            reader = read_text(self.text)
            self._read = (reader.header, list(reader.hands()))
        return self._read

    @property
    def header(self) -> Header | None:
        """The log's header (None when it has no usable one)."""
        return self._records()[0]

    def result_at(self, line: int) -> HandResult | None:
        """The judged hand whose lines hold ``line`` (from 1), if any."""
        found: HandResult | None = _last_at(self.report.hands, line)
        return found

    def events_at(self, line: int) -> tuple[Hand | None, Sequence[Event]]:
        """The hand whose lines hold ``line`` (from 1), and its statements; for a hand the
        referee judged as two (a forgotten `hand` line), those of the part that holds it."""
        hand = _last_at(self._records()[1], line)
        if hand is None:
            return None, ()
        result = self.result_at(line)
        if result is None or result.line < hand.line:
            return hand, hand.events
        later = [h.line for h in self.report.hands if h.line > result.line]
        end = min(later, default=None)
        events = [e for e in hand.events if e.line >= result.line and (end is None or e.line < end)]
        return hand, events


def _last_at(items: Sequence[Any], line: int) -> Any:
    """The last of ``items`` (in line order, each with a ``line``) starting at or before
    ``line``."""
    starts = [item.line for item in items]
    index = bisect.bisect_right(starts, line) - 1
    return items[index] if index >= 0 else None
