"""The guide in docs/: every example log audits as the page says, and the reference
sections are what the registries say.

An example log is a fenced block marked ``hlog``; the next ``verdict`` block (before any
other ``hlog`` block) says what ``referee audit`` finds in it, in this form::

    exit 1                                   # the exit status
    line 14: BR-FOLLOW dee                   # each finding and read error, by line
    line 20: claim by ann against dee: upheld
    hand 1: eve +4, ann -1, cy -6, dee -11   # each hand: the referee's payouts (Bourré)
    hand 1: ann+cy +2, bob+dee +4            # ... or points (Bid Euchre)
    hand 2: not settled (the reason)         # ... or why it has none
    hand 3: redeal (all-pass)                # ... or a Bid Euchre redeal, and why
    no hand judged                           # (a log the referee could not judge)

Each log is audited through the command (``referee audit --format json``) in a folder of
its own page, where a ``yaml NAME`` block before it has been written as the file NAME (a
house-rules file the log may name), and a ``toml NAME`` block too (a folder config,
``referee.toml``, which applies to the log). The test fails when a verdict differs in any line.

The sections between ``<!-- generated: NAME -->`` and ``<!-- end generated -->`` must be
what :mod:`referee.docgen` writes from the registries; ``REFEREE_UPDATE_DOCS=1`` rewrites
them (then read the diff).
"""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.docgen import SECTION, fill, section

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
PAGES = sorted(DOCS.glob("*.md"))
runner = CliRunner()

#: A fenced block: its info string (kind and the rest) and its text.
_FENCE = re.compile(r"^```(?P<kind>[\w-]*)(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.M | re.S)


def blocks(page: Path) -> list[tuple[int, str, str, str]]:
    """The page's fenced blocks: (line, kind, info, text)."""
    text = page.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 1, m["kind"], m["info"].strip(), m["body"])
        for m in _FENCE.finditer(text)
    ]


def examples(page: Path) -> list[tuple[int, str, str, dict[str, str]]]:
    """The page's example logs: (line, log, stated verdict, files written before it)."""
    found: list[tuple[int, str, str, dict[str, str]]] = []
    files: dict[str, str] = {}
    listed = blocks(page)
    for i, (line, kind, info, body) in enumerate(listed):
        if kind in ("yaml", "toml") and info:
            files[info] = body
        if kind != "hlog":
            continue
        later = [b for b in listed[i + 1 :] if b[1] in ("hlog", "verdict")]
        following = later[0] if later else None
        assert following is not None and following[1] == "verdict", (
            f"{page.name}:{line}: an hlog block needs a verdict block before the next one"
        )
        found.append((line, body, following[3], dict(files)))
    return found


def verdict_of(log: str, folder: Path, files: dict[str, str], name: str = "example.hlog") -> str:
    """What ``referee audit`` finds in ``log``, in the verdict form (see the module's doc)."""
    for file_name, content in files.items():
        (folder / file_name).write_text(content, encoding="utf-8")
    path = folder / name
    path.write_text(log, encoding="utf-8")
    result = runner.invoke(app, ["audit", "--format", "json", "--jobs", "1", str(path)])
    (report,) = json.loads(result.stdout, parse_float=Decimal)["files"]
    findings: list[tuple[int, int, str]] = []
    for error in report["errors"]:
        findings.append((error["line"] or 0, error["column"] or 0, error["code"]))
    hands = []
    for hand in report["hands"]:
        for v in hand["violations"]:
            text = v["rule"] + (f" {v['player']}" if v["player"] else "")
            findings.append(
                (v["line"], v["column"], text + (" (corrected)" if v["corrected"] else ""))
            )
        for claim in hand["claims"]:
            text = f"claim by {claim['by']} against {claim['against']}: {claim['ruling']}"
            findings.append((claim["line"], claim["column"], text))
        hands.append(f"hand {hand['number']}: {_settlement(hand)}")
    findings.sort()
    lines = [f"exit {result.exit_code}"]
    lines += [f"line {line}: {what}" if line else what for line, _, what in findings]
    return "\n".join(lines + (hands or ["no hand judged"])) + "\n"


