"""The HTML page in a real browser: headless Chromium at 1400 x 900 and at 400 x 850 (a
phone), driven over the DevTools protocol (tests/browser.py), measuring what a reader sees.

One browser serves every test of the module (started once, about half a second); each
page is opened in a tab of the exact viewport. Skipped, with the reason, when no Chromium
is installed (CI installs Debian's ``chromium``).
"""

from __future__ import annotations

import dataclasses
import http.server
import threading
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from referee.render.html import render_html
from referee.report import BourreHandResult, FileReport, Record
from tests.browser import Browser, BrowserError, Tab, find_browser
from tests.test_html import probe_report
from tests.test_render import bourre_file, error_file, euchre_file, fake_source

WIDE, NARROW = (1400, 900), (400, 850)
SIZES = pytest.mark.parametrize("size", [WIDE, NARROW], ids=["1400", "400"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = find_browser()
    if executable is None:
        pytest.skip("no Chromium installed (Debian: apt-get install chromium)")
    try:
        started = Browser(executable)
    except (OSError, BrowserError) as exc:
        pytest.skip(f"Chromium could not start here: {exc}")
    yield started
    started.close()


@pytest.fixture
def tabs(browser: Browser) -> Iterator[list[Tab]]:
    """The tabs a test opens, closed after it."""
    opened: list[Tab] = []
    yield opened
    for tab in opened:
        tab.close()


@pytest.fixture
def open_page(browser: Browser, tabs: list[Tab], tmp_path: Path) -> Callable[..., Tab]:
    """Opens a page in a new tab of a size (a phone's at 400 pixels), its script run."""

    def opener(page: str, size: tuple[int, int], name: str = "page") -> Tab:
        target = tmp_path / f"{name}-{size[0]}.html"
        target.write_text(page, encoding="utf-8")
        tab = browser.tab(*size, mobile=size[0] < 600)
        tabs.append(tab)
        tab.load(target)
        return tab

    return opener


#: Page-side helpers for the measurements, defined once per page.
HELPERS = """
window.rect = function (e) {
  var r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          height: r.height};
};
window.onScreen = function (e) {
  var r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 &&
    r.top >= 0 && r.bottom <= innerHeight + 0.5;
};
window.frame = function () {
  return new Promise(function (done) {
    requestAnimationFrame(function () { requestAnimationFrame(done); });
  });
};
true
"""


def measure(tab: Tab, expression: str) -> Any:
    tab.js(HELPERS)
    return tab.js(expression)


# ----------------------------------------------------------------------------- pages


PLAYERS8 = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]


def long_night(hands: int = 400) -> FileReport:
    """A night of ``hands`` Bourré hands at eight players (the widest table): the dealer
    goes round, one player wins each pot, and every 37th hand has a BR-FOLLOW by dee."""
    base = bourre_file("long-night.hlog")
    follow = base.hands[0].violations[0]
    results = []
    for n in range(1, hands + 1):
        winner = PLAYERS8[(n * 3) % 8]
        payouts = {p: D(-1) for p in PLAYERS8} | {winner: D(7)}
        flagged = n % 37 == 0
        results.append(
            BourreHandResult(
                number=n,
                line=10 * n,
                dealer=PLAYERS8[n % 8],
                trump="h",
                upcard="4h",
                violations=[dataclasses.replace(follow, line=10 * n + 3)] if flagged else [],
                payouts=payouts,
                pot=D(8),
                winner=winner,
                carry=D(0),
                result=f"{winner} took most tricks (3)",
                record=Record("agrees"),
                recorded=[f"settle {winner} wins 7"],
            )
        )
    totals: dict[str, D] = {}
    for hand in results:
        for p, amount in (hand.payouts or {}).items():
            totals[p] = totals.get(p, D(0)) + amount
    return FileReport(
        path="long-night.hlog", game="bourre", players=list(PLAYERS8), hands=list(results),
        totals=totals,
    )  # fmt: skip


@pytest.fixture(scope="module")
def long_page() -> str:
    return render_html([long_night()])


@pytest.fixture(scope="module")
def long_tab(
    browser: Browser, long_page: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[tuple[int, int]], Tab]]:
    """The long night's page, loaded once a size for the tests that measure it (each
    leaves it as it found it, but for where it is scrolled)."""
    opened: dict[tuple[int, int], Tab] = {}

    def tab_of(size: tuple[int, int]) -> Tab:
        if size not in opened:
            target = tmp_path_factory.mktemp("long") / "long-night.html"
            target.write_text(long_page, encoding="utf-8")
            opened[size] = browser.tab(*size, mobile=size[0] < 600)
            opened[size].load(target)
        return opened[size]

    yield tab_of
    for tab in opened.values():
        tab.close()


