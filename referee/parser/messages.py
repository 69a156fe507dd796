"""Error messages for lines Lark rejects, and the words that name statements in messages.

Once the header has said which game a log is, a line is explained as a log of that game
reads it (the grammar's `bourre_line` or `bid_euchre_line`): Lark's view of what was
expected is then the game's own, a statement of the other game is named as such with what
this game writes instead, and a `settle` or `score` line that does not read is told its
form in this game (the texts are :mod:`referee.statements`'). The reader passes the game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

from referee.currency import SIGNS
from referee.games import game_of
from referee.parser.common import (
    KEYWORDS,
    STATEMENT_KEYWORDS,
    _bid_message,
    _Fault,
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
from referee.report import Mend
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
    exc: UnexpectedInput | None,
    text: str,
    names: _Names,
    fits: Callable[[str], bool] | None = None,
    top_bid: int = 6,
    game: str | None = None,
) -> tuple[int, str, Mend | None]:
    """The column and message for a line Lark rejected: what was expected, in words, and
    "did you mean ...?" where a word is close to a keyword (see :func:`_hint`; ``fits``
    tells whether a line with the word mended parses); and the mending itself when it is
    sure (one word, one keyword that makes the line parse: ``referee fix`` applies it).

    ``game`` is the log's game once the header has said it (None before): the line is then
    explained as that game reads it (see the module's doc), and ``exc`` may be None for a
    line that reads only as the other game's statement.

    LALR merges the lookaheads of look-alike states, so the expected set can be a little
    wide (a `draw` after a `deal` line's cards); it is trimmed where that shows. ``top_bid``
    is the highest numbered bid (12 with the house option `deck: double`).
    """
    from referee.statements import GAMES  # (for a message only)

    read = exc is None  # (the line reads, as the other game's statement)
    if game is not None:
        other = _other_game(text, names, game, fits)
        if other is not None:
            return (*other, None)
        if exc is None or _depends_on_game(text, game):
            exc = _error_in(game, text) or exc
        fits = _fitting(game, fits)
    if exc is None:  # (a statement of the other game that this game reads: never seen)
        return 1, "this statement does not belong in a log of this game", None
    column, message, expected, pos = _explained(exc, text, names, top_bid, game)
    form = _form_of_line(text, names, game)
    if read and form:  # Bourré's `settle ann wins 4` in Bid Euchre, or the other way round
        owner = next(game_of(g).title for g in GAMES if g != game)
        start = len(text) - len(text.lstrip("\t ,")) + 1  # (the statement's keyword)
        return start, f"this is a {owner} `{_keyword_of(text)}` line; {form}", None
    sign = _sign_hint(text, pos)
    if sign:
        return column, f"{message}; {sign}", None
    amount = _amount_hint(text, pos, expected, fits)
    if amount:
        return column, f"{message}; {amount}", None
    hint = _hint(text, pos, expected, names, fits, game)
    if hint is None:
        about_form = bool(expected - {"$END", "_NL", "AMOUNT"})  # (not a bad amount, nor more)
        return column, f"{message}; {form}" if form and about_form else message, None
    at, word, suggestion, sure = hint
    mend = Mend(at + 1, word, sure) if sure is not None else None
    if at + 1 != column:  # not the word the message is about: the hint says which
        return at + 1, f"'{_short(word)}' does not fit here; {suggestion}", mend
    return column, f"{message}; {suggestion}", mend


def _sign_hint(text: str, pos: int) -> str:
    """A hint for a currency sign standing alone where Lark stopped: after an amount
    (`$5$`), or parted from its amount by a space (`5 €`, `€ 5`); else ""."""
    if text[pos : pos + 1] not in tuple(SIGNS):
        return ""
    if text[pos + 1 : pos + 2] not in ("", " ", "\t", ","):
        return ""  # (`$x`: no amount)
    return "an amount takes one currency sign" if text[pos - 1 : pos].isdigit() else _NEXT_TO


_NEXT_TO = "write a currency sign next to its amount (5€ or €5)"

#: A signed amount where a Bourré `settle` line wants the word for what it was (`+3`).
_SIGNED = re.compile(r"([+-])([^\s,]+)")
#: What a payment's sign says it was: a gain is a pot won, a loss one of the payments.
_SIGN_WORDS = {"+": ("wins",), "-": ("bourre", "renege", "penalty")}


def _amount_hint(
    text: str, pos: int, expected: set[str], fits: Callable[[str], bool] | None
) -> str:
    """A hint for a signed amount where `settle NAME` wants what the amount was for
    (`settle ivy +3`: did you mean `wins 3`?), the mendings that read; else ""."""
    signed = _SIGNED.match(text, pos)
    if signed is None or fits is None or "WINS" not in expected:
        return ""
    sign, amount = signed.groups()
    mended = [
        f"{word} {amount}"
        for word in _SIGN_WORDS[sign]
        if fits(text[:pos] + f"{word} {amount}" + text[signed.end() :])
    ]
    return did_you_mean(mended, "`")


def _explained(
    exc: UnexpectedInput, text: str, names: _Names, top_bid: int = 6, game: str | None = None
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
    return (*_described(text, pos, expected, names, top_bid, game), expected, pos)


def _described(
    text: str,
    pos: int,
    expected: set[str],
    names: _Names,
    top_bid: int = 6,
    game: str | None = None,
) -> tuple[int, str]:
    """The column and message for what Lark ``expected`` at ``pos`` (``game``: as a log of
    that game reads the line)."""
    s = _syntax()
    first = s.first_word.match(text)
    found = _found(text, pos)
    if pos == len(text) - len(text.lstrip("\t ,")):  # the line's first token
        word = first.group(1) if first is not None and first.start(1) == pos else ""
        return pos + 1, _no_statement(text, pos, found, names, game)
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


def _no_statement(text: str, pos: int, found: str, names: _Names, game: str | None) -> str:
    """The message for a line whose first word starts no statement: in Bid Euchre, where no
    statement starts with a name, a word that starts no statement and is no seated name is
    an unknown statement (in Bourré it would begin a decision: see :func:`_described`)."""
    if game != "bid-euchre":
        return (
            "expected a statement such as `trick`, `dealer`, `trump` or a "
            f"player's decision, found {found}"
        )
    word = _WORD.match(text, pos)
    if (
        word is not None
        and word.group().lower() not in STATEMENT_KEYWORDS
        and not names.seated(word.group())
    ):
        return f"unknown statement '{_short(word.group())}'"
    return f"expected a statement such as `bid`, `trick`, `dealer` or `trump`, found {found}"


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


# ----------------------------------------------------------------------------- one game

#: The grammar's start rule for the lines of a log of each game.
_GAME_LINE = {"bourre": "bourre_line", "bid-euchre": "bid_euchre_line"}

#: The records of each game's own hand statements (as the grammar's `_bourre_statement` and
#: `_bid_euchre_statement` list them): a log of the other game does not read them.
_OWN_RECORDS: dict[str, tuple[type, ...]] = {
    "bourre": (AnteLine, DecisionLine, SettleLine),
    "bid-euchre": (BidLine, ExchangeLine, DiscardLine, RedealLine, TeamSettleLine, ScoreLine),
}
_FOREIGN: dict[str, frozenset[type]] = {
    game: frozenset(t for other, own in _OWN_RECORDS.items() if other != game for t in own)
    for game in _OWN_RECORDS
}


def _foreign_records(game: str) -> frozenset[type]:
    """The records (their exact types) of the hand statements a log of ``game`` does not
    have."""
    return _FOREIGN.get(game, frozenset())


#: A player's decision, as a Bid Euchre log may have meant it: the bid it would be.
_DECISION_AS_BID = {"pass": "pass", "fold": "pass"}


def _other_game_statement(
    stmt: object,
    text: str,
    names: _Names,
    game: str | None,
    fits: Callable[[str], bool] | None = None,
    top_bid: int = 6,
) -> tuple[int, str, Mend | None] | None:
    """The column and message for a statement read from ``text`` that a log of ``game`` does
    not have (a `bid` in Bourré, Bourré's `settle ann wins 4` in Bid Euchre), said as that
    game reads the line; None for a statement of the game (or no game yet)."""
    if game is None or type(stmt) not in _foreign_records(game):
        return None
    if _error_in(game, text) is None:
        return None
    return _explain(None, text, names, fits, top_bid, game)


def _faulted(fault: _Fault, text: str, names: _Names, game: str | None) -> tuple[int, str]:
    """The column and message for a line that reads but cannot be meant (a bid of 9): what
    the fault says, or, for a statement of the other game, that it is one (see
    :func:`_other_game`)."""
    other = None if game is None else _other_game(text, names, game, None)
    return other if other is not None else (fault.column, fault.message)


def _depends_on_game(text: str, game: str) -> bool:
    """Whether a line that does not read may be explained otherwise as a log of ``game``
    reads it than as the grammar's `line` does (else the second parse is spared: a log of
    bad lines pays for one). Only a `settle` line (its forms differ between the games) and,
    in Bid Euchre, a line whose first word starts no statement (Bourré's decisions start
    with a name); the other statements read alike in both, and a statement of the other
    game only is told so before (:func:`_other_game`). A test compares this with the second
    parse over many bad lines."""
    keyword = _keyword_of(text)
    if keyword == "settle":
        return True
    return game == "bid-euchre" and keyword not in STATEMENT_KEYWORDS


def _error_in(game: str, text: str) -> UnexpectedInput | None:
    """What stops a log of ``game`` reading ``text`` (None: it reads)."""
    from lark.exceptions import UnexpectedInput

    try:
        _syntax().lark.parse(text, start=_GAME_LINE[game])
    except UnexpectedInput as exc:
        return exc
    return None


def _fitting(game: str, fits: Callable[[str], bool] | None) -> Callable[[str], bool] | None:
    """``fits``, for lines that a log of ``game`` reads too (a mending is for this game)."""
    if fits is None:
        return None
    return lambda text: fits(text) and _error_in(game, text) is None


def _other_game(
    text: str, names: _Names, game: str, fits: Callable[[str], bool] | None
) -> tuple[int, str] | None:
    """A line that starts as a statement of the other game only: the keyword's column and
    what this game writes instead (a Bid Euchre line that starts with a player's decision
    gets the bid it may have been, `bid ann pass`). None for any other line."""
    from referee.statements import find_statement  # (for a message only)

    first = _syntax().first_word.match(text)
    if first is None:
        return None
    word, column = first.group(1), first.start(1) + 1
    statement = find_statement(word) if word.lower() in STATEMENT_KEYWORDS else None
    if statement is not None and statement.usage(game) is None and statement.instead:
        owner = game_of(statement.games[0]).title
        return column, f"`{statement.keyword}` is a {owner} statement; {statement.instead[game]}"
    if game != "bid-euchre" or not names.seated(word):
        return None
    rest = _WORD.match(text, len(text) - len(text[first.end() :].lstrip("\t ,")))
    said = _decision_word(rest.group() if rest is not None else "")
    if said is None:
        return None
    pass_ = find_statement("pass")
    play = find_statement("play")
    assert pass_ is not None and play is not None
    instead = (pass_ if said in ("pass", "fold") else play).instead[game]
    message = f"a player's decision (`{_short(word)} {said}`) is a Bourré statement; {instead}"
    bid = _DECISION_AS_BID.get(said)
    mended = f"bid {word} {bid}"
    fitting = _fitting(game, fits)
    if bid is not None and fitting is not None and fitting(mended):
        message += f"; did you mean `{mended}`?"
    return column, message


def _decision_word(word: str) -> str | None:
    """The decision keyword ``word`` is, or is a form or slip of (`passes`: pass)."""
    decisions = ("pass", "fold", "play", "stand")
    if word.lower() in decisions:
        return word.lower()
    matches = _forms_of(word, decisions) or close_matches(word, decisions)
    return matches[0] if len(matches) == 1 else None


def _keyword_of(text: str) -> str:
    """A line's first word in lower case (its statement's keyword), or ""."""
    first = _syntax().first_word.match(text)
    return first.group(1).lower() if first is not None else ""


def _form_of_line(text: str, names: _Names, game: str | None) -> str:
    """For a line of a statement whose form a read error names (`settle`, `score`: see
    :attr:`~referee.statements.Usage.shape`), that form in ``game``; else ""."""
    from referee.statements import find_statement  # (for a message only)

    if game is None:
        return ""
    statement = find_statement(_keyword_of(text))
    usage = statement.usage(game) if statement is not None else None
    if statement is None or usage is None or not usage.shape:
        return ""
    form = f"a {game_of(game).title} `{statement.keyword}` line is {usage.shape}"
    if "TEAM" in usage.shape and len(names.players) == 4:
        seats = names.players
        form += f"; the teams here are {seats[0]}+{seats[2]} and {seats[1]}+{seats[3]}"
    return form


# ----------------------------------------------------------------------------- hints

#: The keywords a statement starts with: what a line's first word is, when not a name.
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
    game: str | None = None,
) -> tuple[int, str, str, str | None] | None:
    """ "did you mean `dealer`?" for a word of a rejected line that is close to a keyword:
    where the word starts, the word, the hint, and the one mending that makes the line
    parse when there is exactly one (else None: the hint is a guess among several, or one
    that does not mend the line).

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
        tries.append(((*at, _near(at[1], keywords)), True))
    if first is not None and not close_matches(first[1], names.written):
        # (a slip of a seated name, `anne`, may begin a decision: no keyword for it)
        tries.append(((*first, _statement_matches(first[1], game)), True))
    if before is not None:
        tries.append(((*before, _near(before[1], _ALL_WORDS)), False))
    for (where, word, matches), _ in tries:
        run_on = (
            keywords if where == pos else _statement_words(game) if where == start else _ALL_WORDS
        )
        mended = [
            m
            for m in dict.fromkeys(_run_on(word, run_on) + matches)
            if fits(text[:where] + m + text[where + len(word) :])
        ]
        if mended:
            only = mended[0] if len(mended) == 1 else None
            return where, word, did_you_mean(mended[:MAX_SUGGESTIONS], "`"), only
    for (where, word, matches), sure in tries:
        if sure and matches:
            return where, word, did_you_mean(matches, "`"), None
    return None


def _run_on(word: str, keywords: Iterable[str]) -> list[str]:
    """A keyword run on into the next word (`renegebob`: `renege bob`), for each keyword
    the word starts with."""
    lower = word.lower()
    return [f"{k} {word[len(k) :]}" for k in keywords if lower.startswith(k) and lower != k]


def _statement_matches(word: str, game: str | None = None) -> list[str]:
    """The statement keywords (of ``game``'s statements, when known) ``word`` may be a slip
    of; ``trick3`` (a keyword or a slip of one, then a number) is ``trick 3``."""
    words = _statement_words(game)
    split = _WORD_NUMBER.fullmatch(word)
    if split is None:
        return _near(word, words)
    letters, number = split.groups()
    if letters.lower() in words:
        return [f"{letters.lower()} {number}"]
    return [f"{m} {number}" for m in _near(letters, words)]


@functools.cache
def _statement_words(game: str | None) -> tuple[str, ...]:
    """The keywords a statement of ``game`` (of either game: None) starts with."""
    if game is None:
        return STATEMENT_KEYWORDS
    return tuple(w for w in STATEMENT_KEYWORDS if _of_game(w, game))


def _of_game(word: str, game: str) -> bool:
    """Whether a statement's keyword is one of ``game``'s statements."""
    from referee.statements import find_statement  # (for a message only)

    statement = find_statement(word)
    return statement is None or statement.usage(game) is not None


#: Other forms of keywords, as people write them (`won` for `wins`).
_IRREGULAR = {"won": "wins", "win": "wins", "winner": "wins", "stood": "stand", "dealt": "deal"}
#: Endings a keyword may be written with (`passes`, `played`, `reneged`, `folding`).
_ENDINGS = ("ing", "ed", "es", "s", "d")


def _near(word: str, keywords: Iterable[str]) -> list[str]:
    """The keywords ``word`` is another form of (`passes`: pass; `won`: wins), else the
    ones it is close to (see :func:`~referee.suggest.close_matches`)."""
    known = tuple(keywords)
    return _forms_of(word, known) or close_matches(word, known)


def _forms_of(word: str, keywords: Iterable[str]) -> list[str]:
    """The keywords ``word`` is written as another form of: with an ending (`passes`,
    `played`) or an irregular form (`won`)."""
    lower, known = word.lower(), tuple(keywords)
    if lower in known:
        return []
    found = [k for k in (_IRREGULAR.get(lower, ""),) if k in known]
    for ending in _ENDINGS:
        stem = lower[: -len(ending)]
        if lower.endswith(ending) and stem in known and stem not in found:
            found.append(stem)
    return found


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
