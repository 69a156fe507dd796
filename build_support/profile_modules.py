"""Which of `referee`'s modules the time goes to: the measure the compiled list is chosen by.

    python build_support/profile_modules.py CORPUS [--build FOLDER] [--top N]

Runs ``referee audit --format json --jobs 1 CORPUS`` once under cProfile (counting CPU
time), in this process, from the checkout (pure Python) or from ``--build FOLDER`` (a
``pip install --target`` folder), and prints each module's own time (its functions' time
without their callees', plus the built-in functions they call, such as ``dict.get`` or
``str.split``), its share, the running total, and whether ``[tool.referee-build.compiled]
modules`` lists it. Compiled modules are invisible to cProfile (their time is counted
where the interpreted code calls them), so profile the pure checkout to choose, and a
build to see what is left.

cProfile adds a cost to every Python call, so a module of many small calls looks heavier
than it is; the instruction counts of ``valgrind --tool=callgrind`` (docs/performance.md, "Compiled
build") confirm a choice.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def module_of(filename: str) -> str | None:
    """``referee/x/y.py`` for a file of the package, a library's name, ``stdlib``; None for
    a built-in function (counted where it is called from)."""
    if filename.startswith("~"):
        return None
    if "/referee/" in filename:
        return filename[filename.rfind("/referee/") + 1 :]
    if "site-packages/" in filename:
        return filename.split("site-packages/")[-1].split("/")[0]
    return "stdlib"


def own_time(stats: pstats.Stats) -> Counter[str]:
    """Seconds per module, each built-in's time shared among its callers' modules."""
    seconds: Counter[str] = Counter()
    table = stats.stats  # type: ignore[attr-defined]
    for (filename, _, _), (_, _, inner, _, callers) in table.items():
        module = module_of(filename)
        if module is not None:
            seconds[module] += inner
            continue
        total = sum(edge[2] for edge in callers.values()) or 1.0
        for (caller, _, _), edge in callers.items():
            seconds[module_of(caller) or "built-in"] += inner * edge[2] / total
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--build", type=Path, help="a folder a wheel was installed into")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    root = (args.build or PROJECT).resolve()
    sys.path.insert(0, str(root))
    import referee
    from referee.cli import main as referee_main

    assert Path(referee.__file__ or "").resolve().is_relative_to(root), referee.__file__
    with open(PROJECT / "pyproject.toml", "rb") as file:
        listed = set(tomllib.load(file)["tool"]["referee-build"]["compiled"]["modules"])
    sys.argv = ["referee", "audit", "--format", "json", "--jobs", "1", str(args.corpus)]
    profile = cProfile.Profile(time.process_time)  # (CPU time: the machine may be busy)
    with (
        open(os.devnull, "w") as sink,
        contextlib.redirect_stdout(sink),
        contextlib.suppress(SystemExit),
    ):
        profile.runcall(referee_main)
    seconds = own_time(pstats.Stats(profile))
    total = sum(seconds.values())
    share = sum(spent for module, spent in seconds.items() if module in listed) / total
    print(f"{total:.2f} s in all ({root}); * = listed under [tool.referee-build.compiled] modules, "
          f"{100 * share:.1f} % of the time")  # fmt: skip
    running = 0.0
    for module, spent in seconds.most_common(args.top):
        running += spent
        mark = "*" if module in listed else " "
        print(f"{spent:7.3f} s {100 * spent / total:5.1f} % {100 * running / total:5.1f} % "
              f"{mark} {module}")  # fmt: skip


if __name__ == "__main__":
    main()
