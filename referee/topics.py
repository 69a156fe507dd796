"""Everything ``referee explain`` explains, and the ``referee rules`` listing.

Four registries answer: the rule IDs (:mod:`referee.rulebook`, each rule with what to do
about a finding), the read-error codes (:mod:`referee.codes`), the
house options (:mod:`referee.optiondocs`) and the statements of a log
(:mod:`referee.statements`). ``referee explain``, ``referee rules``, :func:`referee.explain`
and the guide in ``docs/`` all print from here, so they say the same. A word that is both a
statement and a house option (``ante``) gets both, the statement first.

A word is looked up ignoring case. One that names nothing gets "did you mean" (the close
names, from :mod:`referee.suggest`), or, for the start of names (``BR-SETTLE``, ``P``,
``must``), the names it starts.
"""

from __future__ import annotations

import textwrap

from referee.codes import READ_CODES, explain_code_text, get_code
from referee.optiondocs import (
    GAME_TITLES,
    default_text,
    explain_option_text,
    find_option,
    option_docs,
    values_short,
)
from referee.rulebook import Rule, all_rules, get_rule
from referee.statements import explain_statement_text, find_statement, statement_names
from referee.suggest import close_matches, did_you_mean, fold

#: The width the ``rules`` listing is wrapped to.
LISTING_WIDTH = 80
#: A word longer than this is cut short when a message names it.
_SHOWN = 40


class UnknownTopic(LookupError):
    """A word that names no rule ID, read-error code, house option or statement (the
    message says what is close)."""


def explain_topic(word: str) -> str:
    """What ``referee explain WORD`` prints: a rule ID, a ``P-`` code, an option key or a
    statement's keyword (any case). Raises :class:`UnknownTopic` with a "did you mean"
    message otherwise."""
    rule = get_rule(word)
    if rule is not None:
        return explain_rule_text(rule)
    code = get_code(word)
    if code is not None:
        return explain_code_text(code)
    pages = []
    statement = find_statement(word)
    if statement is not None:
        pages.append(explain_statement_text(statement))
    option = find_option(word)
    if option is not None:
        pages.append(explain_option_text(option))
    if pages:
        return "\n".join(pages)
    raise UnknownTopic(unknown_topic_message(word))


def explain_rule_text(rule: Rule) -> str:
    """A rule's summary, game, explanation, a legal and an illegal example, and what to do
    about a finding under it."""
    games = {**GAME_TITLES, "both": "both games (log fault)"}
    lines = [f"{rule.id}: {rule.summary}", f"game: {games.get(rule.game, rule.game)}", ""]
    lines += rule.explanation.splitlines()
    if rule.options:
        keys = ", ".join(rule.options)
        lines += ["", f"House options that change it (`referee explain KEY`): {keys}"]
    for title, example in (("Legal", rule.legal_example), ("Illegal", rule.illegal_example)):
        if example:
            lines += ["", f"{title}:"] + ["    " + ln for ln in example.splitlines()]
    fix = rule.fix
    if fix:
        lines += ["", "How to fix:"] + ["    " + ln for ln in fix.splitlines()]
    return "\n".join(lines) + "\n"


def topic_names() -> list[str]:
    """Every name ``explain`` takes, as written, once: rule IDs, ``P-`` codes, option keys,
    statements' keywords and their other words (``fold``)."""
    names = sorted(all_rules()) + [code.id for code in READ_CODES]
    names += [doc.key for game in GAME_TITLES for doc in option_docs(game)]
    return list(dict.fromkeys(names + statement_names()))


def unknown_topic_message(word: str) -> str:
    """What to say about a word ``explain`` does not know: the names it starts, or the
    close ones, or where to look."""
    written = word.strip()
    shown = written if len(written) <= _SHOWN else written[: _SHOWN - 3] + "..."
    if not written:
        return (
            "nothing to explain: give a rule ID (BR-FOLLOW), a read-error code (P-SYNTAX), "
            "a house option (head_trick) or a statement (settle); `referee rules` lists the "
            "rules, codes and options, `referee docs log-format` the statements"
        )
    head = f"no rule ID, read-error code, house option or statement is called {shown!r}"
    names = topic_names()
    started = _started_by(written, names)
    if started:
        return f"{head}; the ones that start with it: {', '.join(started)}"
    hint = did_you_mean(_close_to(written, names))
    return f"{head}; {hint or 'run `referee rules` for the list'}"


