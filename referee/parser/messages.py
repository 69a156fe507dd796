"""Error messages for lines Lark rejects, and the words that name statements in messages."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

from referee.currency import SIGNS
from referee.parser.common import (
    KEYWORDS,
    _bid_message,
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
    DiscardLine,
    ExchangeLine,
    RedealLine,
    ScoreLine,
    SettleLine,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)
from referee.suggest import MAX_SUGGESTIONS, close_matches, did_you_mean

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
    "ACENOFACE": "`ace-no-face`",
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


def _explain(
    exc: UnexpectedInput,
    text: str,
    names: _Names,
    fits: Callable[[str], bool] | None = None,
    top_bid: int = 6,
) -> tuple[int, str]:
    """The column and message for a line Lark rejected: what was expected, in words, and
    "did you mean ...?" where a word is close to a keyword (see :func:`_hint`; ``fits``
    tells whether a line with the word mended parses).

    LALR merges the lookaheads of look-alike states, so the expected set can be a little
    wide (a `draw` after a `deal` line's cards); it is trimmed where that shows. ``top_bid``
    is the highest numbered bid (12 with the house option `deck: double`).
    """
    column, message, expected, pos = _explained(exc, text, names, top_bid)
    sign = _sign_hint(text, pos)
    if sign:
        return column, f"{message}; {sign}"
    hint = _hint(text, pos, expected, names, fits)
    if hint is None:
        return column, message
    at, word, suggestion = hint
    if at + 1 != column:  # not the word the message is about: the hint says which
        return at + 1, f"'{_short(word)}' does not fit here; {suggestion}"
    return column, f"{message}; {suggestion}"


def _sign_hint(text: str, pos: int) -> str:
    """A hint for a currency sign standing alone where Lark stopped: after an amount
    (`$5$`), or parted from its amount by a space (`5 €`, `€ 5`); else ""."""
    if text[pos : pos + 1] not in tuple(SIGNS):
        return ""
    if text[pos + 1 : pos + 2] not in ("", " ", "\t", ","):
        return ""  # (`$x`: no amount)
    return "an amount takes one currency sign" if text[pos - 1 : pos].isdigit() else _NEXT_TO


_NEXT_TO = "write a currency sign next to its amount (5€ or €5)"


def _explained(
    exc: UnexpectedInput, text: str, names: _Names, top_bid: int = 6
) -> tuple[int, str, set[str], int]:
    """The column and message of :func:`_explain` without a hint, what Lark expected and
    where it stopped."""
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
    return (*_described(text, pos, expected, names, top_bid), expected, pos)


def _described(
    text: str, pos: int, expected: set[str], names: _Names, top_bid: int = 6
) -> tuple[int, str]:
    """The column and message for what Lark ``expected`` at ``pos``."""
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
        return pos + 1, f"{_bid_message(top_bid)}, found {found}"
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


# ----------------------------------------------------------------------------- hints

#: The keywords a statement starts with: what a line's first word is, when not a name.
_STATEMENT_WORDS = (
    "trick", "dealer", "deal", "trump", "ante", "settle", "claim", "bid", "exchange",
    "score", "hand", "game", "players", "rules", "option", "title", "date", "event",
    "table", "pot", "exempt", "discard", "redeal",
)  # fmt: skip
#: A keyword terminal whose name is not its word.
_KEYWORD_OF = {"ACENOFACE": "ace-no-face"}
#: Every keyword, for a word before where Lark stopped (what was expected there is lost).
_ALL_WORDS = tuple(sorted(KEYWORDS - {"bourré"}))
_WORD = re.compile(r"(?<![\w'-])[^\W\d_][\w'-]*")
_WORD_NUMBER = re.compile(r"([^\W\d_]+)([0-9]+)")  # `trick3`: `trick 3` without the space
#: A word is read as a slip of a keyword only when it is at most this long.
_MAX_HINTED = 20

_Try = tuple[int, str, list[str]]  # where a word starts, the word, what it may have meant


def _hint(
    text: str,
    pos: int,
    expected: set[str],
    names: _Names,
    fits: Callable[[str], bool] | None,
) -> tuple[int, str, str] | None:
    """ "did you mean `dealer`?" for a word of a rejected line that is close to a keyword:
    where the word starts, the word and the hint.

    The words tried: the one Lark stopped at (against the keywords it expected there), the
    line's first word (against the keywords a statement starts with; `trick3` is `trick 3`)
    and the word before where Lark stopped (against every keyword). A seated name, or a
    first word close to one, is never taken for a slip of a keyword. A mending that makes
    the whole line parse (``fits``) is named first; else a close keyword where Lark expected
    one, or at the start of the line; else none.
    """
    if fits is None:
        return None
    words = [
        (m.start(), m.group())
        for m in _WORD.finditer(text, 0, pos + _MAX_HINTED + 1)
        if len(m.group()) <= _MAX_HINTED and not names.seated(m.group())
    ]
    at = next((w for w in words if w[0] == pos), None)
    start = len(text) - len(text.lstrip("\t ,"))
    first = next((w for w in words if w[0] == start and w[0] != pos), None)
    before = next((w for w in reversed(words) if w[0] < pos), None)
    if before is not None and before[0] == start:
        before = None
    keywords = [w for t in sorted(expected) if (w := _KEYWORD_OF.get(t, t.lower())) in KEYWORDS]
    tries: list[tuple[_Try, bool]] = []  # a try, and whether a keyword is sure to go there
    if at is not None and keywords:
        tries.append(((*at, close_matches(at[1], keywords)), True))
    if first is not None and not close_matches(first[1], names.written):
        # (a slip of a seated name, `anne`, may begin a decision: no keyword for it)
        tries.append(((*first, _statement_matches(first[1])), True))
    if before is not None:
        tries.append(((*before, close_matches(before[1], _ALL_WORDS)), False))
    for (where, word, matches), _ in tries:
        run_on = keywords if where == pos else _STATEMENT_WORDS if where == start else _ALL_WORDS
        mended = [
            m
            for m in dict.fromkeys(_run_on(word, run_on) + matches)
            if fits(text[:where] + m + text[where + len(word) :])
        ]
        if mended:
            return where, word, did_you_mean(mended[:MAX_SUGGESTIONS], "`")
    for (where, word, matches), sure in tries:
        if sure and matches:
            return where, word, did_you_mean(matches, "`")
    return None


def _run_on(word: str, keywords: Iterable[str]) -> list[str]:
    """A keyword run on into the next word (`renegebob`: `renege bob`), for each keyword
    the word starts with."""
    lower = word.lower()
    return [f"{k} {word[len(k) :]}" for k in keywords if lower.startswith(k) and lower != k]


def _statement_matches(word: str) -> list[str]:
    """The statement keywords ``word`` may be a slip of; ``trick3`` (a keyword or a slip of
    one, then a number) is ``trick 3``."""
    split = _WORD_NUMBER.fullmatch(word)
    if split is None:
        return close_matches(word, _STATEMENT_WORDS)
    letters, number = split.groups()
    if letters.lower() in _STATEMENT_WORDS:
        return [f"{letters.lower()} {number}"]
    return [f"{m} {number}" for m in close_matches(letters, _STATEMENT_WORDS)]


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
        DiscardLine: "discard",
        RedealLine: "redeal",
        TeamSettleLine: "settle",
        ScoreLine: "score",
    }[type(stmt)]