def _settlement(hand: dict[str, Any]) -> str:
    if not hand["settled"]:
        return f"not settled ({hand['unsettled']})"
    if hand.get("redeal"):
        return f"redeal ({hand['redeal_reason']})"
    amounts = hand["payouts"] if "payouts" in hand else hand["points"]
    cents = any(Decimal(a) != Decimal(a).to_integral_value() for a in amounts.values())
    return ", ".join(f"{who} {_signed(amount, cents)}" for who, amount in amounts.items())


def _signed(amount: Decimal | int, cents: bool) -> str:
    """``+3``, ``-1``, ``0``; ``-0.50`` beside ``+1.00`` when the hand has cents."""
    text = f"{Decimal(amount):.2f}" if cents else str(amount)
    return f"+{text}" if amount > 0 else text


# ----------------------------------------------------------------------------- tests


def test_the_guide_has_its_pages() -> None:
    names = {p.name for p in PAGES}
    assert {
        "README.md",
        "first-log.md",
        "log-format.md",
        "house-rules.md",
        "findings.md",
        "library.md",
    } <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_log_audits_as_the_page_says(page: Path, tmp_path: Path) -> None:
    found = examples(page)
    text = page.read_text(encoding="utf-8")
    assert len(found) == text.count("\n```hlog\n"), "an hlog block the test did not read"
    wrong = []
    for n, (line, log, stated, files) in enumerate(found):
        folder = tmp_path / f"example-{n}"
        folder.mkdir()
        actual = verdict_of(log, folder, files)
        if actual != stated:
            wrong.append(
                f"{page.name}:{line}: the page says\n{stated}but the audit gives\n{actual}"
            )
    assert not wrong, "\n".join(wrong)


def test_the_pages_for_writers_have_examples() -> None:
    for name in ("first-log.md", "log-format.md", "house-rules.md", "findings.md"):
        assert len(examples(DOCS / name)) >= 3, name


def test_every_generated_section_is_what_the_registries_say() -> None:
    update = os.environ.get("REFEREE_UPDATE_DOCS") == "1"
    seen = set()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in SECTION.finditer(text):
            seen.add(m["name"])
            if not update:
                assert m["body"] == section(m["name"]), (
                    f"{page.name}: section {m['name']} is stale; "
                    "run REFEREE_UPDATE_DOCS=1 pytest tests/test_docs.py"
                )
        if update:
            page.write_text(fill(text), encoding="utf-8")
    games = ("bourre", "bid-euchre")
    assert seen == {
        "rules:both",
        "codes",
        *(f"rules:{g}" for g in games),
        *(f"options-table:{g}" for g in games),
        *(f"options:{g}" for g in games),
        "statements:header",
        *(f"statements:{g}" for g in games),
    }


README = REPO / "README.md"
#: A fenced block (indented up to three spaces), and an inline code span.
_FENCED = re.compile(r"^ {0,3}```[^\n]*\n.*?^ {0,3}```[ \t]*$", re.M | re.S)
_CODE_SPAN = re.compile(r"``.+?``|`[^`]+`", re.S)
#: A Markdown link's target (without a title): ``[text](target)``.
_LINK_TARGET = re.compile(r"\]\(([^()\s]+)\)")


def test_the_readme_is_short_and_links_every_page_of_the_guide() -> None:
    text = README.read_text(encoding="utf-8")
    lines = text.count("\n")
    assert lines <= 300, f"README.md has {lines} lines: move the detail into docs/"
    linked = {Path(target).name for target in re.findall(r"\]\((docs/[\w-]+\.md)", text)}
    assert linked == {p.name for p in PAGES}
    assert "docs/README.md" in _LINK_TARGET.findall(text)  # (the pattern the next test uses)


@pytest.mark.parametrize("page", [*PAGES, README], ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_leads_somewhere(page: Path) -> None:
    """Every relative link of the README and the guide names a file that exists and, into a
    Markdown page, a heading that page has (GitHub's anchor of it)."""
    text = _CODE_SPAN.sub("", _FENCED.sub("", page.read_text(encoding="utf-8")))
    broken = []
    for target in _LINK_TARGET.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a URL (https:, mailto:)
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)
    assert "../shared" not in page.read_text(encoding="utf-8")


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of the page's headings (a repeated one's get ``-1``, ``-2``...)."""
    found: set[str] = set()
    text = _FENCED.sub("", page.read_text(encoding="utf-8"))
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        anchor = base = _anchor(heading)
        n = 0
        while anchor in found:
            n += 1
            anchor = f"{base}-{n}"
        found.add(anchor)
    return found


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as ``-``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")