@pytest.fixture(scope="module")
def batch_page() -> str:
    return render_html(probe_report(), sources=fake_source)


@pytest.fixture(scope="module")
def many_files_page() -> str:
    return render_html([*probe_report(), *(bourre_file(f"n{i}.hlog") for i in range(40))])


# ----------------------------------------------------------------------------- first screen


@SIZES
def test_verdict_and_index_are_on_the_first_screen(
    open_page: Callable[..., Tab], many_files_page: str, size: tuple[int, int]
) -> None:
    tab = open_page(many_files_page, size)
    found = measure(
        tab,
        """({
      verdict: onScreen(document.querySelector(".verdict")),
      title: document.title,
      head: onScreen(document.querySelector("table.index thead th")),
      firstRow: onScreen(document.querySelector("table.index tbody tr td.path a")),
      filter: onScreen(document.querySelector("nav.index .filter input")),
      pageWidth: document.documentElement.scrollWidth
    })""",
    )
    assert found["title"] == "Referee report"
    assert found["verdict"] and found["head"] and found["firstRow"] and found["filter"]
    assert found["pageWidth"] <= size[0]  # nothing sticks out: wide tables scroll in boxes


class _Stalling(http.server.BaseHTTPRequestHandler):
    """Sends the first ``head`` bytes of ``body``, then nothing until ``release`` is set:
    a page whose end has not arrived yet (a large page on a slow disk or link)."""

    body = b""
    head = 0
    release = threading.Event()

    def do_GET(self) -> None:  # (the protocol's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body[: self.head])
        self.wfile.flush()
        self.release.wait(20)
        self.wfile.write(self.body[self.head :])

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_verdict_and_index_show_before_the_rest_of_the_page_arrives(browser: Browser) -> None:
    """The verdict and the index come first in the file: shown (with their script working)
    while the files' sections are still on their way."""
    reports = [*probe_report(), *(bourre_file(f"n{i}.hlog") for i in range(80))]
    page = render_html(reports).encode()
    first_section = page.index(b'<section class="file')
    assert first_section < len(page) // 4  # (the sections are most of the page)

    class Handler(_Stalling):
        body, head, release = page, first_section + 2000, threading.Event()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    tab = browser.tab(*WIDE)  # (closed below, before the server stops)
    try:
        tab.goto(f"http://127.0.0.1:{server.server_address[1]}/report.html")
        found = measure(
            tab,
            """new Promise(function (done) {
          var tries = 0;
          (function poll() {
            var table = document.querySelector("table.index");
            var ready = table && table.querySelector("th button") &&
              document.querySelectorAll("section.file").length > 0;
            if (!ready && ++tries < 200) { return setTimeout(poll, 20); }
            frame().then(function () {
              done({
                state: document.readyState,
                title: document.title,
                verdict: onScreen(document.querySelector(".verdict")),
                index: table !== null && onScreen(table.querySelector("tbody tr")),
                sortable: table !== null && table.querySelector("th button") !== null,
                sections: document.querySelectorAll("section.file").length
              });
            });
          })();
        })""",
        )
    finally:
        Handler.release.set()
        tab.close()
        server.shutdown()
        server.server_close()
    assert found["state"] == "loading"  # the page has not all arrived
    assert found["sections"] < len(reports)
    assert found["title"] == "Referee report" and found["verdict"] and found["index"]
    assert found["sortable"]  # the script runs before the sections arrive


# ----------------------------------------------------------------------------- a phone


def test_each_hand_money_is_visible_without_scrolling_at_400_pixels(
    long_tab: Callable[[tuple[int, int]], Tab],
) -> None:
    tab = long_tab(NARROW)
    found = measure(
        tab,
        """(function () {
      var rows = document.querySelectorAll("table.hands tbody tr");
      var bad = [], labels = {};
      Array.prototype.forEach.call(rows, function (row) {
        var cells = row.querySelectorAll("td[data-k]");
        if (cells.length !== 8) { bad.push([row.id, "cells", cells.length]); }
        Array.prototype.forEach.call(cells, function (td) {
          var r = td.getBoundingClientRect();
          if (!(r.width > 0 && r.left >= 0 && r.right <= innerWidth)) {
            bad.push([row.id, td.getAttribute("data-k"), r.left, r.right]);
          }
          labels[getComputedStyle(td, "::before").content] = true;
        });
      });
      var first = rows[0].querySelectorAll("td[data-k]");
      var hand = rows[0].cells[0].getBoundingClientRect();
      return {rows: rows.length, bad: bad.slice(0, 5), labels: Object.keys(labels).sort(),
              pageWidth: document.documentElement.scrollWidth, viewport: innerWidth,
              moneyBelowHand: first[0].getBoundingClientRect().top >= hand.bottom - 1,
              firstMoney: [first[3].getAttribute("data-k"), first[3].textContent]};
    })()""",
    )
    assert found["viewport"] == 400
    assert found["rows"] == 400 and found["bad"] == []
    assert found["labels"] == sorted(f'"{p}"' for p in PLAYERS8)  # each amount named
    assert found["pageWidth"] <= 400  # no sideways scrolling anywhere
    assert found["moneyBelowHand"] and found["firstMoney"] == ["dee", "+7"]  # (dee won hand 1)


