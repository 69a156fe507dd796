"""The explanation of a rule ID, a read-error code or a house option, as Markdown (for a
hover) and as a page on disk (the link of a diagnostic's code).

A diagnostic's ``codeDescription.href`` must be a URI the editor can open, offline too: it
is a ``file:`` URI of a Markdown page holding exactly what ``referee explain ID`` says,
written the first time the server needs it into ``explain-<version>/`` of the referee's
cache folder (``~/.cache/referee``, or ``REFEREE_CACHE_DIR``: see :mod:`referee.cache`),
or, with the cache off or not writable, into a private temporary folder of the server's.
Each page is written anew once a run (to a temporary file, then renamed), so it says what
the running referee says.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

_SAFE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")


def explain_markdown(word: str) -> str | None:
    """``referee explain WORD`` as Markdown (its first line in bold, examples as code), or
    None when the word names no rule ID, read-error code or house option."""
    from referee.topics import UnknownTopic, explain_topic

    try:
        text = explain_topic(word)
    except UnknownTopic:
        return None
    return as_markdown(text)


def as_markdown(text: str) -> str:
    """An ``explain`` text as Markdown: the title line in bold, the paragraphs as they are
    (their line breaks kept), the indented examples and fixes as code blocks."""
    lines = text.rstrip("\n").split("\n")
    out = [f"**{_escaped(lines[0])}**", ""] if lines else []
    block: list[str] = []
    for line in lines[1:]:
        if line.startswith("    "):
            block.append(line[4:])
            continue
        if block:
            out += ["```text", *block, "```"]
            block = []
        out.append(f"{line}  " if line else "")
    if block:
        out += ["```text", *block, "```"]
    return "\n".join(out) + "\n"


def _escaped(text: str) -> str:
    """Text with Markdown's emphasis marks escaped (an ID such as ``must_trump``)."""
    return re.sub(r"([*_\\])", r"\\\1", text)


class Pages:
    """The explanation pages of one run of the server, written on first asking."""

    def __init__(self, version: str) -> None:
        self._version = version
        self._folder: Path | None = None
        self._written: dict[str, str | None] = {}
        self._private = False  # the folder is a temporary one of this run's

    def close(self) -> None:
        """Remove the pages' folder when it is a temporary one of this run's."""
        if self._private and self._folder is not None:
            import shutil

            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
            self._written.clear()

    def uri(self, word: str) -> str | None:
        """The ``file:`` URI of the page explaining ``word`` (a rule ID or code), or None
        when it names nothing or no page can be written."""
        key = word.strip().upper()
        if key in self._written:
            return self._written[key]
        found = None
        markdown = explain_markdown(key) if _SAFE_NAME.fullmatch(key) else None
        if markdown is not None:
            found = self._write(f"{key}.md", markdown)
        self._written[key] = found
        return found

    def _write(self, name: str, markdown: str) -> str | None:
        folder = self._folder or self._make_folder()
        if folder is None:
            return None
        target = folder / name
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(markdown)
            os.replace(tmp, target)
            tmp = None
        except OSError:
            return None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
        return target.as_uri()

    def _make_folder(self) -> Path | None:
        """The pages' folder: in the cache folder, else a private temporary one."""
        from referee import cache

        base = cache.folder()
        if base is not None:
            folder = base / f"explain-{self._version}"
            with contextlib.suppress(OSError):
                folder.mkdir(parents=True, exist_ok=True)
                if folder.is_dir() and not folder.is_symlink():
                    self._folder = folder.resolve()
                    return self._folder
        with contextlib.suppress(OSError):
            self._folder = Path(tempfile.mkdtemp(prefix="referee-explain-")).resolve()
            self._private = True
        return self._folder
