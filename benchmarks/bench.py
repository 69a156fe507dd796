"""Throughput benchmark: referee vs. python-chess, on the same number of plies.

Generates (seeded) a corpus of clean Bourré sessions (2-8 players, mixed log detail) and a
PGN file of random chess games with the same number of plies (one ply = one card played /
one move), then times, each as a whole process:

* ``referee audit --format json --jobs 1 CORPUS`` (parse, replay, judge, settle, render), and
* a python-chess script that reads every game with ``chess.pgn.read_game`` and walks its
  moves (python-chess validates every move while reading).

It prints hands/s, plays/s and the ratio (referee plays/s over python-chess plies/s).
Needs the ``bench`` extra: ``pip install -e '.[bench]'``.

With ``--parallel-files N`` it also times ``--jobs 1`` against ``--jobs 2`` on N files of
``--parallel-hands`` hands each (the batch a tournament director runs), and checks that the
two outputs are byte for byte the same.

Usage: ``python benchmarks/bench.py [--hands 20000] [--seed 1] [--workdir DIR] [--repeat 3]
[--parallel-files 300 --parallel-hands 40]``
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

CHESS_READER = """
import sys, chess.pgn
plies = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
print(plies)
"""


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
    from referee.simulate import generate_session

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


def timed(commands: list[list[str]], repeat: int) -> list[float]:
    """Best wall-clock time of ``repeat`` runs of each command, each a whole process.

    The commands take turns (a, b, a, b, ...), so a spell of load on the machine costs
    both sides alike.
    """
    best = [float("inf")] * len(commands)
    for _ in range(repeat):
        for i, cmd in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def compile_bytecode() -> None:
    """Compile the referee's modules to bytecode, as an installed package has them.

    python-chess runs from the bytecode pip compiled when installing it; an editable
    install of the referee compiles its modules on first import, unless
    ``PYTHONDONTWRITEBYTECODE`` is set, and then every run would compile them again (about
    50 ms here): not how a user runs it.
    """
    import compileall

    import referee

    compileall.compile_dir(Path(referee.__file__).parent, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--parallel-files", type=int, default=0)
    parser.add_argument("--parallel-hands", type=int, default=40)
    args = parser.parse_args()
    work = args.workdir or Path(tempfile.mkdtemp(prefix="referee-bench-"))
    corpus = work / "bourre"
    files, hands, plays = make_bourre_corpus(corpus, args.hands, args.seed)
    pgn = work / "games.pgn"
    plies = make_pgn(pgn, plays, args.seed)
    reader = work / "read_pgn.py"
    reader.write_text(CHESS_READER, encoding="utf-8")
    py = sys.executable
    referee_cmd = [py, "-m", "referee", "audit", "--format", "json", "--jobs", "1", str(corpus)]
    compile_bytecode()
    ref_t, chess_t = timed([referee_cmd, [py, str(reader), str(pgn)]], args.repeat)
    ref_rate, chess_rate = plays / ref_t, plies / chess_t
    print(f"corpus: {files} files, {hands} Bourré hands, {plays} plays; {plies} chess plies")
    print(f"referee:      {ref_t:7.2f} s  {hands / ref_t:9.0f} hands/s  {ref_rate:9.0f} plays/s")
    print(f"python-chess: {chess_t:7.2f} s  {'':>15}  {chess_rate:9.0f} plies/s")
    print(f"ratio (referee plays/s / python-chess plies/s): {ref_rate / chess_rate:.2f}")
    if args.parallel_files:
        parallel(work / "parallel", args.parallel_files, args.parallel_hands, args)


def parallel(folder: Path, files: int, per_file: int, args: argparse.Namespace) -> None:
    """Time ``--jobs 1`` against ``--jobs 2`` on ``files`` files of ``per_file`` hands."""
    make_bourre_corpus(folder, files * per_file, args.seed, per_file)
    base = [sys.executable, "-m", "referee", "audit", "--format", "json"]
    commands = [[*base, "--jobs", str(jobs), str(folder)] for jobs in (1, 2)]
    one, two = timed(commands, args.repeat)
    outputs = [subprocess.run(cmd, check=False, capture_output=True).stdout for cmd in commands]
    same = "byte-identical" if outputs[0] == outputs[1] else "DIFFERENT OUTPUTS"
    print(
        f"{files} files x {per_file} hands: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s: "
        f"{one / two:.2f}x ({same})"
    )


if __name__ == "__main__":
    main()
