"""The TextMate grammar for editors (``editors/hlog.tmLanguage.json``): valid JSON, its
regular expressions compile with Python's ``re`` (the grammar keeps to what Oniguruma, the
editors' engine, and Python both read), every keyword of the log format is highlighted as
one, and sample lines are tokenized as expected.

The tokenizer here is the TextMate rule, as far as this grammar uses it (``match`` rules
only, no ``begin``/``end``): at each position the rule whose match starts first wins, the
first listed among those that start at the same place; a rule's ``name`` covers its whole
match (listed first), its ``captures`` name its groups.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee.parser import KEYWORDS

GRAMMAR = Path(__file__).resolve().parents[1] / "editors" / "hlog.tmLanguage.json"


@pytest.fixture(scope="module")
def grammar() -> dict[str, Any]:
    loaded = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _rules(grammar: dict[str, Any]) -> list[dict[str, Any]]:
    """The top-level rules, their ``include``s resolved from the repository."""
    rules = []
    for rule in grammar["patterns"]:
        include = rule.get("include", "")
        rules.append(grammar["repository"][include[1:]] if include.startswith("#") else rule)
    return rules


def tokens(grammar: dict[str, Any], line: str) -> list[tuple[str, str]]:
    """The line's tokens: (text, scope), skipping what no rule names."""
    compiled = [(re.compile(r["match"]), r) for r in _rules(grammar)]
    found: list[tuple[str, str]] = []
    pos = 0
    while pos < len(line):
        best: tuple[re.Match[str], dict[str, Any]] | None = None
        for pattern, rule in compiled:
            m = pattern.search(line, pos)
            if (
                m is not None
                and m.end() > m.start()
                and (best is None or m.start() < best[0].start())
            ):
                best = (m, rule)
        if best is None:
            break
        m, rule = best
        if "name" in rule:
            found.append((m.group(0), rule["name"]))
        for group, capture in sorted(rule.get("captures", {}).items(), key=lambda c: int(c[0])):
            if m.group(int(group)):
                found.append((m.group(int(group)), capture["name"]))
        pos = m.end()
    return found


def test_the_grammar_is_valid(grammar: dict[str, Any]) -> None:
    assert grammar["scopeName"] == "source.hlog"
    assert grammar["fileTypes"] == ["hlog"]
    names = set(grammar["repository"])
    for rule in grammar["patterns"]:
        assert rule["include"][1:] in names
    for key, rule in grammar["repository"].items():
        assert set(rule) <= {"match", "name", "captures", "comment"}, key
        re.compile(rule["match"])
        for number, capture in rule.get("captures", {}).items():
            assert int(number) <= re.compile(rule["match"]).groups
            assert capture["name"].endswith(".hlog")
        assert rule.get("name", "x.hlog").endswith(".hlog")


def test_a_trick_line(grammar: dict[str, Any]) -> None:
    line = "trick 3: ann 7h, cy 9♥ (was 4h), dee 10d, Bob Q♠  # led by ann"
    assert tokens(grammar, line) == [
        ("trick", "keyword.other.statement.hlog"),
        ("3", "constant.numeric.hlog"),
        (":", "punctuation.separator.colon.hlog"),
        ("ann", "variable.other.player.hlog"),
        ("7h", "constant.language.card.hlog"),
        ("cy", "variable.other.player.hlog"),
        ("9♥", "constant.language.card.hlog"),
        ("(was 4h)", "meta.retracted.hlog"),
        ("(", "punctuation.section.parens.begin.hlog"),
        ("was", "keyword.other.was.hlog"),
        ("4h", "constant.language.card.retracted.hlog"),
        (")", "punctuation.section.parens.end.hlog"),
        ("dee", "variable.other.player.hlog"),
        ("10d", "constant.language.card.hlog"),
        ("Bob", "variable.other.player.hlog"),
        ("Q♠", "constant.language.card.hlog"),
        ("# led by ann", "comment.line.number-sign.hlog"),
        ("#", "punctuation.definition.comment.hlog"),
    ]


def test_header_and_settlement_lines(grammar: dict[str, Any]) -> None:
    assert tokens(grammar, "option all_pass dealer   # the dealer takes it") == [
        ("option", "keyword.other.statement.hlog"),
        ("all_pass", "variable.parameter.option.hlog"),
        ("dealer", "constant.other.option-value.hlog"),
        ("# the dealer takes it", "comment.line.number-sign.hlog"),
        ("#", "punctuation.definition.comment.hlog"),
    ]
    assert tokens(grammar, "Title: Friday at Ray's") == [
        ("Title", "keyword.other.statement.hlog"),
        ("Friday at Ray's", "string.unquoted.hlog"),
    ]
    assert tokens(grammar, "game bid-euchre") == [
        ("game", "keyword.other.statement.hlog"),
        ("bid-euchre", "support.constant.game.hlog"),
    ]
    assert tokens(grammar, "settle eve wins $5.50") == [
        ("settle", "keyword.other.statement.hlog"),
        ("eve", "variable.other.player.hlog"),
        ("wins", "keyword.other.hlog"),
        ("$5.50", "constant.numeric.hlog"),
    ]
    assert tokens(grammar, "score ann+cy 4, bob+dee -2") == [
        ("score", "keyword.other.statement.hlog"),
        ("ann", "variable.other.player.hlog"),
        ("+", "punctuation.separator.team.hlog"),
        ("cy", "variable.other.player.hlog"),
        ("4", "constant.numeric.hlog"),
        ("bob", "variable.other.player.hlog"),
        ("+", "punctuation.separator.team.hlog"),
        ("dee", "variable.other.player.hlog"),
        ("-2", "constant.numeric.hlog"),
    ]
    assert tokens(grammar, "trump hearts") == [
        ("trump", "keyword.other.statement.hlog"),
        ("hearts", "constant.language.suit.hlog"),
    ]


