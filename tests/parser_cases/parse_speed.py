"""Measure the log reader: ``python tests/parser_cases/parse_speed.py [HANDS]``.

Generates five-player Bourré hands (a dealer, a trump, five decision lines with discards
and draws, five tricks) and prints how many hands a second ``read_log`` turns into records.
CPU time, best of seven runs, so other processes on the machine matter less.
"""

from __future__ import annotations

import random
import sys
import time

from referee.parser import read_log


def generate(hands: int, seed: int = 1) -> list[str]:
    """The lines of a log of ``hands`` five-player hands."""
    rnd = random.Random(seed)
    players = ["ann", "bob", "cy", "dee", "eve"]
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    out = ["game bourre", "players " + " ".join(players), "option limit 20"]
    for number in range(1, hands + 1):
        rnd.shuffle(deck)
        out += [
            f"hand {number}",
            f"dealer {players[(number - 1) % 5]}",
            f"trump {deck[0]}",
            f"ann play discard {deck[30]} {deck[31]} draw {deck[32]} {deck[33]}",
            "bob play",
            "cy play discard 2",
            "dee play",
            f"eve play discard {deck[34]} draw {deck[35]}",
        ]
        for trick in range(5):
            plays = ", ".join(f"{p} {deck[1 + 5 * trick + i]}" for i, p in enumerate(players))
            out.append(f"trick {trick + 1}: {plays}")
    return [line + "\n" for line in out]


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    lines = generate(hands)
    read_log(lines[:3])  # build the grammar first
    best = float("inf")
    for _ in range(7):
        start = time.process_time()
        reader = read_log(lines)
        count = sum(1 for _ in reader.hands())
        best = min(best, time.process_time() - start)
    assert count == hands and not reader.errors
    print(f"{count} hands: {count / best:,.0f} hands/s ({best / count * 1e6:.1f} µs a hand)")


if __name__ == "__main__":
    main()
