"""The compiled build and the pure-Python one: the same output, byte for byte.

A wheel compiles the per-hand path with mypyc (``docs/performance.md``, "Compiled build");
this checkout is pure Python. The comparison runs `referee` from both, each as its own
process, over one corpus (the samples, the fuzz tests' seed logs and seeded mutations of
them, random logs, generated sessions of both games with and without illegal plays) and
compares the standard output, the standard error and the exit status of every report
format, ``show`` and ``standings``.

A pure build (``REFEREE_PURE=1``, named by ``REFEREE_PURE_BUILD``) must hold no compiled
module at all.

The compiled build is a folder a compiled wheel of this checkout was installed into, named
by ``REFEREE_COMPILED_BUILD``; ``.ci/run`` makes one with
``REFEREE_REQUIRE_COMPILED=1 pip install --no-deps --target .build-compiled .``. Without
it the comparison is skipped, saying why; with ``REFEREE_REQUIRE_COMPILED=1`` (as in CI) a
missing or pure build fails instead. The build must be of this checkout's sources: every
``.py`` file it holds is compared with the checkout's first, and it must have compiled
exactly the modules ``pyproject.toml`` lists.

The build backend's choices (``build_support/referee_build.py``: pure Python when asked,
without a compiler or without mypy; a failure instead when compiling is required; the C
files compiled side by side; the editable install's notice) are checked without building,
as are the listed modules (each must be a source file of the package).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

from tests.fuzzing import mutate, random_log, seed_logs
from tests.simulate import ILLEGAL_RULES, generate_session, random_options

REPO = Path(__file__).resolve().parents[1]
BUILD_VARIABLE = "REFEREE_COMPILED_BUILD"
PURE_VARIABLE = "REFEREE_PURE_BUILD"
REQUIRED = os.environ.get("REFEREE_REQUIRE_COMPILED", "") not in ("", "0")

#: Runs `referee` from the folder given first, after checking that is where it comes from.
RUNNER = (
    "import sys; root = sys.argv.pop(1); sys.path.insert(0, root); import referee; "
    "assert referee.__file__.startswith(root), referee.__file__; "
    "from referee.cli import main; sys.argv[0] = 'referee'; main()"
)
ENV = {"NO_COLOR": "1", "COLUMNS": "120", "LINES": "40", "TERM": "dumb"}
UNSET = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "PYTHONPATH")


def _compiled_modules() -> list[str]:
    """The modules the build compiles (``pyproject.toml``), as paths without ``.py``."""
    with open(REPO / "pyproject.toml", "rb") as file:
        config = tomllib.load(file)
    modules = config["tool"]["referee-build"]["compiled"]["modules"]
    return [m.removesuffix(".py") for m in modules]


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"REFEREE_REQUIRE_COMPILED is set, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def compiled_build() -> Path:
    """The compiled build's folder, checked to be compiled and of this checkout."""
    given = os.environ.get(BUILD_VARIABLE, "")
    if not given:
        _missing(
            f"no compiled build to compare: set {BUILD_VARIABLE} to a folder a compiled "
            "wheel of this checkout was installed into (see the module's docstring)"
        )
    build = Path(given).resolve()
    if not (build / "referee" / "__init__.py").is_file():
        _missing(f"{BUILD_VARIABLE}={given} holds no referee package")
    pure = [m for m in _compiled_modules() if not _is_extension(build / m)]
    if pure:
        _missing(f"the build in {given} is not compiled: {', '.join(pure)} are pure Python")
    stale = [
        str(path.relative_to(build))
        for path in sorted((build / "referee").rglob("*.py"))
        if _source_of(path.relative_to(build)).read_bytes() != path.read_bytes()
    ]
    assert not stale, f"the compiled build is of other sources (rebuild it): {stale[:5]}"
    return build


def _is_extension(module: Path) -> bool:
    return any(module.with_name(module.name + s).is_file() for s in EXTENSION_SUFFIXES)


