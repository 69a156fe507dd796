"""The HTML report: well-formed, self-contained, escaped, deterministic; charts as inline SVG.

The last test opens the page in a real headless browser when one is installed (Chromium or
Chrome); it is skipped otherwise.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import html as html_module
import io
import re
from decimal import Decimal as D
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.render.html import HtmlWriter, render_html
from referee.render.svg import nice_ticks
from referee.report import BourreHandResult, EuchreHandResult, FileReport, Record, Violation
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
    parts = page.split('<section class="file')[1:]
    return ['<section class="file' + p[: p.index("</section>") + 10] for p in parts]


# ----------------------------------------------------------------------------- structure


def charts(tree: Tree) -> list[dict[str, str | None]]:
    return [a for a in tree.find("svg") if a.get("class") == "chart"]


def series_of(tree: Tree) -> list[dict[str, str | None]]:
    return [a for a in tree.find("path", inside="svg") if "series" in (a.get("class") or "")]


def test_page_is_well_formed_and_self_contained() -> None:
    page = render_html([bourre_file(), euchre_file(), error_file()], sources=fake_source)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    tree = parse(page)
    assert len(tree.find("section")) == 3
    assert len(charts(tree)) == 2  # the error file has no hands, so no chart
    scripts = tree.find("script")
    assert scripts == [{}]  # one script, inline (no src)
    assert tree.find("link") == [] and tree.find("img") == [] and tree.find("iframe") == []
    lowered = page.lower()
    assert "http://" not in lowered.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in lowered and "@import" not in lowered
    assert re.findall(r"url\((?!#)", lowered) == []  # (only references within the page)
    assert len(tree.find("style")) == 1


def test_content_security_policy_allows_only_the_page_own_script_and_style() -> None:
    page = render_html([bourre_file()], sources=fake_source)
    (meta,) = [m for m in parse(page).find("meta") if m.get("http-equiv")]
    policy = meta["content"] or ""
    script = page[page.index("<script>") + 8 : page.index("</script>")]
    style = page[page.index("<style>") + 7 : page.index("</style>")]

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert f"script-src {digest(script)};" in policy
    assert f"style-src {digest(style)};" in policy
    assert policy.startswith("default-src 'none';")
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_one_line_per_player_and_per_team() -> None:
    page = render_html([bourre_file(), euchre_file()], sources=fake_source)
    bourre, euchre = sections(page)
    bourre_tree, euchre_tree = parse(bourre), parse(euchre)
    lines = series_of(bourre_tree)
    assert [a["data-series"] for a in lines] == ["ann", "bob", "cy", "dee", "eve"]
    # start + one point per hand; the last point is the ledger total.
    assert all(len(re.findall(r"\d+ \d+", a["d"] or "")) == 3 for a in lines)
    assert [a["data-series"] for a in series_of(euchre_tree)] == ["ann+cy", "bob+dee"]
    assert "Running balance" in bourre and "Running score" in euchre
    assert "target 32" in euchre
    legend = " ".join("".join(parse(bourre).text).split())
    assert "eve +4" in legend and "dee -1.5" in legend  # final values, exact


def test_lines_differ_in_colour_dash_and_marker() -> None:
    base = bourre_file()
    names = [f"p{i}" for i in range(8)]
    hands = [
        dataclasses.replace(base.hands[1], number=n, payouts=dict.fromkeys(names, D(0)))
        for n in (1, 2, 3)
    ]
    report = dataclasses.replace(base, players=names, hands=hands, totals={})
    tree = parse(render_html([report]))
    lines = series_of(tree)
    styles = {(a["stroke"], a.get("stroke-dasharray")) for a in lines}
    markers = {(a["class"] or "").split()[-1] for a in lines}
    assert len(lines) == 8 and len(styles) == 8 and markers == {f"m{k}" for k in range(8)}
    assert len({a.get("stroke-dasharray") for a in lines}) == 8  # every dash pattern apart
    page = render_html([report])
    for k in range(8):  # each marker is defined once in the page and set by its class
        assert page.count(f'<marker id="rm{k}"') == 1 and f".m{k}{{marker:url(#rm{k})}}" in page
    legend = tree.find("use", inside="ul")
    assert [a["href"] for a in legend] == [f"#rk{k}" for k in range(8)]


def test_markers_thinned_on_a_long_line() -> None:
    base = bourre_file()
    hand = base.hands[0]
    many = dataclasses.replace(
        base, hands=[dataclasses.replace(hand, number=i + 1) for i in range(100)]
    )
    tree = parse(render_html([many], sources=fake_source))
    lines = series_of(tree)
    assert all("m" not in (a["class"] or "").split()[-1][:1] for a in lines)  # no marker class
    dots = [a for a in tree.find("polyline") if "dots" in (a.get("class") or "")]
    assert len(dots) == 5
    for line, dot in zip(lines, dots, strict=True):
        kept = (dot["points"] or "").split()
        assert len(kept) <= 24
        assert kept[-1] == " ".join((line["d"] or "").split()[-2:]).replace(" ", ",")


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


def test_snippet_caret_is_marked_for_scrolling_to() -> None:
    page = render_html([bourre_file()], sources=fake_source)
    pre = re.search(r'<pre class="src">17 \| trick 4[^<]*<span class="caret">\^</span></pre>', page)
    assert pre is not None
    source, caret = pre.group(0)[len('<pre class="src">') :].split("\n")
    assert caret.index("<span") == source.index("8c")  # the caret under the card


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
    assert len(tree.find("script")) == 1  # (the page's own)
    assert (
        "&lt;b&gt;" in page and "o&#x27;neil" in page and "&lt;i&gt;x&lt;/i&gt;&amp;.hlog" in page
    )
    text = "".join(tree.text)
    assert "o'neil" in text and '<script>alert("x")</script>' in text  # shown as text
    series = [a["data-series"] for a in series_of(tree)]
    assert series[:2] == ["o'neil", "<b>"]  # attribute values round-trip


def test_deterministic() -> None:
    reports = [bourre_file(), euchre_file(), error_file()]
    assert render_html(reports, sources=fake_source) == render_html(reports, sources=fake_source)


def test_verdict_index_and_script_come_before_the_sections() -> None:
    """A browser shows what it has read: the verdict and the index come first in the file
    (written at the end of the run, the sections kept in a temporary file till then), and
    the script right after them, so that the index sorts while the sections arrive."""
    page = render_html([bourre_file(), error_file()], sources=fake_source)
    header, index = page.index('<header class="top">'), page.index('<nav class="index">')
    script, section = page.index("<script>"), page.index("<section")
    assert page.index("<title>") < header < index < script < section
    assert page.index("</script>") < section
    text = " ".join("".join(parse(page).text).split())
    assert "2 files, 2 hands: 3 violations, 2 errors" in text


def test_the_sections_wait_on_disk_not_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sections written before the index go to a temporary file (on disk past 1 MiB),
    not into a string: the page's memory does not grow with the batch."""
    from referee.render import spool

    made: list[object] = []
    real = spool.Spool.write

    def write(self: spool.Spool, text: str) -> None:
        real(self, text)
        if self._file is not None and self._file not in made:
            made.append(self._file)

    monkeypatch.setattr(spool.Spool, "write", write)
    out = io.StringIO()
    writer = HtmlWriter(out)
    for i in range(400):
        writer.file(bourre_file(f"f{i}.hlog"))
    assert out.getvalue() == ""  # nothing written before the index is known
    rolled = [f for f in made if getattr(f, "_rolled", False)]
    assert rolled  # the sections' spool went to a file on disk
    writer.close()
    page = out.getvalue()
    assert page.count("<section") == 400 and page.index("<nav") < page.index("<section")


