"""Each output format's writers, in one table: the writer of a whole run (in the main
process, to the output) and the writer of one file's *part* (in a worker, see
:mod:`referee.batch`). A new format is one entry of :data:`_FORMATS` and its renderer.

The renderers are imported only when their format is used, so that a JSON run never loads
rich, and a worker only the renderer of its format.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, TextIO

if TYPE_CHECKING:
    from referee.job import Job, Writer


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class OpenWriter(NamedTuple):
    """A run's writer, what finishes its output, and the job as the writer settled it (the
    text report gives the workers its colour and width, so that their parts match)."""

    writer: Writer
    finish: Callable[[], None]
    job: Job


def _nothing() -> None:
    pass


def _text(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.text import TextRenderer, text_console

    console = text_console(out, color)
    text = TextRenderer(console, quiet=job.quiet)
    color_part = console.is_terminal and bool(console.color_system)
    return OpenWriter(text, text.finish, job._replace(color=color_part, width=text.width))


def _text_part(job: Job) -> Writer:
    from referee.render.text import TextRenderer, text_console

    console = text_console(io.StringIO(), job.color)
    return TextRenderer(console, quiet=job.quiet, keep=True, width=job.width)


def _json(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.json import JsonWriter

    writer = JsonWriter(out)
    return OpenWriter(writer, writer.close, job)


def _json_part(job: Job) -> Writer:
    from referee.render.json import JsonWriter

    return JsonWriter(io.StringIO(), document=False)


def _jsonl(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.jsonl import JsonlWriter

    return OpenWriter(JsonlWriter(out), _nothing, job)


def _jsonl_part(job: Job) -> Writer:
    from referee.render.jsonl import JsonlWriter

    return JsonlWriter(io.StringIO(), flush=False)


def _html(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.html import HtmlWriter

    writer = HtmlWriter(out, open_files=files == 1)  # (one file: shown open)
    return OpenWriter(writer, writer.close, job)


def _html_part(job: Job) -> Writer:
    from referee.render.html import HtmlWriter

    return HtmlWriter(io.StringIO(), keep=True)


def _csv(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.csv import CsvWriter

    return OpenWriter(CsvWriter(out, table=job.fmt), _nothing, job)


def _csv_part(job: Job) -> Writer:
    from referee.render.csv import CsvWriter

    return CsvWriter(io.StringIO(), header=False, flush=False, table=job.fmt)


def _github(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.github import GithubWriter, open_summary

    summary, room = open_summary()  # ($GITHUB_STEP_SUMMARY, in a workflow's step)
    writer = GithubWriter(out, summary=summary, summary_room=room)

    def finish() -> None:
        try:
            writer.close()
        finally:
            if summary is not None:
                summary.close()

    return OpenWriter(writer, finish, job)


def _github_part(job: Job) -> Writer:
    from referee.render.github import GithubWriter

    return GithubWriter(io.StringIO(), flush=False, keep=True)


def _sarif(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.sarif import SarifWriter

    writer = SarifWriter(out)
    return OpenWriter(writer, writer.close, job)


def _sarif_part(job: Job) -> Writer:
    from referee.render.sarif import SarifWriter

    return SarifWriter(io.StringIO(), document=False)


def _statistics(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.render.statistics import StatisticsWriter

    writer = StatisticsWriter(out, as_json=job.fmt == "statistics-json")
    return OpenWriter(writer, writer.close, job)


def _statistics_part(job: Job) -> Writer:
    from referee.render.statistics import StatisticsWriter

    return StatisticsWriter(io.StringIO())


def _standings(out: TextIO, job: Job, color: bool | None, files: int) -> OpenWriter:
    from referee.standings import StandingsWriter

    return OpenWriter(StandingsWriter(), _nothing, job)  # (`referee standings` renders it)


def _standings_part(job: Job) -> Writer:
    from referee.standings import StandingsWriter

    return StandingsWriter(keep=True)


_Open = Callable[[TextIO, "Job", "bool | None", int], OpenWriter]

#: Format -> (the run's writer, a worker's part writer).
_FORMATS: dict[str, tuple[_Open, Callable[[Job], Writer]]] = {
    "text": (_text, _text_part),
    "json": (_json, _json_part),
    "jsonl": (_jsonl, _jsonl_part),
    "html": (_html, _html_part),
    "csv": (_csv, _csv_part),  # the hands table
    "csv-findings": (_csv, _csv_part),  # the findings table
    "github": (_github, _github_part),
    "sarif": (_sarif, _sarif_part),
    "statistics": (_statistics, _statistics_part),  # --statistics (text)
    "statistics-json": (_statistics, _statistics_part),  # --statistics --format json
    "standings": (_standings, _standings_part),
}

#: The formats a run can be written in (``--format``), ``--statistics`` (as text or JSON),
#: and ``standings``, the tally.
FORMATS = tuple(_FORMATS)


def open_writer(job: Job, out: TextIO, *, color: bool | None = None, files: int = 0) -> OpenWriter:
    """The writer of a whole run in ``job``'s format, to ``out`` (``color``: the text
    report's ``--color``; ``files``: how many inputs the run has)."""
    return _FORMATS[job.fmt][0](out, job, color, files)


def part_writer(job: Job) -> Writer:
    """A writer of ``job``'s format that renders one file into a part."""
    return _FORMATS[job.fmt][1](job)
