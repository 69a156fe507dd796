"""``referee lsp`` end to end: a real client (pygls's own) talks to a ``referee lsp``
process over its standard input and output, as an editor does.

One server serves the module's tests (starting one costs about a second); each test opens
its own document. The scenario of editing a log: open a log with a renege, a typo and
a wrong settlement; get the diagnostics (codes, ranges, levels, links); fix the typo and get
them again; hover a rule ID, a card, an option and a player; complete in a trick line and
elsewhere; ask for the quick fixes of the typo and of the wrong settlement; shut down.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

pytest.importorskip("pygls")

from lsprotocol import types
from pygls.lsp.client import LanguageClient

import referee

LOG = """\
# Friday night at Ray's
game bourre
players ann bob cy dee eve
option limit 20

hand 1
dealer eve
trump 4h                        # eve's fifth card, face up
ann play discard 2c 9s draw 5d Td
bob pass
cy play discard 3
dee play
eve play discard 8d draw Kd
trick 1: ann 7h, cy 9h, dee 8c, eve Ah
trick 2: eve 4h, ann Kh, cy 2h, dee 3h
trick 3: ann Td, cy Qd, dee 4d, eve Kd
trick 4: eve Jc, ann 3c, cy 6c, dee Jh
trick 5: dee 2s, eve 3s, ann 5d, cy 9c
settle pot 5
settle eve wins 6   # as the table wrote it
settle cy bourre 5

