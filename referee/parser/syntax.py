"""The grammar and what is built from it: its terminals as regular expressions (cached
between runs) and, on demand, the Lark parser."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from lark import Lark

import referee

# ----------------------------------------------------------------------------- the grammar

_GRAMMAR_FILE = "hand_log.lark"
_lock = threading.Lock()
_lock_lark = threading.RLock()
_syntax_instance: _Syntax | None = None


def grammar_text() -> str:
    """The grammar: the file in the installed package (``referee/grammar``) or in the
    repository (``grammar/``), or else (a zipped install) through :mod:`importlib.resources`
    (its import alone takes longer than reading the file, so it is the last resort)."""
    package = Path(referee.__file__).resolve().parent
    for path in (package / "grammar" / _GRAMMAR_FILE, package.parent / "grammar" / _GRAMMAR_FILE):
        try:
            return path.read_text("utf-8")
        except OSError:
            pass
    from importlib import resources

    return resources.files("referee.grammar").joinpath(_GRAMMAR_FILE).read_text("utf-8")


def _syntax() -> _Syntax:
    """The terminals' patterns (and, on demand, the Lark parser), built once per process."""
    global _syntax_instance
    if _syntax_instance is None:
        with _lock:
            if _syntax_instance is None:
                _syntax_instance = _Syntax(grammar_text())
    return _syntax_instance


#: The terminals the word reader checks words against (see :func:`_terminals`).
_TERMINALS = ("NAME", "CARD", "SUIT", "INT", "AMOUNT", "HAND")


def _terminals(grammar: str, build: Callable[[], Lark]) -> dict[str, str]:
    """The regular expressions of the grammar's terminals that the word reader checks words
    against,
    and of its keywords (``"keyword"``).

    They are Lark's reading of the grammar, so they take Lark's ~60 ms to build the parser;
    a log whose every line is read by its words needs nothing else from Lark. So they are
    kept in a small JSON file in the user's cache folder, keyed by the grammar's text and the
    installed Lark, and read from there while both stay the same. Anything wrong with the
    cache (missing, unreadable, stale, not writable) just means asking Lark again.
    """
    from referee import cache

    key = cache.key("terminals", grammar, cache.module_stamp("lark"))
    found = cache.load_json("terminals", key)
    if (
        isinstance(found, dict)
        and set(found) == {*_TERMINALS, "keyword"}
        and all(isinstance(v, str) for v in found.values())
    ):
        return found
    lark = build()
    terms = {name: lark.get_terminal(name).pattern.to_regexp() for name in _TERMINALS}
    keywords = (
        t
        for t in lark.terminals
        if t.name.isalpha()
        and t.name.isupper()
        and t.name not in {"NAME", "CARD", "SUIT", "INT", "AMOUNT", "KEY", "TEXT"}
    )
    terms["keyword"] = "|".join(t.pattern.to_regexp() for t in keywords)
    cache.save_json("terminals", key, terms)
    return terms


class _Lazy:
    """A pattern of :class:`_Syntax` compiled on first use (from ``_lazy``), then kept in the
    instance (which this descriptor, having no ``__set__``, then leaves alone). ``groups``:
    the groups it must have (the terminals' patterns number none of theirs), if checked."""

    def __init__(self, groups: int | None = None) -> None:
        self.groups = groups

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, syntax: None, owner: type) -> _Lazy: ...

    @overload
    def __get__(self, syntax: _Syntax, owner: type | None = None) -> re.Pattern[str]: ...

    def __get__(self, syntax: _Syntax | None, owner: type | None = None) -> re.Pattern[str] | _Lazy:
        if syntax is None:  # (asked of the class)
            return self
        pattern = syntax.__dict__[self.name] = re.compile(syntax._lazy[self.name])
        assert self.groups is None or pattern.groups == self.groups, self.name
        return pattern


