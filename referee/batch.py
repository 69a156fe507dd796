"""Running an audit batch: every input judged and written by one report writer, in order.

A report writer (:class:`~referee.job.Writer`) takes a file in three steps: ``begin`` once
its header is read, ``hand`` for each hand as it is judged, ``end`` once its errors and
standings are complete. So a file's hands go from the parser to the output one at a time and
nothing grows with the length of a log.

With ``jobs`` > 1, files are judged at the same time in worker processes
(:mod:`referee.workers`). A worker writes its files into *parts* with a writer of the same
kind (the file's JSON text, its JSON Lines, the digest of the text report, the report for
the HTML page), and the main process writes the parts in input order, so the output is byte
for byte that of ``jobs`` 1. At most a few groups of files are in the workers' hands at a
time, so the parts waiting to be written stay few. A file larger than :data:`BIG_FILE` is
not given to a worker (its part would be held whole): the main process streams it in its
turn.

This module never imports typer or rich (a text writer brings rich with it).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.audit import HandStream, stream_file
from referee.filtering import filter_hand, rule_filter
from referee.inputs import is_stdin
from referee.job import Job, Writer
from referee.readcodes import P_INTERNAL
from referee.report import FileReport, exit_status, file_not_read

if TYPE_CHECKING:  # (imported when workers are used: a one-process run does without)
    from concurrent.futures import Executor, Future

    from referee.config import Configs
    from referee.workers import WorkerPool

#: Files larger than this (bytes) are streamed by the main process rather than a worker.
BIG_FILE = 16 << 20
#: Smaller files go to a worker a few at a time, up to about this many bytes in all: a round
#: trip to a worker for each small file costs the main process (which shares the cores with
#: the workers) more than it saves.
GROUP_BYTES = 1 << 18


class Tally:
    """What has been written so far: for the exit status and the progress display.

    (A plain class, as :class:`~referee.games.bourre.play.Table` is: a dataclass is made
    at import, some 0.5 ms of a one-log audit's start, for methods written out here in a few
    lines; two tallies are equal when their counts are.)"""

    __slots__ = ("errors", "files", "hands", "not_read", "reading", "violations")

    def __init__(
        self,
        files: int = 0,
        hands: int = 0,
        violations: int = 0,
        errors: int = 0,
        not_read: int = 0,
        reading: int = 0,
    ) -> None:
        self.files = files
        self.hands = hands
        self.violations = violations  # findings under a rule ID (after --select/--ignore)
        self.errors = errors  # read errors (P- codes)
        #: Files that could not be read as a log at all, or that the referee failed on.
        self.not_read = not_read
        #: Bytes read so far of the file being judged (for the progress display only; a
        #: finished file's tally has 0).
        self.reading = reading

    def _counts(self) -> tuple[int, ...]:
        return (self.files, self.hands, self.violations, self.errors, self.not_read, self.reading)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and self._counts() == other._counts()

    def __repr__(self) -> str:
        return (
            f"Tally(files={self.files}, hands={self.hands}, violations={self.violations}, "
            f"errors={self.errors}, not_read={self.not_read}, reading={self.reading})"
        )

    def add(self, other: Tally) -> None:
        self.files += other.files
        self.hands += other.hands
        self.violations += other.violations
        self.errors += other.errors
        self.not_read += other.not_read

    def exit_code(self, exit_zero: bool = False) -> int:
        """The run's exit status (see :func:`referee.report.exit_status`): a read error of
        a file that was read is a finding, as a violation is."""
        return exit_status(
            not_read=bool(self.not_read),
            findings=bool(self.violations or self.errors),
            exit_zero=exit_zero,
        )


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
    configs: Configs | None = None,
) -> Tally:
    """Judge and write every item of :func:`~referee.inputs.collect_inputs`, in order.

    ``jobs`` is the number of worker processes (0: one per core); ``progress``, if given, is
    called with the running tally now and then (after a file, and every few hundred hands).
    ``configs``: the folder configs that apply to the files (see :mod:`referee.config`;
    none when None), each file judged by ``job`` with its config under it. They are looked
    up here, in the main process: a worker is given each file's job.
    """
    if jobs == 0:
        jobs = default_jobs()
    tally = Tally()
    if configs is None:
        from referee.config import Configs

        configs = Configs(off=True)
    plan = _Plan(job, configs)
    for_workers = sum(isinstance(item, Path) and not is_stdin(item) for item in items)
    if jobs <= 1 or for_workers <= 1:
        for item in items:
            file_job = plan.job_of(item)
            _write_stream(_stream_of(item, file_job), writer, file_job, tally, progress)
        return tally
    from referee.workers import WorkerPool

    with WorkerPool(min(jobs, for_workers)) as pool:
        for done in _in_order(pool, items, plan, window=4 * jobs):
            if isinstance(done, tuple):
                part, counts = done
                writer.part(part)
                tally.add(counts)
                if progress is not None:
                    progress(tally)
            else:
                file_job = plan.job_of(done)
                _write_stream(_stream_of(done, file_job), writer, file_job, tally, progress)
    return tally


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class _Plan(NamedTuple):
    """The run's job, and the job of each of its files (its folder config under it)."""

    job: Job
    configs: Configs

    def job_of(self, item: Path | FileReport) -> Job:
        if isinstance(item, FileReport):
            return self.job
        return self.configs.job_for(self.job, item)


def _stream_of(item: Path | FileReport, job: Job) -> HandStream:
    if isinstance(item, FileReport):
        return HandStream.of_report(item)
    return stream_file(item, job.rules_file, reading=job.reading)


