"""From bytes to lines of text, safely: the encoding (UTF-8 by default, a byte order mark
or ``--encoding``), undecodable bytes reported at their line and column, lines and streams
bounded (:data:`MAX_LINE_CHARS`, :data:`MAX_STREAM_BYTES`), Unicode put in one form.

A log may come from the other side of a dispute: nothing here trusts its size or its bytes,
and nothing raises for them (each problem is a ``P-`` error of the file).
"""

from __future__ import annotations

import codecs
import os
import stat
import unicodedata
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from referee.limits import TOO_LONG
from referee.readcodes import P_ENCODING, P_IO, P_SYNTAX
from referee.report import ReadError

_CHUNK = 1 << 20  # bytes read at a time when checking a file's encoding


#: A line longer than this (characters) is not read: reported as P-SYNTAX, skipped whole, so
#: a gigabyte without a line end takes no more memory than this.
MAX_LINE_CHARS = 1 << 20


#: A pipe or device named on the command line (``/dev/stdin``, a FIFO) is read once, into a
#: temporary file, up to this many bytes; a longer stream is not judged (``yes |``,
#: ``/dev/zero`` would never end).
MAX_STREAM_BYTES = 64 << 20


#: Codecs Python knows that turn bytes into text but are no file's character encoding, and
#: what each is for.
_NOT_FOR_FILES = {
    "punycode": "it spells internet domain names in ASCII",
    "idna": "it spells internet domain names in ASCII",
    "undefined": "it refuses every byte",
    "unicode-escape": "it reads the backslash escapes of Python's string literals",
    "raw-unicode-escape": "it reads the backslash escapes of Python's string literals",
}

#: What ``--encoding`` takes, for the message that refuses a codec.
ENCODINGS_TAKEN = (
    "a text file's character encoding, such as utf-8, utf-16, utf-16-le, cp1252, latin-1, "
    "mac-roman, koi8-r or shift_jis"
)


def not_for_logs(name: str) -> str | None:
    """Why the codec ``name`` (Python knows it) is not a text encoding for logs, or None
    when it is one: a transform (``rot13``, ``hex``, ``base64``, ``zlib``: text to text or
    bytes to bytes) or a codec for something else than files (``punycode``, ``idna``,
    ``unicode_escape``, ``undefined``)."""
    info = codecs.lookup(name)
    if not getattr(info, "_is_text_encoding", True):
        kind = "text into other text" if info.name == "rot-13" else "bytes into other bytes"
        why = f"it turns {kind}"
    else:
        why = _NOT_FOR_FILES.get(info.name, "")
    return f"{name} is not a text encoding for logs ({why})" if why else None


def check_encoding(name: str) -> str:
    """The codec's canonical name for ``--encoding NAME``; LookupError for an unknown one,
    ValueError (saying why and what is taken) for one that is no text encoding for logs
    (see :func:`not_for_logs`)."""
    info = codecs.lookup(name)
    why = not_for_logs(name)
    if why is not None:
        raise ValueError(f"{why}; --encoding takes {ENCODINGS_TAKEN}")
    return info.name


def regular_size(handle: BinaryIO) -> int | None:
    """The size of an open regular file, or None when it is not one (a pipe, a device, or a
    stream with no file behind it, read once)."""
    try:
        info = os.fstat(handle.fileno())
    except (OSError, ValueError, AttributeError):  # (io.UnsupportedOperation: no file)
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


#: A regular file of at most this many bytes is read whole, in one read, and decoded once
#: (see :func:`small_text`); a larger one is checked in chunks, then read a few lines at a
#: time, so that memory stays bounded whatever its size. (As much as the lines are read at
#: a time: a progress display sees no difference.)
SMALL_FILE_BYTES = 1 << 16


