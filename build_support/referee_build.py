"""The build backend of `referee`: setuptools', compiling the hot modules with mypyc.

A wheel (``pip install .``) compiles the modules listed under
``[tool.referee-build.compiled] modules`` in ``pyproject.toml`` (not under ``tool.referee``,
which is the folder config's table) to C extensions with mypyc where it can, and is the
same pure-Python package where it cannot; both behave alike, byte for byte
(``tests/test_compiled.py``). The compiled modules are the per-hand path, chosen by
measurement (README, "Compiled build"). What decides:

- ``REFEREE_PURE=1`` in the environment: pure Python.
- An editable install (``pip install -e .``) is always pure Python: an extension module
  built beside its source would shadow every later edit of that source.
- No working C compiler or no Python headers: pure Python.
- Otherwise mypy (for mypyc) and the runtime dependencies (so that mypyc sees the same
  types ``mypy referee`` checks) are installed into the build environment and the modules
  are compiled. If mypyc or the compiler still fails, the wheel is pure Python, with a
  warning in the build's output.

``REFEREE_REQUIRE_COMPILED=1`` turns every "pure Python" above into a failed build: CI
builds its compiled copy so, and a build that silently fell back would test nothing.

The backend is setuptools' with four hooks wrapped; ``setup.py`` asks
:func:`setup_arguments` for the extension modules. Nothing here is imported by `referee`.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.command.build_ext import build_ext

# The hooks setuptools answers unchanged (an sdist and an editable install are never compiled).
build_sdist = _setuptools.build_sdist
build_editable = _setuptools.build_editable
get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable

PURE = "REFEREE_PURE"
REQUIRE_COMPILED = "REFEREE_REQUIRE_COMPILED"
PROJECT = Path(__file__).resolve().parent.parent

#: Set by :func:`build_wheel` while setuptools runs ``setup.py``: the folder the
#: compilation happens in (None: build pure Python).
_compiling_in: Path | None = None


def _config() -> dict[str, Any]:
    with open(PROJECT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0")


def _say(message: str) -> None:
    print(f"referee build: {message}", file=sys.stderr, flush=True)


def _pure_because(reason: str) -> None:
    """Build pure Python for ``reason``; a failure when the compiled build is required."""
    if _flag(REQUIRE_COMPILED):
        raise RuntimeError(f"{REQUIRE_COMPILED} is set, but {reason}")
    _say(f"building pure Python: {reason}")


def _compiler_problem() -> str | None:
    """Why this machine cannot build a C extension for this Python (None: it can)."""
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").is_file():
        return f"no Python headers ({include}/Python.h is missing)"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if not compiler:
        return None  # (no Unix compiler named, as on Windows: setuptools finds one, or fails)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "probe.c")
        source.write_text("#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n")
        command = [*shlex.split(compiler), "-I", include, "-c", str(source), "-o", f"{source}.o"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"no working C compiler ({compiler!r}: {exc})"
        if done.returncode != 0:
            return f"the C compiler {compiler!r} cannot build against Python.h"
    return None


def _compile_problem() -> str | None:
    """Why this build will not compile (None: it will try)."""
    if _flag(PURE):
        return f"{PURE} is set"
    return _compiler_problem()


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy and the runtime dependencies when compiling."""
    requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if _compile_problem() is None:
        config = _config()
        requires += config["tool"]["referee-build"]["compiled"]["requires"]
        requires += config["project"]["dependencies"]
    return requires


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """A wheel with the hot modules compiled, or a pure-Python one (see the module's doc)."""
    problem = _compile_problem()
    if problem is None:
        try:
            import mypyc.build  # noqa: F401
        except ImportError:
            problem = "mypyc is not installed in the build environment"
    if problem is not None:
        _pure_because(problem)
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    with _compiling() as folder:
        global _compiling_in
        _compiling_in = folder
        try:
            return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
        finally:
            _compiling_in = None


@contextmanager
def _compiling() -> Iterator[Path]:
    """A fresh folder for mypyc's C, the objects and the built package (no stale extension
    of an earlier build can reach the wheel), removed after: under ``build/``, relative to
    the project, as setuptools wants the extensions' sources."""
    (PROJECT / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="compiled-", dir=PROJECT / "build") as folder:
        yield Path(folder).relative_to(PROJECT)


def setup_arguments() -> dict[str, Any]:
    """What ``setup.py`` adds to setuptools' ``setup()``: the compiled extension modules when
    :func:`build_wheel` is compiling, else nothing (pure Python)."""
    folder = _compiling_in
    if folder is None:
        return {}
    modules = _config()["tool"]["referee-build"]["compiled"]["modules"]
    try:
        from mypyc.build import mypycify

        extensions = mypycify(
            ["--cache-dir", str(folder / "mypy-cache"), *modules],
            target_dir=str(folder / "mypyc"),
            group_name="referee",
        )
    except (Exception, SystemExit) as exc:  # (mypy's type errors end in SystemExit)
        _pure_because(f"mypyc could not compile the modules ({exc!r})")
        return {}
    _say(f"compiling {len(modules)} modules with mypyc")
    return {
        "ext_modules": extensions,
        "cmdclass": {"build_ext": _BuildOrFallBack},
        "options": {"build": {"build_base": str(folder / "build")}},
    }


class _BuildOrFallBack(build_ext):
    """setuptools' ``build_ext``; when the C compiler fails on mypyc's output, the
    extensions built so far are removed and the package stays pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # (a compiler or linker error)
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            _pure_because(f"the C compiler failed on mypyc's output ({exc})")