@SIZES
def test_the_chart_fits_the_width(
    long_tab: Callable[[tuple[int, int]], Tab], size: tuple[int, int]
) -> None:
    tab = long_tab(size)
    found = measure(
        tab,
        """(function () {
      var svg = document.querySelector("svg.chart");
      var box = svg.getBoundingClientRect();
      var labels = svg.querySelectorAll("g.xlab text");
      var last = labels[labels.length - 1];
      var scale = box.width / svg.viewBox.baseVal.width;
      var px = function (e) { return parseFloat(getComputedStyle(e).fontSize) * scale; };
      var texts = Array.prototype.slice.call(svg.querySelectorAll("g.ylab text, g.xlab text"));
      var within = texts.every(function (t) {
        var r = t.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      });
      var lastBox = last.getBoundingClientRect();
      return {left: box.left, right: box.right, lastLabel: last.textContent,
              lastShown: lastBox.right <= innerWidth && lastBox.left >= 0,
              labelPx: Math.min(px(last), px(svg.querySelector("g.ylab text"))),
              within: within, scrolls: svg.parentNode.scrollWidth > svg.parentNode.clientWidth};
    })()""",
    )
    assert found["left"] >= 0 and found["right"] <= size[0]
    assert not found["scrolls"]  # the whole chart, no sideways scrolling
    assert found["lastLabel"] == "400" and found["lastShown"]  # to the last hand
    assert found["within"]  # no label cut at the chart's edges
    assert found["labelPx"] >= (10.5 if size == NARROW else 14)


# ----------------------------------------------------------------------------- long tables


def test_the_table_heading_stays_visible_after_scrolling(
    long_tab: Callable[[tuple[int, int]], Tab],
) -> None:
    tab = long_tab(WIDE)
    found = measure(
        tab,
        """(async function () {
      var box = document.querySelector(".handsbox");
      var th = box.querySelector("thead th");
      window.scrollTo(0, box.getBoundingClientRect().top + scrollY);
      await frame();
      var before = rect(th);
      box.scrollTop = box.scrollHeight / 2;
      await frame();
      var after = rect(th);
      var hit = document.elementFromPoint(after.left + 5, after.top + after.height / 2);
      var rowsAbove = Array.prototype.filter.call(box.querySelectorAll("tbody tr"),
        function (tr) { return tr.getBoundingClientRect().bottom <= after.top; }).length;
      return {scrolled: box.scrollTop, boxTop: rect(box).top, before: before, after: after,
              onTop: hit !== null && th.contains(hit), shown: onScreen(th),
              rowsAbove: rowsAbove, boxHeight: box.clientHeight, viewport: innerHeight};
    })()""",
    )
    assert found["scrolled"] > 5000  # well down the table of 400 hands
    assert found["rowsAbove"] > 50  # rows scrolled under the heading
    assert found["shown"] and found["onTop"]  # the heading is on screen, painted on top
    assert abs(found["after"]["top"] - found["boxTop"]) <= 1  # at the top of the table's box
    assert found["boxHeight"] <= found["viewport"]  # the box fits the screen