class _Syntax:
    """The grammar's terminals as regular expressions (for the word reader, which checks a
    word it has not seen against its terminal, and for messages), and the Lark parser
    itself, built the first time a line needs it."""

    # Patterns a usual log never needs: compiled the first time one is used.
    play = _Lazy(groups=3)
    keyword = _Lazy()
    amount = _Lazy(groups=0)
    card = _Lazy(groups=0)
    hand_word = _Lazy(groups=0)  # (a first word not in ASCII)
    header_text = _Lazy(groups=1)  # (a `game` line the words do not read)
    header_option = _Lazy(groups=2)

    def __init__(self, grammar: str) -> None:
        self._grammar = grammar
        self._lark: Lark | None = None
        self._lazy: dict[str, str] = {}  # the lazy patterns' sources, by name
        terms = _terminals(grammar, lambda: self.lark)

        def term(name: str) -> str:
            # atomic: a token never gives back characters, as in Lark (the patterns number
            # none of their groups: checked as each is compiled, see _Lazy)
            return f"(?>{terms[name]})"

        sep = r"[\t ,]*"
        colon = rf"{sep}(?::{sep})?"  # an optional ':' after a keyword
        name, card = term("NAME"), term("CARD")
        self.name = re.compile(name)
        assert self.name.groups == 0, "NAME"
        self.first_word = re.compile(rf"{sep}({name})")
        lazy = self._lazy  # (see _Lazy)
        lazy["card"] = card
        lazy["amount"] = term("AMOUNT")
        lazy["play"] = (
            rf"{sep}({name})[\t ,]+({card})(?:[\t ,]*\([\t ]*(?i:was)[\t ,]+({card})[\t ]*\))?"
        )
        lazy["keyword"] = terms["keyword"]
        lazy["hand_word"] = terms["HAND"]
        # The header's statements whose value is text to the end of the line.
        text = r"[^\s,:#][^\n#]*"  # the grammar's TEXT: the rest of the line
        lazy["header_text"] = rf"{colon}({text})?"
        lazy["header_option"] = rf"{colon}((?>(?i:[a-z_][a-z0-9_-]*))){sep}({text})"

    @property
    def lark(self) -> Lark:
        """The Lark parser (LALR, contextual lexer), made on first use (see
        :func:`_lark_parser`)."""
        if self._lark is None:
            with _lock_lark:
                if self._lark is None:
                    self._lark = _lark_parser(self._grammar)
        return self._lark


# ----------------------------------------------------------------------------- the parser

#: How the Lark parser is built (a part of its cache entry's key).
_LARK_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": ["line", "log", "bourre_line", "bid_euchre_line"],
    "maybe_placeholders": False,
}


def _lark_parser(grammar: str) -> Lark:
    """The Lark parser of ``grammar``.

    Building it works out the grammar's LALR tables (~60 ms, more than the rest of a one-log
    audit). So the tables are kept in the user's cache folder as plain JSON (never a pickle:
    see :mod:`referee.cache`), keyed by the grammar's text, the installed Lark and the
    options, and a later run loads them (~6 ms) as ``Lark.load`` loads its own, from Lark's
    serialized form. Anything wrong with the entry just means building the parser again
    (``tests/test_cache.py`` checks that a loaded parser reads lines as a built one does).
    """
    from lark import Lark

    from referee import cache

    key = cache.key("parser", grammar, cache.module_stamp("lark"), repr(_LARK_OPTIONS))
    found = cache.load_json("parser", key, object_hook=_from_json)
    if isinstance(found, dict):
        try:
            return Lark.__new__(Lark)._load(found)
        except Exception:  # (a damaged entry, or a Lark whose form has changed)
            pass
    lark = Lark(grammar, **_LARK_OPTIONS)
    cache.save_json("parser", key, _to_json(_serialized(lark)))
    return lark


def _serialized(lark: Lark) -> dict[str, Any]:
    """Lark's serialized form of a parser (``Lark.save`` pickles the same)."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = lark.memo_serialize([TerminalDef, Rule])
    return {"data": data, "memo": memo}


def _to_json(value: Any) -> Any:
    """Lark's serialized form as JSON can hold it: a tuple as ``{"(": [...]}``, a mapping
    whose keys are not all strings (the parse table's states are numbered) or that could be
    taken for one of these as ``{"#": [[key, value], ...]}``; :func:`_from_json` undoes it."""
    if isinstance(value, tuple):
        return {"(": [_to_json(v) for v in value]}
    if isinstance(value, list):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and not (
            len(value) == 1 and _TAGGED & value.keys()
        ):
            return {k: _to_json(v) for k, v in value.items()}
        return {"#": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    return value


_TAGGED = frozenset({"(", "#"})


def _from_json(obj: dict[str, Any]) -> Any:
    """One JSON object of :func:`_to_json`'s form read back (a ``json`` object hook)."""
    if len(obj) == 1:
        if isinstance(obj.get("("), list):
            return tuple(obj["("])
        pairs = obj.get("#")
        if isinstance(pairs, list) and all(isinstance(p, list) and len(p) == 2 for p in pairs):
            try:
                return {k: v for k, v in pairs}
            except TypeError:  # (a key that is a list: not an entry this wrote)
                return obj
    return obj