def _form(name: str) -> str:
    """A name for comparing: no case or accents, ``_`` and spaces as ``-``."""
    return fold(name).replace("_", "-").replace(" ", "-")


def _started_by(word: str, names: list[str]) -> list[str]:
    """The names that ``word`` starts, up to one of their word breaks (``BR-SETTLE`` starts
    ``BR-SETTLE-WIN``; ``must`` starts ``must_trump``; ``BR-SET`` starts nothing)."""
    start = _form(word).rstrip("-")
    if not start:
        return []
    return [n for n in names if _form(n).startswith(start + "-")]


def _close_to(word: str, names: list[str]) -> list[str]:
    """The names closest to ``word``, whole (``BR-FOLOW``: BR-FOLLOW) or by the part after
    the game's prefix (``follow``: BR-FOLLOW, BE-FOLLOW; ``syntax``: P-SYNTAX)."""
    whole = close_matches(word, names, key=_form)
    if whole:
        return whole
    form = _form(word)
    tails = {n: _form(n).split("-", 1)[1] for n in names if n[:1].isupper() and "-" in n}
    exact = [n for n, tail in tails.items() if tail == form]
    if exact:
        return exact[:3]
    close = set(close_matches(form, sorted(set(tails.values())), key=_form))
    return [n for n, tail in tails.items() if tail in close][:3]


# ----------------------------------------------------------------------------- listing


def rules_text(game: str | None) -> str:
    """What ``referee rules`` prints (``game`` None: both games): every rule ID with its
    summary, the read-error codes, and every house option with its default, its values and
    what it means."""
    rules = all_rules()
    games = [game] if game else list(GAME_TITLES)
    sections = [("Log faults (both games)", "both")] + [
        (f"{GAME_TITLES[g]} rules", g) for g in games
    ]
    lines: list[str] = []
    for title, key in sections:
        chosen = [r for r in rules.values() if r.game == key]
        lines += [title, *_listed([(r.id, r.summary) for r in chosen]), ""]
    lines += ["Read errors (both games; exit 1 for a slip in a log otherwise read, else 2)"]
    lines += [*_listed([(c.id, c.summary) for c in READ_CODES]), ""]
    for g in games:
        lines += [f"{GAME_TITLES[g]} house options (key, default, values)", *_option_lines(g), ""]
    lines += [
        "`referee explain ID` or `referee explain KEY` says more about any of them, and",
        "`referee explain settle` about a statement of a log (`referee docs log-format`).",
    ]
    return "\n".join(lines) + "\n"


def _listed(entries: list[tuple[str, str]]) -> list[str]:
    """``  ID  summary`` lines, the IDs in one column and long summaries wrapped under
    their start."""
    width = max(len(name) for name, _ in entries)
    indent = " " * (width + 4)
    out: list[str] = []
    for name, summary in entries:
        out += textwrap.wrap(
            summary,
            LISTING_WIDTH,
            initial_indent=f"  {name:<{width}}  ",
            subsequent_indent=indent,
            break_on_hyphens=False,
        )
    return out


def _option_lines(game: str) -> list[str]:
    """For each option, ``key  default  (values)`` and its meaning on the line below."""
    docs = option_docs(game)
    width = max(len(doc.key) for doc in docs)
    defaults = {doc.key: default_text(doc) for doc in docs}
    default_width = max(len(text) for text in defaults.values())
    out: list[str] = []
    for doc in docs:
        out.append(
            f"  {doc.key:<{width}}  {defaults[doc.key]:<{default_width}}  ({values_short(doc)})"
        )
        out += textwrap.wrap(
            doc.summary,
            LISTING_WIDTH,
            initial_indent="      ",
            subsequent_indent="      ",
            break_on_hyphens=False,
        )
    return out