def test_the_filter_boxes_filter(
    open_page: Callable[..., Tab], long_tab: Callable[[tuple[int, int]], Tab], batch_page: str
) -> None:
    tab = long_tab(WIDE)

    def type_into(selector: str, text: str) -> dict[str, Any]:
        tab.js(f"(function (i) {{ i.focus(); i.select(); }})(document.querySelector({selector!r}))")
        tab.type(text)  # (as typed: the browser's input events, replacing what was selected)
        return dict(
            measure(
                tab,
                f"""(async function () {{
          await frame();
          var scope = document.querySelector({selector!r}).closest("section.file, nav.index");
          var shown = function (selector) {{
            return Array.prototype.filter.call(scope.querySelectorAll(selector),
              function (e) {{ return e.getClientRects().length > 0; }});
          }};
          return {{
            hands: shown("table.hands tbody tr").map(function (tr) {{ return tr.id; }}),
            diags: shown("ol.diags > li").length,
            files: shown("table.index tbody tr").map(function (tr) {{
              return tr.cells[0].textContent; }}),
            output: scope.querySelector(".filter output").textContent,
            visible: onScreen(document.querySelector({selector!r}))
          }};
        }})()""",
            )
        )

    rule = type_into("section.file .filter input", "BR-FOLLOW")
    flagged = [f"f1-h{n}" for n in range(37, 401, 37)]
    assert rule["hands"] == flagged and rule["diags"] == len(flagged)
    assert rule["output"] == f"{2 * len(flagged)} of {400 + len(flagged)} shown"
    dealer = type_into("section.file .filter input", "gus")  # (replaces the text selected)
    assert len(dealer["hands"]) == 400 // 4  # gus deals every 8th hand, wins every 8th
    both = type_into("section.file .filter input", "br-follow dee")  # every word, any case
    assert both["hands"] == flagged
    cleared = type_into("section.file .filter input", " ")  # (every row again)
    assert len(cleared["hands"]) == 400 and cleared["output"] == ""

    tab = open_page(batch_page, WIDE, name="batch")
    by_rule = type_into("nav.index .filter input", "BR-FOLLOW")
    assert by_rule["files"] == ["friday.hlog", "far.hlog"]
    by_player = type_into("nav.index .filter input", "bob+dee")  # a Bid Euchre team
    assert by_player["files"] == ["euchre.hlog"] and by_player["visible"]
    by_name = type_into("nav.index .filter input", "bad.h")
    assert by_name["files"] == ["bad.hlog"] and by_name["output"] == "1 of 5 shown"


