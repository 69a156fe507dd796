"""The progress bar of a long ``audit`` run: on stderr, for people watching a terminal.

Used by the command line only (it brings rich). The bar appears once the run has lasted
:data:`DELAY` seconds, so short runs never show it, is redrawn at most ten times a second,
and is erased when the run ends.
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.batch import Tally

#: Seconds a run lasts before its bar is shown.
DELAY = 0.5
_REDRAW = 0.1


class ProgressBar:
    """Files done out of ``files`` and hands judged, on stderr. Call :meth:`update`."""

    def __init__(self, files: int) -> None:
        self.files = files
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

    def update(self, tally: Tally) -> None:
        """Show the running tally (cheap when called often: it is drawn now and then)."""
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + _REDRAW
        if self._bar is None:
            self._open()
        hands = f"{tally.hands:,} hands"
        self._bar.update(self._task, completed=tally.files, hands=hands, refresh=True)

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._bar = Progress(
            TextColumn("judging"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("files · {task.fields[hands]}"),
            console=Console(stderr=True),
            transient=True,
            auto_refresh=False,
        )
        self._task = self._bar.add_task("audit", total=self.files or None, hands="")
        self._bar.start()
