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
``--entry script`` (which imports the entry-point machinery as well). ``--compare-with``
(repeatable) times others too, taking turns with the rest: a folder holding a ``referee/``
package and its ``grammar/`` (another checkout, put first on ``PYTHONPATH``: an older
commit, ``git worktree add /tmp/ref-old COMMIT``), or another environment's Python (its
install, e.g. a compiled one, ``/tmp/venv/bin/python``; its own ``python -c pass`` is
timed too, as its zero). Every process runs in an empty folder (so that no ``referee/`` of
the current folder's is imported). Each audit has a home folder of its own, where it finds
its grammar cache (``referee/cache.py``) as a user's run does, ``~/.cache/referee`` on
Linux, and one untimed run fills it; the checkouts' bytecode is compiled first, as an
installed package has it. The log is audited where it is: a sample's folder is in this
checkout, whose ``pyproject.toml`` names the referee, so the search for a folder config
parses it (some 2 ms); ``--apart`` copies the log into the empty folder first, as a user's
folder of logs outside any Python project.

Usage: ``python benchmarks/startup.py [--log samples/bourre/plays-only.hlog]
[--format text] [--entry module|script] [--repeat 30] [--apart] [--compare-with PATH ...]``
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
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
    """One timed command: its label, its arguments, its environment, and the interpreter
    it runs (whose bare start is the zero it is measured from)."""

    label: str
    command: list[str]
    env: dict[str, str]
    python: str


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


def bare_side(python: str) -> Side:
    """``python -c pass``: the interpreter's own start."""
    label = "python -c pass" if python == sys.executable else f"{python} -c pass"
    return Side(label, [python, "-c", "pass"], dict(os.environ), python)


def audit_side(
    label: str,
    args: argparse.Namespace,
    home: Path,
    python: str = sys.executable,
    checkout: Path | None = None,
) -> Side:
    """The timed audit: through ``python -m referee`` or the console script beside
    ``python``; from ``checkout`` (first on ``PYTHONPATH``) when given; with ``home`` as its
    home folder, and no variable naming a cache folder."""
    audit = ["audit", str(args.log), "--format", args.format]
    if args.entry == "script":
        script = Path(python).parent / "referee"
        if not script.exists():
            sys.exit(f"no console script at {script}: pip install the package first")
        command = [str(script), *audit]
    else:
        command = [python, "-m", "referee", *audit]
    home.mkdir()
    env = {**os.environ, "HOME": str(home)}
    for name in ("REFEREE_CACHE_DIR", "REFEREE_NO_CACHE", "XDG_CACHE_HOME"):
        env.pop(name, None)
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    return Side(label, command, env, python)


def other_side(path: Path, args: argparse.Namespace, home: Path) -> Side:
    """The audit of ``--compare-with PATH``: a checkout's, or another interpreter's."""
    path = path.absolute()
    if (path / "referee" / "__init__.py").is_file():
        compileall.compile_dir(path / "referee", quiet=1)
        return audit_side(f"referee ({path})", args, home, checkout=path)
    if path.is_file() and os.access(path, os.X_OK):
        return audit_side(f"referee ({path})", args, home, python=str(path))
    sys.exit(f"--compare-with {path}: neither a folder holding referee/ nor a Python")


def which(side: Side, cwd: Path) -> str:
    """Where the side's referee package is, and its build."""
    done = subprocess.run(
        [side.python, "-c", WHICH], env=side.env, cwd=cwd, capture_output=True, text=True
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
    parser.add_argument(
        "--apart", action="store_true", help="audit a copy of the log outside this checkout"
    )
    parser.add_argument(
        "--compare-with",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="another checkout (a folder), or another environment's Python, timed as well",
    )
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "referee", quiet=1)
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        cwd = folder / "run"
        cwd.mkdir()
        args.log = args.log.resolve()
        if args.apart:
            args.log = Path(shutil.copy(args.log, cwd))
        audits = [audit_side("referee", args, folder / "home")]
        for n, path in enumerate(args.compare_with):
            audits.append(other_side(path, args, folder / f"home-{n}"))
        pythons = dict.fromkeys(side.python for side in audits)
        sides = [*map(bare_side, pythons), *audits]
        times = measure(sides, args.repeat, cwd)
        print(f"{' '.join(audits[0].command[1:])}: {args.repeat} runs of each, taking turns")
        print("CPU time (user + system), least and median; the least over python -c pass:")
        bare = {s.python: min(t) for s, t in zip(sides, times, strict=True) if s not in audits}
        for side, runs in zip(sides, times, strict=True):
            best, middle = min(runs) * 1000, statistics.median(runs) * 1000
            line = f"  {best:6.1f} ms {middle:6.1f} ms  {side.label}"
            if side in audits:
                added = (min(runs) - bare[side.python]) * 1000
                line += f"  +{added:.1f} ms  ({which(side, cwd)})"
            print(line)


if __name__ == "__main__":
    main()