def small_text(data: bytes, codec: str, asked: str | None) -> str | ReadError:
    """A small file's whole text (``data``: all its bytes; its line ends as read: the lines
    are split later) or its ``P-ENCODING`` error, from one decoding: what
    :func:`scan_encoding` and then reading the lines through a text wrapper give, at half
    the cost. ``asked``: the ``--encoding`` given."""
    usual = codec == "utf-8-sig"  # (no byte-order mark, no --encoding: nearly every log)
    try:
        if usual:
            # (one call: UTF-8 fails only at a bad byte, one-shot as incrementally; the
            # incremental decoder is a Python class, made and then called twice)
            text = data.decode(codec)
        else:  # (as the check decodes its one chunk, so as to fail as it does: a UTF-16 or
            # UTF-32 decoder refuses a missing byte-order mark only incrementally)
            decoder = codecs.getincrementaldecoder(codec)()
            text = decoder.decode(data, final=not data)
            text += decoder.decode(b"", final=True) if data else ""
    except UnicodeDecodeError:
        return _problem(data, codec, asked)
    except UnicodeError:  # (not a bad byte: see no_byte_order_mark)
        return no_byte_order_mark(codec, asked)
    # (in UTF-8 only a NUL byte is a NUL: the bytes are looked at for one, at a fraction of
    # the cost of a look at a text that holds a character past Latin-1, such as a suit's ♠)
    if (b"\x00" in data) if usual else ("\x00" in text):
        return _problem(data, codec, asked)
    return text


def _problem(data: bytes, codec: str, asked: str | None) -> ReadError:
    """The ``P-ENCODING`` error of bytes known not to be text (a bad byte, or a NUL)."""
    problem = decode_problem(data, codec, asked)
    assert problem is not None
    return problem


class TooLong(Exception):
    """A pipe or device gave more than :data:`MAX_STREAM_BYTES`."""


def too_long_message() -> str:
    return (
        f"the input is a pipe or device and gave more than {MAX_STREAM_BYTES >> 20} MiB; "
        "it was not judged (save the log to a file, or split it)"
    )


