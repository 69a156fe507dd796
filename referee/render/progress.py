"""The progress bar of a long ``audit`` run: on stderr, for people watching a terminal.

Used by the command line only (it brings rich). The bar appears once the run has lasted
:data:`DELAY` seconds, so short runs never show it, is redrawn at most ten times a second,
and is erased when the run ends.

It measures the work in bytes of input: the files written so far (in input order, as the
batch writes them) and the part read of the file being judged, against the size of every
input. So one long log moves the bar, and the time left (rich's estimate from the recent
speed) means something for a folder of uneven files too. Inputs of no known size (standard
input, a path that could not be read) count as nothing; with no size at all the bar counts
files.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from itertools import accumulate
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.batch import Tally

#: Seconds a run lasts before its bar is shown.
DELAY = 0.5
_REDRAW = 0.1


class ProgressBar:
    """Files and hands done, a bar and the time left, on stderr; call :meth:`update`.

    ``sizes`` are the inputs' sizes in bytes, in the batch's order (0 when not known).
    """

    def __init__(self, sizes: Sequence[int]) -> None:
        self.files = len(sizes)
        self._sizes = list(sizes)
        self._done = [0, *accumulate(self._sizes)]  # bytes of the first k inputs
        self._bytes = self._done[-1] > 0
        self._start = time.monotonic()
        self._next = self._start + DELAY
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()

    def completed(self, tally: Tally) -> int:
        """The work done, in the bar's unit: bytes (or files, when no size is known)."""
        files = min(tally.files, self.files)
        if not self._bytes:
            return files
        current = self._sizes[files] if files < self.files else 0
        return self._done[files] + min(tally.reading, current)

    def update(self, tally: Tally) -> None:
        """Show the running tally (cheap when called often: it is drawn now and then)."""
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + _REDRAW
        if self._bar is None:
            self._open()
        files = f"{min(tally.files, self.files)}/{self.files} files"
        self._bar.update(
            self._task,
            completed=self.completed(tally),
            files=files,
            hands=f"{tally.hands:,} hands",
            refresh=True,
        )

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn("judging"),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[files]} · {task.fields[hands]} ·"),
            TimeRemainingColumn(compact=True),
            TextColumn("left"),
            console=Console(stderr=True),
            transient=True,
            auto_refresh=False,
        )
        total = self._done[-1] if self._bytes else self.files
        files, hands = f"0/{self.files} files", "0 hands"
        self._task = self._bar.add_task("audit", total=total or None, files=files, hands=hands)
        self._bar.start()
