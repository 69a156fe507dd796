"""The compiled build and the pure-Python one: the same output, byte for byte.

A wheel compiles the per-hand path with mypyc (README, "Compiled build"); this checkout is
pure Python. The comparison runs `referee` from both, each as its own process, over one
corpus (the samples, the fuzz tests' seed logs and seeded mutations of them, random logs,
generated sessions of both games with and without illegal plays) and compares the standard
output, the standard error and the exit status of every report format, ``show`` and
``standings``.

A pure build (``REFEREE_PURE=1``, named by ``REFEREE_PURE_BUILD``) must hold no compiled
module at all.

The compiled build is a folder a compiled wheel of this checkout was installed into, named
by ``REFEREE_COMPILED_BUILD``; ``.ci/run`` makes one with
``REFEREE_REQUIRE_COMPILED=1 pip install --no-deps --target .build-compiled .``. Without
it the comparison is skipped, saying why; with ``REFEREE_REQUIRE_COMPILED=1`` (as in CI) a
missing or pure build fails instead. The build must be of this checkout's sources: every
``.py`` file it holds is compared with the checkout's first.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

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
        "(compiled builds belong in a wheel or a --target folder, see the README)"
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