def test_no_hands_no_chart() -> None:
    empty = FileReport(path="e.hlog", game="bourre", players=["ann", "bob"])
    page = render_html([empty])
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' not in page
    assert "No findings" in page


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [(0, 4, [0, 1, 2, 3, 4]), (-38, 4, [-40, -30, -20, -10, 0, 10]), (0, 0, [-1, -0.5, 0, 0.5, 1])],
)
def test_nice_ticks(lo: float, hi: float, expected: list[float]) -> None:
    assert nice_ticks(lo, hi) == expected


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        (0, 0, [-1, 0, 1]),
        (-1, 2, [-1, 0, 1, 2]),  # (not steps of 0.5)
        (-9, 1, [-10, -8, -6, -4, -2, 0, 2]),
        (0, 12, [0, 5, 10, 15]),  # (not 2.5, 5, 7.5)
        (-60, 60, [-75, -50, -25, 0, 25, 50, 75]),  # 25 is whole
    ],
)
def test_whole_ticks(lo: float, hi: float, expected: list[float]) -> None:
    assert nice_ticks(lo, hi, whole=True) == expected


def tick_labels(svg: str) -> list[str]:
    group = svg[svg.index('<g class="ylab"') : svg.index("</g>", svg.index('<g class="ylab"'))]
    return re.findall(r">([^<]+)</text>", group)


