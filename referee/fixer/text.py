"""A log's text as written, for ``referee fix``: its lines with their own ends, its
encoding and byte-order mark (so that what is not mended is written back byte for byte),
the edits made to it, and the changes as a unified diff."""

from __future__ import annotations

import codecs
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from referee.report import ReadError

#: The most of a log ``fix`` reads (as much as a pipe is read for ``audit``).
MAX_FIX_BYTES = 64 << 20


class Line(NamedTuple):
    """One line of the log as written: its text, and its end (``\\n``, ``\\r\\n``, or
    ``""`` for a last line without one)."""

    text: str
    end: str


#: What ends a line, as for the reader and git: LF or CRLF (a CR alone is in its line).
_LINE_END = re.compile(r"\r\n|\n")


@dataclass(frozen=True, slots=True)
class LogText:
    """A log's text as written, line by line, and how to write it back: the same
    encoding, with its byte-order mark if it had one."""

    lines: tuple[Line, ...]
    codec: str  # the codec that writes the text back (the mark apart)
    bom: bool = False

    @classmethod
    def of(cls, text: str, codec: str = "utf-8", bom: bool = False) -> LogText:
        """``text`` split into lines as the reader splits it."""
        lines: list[Line] = []
        at = 0
        for match in _LINE_END.finditer(text):
            lines.append(Line(text[at : match.start()], match.group()))
            at = match.end()
        if at < len(text):
            lines.append(Line(text[at:], ""))
        return cls(tuple(lines), codec, bom)

    def text(self) -> str:
        """The text, the byte-order mark apart."""
        return "".join(a + b for a, b in self.lines)

    def encode(self) -> bytes:
        """The bytes of the log (UnicodeEncodeError for a character the encoding lacks,
        which only a written name could bring in)."""
        return (("\ufeff" if self.bom else "") + self.text()).encode(self.codec)

    def line_end(self) -> str:
        """The log's line end, for a line added: its first, else ``\\n``."""
        return next((end for _, end in self.lines if end), "\n")


def decode_log(data: bytes, encoding: str | None) -> LogText | ReadError:
    """The log's text as the referee reads it (UTF-8, or UTF-16/32 with a byte-order mark,
    or ``encoding``), or its ``P-ENCODING`` error."""
    from referee.decoding import codec_of, small_text

    codec = codec_of(io.BytesIO(data), encoding)
    text = small_text(data, codec, encoding)
    if isinstance(text, ReadError):
        return text
    writer, bom = _writer(data, codec)
    if text.startswith("\ufeff"):  # (a mark the codec kept: `--encoding utf-16-le`)
        text, bom = text[1:], True
    return LogText.of(text, writer, bom)


def _writer(data: bytes, codec: str) -> tuple[str, bool]:
    """The codec that writes the text back as it was read, and whether the mark is there."""
    if codec == "utf-8-sig":
        return "utf-8", data.startswith(codecs.BOM_UTF8)
    if codec in ("utf-16", "utf-32"):  # (read by its mark: write it back in its order)
        little = data.startswith(codecs.BOM_UTF32_LE if codec == "utf-32" else codecs.BOM_UTF16_LE)
        return f"{codec}-{'le' if little else 'be'}", True
    return codec, False


def read_input(path: Path) -> bytes | str:
    """The bytes of the log at ``path`` (standard input for ``-``), at most
    :data:`MAX_FIX_BYTES`; or why they cannot be read, in words."""
    import sys

    from referee.inputs import is_stdin

    try:
        if is_stdin(path):
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:
                return "cannot read standard input: it is closed"
            data = bytes(stream.read(MAX_FIX_BYTES + 1))
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_FIX_BYTES + 1)
    except OSError as exc:
        return f"cannot read file: {exc.strerror or exc}"
    except ValueError as exc:  # (a closed stream)
        return f"cannot read standard input: {exc}"
    if len(data) > MAX_FIX_BYTES:
        return f"the log is larger than {MAX_FIX_BYTES >> 20} MiB; fix does not read it"
    return data


def unified_diff(name: str, before: LogText | None, after: LogText | None) -> list[str]:
    """The changes from ``before`` to ``after`` as ``diff -u`` writes them (each line
    with its own end; a last line without one is followed by ``\\ No newline at end of
    file``); empty when nothing changed."""
    import difflib

    if before is None or after is None:
        return []
    old = [text + end for text, end in before.lines]
    new = [text + end for text, end in after.lines]
    out = []
    for line in difflib.unified_diff(old, new, name, name):
        if line.endswith(("\n", "\r")):
            out.append(line)
        else:
            out.extend([line + "\n", "\\ No newline at end of file\n"])
    return out


#: Edits to a text: a line's index (from 0) -> the lines that take its place (none: it
#: goes; more than one: lines added after it).
Edits = dict[int, list[str]]


def applied(log: LogText, edits: Edits) -> LogText:
    """``log`` with ``edits`` made; a line added takes the line end of the line before it
    (or the log's, after a last line that had none, which then gets one)."""
    default = log.line_end()
    out: list[Line] = []
    for index, line in enumerate(log.lines):
        new = edits.get(index)
        if new is None:
            out.append(line)
            continue
        for k, text in enumerate(new):
            last = k == len(new) - 1
            out.append(Line(text, line.end if last else line.end or default))
    if out and log.lines and log.lines[-1].end and not out[-1].end:
        out[-1] = Line(out[-1].text, default)  # (a deleted last line: keep the final end)
    return LogText(tuple(out), log.codec, log.bom)


def moved(origins: list[int], edits: Edits) -> list[int]:
    """Each line's number in the input after ``edits`` (a line added: the number of the
    line it was added after)."""
    out: list[int] = []
    for index, origin in enumerate(origins):
        out.extend([origin] * len(edits.get(index, [None])))
    return out
