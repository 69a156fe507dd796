"""Audit orchestration: inputs → parser → house options → game session → :class:`FileReport`.

This module never prints and never imports typer or rich: the command line and the
renderers sit on top of it. Nothing here raises for a bad input: a file that cannot be read,
decoded, parsed or judged becomes a :class:`FileReport` carrying ``P-`` errors, and the
batch goes on. An unexpected exception inside the parser or an engine becomes a
``P-INTERNAL`` error for that file only.

Memory stays bounded by one file: hands are judged one at a time as the parser yields them,
and only the results are kept (without the per-trick replay records unless asked for).
:func:`stream_file` / :func:`stream_text` go further and hand each result over as soon as it
is judged (a :class:`HandStream`), keeping nothing; :func:`audit_file` is built on them.
"""

from __future__ import annotations

import codecs
import dataclasses
import errno
import io
import os
import stat
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO, TypeVar

from referee.games import Session, game_of
from referee.report import (
    FileReport,
    HandResult,
    ReadError,
    Violation,
    clip_source,
)

if TYPE_CHECKING:  # (the workers' types: a one-process run never imports them)
    pass

_T = TypeVar("_T")

#: The file suffix searched for inside folders (matched without regard to case).
LOG_SUFFIX = ".hlog"

_CHUNK = 1 << 20  # bytes read at a time when checking a file's encoding


# ----------------------------------------------------------------------------- inputs


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
            add(_io_error(str(path), "no such file or folder" if lost else _os_message(exc)))
            continue
        if is_dir:
            found = _walk_folder(path)
            if not found:  # nothing to audit is not a clean audit
                found = [_io_error(str(path), f"no *{LOG_SUFFIX} files in this folder")]
            for item in found:
                add(item)
        else:
            add(path)
    return out


def _walk_folder(folder: Path) -> list[Path | FileReport]:
    """Every ``*.hlog`` under ``folder``, sorted, then a P-IO report per problem.

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
            problems.append(_io_error(str(where), f"cannot list folder: {exc.strerror or exc}"))
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
                continue
            path = Path(entry.path)
            if linked and not _inside(path, Path(top)) and os.path.lexists(path):
                problems.append(_io_error(str(path), _LEAVES))
            elif _special(path):  # reading a pipe found in a folder could wait forever
                problems.append(_io_error(str(path), "not a regular file; not read"))
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


def _io_error(path: str, message: str) -> FileReport:
    return FileReport(path=path, errors=[ReadError("P-IO", None, None, message)])


# ----------------------------------------------------------------------------- one file


def audit_file(
    path: Path,
    rules_file: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading | None = None,
) -> FileReport:
    """Read, parse and judge one log file. Never raises.

    ``rules_file`` is the ``--rules FILE`` applied under the log's own ``rules``/``option``
    lines. ``keep_tricks`` keeps the per-trick replay records in the results (off by
    default: the reports do not print them and they dominate memory on long sessions).
    """
    return stream_file(
        path, rules_file, keep_tricks=keep_tricks, reading=reading or DEFAULT_READING
    ).collect()


def audit_text(
    text: str,
    path: str = "<text>",
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
) -> FileReport:
    """Judge a log given as text (for tests and embedding). Never raises.

    A ``rules PATH`` in the log is resolved against ``base_dir`` (the current folder when
    None).
    """
    return stream_text(text, path, rules_file, base_dir, keep_tricks=keep_tricks).collect()


def audit_bytes(
    data: bytes,
    path: str,
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
) -> FileReport:
    """Decode (UTF-8, optional BOM) and judge a log's raw bytes. Never raises.

    Bytes that are not UTF-8, or a NUL byte (a binary file), give a ``P-ENCODING`` error
    at the line and column of the first bad byte, and the file is not judged.
    """
    return stream_bytes(data, path, rules_file, base_dir, keep_tricks=keep_tricks).collect()


# ----------------------------------------------------------------------------- streaming


class HandStream:
    """One file's hands, judged lazily: iterate for each :class:`HandResult` as it is judged.

    ``report`` is the file's :class:`FileReport` without its hands. Its header fields
    (``path``, ``game``, ``players``, ``metadata``, ``options_changed``) are set before the
    first hand is yielded; its ``errors`` (sorted) and standings (``totals``/``score``) are
    complete once the iteration is exhausted. ``report.hands`` stays empty, so memory does not
    grow with the number of hands. A stream can be iterated once. Never raises.

    :meth:`new_errors` gives the read errors found so far and not given before, for a
    report that prints them among the findings, in line order, as the hands stream by.
    """

    def __init__(
        self,
        report: FileReport,
        hands: Iterator[HandResult] | None = None,
        reader: Any = None,
        late: list[ReadError] | None = None,
    ) -> None:
        self.report = report
        self._hands: Iterator[HandResult] = hands if hands is not None else iter(())
        self._reader = reader
        self._late = late if late is not None else []
        self._own = report.errors  # this layer's errors (the list, before the parser's join)
        self._given = (0, 0, 0)  # errors given so far: this layer's, the reader's, late
        #: The bytes read from (a file, or the temporary copy of a stream), if any.
        self.source: Any = None

    @classmethod
    def of_report(cls, report: FileReport) -> HandStream:
        """A stream over an already complete report's hands."""
        return cls(dataclasses.replace(report, hands=[]), iter(report.hands))

    def __iter__(self) -> Iterator[HandResult]:
        return self._hands

    def new_errors(self) -> list[ReadError]:
        """The read errors found since the last call, in line order (at most
        :data:`MAX_PER_LINE` of a code on a line, as in the complete list)."""
        own, parsed, late = self._given
        reader_errors = getattr(self._reader, "errors", None) or []
        if len(reader_errors) == parsed and len(self._own) == own and len(self._late) == late:
            return []  # (the usual case, once per hand)
        found = [*self._own[own:], *reader_errors[parsed:], *self._late[late:]]
        self._given = (len(self._own), len(reader_errors), len(self._late))
        return _sorted_errors(_capped_errors(found)) if found else found

    def position(self) -> int:
        """How many bytes of the file have been read so far (0 when it is not known): for a
        progress display, never for the judging."""
        source = self.source
        if source is None:
            return 0
        try:
            return int(source.tell())
        except (OSError, ValueError, AttributeError):  # (closed: the file is done)
            return 0

    def collect(self) -> FileReport:
        """Judge every hand and return the complete report, hands included."""
        hands = list(self)
        self.report.hands = hands
        return self.report


