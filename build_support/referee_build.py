"""The build backend of `referee`: setuptools', with the hot modules compiled by mypyc.

A wheel (``pip install .``) compiles the modules listed under ``[tool.referee-build.compiled]
modules`` in ``pyproject.toml`` to C extensions with mypyc where it can, and is the same
pure-Python package where it cannot; both behave alike, byte for byte
(``tests/test_compiled.py``). Nothing here knows which modules are listed: the list is
chosen by profiling (docs/performance.md, "Compiled build") and changes there alone. What decides:

- ``REFEREE_PURE=1`` in the environment: pure Python.
- An editable install (``pip install -e .``) is always pure Python: an extension module
  built beside its source would shadow every later edit of that source.
- No working C compiler or no Python headers: pure Python.
- mypy (which brings mypyc) is taken from the build environment when it is there (as with
  ``--no-build-isolation``); else this backend installs it into a temporary folder with
  the interpreter's own pip (so pip's configuration and environment, PIP_INDEX_URL and the
  like, apply), and if that fails, pure Python. It is deliberately not a build requirement
  pip resolves: a requirement pip cannot find stops the whole install, and a missing mypy
  must only cost the speed-up.
- mypyc or the C compiler failing: pure Python.

``REFEREE_REQUIRE_COMPILED=1`` turns every "pure Python" above into a failed build: CI
builds its compiled copy so, and a build that silently fell back would test nothing.

The compile is split so that it runs in parallel: mypyc writes one C file per module
(``multi_file``), and ``build_ext`` compiles them side by side, one per core
(``REFEREE_BUILD_JOBS=N`` to choose). pip shows a backend's output only with ``-v`` or when
the build fails, so the few lines that say what the build does (it compiles, how long it
took, why it fell back) also go to the terminal when there is one.

The backend is setuptools' with the wheel and editable hooks wrapped; ``setup.py`` asks
:func:`setup_arguments` for the extension modules. Nothing here is imported by `referee`.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension
from setuptools import build_meta as _setuptools
from setuptools.command.build_ext import build_ext

# The hooks setuptools answers unchanged (an sdist is never compiled).
build_sdist = _setuptools.build_sdist
get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable

PURE = "REFEREE_PURE"
REQUIRE_COMPILED = "REFEREE_REQUIRE_COMPILED"
JOBS = "REFEREE_BUILD_JOBS"
PROJECT = Path(__file__).resolve().parent.parent
#: The compiled build's shared library (mypyc's group name), beside the package.
GROUP = "referee"

#: What the pip that installs mypy for mypyc is not given of the environment: pip's
#: isolated build environment (PYTHONPATH) and where pip would install.
_NOT_PASSED = {"PYTHONPATH", "PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_USER"}

#: Set by :func:`build_wheel` while setuptools runs ``setup.py``: the fresh folder the
#: wheel is built in and mypyc's extensions (none: pure Python). None: setuptools' own
#: folders (an sdist, an editable install, the metadata).
_building: tuple[Path, list[Extension]] | None = None


def _settings() -> dict[str, Any]:
    """``[tool.referee-build.compiled]``: ``modules``, ``requires`` and ``mypyc`` (its options)."""
    with open(PROJECT / "pyproject.toml", "rb") as file:
        settings: dict[str, Any] = tomllib.load(file)["tool"]["referee-build"]["compiled"]
    return settings


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0")


def _jobs() -> int:
    """How many C files to compile at once: ``REFEREE_BUILD_JOBS``, else one per core."""
    given = os.environ.get(JOBS, "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _say(message: str, *, terminal: bool = True) -> None:
    """A line of the build's output (pip shows it with ``-v``), and on the terminal.

    pip captures a backend's output and shows it only when the build fails or with
    ``-v``; a build that compiles for a minute should not look hung, and one that fell
    back should say why, so the line is also written to the controlling terminal when
    there is one (not when the output already goes to it, nor without one, as in CI).
    """
    line = f"referee build: {message}"
    print(line, file=sys.stderr, flush=True)
    if not terminal or os.name != "posix" or sys.stderr.isatty():
        return
    with contextlib.suppress(OSError), open("/dev/tty", "w", encoding="utf-8") as tty:
        tty.write(f"\n  {line}\n")


def _pure_because(reason: str) -> None:
    """Build pure Python for ``reason``; a failure when the compiled build is required."""
    if _flag(REQUIRE_COMPILED):
        raise RuntimeError(f"{REQUIRE_COMPILED} is set, but {reason}")
    # (asked for with REFEREE_PURE=1: said in the build's output only)
    _say(f"building pure Python (the same results, slower): {reason}", terminal=not _flag(PURE))


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
    """Why this build will not compile, before looking for mypy (None: it will try)."""
    if _flag(PURE):
        return f"{PURE} is set"
    return _compiler_problem()


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and the runtime dependencies when compiling (so that mypyc
    sees the types ``mypy referee`` checks; pip fetches them for the install anyway).
    mypy is not among them: :func:`_mypyc_paths` fetches it, or the build is pure."""
    requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if _compile_problem() is None:
        with open(PROJECT / "pyproject.toml", "rb") as file:
            requires += tomllib.load(file)["project"]["dependencies"]
    return requires


