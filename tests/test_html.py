"""The HTML report: well-formed, self-contained, escaped, deterministic; charts as inline SVG.

The last test opens the page in a real headless browser when one is installed (Chromium or
Chrome); it is skipped otherwise.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
from decimal import Decimal as D
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.render.html import render_html
from referee.render.svg import nice_ticks
from referee.report import BourreHandResult, FileReport, Violation
from tests.test_cli import logs, needs_engines, run  # noqa: F401  (logs: fixture)
from tests.test_render import bourre_file, error_file, euchre_file, fake_source

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source"}
SVG_LEAVES = {"line", "circle", "path", "rect"}


class Tree(HTMLParser):
    """Checks nesting and collects elements with their attributes and enclosing tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None], tuple[str, ...]]] = []
        self.text: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), tuple(self.stack)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), tuple(self.stack)))

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, tag: str, inside: str | None = None) -> list[dict[str, str | None]]:
        return [a for t, a, up in self.elements if t == tag and (inside is None or inside in up)]


def parse(page: str) -> Tree:
    tree = Tree()
    tree.feed(page)
    tree.close()
    assert tree.problems == [] and tree.stack == [], (tree.problems, tree.stack)
    return tree


def sections(page: str) -> list[str]:
    """The HTML of each file's section."""
    parts = page.split('<section class="file"')[1:]
    return ['<section class="file"' + p[: p.index("</section>") + 10] for p in parts]


# ----------------------------------------------------------------------------- structure


def test_page_is_well_formed_and_self_contained() -> None:
    page = render_html([bourre_file(), euchre_file(), error_file()], sources=fake_source)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    tree = parse(page)
    assert len(tree.find("section")) == 3
    assert len(tree.find("svg")) == 2  # the error file has no hands, so no chart
    assert tree.find("script") == [] and tree.find("link") == [] and tree.find("img") == []
    lowered = page.lower()
    assert "http://" not in lowered.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in lowered and "@import" not in lowered and "url(" not in lowered
    assert len(tree.find("style")) == 1


def test_one_polyline_per_player_and_per_team() -> None:
    page = render_html([bourre_file(), euchre_file()], sources=fake_source)
    bourre, euchre = sections(page)
    bourre_tree, euchre_tree = parse(bourre), parse(euchre)
    lines = bourre_tree.find("polyline", inside="svg")
    assert [a["data-series"] for a in lines] == ["ann", "bob", "cy", "dee", "eve"]
    # start + one point per hand; the last point is the ledger total.
    assert all(len((a["points"] or "").split()) == 3 for a in lines)
    assert [a["data-series"] for a in euchre_tree.find("polyline", inside="svg")] == [
        "ann+cy",
        "bob+dee",
    ]
    assert "Running balance" in bourre and "Running score" in euchre
    assert "target 32" in euchre
    legend = "".join(parse(bourre).text)
    assert "eve +4" in legend and "dee -1.5" in legend  # final values, exact


def test_header_diagnostics_and_settlement() -> None:
    page = render_html([bourre_file()], sources=fake_source)
    text = " ".join("".join(parse(page).text).split())
    assert "friday.hlog:17:37 BR-FOLLOW dee played 8♣ holding a diamond" in text
    assert "dee held 4♦ when diamonds were led" in text  # evidence
    assert "17 | trick 4: eve Jc, ann 3c, cy 6c, dee 8c" in text  # the source line
    assert "BR-HEAD (corrected)" in text
    assert "claim ann renege dee (trick 4): upheld" in text
    assert "house optionslimit 20, cinch false" in text  # <dt>house options</dt><dd>limit...
    assert "titleFriday night" in text
    # The hand whose recorded settlement is wrong is flagged beside what was recorded.
    assert "✗ disagrees (BR-SETTLE-WIN)" in text
    assert 'id="f1-h1" class="flagged"' in page and 'id="f1-h2">' in page
    assert 'href="#f1-h1"' in page  # diagnostics link to their hand
    assert "1 file, 2 hands: 3 violations" in text