@dataclass(frozen=True, slots=True)
class Reading:
    """How logs are read: the ``--encoding`` to decode them with (None: UTF-8, or UTF-16
    with a byte-order mark), whether a log's ``rules PATH`` may lie outside its folder
    (``--allow-rules-anywhere``), and house options a caller gives as a mapping (the
    library's ``game_options``: option keys to values, or sections named after the games,
    as in a house-rules file), under the log's own."""

    encoding: str | None = None
    rules_anywhere: bool = False
    game_options: Mapping[str, Any] | None = None


DEFAULT_READING = Reading()

#: A line longer than this (characters) is not read: reported as P-SYNTAX, skipped whole, so
#: a gigabyte without a line end takes no more memory than this.
MAX_LINE_CHARS = 1 << 20
#: A pipe or device named on the command line (``/dev/stdin``, a FIFO) is read once, into a
#: temporary file, up to this many bytes; a longer stream is not judged (``yes |``,
#: ``/dev/zero`` would never end).
MAX_STREAM_BYTES = 64 << 20


def check_encoding(name: str) -> str:
    """The codec's canonical name for ``--encoding NAME``; LookupError for an unknown one,
    ValueError for one that is not text (such as ``rot13`` or ``zlib``)."""
    info = codecs.lookup(name)
    if not getattr(info, "_is_text_encoding", True):
        raise ValueError(f"{name} is not a text encoding")
    return info.name


def stream_file(
    path: Path,
    rules_file: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading = DEFAULT_READING,
) -> HandStream:
    """:func:`audit_file`, streamed: the hands of one log file as they are judged.

    The file is opened once. A regular file is read twice through that one handle, never
    whole: once in chunks to check that it is text in its encoding, then a few lines at a
    time as the hands are judged, so memory stays bounded by the longest hand (and a line by
    :data:`MAX_LINE_CHARS`) however long the file. Anything else (a pipe, ``/dev/stdin``) is
    read once, as a stream, into a temporary file of at most :data:`MAX_STREAM_BYTES`, and
    checked as it comes; it is never opened again.
    """
    if is_stdin(path):
        return stream_stdin(rules_file, keep_tricks=keep_tricks, reading=reading)
    name = str(path)
    try:
        handle: BinaryIO = path.open("rb")
    except OSError as exc:
        return HandStream(_io_error(name, f"cannot read file: {exc.strerror or exc}"))
    return _stream_handle(handle, name, rules_file, path.parent, keep_tricks, reading)


