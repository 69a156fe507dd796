"""Start-up benchmark: ``referee audit`` of one small log against a bare ``python -c pass``.

What a one-hand audit costs beyond the interpreter's own start is almost all start-up:
imports, the grammar's tables, the first patterns. Each command runs as a whole process,
the commands taking turns (pass, audit, pass, audit, ...) so that a spell of load on the
machine costs them alike, and each run's CPU time (user + system) is taken from
``resource.getrusage(RUSAGE_CHILDREN)`` before and after it. The least CPU time of each
command is the measure (a busy machine adds to a run's time, never takes from it), and the
difference of the two is what the referee adds.

The audit runs as ``python -m referee audit LOG --format FORMAT`` by default, or as the
installed ``referee`` console script with ``--entry script`` (which imports the package's
entry-point machinery as well). One untimed run of each warms the page cache and the
grammar cache (``referee/cache.py``); the package's bytecode is compiled first, as an
installed package has it.

Usage: ``python benchmarks/startup.py [--log samples/bourre/plays-only.hlog]
[--format text] [--entry module|script] [--repeat 30]``
"""

from __future__ import annotations

import argparse
import compileall
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LOG = ROOT / "samples" / "bourre" / "plays-only.hlog"


def cpu_of(command: list[str]) -> tuple[float, int]:
    """Run ``command`` once, its output discarded; its CPU time (user + system, seconds)
    and exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = subprocess.run(command, stdout=subprocess.DEVNULL, check=False).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, code


def audit_command(log: Path, fmt: str, entry: str) -> list[str]:
    """The timed audit: through ``python -m referee`` or the console script beside this
    interpreter."""
    args = ["audit", str(log), "--format", fmt]
    if entry == "script":
        script = Path(sys.executable).parent / "referee"
        if not script.exists():
            sys.exit(f"no console script at {script}: pip install the package first")
        return [str(script), *args]
    return [sys.executable, "-m", "referee", *args]


def measure(commands: list[list[str]], repeat: int) -> list[list[float]]:
    """``repeat`` rounds of every command, taking turns; each command's CPU times.

    A run whose exit status differs from the untimed first run's, or an exit status of 2
    (the log could not be read, or a failure), stops the benchmark.
    """
    expected = [cpu_of(command)[1] for command in commands]
    if any(code not in (0, 1) for code in expected):
        sys.exit(f"exit statuses of the untimed runs: {expected}")
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(repeat):
        for command, expect, runs in zip(commands, expected, times, strict=True):
            cpu, code = cpu_of(command)
            if code != expect:
                sys.exit(f"{' '.join(command)}: exit {code}, where the first run exited {expect}")
            runs.append(cpu)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG, help="the log audited")
    parser.add_argument("--format", default="text", help="the audit's --format")
    parser.add_argument("--entry", choices=("module", "script"), default="module")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each command")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "referee", quiet=1)
    audit = audit_command(args.log, args.format, args.entry)
    bare = [sys.executable, "-c", "pass"]
    bare_times, audit_times = measure([bare, audit], args.repeat)
    print(f"{args.repeat} runs each, CPU time (user + system), least and median:")
    for label, runs in (("python -c pass", bare_times), (" ".join(audit[1:]), audit_times)):
        print(f"  {min(runs) * 1000:6.1f} ms  {statistics.median(runs) * 1000:6.1f} ms  {label}")
    added = (min(audit_times) - min(bare_times)) * 1000
    print(f"the audit adds {added:.1f} ms of CPU to the interpreter's start (least of each)")


if __name__ == "__main__":
    main()
