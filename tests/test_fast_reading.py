"""The fast path reads the usual `trick`, `deal`, `bid`, `dealer`, `trump`, `exchange`,
`score` and team `settle` lines by their words.

As the quick path does for a Bourré hand (:mod:`tests.test_quick_reading`), the fast path
(:mod:`referee.parser.fastpath`) reads these lines of any hand it reads in full (every Bid
Euchre hand) by their words, looked up in tables of the names and cards that the grammar's
terminals have matched before, and only else with its patterns (which fill the tables). The
records must be the very ones the patterns give, and those Lark gives alone: same hands,
same errors, on random lines and on mutated logs of both games.
"""

from __future__ import annotations

import io
import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.parser import fastpath, read_text
from referee.parser.reader import LogReader
from referee.records import CardAt, Hand, NameAt, Play, QuickHand, TrickLine
from tests import fuzzing
from tests.test_parser import LarkOnlyReader
from tests.test_quick_reading import _PIECES, piece_of

EUCHRE_HEAD = "game bid-euchre\nplayers ann Bob cy dee\n"
BOURRE_HEAD = "game bourre\nplayers ann Bob cy dee eve\n"

_SHAPES = [
    "trick{c} {plays}",
    "trick {i}{c} {plays}",
    "trick{c} {i} {plays}",
    "trick {i} {n} {card} (was {card}) {plays}",
    "deal{c} {n} {cards}",
    "bid{c} {n} {bid}",
    "bid {n} {bid} {suit}",
    "dealer{c} {n}",
    "trump{c} {suit}",
    "trump {card}",
    "score{c} {team} {a} {team} {a}",
    "settle{c} {team} {a} {team} {a}",
    "exchange{c} {n} {card} {n} {card}",
    # and near misses
    "trick {i}",
    "trick {plays} {n}",
    "trick {n} {plays}",
    "deal {n}",
    "deal {cards}",
    "bid {n}",
    "bid {n} {n}",
    "bid {bid}",
    "bid {n} {bid} {bid}",
    "dealer {n} {n}",
    "trump {suit} {suit}",
    "score {team} {a}",
    "settle {team} {a} {team}",
    "settle {team} {a} {n} {a}",
    "exchange {n} {card} {n}",
    "exchange {n} {card} {card} {n}",
]
_OWN_PIECES = {
    **_PIECES,
    "bid": (
        ["pass", "3", "4", "ask", "moon"],
        ["PASS", "Ask", "mOOn", "6", "0", "7", "12", "99"],
        ["passs", "100", "007", "x", "3h", "ann", "9999999999"],
    ),
    "plus": (["+"], [" + ", ",+", "+ ", "+,", "\t+"], ["++", "", "-", "+ +"]),
}


def _piece(draw: st.DrawFn, key: str, odd: bool = True) -> str:
    return piece_of(_OWN_PIECES, draw, key, odd)


@st.composite
def _line(draw: st.DrawFn) -> str:
    out = []
    for i, part in enumerate(draw(st.sampled_from(_SHAPES)).split("{")):
        if i:
            key, part = part.split("}", 1)
            if key in ("plays", "cards"):
                items = [
                    _piece(draw, "n") + _piece(draw, "gap", odd=False) + _piece(draw, "card")
                    if key == "plays"
                    else _piece(draw, "card")
                    for _ in range(draw(st.integers(1, 5)))
                ]
                out.append(_piece(draw, "gap").join(items))
            elif key == "team":
                out.append(_piece(draw, "n") + _piece(draw, "plus") + _piece(draw, "n"))
            else:
                out.append(_piece(draw, key))
        for j, word in enumerate(part.split(" ")):
            if j:
                out.append(_piece(draw, "gap"))
            if word.isalpha() and draw(st.integers(0, 3)) == 0:
                word = draw(st.sampled_from([word.upper(), word.title()]))
            out.append(word)
    return "".join(out) + draw(st.sampled_from(["", "", "", " ", "  ", ",", " # note"]))


def _no_words(text: str, pos: int) -> None:
    """In place of :func:`fastpath._parted`: no words, so every line is read with the patterns."""
    return None


def _full(hand: Hand | QuickHand) -> Hand:
    """A hand as read in full (a quick path's hand read again: see :attr:`QuickHand.read`)."""
    return hand.read() if isinstance(hand, QuickHand) else hand


