"""House options: one frozen dataclass per game, loaded from YAML and ``option`` lines.

Precedence, lowest first: the defaults, ``--rules FILE``, the log's ``rules PATH``, the log's
``option KEY VALUE`` lines. Every key and value is validated; an error names the valid keys
or values. YAML is read with PyYAML's safe loader only (see :func:`_load_yaml`).
"""

from __future__ import annotations

import dataclasses
import functools
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Literal

from referee.currency import strip_sign
from referee.suggest import close_matches, did_you_mean, fold

#: A house-rules file is a few lines; anything larger is not one (and is not read whole).
MAX_RULES_BYTES = 1 << 20


class OptionError(ValueError):
    """A house-rules problem: unknown key, bad value, unreadable or invalid file."""


@dataclass(frozen=True, slots=True)
class BourreOptions:
    """Bourré house options (``bourre.md``); defaults give the standard game."""

    ante: Decimal = Decimal(1)
    limit: Decimal | None = None
    limit_caps_winner: bool = False
    hand_size: int = 5
    head_trick: bool = True
    head_when_trumped: bool = False
    must_trump: bool = True
    must_overtrump: bool = True
    must_undertrump: bool = True
    cinch: bool = True
    dealer_plays_ace: bool = True
    double_ante: bool = False
    all_pass: Literal["carry", "dealer"] = "carry"
    renege_penalty: Literal["pot", "none"] = "pot"


@dataclass(frozen=True, slots=True)
class EuchreOptions:
    """Bid Euchre house options (``bid-euchre.md``); defaults give the common game."""

    target: int = 32
    min_bid: int = 3
    first_bidder: Literal["left", "dealer"] = "left"
    first_lead: Literal["bidder", "left"] = "bidder"
    stick_the_dealer: bool = False
    ask_made: int = 12
    moon_made: int = 24
    ask_failed: int = 6
    moon_failed: int = 6
    renege_points: int = 2
    deck: Literal["single", "double"] = "single"
    joker: bool = False
    ace_no_face: bool = False


GameOptions = BourreOptions | EuchreOptions

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_BOOL_WORDS = ("true", "false", "yes", "no", "on", "off")  # (for a hint)


def _hinted(expected: str, value: Any, choices: tuple[str, ...]) -> str:
    """``expected ...``, then "(did you mean carry?)" when ``value`` is a word close to one
    of the ``choices``."""
    if not isinstance(value, str):
        return expected
    hint = did_you_mean(close_matches(value.strip(), choices))
    return f"{expected} ({hint})" if hint else expected


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise OptionError(_hinted("expected true or false", value, _BOOL_WORDS))


def _to_int(lo: int, hi: int | None) -> Callable[[Any], int]:
    def convert(value: Any) -> int:
        if isinstance(value, bool):
            raise OptionError(f"expected a whole number{_range_text(lo, hi)}")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise OptionError(f"expected a whole number{_range_text(lo, hi)}") from None
        if number < lo or (hi is not None and number > hi):
            raise OptionError(f"expected a whole number{_range_text(lo, hi)}")
        return number

    return convert


def _range_text(lo: int, hi: int | None) -> str:
    return f" from {lo} to {hi}" if hi is not None else f" of at least {lo}"


def _to_money(allow_none: bool) -> Callable[[Any], Decimal | None]:
    what = "an amount such as 1 or 0.50" + (" or none" if allow_none else "")

    def convert(value: Any) -> Decimal | None:
        if value is None or (allow_none and str(value).strip().lower() in {"none", "null", "~"}):
            if allow_none:
                return None
            raise OptionError(f"expected {what}")
        if isinstance(value, bool) or (isinstance(value, float) and value != value):
            raise OptionError(f"expected {what}")
        try:
            amount = Decimal(strip_sign(str(value).strip()))  # `$1.50`: the sign is no value
        except InvalidOperation:
            raise OptionError(f"expected {what}") from None
        if not amount.is_finite() or amount < 0 or (allow_none and amount == 0):
            raise OptionError(f"expected {what}" + (", above 0" if allow_none else ", 0 or more"))
        return amount

    return convert


def _to_choice(*choices: str) -> Callable[[Any], str]:
    def convert(value: Any) -> str:
        text = str(value).strip().lower()
        if text not in choices:
            raise OptionError(_hinted("expected one of: " + ", ".join(choices), value, choices))
        return text

    return convert