def test_a_long_table_starts_collapsed_and_a_link_opens_it(
    open_page: Callable[..., Tab], monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.render.views import bourre_html

    monkeypatch.setattr(bourre_html, "LONG_TABLE", 100)  # (the page's is 1000)
    page = render_html([long_night(120)])
    tab = open_page(page, WIDE)
    found = measure(
        tab,
        """(async function () {
      var long = document.querySelector("details.long");
      var closed = !long.open, summary = long.querySelector("summary").textContent;
      location.hash = "#f1-h110";
      await new Promise(function (done) { setTimeout(done, 50); });
      await frame();
      return {closed: closed, summary: summary, open: long.open,
              shown: onScreen(document.getElementById("f1-h110"))};
    })()""",
    )
    assert found["closed"] and found["summary"] == "Show the table of 120 hands"
    assert found["open"] and found["shown"]


# ----------------------------------------------------------------------------- the page reads


@SIZES
def test_the_index_sorts_switches_and_links(
    open_page: Callable[..., Tab], batch_page: str, size: tuple[int, int]
) -> None:
    tab = open_page(batch_page, size)
    found = measure(
        tab,
        """(async function () {
      var found = {viewport: innerWidth};
      var each = function (selector, f) {
        return Array.prototype.map.call(document.querySelectorAll(selector), f);
      };
      found.openAtLoad = each("section.file", function (s) {
        return s.querySelector("details").open;
      });
      var table = document.querySelector("table.index");
      var names = function () {
        return Array.prototype.map.call(table.tBodies[0].rows, function (row) {
          return row.cells[0].textContent;
        });
      };
      var heads = table.tHead.rows[0].cells;
      found.buttons = each("table.index th > button", function (b) { return b.textContent; });
      heads[1].querySelector("button").click();
      found.byFindings = [names(), heads[1].getAttribute("aria-sort")];
      heads[1].querySelector("button").click();
      found.byFindingsAgain = [names(), heads[1].getAttribute("aria-sort")];
      heads[0].querySelector("button").click();
      found.byFile = [names(), heads[0].getAttribute("aria-sort"),
                      heads[1].getAttribute("aria-sort")];
      var shown = function (selector) {
        return each(selector, function (e) { return getComputedStyle(e).display !== "none"; })
          .filter(Boolean).length;
      };
      var box = document.getElementById("only-failing");
      box.click();
      found.failingOnly = [shown("table.index tbody tr"), shown("section.file")];
      box.click();
      found.all = [shown("table.index tbody tr"), shown("section.file")];
      location.hash = "#f2";
      await new Promise(function (done) { setTimeout(done, 50); });
      found.openAfterLink = each("section.file details", function (d) { return d.open; });
      each("section.file details", function (d) { d.open = true; });
      await new Promise(function (done) { setTimeout(done, 50); });
      await frame();
      found.pageWidth = document.documentElement.scrollWidth;
      found.carets = each("pre.src", function (pre) {
        var caret = pre.querySelector(".caret");
        if (!caret) { return null; }
        var box = pre.getBoundingClientRect(), at = caret.getBoundingClientRect();
        return [at.left >= box.left && at.right <= box.right, pre.scrollLeft > 0];
      });
      found.markers = each("svg.chart path.series", function (path) {
        return getComputedStyle(path).markerMid;
      });
      found.keys = each("ul.legend svg.key", function (key) {
        var r = key.getBoundingClientRect();
        return [Math.round(r.width), Math.round(r.height)];
      });
      found.badges = each("section.file summary h2", function (h) {
        return Array.prototype.map.call(h.querySelectorAll(".badge"), function (b) {
          return b.textContent;
        });
      });
      return found;
    })()""",
    )
    width = size[0]
    assert found["viewport"] == width
    # Collapsed; a link to a file opens it (the page's script).
    assert found["openAtLoad"] == [False] * 5
    assert found["openAfterLink"] == [False, True, False, False, False]
    assert found["buttons"][:7] == [
        "file", "findings", "record", "errors", "game", "hands", "settlement",
    ]  # fmt: skip
    files = ["friday.hlog", "clean.hlog", "euchre.hlog", "bad.hlog", "far.hlog"]
    assert found["byFindings"] == [
        ["friday.hlog", "far.hlog", "clean.hlog", "euchre.hlog", "bad.hlog"],
        "descending",
    ]  # numbers: most first, ties in the input order
    assert found["byFindingsAgain"] == [
        ["clean.hlog", "euchre.hlog", "bad.hlog", "far.hlog", "friday.hlog"],
        "ascending",
    ]
    assert found["byFile"] == [sorted(files), "ascending", None]
    assert found["failingOnly"] == [3, 3] and found["all"] == [5, 5]
    # Nothing sticks out of the page: wide tables, snippets and charts scroll in their boxes.
    assert found["pageWidth"] <= width
    carets = [c for c in found["carets"] if c is not None]
    assert len(carets) == 5 and all(visible for visible, _ in carets)
    assert carets[-1] == [True, True]  # the far caret, scrolled to (at any width)
    if width == 1400:
        assert not any(scrolled for _, scrolled in carets[:-1])  # the others fit as they are
    assert all(m.startswith("url(") for m in found["markers"])  # markers on short lines
    assert found["keys"] and all(k == [40, 12] for k in found["keys"])
    assert found["badges"] == [
        ["3 violations", "1 claim"], ["clean"], ["clean"], ["2 errors"], ["1 violation"],
    ]  # fmt: skip


def test_the_charts_are_drawn(open_page: Callable[..., Tab]) -> None:
    page = render_html([bourre_file(), euchre_file()], sources=fake_source)
    tab = open_page(page, WIDE)
    found = measure(
        tab,
        """Array.prototype.map.call(document.querySelectorAll("svg.chart path.series"),
      function (path) {
        var r = path.getBoundingClientRect();
        return [path.getAttribute("data-series"), r.width > 100 && r.height > 0];
      })""",
    )
    assert found == [
        [name, True] for name in ("ann", "bob", "cy", "dee", "eve", "ann+cy", "bob+dee")
    ]


def test_a_file_with_read_errors_and_violations_says_both(
    open_page: Callable[..., Tab],
) -> None:
    """The issue's case: a file with a read error and five violations opens collapsed; its
    heading names both, and the index's row the same counts."""
    report = bourre_file("both.hlog")
    follow = report.hands[0].violations[0]
    report.hands[0] = dataclasses.replace(
        report.hands[0], violations=[dataclasses.replace(follow, line=17 + i) for i in range(5)]
    )
    report.errors = error_file().errors[:1]
    page = render_html([report, bourre_file()], sources=fake_source)
    tab = open_page(page, NARROW)
    found = measure(
        tab,
        """(function () {
      var summary = document.querySelector("#f1 summary");
      return {open: summary.parentNode.open, heading: summary.textContent.replace(/\\s+/g, " "),
              shown: onScreen(summary.querySelector(".badge.bad")) ||
                summary.querySelector(".badge.bad").getBoundingClientRect().width > 0};
    })()""",
    )
    assert not found["open"]
    assert "1 error" in found["heading"] and "5 violations" in found["heading"]
    assert "2 hands" in found["heading"] and found["shown"]


def test_a_hand_row_names_each_rule_and_player() -> None:
    """(Without a browser.) The findings cell of a hand names each rule and its player."""
    page = render_html([long_night(40)])
    assert page.count('<td class="bad">BR-FOLLOW dee</td>') == 1  # hand 37 only