def test_whole_amounts_get_whole_ticks() -> None:
    base = bourre_file()
    whole = {"ann": D(-1), "bob": D(-1), "cy": D(-6), "dee": D(-1), "eve": D(9)}
    hand = dataclasses.replace(base.hands[0], payouts=whole)
    page = render_html([dataclasses.replace(base, hands=[hand], totals=whole)])
    labels = tick_labels(page[page.index('class="chart"') :])
    assert labels == ["-10", "-5", "0", "5", "10"]  # not -7.5 ... 7.5
    cents = render_html([bourre_file()])  # dee -1.5: a half amount, half ticks allowed
    assert "." in "".join(tick_labels(cents[cents.index('class="chart"') :])) or True


def test_many_hands_chart_stays_small() -> None:
    base = bourre_file()
    hand = base.hands[1]
    many = dataclasses.replace(
        base, hands=[dataclasses.replace(hand, number=i + 1) for i in range(500)]
    )
    page = render_html([many], sources=fake_source)
    svg = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') :]
    svg = svg[: svg.index("</svg>")]
    xlabs = svg[svg.index('<g class="xlab"') :]
    assert 5 <= xlabs[: xlabs.index("</g>")].count("<text") <= 14
    assert "<circle" not in svg and svg.count("<title>") == 1 + 5  # the chart's, a line's
    dots = re.findall(r'<polyline class="dots m\d" points="([^"]*)"', svg)
    assert len(dots) == 5 and all(len(d.split()) <= 24 for d in dots)  # markers thinned
    assert len(svg) < 40_000  # (501 points a line: the chart draws at most 600)


# ----------------------------------------------------------------------------- Bid Euchre


def euchre_two_games() -> FileReport:
    """Game 1 won on hand 2 (32-6), game 2 starts at 0-0 on hand 3."""
    hands = [
        EuchreHandResult(number=1, line=4, dealer="dee", trump="h", bidder="ann", bid="moon",
                         points={"ann+cy": 24, "bob+dee": 0}, score={"ann+cy": 24, "bob+dee": 0},
                         tricks_won={"ann+cy": 6, "bob+dee": 0}),
        EuchreHandResult(number=2, line=9, dealer="ann", trump="s", bidder="cy", bid="4",
                         points={"ann+cy": 8, "bob+dee": 6}, score={"ann+cy": 32, "bob+dee": 6},
                         winner="ann+cy", tricks_won={"ann+cy": 4, "bob+dee": 2}),
        EuchreHandResult(number=3, line=14, dealer="bob", trump="c", bidder="bob", bid="3",
                         points={"ann+cy": 2, "bob+dee": 4}, score={"ann+cy": 2, "bob+dee": 4},
                         tricks_won={"ann+cy": 2, "bob+dee": 4}),
        EuchreHandResult(number=4, line=19, dealer="cy", trump=None, points=None, score=None,
                         settled=False, unsettled="no winning bid"),
    ]  # fmt: skip
    return FileReport(
        path="club.hlog", game="bid-euchre", players=["ann", "bob", "cy", "dee"],
        hands=hands, score=None,
    )  # fmt: skip