def _stream_handle(
    handle: BinaryIO,
    name: str,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
    reading: Reading,
    *,
    owned: bool = True,
) -> HandStream:
    """:func:`stream_file` for an open file (``owned``: closed here when it is done with)."""
    try:
        if _is_regular(handle):
            source = handle
        else:
            source = _spooled(handle)
            if owned:
                handle.close()
        codec = _codec_of(source, reading.encoding)
        problem = _scan_encoding(source, codec, reading.encoding)
    except _TooLong:
        handle.close()
        return HandStream(_io_error(name, _too_long()))
    except OSError as exc:
        handle.close()
        return HandStream(_io_error(name, f"cannot read file: {exc.strerror or exc}"))
    if problem is not None:
        source.close()
        return HandStream(FileReport(path=name, errors=[problem]))
    late: list[ReadError] = []
    text = io.TextIOWrapper(source, encoding=codec, newline=None)
    lines = chain.from_iterable(_text_chunks(text, late, changed=True))

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines, quick=True)

    stream = _stream(reader, name, rules_file, base_dir, keep_tricks, late, reading)
    stream.source = source
    return stream


def _is_regular(handle: BinaryIO) -> bool:
    """Whether an open file is a regular file (else: a pipe, a device, or a stream with no
    file behind it, read once)."""
    try:
        return stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # (io.UnsupportedOperation: no file)
        return False


# ----------------------------------------------------------------------------- stdin

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
    return os.fspath(path) == os.fspath(STDIN_PATH)


def input_path(raw: str) -> Path:
    """A command-line path as an input: :data:`STDIN_PATH` for ``-``, else the path."""
    return STDIN_PATH if is_stdin(raw) else Path(raw)


