"""Judging one log: its bytes → text (:mod:`referee.decoding`) → the parser → its house
options (:mod:`referee.houserules`) → the game's session → a :class:`FileReport`, whose
evidence is bounded (:mod:`referee.limits`). A run's inputs are found by
:mod:`referee.inputs`, its findings filtered by :mod:`referee.filtering`, and its files
judged and written in order by :mod:`referee.batch`.

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
import io
from collections.abc import Callable, Iterator, Mapping
from decimal import getcontext, localcontext
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

from referee.amounts import HAND_PRECISION, MONEY
from referee.decoding import (
    SMALL_FILE_BYTES,
    TooLong,
    codec_of,
    decode_problem,
    regular_size,
    scan_encoding,
    small_text,
    spooled,
    text_chunks,
    too_long_message,
)
from referee.games import Session, game_of
from referee.houserules import changed_options, resolve_options
from referee.inputs import STDIN_NAME, io_error_report, is_stdin
from referee.limits import (
    MAX_EVIDENCE,
    MAX_PER_LINE,
    capped_errors,
    capped_lists,
    capped_violations,
    short_evidence,
)
from referee.readcodes import P_HEADER, P_INTERNAL
from referee.report import FileReport, HandResult, ReadError, Violation, clip_source

if TYPE_CHECKING:
    from referee.config import FolderConfig
    from referee.options import GameOptions
    from referee.records import Header


def audit_file(
    path: Path,
    rules_file: Path | None = None,
    *,
    keep_tricks: bool = False,
    reading: Reading | None = None,
) -> FileReport:
    """Read, parse and judge one log file. Never raises.

    ``rules_file`` is the ``--rules FILE``, applied over the log's own ``rules``/``option``
    lines (the command line has the last word). ``keep_tricks`` keeps the per-trick
    replay records in the results (off by default: the reports do not print them and they
    dominate memory on long sessions).
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

    @property
    def header(self) -> Any:
        """The log's header as read (None when the file could not be read as a log)."""
        return getattr(self._reader, "header", None)

    def new_errors(self) -> list[ReadError]:
        """The read errors found since the last call, in line order (at most
        :data:`MAX_PER_LINE` of a code on a line, as in the complete list)."""
        own, parsed, late = self._given
        reader_errors = getattr(self._reader, "errors", None) or []
        if len(reader_errors) == parsed and len(self._own) == own and len(self._late) == late:
            return []  # (the usual case, once per hand)
        found = [*self._own[own:], *reader_errors[parsed:], *self._late[late:]]
        self._given = (len(self._own), len(reader_errors), len(self._late))
        return _sorted_errors(capped_errors(found)) if found else found

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


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Reading(NamedTuple):
    """How logs are read: the ``--encoding`` to decode them with (None: UTF-8, or UTF-16
    with a byte-order mark), whether a log's ``rules PATH`` may lie outside its folder
    (``--allow-rules-anywhere``), house options a caller gives as a house-rules file
    (the library's ``rules``) and as a mapping (its ``game_options``: option keys to
    values, or sections named after the games, as in a house-rules file), under the log's
    own, and the folder config that applies (:mod:`referee.config`: its ``rules`` file
    and game table, under all of these)."""

    encoding: str | None = None
    rules_anywhere: bool = False
    game_options: Mapping[str, Any] | None = None
    game_rules: Path | None = None
    config: FolderConfig | None = None


DEFAULT_READING = Reading()


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
        return HandStream(io_error_report(name, f"cannot read file: {exc.strerror or exc}"))
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
        size = regular_size(handle)
        if size is not None:
            source = handle
        else:
            source = spooled(handle)
            if owned:
                handle.close()
        codec = codec_of(source, reading.encoding)
        if size is not None and size <= SMALL_FILE_BYTES:
            data = source.read(SMALL_FILE_BYTES + 1)  # (bounded: it may have grown since)
            if len(data) <= SMALL_FILE_BYTES:
                source.close()
                return _stream_small(data, name, rules_file, base_dir, keep_tricks, reading, codec)
            source.seek(0)  # it grew since it was measured: read it as a large file
        problem = scan_encoding(source, codec, reading.encoding)
    except TooLong:
        handle.close()
        return HandStream(io_error_report(name, too_long_message()))
    except OSError as exc:
        handle.close()
        return HandStream(io_error_report(name, f"cannot read file: {exc.strerror or exc}"))
    if problem is not None:
        source.close()
        return HandStream(FileReport(path=name, errors=[problem]))
    late: list[ReadError] = []
    text = io.TextIOWrapper(source, encoding=codec, newline="")
    lines = chain.from_iterable(text_chunks(text, late, changed=True))

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines)

    stream = _stream(reader, name, rules_file, base_dir, keep_tricks, late, reading)
    stream.source = source
    return stream


