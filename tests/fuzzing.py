"""Mutating real hand logs for the fuzz tests (``tests/test_fuzz.py``) and longer campaigns.

:func:`seed_logs` gathers real logs: the Bourré samples, the spec's examples, a few Bid Euchre
logs written here (ask, moon, exchange, deal lines, claims, a redeal, a header score) and
generated sessions. :func:`mutate` applies a few random edits of the kinds a hand-written or
damaged log shows: flipped bits, random bytes, cut or deleted lines, duplicated or swapped
lines, shuffled or deleted tokens, swapped names and cards, odd cards (``2h`` in Bid Euchre,
the joker), huge numbers, line ends changed, lines spliced in from another log.

:func:`check_report` is the oracle: a report may carry any finding or ``P-`` error, but never
``P-INTERNAL`` (the engine crashed), and every position it gives must be sane.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from referee.report import FileReport

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
EXAMPLES = ROOT.parent / "shared" / "spec" / "examples"

EUCHRE_ASK = """\
game bid-euchre
players ann bob cy dee
option stick_the_dealer true
score ann+cy 10 bob+dee 12

hand 1
dealer dee
deal ann Jh Jd Ah 9s Ts Qc
deal bob 9h Th Kd Ad 9c Tc
deal cy Kh Qh Js Ks As 9d
deal dee Jc Kc Ac Td Qd Qs
bid ann ask hearts
bid bob pass
bid cy pass
bid dee pass
trump hearts
exchange ann Qc cy Kh
trick 1: ann Jh, bob 9h, dee Jc
trick 2: ann Jd, bob Th, dee Kc
trick 3: ann Ah, bob Kd, dee Ac
trick 4: ann Kh, bob Ad, dee Td
trick 5: ann Ts (was 9s), bob 9c, dee Qd
trick 6: ann 9s, bob Tc, dee Qs
claim bob renege ann trick 5
settle ann+cy 12 bob+dee 0
score ann+cy 22 bob+dee 12

hand 2
dealer ann
bid bob pass
bid cy pass
bid dee pass
bid ann pass

hand 3
dealer: bob
bid: cy moon spades
trump ♠
trick 1 cy Js, dee 9s, ann Qs
trick 2 cy Jc, dee Ts, ann Ks
trick 3 cy As, dee Ah, ann 9h
trick 4 cy Ac, dee Ad, ann 9d
trick 5 cy Kc, dee Kd, ann Td
trick 6 cy Qc, dee Qd, ann Jd
settle ann+cy 24, bob+dee 0
score ann+cy 46, bob+dee 12
"""

EUCHRE_PLAIN = """\
# two hands of Bid Euchre, the second with a renege
game bid_euchre
players Ann Bob Cy Dee
option min_bid 4

hand 1
dealer Dee
bid Ann pass
bid Bob 4
bid Cy 5 diamonds
bid Dee pass
trump diamonds
trick 1: Cy Jd, Dee 9d, Ann Td, Bob Qd
trick 2: Cy Jh, Dee Kd, Ann 9c, Bob Ad
trick 3: Bob As, Cy 9s, Dee Ts, Ann Qs
trick 4: Bob Ks, Cy Js, Dee Ah, Ann Th
trick 5: Dee Kh, Ann Qh, Bob 9h, Cy Ac
trick 6: Dee Kc, Ann Qc, Bob Tc, Cy Jc
settle Bob+Dee 3 Ann+Cy -5
score Ann+Cy -5 Bob+Dee 3

