"""Reading a log both ways, by the words and with Lark alone, for the reader's tests."""

from __future__ import annotations

import io

from referee.parser import LogReader, read_text
from referee.records import Hand, columns


class LarkOnlyReader(LogReader):
    """A reader that reads no line by its words, so that Lark reads them all: what the word
    reader gives must be exactly what Lark gives."""

    def _read_line(
        self, entry: object, words: object, unreadable: object, keyword: object = ""
    ) -> None:
        return None


def resolved(hand: Hand) -> Hand:
    """The hand with each record's columns worked out (as the Lark reader gives them)."""
    return hand._replace(events=tuple(e._replace(cols=columns(e)) for e in hand.events))


def read(text: str) -> tuple[LogReader, list[Hand]]:
    """Read a log, and check that reading by the words and Lark alone read it identically;
    the hands come with their records' columns worked out."""
    by_words = read_text(text)
    hands = [resolved(h) for h in by_words.hands()]
    slow = LarkOnlyReader(io.StringIO(text, newline="\n"))
    assert list(slow.hands()) == hands
    assert slow.errors == by_words.errors
    score = by_words.header.score if by_words.header is not None else None
    if score is not None:  # (the header's score line, with its columns worked out)
        assert slow.header is not None and slow.header.score == score._replace(cols=columns(score))
        assert slow.header.players == by_words.header.players  # type: ignore[union-attr]
    else:
        assert slow.header == by_words.header
    assert by_words._word_failures == 0
    assert not [e for e in by_words.errors if "could not read" in e.message]  # reader bugs
    return by_words, hands
