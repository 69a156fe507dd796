"""``referee lsp`` on a long log: how soon the diagnostics come back after each change.

A seeded Bourré session of ``--hands`` hands (500 by default, five players, every line
written: some 7,400 lines, 160 KB) is opened in a ``referee lsp`` process through pygls's
client, as an editor opens it; then ``--changes`` edits are sent one at a time (the last card
of a trick changed, then put back: every other version has findings, a card played twice
and a trick led out of turn), each waited for until the diagnostics of its version arrive.
The server's pause after a change (``delay``) is set to 0, so the time measured is the
judging and the round trip. Then a hover on a card and a completion in a trick line are
timed the same way.

It prints the first diagnostics' time (the server's first judging builds the grammar's
parser) and, for the changes, hovers and completions, the best, median and worst times.

Usage: ``python benchmarks/lsp_latency.py [--hands 500] [--changes 20] [--seed 1]``
(needs pygls: ``pip install -e '.[lsp]'``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.options import BourreOptions  # noqa: E402
from tests.simulate import generate_session  # noqa: E402


def make_log(hands: int, seed: int) -> str:
    """A clean session of ``hands`` hands, every line written."""
    session = generate_session(
        random.Random(seed),
        players=5,
        hands=hands,
        detail="mixed",
        retractions=False,
        early_rate=0,
        options=BourreOptions(limit=Decimal(25)),
    )
    return session.text


async def run(text: str, changes: int) -> dict[str, list[float]]:
    """Open the log, change it ``changes`` times, hover and complete; the times taken."""
    client = LanguageClient("latency", "1")
    arrived: dict[int, float] = {}
    event = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            arrived[params.version] = time.perf_counter()
            event.set()

    async def published(version: int) -> float:
        while version not in arrived:
            event.clear()
            await asyncio.wait_for(event.wait(), 60)
        return arrived[version]

    await client.start_io(sys.executable, "-m", "referee", "lsp")
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(), initialization_options={"delay": 0}
        )
    )
    client.initialized(types.InitializedParams())
    uri = (Path.cwd() / "latency.hlog").as_uri()
    times: dict[str, list[float]] = {"first": [], "change": [], "hover": [], "completion": []}
    start = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="hlog", version=1, text=text)
        )
    )
    times["first"].append(await published(1) - start)
    lines = text.split("\n")
    tricks = [i for i, line in enumerate(lines) if line.lower().startswith("trick")]
    target = tricks[len(tricks) // 2]
    for version in range(2, changes + 2):
        changed = list(lines)
        if version % 2 == 0:  # the trick's last card replaced by another: findings
            words = changed[target].rsplit(" ", 1)
            changed[target] = words[0] + (" 2c" if words[1].lower() != "2c" else " 3c")
        start = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangeWholeDocument(text="\n".join(changed))
                ],
            )
        )
        times["change"].append(await published(version) - start)
    document = types.TextDocumentIdentifier(uri=uri)
    line = lines[target]
    at = types.Position(line=target, character=len(line) - 1)
    for _ in range(5):
        start = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(text_document=document, position=at)
        )
        times["hover"].append(time.perf_counter() - start)
        start = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(text_document=document, position=at)
        )
        times["completion"].append(time.perf_counter() - start)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    text = make_log(args.hands, args.seed)
    print(f"log: {args.hands} hands, {text.count(chr(10))} lines, {len(text.encode()):,} bytes")
    times = asyncio.run(run(text, args.changes))
    for name, found in times.items():
        ms = sorted(t * 1000 for t in found)
        if len(ms) == 1:
            print(f"{name:>10}: {ms[0]:7.0f} ms")
        else:
            print(
                f"{name:>10}: best {ms[0]:5.0f} ms, median {statistics.median(ms):5.0f} ms, "
                f"worst {ms[-1]:5.0f} ms ({len(ms)} times)"
            )


if __name__ == "__main__":
    main()
