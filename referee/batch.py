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

import contextlib
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from referee.audit import DEFAULT_READING, HandStream, Reading, stream_file
from referee.filtering import filter_hand, rule_filter
from referee.inputs import is_stdin
from referee.report import FileReport, HandResult, ReadError, exit_status

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
        """The file just ended, as a picklable part (writers made by :func:`part_writer`)."""


@dataclass(frozen=True, slots=True)
class Job:
    """What the batch does with each file: the settings a worker needs."""

    fmt: str  # a --format, statistics[-json] (--statistics), or standings (a tally)
    rules_file: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    quiet: bool = False
    reading: Reading = DEFAULT_READING  # --encoding, --allow-rules-anywhere
    color: bool = False  # text: a worker writes its part in colour (the main one's terminal)
    width: int | None = None  # text: the width its tables are laid out in (None: no limit)


@dataclass(slots=True)
class Tally:
    """What has been written so far: for the exit status and the progress display."""

    files: int = 0
    hands: int = 0
    violations: int = 0
    errors: int = 0
    #: Bytes read so far of the file being judged (for the progress display only; a
    #: finished file's tally has 0).
    reading: int = 0

    def add(self, other: Tally) -> None:
        self.files += other.files
        self.hands += other.hands
        self.violations += other.violations
        self.errors += other.errors

    def exit_code(self, exit_zero: bool = False) -> int:
        """The run's exit status (see :func:`referee.report.exit_status`)."""
        return exit_status(
            errors=bool(self.errors), violations=bool(self.violations), exit_zero=exit_zero
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
    pools = _Pools(min(jobs, len(paths)))
    try:
        for done in _ordered_parts(pools, items, job, window=4 * jobs):
            if isinstance(done, tuple):
                part, counts = done
                writer.part(part)
                tally.add(counts)
                if progress is not None:
                    progress(tally)
            else:
                _write_stream(_stream_of(done, job), writer, job, tally, progress)
    except BaseException:
        pools.abandon()  # a signal, a closed pipe: the workers' work is no longer wanted
        raise
    pools.close()
    return tally


def _stream_of(item: Path | FileReport, job: Job) -> HandStream:
    if isinstance(item, FileReport):
        return HandStream.of_report(item)
    return stream_file(item, job.rules_file, reading=job.reading)


def _write_stream(
    stream: HandStream, writer: Writer, job: Job, tally: Tally, progress: Progress | None
) -> None:
    """Write one file's stream, hand by hand, counting what is written."""
    keep = rule_filter(job.select, job.ignore)
    filtering = bool(job.select or job.ignore)
    writer.begin(stream.report)
    hands = violations = 0
    interleave = getattr(writer, "interleaves_errors", False)
    for hand in stream:
        if filtering:
            hand = filter_hand(hand, keep)
        if interleave:
            new = stream.new_errors()
            if new:
                writer.errors(new)
        writer.hand(hand)
        hands += 1
        violations += len(hand.violations)
        if progress is not None and not hands & 255:
            so_far = tally.hands + hands
            progress(Tally(tally.files, so_far, tally.violations, tally.errors, stream.position()))
    writer.errors(stream.new_errors())
    writer.end(stream.report)
    tally.add(Tally(1, hands, violations, len(stream.report.errors)))
    if progress is not None:
        progress(tally)


# ----------------------------------------------------------------------------- workers


class _Pools:
    """The worker processes, as a pool that is made anew when one of its workers dies.

    A worker killed (``kill -9``, the out-of-memory killer) breaks a
    :class:`~concurrent.futures.ProcessPoolExecutor` for good: every file in its hands fails.
    :meth:`renew` replaces it, and the files that were not finished are tried again. Each
    worker dies with the main process (see :func:`_worker_start`).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._new()

    def _new(self) -> Executor:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(
            max_workers=self.workers, initializer=_worker_start, initargs=(os.getpid(),)
        )

    def submit(self, paths: list[Path], job: Job) -> Future[list[tuple[Any, Tally]]]:
        with signals_held():
            try:
                return self.pool.submit(render_parts, job, paths)
            except Exception:  # the pool broke (a worker died) since the last look
                self.renew(self.pool)
                return self.pool.submit(render_parts, job, paths)

    def renew(self, broken: Executor) -> None:
        """A fresh pool in place of ``broken`` (once, however many of its futures failed)."""
        if broken is self.pool:
            self.kill()
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new()

    def kill(self) -> None:
        """Stop every worker now (their results are not wanted)."""
        processes = getattr(self.pool, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(OSError, AttributeError, ValueError):
                process.kill()

    def close(self) -> None:
        """Wait for the workers to exit (the batch is done)."""
        self.pool.shutdown(wait=True, cancel_futures=True)

    def abandon(self) -> None:
        """Kill the workers and let the pool go without waiting (the run is being stopped,
        maybe while the pool was still starting up)."""
        self.kill()
        with contextlib.suppress(Exception):  # (a pool interrupted as it started its threads)
            self.pool.shutdown(wait=False, cancel_futures=True)


_HELD = ("SIGINT", "SIGTERM", "SIGHUP")


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back while workers may be forked: an exception
    raised by a signal inside the interpreter's at-fork hooks is printed and dropped, so the
    signal would be lost. Held, it arrives right after (a worker unblocks it itself)."""
    import signal

    held = {getattr(signal, name) for name in _HELD if hasattr(signal, name)}
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    before = mask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


def _worker_start(parent: int) -> None:
    """In a new worker: die with the main process, leave its signals to it.

    On Linux the kernel kills the worker when the main process ends, however it ends (even
    by ``kill -9``: ``PR_SET_PDEATHSIG``); elsewhere a watchdog thread notices that the
    parent is gone. SIGINT (a Ctrl-C sent to the whole terminal group) is the main
    process's to handle; SIGTERM and SIGHUP end the worker at once.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            signal.signal(signum, signal.SIG_DFL)
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is not None:  # (forked while the main process held them back)
        mask(signal.SIG_UNBLOCK, {getattr(signal, n) for n in _HELD if hasattr(signal, n)})
    if not _die_with_parent():
        import threading

        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the main process died before this worker got going
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask Linux to kill this process with SIGKILL when its parent dies; False elsewhere."""
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        return bool(libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


#: A worker's part to come (with the files it is for), or an item for the main process.
_Slot: TypeAlias = (
    "tuple[Future[list[tuple[Any, Tally]]], Executor, list[Path]] | Path | FileReport"
)


def _ordered_parts(
    pools: _Pools, items: Sequence[Path | FileReport], job: Job, window: int
) -> Iterator[tuple[Any, Tally] | Path | FileReport]:
    """Each item in order: a worker's (part, tally), or the item itself for the main process
    (a ready-made report, a big file, a file whose worker died twice). Small files go to the
    workers in groups (see :data:`GROUP_BYTES`); at most ``window`` groups are in their
    hands."""
    pending: deque[_Slot] = deque()
    todo = iter(items)

    def send(group: list[Path]) -> None:
        future = pools.submit(group, job)
        pending.append((future, pools.pool, group))

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
                send(group)
            pending.append(item)
            return
        if group:
            send(group)

    for _ in range(window):
        submit()
    while pending:
        head = pending.popleft()
        if isinstance(head, Path | FileReport):
            yield head
            continue
        future, pool, group = head
        submit()
        try:
            parts = future.result()
        except Exception:  # its worker died (or the part could not be sent back)
            pools.renew(pool)
            yield from _retried(pools, group, job)
        else:
            yield from parts


def _retried(
    pools: _Pools, group: list[Path], job: Job
) -> Iterator[tuple[Any, Tally] | FileReport]:
    """The files of a group whose worker died, each tried once more on its own; a file
    whose worker dies again is reported (P-INTERNAL) rather than tried a third time."""
    for path in group:
        pool = pools.pool
        try:
            yield from pools.submit([path], job).result()
        except Exception as exc:
            pools.renew(pool)
            yield _died(path, exc)


def _died(path: Path, exc: BaseException) -> FileReport:
    from referee.report import ReadError

    why = type(exc).__name__
    return FileReport(
        path=str(path),
        errors=[
            ReadError(
                "P-INTERNAL",
                None,
                None,
                f"the worker process judging this file stopped twice ({why}: killed, or out "
                "of memory); the file was not judged",
            )
        ],
    )


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
    _write_stream(stream_file(path, job.rules_file, reading=job.reading), writer, job, tally, None)
    return writer.take_part(), tally


def part_writer(job: Job) -> Writer:
    """A writer of ``job``'s format that renders one file into a part (see
    :mod:`referee.render.writers`, the one table of every format's writers)."""
    from referee.render.writers import part_writer as of_format

    return of_format(job)