def spooled(stream: BinaryIO) -> BinaryIO:
    """A stream's bytes in a temporary file (in memory up to 1 MiB), read once and at most
    :data:`MAX_STREAM_BYTES`; raises :class:`TooLong` past that. A stream that stops
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
            raise TooLong
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


def codec_of(source: BinaryIO, encoding: str | None) -> str:
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


def scan_encoding(handle: BinaryIO, codec: str, asked: str | None) -> ReadError | None:
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
        except UnicodeError:  # (not a bad byte: see no_byte_order_mark)
            handle.seek(0)
            return no_byte_order_mark(codec, asked)
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


def text_chunks(text: TextIO, late: list[ReadError], *, changed: bool) -> Iterator[list[str]]:
    """The lines of a log, some at a time (about :data:`_LINES_CHUNK` characters), each
    without its line end and in Unicode's composed form (NFC: a name written ``zoé`` with a
    combining accent is the same name as ``zoé``).

    ``text`` is read as written (``newline=""``): a line ends at ``\\n`` or ``\\r\\n``, as
    the log format says and as git, grep and GitHub count lines, so that a finding's line
    number is the one they show. A carriage return alone is part of its line (the reader
    reports one with text after it: a terminal would print that text over the line's
    start).

    A line longer than :data:`MAX_LINE_CHARS` is given as :data:`TOO_LONG` (its number
    kept) and reported in ``late`` as P-SYNTAX. A read failure (``changed``: the file
    changed or vanished meanwhile) ends the lines and is reported in ``late`` too. The lines come in
    lists for :func:`itertools.chain`, which costs less than resuming a generator for each
    line of a bulk file.
    """
    count = 0  # the lines given so far
    carry = ""  # the start of a line not ended yet
    skipping = False  # inside a line too long to read
    try:
        while chunk := text.read(_LINES_CHUNK):
            parts = chunk.split("\n")
            joined = bool(carry)  # (the first line began in the previous chunk)
            if skipping:
                if len(parts) == 1:
                    continue
                parts[0], skipping = TOO_LONG, False
            else:
                parts[0] = carry + parts[0]
            carry = parts.pop()
            if "\r" in chunk or (joined and parts and parts[0].endswith("\r")):
                _without_cr(parts)
            if len(carry) > MAX_LINE_CHARS:
                carry, skipping = "", True
                late.append(_line_too_long(count + len(parts) + 1))
            if parts:
                unicode = not _composed(chunk, parts[0], joined)
                # (a line past the first is a piece of the chunk: none is longer unless the
                # chunk is, and a chunk is far shorter than MAX_LINE_CHARS: one test a chunk,
                # not one a line)
                if (
                    unicode
                    or len(parts[0]) > MAX_LINE_CHARS
                    or (len(chunk) > MAX_LINE_CHARS and max(map(len, parts)) > MAX_LINE_CHARS)
                ):
                    _checked(parts, count, late, unicode)
                count += len(parts)
                yield parts
        if skipping:
            count += 1
            yield [TOO_LONG]
        elif carry:
            count += 1
            yield _checked(_without_cr([carry]), count - 1, late, not carry.isascii())
    except (OSError, UnicodeDecodeError) as exc:
        if not changed:
            raise
        why = exc.strerror if isinstance(exc, OSError) else "it is no longer text"
        late.append(
            ReadError(
                P_IO,
                count + 1,
                None,
                f"cannot read file: {why or exc}; it changed while it was being read",
            )
        )
    finally:
        text.close()


def _without_cr(parts: list[str]) -> list[str]:
    """``parts`` with the carriage return of each line that ended in ``\\r\\n`` taken off."""
    for i, part in enumerate(parts):
        if part.endswith("\r"):
            parts[i] = part[:-1]
    return parts


def _composed(chunk: str, first: str, joined: bool) -> bool:
    """Whether the lines of ``chunk`` (``first``: its first line, which began in the
    previous chunk when ``joined``) are all in composed form (NFC) already: checked in one
    pass over the chunk rather than line by line. A line end composes with nothing and
    stops every composition, so a text is composed when each of its lines is, and its
    lines are when it is."""
    if not (chunk.isascii() or unicodedata.is_normalized("NFC", chunk)):
        return False
    return not joined or first.isascii() or unicodedata.is_normalized("NFC", first)


def _checked(parts: list[str], before: int, late: list[ReadError], unicode: bool) -> list[str]:
    """``parts`` (lines ``before + 1``...) with over-long lines reported (:data:`TOO_LONG`
    in their place), and each line composed (NFC) where it is not ASCII."""
    for i, part in enumerate(parts):
        if len(part) > MAX_LINE_CHARS:
            parts[i] = TOO_LONG
            late.append(_line_too_long(before + i + 1))
        elif unicode and not part.isascii() and not unicodedata.is_normalized("NFC", part):
            parts[i] = unicodedata.normalize("NFC", part)
    return parts


def _line_too_long(line: int) -> ReadError:
    return ReadError(
        P_SYNTAX,
        line,
        1,
        f"this line is longer than {MAX_LINE_CHARS:,} characters; it was not read",
    )


def no_byte_order_mark(codec: str, asked: str | None) -> ReadError:
    """The ``P-ENCODING`` error for a log read with ``--encoding utf-16`` (or ``utf-32``)
    that does not start with a byte-order mark: that codec learns the byte order from the
    mark, and the referee does not guess it (Python's decoder raises a plain
    ``UnicodeError``, not a bad byte's ``UnicodeDecodeError``)."""
    name = asked or codec
    if not codec.startswith(("utf-16", "utf-32")):  # (a codec no log is in: see not_for_logs)
        why = not_for_logs(name) or f"{name} does not read it"
        return ReadError(P_ENCODING, 1, 1, f"cannot read the log: {why}")
    return ReadError(
        P_ENCODING,
        1,
        1,
        f"cannot read the log: it does not start with a byte-order mark, which --encoding "
        f"{name} needs to tell the byte order; run with --encoding {codec}-le or "
        f"{codec}-be, or save the file as UTF-8",
    )


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
    return ReadError(P_ENCODING, line, column, f"cannot read the log: {what}; {fix}")


def _position(before: str) -> tuple[int, int]:
    """1-based line and character column just after the text ``before`` (``\\n`` ends a
    line, as for the reader, git and grep: see :func:`text_chunks`)."""
    line_start = before.rfind("\n") + 1
    return before.count("\n") + 1, len(before) - line_start + 1
