"""Which build of `referee` is running: the hot modules compiled with mypyc, or pure Python.

A wheel built where a C compiler is present has the per-hand path compiled to C extensions
(``docs/performance.md``, "Compiled build"); an editable install, ``REFEREE_PURE=1`` or a
machine without a compiler gives the same modules as Python source. Both behave alike, byte
for byte. This is for ``referee --version`` and the tests; nothing else depends on it.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def build_kind() -> str:
    """``compiled`` when the package holds extension modules, else ``pure Python``.

    Looks at the package's files, without importing any module: an extension module beside
    a ``.py`` file is what Python imports in place of it. Which modules are compiled is the
    build's choice (``pyproject.toml``), so any one of them tells.
    """
    package = Path(__file__).resolve().parent
    for path in package.rglob("*"):
        if path.name.endswith(tuple(EXTENSION_SUFFIXES)):
            return "compiled"
    return "pure Python"
