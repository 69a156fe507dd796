"""The start-up cache (:mod:`referee.cache`): plain JSON, keyed, atomic, silent on failure."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee import cache, parser


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
    assert os.listdir(folder) == ["terminals.json"]
