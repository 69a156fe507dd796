"""Throughput benchmark: referee vs. python-chess's ``read_game``, on the same number of plies.

Two seeded corpora of clean hands (no violation, every recorded amount right):

* ``bulk``: a few long Bourré sessions (50-400 hands each, 2-8 players, mixed log detail),
  as before;
* ``realistic``: home games' nights, short files of 8-16 hands (about twelve), Bourré and
  Bid Euchre, every hand written its own way (``10♥ jC KS td``, keyword case, colons, deal,
  decision, ante and settle lines, comments), house rules in YAML files next to the logs or
  in ``option`` lines (see ``realistic.py``).

For each corpus, a PGN file of random legal chess games with as many plies as the corpus
has plays (one play = one card played; one ply = one move), then each timed as a whole
process, taking turns (a, b, a, b, ...), best of ``--repeat``:

* ``referee audit --format json --jobs 1 CORPUS`` (read, replay, judge, settle, render);
* python-chess calling ``chess.pgn.read_game`` over every game, and nothing else
  (``read_game`` parses each move's SAN against the position, so it validates every move).

Before timing, the corpus is audited once and must be clean (exit 0), and the PGN is read
once (untimed) to check its plies and that python-chess found no error in it. Each side's
bytecode is compiled first, as an installed package has it.

``--compare-with PATH`` times another checkout of the referee side by side on the same
corpus (PATH is a folder holding a ``referee/`` package: put first on ``PYTHONPATH``, with
a grammar cache folder of its own), and says whether its output is byte for byte the same.

It prints, per corpus and side, the best, median and worst wall-clock time, the best and
median CPU time (user + system: a busy machine inflates it less), hands/s and plays/s, and
the ratio to python-chess (referee plays/s over python-chess plies/s) from the best
wall-clock times, per round (min, median, max) and from the best CPU times. Needs the
``bench`` extra: ``pip install -e '.[bench]'``.

With ``--parallel-files N`` it also times ``--jobs 1`` against ``--jobs 2`` on N files of
``--parallel-hands`` hands each (the batch a tournament director runs), and checks that the
two outputs are byte for byte the same.

Usage: ``python benchmarks/bench.py [--corpus bulk|realistic|both] [--hands 20000]
[--seed 1] [--repeat 3] [--workdir DIR] [--compare-with PATH]
[--parallel-files 300 --parallel-hands 40]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from realistic import make_realistic_corpus

#: The timed python-chess process: ``read_game`` over every game, nothing else.
CHESS_READER = """
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as f:
    while chess.pgn.read_game(f) is not None:
        pass
"""

#: The untimed check of the PGN file: its games, plies and python-chess's errors.
CHESS_CHECK = """
import sys, chess.pgn
games = plies = errors = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        games += 1
        plies += sum(1 for _ in game.mainline_moves())
        errors += len(game.errors)