def _write_stream(
    stream: HandStream, writer: Writer, job: Job, tally: Tally, progress: Progress | None
) -> None:
    """Write one file's stream, hand by hand, counting what is written. A writer with an
    ``ignored_findings`` method is told how many findings of each hand ``--select`` and
    ``--ignore`` left out (the text report's summary says so)."""
    keep = rule_filter(job.select, job.ignore)
    filtering = bool(job.select or job.ignore)
    ignored: Callable[[int], None] | None = getattr(writer, "ignored_findings", None)
    writer.begin(stream.report)
    hands = violations = 0
    interleave = getattr(writer, "interleaves_errors", False)
    for hand in stream:
        if filtering:
            found = len(hand.violations)
            hand = filter_hand(hand, keep)
            if ignored is not None and found > len(hand.violations):
                ignored(found - len(hand.violations))
        if interleave:
            new = stream.new_errors()
            if new:
                writer.errors(new)
        writer.hand(hand)
        hands += 1
        violations += len(hand.violations)
        if progress is not None and not hands & 255:
            so_far = tally.hands + hands
            progress(Tally(tally.files, so_far, reading=stream.position()))
    writer.errors(stream.new_errors())
    writer.end(stream.report)
    report = stream.report
    not_read = file_not_read(report, hands)
    tally.add(Tally(1, hands, violations, len(report.errors), int(not_read)))
    if progress is not None:
        progress(tally)


# ----------------------------------------------------------------------------- workers


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class _Sent(NamedTuple):
    """A group of files in a worker's hands: the parts to come, and the pool they are in."""

    future: Future[list[tuple[Any, Tally]]]
    pool: Executor
    paths: list[tuple[Job, Path]]


def _groups(items: Sequence[Path | FileReport]) -> Iterator[list[Path] | Path | FileReport]:
    """The items in order, the small files in groups for a worker (see
    :data:`GROUP_BYTES`), each other item alone for the main process: a ready-made report,
    a file over :data:`BIG_FILE`, standard input."""
    group: list[Path] = []
    size = 0
    for item in items:
        if isinstance(item, Path) and not is_stdin(item):
            item_size = _size(item)
            if item_size <= BIG_FILE:
                group.append(item)
                size += item_size
                if size >= GROUP_BYTES:
                    yield group
                    group, size = [], 0
                continue
        if group:  # the main process's item comes after the group before it
            yield group
            group, size = [], 0
        yield item
    if group:
        yield group


def _in_order(
    pool: WorkerPool, items: Sequence[Path | FileReport], plan: _Plan, window: int
) -> Iterator[tuple[Any, Tally] | Path | FileReport]:
    """Each item in order: a worker's (part, tally), or the item itself for the main process
    (a ready-made report, a big file, a file whose worker died twice). At most ``window``
    groups are in the workers' hands (or done and waiting to be written) at a time."""
    waiting: deque[_Sent | Path | FileReport] = deque()
    todo = _groups(items)
    sent = 0

    def top_up() -> None:
        nonlocal sent
        while sent < window:
            entry = next(todo, None)
            if entry is None:
                return
            if isinstance(entry, list):
                group = [(plan.job_of(path), path) for path in entry]
                future, executor = pool.submit(render_parts, group)
                waiting.append(_Sent(future, executor, group))
                sent += 1
            else:
                waiting.append(entry)

    top_up()
    while waiting:
        head = waiting.popleft()
        if not isinstance(head, _Sent):
            yield head
            continue
        sent -= 1
        top_up()
        try:
            parts = head.future.result()
        except Exception as exc:  # its worker died, or the part could not be made or sent
            if _broken(exc):
                pool.renew(head.pool)
            yield from _retried(pool, head.paths)
        else:
            yield from parts


def _retried(
    pool: WorkerPool, group: list[tuple[Job, Path]]
) -> Iterator[tuple[Any, Tally] | FileReport]:
    """The files of a group whose worker failed, each tried once more on its own; a file
    that fails again is reported (P-INTERNAL) rather than tried a third time."""
    for job, path in group:
        future, executor = pool.submit(render_parts, [(job, path)])
        try:
            yield from future.result()
        except Exception as exc:
            if _broken(exc):
                pool.renew(executor)
            yield _failed(path, exc)


def _broken(exc: BaseException) -> bool:
    """Whether a future failed because its worker died (the pool is broken)."""
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(exc, BrokenProcessPool)


def _failed(path: Path, exc: BaseException) -> FileReport:
    """The report of a file whose worker failed twice: died (killed, out of memory), or
    could not make or send its part (a bug)."""
    from referee.report import ReadError

    why = type(exc).__name__
    if _broken(exc):
        message = (
            f"the worker process judging this file stopped twice ({why}: killed, or out "
            "of memory); the file was not judged"
        )
    else:
        message = (
            f"internal error while writing this file's report in a worker process: {why}: "
            f"{exc}. This is a bug in the referee, not in the log; the file was not judged."
        )
    return FileReport(path=str(path), errors=[ReadError(P_INTERNAL, None, None, message)])


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # the worker reports it


def render_parts(group: list[tuple[Job, Path]]) -> list[tuple[Any, Tally]]:
    """In a worker: :func:`render_part` for each of a group of files, each by its own job
    (the run's, with the file's folder config under it)."""
    return [render_part(job, path) for job, path in group]


def render_part(job: Job, path: Path) -> tuple[Any, Tally]:
    """In a worker: judge one file and render it into a part for the main process."""
    writer = part_writer(job)
    tally = Tally()
    _write_stream(stream_file(path, job.rules_file, reading=job.reading), writer, job, tally, None)
    return writer.take_part(), tally


def part_writer(job: Job) -> Writer:
    """A writer of ``job``'s format that renders one file into a part (see
    :mod:`referee.render.writers`, the one table of every format's writers)."""
    from referee.render.writers import part_writer as of_format

    return of_format(job)
