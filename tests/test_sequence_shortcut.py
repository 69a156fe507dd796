"""The cheap exit of :func:`referee.sequence.split_forgotten` agrees with the full look.

Before looking for where a forgotten `hand` line's statements begin (several passes over a
hand's statements), :func:`split_forgotten` asks :func:`_repeats` whether any once-a-hand
statement (:func:`_once_key`, the same keys the full look uses) comes twice at all; the
usual hand has none and is done in one pass, and its part says so (``Part.repeats``), so
that the engines skip :func:`duplicate_findings` for it. Here hands of both games are read
from random logs, many with `hand` lines deleted (two hands run together) and statements
written twice, and the full look (:func:`_restart_at`) must find no restart, and
:func:`duplicate_findings` no duplicate, wherever :func:`_repeats` says no.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from referee.parser.reader import read_text
from referee.records import Hand
from referee.sequence import (
    _once_key,
    _repeats,
    _restart_at,
    duplicate_findings,
    split_forgotten,
    unread_kind,
)
from tests.simulate import generate_session
from tests.test_euchre_property import simulate


def _euchre_log(rng: random.Random) -> str:
    hands = [simulate(rng, inject=rng.random() < 0.3) for _ in range(3)]
    body = [f"hand {n}\n" + "\n".join(s.lines) for n, s in enumerate(hands, 1)]
    return "game bid-euchre\nplayers ann bob cy dee\n\n" + "\n\n".join(body) + "\n"


def _carelessly(rng: random.Random, text: str) -> str:
    """``text`` with some `hand` lines after the first deleted, some statements written
    twice, and now and then a `hand` line made unreadable."""
    out: list[str] = []
    first = True
    for line in text.splitlines():
        if line.lower().startswith("hand"):
            if not first and rng.random() < 0.4:
                continue
            if not first and rng.random() < 0.1:
                line = "hnad " + line[5:]
            first = False
        out.append(line)
        statement = line.strip() and not line.lower().startswith(("hand", "game", "players"))
        if statement and rng.random() < 0.05:
            out.insert(rng.randrange(len(out) + 1), line)
    return "\n".join(out) + "\n"


def _careless_logs(seeds: int) -> Iterator[tuple[int, tuple[str, ...], list[Hand]]]:
    """For each seed below ``seeds``, a random log (Bourré for an odd seed, Bid Euchre for
    an even one) read after :func:`_carelessly`: the seed, the seats and the hands."""
    for seed in range(seeds):
        rng = random.Random(seed)
        if seed % 2:
            text = generate_session(rng, hands=4, varied_spelling=True).text
        else:
            text = _euchre_log(rng)
        seats, hands = _hands(_carelessly(rng, text))
        yield seed, seats, hands


def _hands(text: str) -> tuple[tuple[str, ...], list[Hand]]:
    reader = read_text(text)
    hands = [h for h in reader.hands() if isinstance(h, Hand)]
    seats = reader.header.players if reader.header is not None else ()
    return seats, hands


def test_no_repeated_statement_means_no_restart() -> None:
    restarts = repeated = plain = 0
    for seed, seats, hands in _careless_logs(150):
        max_tricks = 5 if seed % 2 else 6
        for hand in hands:
            keys = [_once_key(e, seats) for e in hand.events]
            heads = [u.line for u in hand.unreadable if unread_kind(u, seats) == "hand"]
            tricks = [u.line for u in hand.unreadable if unread_kind(u, seats) in ("trick", "")]
            following = hand.next_number
            vouched = following is not None
            full = _restart_at(hand.events, keys, heads, tricks, max_tricks, vouched, seats)
            parts = split_forgotten(hand, seats, max_tricks)
            room = following is None or following >= hand.number + 2
            assert (len(parts) == 1) == (full is None or not room)
            for part in parts:
                events = part.hand.events
                assert part.repeats == _repeats([_once_key(e, seats) for e in events])
                if not part.repeats:
                    assert duplicate_findings(part.hand, seats) == []
                    assert duplicate_findings(part.hand, seats, euchre=True) == []
            if not _repeats(keys):
                assert full is None and len(parts) == 1
                plain += 1
            elif full is None:
                repeated += 1
            else:
                restarts += 1
    # (every kind of hand is met: plain, a statement twice in one hand, two hands in one)
    assert plain > 100 and repeated > 20 and restarts > 50, (plain, repeated, restarts)


def test_no_cards_played_again_means_no_trick_line_written_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """:func:`_copied_tricks` looks for copies only in a hand where a trick line plays the
    cards of one before it (:func:`_cards_again`): it finds what the full look finds."""
    from referee import sequence

    copied = plain = 0
    for _, _, hands in _careless_logs(120):
        for hand in hands:
            for one_deck in (True, False):
                quick = sequence._copied_tricks(hand.events, one_deck)
                with monkeypatch.context() as patch:
                    patch.setattr(sequence, "_cards_again", lambda *_: True)
                    full = sequence._copied_tricks(hand.events, one_deck)
                assert quick == full
                copied += bool(full)
                plain += not sequence._cards_again(hand.events, one_deck)
    assert copied > 20 and plain > 100, (copied, plain)
