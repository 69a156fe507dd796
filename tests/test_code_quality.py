"""The package type-checks under ``mypy --strict --warn-unreachable`` and is lint-clean.

Both tools come with the test extras (``pip install -e '.[test]'``), so CI runs them with
the tests; where one is missing (a bare checkout) its test is skipped, not passed.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_nothing(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path), "referee"]
    )
    assert status == 0, out + err
    assert "Success" in out


def test_the_mypy_settings_are_strict() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.mypy]", 1)[1].split("\n[", 1)[0]
    assert "strict = true" in section
    assert "warn_unreachable = true" in section


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed")
    done = subprocess.run(
        [ruff, "check", "--no-cache", "referee", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_paths_the_grammar_and_docs_name_exist() -> None:
    # The grammar's comments, the README and the guide (docs/architecture.md above all) point
    # maintainers at modules: they must exist.
    named = set()
    sources = [ROOT / "grammar" / "hand_log.lark", ROOT / "README.md"]
    for source in [*sources, *sorted((ROOT / "docs").glob("*.md"))]:
        text = source.read_text(encoding="utf-8")
        named |= {(source.name, m) for m in re.findall(r"referee/[\w/]+\.py", text)}
    assert named, "no module paths found: the pattern is wrong"
    missing = sorted((where, path) for where, path in named if not (ROOT / path).is_file())
    assert missing == []


def _module_imports(path: Path, module: str) -> set[str]:
    """The referee modules ``module`` imports, at load time or inside a function (a deferred
    import is still a dependency), but not under ``if TYPE_CHECKING`` (types only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("referee")}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``."""
    nodes: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)
    return nodes


def test_no_import_cycles() -> None:
    """No module depends on itself through others, counting the imports inside functions:
    the registries (the games, the views) import their members, never the other way."""
    modules: dict[str, Path] = {}
    for path in (ROOT / "referee").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph = {name: _module_imports(path, name) & modules.keys() for name, path in modules.items()}
    assert graph["referee.rulebook"], "the imports were not found: the test is wrong"
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                cycles.append([*path[path.index(other) :], other])
            elif other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def _every_import(path: Path, module: str) -> set[str]:
    """Every module ``module`` imports, wherever: at load time, inside functions, or for
    the type checker only (any package, not only the referee's)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
    return found


def test_the_core_never_imports_typer_or_rich() -> None:
    """The core (``referee/`` but the command line and ``render/``) imports neither, not even
    inside a function: a library user gets neither, and nothing of it prints."""
    offenders = []
    for path in (ROOT / "referee").rglob("*.py"):
        relative = path.relative_to(ROOT / "referee")
        if relative.parts[0] == "render" or relative.name == "cli.py":
            continue
        module = ".".join(("referee", *relative.with_suffix("").parts))
        imported = _every_import(path, module)
        offenders += [(str(relative), m) for m in imported if m.split(".")[0] in ("typer", "rich")]
    assert offenders == []


def test_the_batch_and_the_writers_do_not_import_each_other() -> None:
    """The formats' writers make what a batch runs (its ``Job``, its ``Writer``s) without
    importing the batch, not even for types: ``referee.job`` holds what both need."""
    writers = ROOT / "referee" / "render" / "writers.py"
    assert "referee.batch" not in _every_import(writers, "referee.render.writers")
    assert "referee.job" in _every_import(writers, "referee.render.writers")
    job = ROOT / "referee" / "job.py"
    assert not {"referee.batch", "referee.render.writers"} & _every_import(job, "referee.job")
