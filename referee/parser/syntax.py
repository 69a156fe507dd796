"""The grammar and what is built from it: its terminals as regular expressions (cached
between runs) and, on demand, the Lark parser."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, overload

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
        """The Lark parser (LALR, contextual lexer), built on first use (about 60 ms)."""
        if self._lark is None:
            with _lock_lark:
                if self._lark is None:
                    from lark import Lark

                    self._lark = Lark(
                        self._grammar,
                        parser="lalr",
                        lexer="contextual",
                        start=["line", "log", "bourre_line", "bid_euchre_line"],
                        maybe_placeholders=False,
                    )
        return self._lark
