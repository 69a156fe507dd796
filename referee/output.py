"""Where a run's output goes, safely: a report file written atomically, a run stopped by a
signal that leaves no temporary file behind, and a reader that went away (``referee audit
... | head``) ending the run quietly.

Used by the command line; the batch holds signals back while it forks its workers
(:func:`signals_held`). This module never prints but for a one-line note on stderr when a
signal ends the run, and never imports typer or rich.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn, TextIO, TypeVar

_T = TypeVar("_T")

#: 128 + SIGPIPE, as a shell reports a writer killed by a closed pipe (``git log | head``).
EXIT_BROKEN_PIPE = 141

#: The signals that end a run (and that are held back while workers are forked).
_ENDING = ("SIGINT", "SIGTERM", "SIGHUP")

#: Temporary report files being written, removed by :func:`_on_signal` if the run is killed.
_TEMP_FILES: set[str] = set()


def write_atomic(target: Path, write: Callable[[TextIO], _T]) -> _T:
    """Write a report to ``target`` with ``write``, and return what it returns.

    A regular file (or nothing yet) is written as a temporary file beside it, then renamed
    over it, so a reader never sees half a report; the file it replaces keeps its
    permissions (a symlink is followed: the file it points to is replaced, not the link).
    Anything else (``/dev/null``, ``/dev/stdout``, a pipe) is written into directly: a rename
    would replace the device node or the link itself. An :class:`OSError` is the caller's to
    report; no temporary file is left behind.
    """
    try:
        existing: os.stat_result | None = target.stat()
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        with open(target, "w", encoding="utf-8", errors="backslashreplace", newline="\n") as out:
            return write(out)
    import tempfile  # (only here: it imports random, which a write to /dev/null never needs)

    real = Path(os.path.realpath(target))
    with signals_held():  # (a signal between the two would leave the file unknown)
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        _TEMP_FILES.add(tmp)
    try:
        with os.fdopen(
            fd, "w", encoding="utf-8", errors="backslashreplace", newline="\n"
        ) as handle:
            code = write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _mode_for(existing))
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        _TEMP_FILES.discard(tmp)
    return code


def _mode_for(existing: os.stat_result | None) -> int:
    """The permissions of the file written: those of the file it replaces, else what a
    new file gets under the umask."""
    if existing is not None:
        return stat.S_IMODE(existing.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for a moment: while a temporary file is made
    and noted, or while workers may be forked (an exception raised by a signal inside the
    interpreter's at-fork hooks is printed and dropped, so the signal would be lost). Held,
    a signal arrives right after (a worker unblocks them itself: :func:`release_signals`)."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    before = mask(signal.SIG_BLOCK, _ending_signals())
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


def release_signals() -> None:
    """Unblock the signals :func:`signals_held` holds (in a process forked while held)."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is not None:
        mask(signal.SIG_UNBLOCK, _ending_signals())


def _ending_signals() -> set[int]:
    import signal

    return {getattr(signal, name) for name in _ENDING if hasattr(signal, name)}


def catch_signals() -> None:
    """End the run on SIGINT, SIGTERM and SIGHUP with no temporary file and no worker left
    behind (see :func:`_on_signal`). A signal the parent shell has the run ignore (SIGINT
    in ``referee ... &``) stays ignored."""
    import signal

    for name in _ENDING:
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(signum, _on_signal)


def _on_signal(signum: int, frame: object) -> None:
    """Remove the temporary report files and end the run at once, with ``128 + signum``.

    The run ends here rather than by an exception unwinding it: an exception raised in a
    signal handler is lost when the signal lands in a finaliser (a generator closed by the
    garbage collector, say), and the run would go on to write its report. The workers die
    with this process (see :mod:`referee.workers`).
    """
    for tmp in list(_TEMP_FILES):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    import signal

    words = "interrupted" if signum == getattr(signal, "SIGINT", None) else "stopped by a signal"
    with contextlib.suppress(OSError):
        os.write(2, f"referee: {words}\n".encode())
    os._exit(128 + signum)


def reader_gone() -> NoReturn:
    """The reader of standard output went away (``referee audit ... | head``, ``| less``
    and ``q``): end the run now, quietly, with :data:`EXIT_BROKEN_PIPE`, as ``git log |
    head`` does.

    The process ends at once (``os._exit``), after stderr is flushed: nothing is left to
    write, and an interpreter's ordinary exit would wait for the worker processes to finish
    the files in their hands. They die with this process instead (see
    :mod:`referee.workers`).
    """
    silence_stdout()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(EXIT_BROKEN_PIPE)


def silence_stdout() -> None:
    """Point stdout at /dev/null so that no later flush can fail on a closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
