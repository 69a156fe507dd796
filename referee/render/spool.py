"""Lines kept for later in a temporary file, so that a report can print a file's table
after its findings (or a page its sections in order) without holding them in memory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO


class Spool:
    """Lines kept for later in a temporary file (in memory up to 1 MiB): a file's table
    rows, printed after its findings, take no memory however many hands it has."""

    def __init__(self) -> None:
        self._file: IO[str] | None = None
        self._lines: list[str] = []  # lines added, written to the file 256 at a time

    def empty(self) -> bool:
        """Whether nothing is kept."""
        return self._file is None and not self._lines

    def add(self, line: str) -> None:
        """Keep one line (which holds no line end)."""
        lines = self._lines
        lines.append(line)
        if len(lines) >= 256:
            self._flush()

    def _flush(self) -> None:
        if self._lines:
            text = "\n".join(self._lines) + "\n"
            self._lines = []
            self.write(text)

    def write(self, text: str) -> None:
        """Keep some text, to come back as it was written (:meth:`copy_to`); do not mix
        with :meth:`add`."""
        if self._file is None:
            import tempfile

            self._file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed when read)
                max_size=1 << 20, mode="w+", encoding="utf-8", errors="surrogateescape"
            )
        self._file.write(text)

    def copy_to(self, write: Callable[[str], object]) -> None:
        """Give everything kept to ``write``, a block at a time, then the spool is empty."""
        spool, self._file = self._file, None
        if spool is None:
            return
        with spool:
            spool.seek(0)
            while block := spool.read(1 << 16):
                write(block)

    def lines(self) -> Iterator[str]:
        """The lines added, once, then the spool is empty."""
        if self._file is None and not any("\r" in line for line in self._lines):
            kept, self._lines = self._lines, []  # (all in memory: as the file would give
            yield from kept  # them, without making one; a `\r` would end a line there)
            return
        self._flush()
        spool, self._file = self._file, None
        if spool is None:
            return
        with spool:
            spool.seek(0)
            for line in spool:
                yield line[:-1]
