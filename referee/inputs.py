"""The inputs of a run: the files named on the command line, the logs found in folders
(``*.hlog``, links followed only inside the folder, special files refused), and standard
input (``-``). A path that cannot be used becomes a ready-made :class:`FileReport` with a
``P-IO`` error, so that the run goes on.
"""

from __future__ import annotations

import bisect
import errno
import os
import stat
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from referee.readcodes import P_IO
from referee.report import FileReport, ReadError

#: The file suffix searched for inside folders (matched without regard to case).
LOG_SUFFIX = ".hlog"


def collect_inputs(paths: Iterable[str | os.PathLike[str]]) -> list[Path | FileReport]:
    """Expand command-line paths into the files to audit, in a deterministic order.

    Files are taken as given, whatever their name; the string ``-`` is standard input
    (:data:`STDIN_PATH`, read in its turn). Folders are searched recursively for
    ``*.hlog`` files, sorted by path. A path that does not exist, or a folder (or sub-folder)
    that cannot be listed, becomes a :class:`FileReport` with a ``P-IO`` error in its place,
    so the rest of the batch is still audited. The same file named twice is audited once.
    """
    out: list[Path | FileReport] = []
    seen: set[str] = set()

    def add(item: Path | FileReport) -> None:
        key = os.path.normpath(str(item if isinstance(item, Path) else item.path))
        if key not in seen:
            seen.add(key)
            out.append(item)

    for raw in paths:
        if is_stdin(raw):  # `-`: the log on standard input (read in its turn)
            add(STDIN_PATH)
            continue
        path = Path(raw)
        try:
            is_dir = stat.S_ISDIR(path.stat().st_mode)
        except OSError as exc:  # missing, a symlink loop, a folder on the way not searchable
            lost = exc.errno in (errno.ENOENT, errno.ENOTDIR)
            add(io_error_report(str(path), "no such file or folder" if lost else _os_message(exc)))
            continue
        if is_dir:
            others = _Others()
            found = _walk_folder(path, others)
            if not found:  # nothing to audit is not a clean audit
                found = [io_error_report(str(path), others.no_logs_message(str(path)))]
            for item in found:
                add(item)
        else:
            add(path)
    return out


#: How many of the other files a folder without logs holds are named in its error.
OTHERS_NAMED = 3


class _Others:
    """The files of a folder walk that are no ``*.hlog`` (hidden ones, and those in hidden
    folders, left out): how many, the first few names in order (relative to the folder),
    and the suffixes of those at its top, for the message of a folder with no log in it.
    (A plain class: made at import, where a dataclass would cost ~0.4 ms of start-up.)"""

    __slots__ = ("count", "names", "top_suffixes")

    def __init__(self) -> None:
        self.count = 0
        self.names: list[str] = []
        self.top_suffixes: Counter[str] = Counter()

    def add(self, folder: str, path: str) -> None:
        name = os.path.relpath(path, folder)
        if any(part.startswith(".") for part in name.split(os.sep)):
            return  # (a hidden file, or one in a hidden folder such as .git)
        self.count += 1
        if os.sep not in name:
            self.top_suffixes[os.path.splitext(name)[1].lower()] += 1
        bisect.insort(self.names, name)
        del self.names[OTHERS_NAMED:]

    def no_logs_message(self, folder: str) -> str:
        """``no *.hlog files in this folder``, what it holds instead and how to audit it."""
        message = f"no *{LOG_SUFFIX} files in this folder"
        if not self.count:
            return message + " (nor any other file)"
        listed = ", ".join(self.names) + (", ..." if self.count > len(self.names) else "")
        files = "file" if self.count == 1 else "files"
        how = "name the logs on the command line"
        suffix = max(self.top_suffixes, key=lambda s: (self.top_suffixes[s], s), default="")
        if suffix:
            import shlex  # (for this message only)

            how += f" (`referee audit {shlex.quote(folder.rstrip(os.sep) or os.sep)}/*{suffix}`)"
        holds = f"it holds {self.count} other {files} ({listed})"
        return f"{message}; {holds}: {how}, or rename them to *{LOG_SUFFIX}"


def _walk_folder(folder: Path, others: _Others | None = None) -> list[Path | FileReport]:
    """Every ``*.hlog`` under ``folder``, sorted, then a P-IO report per problem (the other
    files are counted in ``others``).

    The walk keeps its own stack (a tree thousands of folders deep is no recursion), does
    not enter linked folders, and does not follow a linked log that leads out of
    ``folder``: a log from someone else could otherwise make the referee read, and print
    back, any file of the machine (``~/.ssh/id_ed25519``).
    """
    found: list[Path] = []
    problems: list[FileReport] = []
    top = os.path.realpath(folder)
    stack = [str(folder)]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as listing:
                entries = list(listing)
        except OSError as exc:
            where = exc.filename if exc.filename is not None else current
            problems.append(
                io_error_report(str(where), f"cannot list folder: {exc.strerror or exc}")
            )
            continue
        folders: list[str] = []
        for entry in entries:
            try:
                linked = entry.is_symlink()
                is_dir = entry.is_dir()
            except OSError:
                linked, is_dir = True, False
            if is_dir:
                if not linked:
                    folders.append(entry.path)
                continue
            if not entry.name.lower().endswith(LOG_SUFFIX):
                if others is not None:
                    others.add(str(folder), entry.path)
                continue
            path = Path(entry.path)
            if linked and not is_inside(path, Path(top)) and os.path.lexists(path):
                problems.append(io_error_report(str(path), _LEAVES))
            elif _special(path):  # reading a pipe found in a folder could wait forever
                problems.append(io_error_report(str(path), "not a regular file; not read"))
            else:
                found.append(path)
        stack.extend(sorted(folders, reverse=True))
    logs: list[Path] = sorted(found, key=lambda p: p.parts)
    unlisted: list[FileReport] = sorted(problems, key=lambda r: r.path)
    return [*logs, *unlisted]


_LEAVES = (
    "a symbolic link to a file outside the folder audited; not followed (name the file "
    "itself on the command line to audit it)"
)


def _special(path: Path) -> bool:
    """Whether ``path`` is a pipe, socket or device (a broken link is left to the reading)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _os_message(exc: OSError) -> str:
    return f"cannot read: {exc.strerror or exc}"


def io_error_report(path: str, message: str) -> FileReport:
    return FileReport(path=path, errors=[ReadError(P_IO, None, None, message)])


#: The command-line argument that names standard input.
STDIN_ARGUMENT = "-"


#: The name standard input goes by in the reports.
STDIN_NAME = "<stdin>"


#: Standard input among the inputs of :func:`collect_inputs`: a path no file can have (it
#: holds a NUL), so a file named ``-`` (given as ``./-``) or ``<stdin>`` is never taken for it.
STDIN_PATH = Path("\0stdin")


def is_stdin(path: str | os.PathLike[str]) -> bool:
    """Whether an input is standard input: the argument ``-`` (a string, as the command
    line gives it: ``./-`` is a file) or :data:`STDIN_PATH`."""
    if isinstance(path, str):
        return path == STDIN_ARGUMENT
    return path is STDIN_PATH or os.fspath(path) == _STDIN_TEXT


_STDIN_TEXT = os.fspath(STDIN_PATH)


def input_path(raw: str) -> Path:
    """A command-line path as an input: :data:`STDIN_PATH` for ``-``, else the path."""
    return STDIN_PATH if is_stdin(raw) else Path(raw)


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links followed, lies in ``folder`` or below it."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)
