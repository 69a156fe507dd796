"""The language server: pygls's protocol over standard input and output, on top of the
referee's reports and records (:mod:`referee.lsp.analysis` and the modules beside it).

A document is judged when it is opened or saved, and a moment (:data:`DEBOUNCE_SECONDS`)
after the last change while it is typed, always on the text the editor holds; its
diagnostics are then published with the version they are about. A hover, a completion or a
code action asks about the text as it is at that moment: a text newer than the last one
judged is judged first (but a completion, asked for while the text is typed, reads the new
text's statements and takes the players, the game and its options from the last judging).
The whole text comes with each change (full synchronisation), so the server's lines are
always the editor's.

Only documents the editor opened are read: a request about any other is answered with
nothing (the server never reads a file the editor did not hand it, but a log's ``rules``
file, as ``referee audit`` does).
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from referee import __version__

from .actions import code_actions
from .analysis import Analysis, judge, settings_for
from .completion import completions
from .diagnostics import diagnostics, findings, place
from .hover import hover_text
from .pages import Pages
from .text import Encoding, Positions

#: How long the server waits after a change before judging the text: a burst of typing is
#: judged once, when it pauses. A client may set it (``initializationOptions``: ``{"delay":
#: SECONDS}``, from 0 to :data:`MAX_DELAY`).
DEBOUNCE_SECONDS = 0.3
MAX_DELAY = 5.0

_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}


class RefereeServer(LanguageServer):
    """The server and what it keeps: each open document's last analysis, the judging
    waiting for a pause in the typing, and the explanation pages."""

    def __init__(self) -> None:
        super().__init__(
            "referee", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full
        )
        self.analyses: dict[str, Analysis] = {}
        self.opened: set[str] = set()
        self.waiting: dict[str, asyncio.Task[None]] = {}
        self.pages = Pages(__version__)
        self.delay = DEBOUNCE_SECONDS

    # ------------------------------------------------------------------ documents

    def positions(self, analysis: Analysis) -> Positions:
        """The document's positions in the encoding agreed with the client."""
        encoding = str(self.workspace.position_encoding or "utf-16")
        return Positions(analysis.lines, _ENCODINGS.get(encoding, "utf-16"))

    def analysis(self, uri: str) -> Analysis | None:
        """The analysis of the document's text as the editor holds it now (judged now if
        that text was not judged yet); None for a document that is not open."""
        if uri not in self.opened:
            return None
        document = self.workspace.get_text_document(uri)
        text, version = document.source, document.version
        known = self.analyses.get(uri)
        if known is not None and known.text == text:
            known.version = version
            return known
        path = _path_of(uri)
        settings = settings_for(path)
        analysis = Analysis(uri, version, text, judge(text, path, settings), settings)
        self.analyses[uri] = analysis
        return analysis

    def typed(self, uri: str) -> Analysis | None:
        """The document's text as the editor holds it now, with the last report judged
        (for a completion while the text is typed: its records are read now, the players,
        game and options taken from the last judging, which the next pause renews)."""
        if uri not in self.opened:
            return None
        known = self.analyses.get(uri)
        document = self.workspace.get_text_document(uri)
        if known is None or known.text == document.source:
            return self.analysis(uri)
        return Analysis(uri, document.version, document.source, known.report, known.settings)

    def judge_later(self, uri: str, delay: float) -> None:
        """Judge the document and publish its diagnostics after ``delay`` seconds, unless
        it changes before: then the wait starts again."""
        before = self.waiting.pop(uri, None)
        if before is not None:
            before.cancel()
        self.waiting[uri] = asyncio.get_running_loop().create_task(self._judge(uri, delay))

    async def _judge(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        self.waiting.pop(uri, None)
        try:
            analysis = self.analysis(uri)
            if analysis is not None:
                self.publish(analysis)
        except Exception as exc:  # a bug of the referee's: said, and the server goes on
            self.window_log_message(
                types.LogMessageParams(
                    type=types.MessageType.Error,
                    message=f"referee: internal error judging {uri}: {type(exc).__name__}: "
                    f"{exc} (this is a bug in the referee)",
                )
            )

    def publish(self, analysis: Analysis) -> None:
        """Send the document's diagnostics."""
        found = diagnostics(analysis, self.positions(analysis), self.pages.uri)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=analysis.uri, version=analysis.version, diagnostics=found
            )
        )

    def forget(self, uri: str) -> None:
        """A document closed: no more judging, and its diagnostics cleared."""
        self.opened.discard(uri)
        self.analyses.pop(uri, None)
        waiting = self.waiting.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )


def _path_of(uri: str) -> Path | None:
    """The file a document is, when it is one (``file:``); None for an unsaved one."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def _delay(options: Any, default: float) -> float:
    """The ``delay`` of the client's initialization options, if it gives a usable one."""
    value = options.get("delay") if isinstance(options, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_DELAY:
        return float(value)
    return default


def make_server() -> RefereeServer:
    """The server with its features."""
    server = RefereeServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: RefereeServer, params: types.InitializeParams) -> None:
        ls.delay = _delay(params.initialization_options, ls.delay)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: RefereeServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.opened.add(params.text_document.uri)
        ls.judge_later(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: RefereeServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.judge_later(params.text_document.uri, ls.delay)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: RefereeServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.analyses.pop(params.text_document.uri, None)  # (a `rules` file may have changed)
        ls.judge_later(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RefereeServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RefereeServer, params: types.HoverParams) -> types.Hover | None:
        analysis = ls.analysis(params.text_document.uri)
        if analysis is None:
            return None
        positions = ls.positions(analysis)
        line, column = positions.locate(params.position)
        found = hover_text(analysis, line, column)
        if found is None:
            return None
        markdown, (start, end) = found
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown),
            range=positions.range(line, start, end),
        )

    @server.feature(types.TEXT_DOCUMENT_COMPLETION)
    def complete(ls: RefereeServer, params: types.CompletionParams) -> types.CompletionList:
        analysis = ls.typed(params.text_document.uri)
        items: list[types.CompletionItem] = []
        if analysis is not None:
            line, column = ls.positions(analysis).locate(params.position)
            items = completions(analysis, line, column)
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def actions(ls: RefereeServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        analysis = ls.analysis(params.text_document.uri)
        if analysis is None:
            return []
        placed = [place(f, analysis.lines) for f in findings(analysis.report)]
        positions = ls.positions(analysis)
        return list(code_actions(analysis, placed, positions, params.range, ls.pages.uri))

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: RefereeServer, *_: Any) -> None:
        for waiting in ls.waiting.values():
            waiting.cancel()
        ls.waiting.clear()
        with contextlib.suppress(OSError):
            ls.pages.close()

    return server


def serve() -> None:
    """Run the server over standard input and output until the client ends it."""
    make_server().start_io()
