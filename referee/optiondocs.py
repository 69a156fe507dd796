"""What each house option means: the texts ``referee rules``, ``referee explain KEY``,
``referee new`` and the guide in ``docs/house-rules.md`` print.

One :class:`OptionDoc` per option, made from the option's one declaration in its game's
options dataclass (:func:`referee.optionvalues.option`): its default, its values (from
which its reader of settings is derived too) and its words, in the fields' order.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from decimal import Decimal

from referee.games import all_games
from referee.options import default_options
from referee.optionvalues import Values, declared_options

#: The games, as option sections and ``game`` lines name them, and as people write them.
#: Each game's name for people, by key, in the order the documents list the games.
GAME_TITLES = {game.key: game.title for game in all_games()}


@dataclass(frozen=True, slots=True)
class OptionDoc:
    """One house option in words, as its game declares it (:func:`referee.optionvalues.option`):
    ``summary`` is one line (``rules``, the starter log's comment); ``detail`` the rest
    (``explain``, the guide); :attr:`see_also` the rule IDs whose findings it changes (as
    the rules declare it: one statement of it)."""

    key: str
    game: str
    values: Values
    summary: str
    detail: str
    #: A value to show how the option is written (else one is chosen from the values).
    example: str = ""

    @property
    def see_also(self) -> tuple[str, ...]:
        """The rules that read this option (each :class:`~referee.rule.Rule` says which)."""
        from referee.rulebook import all_rules

        return tuple(
            rule.id
            for rule in all_rules().values()
            if self.key in rule.options and rule.game in (self.game, "both")
        )


def _docs_of(game: str) -> tuple[OptionDoc, ...]:
    options_type = type(default_options(game))
    return tuple(
        OptionDoc(d.key, game, d.text.values, d.text.summary, d.text.detail, d.text.example)
        for d in declared_options(options_type)
    )


_DOCS: dict[str, tuple[OptionDoc, ...]] = {game: _docs_of(game) for game in GAME_TITLES}


def option_docs(game: str) -> tuple[OptionDoc, ...]:
    """The game's options in words, in the order of :func:`referee.options.option_keys`."""
    return _DOCS[game]


def find_option(key: str) -> OptionDoc | None:
    """The option with this key in either game (case-insensitive), or None."""
    wanted = key.strip().lower()
    for docs in _DOCS.values():
        for doc in docs:
            if doc.key == wanted:
                return doc
    return None


def default_text(doc: OptionDoc) -> str:
    """The option's default as it is written in a log or a house-rules file."""
    return value_text(getattr(default_options(doc.game), doc.key))


def value_text(value: object) -> str:
    """A setting as written: ``true``/``false``, ``none``, ``0.50``, ``carry``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def choices_of(doc: OptionDoc) -> tuple[str, ...]:
    """The words a choice option takes, from its field's ``Literal`` type."""
    options = default_options(doc.game)
    hints = typing.get_type_hints(type(options))
    return tuple(a for a in typing.get_args(hints[doc.key]) if isinstance(a, str))


def values_text(doc: OptionDoc) -> str:
    """The values the option takes, in words: ``true or false``, ``carry or dealer``, ``an
    amount, 0 or more``, ``a whole number from 1 to 6``."""
    values = doc.values
    if values.kind == "bool":
        return "true or false (yes/no and on/off too)"
    if values.kind == "choice":
        words = choices_of(doc)
        return ", ".join(words[:-1]) + " or " + words[-1]
    if values.kind == "amount":
        amount = "an amount above 0, or none" if values.none_ok else "an amount, 0 or more"
        return amount + " (a currency sign may go with it: $5, 0.50€)"
    if values.only:
        return " or ".join(str(n) for n in values.only)
    if values.high is not None:
        return f"a whole number from {values.low} to {values.high}"
    return f"a whole number, {values.low} or more"


def values_short(doc: OptionDoc) -> str:
    """The values in a few characters, for the ``rules`` listing: ``true | false``,
    ``carry | dealer``, ``amount``, ``amount | none``, ``1 to 6``, ``4 | 5``, ``0 or more``."""
    values = doc.values
    if values.kind == "bool":
        return "true | false"
    if values.kind == "choice":
        return " | ".join(choices_of(doc))
    if values.kind == "amount":
        return "amount | none" if values.none_ok else "amount"
    if values.only:
        return " | ".join(str(n) for n in values.only)
    if values.high is not None:
        return f"{values.low} to {values.high}"
    return f"{values.low} or more"


def explain_option_text(doc: OptionDoc) -> str:
    """What ``referee explain KEY`` prints for a house option."""
    default = default_text(doc)
    example = _example_value(doc)
    lines = [
        f"{doc.key}: {doc.summary}",
        f"a {GAME_TITLES[doc.game]} house option",
        f"default: {default}",
        f"values: {values_text(doc)}",
        "",
        *doc.detail.splitlines(),
        "",
        "In a log (before the first hand):",
        f"    option {doc.key} {example}",
        "In a house-rules file (YAML):",
        f"    {doc.key}: {example}",
    ]
    if doc.see_also:
        lines += ["", "See also (`referee explain ID`): " + ", ".join(doc.see_also)]
    return "\n".join(lines) + "\n"


def _example_value(doc: OptionDoc) -> str:
    """A value other than the default, to show how a setting is written."""
    if doc.example:
        return doc.example
    default = getattr(default_options(doc.game), doc.key)
    values = doc.values
    if values.kind == "bool":
        return "false" if default else "true"
    if values.kind == "choice":
        return next(w for w in choices_of(doc) if w != default)
    if values.kind == "amount":
        return "5" if default is None else ("0.50" if default != Decimal("0.50") else "1")
    if values.only:
        return str(next(n for n in values.only if n != default))
    return str(default + 1 if values.high is None or default < values.high else default - 1)
