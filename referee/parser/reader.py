"""Reading a whole log: the header at once, then the hands lazily, one at a time."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any, Final

from mypy_extensions import mypyc_attr

from referee.cards import parse_card
from referee.games import Game, all_games, game_named, game_of
from referee.limits import MAX_HAND_CHARS, MAX_HAND_LINES, TOO_LONG
from referee.names import difference, invisible, look_key, named, spelled
from referee.parser.common import (
    _MAX_SOURCE_LINE,
    KEYWORDS,
    _Fault,
    _HandHead,
    _HeaderLine,
    _Names,
    _short,
    _Statement,
)
from referee.parser.messages import (
    _explain,
    _faulted,
    _foreign_records,
    _kind,
    _other_game_statement,
    _statement_word,
)
from referee.parser.syntax import _syntax
from referee.parser.tree import _TreeReader
from referee.parser.words import (
    _IS_PRINTABLE,
    MAX_KEPT,
    WordReader,
    _record,
    is_keyword,
    printable_words,
    split_words,
    statement_keyword,
)
from referee.readcodes import P_HEADER, P_SYNTAX
from referee.records import (
    Event,
    Hand,
    Header,
    OptionLine,
    ScoreLine,
    Unread,
)
from referee.report import Mend, ReadError, clip_source
from referee.suggest import close_matches, did_you_mean, fold

#: A "did you mean" is checked by parsing the line with the word mended: for so many lines
#: a log at most (a few per bad line); and only so many bad lines a log are looked at for
#: one: so that a log of bad lines costs at most a second or two more.
_MAX_HINT_PARSES = 1000
_MAX_HINTED_LINES = 2000

#: `hand 1` (any case, an optional colon), as a line's text without its comment.
_HAND_ONE = re.compile(r"[\t ,]*hand[\t ,]*:?[\t ,]*0*1[\t ,]*:?[\t ,]*", re.IGNORECASE)

_Line = tuple[int, str, str]  # line number, text without comment or line end, the line as read
# A non-blank line of a hand: as _Line, then its words (None: it has a character that parts
# no words, see split_words) and the statement its first word names (None: none, or no words).
_BlockLine = tuple[int, str, str, list[str] | None, str | None]

#: What may follow `hand` in a line's first word that is still the keyword (NAME goes on
#: with a letter, a digit, `_`, `'` or `-`).
_NAME_GOES_ON = re.compile(r"[\w'-]")

#: Seated names' own faults and look-alike keys (see LogReader._name_facts), kept for the
#: whole process: they depend on the name alone (up to MAX_KEPT names).
_NAME_FACTS: dict[str, tuple[str | None, str]] = {}


@functools.cache
def _statement_owners() -> dict[str, Game[Any]]:
    """Which game each game's own header statement (`pot`, `score`) belongs to: the first,
    in :func:`all_games` order, to list it."""
    owners: dict[str, Game[Any]] = {}
    for game in all_games():
        for statement in game.header_statements:
            owners.setdefault(statement, game)
    return owners


@mypyc_attr(allow_interpreted_subclasses=True)  # (a test's Lark-only reader overrides it)
class LogReader:
    """Reads one hand log: the header at once, then the hands lazily, one at a time.

    ``header`` is None when the log has no usable header (no or an unknown ``game``, no valid
    ``players``); ``hands()`` then yields nothing, though the hands' lines are still read for
    errors. ``errors`` grows as hands are read and is complete once ``hands()`` is exhausted.
    ``hands()`` can be iterated once.
    """

    header: Header | None
    errors: list[ReadError]

    def __init__(self, lines: Iterable[str]) -> None:
        self.errors = []
        self.header = None
        self._syntax = _syntax()
        self._lines = iter(lines)
        self._lineno = 0
        self._word_failures = 0  # exceptions of the word reader (bugs), for tests
        self._hint_parses = 0  # lines parsed to check a "did you mean" (see _fits)
        self._hinted = 0  # lines that were looked at for a "did you mean"
        self._pending: _Line | None = None  # the `hand` line that ended the previous block
        #: A hand's statement that came before any `hand` line (its line, column and word):
        #: the first hand's `hand` line is missing, or the statement is astray.
        self._implied: tuple[_Line, int, str] | None = None
        self._header_source: dict[int, str] = {}  # header lines by number, for errors
        # The non-blank lines of the hand last given (for the findings' snippets).
        self._hand_block: list[_BlockLine] = []
        self._block_lines_by_number: dict[int, str] | None = None
        self._hand_entry: _Line = (0, "", "")  # its `hand` line
        self._names = _Names(())  # nobody is seated until the header has been read
        self._seating: _Names | None = None  # who the header seats (see _make_header)
        #: The pending `hand` line's head, read once to look ahead (see _next_number): the
        #: line, its head (None: it does not read) and the errors it gave, reported when the
        #: hands reach it.
        self._ahead: tuple[_Line, tuple[int, int, int] | None, list[ReadError]] | None = None
        #: The words of the `hand` line that ended a hand's lines, by its number (parted
        #: there already: see _hand_head).
        self._head_words: tuple[int, list[str]] | None = None
        self._words = WordReader(self._syntax, self._names)
        self._trees = _TreeReader(self._names)
        self._game: str | None = None  # the log's game, once the header has said it
        self.header = self._read_header()
        self._game = None if self.header is None else self.header.game
        #: The records of the other game's statements (see _own_game), looked up once.
        self._foreign = frozenset() if self._game is None else _foreign_records(self._game)

    def allow_bids(self, top: int) -> None:
        """Read numbered bids up to ``top`` (12 with the house option `deck: double`; 6 by
        default): a higher one does not read (P-SYNTAX). The house options are known only
        once the header is read, so the audit says this before the hands are read."""
        self._words.top_bid = self._trees.top_bid = top

    # ------------------------------------------------------------------ one line

    def _error(
        self,
        code: str,
        line: int | None,
        column: int | None,
        message: str,
        source: str | None = None,
        mend: Mend | None = None,
    ) -> None:
        if source is None and line is not None:
            source = self._header_source.get(line)
        start = 0
        if source is not None and len(source) > _MAX_SOURCE_LINE:
            source, start = clip_source(source, column)
        self.errors.append(ReadError(code, line, column, message, source, start, mend))

    def source_line(self, number: int) -> str | None:
        """Line ``number`` as read, if it is a line of the hand last given by
        :meth:`hands` or of the header (for the snippets of the findings on it)."""
        if number == self._hand_entry[0]:
            return self._hand_entry[2]
        if self._hand_block:
            if self._block_lines_by_number is None:  # built on the first finding's asking
                self._block_lines_by_number = {e[0]: e[2] for e in self._hand_block}
            found = self._block_lines_by_number.get(number)
            if found is not None:
                return found
        return self._header_source.get(number)

    def _parse(self, entry: _Line) -> _Statement | None:
        """Read one line with Lark; report it and return None when it does not parse."""
        from lark.exceptions import UnexpectedInput

        line, text, raw = entry
        mend: Mend | None = None
        if "\r" in raw:
            self._carriage_return(entry)
            return None
        try:
            try:
                tree = self._syntax.lark.parse(text, start="line")
                return self._trees.statement(tree, line, text)
            except UnexpectedInput as exc:
                hinting = self._hinted < _MAX_HINTED_LINES
                self._hinted += hinting
                fits = self._fits if hinting else None
                column, message, mend = _explain(
                    exc, text, self._names, fits, self._words.top_bid, self._game
                )
            except _Fault as fault:
                column, message = _faulted(fault, text, self._names, self._game)
        except Exception as exc:  # never let a line stop the reading; this is a bug if seen
            column, message = 1, f"could not read this line ({type(exc).__name__})"
        self._error(P_SYNTAX, line, column, message, raw, mend)
        return None

    def _carriage_return(self, entry: _Line) -> None:
        """The error of a line with a carriage return inside (not one that ends it, with or
        without a line feed): a line ends with LF or CRLF, as git, grep and GitHub count
        lines; a terminal prints what follows a lone CR over the line's start (a statement
        hidden behind a comment, or a comment over a statement), so the line is not read."""
        line, _, raw = entry
        self._error(
            P_SYNTAX,
            line,
            raw.index("\r") + 1,
            "a carriage return (CR, shown as \\r) inside the line: a terminal prints what "
            "follows it over the start of the line, so the line may not show what it says; "
            "it was not read (a line ends with LF or CRLF: save a file whose lines end with CR "
            "alone, an old Mac file, with LF line ends)",
            raw,
        )

    def _fits(self, text: str) -> bool:
        """Whether a line parses (a bad line with a word mended, for a "did you mean"); at
        most :data:`_MAX_HINT_PARSES` lines a log are tried, then none parses, and none
        longer than a line an error shows (a mending is not worth a second's parse)."""
        from lark.exceptions import LarkError

        if self._hint_parses >= _MAX_HINT_PARSES or len(text) > _MAX_SOURCE_LINE:
            return False
        self._hint_parses += 1
        try:
            self._syntax.lark.parse(text, start="line")
        except LarkError:
            return False
        return True

    # ------------------------------------------------------------------ header

    def _header_lines(self) -> Iterator[_Line]:
        """The non-blank lines before the first hand; comments, line ends and a BOM removed."""
        for raw in self._lines:
            self._lineno += 1
            raw = raw.rstrip("\r\n")
            if self._lineno == 1 and raw.startswith("\ufeff"):
                raw = raw[1:]
            if "\r" in raw:  # (a carriage return inside: the line is reported whole)
                yield self._lineno, raw, raw
                continue
            text = raw[: raw.index("#")] if "#" in raw else raw
            if text.strip("\t ,"):
                yield self._lineno, text, raw

    def _read_header(self) -> Header | None:
        """Read the header's lines and seat its players; give the header (None when the
        log has no usable header)."""
        items: list[_HeaderLine | ScoreLine] = []
        unread: list[Unread] = []  # the lines that could not be read (reported)
        count = size = past = 0  # the header's statement lines, their size, where too large
        last = 0  # the line before this one (not blank)
        for entry in self._header_lines():
            last, before = entry[0], last
            first = self._syntax.first_word.match(entry[1])
            if not items and not self.errors and not self._starts_like_a_log(first):
                self._not_a_log(entry, first)
                return None
            word = "" if first is None else first[1]
            if first is not None and self._is_hand(word):
                self._pending = entry
                break
            count, size = count + 1, size + len(entry[2])
            if count > MAX_HAND_LINES or size > MAX_HAND_CHARS:
                past = past or entry[0]
                continue
            if "\r" in entry[2]:
                self._carriage_return(entry)
                unread.append(Unread(entry[0], _first_word(entry[1])))
                continue
            stmt = self._read_line(entry, split_words(entry[1]), unread)
            if stmt is _UNREADABLE:
                continue
            if stmt is None and first is not None and word.lower() == "game":
                stmt = self._game_words(entry, first)
            if stmt is None:
                stmt = self._parse(entry)
                if stmt is None:
                    unread.append(Unread(entry[0], _first_word(entry[1])))
                    continue
            if isinstance(stmt, _HeaderLine | ScoreLine):
                items.append(stmt)
                self._header_source[entry[0]] = entry[2]
            elif stmt is not None:
                if self._seated_yet(items):
                    # A hand's statement before any `hand` line: the header ends here, and
                    # this line opens a hand the log forgot to open (see hands()). An
                    # unreadable line just before it was most likely that `hand` line.
                    if unread and unread[-1].line == before:
                        unread.pop()
                    self._implied = (entry, stmt.column, _statement_word(stmt))
                    self._lines = chain([entry[2]], self._lines)
                    self._lineno -= 1
                    break
                self._error(
                    P_HEADER,
                    entry[0],
                    stmt.column,
                    f"`{_statement_word(stmt)}` belongs in a hand: it must come after "
                    "a `hand` line",
                    entry[2],
                )
        if past:
            self._header_too_large(past, count, size)
            return None
        header = self._make_header(items, tuple(unread))
        if header is not None:
            assert self._seating is not None
            self._names.seat_as(self._seating)
            self._words.seat()
        return header

    def _header_too_large(self, past: int, lines: int, size: int) -> None:
        """The one error of a header past any real size (its lines counted to the first
        `hand` line, none kept past the bounds): the log is not judged."""
        what = f"{lines:,} statement lines" if lines > MAX_HAND_LINES else f"{size:,} characters"
        self._error(
            P_HEADER,
            past,
            1,
            f"the header is too large to read: {what} before the first `hand` (a header is "
            f"read up to {MAX_HAND_LINES:,} statement lines and {MAX_HAND_CHARS:,} characters; "
            f"a real one has fewer than 40 lines): the log is not judged (lines {past:,} to "
            f"{self._last_line():,} were not read)",
        )

    @staticmethod
    def _seated_yet(items: list[_HeaderLine | ScoreLine]) -> bool:
        """Whether the header so far has its `game` and `players` lines."""
        kinds = {_kind(item) for item in items}
        return "game" in kinds and "players" in kinds

    def _starts_like_a_log(self, first: re.Match[str] | None) -> bool:
        """Whether a file's first statement starts with a statement's keyword, or a word
        close to one (a log whose first line has a slip, such as `titel`)."""
        if first is None:
            return False
        word = first.group(1)
        if is_keyword(word, self._syntax):
            return True
        return bool(close_matches(word.rstrip(":"), sorted(KEYWORDS)))

    def _not_a_log(self, entry: _Line, first: re.Match[str] | None) -> None:
        """A file whose first statement is no log statement (a key, a letter, a list of
        passwords) gets this one error, without a word of its content, and is not read
        further: printing each of its lines back as a snippet would disclose the file."""
        column = first.start(1) + 1 if first is not None else 1
        self._error(
            P_SYNTAX,
            entry[0],
            column,
            "this is not a hand log: its first statement does not start with a log keyword "
            "(a log starts with lines such as `game bourre` and `players ann bob`); "
            "the file was not read further",
            None,
        )
        self._lines = iter(())

    def _game_words(self, entry: _Line, first: re.Match[str]) -> _HeaderLine | None:
        """A `game` line that names no game, or one in several words (`game Bid Euchre`):
        its text as the game's name, so that the header reports it once, as an unknown game
        (with a hint), rather than as a syntax error and a missing `game` line. None for
        `game NAME`, which the grammar reads."""
        line, text, _ = entry
        m = self._syntax.header_text.fullmatch(text, first.end())
        if m is None:
            return None
        written = (m.group(1) or "").strip("\t ,")
        if written and self._syntax.name.fullmatch(written):
            return None
        at = m.start(1) + 1 if m.group(1) else first.end() + 1
        return _HeaderLine("game", ((written, at),), None, line, first.start(1) + 1)

    def _is_hand(self, word: str) -> bool:
        """Whether a line's first word is the keyword `hand` (which starts a new hand)."""
        return word.lower() == "hand" or (
            not word.isascii() and self._syntax.hand_word.fullmatch(word) is not None
        )

    def _make_header(
        self, items: list[_HeaderLine | ScoreLine], unread: tuple[Unread, ...] = ()
    ) -> Header | None:
        """Check the header statements and assemble the Header (None when unusable);
        ``unread`` are the header's lines that could not be read."""
        once: dict[str, _HeaderLine | ScoreLine] = {}
        kinds = [(_kind(item), item) for item in items]
        for kind, item in kinds:
            if kind in ("game", "players", "rules", "pot", "score"):
                if kind in once:
                    self._error(
                        P_HEADER,
                        item.line,
                        item.column,
                        f"a second `{kind}` line (the first is line {once[kind].line})",
                    )
                    continue
                once[kind] = item
        game_line, players_line = once.get("game"), once.get("players")
        game = None
        if not isinstance(game_line, _HeaderLine):
            self._error(
                P_HEADER,
                None,
                None,
                "the log has no `game` line (such as `game bourre` or `game bid-euchre`)",
            )
        else:
            name, column = game_line.words[0]
            info = game_named(name)
            game = info.key if info is not None else None
            if game is None:
                self._error(P_HEADER, game_line.line, column, _unknown_game(name))
        if not isinstance(players_line, _HeaderLine):
            self._error(P_HEADER, None, None, "the log has no `players` line")
            return None
        seated = self._check_players(players_line, game)
        owners = _statement_owners()
        for kind, item in kinds:
            owner = owners.get(kind)
            if game is not None and owner is not None and owner.key != game:
                self._error(
                    P_HEADER, item.line, item.column, f"`{kind}` is a {owner.title} statement"
                )
        if game is None or game_line is None or seated is None:
            return None
        names = self._seating = _Names(seated)
        header = [i for i in items if isinstance(i, _HeaderLine)]
        rules, pot, score = once.get("rules"), once.get("pot"), once.get("score")
        return Header(
            game=game,
            players=names.players,
            rules_path=rules.words[0][0] if isinstance(rules, _HeaderLine) else None,
            options=tuple(
                OptionLine(i.words[0][0], i.words[1][0], i.line, i.column)
                for i in header
                if i.kind == "option"
            ),
            metadata=tuple(
                (i.kind, i.words[0][0] if i.words else "")
                for i in header
                if i.kind in ("title", "date", "event", "table")
            ),
            pot=pot.amount if isinstance(pot, _HeaderLine) else None,
            exempt=tuple(
                names.at(word, i.line, column)
                for i in header
                if i.kind == "exempt"
                for word, column in i.words
            ),
            score=_seated_score(score, names) if isinstance(score, ScoreLine) else None,
            line=game_line.line,
            column=game_line.column,
            players_line=players_line.line,
            rules_line=rules.line if rules else 0,
            rules_column=rules.words[0][1] if isinstance(rules, _HeaderLine) else 0,
            unread=unread,
        )

    def _check_players(self, item: _HeaderLine | None, game: str | None) -> tuple[str, ...] | None:
        """The seated names as written, or None (reported) when the players line is not
        usable: a name that is a keyword or a card, holds a character that draws nothing,
        is seated twice or looks like another (:func:`referee.names.look_key`)."""
        if item is None:
            return None
        ok = True
        seen: set[str] = set()
        looks: dict[str, str] = {}  # what each seated name looks like -> the name
        for name, column in item.words:
            problem, look = self._name_facts(name)
            if problem is None and name.casefold() in seen:
                problem = f"'{name}' is seated twice"
            elif problem is None and look in looks:
                other = looks[look]
                problem = (
                    f"'{name}' looks like '{other}', seated before it: "
                    f"{difference(name, other)}; seated names must not look alike"
                )
            seen.add(name.casefold())
            looks.setdefault(look, name)
            if problem:
                ok = False
                self._error(P_HEADER, item.line, column, problem)
        if game is not None:
            info = game_of(game)
            low, high = info.seats
            count = len(item.words)
            if not low <= count <= high:
                ok = False
                need = f"exactly {low}" if low == high else f"{low} to {high}"
                self._error(
                    P_HEADER,
                    item.line,
                    item.column,
                    f"{info.title} needs {need} players, not {count}",
                )
        return tuple(name for name, _ in item.words) if ok else None

    def _name_facts(self, name: str) -> tuple[str | None, str]:
        """What a seated name is wrong in by itself (a keyword, a card, a character that
        draws nothing), if it is, and what it looks like (:func:`referee.names.look_key`):
        the same in every log, so kept for the process (up to :data:`MAX_KEPT` names; a
        table's names recur from log to log)."""
        known = _NAME_FACTS.get(name)
        if known is not None:
            return known
        problem = None
        blank = invisible(name)
        if blank is not None:
            problem = (
                f"'{spelled(name)}' holds {named(blank)}, a character that draws nothing; "
                "a name is made of letters that show"
            )
        elif is_keyword(name, self._syntax):
            problem = f"'{name}' is a keyword and cannot be a player's name"
        elif parse_card(name) is not None:
            problem = f"'{name}' looks like a card and cannot be a player's name"
        facts = (problem, look_key(name))
        if len(_NAME_FACTS) < MAX_KEPT:
            _NAME_FACTS[name] = facts
        return facts

    # ------------------------------------------------------------------ hands

    def hands(self) -> Iterator[Hand]:
        """The hands in log order, each read when it is reached."""
        number = 0
        astray: tuple[Unread, ...] = ()  # statements before `hand 1`, not judged
        if self._implied is not None:
            hand, astray = self._implied_hand()
            if hand is not None:
                number = 1
                yield hand
        while self._pending is not None:
            entry, self._pending = self._pending, None
            self._hand_entry = entry
            head = self._pending_head(entry)
            numbered = head is not None
            if head is not None:
                number, line, column = head
            else:  # an unreadable `hand` line (reported): keep the count going
                number, line, column = number + 1, entry[0], 1
            hand = self._read_hand(number, line, column, numbered)
            if hand is not None and astray:  # (they may hold hand 1's own statements)
                unread = tuple(sorted((*astray, *hand.unreadable)))
                hand, astray = hand._replace(unreadable=unread), ()
            if hand is not None:
                yield hand

    def _read_hand(self, number: int, line: int, column: int, numbered: bool) -> Hand | None:
        """The hand whose lines come next (None when the header is unusable: its lines are
        still read, for the errors)."""
        block: list[_BlockLine] = []
        too_large = self._block(block, number)
        if self.header is None:
            self._events(block)  # for the errors
            return None
        self._hand_block, self._block_lines_by_number = block, None
        unreadable: list[Unread] = [Unread(too_large, "")] if too_large else []
        events = self._events(block, unreadable)
        ahead = self._next_number(number)
        # (every field given: made as the word reader makes its records, see _record)
        return _record(
            Hand,
            (number, tuple(events), line, column, tuple(unreadable), numbered, ahead),
        )

    def _next_number(self, number: int) -> int | None:
        """The number the next hand will carry, read one line ahead once the lines of hand
        ``number`` are read: that of the `hand` line that ended them, or ``number + 1`` when
        that line's number does not read (as :meth:`hands` numbers it); None at the log's
        end. (The line is read once: :meth:`hands` takes its head from here; an error it
        gives is held until the hands reach it, so that errors come in line order.)"""
        entry = self._pending
        if entry is None:
            return None
        before = len(self.errors)
        head = self._hand_head(entry)
        held: list[ReadError] = []
        if len(self.errors) > before:  # (rare: the line has a fault)
            held = self.errors[before:]
            del self.errors[before:]
        self._ahead = (entry, head, held)
        return head[0] if head is not None else number + 1

    def _pending_head(self, entry: _Line) -> tuple[int, int, int] | None:
        """The head of the `hand` line ``entry`` (see :meth:`_hand_head`), as looked ahead
        at by :meth:`_next_number` when it was."""
        ahead, self._ahead = self._ahead, None
        # (by its number, which names one line of the log: not by identity, as the compiled
        # build passes a line as a C struct and boxes it anew, so that ``is`` never held
        # there and each `hand` line was read twice)
        if ahead is None or ahead[0][0] != entry[0]:
            return self._hand_head(entry)
        self.errors.extend(ahead[2])
        return ahead[1]

    def _implied_hand(self) -> tuple[Hand | None, tuple[Unread, ...]]:
        """The hand opened by a statement before any `hand` line: hand 1, whose `hand` line
        the log forgot; or, when the next `hand` line is `hand 1`, statements astray, given
        as lines hand 1 could not read (they may be its own: its dealer is then not missing,
        only unknown). Either way one P-HEADER says so (what follows from it is not
        reported again)."""
        assert self._implied is not None
        entry, column, word = self._implied
        line, _, raw = entry
        self._hand_entry = entry
        hand = self._read_hand(1, line, column, False)
        if self._pending is not None and _HAND_ONE.fullmatch(self._pending[1]):
            self._error(
                P_HEADER,
                line,
                column,
                f"`{word}` belongs in a hand, after a `hand` line: the statements from here "
                f"to line {self._pending[0]}, before `hand 1`, are not judged",
                raw,
            )
            if hand is None:
                return None, ()
            astray = [Unread(e.line, _first_word(e.text)) for e in hand.events]
            return None, tuple(sorted((*astray, *hand.unreadable)))
        self._error(
            P_HEADER,
            line,
            column,
            f"`{word}` belongs in a hand, after a `hand` line: did you forget `hand 1`? "
            f"The statements from line {line} are read as hand 1",
            raw,
        )
        return hand, ()

    def _hand_head(self, entry: _Line) -> tuple[int, int, int] | None:
        """The `hand N` line's number, line and column (None when it does not read: then
        Lark says what is wrong with it)."""
        known = self._head_words
        if known is not None and known[0] == entry[0]:
            words: list[str] | None = known[1]  # (parted as the hand's lines were read)
        else:
            words = split_words(entry[1])
        stmt = self._read_line(entry, words, None)
        if stmt is _UNREADABLE:
            return None
        if stmt is None:
            stmt = self._parse(entry)
        return (stmt.number, stmt.line, stmt.column) if isinstance(stmt, _HandHead) else None

    def _block(self, block: list[_BlockLine], hand: int) -> int:
        """Read the non-blank lines of hand ``hand`` up to the next `hand` line (kept in
        ``_pending``) or the end into ``block``: each line's words are parted once, here.

        A hand past any real size (:data:`MAX_HAND_LINES` statement lines, or
        :data:`MAX_HAND_CHARS` characters in them) is not kept: its lines are counted to its
        end, ``block`` is left empty, one P-SYNTAX says so, and the line where it went past
        is returned (0 for a hand kept whole)."""
        number = self._lineno
        size = 0  # characters in the lines kept
        dropped = 0  # statement lines counted, not kept
        past = 0  # the line where the hand went past the bounds
        # (another module's names, looked up once a hand: the compiled build looks them up
        # by name each time, four dictionary look-ups a line)
        too_long, max_lines, max_chars = TOO_LONG, MAX_HAND_LINES, MAX_HAND_CHARS
        is_printable = _IS_PRINTABLE
        for raw in self._lines:
            number += 1
            keyword = None
            if raw == too_long:  # (reported as the file was read: a line not read)
                text, words = raw, None
            else:
                raw = raw.rstrip("\r\n")
                # (the usual line is printable: then it has no carriage return, nor a tab or
                # another character that split_words looks for, and is looked at once)
                printable = is_printable(raw)
                if not printable and "\r" in raw:
                    # (a carriage return inside: Lark's reading reports the line)
                    text, words = raw, None
                else:
                    text = raw[: raw.index("#")] if "#" in raw else raw
                    words = printable_words(text) if printable else split_words(text)
            if words is not None:
                if not words:
                    continue
                first = words[0]
                keyword = statement_keyword(first)  # (looked up once: see _events)
                # (a first word that is not `hand` but starts with it, such as `hand3`: only
                # `h` or `H` lower-cases to `h`)
                if keyword == "hand" or (
                    keyword is None
                    and first[0] in "hH"
                    and first[:4].lower() == "hand"
                    and self._hand_line(text)
                ):
                    self._pending = (number, text, raw)
                    self._head_words = (number, words)
                    break
            elif self._hand_line(text):
                self._pending = (number, text, raw)
                break
            elif not text.strip("\t ,"):
                continue
            block.append((number, text, raw, words, keyword))
            size += len(raw)
            if len(block) > max_lines or size > max_chars:
                past = past or number
                dropped += len(block)
                block.clear()
        self._lineno = number
        if past:
            self._hand_too_large(hand, past, dropped + len(block), size)
            block.clear()
        return past

    def _hand_too_large(self, hand: int, past: int, lines: int, size: int) -> None:
        """The one error of a hand past any real size (see :meth:`_block`)."""
        what = f"{lines:,} statement lines" if lines > MAX_HAND_LINES else f"{size:,} characters"
        self._error(
            P_SYNTAX,
            past,
            1,
            f"hand {hand} is too large to judge: {what} (a hand is read up to "
            f"{MAX_HAND_LINES:,} statement lines and {MAX_HAND_CHARS:,} characters; a real "
            f"one has fewer than 60 lines): the hand is not judged (lines {past:,} to "
            f"{self._last_line():,} were not read)",
        )

    def _last_line(self) -> int:
        """The number of the last line read before the `hand` line read last (or the end)."""
        return self._pending[0] - 1 if self._pending is not None else self._lineno

    def _hand_line(self, text: str) -> bool:
        """Whether a line's first word is the keyword `hand` (which starts a new hand)."""
        first = self._syntax.first_word.match(text)
        return first is not None and self._is_hand(first[1])

    def _read_line(
        self,
        entry: _Line,
        words: list[str] | None,
        unreadable: list[Unread] | None,
        keyword: str | None = "",
    ) -> _Statement | None:
        """A line read by its words (None: leave it to Lark). A line that reads but cannot
        be meant is reported here (it is then unreadable). ``keyword``: the statement the
        first word names, when looked up already (see :meth:`WordReader.read`)."""
        if not words:
            return None
        number, text, raw = entry
        try:
            return self._words.read(words, text, number, keyword)
        except _Fault as fault:
            column, message = _faulted(fault, text, self._names, self._game)
            self._error(P_SYNTAX, number, column, message, raw)
            if unreadable is not None:
                unreadable.append(Unread(number, _first_word(text)))
            return _UNREADABLE
        except Exception:  # a bug of the word reader: Lark reads the line instead
            self._word_failures += 1
            return None

    def _events(
        self, block: list[_BlockLine], unreadable: list[Unread] | None = None
    ) -> list[Event]:
        """Read a hand's statements (reporting the lines that do not parse, whose numbers go
        into ``unreadable``)."""
        events: list[Event] = []
        for number, text, raw, words, keyword in block:
            if words is None and raw == TOO_LONG:  # (a line kept whole has its words)
                if unreadable is not None:
                    unreadable.append(Unread(number, ""))
                continue
            stmt = self._read_line((number, text, raw), words, unreadable, keyword)
            if stmt is _UNREADABLE:
                continue
            if stmt is None:
                stmt = self._parse((number, text, raw))
                if stmt is None:
                    if unreadable is not None:
                        unreadable.append(Unread(number, _first_word(text)))
                    continue
            # (a tuple of types: `_HeaderLine | _HandHead` would make a union every line)
            if isinstance(stmt, (_HeaderLine, _HandHead)):
                self._error(
                    P_HEADER,
                    number,
                    stmt.column,
                    f"`{_statement_word(stmt)}` belongs in the header, before the first `hand`",
                    raw,
                )
            else:
                events.append(stmt)
        return self._own_game(events, block, unreadable)

    def _own_game(
        self, events: list[Event], block: list[_BlockLine], unreadable: list[Unread] | None
    ) -> list[Event]:
        """``events`` without the statements of the other game (a `bid` in a Bourré log),
        each reported as a line this game does not read (P-SYNTAX, said as the game reads
        it: see :func:`_other_game_statement`); they go into ``unreadable`` too."""
        game = self._game
        if game is None:
            return events
        foreign = self._foreign
        for event in events:  # (a loop, by exact type: this runs for every hand)
            if type(event) in foreign:
                break
        else:
            return events
        texts = {entry[0]: (entry[1], entry[2]) for entry in block}
        kept: list[Event] = []
        for event in events:
            if type(event) not in foreign or event.line not in texts:
                kept.append(event)
                continue
            text, raw = texts[event.line]
            fits = self._fits if self._hinted < _MAX_HINTED_LINES else None
            said = _other_game_statement(event, text, self._names, game, fits, self._words.top_bid)
            if said is None:
                kept.append(event)
                continue
            self._error(P_SYNTAX, event.line, said[0], said[1], raw, said[2])
            if unreadable is not None:
                unreadable.append(Unread(event.line, _first_word(text)))
                unreadable.sort()
        return kept


#: What :meth:`LogReader._read_line` gives for a line it reported as unreadable (a record of
#: its own, never a statement's).
_UNREADABLE: Final = _HandHead(-1, 0, 0)


def _first_word(text: str) -> str:
    """A line's first word in lower case (up to a space, tab or comma), or ``""``."""
    words = text.replace(",", " ").split()
    return words[0].lower() if words else ""


def _game_key(name: str) -> str:
    """A game's name for comparing: no case, accents or separators (`Bid Euchre`)."""
    return re.sub(r"[\s_-]+", "", fold(name))


def _unknown_game(name: str) -> str:
    """The message for a `game` line that names no known game, with a hint if one is close."""
    if not name:
        return "the `game` line names no game: expected bourre or bid-euchre"
    spellings = {spelling: g.key for g in all_games() for spelling in g.names}
    meant = dict.fromkeys(spellings[m] for m in close_matches(name, spellings, key=_game_key))
    hint = did_you_mean(list(meant))
    return f"unknown game '{_short(name)}': " + (hint or "expected bourre or bid-euchre")


def read_log(lines: Iterable[str]) -> LogReader:
    """Read a log from its lines, split at ``\\n`` only (as a text file opened with
    ``newline="\\n"`` gives them): each may end in ``\\n`` or ``\\r\\n``; a carriage
    return inside a line is reported."""
    return LogReader(lines)


def read_text(text: str) -> LogReader:
    """Read a log held in a string; ``\\n`` and ``\\r\\n`` end a line (as for git)."""
    return LogReader(io.StringIO(text, newline="\n"))


def _seated_score(line: ScoreLine, names: _Names) -> ScoreLine:
    """The header's `score` line with its names resolved against the seated players (it is
    read before the `players` line may be)."""
    entries = tuple(
        entry._replace(team=(names.resolve(entry.team[0]), names.resolve(entry.team[1])))
        for entry in line.entries
    )
    return line._replace(entries=entries)