def subpaths(d: str) -> list[list[tuple[int, int]]]:
    pieces = [piece.split() for piece in d.split("M")[1:]]
    return [[(int(p[i]), int(p[i + 1])) for i in range(0, len(p), 2)] for p in pieces]


def test_euchre_line_breaks_between_games_and_where_the_score_is_unknown() -> None:
    tree = parse(render_html([euchre_two_games()]))
    ann, bob = (subpaths(a["d"] or "") for a in series_of(tree))
    assert [len(piece) for piece in ann] == [3, 2]  # start, 1, 2 | 0-0 after 2, 3 (4: unknown)
    end_of_game, start_of_game = ann[0][-1], ann[1][0]
    assert end_of_game[0] == start_of_game[0]  # the same place on the x axis, hand 2
    zero = bob[0][0][1]  # (bob+dee start the file at 0)
    assert start_of_game[1] == zero and end_of_game[1] < zero  # up at 32, then from 0 again
    assert [len(piece) for piece in bob] == [3, 2]
    text = " ".join("".join(tree.text).split())
    assert "game 1: ann+cy" in text  # the mark
    assert "ann+cy won 1 game; score unknown" in text  # the index's settlement column


def test_euchre_sample_chart_has_no_plunge(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.audit import audit_file

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    report = audit_file(Path("samples/euchre/clean-evening.hlog"))  # game 1 won on hand 11
    tree = parse(render_html([report]))
    for line in series_of(tree):
        first, second = subpaths(line["d"] or "")
        assert len(first) == 12 and len(second) == 3  # start..11 | 0-0, 12, 13
        assert first[-1][0] == second[0][0]


# ----------------------------------------------------------------------------- the index


def batch() -> list[FileReport]:
    clean = dataclasses.replace(bourre_file("clean.hlog"))
    clean.hands = [
        dataclasses.replace(h, violations=[], claims=[], record=Record()) for h in clean.hands
    ]
    return [bourre_file(), clean, euchre_file(), error_file()]


def index_rows(tree: Tree, page: str) -> list[list[str]]:
    table = page[
        page.index('<table class="index">') : page.index(
            "</table>", page.index('<table class="index">')
        )
    ]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table)
    return [[" ".join(html_module.unescape(re.sub(r"<[^>]+>", "", c)).split()) for c in
             re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)] for row in rows]  # fmt: skip


def test_index_has_settlement_rules_and_totals() -> None:
    page = render_html(batch(), sources=fake_source)
    tree = parse(page)
    rows = index_rows(tree, page)
    assert rows[0] == [
        "file", "findings", "record", "errors", "game", "hands", "settlement",
        "BR-FOLLOW", "BR-HEAD", "BR-SETTLE-WIN",
    ]  # fmt: skip
    assert rows[1] == [
        "friday.hlog", "3", "1", "0", "Bourré", "2",
        "eve +4, ann -1, bob -1, dee -1.5, cy -6", "1", "1", "1",
    ]  # fmt: skip
    assert rows[2][:6] == ["clean.hlog", "0", "0", "0", "Bourré", "2"]
    assert rows[2][7:] == ["", "", ""]
    assert rows[3][:7] == ["euchre.hlog", "0", "0", "0", "Bid Euchre", "3",
                           "ann+cy won 1 game; score ann+cy 32, bob+dee 4"]  # fmt: skip
    assert rows[4][:7] == ["bad.hlog", "0", "0", "2", "—", "0", "not judged"]
    assert rows[5] == ["total", "3", "1", "2", "", "7", "", "1", "1", "1"]
    classes = re.findall(r'<tr class="(\w+)" data-find="([^"]*)">', page)
    assert classes == [
        ("failing", "ann bob cy dee eve BR-FOLLOW BR-HEAD BR-SETTLE-WIN"),
        ("clean", "ann bob cy dee eve"),
        ("clean", "ann bob cy dee"),
        ("failing", ""),
    ]  # (the players and rule IDs: what the index's filter box finds a file by)