print(games, plies, errors)
"""


@dataclass(frozen=True, slots=True)
class Side:
    """One timed process: a label, its command, its environment and working folder (the
    benchmark's work folder, where no ``referee/`` of the caller's can shadow the one
    meant)."""

    label: str
    command: list[str]
    env: dict[str, str]
    cwd: Path

    def run(self, capture: bool = False) -> subprocess.CompletedProcess[bytes]:
        out = subprocess.PIPE if capture else subprocess.DEVNULL
        return subprocess.run(self.command, env=self.env, check=False, stdout=out, cwd=self.cwd)


@dataclass(frozen=True, slots=True)
class Corpus:
    """A generated corpus: where, and what it holds."""

    name: str
    path: Path
    files: int
    hands: int
    plays: int
    detail: str


def make_bourre_corpus(
    folder: Path, hands: int, seed: int, per_file: int | None = None
) -> tuple[int, int, int]:
    """Write sessions of clean hands into ``folder`` (``per_file`` hands each, else 50-400 at
    random); return (files, hands, plays).

    Each session plays with a house ``limit`` (chosen at random), as most tables do: without
    one the pot doubles with every bourré, and a few hundred hands into a session it no
    longer fits the log's amounts (24 characters), so those hands' `settle` lines would be
    log errors, and the corpus would not be clean.
    """
    from referee.options import BourreOptions
    from tests.simulate import generate_session

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("session-*.hlog"):  # (a reused work folder: a corpus of its own)
        old.unlink()
    total_hands = plays = files = 0
    while total_hands < hands:
        size = min(per_file or rng.randint(50, 400), hands - total_hands)
        options = BourreOptions(limit=Decimal(rng.choice((10, 25, 50, 100))))
        session = generate_session(
            rng,
            players=rng.randint(2, 8),
            hands=size,
            detail="mixed",
            retractions=False,
            early_rate=0,
            options=options,
        )
        (folder / f"session-{files:04d}.hlog").write_text(session.text, encoding="utf-8")
        plays += sum(len(t) for h in session.hands for t in h.tricks)
        total_hands += size
        files += 1
    return files, total_hands, plays


def make_pgn(path: Path, plies: int, seed: int) -> int:
    """Write random legal chess games totalling ``plies`` plies; return the count."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    written = 0
    with path.open("w", encoding="utf-8") as out:
        while written < plies:
            board, game = chess.Board(), chess.pgn.Game()
            node: chess.pgn.GameNode = game
            for _ in range(min(rng.randint(40, 120), plies - written)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                move = rng.choice(moves)
                board.push(move)
                node = node.add_variation(move)
                written += 1
            print(game, file=out, end="\n\n")
    return written


@dataclass(slots=True)
class Runs:
    """One side's timed runs: wall-clock seconds, and CPU seconds (user + system) of the
    process, which a busy machine inflates less (the wall clock also counts the time the
    process waited for a core)."""

    wall: list[float]
    cpu: list[float]


def timed(sides: list[Side], repeat: int) -> list[Runs]:
    """``repeat`` rounds of every side, each run a whole process.

    The sides take turns (a, b, a, b, ...), so a spell of load on the machine costs them
    alike; a run whose exit status differs from the first run's stops the benchmark.
    """
    runs = [Runs([], []) for _ in sides]
    expected = [side.run().returncode for side in sides]  # (warm: caches, page cache)
    for _ in range(repeat):
        for side, expect, times in zip(sides, expected, runs, strict=True):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            code = side.run().returncode
            times.wall.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            times.cpu.append(cpu)
            if code != expect:
                sys.exit(f"{side.label}: exit {code}, where the first run exited {expect}")
    return runs


def compile_bytecode(root: Path) -> None:
    """Compile the modules of the ``referee`` package under ``root`` to bytecode, as an
    installed package has them.

    python-chess runs from the bytecode pip compiled when installing it; an editable
    install (or a checkout on ``PYTHONPATH``) compiles its modules on first import, unless
    ``PYTHONDONTWRITEBYTECODE`` is set, and then every run would compile them again (about
    50 ms here): not how a user runs it.
    """
    import compileall

    compileall.compile_dir(root / "referee", quiet=1)


def referee_side(
    label: str, root: Path, work: Path, cache: str, target: Path, jobs: int = 1
) -> Side:
    """``referee audit --format json --jobs N TARGET`` run from the checkout at ``root``.

    ``root`` goes first on ``PYTHONPATH`` (the process runs in the work folder, so no
    folder of the caller's shadows it), with a grammar cache folder of its own under the
    work folder.
    """
    (work / cache).mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(root), "REFEREE_CACHE_DIR": str(work / cache)}
    audit = [sys.executable, "-m", "referee", "audit", "--format", "json", "--jobs", str(jobs)]
    return Side(label, [*audit, str(target)], env, work)


def findings(output: bytes) -> str | None:
    """The violations and read errors of a JSON report, in words; None when the output is
    no JSON report (a traceback, another program's output)."""
    try:
        files = json.loads(output)["files"]
        errors = sum(len(f["errors"]) for f in files)
        violations = sum(len(h["violations"]) for f in files for h in f["hands"])
    except (ValueError, KeyError, TypeError):
        return None
    return f"{violations} violations, {errors} read errors"


