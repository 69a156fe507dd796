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
import os
import stat
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from referee.report import FileReport, HandResult, ReadError, Violation, money_places

if TYPE_CHECKING:  # (the workers' types: a one-process run never imports them)
    from concurrent.futures import Executor, Future

_T = TypeVar("_T")

#: The file suffix searched for inside folders (matched without regard to case).
LOG_SUFFIX = ".hlog"

_BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 20  # bytes read at a time when checking a file's encoding


# ----------------------------------------------------------------------------- inputs


def collect_inputs(paths: Iterable[str | os.PathLike[str]]) -> list[Path | FileReport]:
    """Expand command-line paths into the files to audit, in a deterministic order.

    Files are taken as given, whatever their name. Folders are searched recursively for
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
    """Every ``*.hlog`` under ``folder``, sorted, then a P-IO report per unlistable folder."""
    found: list[Path] = []
    problems: list[FileReport] = []

    def on_error(exc: OSError) -> None:
        where = exc.filename if exc.filename is not None else str(folder)
        problems.append(_io_error(str(where), f"cannot list folder: {exc.strerror or exc}"))

    for root, dirs, files in os.walk(folder, onerror=on_error):
        dirs.sort()
        for name in files:
            if name.lower().endswith(LOG_SUFFIX):
                path = Path(root, name)
                if _special(path):  # reading a pipe found in a folder could wait forever
                    problems.append(_io_error(str(path), "not a regular file; not read"))
                else:
                    found.append(path)
    logs: list[Path] = sorted(found, key=lambda p: p.parts)
    unlisted: list[FileReport] = sorted(problems, key=lambda r: r.path)
    return [*logs, *unlisted]


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
    path: Path, rules_file: Path | None = None, *, keep_tricks: bool = False
) -> FileReport:
    """Read, parse and judge one log file. Never raises.

    ``rules_file`` is the ``--rules FILE`` applied under the log's own ``rules``/``option``
    lines. ``keep_tricks`` keeps the per-trick replay records in the results (off by
    default: the reports do not print them and they dominate memory on long sessions).
    """
    return stream_file(path, rules_file, keep_tricks=keep_tricks).collect()


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
    """

    def __init__(self, report: FileReport, hands: Iterator[HandResult] | None = None) -> None:
        self.report = report
        self._hands: Iterator[HandResult] = hands if hands is not None else iter(())

    @classmethod
    def of_report(cls, report: FileReport) -> HandStream:
        """A stream over an already complete report's hands."""
        return cls(dataclasses.replace(report, hands=[]), iter(report.hands))

    def __iter__(self) -> Iterator[HandResult]:
        return self._hands

    def collect(self) -> FileReport:
        """Judge every hand and return the complete report, hands included."""
        hands = list(self)
        self.report.hands = hands
        return self.report


def stream_file(
    path: Path, rules_file: Path | None = None, *, keep_tricks: bool = False
) -> HandStream:
    """:func:`audit_file`, streamed: the hands of one log file as they are judged.

    A regular file is read twice, never whole: once in chunks to check that it is UTF-8
    text, then line by line as the hands are judged, so memory stays bounded by the longest
    hand however long the file. Anything else (a pipe) is read into memory first.
    """
    name = str(path)
    try:
        with path.open("rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                data = handle.read()
                return stream_bytes(data, name, rules_file, path.parent, keep_tricks=keep_tricks)
            problem = _scan_encoding(handle)
    except OSError as exc:
        return HandStream(_io_error(name, f"cannot read file: {exc.strerror or exc}"))
    if problem is not None:
        return HandStream(FileReport(path=name, errors=[problem]))
    late: list[ReadError] = []
    lines = _file_lines(path, late)

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines, quick=True)

    return _stream(reader, name, rules_file, path.parent, keep_tricks, late)