def _mypyc_paths(keep: contextlib.ExitStack) -> list[str] | str:
    """Where mypyc is to be imported from: nothing to add when the build environment has it,
    else a temporary folder (removed when ``keep`` closes) this interpreter's pip installs
    ``[tool.referee-build.compiled] requires`` into; a string says why there is no mypyc."""
    if importlib.util.find_spec("mypyc") is not None:
        return []
    requires = _settings()["requires"]
    folder = keep.enter_context(tempfile.TemporaryDirectory(prefix="referee-mypy-"))
    # pip's isolated build environment is its PYTHONPATH; without it the interpreter sees
    # its own site-packages, and so its own pip (pip's configuration and PIP_* variables
    # apply; the index options of pip's command line are not passed to a backend), except
    # for where to install, which is --target here.
    environment = {k: v for k, v in os.environ.items() if k not in _NOT_PASSED}
    environment["PIP_USER"] = "0"
    command = [sys.executable, "-m", "pip", "install", "--target", folder, "--only-binary",
               ":all:", "--no-input", "--disable-pip-version-check", "--progress-bar", "off",
               "--timeout", "20", "--retries", "1", *requires]  # fmt: skip
    _say(f"installing {' '.join(requires)} for mypyc (pip install --target TEMPORARY)",
         terminal=False)  # fmt: skip
    try:
        done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"mypy could not be installed for mypyc ({exc})"
    print(done.stdout + done.stderr, file=sys.stderr, end="", flush=True)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR:")]
        said = errors or done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        why = said[0].removeprefix("ERROR:").strip()
        return f"mypy could not be installed for mypyc (pip: {why})"
    return [folder]


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """A wheel with the hot modules compiled, or a pure-Python one (see the module's doc)."""
    global _building
    problem = _compile_problem()
    if problem is None:
        wheel = _compiled_wheel(wheel_directory, config_settings, metadata_directory)
        if wheel is not None:
            return wheel
    else:
        _pure_because(problem)
    with _folder() as folder:  # (a module deleted since an earlier build must not come back)
        _building = folder, []
        try:
            return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
        finally:
            _building = None


def _compiled_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None, metadata_directory: str | None
) -> str | None:
    """The compiled wheel's name, or None (after saying why) when mypy cannot be had or
    mypyc or the C compiler failed."""
    global _building
    settings = _settings()
    modules, jobs = settings["modules"], _jobs()
    started = time.monotonic()
    _say(
        f"compiling {len(modules)} modules with mypyc and the C compiler, {jobs} C files at a "
        f"time (half a minute or more; REFEREE_PURE=1 pip install . is pure Python at once)"
    )
    stage = "mypyc"
    with contextlib.ExitStack() as fetched:
        paths = _mypyc_paths(fetched)
        if isinstance(paths, str):
            _pure_because(paths)
            return None
        try:
            with _folder() as folder:
                spec = {"modules": modules, "folder": str(folder), "group": GROUP,
                        "options": settings.get("mypyc", {}), "paths": paths}  # fmt: skip
                extensions = _generate_c(spec)
                # (mypyc's runtime headers are beside the C now: a mypy installed for the
                # build goes at once, which is cheap while its files are seconds old)
                fetched.close()
                stage, generated = "the C compiler", time.monotonic()
                _building = folder, extensions
                wheel = _setuptools.build_wheel(
                    wheel_directory, config_settings, metadata_directory
                )
        except (Exception, SystemExit) as exc:  # (distutils ends a failed command so)
            _pure_because(
                f"{stage} failed ({_briefly(exc)}; `pip install -v .` shows its messages)"
            )
            return None
        finally:
            _building = None
    done = time.monotonic()
    _say(
        f"compiled {len(modules)} modules in {done - started:.0f} s (mypy and mypyc "
        f"{generated - started:.0f} s, the C compiler {done - generated:.0f} s)"
    )
    return wheel


