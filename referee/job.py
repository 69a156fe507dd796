"""What a batch does with each file (:class:`Job`) and what a report format implements to be
written a file, and a hand, at a time (:class:`Writer`).

Both sit here, under the batch (:mod:`referee.batch`, which runs a job) and the formats'
writers (:mod:`referee.render.writers`, which make one), so that neither imports the other's
module for them. This module never imports typer or rich.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple, Protocol

from referee.audit import DEFAULT_READING, Reading
from referee.report import FileReport, HandResult, ReadError


class Writer(Protocol):
    """What a report format implements to be written a file, and a hand, at a time.

    A file is given in three steps: :meth:`begin` once its header is read, :meth:`hand` for
    each hand as it is judged, :meth:`end` once its errors and standings are complete. So a
    file's hands go from the parser to the output one at a time, and nothing grows with the
    length of a log.
    """

    def begin(self, report: FileReport) -> None:
        """A file starts; its header fields are known."""

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors of the file begun found so far (before the next hand), given as they
        are found to a writer whose ``interleaves_errors`` is true (the text report prints
        them among the findings in line order); others see them all in :meth:`end`."""

    def hand(self, hand: HandResult) -> None:
        """One judged hand of the file begun (already filtered by ``--select``/``--ignore``)."""

    def end(self, report: FileReport) -> None:
        """The file begun is done; its errors and standings are complete."""

    def part(self, part: Any) -> None:
        """Write a whole file from the part a worker made with :meth:`take_part`."""

    def take_part(self) -> Any:
        """The file just ended, as a picklable part (writers made by
        :func:`referee.render.writers.part_writer`)."""


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Job(NamedTuple):
    """What the batch does with each file: the settings a worker needs."""

    fmt: str  # a --format, statistics[-json] (--statistics), or standings (a tally)
    rules_file: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    quiet: bool = False
    reading: Reading = DEFAULT_READING  # --encoding, --allow-rules-anywhere
    color: bool = False  # text: a worker writes its part in colour (the main one's terminal)
    width: int | None = None  # text: the width its tables are laid out in (None: no limit)