def _scan_encoding(handle: BinaryIO) -> ReadError | None:
    """:func:`decode_problem` for an open file, reading it in chunks."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    consumed = 0
    while True:
        chunk = handle.read(_CHUNK)
        body = chunk[len(_BOM) :] if consumed == 0 and chunk.startswith(_BOM) else chunk
        consumed += len(chunk)
        try:
            decoder.decode(body, final=not chunk)
        except UnicodeDecodeError:
            break
        if b"\x00" in body:
            break
        if not chunk:
            return None
    handle.seek(0)  # rare: read up to the bad chunk again to place the bad byte
    return decode_problem(handle.read(consumed))


def _file_lines(path: Path, late: list[ReadError]) -> Iterator[str]:
    """The lines of a log file already checked to be UTF-8; a read failure (the file changed
    or vanished meanwhile) ends the lines and is reported in ``late``.

    The file is read some lines at a time (about :data:`_LINES_CHUNK` characters), and the
    lines handed out one by one by :func:`itertools.chain`, which costs less than resuming a
    generator for each line of a bulk file.
    """
    return chain.from_iterable(_file_chunks(path, late))


_LINES_CHUNK = 1 << 16


def _file_chunks(path: Path, late: list[ReadError]) -> Iterator[list[str]]:
    count = 0  # the lines read so far
    try:
        with path.open(encoding="utf-8-sig", newline=None) as handle:
            while chunk := handle.readlines(_LINES_CHUNK):
                count += len(chunk)
                yield chunk
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "it is no longer UTF-8 text"
        late.append(
            ReadError(
                "P-IO",
                count + 1,
                None,
                f"cannot read file: {why or exc}; it changed while it was being read",
            )
        )


def stream_bytes(
    data: bytes,
    path: str,
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
) -> HandStream:
    """:func:`audit_bytes`, streamed."""
    problem = decode_problem(data)
    if problem is not None:
        return HandStream(FileReport(path=path, errors=[problem]))
    text = data[len(_BOM) :].decode("utf-8") if data.startswith(_BOM) else data.decode("utf-8")
    return stream_text(text, path, rules_file, base_dir, keep_tricks=keep_tricks)


def stream_text(
    text: str,
    path: str = "<text>",
    rules_file: Path | None = None,
    base_dir: Path | None = None,
    *,
    keep_tricks: bool = False,
) -> HandStream:
    """:func:`audit_text`, streamed. The log is parsed and the header resolved right away;
    each hand is judged when the stream is advanced."""

    def reader() -> Any:
        from referee.parser import read_text

        return read_text(text.removeprefix("\ufeff"), quick=True)

    return _stream(reader, path, rules_file, base_dir, keep_tricks, [])


def _stream(
    open_reader: Callable[[], Any],
    path: str,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
    late: list[ReadError],
) -> HandStream:
    """Read the header with ``open_reader()`` now, and stream the hands (``late``: errors
    found while reading the lines, added once the hands are exhausted)."""
    report = FileReport(path=path)
    reader: Any = None
    hands: Iterator[HandResult] = iter(())
    try:
        reader = open_reader()
        hands = _judge(report, reader, rules_file, base_dir, keep_tricks)
    except Exception as exc:  # a referee bug: report it for this file, keep the batch going
        report.errors.append(_internal_error(exc, None, None, "reading the log"))
    return HandStream(report, _finishing(report, reader, hands, late))


def _finishing(
    report: FileReport, reader: Any, hands: Iterator[HandResult], late: list[ReadError]
) -> Iterator[HandResult]:
    """Yield the judged hands, then complete ``report.errors`` with the parser's errors."""
    try:
        yield from hands
    except Exception as exc:  # a referee bug: report it for this file, keep the batch going
        report.errors.append(_internal_error(exc, None, None, "reading the log"))
    if reader is not None:
        try:
            report.errors.extend(reader.errors)
        except Exception as exc:
            report.errors.append(_internal_error(exc, None, None, "reading the log"))
    report.errors.extend(late)
    report.errors = _sorted_errors(_capped_errors(report.errors))