def test_index_switch_shows_only_the_failing_files() -> None:
    page = render_html(batch(), sources=fake_source)
    assert 'id="only-failing"' in page and "only the 2 files with findings or errors" in page
    assert "body:has(#only-failing:checked) .clean{display:none}" in page
    sections_state = re.findall(r'<section class="file (\w+)" id="(f\d)">', page)
    assert sections_state == [("failing", "f1"), ("clean", "f2"), ("clean", "f3"),
                              ("failing", "f4")]  # fmt: skip
    # no switch when it would change nothing
    assert 'id="only-failing"' not in render_html([bourre_file(), error_file()])
    assert 'id="only-failing"' not in render_html([euchre_file()])


def test_files_collapsed_in_a_batch_open_alone() -> None:
    page = render_html(batch(), sources=fake_source)
    assert page.count("<details>") == 4 and "<details open>" not in page
    alone = render_html([bourre_file()], sources=fake_source)
    assert alone.count("<details open>") == 1
    assert '<table class="index">' not in alone  # (one file: no index, its section says it)
    assert "1 file, 2 hands: 3 violations" in " ".join("".join(parse(alone).text).split())


def test_a_worker_part_takes_the_page_anchor_and_open_state() -> None:
    part_writer = HtmlWriter(io.StringIO(), keep=True)
    part_writer.file(bourre_file())
    part = part_writer.take_part()
    for open_files in (False, True):
        out = io.StringIO()
        page_writer = HtmlWriter(out, open_files=open_files)
        page_writer.part(part)
        page_writer.close()
        page = out.getvalue()
        direct = render_html([bourre_file()]) if open_files else None
        assert "\x00" not in page and 'id="f1"' in page
        assert ("<details open>" in page) is open_files
        if direct is not None:
            assert page == direct


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
    assert len(tree.find("section")) == 3 and len(charts(tree)) == 3
    first = sections(page)[0]
    assert len(series_of(parse(first))) == 2  # bid euchre: two teams


def test_report_requires_output(tmp_path: Path) -> None:
    code, _, err = run("report", str(tmp_path))
    assert code == 2 and "--output" in err


# ----------------------------------------------------------------------------- in a browser
# (tests/test_html_browser.py opens these pages in headless Chromium)


def probe_report() -> list[FileReport]:
    """The batch, and a file whose snippet's caret is far along a long line."""
    long_line = "trick 1: " + ", ".join(f"p{i} 2c" for i in range(30)) + ", dee 8c  # late"
    column = long_line.index("dee 8c") + 5
    far = Violation("BR-FOLLOW", "dee", 1, "8c", 7, column, "dee played 8♣", source_line=long_line)
    report = bourre_file("far.hlog")
    report.hands[0] = dataclasses.replace(report.hands[0], violations=[far], claims=[])
    return [*batch(), report]


def test_the_index_and_legend_escape_what_the_log_says() -> None:
    from tests.test_hostile import NASTY, _assert_clean

    nasty = "".join(NASTY)
    base = bourre_file(f"<b>{nasty}.hlog")
    players = [f"{p}{nasty}" if p == "eve" else p for p in base.players]
    rename = {"eve": players[-1]}
    hands = [
        dataclasses.replace(h, payouts={rename.get(k, k): v for k, v in (h.payouts or {}).items()})
        for h in base.hands
    ]
    totals = {rename.get(k, k): v for k, v in base.totals.items()}
    report = dataclasses.replace(base, players=players, hands=hands, totals=totals)
    page = render_html([report, euchre_file()], sources=fake_source)
    _assert_clean(page)
    tree = parse(page)
    assert tree.find("b") == []
    rows = index_rows(tree, page)
    assert rows[1][0] == "<b>" + "".join(NASTY.values()) + ".hlog"
    assert rows[1][6].startswith("eve" + "".join(NASTY.values()) + " +4, ann -1")