def stream_stdin(
    rules_file: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading = DEFAULT_READING,
) -> HandStream:
    """:func:`stream_file` for the log on standard input, named :data:`STDIN_NAME`: read
    once, as any pipe or device is (at most :data:`MAX_STREAM_BYTES`, never again); a
    ``rules PATH`` in it is relative to the current folder."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return HandStream(_io_error(STDIN_NAME, "cannot read standard input: it is closed"))
    try:
        return _stream_handle(
            stream, STDIN_NAME, rules_file, None, keep_tricks, reading, owned=False
        )
    except ValueError as exc:  # (a closed stream)
        return HandStream(_io_error(STDIN_NAME, f"cannot read standard input: {exc}"))


class _TooLong(Exception):
    """A pipe or device gave more than :data:`MAX_STREAM_BYTES`."""


def _too_long() -> str:
    return (
        f"the input is a pipe or device and gave more than {MAX_STREAM_BYTES >> 20} MiB; "
        "it was not judged (save the log to a file, or split it)"
    )


def _spooled(stream: BinaryIO) -> BinaryIO:
    """A stream's bytes in a temporary file (in memory up to 1 MiB), read once and at most
    :data:`MAX_STREAM_BYTES`; raises :class:`_TooLong` past that. A stream that stops
    being text (``/dev/zero``, a binary) is cut short after its first bad chunk: the check
    that follows finds the fault there."""
    import tempfile

    spool = tempfile.SpooledTemporaryFile(max_size=_CHUNK)  # noqa: SIM115 (it is returned)
    size = 0
    decoder: codecs.IncrementalDecoder | None = codecs.getincrementaldecoder("utf-8")()
    while chunk := stream.read(_CHUNK):
        size += len(chunk)
        if size > MAX_STREAM_BYTES:
            spool.close()
            raise _TooLong
        spool.write(chunk)
        if b"\x00" in chunk:
            break
        if decoder is not None:
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                decoder = None  # (maybe UTF-16, or --encoding: the check decides)
    spool.seek(0)
    return spool  # type: ignore[return-value]


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _codec_of(source: BinaryIO, encoding: str | None) -> str:
    """The codec to read a log with: ``--encoding`` if given, else by its byte-order mark
    (UTF-8, UTF-16 or UTF-32), else UTF-8."""
    head = source.read(4)
    source.seek(0)
    if encoding is not None:
        name = codecs.lookup(encoding).name
        return "utf-8-sig" if name == "utf-8" else name
    for bom, codec in _BOMS:
        if head.startswith(bom):
            return codec
    return "utf-8-sig"


def _scan_encoding(handle: BinaryIO, codec: str, asked: str | None) -> ReadError | None:
    """:func:`decode_problem` for an open file, reading it in chunks (then back at its
    start)."""
    decoder = codecs.getincrementaldecoder(codec)()
    consumed = 0
    while True:
        chunk = handle.read(_CHUNK)
        consumed += len(chunk)
        try:
            text = decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError:
            break
        if "\x00" in text:
            break
        if not chunk:
            handle.seek(0)
            return None
    handle.seek(0)  # rare: read up to the bad chunk again to place the bad byte
    problem = decode_problem(handle.read(consumed), codec, asked)
    handle.seek(0)
    return problem


_LINES_CHUNK = 1 << 16


def _text_chunks(text: TextIO, late: list[ReadError], *, changed: bool) -> Iterator[list[str]]:
    """The lines of a log, some at a time (about :data:`_LINES_CHUNK` characters), each
    without its line end and in Unicode's composed form (NFC: a name written ``zoé`` with a
    combining accent is the same name as ``zoé``).

    A line longer than :data:`MAX_LINE_CHARS` is given as an empty line (its number kept)
    and reported in ``late`` as P-SYNTAX. A read failure (``changed``: the file changed or
    vanished meanwhile) ends the lines and is reported in ``late`` too. The lines come in
    lists for :func:`itertools.chain`, which costs less than resuming a generator for each
    line of a bulk file.
    """
    count = 0  # the lines given so far
    carry = ""  # the start of a line not ended yet
    skipping = False  # inside a line too long to read
    try:
        while chunk := text.read(_LINES_CHUNK):
            parts = chunk.split("\n")
            if skipping:
                if len(parts) == 1:
                    continue
                parts[0], skipping = "", False
            else:
                parts[0] = carry + parts[0]
            carry = parts.pop()
            if len(carry) > MAX_LINE_CHARS:
                carry, skipping = "", True
                late.append(_line_too_long(count + len(parts) + 1))
            if parts:
                unicode = not chunk.isascii()
                if unicode or max(map(len, parts)) > MAX_LINE_CHARS:
                    _checked(parts, count, late, unicode)
                count += len(parts)
                yield parts
        if skipping or carry:
            count += 1
            yield _checked([carry], count - 1, late, not carry.isascii())
    except (OSError, UnicodeDecodeError) as exc:
        if not changed:
            raise
        why = exc.strerror if isinstance(exc, OSError) else "it is no longer text"
        late.append(
            ReadError(
                "P-IO",
                count + 1,
                None,
                f"cannot read file: {why or exc}; it changed while it was being read",
            )
        )
    finally:
        text.close()


def _checked(parts: list[str], before: int, late: list[ReadError], unicode: bool) -> list[str]:
    """``parts`` (lines ``before + 1``...) with over-long lines emptied and reported, and
    each line composed (NFC) where it is not ASCII."""
    for i, part in enumerate(parts):
        if len(part) > MAX_LINE_CHARS:
            parts[i] = ""
            late.append(_line_too_long(before + i + 1))
        elif unicode and not part.isascii() and not unicodedata.is_normalized("NFC", part):
            parts[i] = unicodedata.normalize("NFC", part)
    return parts


def _line_too_long(line: int) -> ReadError:
    return ReadError(
        "P-SYNTAX",
        line,
        1,
        f"this line is longer than {MAX_LINE_CHARS:,} characters; it was not read",
    )


def stream_bytes(
    data: bytes,
    path: str,
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading = DEFAULT_READING,
) -> HandStream:
    """:func:`audit_bytes`, streamed."""
    source = io.BytesIO(data)
    codec = _codec_of(source, reading.encoding)
    problem = decode_problem(data, codec, reading.encoding)
    if problem is not None:
        return HandStream(FileReport(path=path, errors=[problem]))
    text = codecs.decode(data, codec)
    return stream_text(text, path, rules_file, base_dir, keep_tricks=keep_tricks, reading=reading)


def stream_text(
    text: str,
    path: str = "<text>",
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading = DEFAULT_READING,
) -> HandStream:
    """:func:`audit_text`, streamed. The log is parsed and the header resolved right away;
    each hand is judged when the stream is advanced. Its lines are read as a file's are
    (composed, over-long ones skipped; ``\n``, ``\r\n`` and ``\r`` end a line)."""
    late: list[ReadError] = []
    source = io.StringIO(text.removeprefix("\ufeff"), newline=None)
    lines = chain.from_iterable(_text_chunks(source, late, changed=False))

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines, quick=True)

    return _stream(reader, path, rules_file, base_dir, keep_tricks, late, reading)


def _stream(
    open_reader: Callable[[], Any],
    path: str,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
    late: list[ReadError],
    reading: Reading = DEFAULT_READING,
) -> HandStream:
    """Read the header with ``open_reader()`` now, and stream the hands (``late``: errors
    found while reading the lines, added as they are found)."""
    report = FileReport(path=path)
    reader: Any = None
    hands: Iterator[HandResult] = iter(())
    try:
        reader = open_reader()
        hands = _judge(report, reader, rules_file, base_dir, keep_tricks, reading)
    except Exception as exc:  # a referee bug: report it for this file, keep the batch going
        report.errors.append(_internal_error(exc, None, None, "reading the log"))
    return HandStream(report, _finishing(report, reader, hands, late), reader, late)


def _finishing(
    report: FileReport, reader: Any, hands: Iterator[HandResult], late: list[ReadError]
) -> Iterator[HandResult]:
    """Yield the judged hands, then complete ``report.errors`` with the parser's errors."""
    try:
        yield from hands
    except Exception as exc:  # a referee bug: report it for this file, keep the batch going
        report.errors.append(_internal_error(exc, None, None, "reading the log"))
    parsed: list[ReadError] = []
    if reader is not None:
        try:
            parsed = list(reader.errors)
        except Exception as exc:
            report.errors.append(_internal_error(exc, None, None, "reading the log"))
    report.errors = _sorted_errors(_capped_errors([*report.errors, *parsed, *late]))


