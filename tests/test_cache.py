"""The start-up cache (:mod:`referee.cache`): plain JSON, keyed, atomic, silent on failure, in
the platform's cache folder (platformdirs), or ``$XDG_CACHE_HOME/referee``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import LarkError

from referee import cache, parser
from referee.parser import syntax

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(where))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    return where


def test_round_trip_and_stale_key(folder: Path) -> None:
    key = cache.key("terminals", "grammar text", "lark 1")
    cache.save_json("terminals", key, {"NAME": "x"})
    assert cache.load_json("terminals", key) == {"NAME": "x"}
    assert cache.load_json("terminals", cache.key("terminals", "other grammar")) is None
    assert [p.name for p in folder.iterdir()] == ["terminals.json"]  # no temporary left


def test_corrupt_or_foreign_entries_are_ignored(folder: Path) -> None:
    folder.mkdir()
    (folder / "terminals.json").write_text("{not json")
    assert cache.load_json("terminals", "k") is None
    (folder / "terminals.json").write_text(json.dumps(["k", "data"]))
    assert cache.load_json("terminals", "k") is None


def test_failures_are_silent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "sub"))  # cannot be a folder
    cache.save_json("terminals", "k", {"a": 1})
    assert cache.load_json("terminals", "k") is None
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    assert cache.folder() is None
    cache.save_json("terminals", "k", {"a": 1})


def test_module_stamp_changes_with_the_installed_module() -> None:
    stamp = cache.module_stamp("lark")
    assert stamp and stamp == cache.module_stamp("lark")
    assert cache.module_stamp("no_such_module_here") == ""


def test_terminals_come_from_the_cache_and_agree_with_lark(folder: Path) -> None:
    """A second start reads the terminals from the cache, without building the Lark parser,
    and they are what Lark says."""
    built: list[int] = []

    def build() -> object:
        built.append(1)
        return parser._syntax().lark

    grammar = parser.grammar_text()
    first = parser._terminals(grammar, build)  # type: ignore[arg-type]
    second = parser._terminals(grammar, build)  # type: ignore[arg-type]
    assert built == [1] and first == second
    lark = parser._syntax().lark
    assert first["NAME"] == lark.get_terminal("NAME").pattern.to_regexp()
    entry = json.loads((folder / "terminals.json").read_text())
    entry["data"]["NAME"] = "tampered"
    entry["key"] = "stale"
    (folder / "terminals.json").write_text(json.dumps(entry))
    assert parser._terminals(grammar, build)["NAME"] != "tampered"  # type: ignore[arg-type]
    assert "terminals.json" in os.listdir(folder)
    assert not [name for name in os.listdir(folder) if name.startswith(".")]  # no temporary


def _readings(lark: Lark, lines: list[str]) -> list[object]:
    """What ``lark`` makes of each line: its tree, or its error's kind and message."""
    found: list[object] = []
    for line in lines:
        try:
            found.append(lark.parse(line, start="line"))
        except LarkError as exc:
            found.append((type(exc).__name__, str(exc)))
    return found


def test_the_parser_comes_from_the_cache_and_reads_as_built(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second start loads the Lark parser's tables from the cache, without building them,
    and the loaded parser reads every line (or fails on it) as the built one does; an entry
    that does not load means building again."""
    grammar = parser.grammar_text()
    built = syntax._lark_parser(grammar)
    assert (folder / "parser.json").is_file()
    lines = [
        line.split("#")[0]
        for path in sorted((ROOT / "samples").rglob("*.hlog"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    lines += ["trick 1: ann 10♥ bob", "bid ann seven", "hand x", "settle: ann +", "players"]

    def no_building(*args: object, **kwargs: object) -> None:
        raise AssertionError("the parser was built, not loaded")

    with monkeypatch.context() as patch:
        patch.setattr(Lark, "__init__", no_building)
        loaded = syntax._lark_parser(grammar)
    assert loaded is not built
    assert _readings(loaded, lines) == _readings(built, lines)
    assert any(isinstance(r, tuple) for r in _readings(built, lines))  # (errors compared too)
    entry = json.loads((folder / "parser.json").read_text())
    entry["data"]["data"]["parser"] = {"#": [[1, 2]]}  # damaged, under the right key
    (folder / "parser.json").write_text(json.dumps(entry))
    again = syntax._lark_parser(grammar)
    assert _readings(again, lines) == _readings(built, lines)


# ----------------------------------------------------------------------------- the folder


@pytest.fixture
def default_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No REFEREE_ variable, no XDG_CACHE_HOME, a home folder of our own."""
    for name in ("REFEREE_CACHE_DIR", "REFEREE_NO_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    return home


def test_the_default_folder_is_the_platforms(default_folder: Path) -> None:
    import platformdirs

    where = cache.folder()
    assert where == Path(platformdirs.user_cache_dir("referee", appauthor=False))
    assert where is not None and where.is_absolute()
    if sys.platform.startswith("linux"):
        assert where == default_folder / ".cache" / "referee"
        cache.save_json("terminals", "k", {"a": 1})
        assert cache.load_json("terminals", "k") == {"a": 1}
        assert os.listdir(where) == ["terminals.json"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's folder")
def test_on_linux_the_folder_is_found_without_platformdirs(
    default_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an absolute HOME the folder is the one platformdirs names (the test above),
    found without importing it (an import of it would fail here)."""
    monkeypatch.setitem(sys.modules, "platformdirs", None)
    assert cache.folder() == default_folder / ".cache" / "referee"
    monkeypatch.setenv("HOME", "relative")  # (then platformdirs is asked: here, it fails)
    assert cache.folder() is None


def test_xdg_cache_home_is_respected(
    default_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == tmp_path / "xdg" / "referee"
    cache.save_json("terminals", "k", [1])
    assert os.listdir(tmp_path / "xdg" / "referee") == ["terminals.json"]
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "mine"))  # (it wins)
    assert cache.folder() == tmp_path / "mine"


def test_a_relative_folder_is_never_used(
    default_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative XDG_CACHE_HOME is ignored (the XDG specification): nothing is written
    relative to the current folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    where = cache.folder()
    assert where is None or where.is_absolute()
    cache.save_json("terminals", "k", [1])
    assert not (tmp_path / "relative").exists()


def test_a_platform_without_a_cache_folder_turns_the_cache_off(
    default_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    def no_folder(*args: object, **kwargs: object) -> str:
        raise OSError("no known folder")

    monkeypatch.delenv("HOME")  # (so that platformdirs is asked, on Linux too)
    monkeypatch.setattr(platformdirs, "user_cache_dir", no_folder)
    assert cache.folder() is None
    cache.save_json("terminals", "k", [1])  # (silent)
    assert cache.load_json("terminals", "k") is None
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *a, **k: "~/.cache/referee")
    assert cache.folder() is None  # (a home folder that could not be found: relative)
