"""A small cache of derived data in the user's cache folder.

The folder is ``$XDG_CACHE_HOME/referee`` when that variable is an absolute path (on every
platform, as it always was), else the platform's, as :func:`platformdirs.user_cache_dir`
names it: ``~/.cache/referee`` on Linux and the BSDs, ``~/Library/Caches/referee`` on
macOS, ``%LOCALAPPDATA%\\referee\\Cache`` on Windows. A relative ``XDG_CACHE_HOME`` is
ignored, as the XDG specification says. On Linux with an absolute ``HOME`` the folder is
worked out here as platformdirs works it out there, sparing its import (~3 ms) at every start.

It only spares start-up work (see :func:`referee.parser._terminals`), so it is built to be
safe rather than clever:

* only plain JSON is stored, never a pickle: reading an entry back cannot run code;
* each entry is one file holding its key (everything it was derived from, whole: no hash
  to collide, nor to import); an entry whose key differs is stale and ignored;
* an entry is written to a temporary file that is then renamed over the old one, so a reader
  never sees half of it, whatever else runs at the same time;
* every failure (no home folder, a read-only disk, a corrupt file, a folder the platform
  cannot name) is silent: the caller derives the data again; and a folder that is not an
  absolute path is never used (nothing is written relative to the current folder).

``REFEREE_CACHE_DIR`` names another folder; ``REFEREE_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

#: The application's name in the platform's cache folder.
APP_NAME = "referee"


def folder() -> Path | None:
    """Where the entries live, or None when the cache is off."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return None
    chosen = os.environ.get("REFEREE_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # (platformdirs reads it on Linux only; macOS users set it too)
        return Path(xdg) / APP_NAME
    if _plain_linux_home():  # (platformdirs' answer there, without its import)
        return Path(os.path.expanduser("~/.cache")) / APP_NAME
    try:
        import platformdirs  # (only when the cache is used: a few milliseconds)

        base = platformdirs.user_cache_dir(APP_NAME, appauthor=False)
    except Exception:  # (no home folder, no known folder: the cache is only a saving)
        return None
    return Path(base) if os.path.isabs(base) else None  # (never relative to the cwd)


def _plain_linux_home() -> bool:
    """Linux (not Android) with an absolute ``HOME``: where
    :func:`platformdirs.user_cache_dir` is ``~/.cache`` (``$XDG_CACHE_HOME`` aside) with ``~``
    expanded as :func:`os.path.expanduser` does. Its other cases (no ``HOME``, a relative
    one, Android, other platforms) are left to it."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return False
    if "ANDROID_DATA" in os.environ or "ANDROID_ROOT" in os.environ:
        return False
    return os.path.isabs(os.environ.get("HOME", ""))


def key(*parts: str) -> str:
    """A key for data derived from ``parts``: all of them, as a JSON list."""
    return json.dumps(parts)


def module_stamp(name: str) -> str:
    """Which installed copy of a module this is (its file, size and modification time),
    without importing it: a part of a key for data that depends on the module."""
    try:
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is None:
            return ""
        info = os.stat(origin)
    except (ImportError, ValueError, OSError):
        return ""
    return f"{origin}:{info.st_size}:{info.st_mtime_ns}"


def load_json(
    name: str, wanted: str, object_hook: Callable[[dict[str, Any]], Any] | None = None
) -> Any:
    """The data stored under ``name`` if its key is ``wanted``, else None (``object_hook``:
    as :func:`json.load`'s, for data stored in a shape of its own)."""
    where = folder()
    if where is None:
        return None
    try:
        with open(where / f"{name}.json", encoding="utf-8") as handle:
            entry = json.load(handle, object_hook=object_hook)
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != wanted:
        return None
    return entry.get("data")


def save_json(name: str, entry_key: str, data: Any) -> None:
    """Store ``data`` under ``name`` with its key, atomically; give up silently."""
    where = folder()
    if where is None:
        return
    import tempfile  # (only when the entry is written: rarely)

    tmp = None
    try:
        # (made whole, then written: json.dump writes piece by piece from Python, some
        # 13 ms for the parser's tables against 2 ms)
        text = json.dumps({"key": entry_key, "data": data})
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=where)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, where / f"{name}.json")
        tmp = None
    except (OSError, ValueError, TypeError):
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
