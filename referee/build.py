"""Which build of `referee` is running: the hot modules compiled with mypyc, or pure Python.

A wheel built where a C compiler is present has the per-hand path compiled to C extensions
(README, "Compiled build"); an editable install, ``REFEREE_PURE=1`` or a machine without a
compiler gives the same modules as Python source. Both behave alike, byte for byte. This is
for ``referee --version`` and the tests; nothing else depends on it.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: A module every compiled build compiles (the word reader): its file tells the build.
_WITNESS = Path("parser", "words")


def build_kind() -> str:
    """``compiled`` when the hot modules are C extensions, else ``pure Python``.

    Looks at the files beside this package's source, without importing the reader: an
    extension module there is what Python imports in place of its ``.py``.
    """
    package = Path(__file__).resolve().parent
    for suffix in EXTENSION_SUFFIXES:
        if (package / _WITNESS).with_name(_WITNESS.name + suffix).is_file():
            return "compiled"
    return "pure Python"