hand 2
dealer Ann
bid Bob 4
bid Cy pass
bid Dee pass
bid Ann pass
trump clubs
trick 1: Bob Jc, Cy 9c, Dee Tc, Ann Qc
trick 2: Bob Js, Cy Ac, Dee Kc, Ann 9h
trick 3: Bob Ad, Cy Kd, Dee 9d, Ann Td
trick 4: Bob As, Cy Ks, Dee 9s, Ann Ts
trick 5: Bob Ah, Cy Kh, Dee Qh, Ann Th
trick 6: Bob Jh, Cy Qd, Dee Jd, Ann Qs
"""


def _generated() -> list[tuple[str, str]]:
    """A few generated sessions of both games (seeded: always the same texts)."""
    from tests.simulate import generate_session

    out = []
    for seed in range(3):
        rng = random.Random(seed)
        session = generate_session(rng, hands=4, illegal="BR-FOLLOW" if seed == 1 else None)
        out.append((f"generated-bourre-{seed}.hlog", session.text))
    try:
        from tests.test_euchre_property import simulate
    except ImportError:  # pragma: no cover - the Bid Euchre property test moved
        return out
    for seed in range(3):
        rng = random.Random(100 + seed)
        bodies = []
        for number in range(1, 4):
            sim = simulate(rng, inject=seed == 1)
            bodies.append(f"hand {number}\n" + "\n".join(sim.lines))
        text = "game bid-euchre\nplayers ann bob cy dee\n\n" + "\n\n".join(bodies) + "\n"
        out.append((f"generated-euchre-{seed}.hlog", text))
    return out


def seed_logs() -> list[tuple[str, str]]:
    """(name, text) of every real log to mutate, in a fixed order."""
    found: list[tuple[str, str]] = []
    for folder in (SAMPLES, EXAMPLES):
        if folder.is_dir():
            for path in sorted(folder.rglob("*.hlog")):
                found.append((path.name, path.read_text("utf-8")))
    found.append(("euchre-ask.hlog", EUCHRE_ASK))
    found.append(("euchre-plain.hlog", EUCHRE_PLAIN))
    found.extend(_generated())
    return found


# ----------------------------------------------------------------------------- mutations

ODD_CARDS = ["2h", "joker", "1s", "Zz", "10♣", "T♥", "9h", "Jd", "Ah", "As", "9s", "Kc", "11h"]
ODD_NAMES = ["rob", "ann", "ANN", "Ann", "eve", "zoë", "hand", "pass", "7h", "x", "é", "dee"]
ODD_WORDS = [
    "hand",
    "trick",
    "deal",
    "dealer",
    "trump",
    "bid",
    "settle",
    "score",
    "claim",
    "renege",
    "exchange",
    "ante",
    "pass",
    "play",
    "discard",
    "draw",
    "wins",
    "bourre",
    "split",
    "pot",
    "ask",
    "moon",
    "game",
    "players",
    "option",
    "rules",
    "exempt",
    "(was",
    ")",
    "(",
    ":",
    ",",
    "+",
    "#",
    "-1",
    "0",
    "999999999999",
    "1e9",
    "0.5",
    "hearts",
    "♠",
    "\t",
    "\ufeff",
    "\u00a0",
    "\u200b",
    "\x0c",
    "ﬀ",
    "ſ",
    "K",
    "İ",
]
RANDOM_BYTES = [
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\r",
    b"\n",
    b"\r\n",
    b"\x85",
    b"\xe2\x80\xa8",
    b"\xef\xbb\xbf",
    b"\xed\xa0\x80",
    b"\x7f",
    b"\x1b[31m",
]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines)


def _flip(rng: random.Random, data: bytes, other: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def _random_bytes(rng: random.Random, data: bytes, other: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    if rng.random() < 0.5:
        chunk = rng.choice(RANDOM_BYTES)
    else:
        chunk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return data[:i] + chunk + data[i:]


def _cut_line(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
    return _join(lines)


def _delete_line(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return _join(lines)


def _duplicate_line(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = rng.randrange(len(lines) + 1)
    lines.insert(j, lines[i])
    return _join(lines)


def _swap_lines(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return _join(lines)


def _splice(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines, more = _lines(data), _lines(other)
    start = rng.randrange(len(more))
    chunk = more[start : start + rng.randint(1, 6)]
    i = rng.randrange(len(lines) + 1)
    return _join(lines[:i] + chunk + lines[i:])


def _token_edit(
    edit: Callable[[random.Random, list[str]], list[str]],
) -> Callable[[random.Random, bytes, bytes], bytes]:
    """A mutation of the tokens (space-separated words) of one non-blank line."""

    def mutation(rng: random.Random, data: bytes, other: bytes) -> bytes:
        lines = _lines(data)
        candidates = [i for i, ln in enumerate(lines) if ln.strip()]
        if not candidates:
            return data
        i = rng.choice(candidates)
        text = lines[i].decode("utf-8", errors="surrogateescape")
        words = text.split(" ")
        words = edit(rng, words)
        lines[i] = " ".join(words).encode("utf-8", errors="surrogateescape")
        return _join(lines)

    return mutation


def _shuffle_tokens(rng: random.Random, words: list[str]) -> list[str]:
    rng.shuffle(words)
    return words


def _delete_token(rng: random.Random, words: list[str]) -> list[str]:
    if words:
        del words[rng.randrange(len(words))]
    return words


def _insert_token(rng: random.Random, words: list[str]) -> list[str]:
    pool = rng.choice([ODD_WORDS, ODD_CARDS, ODD_NAMES])
    words.insert(rng.randrange(len(words) + 1), rng.choice(pool))
    return words


def _replace_token(rng: random.Random, words: list[str]) -> list[str]:
    if words:
        pool = rng.choice([ODD_WORDS, ODD_CARDS, ODD_NAMES, words])
        words[rng.randrange(len(words))] = rng.choice(pool)
    return words


def _swap_tokens_across(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Swap a word of one line with a word of another (names and cards change places)."""
    lines = _lines(data)
    full = [i for i, ln in enumerate(lines) if ln.strip()]
    if len(full) < 2:
        return data
    i, j = rng.sample(full, 2)
    a, b = lines[i].split(b" "), lines[j].split(b" ")
    x, y = rng.randrange(len(a)), rng.randrange(len(b))
    a[x], b[y] = b[y], a[x]
    lines[i], lines[j] = b" ".join(a), b" ".join(b)
    return _join(lines)