hand 2
trump Qs
bob play
cy play
dee play
eve play
ann play
trick 1: bob As, cy 2s, dee 3s, eve 4s, ann 5s
trick 2: bob Ks, cy 6s, dee 7s, eve 8s, ann 9s
trik 3: bob Ac, cy 2c, dee 3c, eve 4c, ann 5c
trick 4: bob Ad, cy 2d, dee 3d, eve 4d, ann 5d
trick 5: bob Ah, cy 2h, dee 3h, eve 4h, ann 5h
"""

#: The lines (from 0) of the statements the tests point at.
RENEGE, WINS, BOURRE, TYPO = 13, 19, 20, 31
LINES = LOG.split("\n")


def _column(line: int, word: str) -> int:
    """Where ``word`` starts on line ``line`` of the log (from 0)."""
    return LINES[line].index(word)


class Editor:
    """A client talking to one ``referee lsp`` process, and the diagnostics it published."""

    def __init__(self, loop: asyncio.AbstractEventLoop, cache: Path) -> None:
        self.loop = loop
        self.client = LanguageClient("referee-tests", "1")
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.arrived = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append(params)
            self.arrived.set()

        env = {**os.environ, "REFEREE_CACHE_DIR": str(cache)}
        self.run(self.client.start_io(sys.executable, "-m", "referee", "lsp", env=env))
        self.initialized = self.run(
            self.client.initialize_async(
                types.InitializeParams(
                    process_id=os.getpid(),
                    capabilities=_capabilities(),
                    initialization_options={"delay": 0.02},  # (the tests do not type)
                )
            )
        )
        self.client.initialized(types.InitializedParams())

    def run(self, awaitable: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, 20))

    def open(self, uri: str, text: str) -> None:
        item = types.TextDocumentItem(uri=uri, language_id="hlog", version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))

    def change(self, uri: str, version: int, text: str) -> None:
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def diagnostics(self, uri: str, version: int) -> list[types.Diagnostic]:
        """The diagnostics published for ``version`` of the document (waited for)."""

        async def wait() -> list[types.Diagnostic]:
            while True:
                for params in self.published.get(uri, []):
                    if params.version == version:
                        return list(params.diagnostics)
                self.arrived.clear()
                await self.arrived.wait()

        return list(self.run(wait()))

    def hover(self, uri: str, line: int, character: int) -> str | None:
        found = self.run(
            self.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=line, character=character),
                )
            )
        )
        if found is None:
            return None
        assert isinstance(found.contents, types.MarkupContent)
        return str(found.contents.value)

    def complete(self, uri: str, line: int, character: int) -> list[types.CompletionItem]:
        found = self.run(
            self.client.text_document_completion_async(
                types.CompletionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=line, character=character),
                )
            )
        )
        assert isinstance(found, types.CompletionList)
        return list(found.items)

    def actions(self, uri: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
        found = self.run(
            self.client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostic.range,
                    context=types.CodeActionContext(diagnostics=[diagnostic]),
                )
            )
        )
        return [a for a in found or [] if isinstance(a, types.CodeAction)]

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())


def _capabilities() -> types.ClientCapabilities:
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                version_support=True, code_description_support=True
            ),
        )
    )


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    loop = asyncio.new_event_loop()
    started = Editor(loop, tmp_path_factory.mktemp("cache"))
    try:
        yield started
    finally:
        started.close()
        loop.close()


def _uri(tmp_path: Path, name: str, text: str) -> str:
    """A log written to disk (as an editor's file is, before its unsaved changes)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path.as_uri()


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with the edits made (ASCII text: characters are code points)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def at(position: types.Position) -> int:
        return offsets[position.line] + position.character

    for edit in sorted(edits, key=lambda e: at(e.range.start), reverse=True):
        text = text[: at(edit.range.start)] + edit.new_text + text[at(edit.range.end) :]
    return text


def _edits(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    assert action.edit is not None and action.edit.changes is not None
    return list(action.edit.changes[uri])


def _at(diagnostics: list[types.Diagnostic], code: str) -> types.Diagnostic:
    found = [d for d in diagnostics if d.code == code]
    assert len(found) == 1, [d.code for d in diagnostics]
    return found[0]


def _span(diagnostic: types.Diagnostic) -> tuple[int, int, int]:
    r = diagnostic.range
    assert r.start.line == r.end.line
    return r.start.line, r.start.character, r.end.character


# ----------------------------------------------------------------------------- editing a log


def test_editing_a_log(editor: Editor, tmp_path: Path) -> None:
    assert editor.initialized.server_info.name == "referee"
    uri = _uri(tmp_path, "friday.hlog", LOG)
    editor.open(uri, LOG)
    found = editor.diagnostics(uri, 1)
    assert sorted(str(d.code) for d in found) == [
        "BR-FOLLOW",
        "BR-SETTLE-RENEGE",
        "BR-SETTLE-WIN",
        "P-SYNTAX",
    ]
    # The same findings as `referee audit` (the library's report on the same text).
    report = referee.audit_text(LOG)
    assert len(found) == report.violation_count + len(report.errors)

    renege = _at(found, "BR-FOLLOW")
    assert _span(renege) == (RENEGE, 28, 30)  # `8c`: dee's card, column 29
    assert renege.severity == types.DiagnosticSeverity.Error
    assert "dee played 8♣" in renege.message and "dee held J♥" in renege.message
    assert _span(_at(found, "BR-SETTLE-WIN")) == (WINS, 0, 17)  # the statement, no comment
    typo = _at(found, "P-SYNTAX")
    assert _span(typo) == (TYPO, 0, 4)  # `trik`
    assert typo.severity == types.DiagnosticSeverity.Warning
    assert "did you mean `trick`?" in typo.message
    for diagnostic in found:
        assert diagnostic.source == "referee"
        _check_link(diagnostic)

    # Typing fixes the typo: the hand is read whole, and the P-SYNTAX goes.
    fixed = LOG.replace("trik 3:", "trick 3:")
    editor.change(uri, 2, fixed)
    again = editor.diagnostics(uri, 2)
    assert sorted(str(d.code) for d in again) == ["BR-FOLLOW", "BR-SETTLE-RENEGE", "BR-SETTLE-WIN"]
    assert _span(_at(again, "BR-FOLLOW")) == (RENEGE, 28, 30)

    # Hovers: a rule ID (in a comment), a card in a trick, a player.
    editor.change(uri, 3, fixed.replace("# as the table wrote it", "# BR-SETTLE-WIN here"))
    assert len(editor.diagnostics(uri, 3)) == 3
    rule = editor.hover(uri, WINS, _column(WINS, "#") + 4)
    assert rule is not None and rule.startswith("**BR-SETTLE-WIN: ")
    assert "How to fix:" in rule
    card = editor.hover(uri, RENEGE, _column(RENEGE, "Ah") + 1)
    assert card is not None and card.startswith("**A♥** in hand 1: held by eve.")
    assert "played by eve in trick 1 (line 14)" in card
    drawn = editor.hover(uri, RENEGE + 2, _column(RENEGE + 2, "Kd"))  # drawn by eve
    assert drawn is not None
    assert "- drawn by eve (line 13)\n- played by eve in trick 3 (line 16)" in drawn
    player = editor.hover(uri, RENEGE, _column(RENEGE, "dee") + 3)  # just after `dee`
    assert player is not None and player.startswith("**dee**: seat 4 of 5")
    assert "Hand 1: played, took 1 trick; net -6" in player

    # Completion in a trick line: after `dee`, the cards still unplayed in hand 1.
    line = "trick 5: dee "
    editor.change(uri, 4, fixed.replace("trick 5: dee 2s, eve 3s, ann 5d, cy 9c", line))
    editor.diagnostics(uri, 4)
    cards = [item.label for item in editor.complete(uri, RENEGE + 4, len(line))]
    played = {"7h", "9h", "8c", "Ah", "4h", "Kh", "2h", "3h", "Td", "Qd", "4d", "Kd"}
    played |= {"Jc", "3c", "6c", "Jh", "2c", "9s", "8d"}  # the tricks' and the discards
    assert cards and not played & set(cards)
    assert {"2s", "3s", "5d", "9c", "As"} <= set(cards)
    assert len(cards) == 52 - len(played)
    players = [item.label for item in editor.complete(uri, RENEGE + 4, len("trick 5: "))]
    assert players == ["ann", "bob", "cy", "dee", "eve"]

    # The quick fixes: the typo (on version 1's text) and the wrong settlement.
    editor.change(uri, 5, LOG)
    found = editor.diagnostics(uri, 5)
    [mend] = editor.actions(uri, _at(found, "P-SYNTAX"))
    assert mend.title == "Replace 'trik' with 'trick'"
    assert mend.kind == types.CodeActionKind.QuickFix
    assert _apply(LOG, _edits(mend, uri)) == LOG.replace("trik 3:", "trick 3:")
    [settle] = editor.actions(uri, _at(found, "BR-SETTLE-WIN"))
    assert settle.title == "Write hand 1's settlement as the referee settles it"
    settled = _apply(LOG, _edits(settle, uri))
    assert "settle pot 5\nsettle eve wins 5   # as the table wrote it\n" in settled
    assert "settle cy bourre 5\nsettle dee renege 5\n\nhand 2" in settled
    check = referee.audit_text(settled)
    assert [v.rule for v in check.hands[0].violations] == ["BR-FOLLOW"]
    assert check.hands[0].record.verdict == "agrees"


def _check_link(diagnostic: types.Diagnostic) -> None:
    """A diagnostic's link is a page on disk saying what `referee explain CODE` says."""
    assert diagnostic.code_description is not None
    href = diagnostic.code_description.href
    assert href.startswith("file://")
    page = Path(unquote(urlparse(href).path))
    assert page.name == f"{diagnostic.code}.md"
    first = referee.explain(str(diagnostic.code)).splitlines()[0]
    assert page.read_text(encoding="utf-8").startswith(f"**{first}**")


# ----------------------------------------------------------------------------- more


def test_an_unsaved_document_and_positions_in_utf16(editor: Editor) -> None:
    # A name out of the Basic Multilingual Plane counts two UTF-16 units: the card after
    # it is found where the editor shows it.
    text = LOG.replace("ann", "𝒶nn")
    uri = "untitled:Untitled-1"
    editor.open(uri, text)
    renege = _at(editor.diagnostics(uri, 1), "BR-FOLLOW")
    assert _span(renege) == (RENEGE, 29, 31)  # one more unit: `𝒶` before it on the line


def test_findings_past_a_lone_carriage_return(editor: Editor) -> None:
    # A lone CR is inside its line to the referee (one P-SYNTAX there) and ends a line in
    # the editor: each finding after it is shown on the editor's line, one further down.
    text = LOG.replace("option limit 20\n", "option limit 20\n# house\rrules\n")
    uri = "untitled:Untitled-2"
    editor.open(uri, text)
    found = editor.diagnostics(uri, 1)
    assert _span(_at(found, "BR-FOLLOW")) == (RENEGE + 2, 28, 30)
    assert [d.range.start.line for d in found if d.code == "P-SYNTAX"] == [4, TYPO + 2]
    assert editor.hover(uri, RENEGE + 2, 29) is not None  # (the card, where the editor has it)


def test_option_and_keyword_completion_and_hover(editor: Editor, tmp_path: Path) -> None:
    text = "game bourre\nplayers ann bob cy\noption limt 20\noption all_pass \n"
    uri = _uri(tmp_path, "options.hlog", text)
    editor.open(uri, text)
    found = editor.diagnostics(uri, 1)
    rules = [d for d in found if d.code == "P-RULES"]
    assert rules and _span(rules[0]) == (2, 0, 6)
    [mend] = editor.actions(uri, rules[0])
    assert _apply(text, _edits(mend, uri)).startswith(
        "game bourre\nplayers ann bob cy\noption limit 20"
    )
    keys = [item.label for item in editor.complete(uri, 3, len("option "))]
    assert keys[:3] == ["ante", "limit", "limit_caps_winner"]
    values = [item.label for item in editor.complete(uri, 3, len("option all_pass "))]
    assert values == ["carry", "dealer"]
    starts = [item.label for item in editor.complete(uri, 4, 0)]
    assert "pot" in starts and "exempt" in starts and "bid" not in starts
    said = editor.hover(uri, 3, len("option al"))
    assert said is not None and said.startswith("**all\\_pass: ")


def test_a_bid_euchre_score_fix(editor: Editor, tmp_path: Path) -> None:
    text = (
        "game bid-euchre\nplayers ann bob cy dee\n\nhand 1\ndealer dee\n"
        "bid ann pass\nbid bob pass\nbid cy 3\nbid dee 4\ntrump hearts\n"
        "trick 1: dee Ad, ann 9d, bob 9c, cy Qc\ntrick 2: dee 9h, ann Jh, bob Qh, cy Kh\n"
        "trick 3: ann Qd, bob Qs, cy Ks, dee 9s\ntrick 4: ann Kd, bob Tc, cy Jc, dee Ah\n"
        "trick 5: dee Th, ann Ts, bob As, cy Kc\ntrick 6: dee Jd, ann Td, bob Ac, cy Js\n"
        "settle bob+dee 3 ann+cy 2\nscore ann+cy 2 bob+dee 3\n"
    )
    uri = _uri(tmp_path, "euchre.hlog", text)
    editor.open(uri, text)
    found = editor.diagnostics(uri, 1)
    assert sorted(str(d.code) for d in found) == ["BE-SCORE", "BE-TOTAL"]
    fixed = text
    for code in ("BE-SCORE", "BE-TOTAL"):
        [action] = editor.actions(uri, _at(found, code))
        fixed = _apply(fixed, _edits(action, uri))
    assert fixed.endswith("settle bob+dee 4 ann+cy 2\nscore ann+cy 2 bob+dee 4\n")
    assert referee.audit_text(fixed).violation_count == 0
    bids = [item.label for item in editor.complete(uri, 7, len("bid cy "))]
    assert bids == ["pass", "3", "4", "5", "6", "ask", "moon"]


def test_a_closed_document_is_cleared(editor: Editor, tmp_path: Path) -> None:
    uri = _uri(tmp_path, "closed.hlog", LOG)
    editor.open(uri, LOG)
    assert editor.diagnostics(uri, 1)
    editor.client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert editor.diagnostics(uri, None) == []  # type: ignore[arg-type]
    assert editor.hover(uri, RENEGE, _column(RENEGE, "Ah")) is None  # (not open: nothing is read)


def test_the_folder_config_applies_to_a_document(editor: Editor, tmp_path: Path) -> None:
    """As `referee audit` applies it: the nearest referee.toml's select/ignore and house
    rules; a config that cannot be used is said on line 1 (P-RULES)."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "referee.toml").write_text('ignore = ["BR-FOLLOW"]\n', encoding="utf-8")
    uri = _uri(folder, "ignored.hlog", LOG)
    editor.open(uri, LOG)
    codes = {d.code for d in editor.diagnostics(uri, 1)}
    assert "BR-FOLLOW" not in codes and "P-SYNTAX" in codes
    (folder / "referee.toml").write_text("[bourre]\nantes = 2\n", encoding="utf-8")
    uri = _uri(folder, "bad-config.hlog", LOG)
    editor.open(uri, LOG)
    problem = _at(editor.diagnostics(uri, 1), "P-RULES")
    assert "antes" in problem.message and "referee.toml" in problem.message
    assert problem.range.start.line == 0


# ----------------------------------------------------------------------------- the parts


def test_what_a_did_you_mean_suggests() -> None:
    from referee.lsp.actions import suggestions

    assert suggestions("unknown statement 'trik'; did you mean `trick`?") == ["trick"]
    assert suggestions("expected one of: carry, dealer (did you mean dealer?)") == ["dealer"]
    assert suggestions("anne is not seated at this table; did you mean ann or anna?") == [
        "ann",
        "anna",
    ]
    assert suggestions("did you mean `dealer`, `deal` or `bid`?") == ["dealer", "deal", "bid"]
    assert suggestions("expected a card such as 7h or Q♠ after 'ann', found 'x'") == []


def _mends(text: str) -> dict[str, list[str]]:
    """Each finding's code and the lines its "did you mean" edits make of its line."""
    from referee.lsp.actions import mends
    from referee.lsp.diagnostics import code_of, findings

    lines = text.split("\n")
    found: dict[str, list[str]] = {}
    for finding in findings(referee.audit_text(text)):
        for edit in mends(finding, lines):
            line = lines[edit.line]
            found.setdefault(code_of(finding), []).append(
                line[: edit.start] + edit.text + line[edit.end :]
            )
    return found


def test_the_word_a_did_you_mean_replaces() -> None:
    bourre = LOG.replace("trik 3:", "trick 3:")
    assert _mends(bourre.replace("trick 4: eve Jc, ann", "trick 4: eve Jc, anne")) == {
        "L-PLAYER": ["trick 4: eve Jc, ann 3c, cy 6c, dee Jh"]  # the name, not the line's start
    }
    assert _mends(bourre.replace("bob pass", "bob pas")) == {"P-SYNTAX": ["bob pass"]}
    assert _mends(bourre.replace("trick 2: eve", "trick2: eve")) == {
        "P-SYNTAX": ["trick 2: eve 4h, ann Kh, cy 2h, dee 3h"]
    }
    # A word the message quotes, when it is not the one at the column: the option key, and
    # the game's name in two words.
    assert _mends(bourre.replace("option limit", "option limt")) == {"P-RULES": ["option limit 20"]}
    assert _mends(
        bourre.replace("game bourre", "game Bid Euchre").replace(
            "players ann bob cy dee eve", "players ann bob cy dee"
        )
    ) == {"P-HEADER": ["game bid-euchre"]}


def test_a_read_errors_own_mend_is_used_and_preferred() -> None:
    """Where a read error carries its sure correction (``mend``: column, old, new), that is
    the edit, whatever its message says."""
    from types import SimpleNamespace

    from referee.lsp.actions import mends

    line = "ann plys discard 2"
    error: Any = SimpleNamespace(
        code="P-SYNTAX",
        line=1,
        column=5,
        message="expected pass, fold, play or stand after 'ann', found 'plys'",
        mend=SimpleNamespace(column=5, old="plys", new="play"),
    )
    [edit] = mends(error, [line])
    assert line[: edit.start] + edit.text + line[edit.end :] == "ann play discard 2"
    error.mend = SimpleNamespace(column=5, old="pass", new="play")  # (the line changed since)
    assert mends(error, [line]) == []


def test_positions_in_the_clients_units() -> None:
    from referee.lsp.text import Positions, split_lines

    lines = split_lines("a\r\nb\rc\nd\x0ce\u2028f\n")
    assert lines == ["a", "b\rc", "d\x0ce\u2028f", ""]  # (the referee's lines, as git's)
    line = "𝒶nn é 7h"
    for encoding, units in (("utf-16", 7), ("utf-8", 10), ("utf-32", 6)):
        positions = Positions([line], encoding)  # type: ignore[arg-type]
        at = positions.position(0, 6)  # `7h`
        assert at.character == units
        assert positions.locate(at) == (0, 6)
        assert positions.locate(types.Position(line=0, character=99)) == (0, len(line))


def test_positions_past_a_lone_carriage_return() -> None:
    # The editor ends a line at a lone CR, the referee does not: its line 1 is the
    # editor's lines 1 and 2, and its line 2 the editor's line 3.
    from referee.lsp.text import Positions, split_lines

    positions = Positions(split_lines("a\nb\rcd\r\ne 7h"))
    at = lambda line, character: types.Position(line=line, character=character)  # noqa: E731
    assert positions.position(1, 0) == at(1, 0)
    assert positions.position(1, 3) == at(2, 1)  # `d`
    assert positions.position(2, 2) == at(3, 2)  # `7h`
    assert positions.locate(at(2, 1)) == (1, 3)
    assert positions.locate(at(2, 9)) == (1, 4)  # (clamped to the editor's line)
    assert positions.locate(at(3, 2)) == (2, 2)
    assert positions.range(1, 0, 4) == types.Range(start=at(1, 0), end=at(2, 2))


def test_a_cards_story_in_its_hand() -> None:
    from referee.lsp.analysis import Analysis
    from referee.lsp.hover import hover_text

    text = LOG.replace("trik 3:", "trick 3:")
    analysis = Analysis("file:///friday.hlog", 1, text, referee.audit_text(text))
    said = hover_text(analysis, 8, LINES[8].index("5d"))  # ann draws 5d, plays it in trick 5
    assert said is not None
    assert said[0] == (
        "**5♦** in hand 1: held by ann.\n\n"
        "- drawn by ann (line 9)\n- played by ann in trick 5 (line 18)\n"
    )
    assert said[1] == (LINES[8].index("5d"), LINES[8].index("5d") + 2)
    # An upcard: the dealer's, and a card of another hand is not this hand's.
    upcard = hover_text(analysis, 7, LINES[7].index("4h"))
    assert upcard is not None
    assert "- turned up as trump by the dealer, eve (line 8)" in upcard[0]
    assert "played by eve in trick 2 (line 15)" in upcard[0]
    ace = hover_text(analysis, TYPO + 2, LINES[TYPO + 2].index("Ah"))
    assert ace is not None and ace[0].startswith("**A♥** in hand 2: held by bob.")
    assert hover_text(analysis, 4, 0) is None  # (a blank line)


def test_completion_on_text_typed_since_the_last_judging() -> None:
    """While the text is typed, a completion reads the new text's statements with the last
    report (its players and game): the cards already written count as played."""
    from referee.lsp.analysis import Analysis
    from referee.lsp.completion import completions

    judged = LOG.replace("trik 3:", "trick 3:")
    line = "trick 5: dee 2s, eve "
    typed = judged.replace("trick 5: dee 2s, eve 3s, ann 5d, cy 9c", line)
    analysis = Analysis("file:///friday.hlog", 2, typed, referee.audit_text(judged))
    cards = {item.label for item in completions(analysis, RENEGE + 4, len(line))}
    assert "3s" in cards and "2s" not in cards and "Ah" not in cards
    players = [item.label for item in completions(analysis, RENEGE + 4, len(line) - 4)]
    assert players == ["ann", "bob", "cy", "eve"]