def decode_problem(data: bytes) -> ReadError | None:
    """The ``P-ENCODING`` error for bytes that are not UTF-8 text, or None when they are."""
    body = data[len(_BOM) :] if data.startswith(_BOM) else data
    nul = body.find(b"\x00")
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start if nul < 0 else min(nul, exc.start)
    else:
        if nul < 0:
            return None
        bad = nul
    line, column = _position(body, bad)
    what = (
        "a NUL byte (this looks like a binary file)"
        if bad == nul
        else (f"byte 0x{body[bad]:02x}, which is not UTF-8")
    )
    return ReadError(
        "P-ENCODING",
        line,
        column,
        f"cannot read the log: {what}; hand logs must be UTF-8 text",
    )


def _position(body: bytes, offset: int) -> tuple[int, int]:
    """1-based line and character column of a byte offset (``\\n``, ``\\r\\n`` and ``\\r`` end a
    line, as for the parser)."""
    line_start = max(body.rfind(b"\n", 0, offset), body.rfind(b"\r", 0, offset)) + 1
    line = (
        body.count(b"\n", 0, offset)
        + body.count(b"\r", 0, offset)
        - body.count(b"\r\n", 0, offset)
        + 1
    )
    column = len(body[line_start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def _judge(
    report: FileReport,
    reader: Any,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
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
        options, option_errors = resolve_options(header, rules_file, base_dir)
        report.errors.extend(option_errors)
        if options is not None:
            from referee.options import changed_options

            report.options_changed = changed_options(options)
            report.money_places = _money_places(header, options)
            if getattr(options, "deck", "single") == "double":
                reader.allow_bids(12)  # numbered bids read up to 12 with two decks
            try:
                session = _new_session(header, options, keep_tricks)
            except Exception as exc:
                report.errors.append(
                    _internal_error(exc, header.line, header.column, "starting the session")
                )
    return _judged(report, session, reader.hands(), keep_tricks)


def _money_places(header: Any, options: Any) -> int:
    """The decimals of a Bourré file's amounts (see :func:`referee.report.money_places`)."""
    if header.game != "bourre":
        return 0
    return money_places(options.ante, options.limit, header.pot)


def _judged(
    report: FileReport, session: Any, hands: Iterator[Any], keep_tricks: bool
) -> Iterator[HandResult]:
    """Judge hands one at a time; a crash in the engine becomes a P-INTERNAL error."""
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
                if len(result.violations) > MAX_PER_LINE:
                    result.violations = _capped_violations(result.violations)
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


def _fill_standings(report: FileReport, session: Any) -> None:
    if report.game == "bourre":
        report.totals = dict(session.totals)
    else:
        report.score = session.score
    report.totals_complete = session.totals_complete


def _new_session(header: Any, options: Any, keep_tricks: bool) -> Any:
    if header.game == "bourre":
        from referee.bourre.engine import BourreSession

        return BourreSession(header, options, keep_tricks=keep_tricks)
    from referee.euchre.engine import EuchreSession

    return EuchreSession(header, options)


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
    header: Any, rules_file: Path | None, base_dir: Path | None
) -> tuple[Any, list[ReadError]]:
    """The game's options: defaults ← ``--rules`` ← the log's ``rules PATH`` ← ``option`` lines.

    Returns ``(options, [])``, or ``(None, errors)`` when any layer is invalid: a file judged
    by rules other than its own would give wrong verdicts, so it is not judged. Every
    problem of every layer is a P-RULES error of its own (each bad key or value of a file,
    each bad ``option`` line), so that one run shows them all.
    """
    from referee.options import default_options, validate_settings

    game = header.game
    options = default_options(game)
    errors: list[ReadError] = []
    if rules_file is not None:
        options = _file_options(options, game, rules_file, "--rules ", None, None, errors)
    if header.rules_path:
        target = Path(header.rules_path)
        if not target.is_absolute():
            target = (base_dir if base_dir is not None else Path.cwd()) / target
        line = header.rules_line or None
        column = header.rules_column or (1 if line else None)
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
    for keys, message in option_conflicts(options):
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
    where known, the line of the key in it."""
    from referee.options import OptionError, key_line, read_rules_file, validate_settings

    try:
        settings = read_rules_file(path, game)  # its errors name the file
    except OptionError as exc:
        errors.append(ReadError("P-RULES", line, column, f"{prefix}{exc}"))
        return options
    changes, problems = validate_settings(game, settings)
    for key, message in problems:
        at = key_line(settings, key)
        where = f"{path}:{at}" if at is not None else str(path)
        errors.append(ReadError("P-RULES", line, column, f"{prefix}{where}: {message}"))
    return dataclasses.replace(options, **changes)


# ----------------------------------------------------------------------------- many files


def audit_paths(
    paths: Iterable[str | os.PathLike[str]], rules_file: Path | None = None, jobs: int = 1
) -> Iterator[FileReport]:
    """Audit every file named by ``paths`` (files and folders), yielding reports in order."""
    return audit_inputs(collect_inputs(paths), rules_file, jobs)


def audit_inputs(
    items: Sequence[Path | FileReport], rules_file: Path | None = None, jobs: int = 1
) -> Iterator[FileReport]:
    """Audit the output of :func:`collect_inputs`, yielding one report per item, in order.

    With ``jobs`` > 1 files are audited in worker processes; the reports still come back in
    input order and are identical to a serial run. ``jobs`` 0 means one worker per CPU.
    Ready-made reports (P-IO errors from :func:`collect_inputs`) pass through in place.
    """
    work = partial(audit_file, rules_file=rules_file)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    n_files = sum(1 for p in items if isinstance(p, Path))
    if jobs <= 1 or n_files <= 1:
        for item in items:
            yield item if isinstance(item, FileReport) else work(item)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(jobs, n_files)) as pool:
        yield from _ordered_map(pool, work, items, window=jobs * 4)


def stream_inputs(
    items: Sequence[Path | FileReport], rules_file: Path | None = None, jobs: int = 1
) -> Iterator[HandStream]:
    """:func:`audit_inputs`, streamed: one :class:`HandStream` per item, in order.

    Serially (``jobs`` 1) each file's hands are judged as the stream is advanced, so nothing
    accumulates however long the log. In parallel, workers judge whole files and each
    finished report is replayed as a stream (memory bounded by the files in flight).
    """
    if jobs == 0:
        jobs = os.cpu_count() or 1
    n_files = sum(1 for p in items if isinstance(p, Path))
    if jobs > 1 and n_files > 1:
        for report in audit_inputs(items, rules_file, jobs):
            yield HandStream.of_report(report)
        return
    for item in items:
        yield (
            HandStream.of_report(item)
            if isinstance(item, FileReport)
            else stream_file(item, rules_file)
        )


def _ordered_map(
    pool: Executor,
    work: Callable[[Path], FileReport],
    items: Sequence[Path | FileReport],
    window: int,
) -> Iterator[FileReport]:
    """Run ``work`` over the paths in ``pool`` with at most ``window`` in flight, in order."""
    pending: deque[Future[FileReport] | FileReport] = deque()
    it = iter(items)
    for item in it:
        pending.append(item if isinstance(item, FileReport) else pool.submit(work, item))
        if len(pending) >= window:
            break
    while pending:
        head = pending.popleft()
        yield head if isinstance(head, FileReport) else head.result()
        nxt = next(it, None)
        if nxt is not None:
            pending.append(nxt if isinstance(nxt, FileReport) else pool.submit(work, nxt))


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


def exit_code(reports: Iterable[FileReport], exit_zero: bool = False) -> int:
    """0 clean, 1 any violation (unless ``exit_zero``), 2 any read/parse/rules error."""
    worst = 0
    for report in reports:
        if report.errors:
            return 2
        if report.violation_count and not exit_zero:
            worst = 1
    return worst
