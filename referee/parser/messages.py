"""Error messages for lines Lark rejects, and the words that name statements in messages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

from referee.parser.common import (
    _BID_MESSAGE,
    _HandHead,
    _HeaderLine,
    _Names,
    _short,
    _Statement,
)
from referee.parser.syntax import _syntax
from referee.records import (
    AnteLine,
    BidLine,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    ExchangeLine,
    ScoreLine,
    SettleLine,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)

_DESCRIBE = {
    "NAME": "a player name",
    "CARD": "a card such as 7h or Q♠",
    "SUIT": "a suit such as hearts or ♥",
    "NAME_CARD": "a play such as `ann 7h`",
    "INT": "a number",
    "AMOUNT": "an amount such as 5 or 0.50",
    "KEY": "an option name",
    "TEXT": "some text",
    "PLUS": "`+` joining two partners (ann+cy)",
    "$END": "the end of the line",
    "_NL": "the end of the line",
}
_DECISION_WORDS = {"PASS", "FOLD", "PLAY", "STAND", "_COLON"}


def _found(text: str, pos: int) -> str:
    """What stands at ``pos``, for 'found ...'."""
    if pos >= len(text.rstrip("\t ,")):
        return "the end of the line"
    char = text[pos]
    if not char.isprintable() or char.isspace():
        return f"the character U+{ord(char):04X}"
    word = re.match(r"[^\s,]+", text[pos : pos + 40])
    return f"'{_short(word.group(0) if word else char)}'"


def _explain(exc: UnexpectedInput, text: str, names: _Names) -> tuple[int, str]:
    """The column and message for a line Lark rejected: what was expected, in words.

    LALR merges the lookaheads of look-alike states, so the expected set can be a little
    wide (a `draw` after a `deal` line's cards); it is trimmed where that shows.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        end = exc.token.type == "$END"
        pos = len(text.rstrip("\t ,")) if end else (exc.token.start_pos or 0)
    elif isinstance(exc, UnexpectedCharacters):
        expected, pos = set(exc.allowed), exc.pos_in_stream or 0
    else:
        expected, pos = set(getattr(exc, "expected", ())), len(text.rstrip("\t ,"))
    expected -= {"_COLON", "_NL"} if "$END" in expected else {"_COLON"}
    if "DRAW" in expected and not re.search(r"(?i:discard)", text[:pos]):
        expected.discard("DRAW")
    s = _syntax()
    first = s.first_word.match(text)
    found = _found(text, pos)
    if pos == len(text) - len(text.lstrip("\t ,")):  # the line's first token
        return pos + 1, (
            "expected a statement such as `trick`, `dealer`, `trump` or a "
            f"player's decision, found {found}"
        )
    if expected and expected <= _DECISION_WORDS and first is not None:
        word = first.group(1)
        if not names.seated(word):
            return first.start(1) + 1, f"unknown statement '{word}'"
        return pos + 1, f"expected pass, fold, play or stand after '{word}', found {found}"
    if {"PASS", "ASK", "MOON", "INT"} <= expected:
        return pos + 1, f"{_BID_MESSAGE}, found {found}"
    if "NAME_CARD" in expected:
        return _explain_play(text, pos, found)
    words = sorted(
        {_DESCRIBE.get(t, f"`{t.lower()}`") for t in expected},
        key=lambda w: (w == "the end of the line", w.startswith("`"), w),
    )
    if not words:
        return pos + 1, f"unexpected {found}"
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return pos + 1, f"expected {listed}, found {found}"


def _explain_play(text: str, pos: int, found: str) -> tuple[int, str]:
    """Which part of a `NAME CARD (was CARD)` play is wrong."""
    s = _syntax()
    name = s.name.match(text, pos)
    if name is not None:
        at = len(text) - len(text[name.end() :].lstrip("\t ,"))
        card = s.card.match(text, at)
        if card is None:
            return at + 1, (
                f"expected a card such as 7h or Q♠ after '{name.group(0)}', "
                f"found {_found(text, at)}"
            )
        pos = len(text) - len(text[card.end() :].lstrip("\t ,"))
        found = _found(text, pos)
    if text.startswith("(", pos):
        return pos + 1, "expected `(was CARD)`, the card taken back, such as (was 9h)"
    return pos + 1, f"expected a play such as `ann 7h`, found {found}"


# ----------------------------------------------------------------------------- reading


def _kind(item: _HeaderLine | ScoreLine) -> str:
    return "score" if isinstance(item, ScoreLine) else item.kind


def _statement_word(stmt: _Statement) -> str:
    """The keyword that starts a statement, for messages."""
    if isinstance(stmt, _HeaderLine):
        return stmt.kind
    if isinstance(stmt, _HandHead):
        return "hand"
    return {
        DealerLine: "dealer",
        DealLine: "deal",
        TrickLine: "trick",
        ClaimLine: "claim",
        AnteLine: "ante",
        TrumpLine: "trump",
        DecisionLine: "pass/play",
        SettleLine: "settle",
        BidLine: "bid",
        ExchangeLine: "exchange",
        TeamSettleLine: "settle",
        ScoreLine: "score",
    }[type(stmt)]