def check_clean(this: Side, others: list[Side]) -> None:
    """The corpus must audit clean with this checkout (else the corpus or the referee is
    wrong, and the timing would not measure what it says); a compared checkout that finds
    something is reported, and timed anyway, but not one that gives no JSON report."""
    mine = this.run(capture=True)
    if mine.returncode != 0:
        mine_found = findings(mine.stdout) or "no JSON report"
        sys.exit(
            f"{this.label}: the corpus does not audit clean (exit {mine.returncode}: {mine_found})"
        )
    print(f"  {this.label}: exit 0, clean")
    for other in others:
        theirs = other.run(capture=True)
        found = findings(theirs.stdout)
        if found is None:
            sys.exit(
                f"{other.label}: exit {theirs.returncode} without a JSON report; not timing it"
            )
        same = "byte-identical to" if theirs.stdout == mine.stdout else "differs from"
        print(f"  {other.label}: exit {theirs.returncode}, {found}; output {same} this checkout's")


def check_pgn(pgn: Path, plies: int) -> None:
    """The PGN file holds ``plies`` plies and python-chess finds no error in it."""
    check = subprocess.run(
        [sys.executable, "-c", CHESS_CHECK, str(pgn)], check=True, capture_output=True
    )
    games, read, errors = map(int, check.stdout.split())
    if read != plies or errors:
        sys.exit(f"{pgn}: python-chess read {read} plies ({errors} errors), expected {plies}")
    print(f"  PGN: {games} games, {plies} plies (python-chess: no errors)")


def report(corpus: Corpus, sides: list[Side], runs: list[Runs], plies: int) -> None:
    """Per side: the best, median and worst wall-clock time, the best and median CPU time,
    hands/s and plays/s (from the best wall-clock time); the ratio to python-chess from the
    best times, per round, and from the best CPU times; this checkout against the compared
    one, the same ways."""
    *referees, chess = runs
    print(
        f"  {'':28} {'wall: best':>10} {'median':>7} {'worst':>7}   {'CPU: best':>9} "
        f"{'median':>7} {'hands/s':>9} {'plays/s':>9}"
    )
    for side, times in zip(sides, runs, strict=True):
        best = min(times.wall)
        spread = (
            f"{best:9.2f}s {statistics.median(times.wall):6.2f}s {max(times.wall):6.2f}s   "
            f"{min(times.cpu):8.2f}s {statistics.median(times.cpu):6.2f}s"
        )
        if times is chess:
            rates = f"{'':>9} {plies / best:9.0f} plies/s"
        else:
            rates = f"{corpus.hands / best:9.0f} {corpus.plays / best:9.0f}"
        print(f"  {side.label:28} {spread} {rates}")
    for side, times in zip(sides, referees, strict=False):
        print(f"  ratio to read_game, {side.label}: " + _ratios(times, chess, corpus.plays / plies))
    if len(referees) == 2:
        this, other = referees
        print(f"  time of {sides[0].label} / {sides[1].label}: " + _ratios(other, this, 1.0))


def _ratios(a: Runs, b: Runs, scale: float) -> str:
    """``b``'s time over ``a``'s (times ``scale``): from the best wall-clock times, per
    round (min, median, max), and from the best CPU times."""
    rounds = [scale * y / x for x, y in zip(a.wall, b.wall, strict=True)]
    return (
        f"{scale * min(b.wall) / min(a.wall):.2f} (best wall-clock times); per round min "
        f"{min(rounds):.2f}, median {statistics.median(rounds):.2f}, max {max(rounds):.2f}; "
        f"{scale * min(b.cpu) / min(a.cpu):.2f} (best CPU times)"
    )


