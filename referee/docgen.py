"""The reference sections of the guide in ``docs/``, written from the registries.

``docs/findings.md``, ``docs/house-rules.md`` and ``docs/log-format.md`` hold sections
between the markers ``<!-- generated: NAME -->`` and ``<!-- end generated -->``: every rule
ID, read-error code, house option and statement, with the same words ``referee explain``
and ``referee rules`` print. The docs test requires each section to be exactly what
:func:`section` gives (after a change to a registry: ``REFEREE_UPDATE_DOCS=1 pytest
tests/test_docs.py``, then read the diff).
"""

from __future__ import annotations

import re

from referee.codes import READ_CODES, ReadCode, status_words
from referee.optiondocs import (
    GAME_TITLES,
    OptionDoc,
    default_text,
    option_docs,
    values_short,
    values_text,
)
from referee.rulebook import Rule, all_rules
from referee.statements import STATEMENTS, Form

#: A generated section: its name, then what the registries give for it.
SECTION = re.compile(
    r"(<!-- generated: (?P<name>[\w:-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.DOTALL
)


def section(name: str) -> str:
    """The Markdown of a generated section: ``rules:GAME`` (``both`` for the log faults),
    ``codes``, ``options-table:GAME``, ``options:GAME`` or ``statements:PLACE`` (``header``,
    or a game for its hands' statements)."""
    return "\n" + _content(name) + "\n"


def _content(name: str) -> str:
    kind, _, game = name.partition(":")
    if kind == "rules":
        rules = [r for r in all_rules().values() if r.game == game]
        return "\n".join(_rule(r) for r in rules)
    if kind == "codes":
        return "\n".join(_code(c) for c in READ_CODES)
    if kind == "options-table":
        return _options_table(game)
    if kind == "options":
        return "\n".join(_option(d) for d in option_docs(game))
    if kind == "statements":
        return _statements_table(game)
    raise KeyError(f"no generated section {name!r}")


def fill(text: str) -> str:
    """``text`` with every generated section written anew."""
    return SECTION.sub(lambda m: m.group(1) + section(m.group("name")) + m.group(4), text)


def _paragraphs(text: str) -> str:
    """Registry text (lines of about 88 characters) as Markdown paragraphs: a line that
    starts with ``Why:`` starts a new one."""
    out: list[str] = []
    for line in text.splitlines():
        if out and line.startswith("Why:"):
            out.append("")
        out.append(line)
    return "\n".join(out)


def _block(text: str) -> str:
    return "```text\n" + text + "\n```"


def _rule(rule: Rule) -> str:
    parts = [
        f"### {rule.id}",
        "",
        f"*{_capital(rule.summary)}.*",
        "",
        _paragraphs(rule.explanation),
    ]
    if rule.legal_example:
        parts += ["", "Legal:", "", _block(rule.legal_example)]
    if rule.illegal_example:
        parts += ["", "Illegal:", "", _block(rule.illegal_example)]
    fix = rule.fix
    if fix:
        parts += ["", "**How to fix.** " + fix]
    return "\n".join(parts) + "\n"


def _code(code: ReadCode) -> str:
    parts = [f"### {code.id}", "", f"*{_capital(code.summary)}.*", "", code.explanation]
    parts += ["", f"**Exit status.** {_capital(status_words(code))}."]
    parts += ["", "**How to fix.** " + code.fix]
    if code.example:
        parts += ["", "Example:", "", _block(code.example)]
    return "\n".join(parts) + "\n"


def _options_table(game: str) -> str:
    rows = ["| key | default | values | what it means |", "|---|---|---|---|"]
    for doc in option_docs(game):
        cells = [
            f"[`{doc.key}`](#{doc.key})",
            f"`{default_text(doc)}`",
            values_short(doc).replace("|", "or"),
            doc.summary,
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def _option(doc: OptionDoc) -> str:
    parts = [
        f"### {doc.key}",
        "",
        f"*{GAME_TITLES[doc.game]}. Default `{default_text(doc)}`; {values_text(doc)}.*",
        "",
        f"{_capital(doc.summary)}. {doc.detail}",
    ]
    if doc.see_also:
        parts += [
            "",
            "Findings it bears on: " + ", ".join(_rule_link(r) for r in doc.see_also) + ".",
        ]
    return "\n".join(parts) + "\n"


def _statements_table(place: str) -> str:
    """The statements of the header (``header``; each game's own marked as such), or of a
    game's hands: a row per form, with an example that reads."""
    rows = ["| statement | example | what it says |", "|---|---|---|"]
    seen: set[str] = set()
    for statement in STATEMENTS:
        if place == "header" and "header" in statement.places:
            usages = list(statement.usages)
        elif place != "header" and "hand" in statement.places:
            usages = [u for u in statement.usages if place in u.games]
        else:
            continue
        for usage in usages:
            only = "" if place != "header" or len(statement.games) > 1 else statement.games[0]
            for form in usage.forms:
                if form.syntax not in seen:
                    seen.add(form.syntax)
                    rows.append(_form_row(form, GAME_TITLES.get(only, "")))
    return "\n".join(rows) + "\n"


def _form_row(form: Form, game_title: str) -> str:
    meaning = form.meaning
    if game_title:
        meaning = f"{game_title}: {meaning[:1].lower()}{meaning[1:]}"
    cells = [f"`{form.syntax}`", f"`{form.example}`", meaning.replace("|", "\\|")]
    return "| " + " | ".join(cells) + " |"


def _rule_link(rule_id: str) -> str:
    return f"[{rule_id}](findings.md#{rule_id.lower()})"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