def decode_problem(
    data: bytes, codec: str = "utf-8-sig", asked: str | None = None
) -> ReadError | None:
    """The ``P-ENCODING`` error for bytes that are not text in ``codec`` (or hold a NUL, as
    a binary file does), or None when they are. ``asked``: the ``--encoding`` given."""
    try:
        text = codecs.decode(data, codec)
    except UnicodeDecodeError as exc:
        bad, nul = exc.start, -1
        decoded = codecs.decode(data[:bad], codec, errors="replace")
        at_nul = decoded.find("\x00")
        if at_nul >= 0:
            decoded, nul = decoded[:at_nul], at_nul
    else:
        nul = text.find("\x00")
        if nul < 0:
            return None
        decoded, bad = text[:nul], -1
    line, column = _position(decoded.removeprefix("\ufeff"))
    if nul >= 0:
        what = "a NUL byte (this looks like a binary file)"
        fix = "hand logs are text"
    elif asked is not None:
        what = f"byte 0x{data[bad]:02x}, which is not {asked} text"
        fix = "check the --encoding given, or save the file as UTF-8"
    else:
        what = f"byte 0x{data[bad]:02x}, which is not UTF-8"
        fix = (
            "hand logs must be UTF-8 (or UTF-16 with a byte-order mark): save the file as "
            "UTF-8, or run with --encoding NAME, e.g. --encoding cp1252"
        )
    return ReadError("P-ENCODING", line, column, f"cannot read the log: {what}; {fix}")


def _position(before: str) -> tuple[int, int]:
    """1-based line and character column just after the text ``before`` (``\n``, ``\r\n``
    and ``\r`` end a line, as for the parser)."""
    line = before.count("\n") + before.count("\r") - before.count("\r\n") + 1
    line_start = max(before.rfind("\n"), before.rfind("\r")) + 1
    return line, len(before) - line_start + 1


def _judge(
    report: FileReport,
    reader: Any,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
    reading: Reading = DEFAULT_READING,
) -> Iterator[HandResult]:
    """Fill ``report``'s header fields now; return the hands, judged as they are pulled.

    ``report.errors`` gets this layer's errors; the parser's own errors are added by the
    caller once the hands are exhausted.
    """
    header = reader.header
    session: Any = None
    if header is not None and header.game is not None:
        report.game = header.game
        report.players = list(header.players)
        report.metadata = dict(header.metadata)
        options, option_errors = resolve_options(
            header,
            rules_file,
            base_dir,
            rules_anywhere=reading.rules_anywhere,
            settings=reading.game_options,
        )
        report.errors.extend(option_errors)
        if options is not None:
            from referee.options import changed_options

            report.options_changed = changed_options(options)
            report.money_places = _money_places(header, options)
            limit = game_of(header.game).bid_limit(options)
            if limit is not None:
                reader.allow_bids(limit)  # (numbered bids read up to 12 with two decks)
            try:
                session = _new_session(header, options, keep_tricks)
            except Exception as exc:
                report.errors.append(
                    _internal_error(exc, header.line, header.column, "starting the session")
                )
    return _judged(report, session, reader, keep_tricks)