def test_log_text_is_escaped() -> None:
    report = bourre_file("<i>x</i>&.hlog")
    evil = "<b>"
    report = dataclasses.replace(
        report,
        players=["o'neil", evil, "cy", "dee", "eve"],
        metadata={"title": '<script>alert("x")</script>'},
        totals={"o'neil": D(1), evil: D(-1)},
    )
    hand = report.hands[0]
    assert isinstance(hand, BourreHandResult)
    report.hands[0] = dataclasses.replace(
        hand,
        payouts={"o'neil": D(1), evil: D(-1)},
        violations=[Violation("BR-FOLLOW", evil, 1, "7h", 3, 1, '<b> played & "won"', "<hr>")],
        recorded=["settle <b> wins 5"],
        winner=evil,
    )
    page = render_html([report], sources=lambda path, wanted: {3: "trick 1: <b> 7h"})
    tree = parse(page)
    assert tree.find("b") == [] and tree.find("i") == [] and tree.find("hr") == []
    assert tree.find("script") == []
    assert (
        "&lt;b&gt;" in page and "o&#x27;neil" in page and "&lt;i&gt;x&lt;/i&gt;&amp;.hlog" in page
    )
    text = "".join(tree.text)
    assert "o'neil" in text and '<script>alert("x")</script>' in text  # shown as text
    series = [a["data-series"] for a in tree.find("polyline")]
    assert series[:2] == ["o'neil", "<b>"]  # attribute values round-trip


def test_deterministic() -> None:
    reports = [bourre_file(), euchre_file(), error_file()]
    assert render_html(reports, sources=fake_source) == render_html(reports, sources=fake_source)


def test_summary_is_written_last_but_shown_first() -> None:
    page = render_html([bourre_file(), error_file()], sources=fake_source)
    assert page.index("<section") < page.index('<header class="top">')
    assert "header.top{order:-2}" in page
    text = " ".join("".join(parse(page).text).split())
    assert "2 files, 2 hands: 3 violations, 2 errors" in text


def test_no_hands_no_chart() -> None:
    empty = FileReport(path="e.hlog", game="bourre", players=["ann", "bob"])
    page = render_html([empty])
    assert "<svg" not in page and "No findings" in page


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [(0, 4, [0, 1, 2, 3, 4]), (-38, 4, [-40, -30, -20, -10, 0, 10]), (0, 0, [-1, -0.5, 0, 0.5, 1])],
)
def test_nice_ticks(lo: float, hi: float, expected: list[float]) -> None:
    assert nice_ticks(lo, hi) == expected


def test_many_hands_chart_stays_small() -> None:
    base = bourre_file()
    hand = base.hands[1]
    many = dataclasses.replace(
        base, hands=[dataclasses.replace(hand, number=i + 1) for i in range(500)]
    )
    page = render_html([many], sources=fake_source)
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert "<circle" not in svg  # no per-point markers past a few dozen hands
    assert svg.count('class="xlab"') <= 30


# ----------------------------------------------------------------------------- CLI


@needs_engines
def test_report_command_and_format_html_agree(logs: Path, tmp_path: Path) -> None:  # noqa: F811
    target = tmp_path / "report.html"
    code, out, _ = run("report", str(logs), "-o", str(target))
    assert code == 1 and out == ""  # renege.hlog has violations
    code2, page, _ = run("audit", "--format", "html", str(logs))
    assert code2 == 1
    assert target.read_text(encoding="utf-8") == page
    tree = parse(page)
    assert len(tree.find("section")) == 3 and len(tree.find("svg")) == 3
    first = sections(page)[0]
    assert len(parse(first).find("polyline")) == 2  # bid euchre: two teams


def test_report_requires_output(tmp_path: Path) -> None:
    code, _, err = run("report", str(tmp_path))
    assert code == 2 and "--output" in err


# ----------------------------------------------------------------------------- a real browser


def find_browser() -> str | None:
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def test_headless_browser_renders_the_svg(tmp_path: Path) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip("no Chromium or Chrome installed")
    page = tmp_path / "report.html"
    page.write_text(render_html([bourre_file(), euchre_file()], sources=fake_source), "utf-8")
    profile = tmp_path / "profile"
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--dump-dom",
        page.as_uri(),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=90, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"the browser could not run here: {exc}")
    if done.returncode != 0 or "<html" not in done.stdout:
        pytest.skip(f"the browser could not run here: {done.stderr.strip()[-300:]}")
    dom = parse(done.stdout)
    svgs = dom.find("svg")
    assert len(svgs) == 2
    assert [a["data-series"] for a in dom.find("polyline")] == [
        "ann",
        "bob",
        "cy",
        "dee",
        "eve",
        "ann+cy",
        "bob+dee",
    ]
    assert "friday.hlog" in "".join(dom.text)
