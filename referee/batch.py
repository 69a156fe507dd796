"""Running an audit batch: every input judged and written by one report writer, in order.

A report writer (:class:`Writer`) takes a file in three steps: :meth:`~Writer.begin` once its
header is read, :meth:`~Writer.hand` for each hand as it is judged, :meth:`~Writer.end` once
its errors and standings are complete. So a file's hands go from the parser to the output one
at a time and nothing grows with the length of a log.

With ``jobs`` > 1, files are judged at the same time in worker processes. A worker writes its
file into a *part* with a writer of the same kind (the file's JSON text, its JSON Lines, the
digest of the text report, the report for the HTML page), and the main process writes the
parts in input order, so the output is byte for byte that of ``jobs`` 1. A file larger than
:data:`BIG_FILE` is not given to a worker (its part would be held whole): the main process
streams it in its turn.

This module never imports typer or rich (a text writer brings rich with it).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from referee.audit import HandStream, filter_hand, is_stdin, rule_filter, stream_file
from referee.report import FileReport, HandResult

if TYPE_CHECKING:  # (imported when workers are used: a one-process run does without)
    from concurrent.futures import Executor, Future

#: Files larger than this (bytes) are streamed by the main process rather than a worker.
BIG_FILE = 16 << 20
#: Smaller files go to a worker a few at a time, up to about this many bytes in all: a round
#: trip to a worker for each small file costs the main process (which shares the cores with
#: the workers) more than it saves.
GROUP_BYTES = 1 << 18


class Writer(Protocol):
    """What a report format implements to be written a file, and a hand, at a time."""

    def begin(self, report: FileReport) -> None:
        """A file starts; its header fields are known."""

    def hand(self, hand: HandResult) -> None:
        """One judged hand of the file begun (already filtered by ``--select``/``--ignore``)."""

    def end(self, report: FileReport) -> None:
        """The file begun is done; its errors and standings are complete."""

    def part(self, part: Any) -> None:
        """Write a whole file from the part a worker made with :meth:`take_part`."""

    def take_part(self) -> Any:
        """The file just ended, as a picklable part (writers made by :func:`part_writer`)."""


@dataclass(frozen=True, slots=True)
class Job:
    """What the batch does with each file: the settings a worker needs."""

    fmt: str  # text | json | jsonl | html | csv | github, or standings (a tally)
    rules_file: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    quiet: bool = False


@dataclass(slots=True)
class Tally:
    """What has been written so far: for the exit status and the progress display."""

    files: int = 0
    hands: int = 0
    violations: int = 0
    errors: int = 0

    def add(self, other: Tally) -> None:
        self.files += other.files
        self.hands += other.hands
        self.violations += other.violations
        self.errors += other.errors

    def exit_code(self, exit_zero: bool = False) -> int:
        """0 clean, 1 any violation (unless ``exit_zero``), 2 any read or parse error."""
        if self.errors:
            return 2
        return 1 if self.violations and not exit_zero else 0


Progress = Callable[[Tally], None]


def default_jobs() -> int:
    """The number of worker processes by default: one per core this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_batch(
    items: Sequence[Path | FileReport],
    writer: Writer,
    job: Job,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Tally:
    """Judge and write every item of :func:`~referee.audit.collect_inputs`, in order.

    ``jobs`` is the number of worker processes (0: one per core); ``progress``, if given, is
    called with the running tally now and then (after a file, and every few hundred hands).
    """
    if jobs == 0:
        jobs = default_jobs()
    tally = Tally()
    paths = [item for item in items if isinstance(item, Path)]
    if jobs <= 1 or len(paths) <= 1:
        for item in items:
            _write_stream(_stream_of(item, job), writer, job, tally, progress)
        return tally
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(paths)))
    try:
        for done in _ordered_parts(pool, items, job, window=4 * jobs):
            if isinstance(done, tuple):
                part, counts = done
                writer.part(part)
                tally.add(counts)
                if progress is not None:
                    progress(tally)
            else:
                _write_stream(_stream_of(done, job), writer, job, tally, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return tally


def _stream_of(item: Path | FileReport, job: Job) -> HandStream:
    if isinstance(item, FileReport):
        return HandStream.of_report(item)
    return stream_file(item, job.rules_file)


def _write_stream(
    stream: HandStream, writer: Writer, job: Job, tally: Tally, progress: Progress | None
) -> None:
    """Write one file's stream, hand by hand, counting what is written."""
    keep = rule_filter(job.select, job.ignore)
    filtering = bool(job.select or job.ignore)
    writer.begin(stream.report)
    hands = violations = 0
    for hand in stream:
        if filtering:
            hand = filter_hand(hand, keep)
        writer.hand(hand)
        hands += 1
        violations += len(hand.violations)
        if progress is not None and not hands & 255:
            progress(Tally(tally.files, tally.hands + hands, tally.violations, tally.errors))
    writer.end(stream.report)
    tally.add(Tally(1, hands, violations, len(stream.report.errors)))
    if progress is not None:
        progress(tally)


# ----------------------------------------------------------------------------- workers

#: A worker's part to come, or an item for the main process.
_Slot: TypeAlias = "Future[list[tuple[Any, Tally]]] | Path | FileReport"


def _ordered_parts(
    pool: Executor, items: Sequence[Path | FileReport], job: Job, window: int
) -> Iterator[tuple[Any, Tally] | Path | FileReport]:
    """Each item in order: a worker's (part, tally), or the item itself for the main process
    (a ready-made report, a big file). Small files go to the workers in groups (see
    :data:`GROUP_BYTES`); at most ``window`` groups are in their hands."""
    pending: deque[_Slot] = deque()
    todo = iter(items)

    def submit() -> None:
        group: list[Path] = []
        size = 0
        for item in todo:
            if isinstance(item, Path) and not is_stdin(item):  # (stdin is the main process's)
                item_size = _size(item)
                if item_size <= BIG_FILE:
                    group.append(item)
                    size += item_size
                    if size >= GROUP_BYTES:
                        break
                    continue
            if group:  # the main process's item comes after the group
                pending.append(pool.submit(render_parts, job, group))
            pending.append(item)
            return
        if group:
            pending.append(pool.submit(render_parts, job, group))

    for _ in range(window):
        submit()
    while pending:
        head = pending.popleft()
        if isinstance(head, Path | FileReport):
            yield head
        else:  # a worker's Future
            submit()
            yield from head.result()


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # the worker reports it


def render_parts(job: Job, paths: list[Path]) -> list[tuple[Any, Tally]]:
    """In a worker: :func:`render_part` for each of a group of files."""
    return [render_part(job, path) for path in paths]


def render_part(job: Job, path: Path) -> tuple[Any, Tally]:
    """In a worker: judge one file and render it into a part for the main process."""
    writer = part_writer(job)
    tally = Tally()
    _write_stream(stream_file(path, job.rules_file), writer, job, tally, None)
    return writer.take_part(), tally


def part_writer(job: Job) -> Writer:
    """A writer of ``job``'s format that renders one file into a part."""
    import io

    if job.fmt == "json":
        from referee.render.json import JsonWriter

        return JsonWriter(io.StringIO(), document=False)
    if job.fmt == "jsonl":
        from referee.render.jsonl import JsonlWriter

        return JsonlWriter(io.StringIO(), flush=False)
    if job.fmt == "html":
        from referee.render.html import HtmlWriter

        return HtmlWriter(io.StringIO(), keep=True)
    if job.fmt == "csv":
        from referee.render.csv import CsvWriter

        return CsvWriter(io.StringIO(), header=False, flush=False)
    if job.fmt == "github":
        from referee.render.github import GithubWriter

        return GithubWriter(io.StringIO(), flush=False)
    if job.fmt == "standings":
        from referee.standings import StandingsWriter

        return StandingsWriter(keep=True)
    from referee.render.text import TextRenderer, make_console

    return TextRenderer(make_console(io.StringIO(), False), quiet=job.quiet, keep=True)