def _briefly(exc: BaseException) -> str:
    """An error in a line: a failed command's exit status (not the whole command line)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    status = re.search(r"exit (code|status) -?[0-9]+", text)
    if status is not None:
        return status.group(0)
    return text if len(text) <= 200 else text[:197] + "..."


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    """A fresh folder for mypyc's C, the objects and the built package (no stale extension
    or module of an earlier build can reach the wheel: setuptools' ``build/lib`` keeps a
    deleted module's copy), removed after: under ``build/``, relative to the project, as
    setuptools wants the extensions' sources."""
    (PROJECT / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="compiled-", dir=PROJECT / "build") as folder:
        yield Path(folder).relative_to(PROJECT)


def _generate_c(spec: dict[str, Any]) -> list[Extension]:
    """mypyc's C for ``spec["modules"]`` (type-checked as ``mypy referee`` is), written by
    ``generate_c.py`` in a process of its own, and the extensions that build it. mypy's
    messages go to the build's output; its errors raise a RuntimeError naming the first."""
    folder = Path(spec["folder"])
    (folder / "spec.json").write_text(json.dumps(spec), "utf-8")
    script = Path(__file__).with_name("generate_c.py")
    command = [sys.executable, str(script), str(folder / "spec.json")]
    done = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, timeout=1800)
    print(done.stdout + done.stderr, file=sys.stderr, end="", flush=True)
    if done.returncode != 0:
        said = [line for line in done.stdout.splitlines() if ": error:" in line]
        said = said or (done.stdout + done.stderr).strip().splitlines()[-1:]
        raise RuntimeError(f"mypyc ({done.returncode}): {said[0] if said else 'no message'}")
    described = json.loads((folder / "extensions.json").read_text("utf-8"))
    return [Extension(**arguments) for arguments in described]


def setup_arguments() -> dict[str, Any]:
    """What ``setup.py`` adds to setuptools' ``setup()``: the folder :func:`build_wheel`
    builds in, and the compiled extension modules when it compiles."""
    if _building is None:
        return {}
    folder, extensions = _building
    arguments: dict[str, Any] = {"options": {"build": {"build_base": str(folder / "build")}}}
    if extensions:
        arguments.update(ext_modules=extensions, cmdclass={"build_ext": _ParallelBuildExt})
    return arguments


class _ParallelBuildExt(build_ext):
    """setuptools' ``build_ext``, compiling the C files of the extensions side by side.

    mypyc's ``multi_file`` puts the compiled modules into one shared library of one C
    file per module (and a small extension per module that loads it); ``--parallel``
    builds extensions side by side but each one's files one after another, so the
    compiler's ``compile`` is wrapped to hand each file to a pool of :func:`_jobs`
    workers. The objects are linked as before.
    """

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = _jobs()  # (the per-module extensions, side by side)

    def build_extensions(self) -> None:
        with ThreadPoolExecutor(_jobs()) as pool:
            self.compiler.compile = _compiling_in(pool, self.compiler.compile)
            super().build_extensions()


def _compiling_in(pool: ThreadPoolExecutor, compile_files: Callable[..., list[str]]) -> Any:
    """``compile_files`` (a compiler's ``compile``) running one call a source file in
    ``pool``, the largest files first (the last to start should be short); the objects come
    back in the sources' order."""

    def compile_each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        largest_first = sorted(range(len(sources)), key=lambda i: -_size(sources[i]))
        running = {
            i: pool.submit(compile_files, [sources[i]], *args, **kwargs) for i in largest_first
        }
        return [obj for i in range(len(sources)) for obj in running[i].result()]

    return compile_each


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """setuptools' editable wheel (pure Python), saying so when it replaces a compiled build
    installed in this environment: otherwise the switch would go unnoticed."""
    if _compiled_build_installed():
        _say(
            "an editable install is pure Python: it replaces the compiled build installed "
            "in this environment (`referee --version` says which runs; `pip install .` "
            "compiles again)"
        )
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)


def _compiled_build_installed() -> bool:
    """Whether the environment pip installs into (this interpreter's) holds a compiled
    `referee`: its shared library or an extension module in the package."""
    paths = sysconfig.get_paths()
    for site in {paths["purelib"], paths["platlib"]}:
        for suffix in EXTENSION_SUFFIXES:
            if Path(site, f"{GROUP}__mypyc{suffix}").is_file():
                return True
            if any(Path(site, "referee").rglob(f"*{suffix}")):
                return True
    return False
