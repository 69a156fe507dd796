"""House options: one frozen dataclass per game, loaded from YAML and ``option`` lines.

Precedence, lowest first: the defaults, the folder config's ``rules`` file and game table
(:mod:`referee.config`), the log's ``rules PATH``, the log's ``option KEY VALUE`` lines,
``--rules FILE`` (see :func:`referee.houserules.resolve_options`). Every key and value is
validated; an error names the valid keys
or values. YAML is read with the safe loader only (libyaml's ``CSafeLoader`` when it is
installed), each file once per batch, its numbers as written (no octal, hex or sexagesimal
numbers: see :func:`_loader_class`); amounts are read by :mod:`referee.amounts`, as a log's.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.games.bourre.options import BourreOptions as BourreOptions
from referee.games.euchre.options import EuchreOptions as EuchreOptions
from referee.optionvalues import OptionError as OptionError
from referee.suggest import close_matches, did_you_mean, fold

#: A house-rules file is a few lines; anything larger is not one (and is not read at all).
MAX_RULES_BYTES = 64 << 10


GameOptions = BourreOptions | EuchreOptions


def option_keys(game: str) -> list[str]:
    """The valid option keys of a game, in the order the rules document lists them."""
    return list(_converters(game))


def _converters(game: str) -> Mapping[str, Callable[[Any], Any]]:
    from referee.games import game_of

    return game_of(game).converters()


def default_options(game: str) -> GameOptions:
    """The defaults of a game (``"bourre"`` or ``"bid-euchre"``)."""
    from referee.games import game_of

    options: GameOptions = game_of(game).default_options()
    return options


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


def apply_settings(options: GameOptions, game: str, settings: Mapping[str, Any]) -> GameOptions:
    """A copy of ``options`` with ``settings`` applied (each validated); raises OptionError
    with the first problem (:func:`validate_settings` gives them all)."""
    changes, problems = validate_settings(game, settings)
    if problems:
        raise OptionError(problems[0][1])
    return dataclasses.replace(options, **changes)


#: Folders whose files are never read as house rules: their "files" are the kernel's and
#: devices (``/proc/kmsg`` blocks forever, ``/dev/zero`` never ends).
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")


@dataclass(frozen=True, slots=True)
class RulesFile:
    """A house-rules file as parsed: its mapping, and where each key and value stands."""

    data: dict[Any, Any]
    #: (section or None, key) -> the 1-based line and column of the key, then of its value
    places: dict[tuple[str | None, str], tuple[int, int, int, int]]


#: Parsed files by their text: a batch parses each file once, and a file rewritten during
#: the batch (even to the same size, within one tick of the clock) is parsed again.
_PARSED: dict[str | None, RulesFile | str] = {}
_PARSED_MAX = 64


def load_rules_file(path: Path) -> RulesFile:
    """Parse a house-rules file, at most once per batch (see :data:`_PARSED`).

    Only a regular file of at most :data:`MAX_RULES_BYTES`, outside :data:`SYSTEM_FOLDERS`,
    is read; it is opened without blocking (a pipe or device is refused, not waited for).
    """
    import os

    real = os.path.realpath(path)
    if any(real == top or real.startswith(top + "/") for top in SYSTEM_FOLDERS):
        raise OptionError(f"{path}: the house-rules file is not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise OptionError(f"{path}: house-rules file not found") from None
    except OSError as exc:
        raise OptionError(f"{path}: cannot read house-rules file ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # a folder, a pipe or a device
            raise OptionError(f"{path}: the house-rules file is not a regular file")
        if st.st_size > MAX_RULES_BYTES:
            raise OptionError(
                f"{path}: the house-rules file is too large (over {MAX_RULES_BYTES} bytes)"
            )
        text = _read_fd(fd, path)  # (at most 64 KiB: reading is cheap, parsing is not)
        parsed = _PARSED.get(text)
        if parsed is None:
            parsed = _parse_rules(text)
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[text] = parsed
    finally:
        os.close(fd)
    if isinstance(parsed, str):
        raise OptionError(f"{path}{parsed}")
    return parsed


def _read_fd(fd: int, path: Path) -> str | None:
    """The file's text (None: not UTF-8, or it grew past the limit while read)."""
    import os

    chunks: list[bytes] = []
    size = 0
    while size <= MAX_RULES_BYTES:
        chunk = os.read(fd, MAX_RULES_BYTES + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_RULES_BYTES:
        return None
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def _parse_rules(text: str | None) -> RulesFile | str:
    """The parsed file, or the problem (a message to follow the path) without its content."""
    import yaml  # only when a rules file is read (it takes a while to import)

    if text is None:
        return f": cannot read house-rules file (not UTF-8 text, or over {MAX_RULES_BYTES} bytes)"
    loader = _loader_class()(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        return f"{where}: invalid YAML: {_problem(exc)}"
    except RecursionError:
        return ": invalid YAML: nested too deeply"
    except ValueError as exc:  # a number too long to convert, a date such as 2001-02-31
        return f": invalid YAML: {_value_problem(exc)}"
    finally:
        loader.dispose()
    if data is None:
        return RulesFile({}, {})
    if not isinstance(data, dict):
        return ": expected a mapping of option keys to values"
    return RulesFile(data, _places(node))


@functools.cache
def _numeral() -> re.Pattern[str]:
    """A YAML scalar that YAML 1.1 would have made a number (read as text: see
    :func:`_loader_class`)."""
    return re.compile(r"[-+]?(?:[0-9][0-9_:.]*|\.[0-9]+|0x[0-9a-fA-F_]+)(?:[eE][-+]?[0-9]+)?")


@functools.cache
def _loader_class() -> Any:
    """YAML's safe loader (libyaml's C loader when installed: 10-50x faster) that reads
    numbers as written: without its integer and float resolvers, a scalar such as ``010``,
    ``0x1F``, ``1:30`` or ``1e3`` arrives as text, and the option's converter reads it as
    an `option` line's value is read (``010`` is 10, not YAML 1.1's octal 8; ``1:30`` is no
    amount, not the sexagesimal 90). Booleans, null and dates are resolved as before."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    numbers = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
    resolvers = {
        first: [(tag, pattern) for tag, pattern in found if tag not in numbers]
        for first, found in base.yaml_implicit_resolvers.items()
    }
    return type("NumbersAsWritten", (base,), {"yaml_implicit_resolvers": resolvers})


def _problem(exc: Exception) -> str:
    """What the YAML parser says is wrong, without the text it quotes from the file (an
    alias's or a tag's name, a character): those are the file's content."""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if "constructor for the tag" in problem:
        return "a tag that safe YAML does not allow (such as !!python/...)"
    problem = re.sub(r"'[^']*'|\"[^\"]*\"", "(...)", str(problem))
    return problem if len(problem) <= 80 else problem[:77] + "..."


def _value_problem(exc: ValueError) -> str:
    text = str(exc)
    if "digits" in text or "int" in text:
        return "a number with too many digits"
    if "day" in text or "month" in text or "year" in text:
        return "a date that does not exist (day is out of range for the month)"
    return "a value that cannot be read"


def _places(node: Any) -> dict[tuple[str | None, str], tuple[int, int, int, int]]:
    """Where each top-level key and its value, and each key and value in a section, start."""
    places: dict[tuple[str | None, str], tuple[int, int, int, int]] = {}

    def walk(mapping: Any, section: str | None) -> None:
        for key_node, value_node in getattr(mapping, "value", ()):
            if not isinstance(getattr(key_node, "value", None), str):
                continue
            key = str(key_node.value).strip().lower()
            at, mark = key_node.start_mark, value_node.start_mark
            # (a key given twice keeps its last value, as YAML does: and its last place)
            places[(section, key)] = (at.line + 1, at.column + 1, mark.line + 1, mark.column + 1)
            nested = type(value_node).__name__ == "MappingNode"
            if section is None and nested and _game_section(key):
                walk(value_node, key)

    if type(node).__name__ == "MappingNode":
        walk(node, None)
    return places


def _section(parsed: RulesFile, path: Path, game: str) -> dict[str, Any]:
    """The game's settings in a parsed file, each key checked to be a word."""
    data = parsed.data
    sections = {_game_section(k) for k in data if isinstance(k, str)}
    if sections - {None}:
        section = next((v for k, v in data.items() if _game_section(k) == game), None) or {}
        if not isinstance(section, dict):
            raise OptionError(f"{path}: section {game!r} must be a mapping of keys to values")
        data = section
    for key in data:
        if not isinstance(key, str) or _numeral().fullmatch(key.strip()):
            raise OptionError(f"{path}: option keys must be words (not numbers, lists or dates)")
    return data


def file_settings(parsed: RulesFile, path: Path, game: str) -> GameSettings:
    """The game's settings of a parsed house-rules file (``path``: for the messages) with
    where each value stands, so that a bad one is reported by its place, not by its text."""
    settings = _section(parsed, path, game)
    section = next((k for k in parsed.data if _game_section(k) == game), None)
    places = {
        key: parsed.places.get(
            (str(section).strip().lower() if section is not None else None, key.strip().lower())
        )
        for key in settings
    }
    return GameSettings(settings, places)


@dataclass(frozen=True, slots=True)
class GameSettings:
    """One game's settings from a house-rules file, and where each value stands."""

    values: dict[str, Any]
    places: dict[str, tuple[int, int, int, int] | None]


def validate_file_settings(
    game: str, settings: GameSettings, path: Path
) -> tuple[dict[str, Any], list[str]]:
    """:func:`validate_settings` for a house-rules file: the typed values of the valid
    settings, and a message for each bad one (every one of them, so that one run shows
    them all). A bad key or value is reported by its line and column, by what is expected
    and by the valid key or value it is close to, never by what the file says there."""
    converters = _converters(game)
    changes: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in settings.values.items():
        place = settings.places.get(key)
        where = f"{path}:{place[2]}:{place[3]}" if place else str(path)
        norm = key.strip().lower()
        if norm not in converters:
            at = f"{path}:{place[0]}:{place[1]}" if place else str(path)
            hint = did_you_mean(close_matches(key.strip(), converters, key=_key_form))
            problems.append(
                f"{at}: unknown option key for {game}"
                + (f" ({hint})" if hint else "")
                + "; valid keys: "
                + ", ".join(converters)
            )
            continue
        nested = isinstance(value, list | tuple | set | frozenset | dict)
        try:
            changes[norm] = converters[norm]("" if nested else value)
        except OptionError as exc:
            problems.append(f"{where}: bad value ({_kind_of(value)}) for option {norm}: {exc}")
    return changes, problems


def _kind_of(value: Any) -> str:
    """What sort of value a YAML value is, for a message that must not quote it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list | tuple | set | frozenset):
        return "a list"
    if isinstance(value, int | float) or (
        isinstance(value, str) and value.strip() and set(value.strip()) <= set("0123456789+-.")
    ):
        return "a number"
    if type(value).__name__ in ("date", "datetime"):
        return "a date"
    return "a word" if isinstance(value, str) and value.strip().isalnum() else "text"


def _game_section(key: object) -> str | None:
    """The game a house-rules file's section is for (``bourre:``, ``Bid-Euchre:``; also
    ``euchre:``), or None."""
    from referee.games import game_named

    text = str(key).strip().lower()
    if text == "euchre":
        text = "bid-euchre"
    game = game_named(text)
    return game.key if game is not None else None