def _stream_small(
    data: bytes,
    name: str,
    rules_file: Path | None,
    base_dir: Path | None,
    keep_tricks: bool,
    reading: Reading,
    codec: str,
) -> HandStream:
    """:func:`_stream_handle` for a small regular file, read whole (``data``, the file
    closed): decoded at once (:func:`small_text`); its lines are read from the text as a
    file's are."""
    text = small_text(data, codec, reading.encoding)
    if isinstance(text, ReadError):
        return HandStream(FileReport(path=name, errors=[text]))
    late: list[ReadError] = []
    lines = chain.from_iterable(text_chunks(io.StringIO(text, newline=""), late, changed=False))

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines)

    return _stream(reader, name, rules_file, base_dir, keep_tricks, late, reading)


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
        return HandStream(io_error_report(STDIN_NAME, "cannot read standard input: it is closed"))
    try:
        return _stream_handle(
            stream, STDIN_NAME, rules_file, None, keep_tricks, reading, owned=False
        )
    except ValueError as exc:  # (a closed stream)
        return HandStream(io_error_report(STDIN_NAME, f"cannot read standard input: {exc}"))


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
    codec = codec_of(source, reading.encoding)
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
    (composed, over-long ones skipped; ``\n`` and ``\r\n`` end a line, as for git)."""
    late: list[ReadError] = []
    source = io.StringIO(text.removeprefix("\ufeff"), newline="")
    lines = chain.from_iterable(text_chunks(source, late, changed=False))

    def reader() -> Any:
        from referee.parser import read_log

        return read_log(lines)

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
    report.errors = _sorted_errors(capped_errors([*report.errors, *parsed, *late]))


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
    session: Session | None = None
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
            settings_file=reading.game_rules,
            config=reading.config,
        )
        report.errors.extend(option_errors)
        if options is not None:
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


def _money_places(header: Header, options: GameOptions) -> int:
    """The decimals of the file's amounts (see :func:`referee.report.money_places`)."""
    return game_of(header.game).money_places(header, options)


def _judged(
    report: FileReport, session: Session | None, reader: Any, keep_tricks: bool
) -> Iterator[HandResult]:
    """Judge hands one at a time; a crash in the engine becomes a P-INTERNAL error. Each
    finding keeps the line it is about as the reader read it (for its snippet)."""
    hands = reader.hands()
    source_of = getattr(reader, "source_line", None)
    if session is not None:
        internal: ReadError | None = None
        judged = 0
        # A hand's money needs 25 digits (see referee.amounts): Python's default context has
        # 28. A caller whose own context has fewer gets each hand judged in MONEY's.
        narrow = getcontext().prec < HAND_PRECISION
        for hand in hands:
            try:
                if narrow:
                    with localcontext(MONEY):
                        results = session.judge(hand)
                else:
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
                        short_evidence(v) if len(v.evidence) > MAX_EVIDENCE else v
                        for v in result.violations
                    ]
                    if len(result.violations) > MAX_PER_LINE:
                        result.violations = capped_violations(result.violations)
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
        P_HEADER,
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
    return violation.with_source(kept, start)


def _fill_standings(report: FileReport, session: Session) -> None:
    session.fill(report)
    report.totals_complete = session.totals_complete


def _new_session(header: Header, options: GameOptions, keep_tricks: bool) -> Session:
    return game_of(header.game).new_session(header, options, keep_tricks)


def _internal_error(
    exc: BaseException, line: int | None, column: int | None, doing: str
) -> ReadError:
    text = str(exc).strip() or "(no message)"
    return ReadError(
        P_INTERNAL,
        line,
        column,
        f"internal error while {doing}: {type(exc).__name__}: {text}. This is a bug in the "
        "referee, not in the log; the rest of this file was not judged.",
    )


def _sorted_errors(errors: list[ReadError]) -> list[ReadError]:
    """Errors in file order; errors without a position (e.g. from --rules) first."""
    return sorted(errors, key=lambda e: (e.line or 0, e.column or 0))