def _money_places(header: Any, options: Any) -> int:
    """The decimals of the file's amounts (see :func:`referee.report.money_places`)."""
    return game_of(header.game).money_places(header, options)


def _judged(
    report: FileReport, session: Any, reader: Any, keep_tricks: bool
) -> Iterator[HandResult]:
    """Judge hands one at a time; a crash in the engine becomes a P-INTERNAL error. Each
    finding keeps the line it is about as the reader read it (for its snippet)."""
    hands = reader.hands()
    source_of = getattr(reader, "source_line", None)
    if session is not None:
        internal: ReadError | None = None
        judged = 0
        for hand in hands:
            try:
                results = session.judge(hand)
            except Exception as exc:
                internal = _internal_error(
                    exc, hand.line, hand.column, f"judging hand {hand.number}"
                )
                break
            for result in results:
                if not keep_tricks and result.tricks:
                    result.tricks = []
                if result.claims and any(len(c.reason) > MAX_EVIDENCE for c in result.claims):
                    result.claims = [
                        dataclasses.replace(c, reason=capped_lists(c.reason)) for c in result.claims
                    ]
                if result.violations:
                    result.violations = [
                        _short_evidence(v) if len(v.evidence) > MAX_EVIDENCE else v
                        for v in result.violations
                    ]
                    if len(result.violations) > MAX_PER_LINE:
                        result.violations = _capped_violations(result.violations)
                    if source_of is not None:
                        result.violations = [_with_source(v, source_of) for v in result.violations]
                judged += 1
                yield result
        if internal is None:
            _fill_standings(report, session)
            if not judged:
                report.errors.append(_no_hands(report))
        else:
            report.errors.append(internal)
    for _ in hands:  # drain, so the parser's error list is complete
        pass


def _no_hands(report: FileReport) -> ReadError:
    """A log with a header and no hand is not clean: nothing in it was judged."""
    return ReadError(
        "P-HEADER",
        None,
        None,
        "the log has no hands: nothing to judge (a hand starts with a `hand N` line)",
    )


def _with_source(violation: Violation, source_of: Callable[[int], str | None]) -> Violation:
    """``violation`` with the line it is about, as read (cut around its column if long)."""
    line = source_of(violation.line) if violation.line else None
    if line is None:
        return violation
    kept, start = clip_source(line, violation.column)
    return dataclasses.replace(violation, source_line=kept, source_start=start)


#: Evidence longer than this (characters) has its lists of names or cards cut (see
#: :func:`capped_lists`): an ``ante`` line of a million names must not give a finding of
#: megabytes.
MAX_EVIDENCE = 1000
#: Items of a list kept in evidence that is too long, before "and N more".
LIST_KEPT = 20


def capped_lists(text: str) -> str:
    """``text`` with each list of more than :data:`LIST_KEPT` comma-separated items cut to
    its first ones, "and N more" and its last (which ends the sentence), then, if still
    too long, cut at :data:`MAX_EVIDENCE` characters."""
    import re

    pieces = re.split(r"(; |\. |: |\n)", text)
    for i in range(0, len(pieces), 2):
        items = pieces[i].split(", ")
        if len(items) > LIST_KEPT + 2:
            left = len(items) - LIST_KEPT - 1
            pieces[i] = ", ".join([*items[:LIST_KEPT], f"and {left:,} more", items[-1]])
    capped = "".join(pieces)
    if len(capped) > MAX_EVIDENCE * 4:
        capped = capped[: MAX_EVIDENCE * 4] + f"… ({len(capped) - MAX_EVIDENCE * 4:,} more)"
    return capped


def _short_evidence(violation: Violation) -> Violation:
    return dataclasses.replace(violation, evidence=capped_lists(violation.evidence))


#: At most this many findings of one rule (or read errors of one code) are listed for one line;
#: the rest are counted in one more finding. Only a freak line has more (a 5 MB trick line
#: with the same player a million times), and listing them all would make the report, and
#: its text snippets, many times the size of the log.
MAX_PER_LINE = 50