def bench_corpus(corpus: Corpus, work: Path, args: argparse.Namespace) -> None:
    """Check, time and report one corpus against python-chess (and the compared checkout)."""
    print(f"{corpus.name} corpus: {corpus.detail}")
    pgn = work / f"{corpus.name}.pgn"
    plies = make_pgn(pgn, corpus.plays, args.seed)
    check_pgn(pgn, plies)
    reader = work / "read_pgn.py"
    reader.write_text(CHESS_READER, encoding="utf-8")
    this = referee_side("referee (this checkout)", args.this_root, work, "cache-this", corpus.path)
    sides = [this]
    if args.compare_with:
        label = f"referee ({args.compare_with.name})"
        sides.append(referee_side(label, args.compare_with, work, "cache-other", corpus.path))
    check_clean(this, sides[1:])
    chess = [sys.executable, str(reader), str(pgn)]
    sides.append(Side("python-chess read_game", chess, {**os.environ}, work))
    report(corpus, sides, timed(sides, args.repeat), plies)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("bulk", "realistic", "both"), default="both")
    parser.add_argument("--hands", type=int, default=20000, help="hands in each corpus")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds (best of N)")
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--compare-with", type=Path, default=None, metavar="PATH")
    parser.add_argument("--parallel-files", type=int, default=0)
    parser.add_argument("--parallel-hands", type=int, default=40)
    args = parser.parse_args()
    import referee

    args.this_root = Path(referee.__file__).resolve().parent.parent
    compile_bytecode(args.this_root)
    if args.compare_with:
        args.compare_with = args.compare_with.resolve()
        if not (args.compare_with / "referee" / "__init__.py").is_file():
            sys.exit(f"--compare-with {args.compare_with}: no referee/ package there")
        compile_bytecode(args.compare_with)
    work = (args.workdir or Path(tempfile.mkdtemp(prefix="referee-bench-"))).resolve()
    print(f"Python {sys.version.split()[0]}; this checkout: {args.this_root}; work: {work}\n")
    if args.corpus in ("bulk", "both"):
        files, hands, plays = make_bourre_corpus(work / "bourre", args.hands, args.seed)
        detail = f"{files} files, {hands} Bourré hands, {plays} plays (cards played)"
        bench_corpus(Corpus("bulk", work / "bourre", files, hands, plays, detail), work, args)
    if args.corpus in ("realistic", "both"):
        made = make_realistic_corpus(work / "realistic", args.hands, args.seed)
        detail = (
            f"{made.files} files ({made.rules_files} house-rules files beside them), "
            f"{made.hands} hands ({made.bourre_hands} Bourré, {made.euchre_hands} Bid Euchre), "
            f"{made.plays} plays (cards played); sha256 {made.digest[:16]}"
        )
        corpus = Corpus("realistic", work / "realistic", made.files, made.hands, made.plays, detail)
        bench_corpus(corpus, work, args)
    if args.parallel_files:
        parallel(work / "parallel", args.parallel_files, args.parallel_hands, args)


def parallel(folder: Path, files: int, per_file: int, args: argparse.Namespace) -> None:
    """Time ``--jobs 1`` against ``--jobs 2`` on ``files`` files of ``per_file`` hands."""
    make_bourre_corpus(folder, files * per_file, args.seed, per_file)
    work = folder.parent
    one = referee_side("--jobs 1", args.this_root, work, "cache-this", folder)
    two = referee_side("--jobs 2", args.this_root, work, "cache-this", folder, jobs=2)
    runs = timed([one, two], args.repeat)
    outputs = [side.run(capture=True).stdout for side in (one, two)]
    same = "byte-identical" if outputs[0] == outputs[1] else "DIFFERENT OUTPUTS"
    best_one, best_two = min(runs[0].wall), min(runs[1].wall)
    print(
        f"{files} files x {per_file} hands: --jobs 1 {best_one:.2f} s, --jobs 2 "
        f"{best_two:.2f} s: {best_one / best_two:.2f}x ({same})"
    )


if __name__ == "__main__":
    main()
