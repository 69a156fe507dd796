"""The HTML page on a large batch: how long rendering takes, how big the page is, and (with
``--browser``) how soon headless Chromium shows its title, verdict and index.

The batch (seeded): the realistic corpus of ``realistic.py`` (home games' nights of about
twelve hands; ``--hands`` in all, 65,000 by default: some 5,400 files, about 40 MB, the size
of a season's logs) and ``--samples`` copies of the project's samples (which have findings,
read errors and claims, so that the page has diagnostics to show). Every file is judged
once, untimed, and kept in memory; then the page is rendered from those reports
``--repeat`` times through the same writer ``referee audit --format html`` uses (one
process), and the best and median times are printed with the page's size and the peak
memory of the process.

With ``--browser`` the page is opened in headless Chromium (1400 x 900) and the time until
the title, the verdict and the index are on the first screen, and until the page has
loaded, is printed.

Usage: ``python benchmarks/html_page.py [--hands 65000] [--samples 50] [--seed 1]
[--repeat 3] [--workdir DIR] [--browser]``
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from realistic import make_realistic_corpus

from referee.audit import audit_file
from referee.batch import Job, run_batch
from referee.inputs import collect_inputs
from referee.render.writers import open_writer
from referee.report import FileReport

ROOT = Path(__file__).resolve().parents[1]


def make_batch(folder: Path, hands: int, samples: int, seed: int) -> list[FileReport]:
    """Write the corpus into ``folder`` and judge every file of it."""
    make_realistic_corpus(folder / "nights", hands, seed)
    for i in range(samples):
        shutil.copytree(ROOT / "samples", folder / f"samples-{i:03d}")
    reports = []
    for item in collect_inputs([folder]):
        reports.append(item if isinstance(item, FileReport) else audit_file(item))
    return reports


def render(reports: list[FileReport], target: Path) -> float:
    """Write the page of ``reports`` to ``target``; the seconds it took."""
    start = time.perf_counter()
    with target.open("w", encoding="utf-8", newline="\n") as out:
        opened = open_writer(Job("html"), out, files=len(reports))
        run_batch(list(reports), opened.writer, opened.job)
        opened.finish()
    return time.perf_counter() - start


def first_screen(page: Path) -> dict[str, float]:
    """Seconds from opening ``page`` in headless Chromium until its title, verdict and index
    show on the first screen (1400 x 900), and until it has loaded."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import Browser, find_browser

    executable = find_browser()
    if executable is None:
        raise SystemExit("--browser: no Chromium installed")
    browser = Browser(executable, timeout=120)
    try:
        tab = browser.tab(1400, 900)
        start = time.monotonic()
        tab.goto(page.as_uri())
        seen: dict[str, float] = {}
        while len(seen) < 4 and time.monotonic() - start < 120:
            state = tab.js(_STATE)
            for name, shown in zip(("title", "verdict", "index", "loaded"), state, strict=True):
                if shown and name not in seen:
                    seen[name] = time.monotonic() - start
            time.sleep(0.02)
        return seen
    finally:
        browser.close()


_STATE = """(function () {
  function shown(e) {
    if (!e) { return false; }
    var r = e.getBoundingClientRect();
    return r.height > 0 && r.top < innerHeight && r.bottom > 0;
  }
  return [document.title !== "", shown(document.querySelector(".verdict")),
          shown(document.querySelector("table.index")), document.readyState === "complete"];
})()"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=65_000)
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    work = args.workdir or Path(tempfile.mkdtemp(prefix="referee-html-"))
    start = time.perf_counter()
    reports = make_batch(work / "corpus", args.hands, args.samples, args.seed)
    hands = sum(len(r.hands) for r in reports)
    print(f"{len(reports)} files, {hands} hands, judged in {time.perf_counter() - start:.1f} s")
    page = work / "page.html"
    times = [render(reports, page) for _ in range(args.repeat)]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"render: best {min(times):.2f} s, median {statistics.median(times):.2f} s; "
        f"page {page.stat().st_size / 1e6:.1f} MB; peak memory {peak:.0f} MB (reports included)"
    )
    if args.browser:
        seen = first_screen(page)
        print("Chromium, 1400x900: " + ", ".join(f"{k} {v:.2f} s" for k, v in seen.items()))


if __name__ == "__main__":
    main()
