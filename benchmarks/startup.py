"""Start-up benchmark: ``referee audit`` of one small log against a bare ``python -c pass``.

What a one-hand audit costs beyond the interpreter's own start is almost all start-up:
imports, the grammar's tables, the first patterns. Each command runs as a whole process,
the commands taking turns (pass, audit, pass, audit, ...) so that a spell of load on the
machine costs them alike, and each run's CPU time (user + system) is taken from
``resource.getrusage(RUSAGE_CHILDREN)`` before and after it. The least CPU time of each
command is the measure (a busy machine adds to a run's time, never takes from it), and the
difference is what the referee adds to the interpreter's start.

The audit runs as ``python -m referee audit LOG --format FORMAT`` with the referee this
interpreter imports (the installed package: an editable install is this checkout, pure
Python; ``pip install .`` compiles), or as the installed ``referee`` console script with
``--entry script`` (which imports the entry-point machinery as well). ``--compare-with
PATH`` times another checkout too, taking turns with the others (PATH, a folder holding a
``referee/`` package and its ``grammar/``, goes first on ``PYTHONPATH``): an older commit
side by side, ``git worktree add /tmp/ref-old COMMIT``. Every process runs in an empty
folder (so that no ``referee/`` of the current folder's is imported). Each side has a home
folder of its own, where it finds its grammar cache (``referee/cache.py``) as a user's run
does, ``~/.cache/referee`` on Linux, and one untimed run fills it; this checkout's bytecode
is compiled first, as an installed package has it.

Usage: ``python benchmarks/startup.py [--log samples/bourre/plays-only.hlog]
[--format text] [--entry module|script] [--repeat 30] [--compare-with PATH]``
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LOG = ROOT / "samples" / "bourre" / "plays-only.hlog"

#: Which referee a side imports, and which build it is.
WHICH = (
    "import referee, referee.build; "
    "print(referee.__file__.rsplit('/', 2)[0], '-', referee.build.build_kind())"
)


@dataclass(frozen=True, slots=True)
class Side:
    """One timed command: its label, its arguments and its environment."""

    label: str
    command: list[str]
    env: dict[str, str]


def cpu_of(side: Side, cwd: Path) -> tuple[float, int]:
    """Run ``side`` once, its output discarded; its CPU time (user + system, seconds) and
    exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = subprocess.run(
        side.command, stdout=subprocess.DEVNULL, env=side.env, cwd=cwd, check=False
    ).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, code


def audit_side(
    label: str, args: argparse.Namespace, home: Path, checkout: Path | None = None
) -> Side:
    """The timed audit: through ``python -m referee`` or the console script beside this
    interpreter; from ``checkout`` (first on ``PYTHONPATH``) when given; with ``home`` as
    its home folder, and no variable naming a cache folder."""
    audit = ["audit", str(args.log.resolve()), "--format", args.format]
    if args.entry == "script":
        script = Path(sys.executable).parent / "referee"
        if not script.exists():
            sys.exit(f"no console script at {script}: pip install the package first")
        command = [str(script), *audit]
    else:
        command = [sys.executable, "-m", "referee", *audit]
    home.mkdir()
    env = {**os.environ, "HOME": str(home)}
    for name in ("REFEREE_CACHE_DIR", "REFEREE_NO_CACHE", "XDG_CACHE_HOME"):
        env.pop(name, None)
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    return Side(label, command, env)


def which(side: Side, cwd: Path) -> str:
    """Where the side's referee package is, and its build."""
    done = subprocess.run(
        [sys.executable, "-c", WHICH], env=side.env, cwd=cwd, capture_output=True, text=True
    )
    return done.stdout.strip() or done.stderr.strip().splitlines()[-1]


def measure(sides: list[Side], repeat: int, cwd: Path) -> list[list[float]]:
    """``repeat`` rounds of every side, taking turns; each side's CPU times.

    A run whose exit status differs from the untimed first run's, or an exit status of 2
    (the log could not be read, or a failure), stops the benchmark.
    """
    expected = [cpu_of(side, cwd)[1] for side in sides]
    if any(code not in (0, 1) for code in expected):
        sys.exit(f"exit statuses of the untimed runs: {expected}")
    times: list[list[float]] = [[] for _ in sides]
    for _ in range(repeat):
        for side, expect, runs in zip(sides, expected, times, strict=True):
            cpu, code = cpu_of(side, cwd)
            if code != expect:
                sys.exit(f"{side.label}: exit {code}, where the first run exited {expect}")
            runs.append(cpu)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG, help="the log audited")
    parser.add_argument("--format", default="text", help="the audit's --format")
    parser.add_argument("--entry", choices=("module", "script"), default="module")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each command")
    parser.add_argument("--compare-with", type=Path, help="another checkout, timed as well")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "referee", quiet=1)
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        cwd = folder / "run"
        cwd.mkdir()
        sides = [
            Side("python -c pass", [sys.executable, "-c", "pass"], dict(os.environ)),
            audit_side("referee", args, folder / "home"),
        ]
        if args.compare_with:
            other = args.compare_with.resolve()
            compileall.compile_dir(other / "referee", quiet=1)
            sides.append(audit_side(f"referee ({other})", args, folder / "home-other", other))
        times = measure(sides, args.repeat, cwd)
        print(f"{' '.join(sides[1].command[1:])}: {args.repeat} runs of each side, taking turns")
        print("CPU time (user + system), least and median; the least over python -c pass:")
        bare = min(times[0])
        for side, runs in zip(sides, times, strict=True):
            where = "" if side is sides[0] else f"  ({which(side, cwd)})"
            added = "" if side is sides[0] else f"  +{(min(runs) - bare) * 1000:.1f} ms"
            best, middle = min(runs) * 1000, statistics.median(runs) * 1000
            print(f"  {best:6.1f} ms {middle:6.1f} ms  {side.label}{added}{where}")


if __name__ == "__main__":
    main()