def _cap_per_line(
    items: list[_T], key: Callable[[_T], tuple[str, int | None]], more: Callable[[_T, int], _T]
) -> list[_T]:
    """``items`` with at most MAX_PER_LINE of each ``key``; for each key over the cap, one more
    item made by ``more`` from its first left-out item and how many were left out."""
    seen: dict[tuple[str, int | None], int] = {}
    kept: list[_T] = []
    first_left: dict[tuple[str, int | None], _T] = {}
    for item in items:
        k = key(item)
        seen[k] = count = seen.get(k, 0) + 1
        if count <= MAX_PER_LINE:
            kept.append(item)
        elif count == MAX_PER_LINE + 1:
            first_left[k] = item
    for k, item in first_left.items():
        kept.append(more(item, seen[k] - MAX_PER_LINE))
    return kept


def _more_violations(v: Violation, more: int) -> Violation:
    return Violation(
        v.rule,
        None,
        v.trick,
        None,
        v.line,
        v.column,
        f"and {more} more {v.rule} findings on this line, not listed",
    )


def _capped_violations(violations: list[Violation]) -> list[Violation]:
    kept = _cap_per_line(violations, lambda v: (v.rule, v.line), _more_violations)
    kept.sort(key=lambda v: (v.line, v.column))
    return kept


def _more_errors(e: ReadError, more: int) -> ReadError:
    return ReadError(e.code, e.line, e.column, f"and {more} more {e.code} errors on this line")


def _capped_errors(errors: list[ReadError]) -> list[ReadError]:
    if len(errors) <= MAX_PER_LINE:
        return errors
    return _cap_per_line(errors, lambda e: (e.code, e.line), _more_errors)


def _fill_standings(report: FileReport, session: Session) -> None:
    session.fill(report)
    report.totals_complete = session.totals_complete


def _new_session(header: Any, options: Any, keep_tricks: bool) -> Session:
    return game_of(header.game).new_session(header, options, keep_tricks)


def _internal_error(
    exc: BaseException, line: int | None, column: int | None, doing: str
) -> ReadError:
    text = str(exc).strip() or "(no message)"
    return ReadError(
        "P-INTERNAL",
        line,
        column,
        f"internal error while {doing}: {type(exc).__name__}: {text}. This is a bug in the "
        "referee, not in the log; the rest of this file was not judged.",
    )


def _sorted_errors(errors: list[ReadError]) -> list[ReadError]:
    """Errors in file order; errors without a position (e.g. from --rules) first."""
    return sorted(errors, key=lambda e: (e.line or 0, e.column or 0))


# ----------------------------------------------------------------------------- house options


def resolve_options(
    header: Any,
    rules_file: Path | None,
    base_dir: Path | None,
    *,
    rules_anywhere: bool = False,
    settings: Mapping[str, Any] | None = None,
) -> tuple[Any, list[ReadError]]:
    """The game's options: defaults ← ``--rules`` ← ``settings`` ← the log's ``rules PATH`` ←
    ``option`` lines.

    ``settings`` is a caller's house options as a mapping (the library's ``game_options``):
    option keys to values, or sections named after the games, as in a house-rules file.

    Returns ``(options, [])``, or ``(None, errors)`` when any layer is invalid: a file judged
    by rules other than its own would give wrong verdicts, so it is not judged. Every
    problem of every layer is a P-RULES error of its own (each bad key or value of a file,
    each bad ``option`` line), so that one run shows them all. The log's ``rules PATH`` must
    lie in the log's folder or below it (``rules_anywhere``: anywhere), so a log cannot make
    the referee read, or say anything about, other files.
    """
    from referee.options import default_options, validate_settings

    game = header.game
    options = default_options(game)
    errors: list[ReadError] = []
    if rules_file is not None:
        options = _file_options(options, game, rules_file, "--rules ", None, None, errors)
    if settings:
        options = _mapping_options(options, game, settings, errors)
    if header.rules_path:
        folder = base_dir if base_dir is not None else Path.cwd()
        target = Path(header.rules_path)
        if not target.is_absolute():
            target = folder / target
        line = header.rules_line or None
        column = header.rules_column or (1 if line else None)
        if not rules_anywhere and not _inside(target, folder):
            errors.append(ReadError("P-RULES", line, column, _outside(header.rules_path)))
        else:
            options = _file_options(options, game, target, "", line, column, errors)
    for item in header.options:
        changes, problems = validate_settings(game, {item.key: item.value})
        errors.extend(ReadError("P-RULES", item.line, item.column, m) for _, m in problems)
        options = dataclasses.replace(options, **changes)
    if not errors:
        errors.extend(_conflicts(header, options))
    return (None, errors) if errors else (options, [])