_BOURRE_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "ante": _to_money(False),
    "limit": _to_money(True),
    "limit_caps_winner": _to_bool,
    "hand_size": lambda v: _check_in(_to_int(4, 5)(v), (4, 5)),
    "head_trick": _to_bool,
    "head_when_trumped": _to_bool,
    "must_trump": _to_bool,
    "must_overtrump": _to_bool,
    "must_undertrump": _to_bool,
    "cinch": _to_bool,
    "dealer_plays_ace": _to_bool,
    "double_ante": _to_bool,
    "all_pass": _to_choice("carry", "dealer"),
    "renege_penalty": _to_choice("pot", "none"),
}

_EUCHRE_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "target": _to_int(1, None),
    "min_bid": _to_int(1, 6),
    "first_bidder": _to_choice("left", "dealer"),
    "first_lead": _to_choice("bidder", "left"),
    "stick_the_dealer": _to_bool,
    "ask_made": _to_int(0, None),
    "moon_made": _to_int(0, None),
    "ask_failed": _to_int(0, None),
    "moon_failed": _to_int(0, None),
    "renege_points": _to_int(0, None),
    "deck": _to_choice("single", "double"),
    "joker": _to_bool,
    "ace_no_face": _to_bool,
}


def _check_in(value: int, allowed: tuple[int, ...]) -> int:
    if value not in allowed:
        raise OptionError("expected one of: " + ", ".join(map(str, allowed)))
    return value


def option_keys(game: str) -> list[str]:
    """The valid option keys of a game, in the order the rules document lists them."""
    return list(_converters(game))


def _converters(game: str) -> dict[str, Callable[[Any], Any]]:
    return _BOURRE_CONVERTERS if game == "bourre" else _EUCHRE_CONVERTERS


def default_options(game: str) -> GameOptions:
    """The defaults of a game (``"bourre"`` or ``"bid-euchre"``)."""
    return BourreOptions() if game == "bourre" else EuchreOptions()


def convert_option(game: str, key: str, value: Any) -> Any:
    """Validate one setting and return its typed value; raise OptionError naming what is valid."""
    converters = _converters(game)
    norm = str(key).strip().lower()
    if norm not in converters:
        hint = did_you_mean(close_matches(str(key).strip(), converters, key=_key_form))
        raise OptionError(
            f"unknown option {key!r} for {game}"
            + (f" ({hint})" if hint else "")
            + "; valid keys: "
            + ", ".join(converters)
        )
    # A list or mapping is never a valid value; it is not even turned into text (a YAML
    # alias bomb nests lists a billion elements deep).
    nested = isinstance(value, list | tuple | set | frozenset | dict)
    try:
        return converters[norm]("" if nested else value)
    except OptionError as exc:
        raise OptionError(f"bad value {_show(value)} for option {norm}: {exc}") from None


def _show(value: Any) -> str:
    """A value as YAML would write it, cut short, for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "(a mapping)"
    if isinstance(value, list | tuple | set | frozenset):
        return "(a list)"
    try:
        text = repr(value) if isinstance(value, str) else str(value)
    except ValueError:  # an integer too long to print
        text = "(a very long number)"
    return text if len(text) <= 40 else text[:37] + "..."


def _key_form(key: str) -> str:
    """An option key for comparing: no case or accents, ``-`` and spaces as ``_``."""
    return fold(key).replace("-", "_").replace(" ", "_")


def validate_settings(
    game: str, settings: Mapping[str, Any]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Every setting validated: the typed values of the valid ones (by option key), and for
    each bad one its key as written and the message (naming what is valid), in order, so
    that one run reports every problem of a file."""
    changes: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for key, value in settings.items():
        try:
            changes[str(key).strip().lower()] = convert_option(game, key, value)
        except OptionError as exc:
            problems.append((str(key), str(exc)))
    return changes, problems


def option_conflicts(options: GameOptions) -> list[tuple[tuple[str, ...], str]]:
    """Settings that are valid one by one but not together: for each conflict, the keys
    involved and the message (Bid Euchre: the joker is a single-deck variant)."""
    if not isinstance(options, EuchreOptions):
        return []
    found: list[tuple[tuple[str, ...], str]] = []
    if options.joker and options.deck == "double":
        found.append(
            (
                ("joker", "deck"),
                "options joker and deck conflict: the joker variant is played with a single "
                "deck (24 cards and the joker); set joker: false or deck: single",
            )
        )
    return found