def test_every_keyword_is_highlighted_as_one(grammar: dict[str, Any]) -> None:
    """Each keyword of the reader, where a statement starts or inside one (in any case)."""
    for keyword in sorted(KEYWORDS - {"was"}):  # (`was` only inside `(was CARD)`: above)
        for word in (keyword, keyword.upper()):
            first = tokens(grammar, f"{word} x")[0]
            inside = tokens(grammar, f"settle ann {word} 5")[2]
            assert "keyword" in first[1] or "keyword" in inside[1], word
            assert word in (first[0], inside[0]), word


# ----------------------------------------------------------------------------- Vim, Neovim

_PROBE = """\
set nocompatible
filetype on
syntax on
edit {log}
let out = []
for lnum in range(1, line('$'))
  let text = getline(lnum)
  for col in range(1, strlen(text))
    call add(out, lnum . ' ' . col . ' ' . synIDattr(synID(lnum, col, 1), 'name'))
  endfor
endfor
call writefile(out, '{out}')
qall!
"""


def _vim_runs(tmp_path: Path, text: str) -> list[list[tuple[str, str]]]:
    """Each line's runs of text and the Vim syntax group Vim gives them (the ones with
    one), with ``editors/vim`` on the runtime path, as the guide installs it."""
    import shutil
    import subprocess
    from itertools import groupby

    vim = shutil.which("vim")
    if vim is None:
        pytest.skip("vim is not installed")
    log, out = tmp_path / "sample.hlog", tmp_path / "probe.out"
    log.write_text(text, encoding="utf-8")
    probe = tmp_path / "probe.vim"
    probe.write_text(_PROBE.format(log=log, out=out), encoding="utf-8")
    runtime = GRAMMAR.parent / "vim"
    subprocess.run(
        [
            vim,
            "-N",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-es",
            "--cmd",
            f"set rtp^={runtime}",
            "-S",
            str(probe),
        ],
        check=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    cells = [row.split(" ", 2) for row in out.read_text(encoding="utf-8").splitlines()]
    lines = text.split("\n")
    found: list[list[tuple[str, str]]] = [[] for _ in lines]
    for number, group in groupby(cells, key=lambda cell: int(cell[0])):
        data = lines[number - 1].encode()
        for name, run in groupby(group, key=lambda cell: cell[2]):
            columns = [int(cell[1]) for cell in run]
            if name:
                found[number - 1].append((data[columns[0] - 1 : columns[-1]].decode(), name))
    return found


def test_the_vim_syntax(tmp_path: Path) -> None:
    text = (
        "game bourre\ntitle: Friday at Ray's\noption all_pass dealer   # the dealer takes it\n"
        "hand 1\ntrick 3: ann 7h, cy 9♥ (was 4h), dee 10d, Bob Q♠  # led by ann\n"
        "settle eve wins $5.50\n"
    )
    runs = _vim_runs(tmp_path, text)
    assert runs[0] == [("game", "hlogStatement"), ("bourre", "hlogGame")]
    assert runs[1] == [("title", "hlogStatement"), ("Friday at Ray's", "hlogText")]
    assert runs[2][:2] == [("option", "hlogStatement"), ("all_pass", "hlogOptionKey")]
    assert runs[2][-1] == ("# the dealer takes it", "hlogComment")
    assert runs[4] == [
        ("trick", "hlogStatement"),
        ("3", "hlogNumber"),
        ("ann", "hlogName"),
        ("7h", "hlogCard"),
        ("cy", "hlogName"),
        ("9♥", "hlogCard"),
        ("(", "hlogRetracted"),
        ("was", "hlogWas"),
        (" ", "hlogRetracted"),
        ("4h", "hlogCard"),
        (")", "hlogRetracted"),
        ("dee", "hlogName"),
        ("10d", "hlogCard"),
        ("Bob", "hlogName"),
        ("Q♠", "hlogCard"),
        ("# led by ann", "hlogComment"),
    ]
    assert runs[5] == [
        ("settle", "hlogStatement"),
        ("eve", "hlogName"),
        ("wins", "hlogKeyword"),
        ("$5.50", "hlogNumber"),
    ]


def test_the_vscode_extension_uses_this_grammar_and_the_server() -> None:
    folder = GRAMMAR.parent / "vscode"
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    [language] = package["contributes"]["languages"]
    assert language["id"] == "hlog" and language["extensions"] == [".hlog"]
    [grammar] = package["contributes"]["grammars"]
    assert grammar["scopeName"] == "source.hlog"
    # The grammar packaged is this one, copied in when the extension is packaged.
    copy = package["scripts"]["vscode:prepublish"]
    assert "'../hlog.tmLanguage.json', 'syntaxes/hlog.tmLanguage.json'" in copy
    assert grammar["path"] == "./syntaxes/hlog.tmLanguage.json"
    assert package["contributes"]["configuration"]["properties"]["referee.command"]["default"] == [
        "referee",
        "lsp",
    ]
    assert "vscode-languageclient" in package["dependencies"]
    assert 'settings.get("command", ["referee", "lsp"])' in (folder / "extension.js").read_text()