def _source_of(installed: Path) -> Path:
    """The checkout's file for a file of the installed package (the grammar is mapped)."""
    parts = installed.parts
    if parts[:2] == ("referee", "grammar"):
        return REPO.joinpath("grammar", *parts[2:])
    return REPO / installed


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Logs of every kind, written once: real, damaged, random and generated, both games."""
    folder = tmp_path_factory.mktemp("compiled-corpus")
    shutil.copytree(REPO / "samples", folder / "samples")
    seeds = [(name, text.encode("utf-8")) for name, text in seed_logs()]
    rng = random.Random(2024)
    for i in range(300):
        _, data = rng.choice(seeds)
        _, other = rng.choice(seeds)
        (folder / "mutated").mkdir(exist_ok=True)
        (folder / "mutated" / f"m{i:03}.hlog").write_bytes(mutate(rng, data, other))
    (folder / "random").mkdir()
    for i in range(100):
        (folder / "random" / f"r{i:03}.hlog").write_text(random_log(rng), "utf-8")
    (folder / "generated").mkdir()
    for i in range(24):
        illegal = rng.choice([None, None, *ILLEGAL_RULES])
        options = random_options(rng) if illegal is None else None  # (any rule breakable)
        session = generate_session(
            rng, hands=25, options=options, illegal=illegal, corrected=i % 5 == 0
        )
        (folder / "generated" / f"g{i:02}.hlog").write_text(session.text, "utf-8")
    return folder


def _start(root: Path, args: list[str], cwd: Path, into: Path) -> subprocess.Popen[bytes]:
    """`referee ARGS` from ``root``, in ``cwd``, in a new process (the same environment for
    both builds), its output into files in ``into``, so that two can run side by side."""
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(ENV)
    into.mkdir(parents=True, exist_ok=True)
    with open(into / "out", "wb") as out, open(into / "err", "wb") as err:
        command = [sys.executable, "-c", RUNNER, str(root), *args]
        return subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err)


def _result(process: subprocess.Popen[bytes], into: Path) -> tuple[int, bytes, bytes]:
    """Exit status, standard output and standard error, once the process ends."""
    code = process.wait(timeout=600)
    return code, (into / "out").read_bytes(), (into / "err").read_bytes()


def _run(root: Path, args: list[str], cwd: Path, into: Path) -> tuple[int, bytes, bytes]:
    return _result(_start(root, args, cwd, into), into)


@pytest.mark.parametrize(
    "args",
    [
        # every log, every finding, position, read error and settlement
        ["audit", "--format", "json", "--jobs", "1", "."],
        # the other formats are pure Python in both builds and draw on the same reports
        ["audit", "--format", "text", "--jobs", "1", "samples", "mutated"],
        ["audit", "--format", "jsonl", "--jobs", "1", "samples", "generated"],
        ["audit", "--format", "csv", "--jobs", "1", "samples"],
        ["audit", "--format", "html", "--jobs", "1", "samples"],
        ["audit", "--format", "github", "--jobs", "1", "samples"],
        ["audit", "--format", "json", "--jobs", "2", "generated", "samples"],
        ["standings", "--format", "json", "--jobs", "1", "generated", "samples"],
        ["show", "samples/bourre/messy-night.hlog"],
        ["show", "samples/euchre/ask-and-moon.hlog"],
    ],
    ids=lambda args: "-".join(a for a in args[:3] if a not in ("--format", "--jobs")),
)
def test_compiled_and_pure_give_the_same_bytes(
    args: list[str], compiled_build: Path, corpus: Path, tmp_path: Path
) -> None:
    running = _start(compiled_build, args, corpus, tmp_path / "compiled")  # (side by side)
    pure = _run(REPO, args, corpus, tmp_path / "pure")
    compiled = _result(running, tmp_path / "compiled")
    assert compiled[0] == pure[0], (compiled[2][-2000:], pure[2][-2000:])
    assert compiled[2] == pure[2]
    assert compiled[1] == pure[1]
    assert len(pure[1]) > 500 and b"P-INTERNAL" not in pure[1]  # (a real report of both)


def test_the_compiled_build_says_so(compiled_build: Path, tmp_path: Path) -> None:
    compiled = _run(compiled_build, ["--version"], tmp_path, tmp_path / "compiled")
    pure = _run(REPO, ["--version"], tmp_path, tmp_path / "pure")
    assert compiled[1].endswith(b" (compiled)\n") and pure[1].endswith(b" (pure Python)\n")


def test_the_checkout_holds_no_compiled_module() -> None:
    """An extension module beside a source file is imported in its place, so an edit to the
    source would silently not count: the checkout (what the tests import) must have none."""
    found = [
        str(path.relative_to(REPO))
        for suffix in EXTENSION_SUFFIXES
        for path in (REPO / "referee").rglob(f"*{suffix}")
    ]
    assert not found, (
        f"compiled modules in the checkout shadow their sources: {found}; remove them "
        "(compiled builds belong in a wheel or a --target folder, see docs/performance.md)"
    )


def test_a_pure_build_holds_no_compiled_module(tmp_path: Path) -> None:
    """``REFEREE_PURE=1 pip install --no-deps --target FOLDER .`` (the fallback a machine
    without a C compiler gets) installs every module as Python source, and says so."""
    given = os.environ.get(PURE_VARIABLE, "")
    if not given:
        _missing(
            f"no pure build to check: set {PURE_VARIABLE} to a folder a wheel of this "
            "checkout built with REFEREE_PURE=1 was installed into"
        )
    build = Path(given).resolve()
    if not (build / "referee" / "__init__.py").is_file():
        _missing(f"{PURE_VARIABLE}={given} holds no referee package")
    found = [str(p.relative_to(build)) for s in EXTENSION_SUFFIXES for p in build.rglob(f"*{s}")]
    assert found == []
    sources = [build / f"{m}.py" for m in _compiled_modules()]
    assert [p for p in sources if not p.is_file()] == []
    pure = _run(build, ["--version"], tmp_path, tmp_path / "pure")
    assert pure[0] == 0 and pure[1].endswith(b" (pure Python)\n")


# ----------------------------------------------------------------------------- the backend
# What decides between the compiled and the pure build, checked without building (a build
# takes a minute; CI builds both, above).


@pytest.fixture(scope="module")
def backend() -> ModuleType:
    """``build_support/referee_build.py``, imported as pip imports it (by its folder)."""
    spec = importlib.util.spec_from_file_location(
        "referee_build_under_test", REPO / "build_support" / "referee_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_listed_module_is_a_source_file_of_the_package() -> None:
    """A module removed or renamed must leave the list too: mypyc would fail on it, and a
    build that is not required to compile would then quietly install pure Python."""
    listed = _compiled_modules()
    assert listed, "[tool.referee-build.compiled] modules is empty"
    assert len(set(listed)) == len(listed), "a module is listed twice"
    missing = [m for m in listed if not (REPO / f"{m}.py").is_file()]
    assert not missing, (
        f"listed under [tool.referee-build.compiled] modules, but not found: {missing}"
    )
    assert all(m.startswith("referee/") for m in listed)
    assert not [m for m in listed if m.startswith("referee/cli")]


def test_the_build_compiles_the_listed_modules_and_no_other(compiled_build: Path) -> None:
    compiled = {
        str(path.relative_to(compiled_build)).split(".")[0]
        for suffix in EXTENSION_SUFFIXES
        for path in (compiled_build / "referee").rglob(f"*{suffix}")
    }
    assert compiled == set(_compiled_modules())


def test_asked_for_pure_python_the_build_does_not_compile(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFEREE_PURE", "1")
    assert backend._compile_problem() == "REFEREE_PURE is set"
    monkeypatch.setenv("REFEREE_PURE", "0")
    assert backend._compile_problem() != "REFEREE_PURE is set"


@pytest.mark.skipif(os.name != "posix", reason="names a Unix compiler")
def test_without_a_working_compiler_the_build_is_pure(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        pytest.skip("no Python headers here: the backend says so before it tries a compiler")
    monkeypatch.delenv("REFEREE_PURE", raising=False)
    monkeypatch.setenv("CC", "false")
    assert "cannot build against Python.h" in backend._compiler_problem()
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert "no working C compiler" in backend._compiler_problem()


def test_a_fallback_says_why_or_fails_when_compiling_is_required(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # (no line to the terminal)
    monkeypatch.setenv("REFEREE_REQUIRE_COMPILED", "")
    backend._pure_because("no C compiler")
    said = capsys.readouterr().err
    assert said == "referee build: building pure Python (the same results, slower): no C compiler\n"
    monkeypatch.setenv("REFEREE_REQUIRE_COMPILED", "1")
    with pytest.raises(RuntimeError, match="REFEREE_REQUIRE_COMPILED is set, but no C compiler"):
        backend._pure_because("no C compiler")


def test_mypy_that_cannot_be_installed_means_pure_python(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An index without mypy: the backend's own pip fails, and that is a reason, not an
    error (pip's configuration reaches it through the environment)."""
    monkeypatch.setattr(backend.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))  # (an empty wheelhouse)
    monkeypatch.setenv("PIP_CONSTRAINT", "")
    with contextlib.ExitStack() as keep:
        reason = backend._mypyc_paths(keep)
    assert isinstance(reason, str)
    assert reason.startswith("mypy could not be installed for mypyc (pip: ")
    assert "mypy" in reason.removeprefix("mypy could not be installed")