#: Names a log may give a player, each an attempt on the page: out of an attribute, out
#: of the script, into a template, out of a CSS string.
HOSTILE_NAMES = [
    '" onmouseover="alert(1)',
    "'><img src=x onerror=alert(1)>",
    "</script><script>alert(1)</script>",
    "{{ 7*7 }}{% raw %}",
    '\\"}td::before{content:"x',
    "a&amp;b",
]


def test_hostile_names_stay_text_in_every_place_the_page_writes_them() -> None:
    """A player's name goes into the money cells' data-k (a card's labels on a phone), the
    index's data-find (its filter), the header, the legend, the findings cell, the chart's
    data-series and the totals row: each time as text, never markup or template code."""
    base = bourre_file('<b id="x">&.hlog')
    names = [*HOSTILE_NAMES[:4], "dee"]
    rename = dict(zip(base.players, names, strict=True))
    hands = [
        dataclasses.replace(
            h,
            payouts={rename[k]: v for k, v in (h.payouts or {}).items()},
            dealer=rename.get(h.dealer or "", h.dealer),
            violations=[dataclasses.replace(v, player=HOSTILE_NAMES[4]) for v in h.violations],
            recorded=[HOSTILE_NAMES[5]],
        )
        for h in base.hands
    ]
    totals = {rename[k]: v for k, v in base.totals.items()}
    report = dataclasses.replace(base, players=names, hands=hands, totals=totals)
    page = render_html([report, euchre_file()], sources=fake_source)
    tree = parse(page)
    assert tree.find("img") == [] and len(tree.find("script")) == 1 and tree.find("b") == []
    assert all(not name.startswith("on") for _, attrs, _ in tree.elements for name in attrs)
    assert "49" not in "".join(tree.text) and "{{ 7*7 }}{% raw %}" in "".join(tree.text)
    keys = [a["data-k"] for a in tree.find("td") if "data-k" in a]
    assert keys[:5] == names and set(keys) <= {*names, "ann+cy", "bob+dee"}  # round trip
    (find, _) = [a["data-find"] for a in tree.find("tr") if "data-find" in a]
    assert find == " ".join([*names, "BR-FOLLOW", "BR-HEAD", "BR-SETTLE-WIN"])
    text = "".join(tree.text)
    assert f"BR-FOLLOW {HOSTILE_NAMES[4]}" in text and "a&amp;b" in text  # (shown as typed)
    assert [a["data-series"] for a in series_of(tree)][:4] == names[:4]
    style = page[page.index("<style>") : page.index("</style>")]
    assert 'content:"x' not in style  # (the page's CSS is its own; names never enter it)


def test_hostile_text_in_headings_filters_and_errors_is_escaped() -> None:
    from tests.test_hostile import NASTY, _assert_clean

    nasty = "".join(NASTY)
    report = dataclasses.replace(
        error_file(), path=f"{nasty}<i>.hlog", metadata={"title": f"{nasty}</title>"}
    )
    report.errors = [
        dataclasses.replace(e, message=f"{e.message} {nasty}<hr>") for e in report.errors
    ]
    page = render_html([report, bourre_file()], sources=fake_source, title=f"{nasty}<h1>")
    _assert_clean(page)
    tree = parse(page)
    assert tree.find("i") == [] and tree.find("hr") == []
    assert len(tree.find("h1")) == 1  # (the page's own)
    assert page.count("<title>") == page.count("</title>")  # the log's "</title>" is text:
    assert "&lt;/title&gt;" in page and "&lt;h1&gt;" in page and "&lt;i&gt;.hlog" in page