def _check(text: str, *, quick: bool = False) -> LogReader:
    """Read ``text`` by words, by the patterns only and by Lark only; check they agree."""
    by_words = read_text(text, quick=quick)
    hands = [_full(hand) for hand in by_words.hands()]
    with mock.patch.object(fastpath, "_parted", _no_words):
        by_patterns = read_text(text, quick=quick)
        same = [_full(hand) for hand in by_patterns.hands()]
    lark = LarkOnlyReader(io.StringIO(text, newline=None))
    assert hands == same == list(lark.hands())
    assert by_words.errors == by_patterns.errors == lark.errors
    assert by_words._fast_failures == by_patterns._fast_failures == 0
    return by_words


@settings(max_examples=600, deadline=None)
@given(st.lists(_line(), min_size=1, max_size=8), st.booleans())
def test_words_patterns_and_lark_read_alike(lines: list[str], euchre: bool) -> None:
    # Each line a hand of its own, twice (the second time finds the words the first taught),
    # then all the lines in one hand; the bids up to 12 too (two decks), in either game.
    hands = [*lines, *lines, "\n".join(lines)]
    body = "".join(f"hand {i + 1}\n{lines}\n\n" for i, lines in enumerate(hands))
    _check((EUCHRE_HEAD if euchre else BOURRE_HEAD) + body)


@pytest.mark.parametrize("seed", range(40))
def test_mutated_logs_read_alike(seed: int) -> None:
    rng = random.Random(seed)
    logs = [text for _, text in fuzzing.seed_logs()]
    for _ in range(10):
        text = fuzzing.damaged_log(rng, logs)
        _check(text, quick=rng.random() < 0.5)


def test_usual_lines_are_read_by_words() -> None:
    """A trick, deal or bid line whose words were all seen before needs no pattern, and
    gives the records (with their columns) the patterns give."""
    first = "trick 1: ANN 10h, bob q♥ cy Jh,  dee Qh,\ndeal ANN 9s 10s, q♥\nbid bob 4\n"
    second = "trick 2: ANN 10h, bob q♥, cy Jh dee Qh\ndeal ANN 9s 10s, q♥\nbid bob PASS\n"
    text = EUCHRE_HEAD + f"hand 1\n{first}hand 2\n{second}"
    called: list[tuple[str, int]] = []

    def counted(name: str) -> object:
        pattern = getattr(fastpath._FastPath, name)

        def read(self: object, text: str, pos: int, line: int, column: int) -> object:
            called.append((name, line))
            return pattern(self, text, pos, line, column)

        return read

    names = ("_deal_matched", "_bid_matched")
    with (
        mock.patch.object(fastpath._FastPath, "_trick_matched", counted("_trick_matched")),
        mock.patch.multiple(fastpath._FastPath, **{name: counted(name) for name in names}),
    ):
        hands = list(read_text(text).hands())
    # hand 1's trick line by its pattern (the two spaces of `,  dee`), which teaches the
    # names and cards written in other ways (`ANN`, `10h`); hand 2's lines by their words
    assert ("_trick_matched", 4) in called
    assert [line for _, line in called if line > 7] == []
    assert hands[1].events[0] == TrickLine(
        2,
        (
            Play(NameAt("ann", True, 8, 10), CardAt("Th", 8, 14)),
            Play(NameAt("Bob", True, 8, 19), CardAt("Qh", 8, 23)),
            Play(NameAt("cy", True, 8, 27), CardAt("Jh", 8, 30)),
            Play(NameAt("dee", True, 8, 33), CardAt("Qh", 8, 37)),
        ),
        8,
        1,
        7,
    )
    assert _check(text).errors == []


def test_a_seated_name_written_as_a_keyword_reads_alike() -> None:
    """`pass` names the seated `paß` (they fold alike) but is a keyword: the line that
    checks keywords (a team `settle`) is left to its pattern, and every reading agrees."""
    text = (
        "game bid-euchre\nplayers paß ann bob cy\nhand 1\n"
        "trick pass 9h ann 9s bob Th cy Jh\nsettle pass+ann 3 bob+cy 4\n"
        "score PASS+ann 3 bob+cy 4\nbid pass 4\nsettle pass+ann 3 bob+cy 4\n"
    )
    reader = _check(text)
    assert reader.errors == []