def apply_settings(options: GameOptions, game: str, settings: Mapping[str, Any]) -> GameOptions:
    """A copy of ``options`` with ``settings`` applied (each validated); raises OptionError
    with the first problem (:func:`validate_settings` gives them all)."""
    changes, problems = validate_settings(game, settings)
    if problems:
        raise OptionError(problems[0][1])
    return dataclasses.replace(options, **changes)


def key_line(settings: Mapping[str, Any], key: str) -> int | None:
    """The line of ``key`` in the house-rules file ``settings`` were read from (see
    :func:`read_rules_file`), or None when not known."""
    lines = getattr(settings, "lines", None)
    return lines.get(key) if isinstance(lines, dict) else None


def read_rules_file(path: Path, game: str) -> dict[str, Any]:
    """Read a house-rules YAML file: a mapping of option keys to values.

    A file may hold the keys directly, or under a section named after the game
    (``bourre:`` / ``bid-euchre:``) so one file can serve both games.
    """
    import yaml  # only when a rules file is read (it takes a while to import)

    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a folder, a pipe or a device
            raise OptionError(f"{path}: the house-rules file is not a regular file")
        if path.stat().st_size > MAX_RULES_BYTES:
            raise OptionError(
                f"{path}: the house-rules file is too large (over {MAX_RULES_BYTES} bytes)"
            )
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise OptionError(f"{path}: house-rules file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise OptionError(f"{path}: cannot read house-rules file ({exc})") from None
    try:
        data = _load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise OptionError(f"{path}{where}: invalid YAML: {problem}") from None
    except RecursionError:
        raise OptionError(f"{path}: invalid YAML: nested too deeply") from None
    except ValueError as exc:  # a number too long to convert, a date such as 2001-02-31
        problem = str(exc) if len(str(exc)) <= 80 else str(exc)[:77] + "..."
        raise OptionError(f"{path}: invalid YAML: {problem}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise OptionError(f"{path}: expected a mapping of option keys to values")
    sections = {_game_section(k) for k in data if isinstance(k, str)}
    if sections & {"bourre", "bid-euchre"}:
        section = next((v for k, v in data.items() if _game_section(k) == game), None) or {}
        if not isinstance(section, dict):
            raise OptionError(f"{path}: section {game!r} must be a mapping of keys to values")
        data = section
    for key in data:
        if not isinstance(key, str):
            raise OptionError(f"{path}: option keys must be words, got {_show(key)}")
    return data


class _Settings(dict[Any, Any]):
    """A mapping read from YAML, with the line of each key (``lines``: key as written ->
    line), so that a problem with a key names its line in the file."""

    lines: dict[str, int]


def _load_yaml(text: str) -> Any:
    """``yaml.safe_load(text)``, but every mapping is a :class:`_Settings` that knows the
    lines of its keys (from the YAML nodes' marks): the same safe loader and constructors,
    one more dictionary a mapping."""
    import yaml

    return yaml.load(text, Loader=_marked_loader())  # a SafeLoader: see _marked_loader


@functools.cache
def _marked_loader() -> type:
    """The safe YAML loader with mappings as :class:`_Settings` (built once, on first use,
    as PyYAML is imported only when a house-rules file is read)."""
    import yaml

    class MarkedLoader(yaml.SafeLoader):
        def marked_map(self, node: yaml.MappingNode) -> Iterator[_Settings]:
            data = _Settings()
            data.lines = {}
            yield data
            data.update(self.construct_mapping(node))
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    data.lines[str(key_node.value)] = key_node.start_mark.line + 1  # (last)

    MarkedLoader.add_constructor("tag:yaml.org,2002:map", MarkedLoader.marked_map)
    return MarkedLoader


def _game_section(key: object) -> str | None:
    text = str(key).strip().lower()
    if text in {"bourre", "bourré", "booray"}:
        return "bourre"
    if text in {"bid-euchre", "bid_euchre", "euchre"}:
        return "bid-euchre"
    return None


def changed_options(options: GameOptions) -> dict[str, Any]:
    """The settings that differ from the game's defaults (for report headers)."""
    defaults = type(options)()
    return {
        f.name: getattr(options, f.name)
        for f in fields(options)
        if getattr(options, f.name) != getattr(defaults, f.name)
    }