def _conflicts(header: Any, options: Any) -> list[ReadError]:
    """A P-RULES error for each pair of settings that cannot go together (the joker with the
    double deck...), at the last `option` line that set one of them, else at the log's
    `rules` line (none when only --rules set them)."""
    from referee.options import option_conflicts

    errors = []
    for keys, message in option_conflicts(header.game, options):
        lines = [i for i in header.options if i.key.strip().lower() in keys]
        if lines:
            line, column = lines[-1].line, lines[-1].column
        else:
            line, column = header.rules_line or None, header.rules_column or None
        errors.append(ReadError("P-RULES", line, column, message))
    return errors


def _file_options(
    options: Any,
    game: str,
    path: Path,
    prefix: str,
    line: int | None,
    column: int | None,
    errors: list[ReadError],
) -> Any:
    """``options`` with a house-rules file's valid settings applied; a P-RULES error in
    ``errors`` (at ``line``/``column`` of the log) for each problem, naming the file and,
    where known, the line and column in it (never what the file says there)."""
    from referee.options import OptionError, rules_file_settings, validate_file_settings

    try:
        settings = rules_file_settings(path, game)  # its errors name the file
    except OptionError as exc:
        errors.append(ReadError("P-RULES", line, column, f"{prefix}{exc}"))
        return options
    changes, problems = validate_file_settings(game, settings, path)
    errors.extend(ReadError("P-RULES", line, column, f"{prefix}{m}") for m in problems)
    return dataclasses.replace(options, **changes)


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links followed, lies in ``folder`` or below it."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def _outside(written: str) -> str:
    """The message for a ``rules PATH`` outside the log's folder: the same whether or not
    that path exists, so that a log cannot probe the file system."""
    return (
        f"{written}: the house-rules file is outside the log's folder; a log's `rules` may "
        "only name a file in its own folder or below it (give the file with --rules, or "
        "run with --allow-rules-anywhere)"
    )


def _mapping_options(
    options: Any, game: str, settings: Mapping[str, Any], errors: list[ReadError]
) -> Any:
    """``options`` with the valid ``settings`` applied (the section of ``game`` when they are
    given by game); a P-RULES error for each problem, named ``game_options``."""
    from referee.options import _game_section, validate_settings

    if any(isinstance(key, str) and _game_section(key) for key in settings):
        section = next((v for k, v in settings.items() if _game_section(k) == game), None)
        if section is None:
            return options
        if not isinstance(section, Mapping):
            errors.append(
                ReadError("P-RULES", None, None, f"game_options: {game!r} must be a mapping")
            )
            return options
        settings = section
    changes, problems = validate_settings(game, settings)
    errors.extend(ReadError("P-RULES", None, None, f"game_options: {m}") for _, m in problems)
    return dataclasses.replace(options, **changes)


# ----------------------------------------------------------------------------- filtering


def rule_filter(select: Sequence[str] = (), ignore: Sequence[str] = ()) -> Callable[[str], bool]:
    """A predicate on rule IDs: kept when it matches a ``select`` entry (or none are given)
    and no ``ignore`` entry. Entries are IDs or prefixes (``BR-CINCH``, ``L-``), any case."""
    sel = tuple(s.strip().upper() for s in select if s.strip())
    ign = tuple(s.strip().upper() for s in ignore if s.strip())

    def keep(rule: str) -> bool:
        rid = rule.upper()
        return (not sel or rid.startswith(sel)) and not (ign and rid.startswith(ign))

    return keep


def filter_report(report: FileReport, keep: Callable[[str], bool]) -> FileReport:
    """A copy of ``report`` holding only the violations whose rule ``keep`` accepts.

    ``P-`` read errors are never filtered: an unreadable input always counts.
    """
    return dataclasses.replace(report, hands=[filter_hand(h, keep) for h in report.hands])


def filter_hand(hand: HandResult, keep: Callable[[str], bool]) -> HandResult:
    """``hand`` itself, or a copy holding only the violations whose rule ``keep`` accepts."""
    kept = [v for v in hand.violations if keep(v.rule)]
    if len(kept) == len(hand.violations):
        return hand
    return dataclasses.replace(hand, violations=kept)
