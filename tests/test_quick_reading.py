"""The parser's quick path (:mod:`referee.parser.quickpath`) reads its own way.

It reads a usual Bourré line by its words, looked up in tables of the names, cards, suits
and amounts that the grammar's patterns have matched before, and only else with the
patterns (which fill the tables). Both ways must give the same :class:`QuickHand`, take and
leave the same hands, and :attr:`QuickHand.read` must give the hand as read in full.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.parser import read_text
from referee.records import Hand, QuickHand, QuickTrick

HEAD = "game bourre\nplayers ann Bob cy dee eve\n"

_SHAPES = [
    "dealer{c} {n}",
    "ante{c} {names}",
    "ante",
    "trump{c} {card}",
    "trump{c} {suit}",
    "deal{c} {n} {cards}",
    "{n}{c} {pass}",
    "{n} {play}",
    "{n} {play} discard {i}",
    "{n} {play} discard {cards}",
    "{n} {play} discard {cards} draw {cards}",
    "{n} {play} discard draw {cards}",
    "trick{c} {plays}",
    "trick {i}{c} {plays}",
    "trick{c} {i} {plays}",
    "settle{c} split",
    "settle pot {a}",
    "settle{c} {n} {kind} {a}",
    "settle {n}+{n} {a} {n}+{n} {a}",
    "claim {n} renege {n}",
    # and near misses
    "dealer {names}",
    "trump {cards}",
    "deal {n}",
    "deal {cards}",
    "{n} {pass} discard {cards}",
    "{n} {play} {cards}",
    "{n} {play} discard {i} {cards}",
    "{n} {play} discard {cards} draw",
    "{n} {play} discard {cards} {pass} {cards}",
    "trick {plays} {n}",
    "trick {n} {plays}",
    "trick {i}",
    "settle {n} {a}",
    "settle {kind} {a}",
    "settle {n} {n} {a}",
    "settle {n} {kind} {a} {a}",
    "settle pot",
]
# Pieces: as usually written, in other ways the patterns take, and (rarely) ones they do not.
_PIECES = {
    "n": (["ann", "Bob", "cy", "dee"], ["ANN", "Ann", "bob", "eve"], ["zed", "pot", "ſ", "7h"]),
    "card": (
        ["7h", "Td", "Qs", "joker", "2c"],
        ["10d", "td", "TD", "Q♠", "q♤", "JOKER", "a♡", "9C", "Kſ"],
        ["1h", "7hx", "spades", "ann", "3"],
    ),
    "suit": (["hearts", "s"], ["Heart", "♦", "SPADES", "ſpades"], ["clubz", "7h", "x"]),
    "i": (["1", "3", "3:"], ["12", "99", "0"], ["100", "007", "99999999999", "x", "7h"]),
    "a": (
        ["5", "12"],
        ["0.50", "+5", "-3", "$5", "5$", "-$3", "$-3", "€0.50", "1.50£"],
        ["1.", "1" * 30, "7h", "pot", "$5$", "¢5", "5$x", "$", "-$-3"],
    ),
    "kind": (
        ["wins", "bourre"],
        ["WINS", "Bourré", "BOURRÉ", "renege", "Penalty"],
        ["win", "wİnſ", "pot", "penalti"],
    ),
    "pass": (["pass", "fold"], ["PASS", "Fold"], ["paſs", "passes", "play"]),
    "play": (["play", "stand"], ["Play", "PLAY"], ["plays", "pass"]),
    "c": ([""], [":", " :", ": ", ","], ["::", ":,", ";"]),
    # between words
    "gap": ([" ", ", "], [",", "\t", "  ", " ,", " ,\t"], ["", "\xa0", "\u2003", ";"]),
}


def piece_of(
    pieces: dict[str, tuple[list[str], list[str], list[str]]],
    draw: st.DrawFn,
    key: str,
    odd: bool = True,
) -> str:
    """A piece of ``pieces`` (as usually written, another way it is taken, a wrong way): as
    usually written 3 times in 4, else mostly in another way it is taken."""
    plain, other, wrong = pieces[key]
    choice = draw(st.integers(0, 19))
    return draw(
        st.sampled_from(plain if choice < 15 else other if choice < 19 or not odd else wrong)
    )


def _piece(draw: st.DrawFn, key: str, odd: bool = True) -> str:
    return piece_of(_PIECES, draw, key, odd)


@st.composite
def _line(draw: st.DrawFn) -> str:
    out = []
    for i, part in enumerate(draw(st.sampled_from(_SHAPES)).split("{")):
        if i:
            key, part = part.split("}", 1)
            if key in ("plays", "cards", "names"):
                count = draw(st.integers(0 if key == "names" else 1, 5))
                items = [
                    _piece(draw, "n") + _piece(draw, "gap", odd=False) + _piece(draw, "card")
                    if key == "plays"
                    else _piece(draw, "card" if key == "cards" else "n")
                    for _ in range(count)
                ]
                out.append(_piece(draw, "gap").join(items))
            else:
                out.append(_piece(draw, key))
        for j, word in enumerate(part.split(" ")):
            if j:
                out.append(_piece(draw, "gap"))
            if word.isalpha() and draw(st.integers(0, 3)) == 0:
                word = draw(st.sampled_from([word.upper(), word.title()]))
            out.append(word)
    return "".join(out) + draw(st.sampled_from(["", "", "", " ", ",", " # note"]))


def _by_patterns(text: str) -> str:
    """``text`` with each hand line's spaces made tabs: the same statements to the grammar
    (a tab is a separator wherever a space is, so the lines have the same words at the same
    columns), but no word of a line is parted from the next by a space, so the quick path
    reads every line of more than one word with its patterns, as it reads a line whose
    words it cannot take."""
    head, _, hands = text.partition("\nhand ")
    lines = [
        line if line.startswith("hand ") else line.replace(" ", "\t") for line in hands.split("\n")
    ]
    return f"{head}\nhand " + "\n".join(lines)


def _check(text: str) -> list[Hand | QuickHand]:
    """Read ``text`` quick by words, quick by patterns only and in full; check they agree."""
    by_words = read_text(text, quick=True)
    hands = list(by_words.hands())
    by_patterns = read_text(_by_patterns(text), quick=True)
    same = list(by_patterns.hands())
    full = read_text(text)
    assert len(hands) == len(same)
    for hand, other, whole in zip(hands, same, full.hands(), strict=True):
        assert type(hand) is type(other)
        if isinstance(hand, QuickHand) and isinstance(other, QuickHand):
            assert hand._replace(read=None) == other._replace(read=None)  # (all but `read`)
            assert hand.read() == other.read() == whole
        else:
            assert hand == other == whole
    assert by_words.errors == full.errors
    assert [replace(e, source_line=None) for e in by_patterns.errors] == [
        replace(e, source_line=None) for e in full.errors
    ]  # (but for the lines as read, with tabs)
    return hands


@settings(max_examples=1000, deadline=None)
@given(st.lists(_line(), min_size=1, max_size=10))
def test_words_and_patterns_read_alike(lines: list[str]) -> None:
    # Each line a hand of its own (so a line taken wrongly cannot hide behind another that
    # is not taken), twice (so the second time finds the words the first taught); then
    # all the lines in one hand.
    hands = [*lines, *lines, "\n".join(lines)]
    _check(HEAD + "".join(f"hand {i + 1}\n{body}\n\n" for i, body in enumerate(hands)))


def test_usual_spellings_read_by_words() -> None:
    hand = (
        "dealer: Bob\nante ann bob cy\ntrump: ♦\ndeal ANN 10d, TD Q♠ 9C Kſ\n"
        "ann play discard 10d td draw 2c 3c\nbob pass\ncy Play discard 2\n"
        "trick 1: ANN 10d, bob q♤\ntrick: ann JOKER bob a♡\n"
        "settle pot +5\nsettle ann Bourré 0.50\nsettle split\n"
    )
    first, second = _check(HEAD + f"hand 1\n{hand}\nhand 2\n{hand}")
    assert isinstance(first, QuickHand) and isinstance(second, QuickHand)
    assert second[3:-2] == first[3:-2]  # (all but the number, line, column, `read`, `numbered`)
    assert second.tricks == [
        QuickTrick(1, ("ann", "Bob"), ("Td", "Qs")),
        QuickTrick(None, ("ann", "Bob"), ("joker", "Ah")),
    ]
    assert second.trumps == [("d", None)]
    assert second.deals == {"ann": ("Td", "Td", "Qs", "9c", "Ks")}
    assert [d.discards for d in second.decisions.values()] == [("Td", "Td"), None, None]
    assert [str(amount) for _, _, amount in second.settles] == ["5", "0.50", "None"]


def test_hand_lines_read_alike_quick_and_in_full() -> None:
    """A `hand` line is known by its words once its spelling was seen; odd ones by pattern."""
    heads = ["hand 1", "Hand 2", "HAND: 3", "hand 0004", "hand 5 ", "hand 12345678901"]
    heads += ["hand 6,", "hand ³", "hand: 7:", "hand\t8", "hand:9", "hand  10", "hand -3"]
    body = "trump 7s\ntrick ann 2s bob 3s\n"
    text = "game bourre\nplayers ann bob\n" + "".join(f"{h}\n{body}" for h in heads * 2)
    quick, full = read_text(text, quick=True), read_text(text)
    quick_heads = [(h.number, h.line, h.column) for h in quick.hands()]
    assert quick_heads == [(h.number, h.line, h.column) for h in full.hands()]
    assert quick.errors == full.errors
    assert [e.line for e in quick.errors] == [18, 24, 39, 57, 63, 78]  # too long, ³, -3
    assert quick_heads[13] == (1, 42, 1) and quick_heads[15] == (3, 48, 1)