def _rename(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Replace every (or one) occurrence of a name or a card by another."""
    words = sorted({w for w in data.split() if w.isalpha() and 2 <= len(w) <= 6})
    if not words:
        return data
    old = rng.choice(words)
    new = rng.choice(ODD_NAMES + ODD_CARDS + [w.decode("utf-8", "replace") for w in words])
    new_b = new.encode("utf-8")
    if rng.random() < 0.5:
        return data.replace(old, new_b)
    return data.replace(old, new_b, 1)


def _numbers(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Change a number (hand, trick, amount, bid) to another, maybe absurd, one."""
    digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
    if not digits:
        return data
    i = rng.choice(digits)
    new = rng.choice([b"0", b"7", b"99", b"1000000", b"9" * 30, b"-3", b"0.001", b"1e5", b""])
    return data[:i] + new + data[i + 1 :]


def _line_ends(rng: random.Random, data: bytes, other: bytes) -> bytes:
    new = rng.choice([b"\r\n", b"\r", b"\n\n", b"\x0b", b"\x85", b"\xe2\x80\xa8"])
    count = rng.choice([1, 5, -1])
    return data.replace(b"\n", new, count)


def _repeat_block(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Repeat a run of lines many times (deeply repeated statements)."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    block = lines[i : i + rng.randint(1, 12)]
    return _join(lines[:i] + block * rng.randint(2, 60) + lines[i:])


def _truncate(rng: random.Random, data: bytes, other: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


MUTATIONS: dict[str, Callable[[random.Random, bytes, bytes], bytes]] = {
    "flip": _flip,
    "random-bytes": _random_bytes,
    "cut-line": _cut_line,
    "delete-line": _delete_line,
    "duplicate-line": _duplicate_line,
    "swap-lines": _swap_lines,
    "splice": _splice,
    "shuffle-tokens": _token_edit(_shuffle_tokens),
    "delete-token": _token_edit(_delete_token),
    "insert-token": _token_edit(_insert_token),
    "replace-token": _token_edit(_replace_token),
    "swap-tokens": _swap_tokens_across,
    "rename": _rename,
    "numbers": _numbers,
    "line-ends": _line_ends,
    "repeat-block": _repeat_block,
    "truncate": _truncate,
}

# Byte-level damage mostly makes the file unreadable (P-ENCODING), which stops the judging
# early; the structural edits reach the engines, so they are drawn more often.
_WEIGHTS = {"flip": 1, "random-bytes": 1, "truncate": 1, "line-ends": 1}


def mutate(rng: random.Random, data: bytes, other: bytes, count: int | None = None) -> bytes:
    """``data`` after ``count`` (default 1 to 4) random mutations; ``other`` feeds splices."""
    names = list(MUTATIONS)
    weights = [_WEIGHTS.get(n, 3) for n in names]
    for _ in range(count if count is not None else rng.randint(1, 4)):
        name = rng.choices(names, weights)[0]
        data = MUTATIONS[name](rng, data, other)
    return data


# ----------------------------------------------------------------------------- the oracle


def check_report(report: FileReport, data: bytes | None = None) -> None:
    """Raise AssertionError when ``report`` shows a crash or nonsense positions."""
    internal = [e for e in report.errors if e.code == "P-INTERNAL"]
    assert not internal, internal
    # the parser turns its own crash on a line into this P-SYNTAX: a bug all the same
    masked = [e for e in report.errors if "could not read this line (" in e.message]
    assert not masked, masked
    nlines = None if data is None else data.count(b"\n") + data.count(b"\r") + 2
    for e in report.errors:
        assert e.code.startswith("P-"), e
        assert e.message, e
        if e.line is not None:
            assert e.line >= 1, e
            assert nlines is None or e.line <= nlines, (e, nlines)
        if e.column is not None:
            assert e.column >= 1, e
    for hand in report.hands:
        for v in hand.violations:
            assert v.line >= 1 and v.column >= 1, v
            assert nlines is None or v.line <= nlines, (v, nlines)
            assert v.rule and v.message, v


# ----------------------------------------------------------------------------- random logs

_RANKS = "AKQJT98765432"
_SUITS = "shdc"


def random_log(rng: random.Random) -> str:
    """A log made of well-formed statements in a random order, with random names and cards.

    Mutating real logs mostly produces one fault at a time; this reaches the odd corners of
    the engines (a trick of one card, the dealer unseated, an exchange without an ask, seven
    tricks, bids from the partner who sits out...).
    """
    game = rng.choice(["bourre", "bid-euchre"])
    count = 4 if game == "bid-euchre" else rng.randint(2, 8)
    pool = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ida"]
    seats = pool[:count]

    def name() -> str:
        return rng.choice(seats) if rng.random() < 0.93 else rng.choice(["rob", "zed", "Ann"])

    def card() -> str:
        if rng.random() < 0.04:
            return rng.choice(["joker", "2h", "3c"])
        ranks = _RANKS[:6] if game == "bid-euchre" and rng.random() < 0.9 else _RANKS
        return rng.choice(ranks) + rng.choice(_SUITS)

    def cards(n: int) -> str:
        return " ".join(card() for _ in range(n))

    def team() -> str:
        a = rng.choice(seats)
        b = seats[(seats.index(a) + rng.choice([2, 2, 2, 1])) % len(seats)]
        return f"{a}+{b}"

    lines = [f"game {game}", "players " + " ".join(seats)]
    if rng.random() < 0.3:
        if game == "bourre":
            lines.append(
                rng.choice(
                    [
                        "option limit 3",
                        "option hand_size 4",
                        "option cinch false",
                        "option all_pass dealer",
                        "option double_ante true",
                        "pot 7",
                        "exempt " + name(),
                        "option limit_caps_winner true",
                        "option renege_penalty none",
                        "option must_trump false",
                        "option head_when_trumped true",
                    ]
                )
            )
        else:
            lines.append(
                rng.choice(
                    [
                        "option target 5",
                        "option stick_the_dealer true",
                        "option first_lead left",
                        "option first_bidder dealer",
                        "option min_bid 1",
                        "option renege_points 0",
                        f"score {team()} {rng.randint(0, 40)} {team()} {rng.randint(-10, 40)}",
                    ]
                )
            )
    for number in range(1, rng.randint(1, 5) + 1):
        lines.append(f"hand {number if rng.random() < 0.95 else rng.randint(0, 9)}")
        body: list[str] = []
        if number == 1 or rng.random() < 0.3:
            body.append(f"dealer {name()}")
        size = 6 if game == "bid-euchre" else 5
        for _ in range(rng.randint(0, 4)):
            body.append(f"deal {name()} {cards(rng.choice([size, size, size, 4, 7]))}")
        if game == "bourre":
            if rng.random() < 0.9:
                body.append("trump " + (card() if rng.random() < 0.6 else rng.choice(_SUITS)))
            if rng.random() < 0.3:
                body.append("ante " + " ".join(name() for _ in range(rng.randint(0, count))))
            for seat in seats:
                r = rng.random()
                if r < 0.25:
                    body.append(f"{seat} pass")
                elif r < 0.5:
                    body.append(f"{seat} play")
                elif r < 0.65:
                    body.append(f"{seat} play discard {rng.randint(0, 6)}")
                elif r < 0.8:
                    k = rng.randint(1, 5)
                    drawn = cards(k if rng.random() < 0.8 else k + 1)
                    body.append(f"{seat} play discard {cards(k)} draw {drawn}")
        else:
            for _ in range(rng.randint(0, 5)):
                bid = rng.choice(["pass", "3", "4", "5", "6", "ask", "moon", "1", "2"])
                suit = rng.choice(["", "", " hearts", " s"])
                body.append(f"bid {name()} {bid}{suit if bid != 'pass' else ''}")
            if rng.random() < 0.85:
                body.append("trump " + rng.choice(["hearts", "spades", "d", "♣"]))
            if rng.random() < 0.2:
                body.append(f"exchange {name()} {card()} {name()} {card()}")
        per_trick = count if game == "bourre" else rng.choice([4, 3, 3])
        for t in range(1, rng.randint(0, size + 2) + 1):
            plays = []
            for _ in range(max(0, per_trick + rng.choice([0, 0, 0, 0, -1, 1, -3]))):
                was = f" (was {card()})" if rng.random() < 0.05 else ""
                plays.append(f"{name()} {card()}{was}")
            label = f"trick {t if rng.random() < 0.95 else rng.randint(0, 9)}: "
            if plays:
                body.append(label + ", ".join(plays))
        if rng.random() < 0.2:
            body.append(
                f"claim {name()} renege {name()}"
                + (f" trick {rng.randint(0, 8)}" if rng.random() < 0.5 else "")
            )
        if game == "bourre":
            for _ in range(rng.randint(0, 3)):
                body.append(
                    rng.choice(
                        [
                            f"settle {name()} wins {rng.randint(0, 20)}",
                            "settle split",
                            f"settle pot {rng.randint(0, 20)}",
                            f"settle {name()} bourre 5",
                            f"settle {name()} renege 0.5",
                        ]
                    )
                )
        else:
            for kind in ("settle", "score"):
                if rng.random() < 0.4:
                    body.append(
                        f"{kind} {team()} {rng.randint(-6, 24)} {team()} {rng.randint(-6, 24)}"
                    )
        if rng.random() < 0.3:
            rng.shuffle(body)
        lines.extend(body)
    return "\n".join(lines) + "\n"


def shuffled_tricks(rng: random.Random, text: str, rate: float, doubled: float = 0.0) -> str:
    """``text`` with the plays of some trick lines (each with chance ``rate``) shuffled, now
    and then one left out or (chance ``doubled``) one player's card given twice: what a
    careless scorer writes. Written ``trick N: NAME CARD, ...``."""
    lines = []
    for line in text.splitlines():
        if line.startswith("trick ") and rng.random() < rate:
            head, plays = line.split(": ", 1)
            cards = plays.split(", ")
            rng.shuffle(cards)
            if rng.random() < 0.2:
                cards.pop(rng.randrange(len(cards)))
            elif doubled and rng.random() < doubled:
                cards.insert(rng.randrange(len(cards) + 1), rng.choice(cards))
            line = f"{head}: " + ", ".join(cards)
        lines.append(line)
    return "\n".join(lines) + "\n"


def damaged_log(rng: random.Random, logs: list[str]) -> str:
    """One of ``logs`` after :func:`mutate`, spliced from another of them, as text (bytes
    that are not UTF-8 replaced): a damaged real log for the agreement tests."""
    data, other = (rng.choice(logs).encode() for _ in range(2))
    return mutate(rng, data, other).decode("utf-8", errors="replace")
