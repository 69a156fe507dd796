"""Watching logs for changes (``referee audit --watch``, ``show --watch``).

The `watchfiles <https://watchfiles.helpmanual.io>`_ package (the optional extra
``watch``: ``pip install '.[watch]'``) waits for the system's file events (inotify,
FSEvents, ...): nothing is read or polled while nothing changes, and a burst of events (an
editor's save: a temporary file written, then renamed over the log) comes as one batch
once it has been quiet for :data:`QUIET_MS`.

What is watched: a folder given, with everything below it; for a file given, its folder
(not below it): a save that replaces the file (a rename) is seen there, where a watch on
the file itself would be lost with the file it replaced. What wakes the watch: a log given,
any ``*.hlog`` below a folder given, and a house-rules or config file (``*.yaml``,
``*.yml``, ``*.toml``) in a folder watched, since a log may name one; never a hidden file,
an editor's swap or backup file, or anything in a hidden folder (``.git``).

Nothing here prints, and nothing imports ``watchfiles`` until a watch starts.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

#: How long a burst of file events must have been quiet before it is given (milliseconds).
QUIET_MS = 100
#: At most this long a burst of events is gathered before it is given (milliseconds).
DEBOUNCE_MS = 1600

#: What `--watch` says when `watchfiles` is not installed.
INSTALL_HINT = (
    "--watch needs the watchfiles package, which is not installed: "
    "pip install watchfiles (or install the referee with its watch extra: "
    "pip install '.[watch]' in its folder)"
)

_SUFFIXES_BELOW = (".hlog", ".yaml", ".yml", ".toml")  # below a folder given
_SUFFIXES_BESIDE = (".yaml", ".yml", ".toml")  # beside a file given


class WatchError(Exception):
    """A watch that cannot start or go on: the message says why."""


def watchfiles_module() -> Any:
    """The ``watchfiles`` module; :class:`WatchError` (with how to install it) when it is
    not installed."""
    try:
        import watchfiles
    except ImportError:
        raise WatchError(INSTALL_HINT) from None
    return watchfiles


class Watch:
    """A watch on some logs: :meth:`wait` blocks until one of them, or a file they may
    use, changes, and gives the paths that changed.

    Use it as a context manager: the watching starts on entering (so that a change made
    while the logs are being judged is not missed) and stops on leaving.
    """

    def __init__(self, paths: Sequence[Path], also: Sequence[Path] = ()) -> None:
        self._module = watchfiles_module()
        self.files: set[Path] = set()  # files given (absolute), and their folders
        self.beside: set[Path] = set()
        self.below: list[Path] = []  # folders given, watched with all below them
        for path in [*paths, *also]:
            absolute = Path(path).absolute()
            if absolute.is_dir():
                self.below.append(absolute)
            else:
                self.files.add(absolute)
                self.beside.add(absolute.parent)
        for folder in [*self.beside, *self.below]:
            if not folder.is_dir():
                raise WatchError(f"cannot watch {folder}: no such folder")
        self._events: queue.Queue[set[Path] | BaseException] = queue.Queue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def count(self) -> int:
        """How many paths are watched (files given, folders given)."""
        return len(self.files) + len(self.below)

    def __enter__(self) -> Watch:
        groups = ((sorted(self.below), True), (sorted(self.beside), False))
        for roots, recursive in groups:
            if roots:
                thread = threading.Thread(
                    target=self._run, args=(roots, recursive), daemon=True, name="referee-watch"
                )
                thread.start()
                self._threads.append(thread)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=1)

    def wait(self) -> set[Path]:
        """Block until a watched file changes; the paths that changed (a burst, and what
        another watcher gave meanwhile, as one). :class:`WatchError` when a watch
        failed (a folder removed)."""
        changed = self._take(self._events.get())
        while True:
            try:
                more = self._events.get(timeout=QUIET_MS / 1000)
            except queue.Empty:
                return changed
            changed |= self._take(more)

    @staticmethod
    def _take(item: set[Path] | BaseException) -> set[Path]:
        if isinstance(item, BaseException):
            raise WatchError(f"the watch stopped: {item}")
        return item

    def _run(self, roots: list[Path], recursive: bool) -> None:
        """One watcher's thread: each batch of changes that matter, onto the queue."""
        try:
            for batch in self._module.watch(
                *roots,
                watch_filter=self._matters,
                debounce=DEBOUNCE_MS,
                step=QUIET_MS,
                stop_event=self._stop,
                recursive=recursive,
                raise_interrupt=False,
            ):
                self._events.put({Path(path) for _, path in batch})
        except Exception as exc:  # (a folder removed, a watch limit reached)
            if not self._stop.is_set():
                self._events.put(exc)

    def _matters(self, change: object, name: str) -> bool:
        """Whether a change to ``name`` calls for judging again (see the module's doc)."""
        path = Path(name)
        if path in self.files:
            return True
        if _hidden_or_scratch(path.name):
            return False
        if path.parent in self.beside and path.suffix.lower() in _SUFFIXES_BESIDE:
            return True
        for root in self.below:
            if path.is_relative_to(root):
                inside = path.relative_to(root).parts
                return not any(_hidden_or_scratch(p) for p in inside) and (
                    path.suffix.lower() in _SUFFIXES_BELOW
                )
        return False


def _hidden_or_scratch(name: str) -> bool:
    """A hidden file or folder, or an editor's swap or backup file."""
    return name.startswith((".", "#")) or name.endswith(("~", ".swp", ".swx", ".tmp"))