def test_a_failed_command_is_told_by_its_exit_status(backend: ModuleType) -> None:
    gcc = RuntimeError("error: command '/usr/bin/gcc' failed with exit code 1 " + "-I/x " * 99)
    assert backend._briefly(gcc) == "exit code 1"
    assert backend._briefly(RuntimeError("mypyc (1): a.py:3: error: oops")) == (
        "mypyc (1): a.py:3: error: oops"
    )
    assert len(backend._briefly(RuntimeError("x" * 999))) == 200


def test_jobs_are_one_per_core_unless_given(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFEREE_BUILD_JOBS", "3")
    assert backend._jobs() == 3
    for unusable in ("", "0", "many"):
        monkeypatch.setenv("REFEREE_BUILD_JOBS", unusable)
        assert backend._jobs() >= 1


def test_each_c_file_is_compiled_by_itself_and_the_objects_keep_their_order(
    backend: ModuleType,
) -> None:
    calls: list[list[str]] = []

    def compile_files(sources: list[str], output_dir: str, **kwargs: object) -> list[str]:
        calls.append(sources)
        return [f"{output_dir}/{source}.o" for source in sources]

    with ThreadPoolExecutor(2) as pool:
        compile_each = backend._compiling_in(pool, compile_files)
        objects = compile_each(["a.c", "b.c", "c.c"], "out", debug=0)
    assert objects == ["out/a.c.o", "out/b.c.o", "out/c.c.o"]
    assert sorted(calls) == [["a.c"], ["b.c"], ["c.c"]]


def test_an_editable_install_notices_a_compiled_build_it_replaces(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    (site / "referee" / "parser").mkdir(parents=True)
    (site / "referee" / "parser" / "reader.py").write_text("")
    paths = {"purelib": str(site), "platlib": str(site)}
    monkeypatch.setattr(backend.sysconfig, "get_paths", lambda: paths)
    assert not backend._compiled_build_installed()
    (site / "referee" / "parser" / f"reader{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    assert backend._compiled_build_installed()
