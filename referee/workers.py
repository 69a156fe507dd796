"""The worker processes of a batch (``--jobs``): a :class:`~concurrent.futures.ProcessPoolExecutor`
that is made anew when one of its workers dies, whose workers die with the main process.

* **A worker killed** (``kill -9``, the out-of-memory killer) breaks a pool for good: each
  of its futures fails with :class:`~concurrent.futures.process.BrokenProcessPool`.
  :meth:`WorkerPool.renew` replaces it (once, however many of its futures failed); the
  pool's own manager has already ended the other workers of the broken pool.
* **The main process ends**, however it ends: on Linux the kernel kills each worker with it
  (``PR_SET_PDEATHSIG``, even after ``kill -9``); elsewhere a watchdog thread in each worker
  notices that its parent is gone. So a run ended at once (a signal, a closed pipe: see
  :mod:`referee.output`) leaves no worker behind.
* **A run given up** (an exception in the main process) cancels the work not started and
  lets the pool go without waiting (:meth:`WorkerPool.__exit__`): no worker is killed while
  it may be sending a result, which could leave the pool's manager waiting forever.
* **Signals**: SIGINT (a Ctrl-C sent to the whole terminal group) is the main process's to
  handle; SIGTERM and SIGHUP end a worker at once.

This module never imports typer or rich.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, TypeVar

from referee.output import release_signals, signals_held

_T = TypeVar("_T")


#: Whether a pool was let go without waiting for its workers (see :func:`given_up`).
_given_up = False


def given_up() -> bool:
    """Whether a run let a pool go without waiting (an exception in the main process).
    Such a run should end with ``os._exit`` once its messages are written: the pool's
    manager thread may still be closing its pipes when the interpreter's exit wakes it,
    and Python 3.11 then prints an ignored "Bad file descriptor" traceback."""
    return _given_up


class WorkerPool:
    """``workers`` worker processes, as a pool made anew when one of them dies.

    Use it as a context manager: a batch that ends normally waits for its workers to exit;
    one given up by an exception does not (see the module's notes).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: Executor = self._new()

    def _new(self) -> Executor:
        return ProcessPoolExecutor(
            max_workers=self.workers, initializer=_worker_start, initargs=(os.getpid(),)
        )

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        global _given_up
        _given_up = _given_up or kind is not None
        self.pool.shutdown(wait=kind is None, cancel_futures=True)

    def submit(self, work: Callable[..., _T], *args: Any) -> tuple[Future[_T], Executor]:
        """Start ``work(*args)`` in a worker: its future, and the pool it runs in (to
        :meth:`renew` if it breaks). Workers are forked here: the ending signals are held
        meanwhile."""
        with signals_held():
            try:
                return self.pool.submit(work, *args), self.pool
            except RuntimeError:  # the pool broke (a worker died) since the last look
                self.renew(self.pool)
                return self.pool.submit(work, *args), self.pool

    def renew(self, broken: Executor) -> None:
        """A fresh pool in place of ``broken``, if it is still the one in use."""
        if broken is self.pool:
            broken.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new()


def _worker_start(parent: int) -> None:
    """In a new worker: die with the main process, leave SIGINT to it, end at once on
    SIGTERM and SIGHUP."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            signal.signal(signum, signal.SIG_DFL)
    release_signals()  # (forked while the main process held them back)
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
