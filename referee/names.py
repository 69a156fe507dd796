"""Players' names as people read them: who looks like whom, what draws nothing, what mixes
scripts.

People are paid by name, so two seats whose names read the same let one hide a debt. Three
checks, on Unicode's own data (UTS #39, "Unicode Security Mechanisms"; the tables are
generated into ``referee/data/unicode-tables.txt`` by ``tools/unicode_tables.py``, whose
header says their format):

* :func:`look_key`, what a name looks like: its UTS #39 *skeleton* (each character replaced
  by the prototype it is confusable with: Cyrillic ``а`` by ``a``, Greek ``Μ`` by ``M``,
  ``I`` and ``ǀ`` by ``l``, ``m`` by ``rn``, fullwidth ``ａ`` by ``a``; and a few lower-case
  Cyrillic and Greek letters the referee always took for Latin ones, :data:`_EXTRA`), taken
  case-insensitively (names match ignoring case, so ``LEE`` may be written ``lee``, which
  reads as ``Iee``). Two names with the same
  key are the same person or a refused pair: within a log (``P-HEADER``) and across a
  batch (``referee standings``).
* :func:`invisible`, a character that draws nothing (Unicode's Default_Ignorable_Code_Point:
  zero-width characters, variation selectors, the Hangul fillers U+115F, U+1160, U+3164,
  U+FFA0): never part of a name.
* :func:`mixes_scripts`, a name whose letters come from scripts that are not written
  together (UTS #39's resolved script set is empty: Latin with Cyrillic, Greek with Latin;
  Japanese kana with Han is fine): :func:`shown` gives it with its code points, in every
  report.

The tables are read on first use, and only as far as a name needs: an ASCII name the few
ASCII confusables alone (:data:`_ASCII`, which a test checks against the table; the file
is not read), a name in a Latin alphabet (``Renée``) the table's Latin part; the whole
table and the scripts are read for a name with a character of another alphabet. Nothing
here prints.
"""

from __future__ import annotations

import functools
import unicodedata
from bisect import bisect_right
from pathlib import Path

#: The confusables among the characters a plain ASCII name may hold (letters, digits, ``_``,
#: ``'`` and ``-``), as confusables.txt maps them: ``0`` -> ``O``, ``1`` -> ``l``, ``I`` ->
#: ``l``, ``m`` -> ``rn``.
_ASCII = str.maketrans({"0": "O", "1": "l", "I": "l", "m": "rn"})


#: Below this code point, a character is Latin, the IPA's, a diacritic or common (the
#: Greek alphabet starts here): a name all of whose decomposed characters come before it
#: needs only :func:`_latin_confusables`.
LATIN_END = "\u0370"

#: Below this code point every character is Latin or of any script (U+02EA is a Bopomofo
#: tone mark): a name all of whose characters come before it mixes no scripts (a test
#: checks it against the table).
LATIN_SCRIPT_END = "\u02ea"


_TABLES_FILE = "unicode-tables.txt"
#: The tables' file, next to this module (see :func:`_tables`).
TABLES = Path(__file__).with_name("data") / _TABLES_FILE


@functools.cache
def _tables() -> dict[str, bytes]:
    """The sections of the tables' file (:data:`TABLES`): name -> its lines, read once, on
    the first name that needs a table; through :mod:`importlib.resources` for a zipped
    install (its import alone takes longer than reading the file)."""
    try:
        raw = TABLES.read_bytes()
    except OSError:
        from importlib import resources

        raw = (resources.files("referee") / "data" / _TABLES_FILE).read_bytes()
    sections = (section.partition(b"\n") for section in raw.split(b"\n@")[1:])
    return {name.decode("ascii"): lines for name, _, lines in sections}


def _confusable_lines(section: str) -> dict[int, str]:
    """A confusables section: code point -> prototype (each line a character and its
    prototype, written as escapes)."""
    text = _tables()[section].decode("unicode_escape")
    return {ord(line[0]): line[1:] for line in text.split("\n") if line}


@functools.cache
def _latin_confusables() -> dict[int, str]:
    """confusables.txt's table below :data:`LATIN_END`: code point -> prototype."""
    return _confusable_lines("confusables-latin")


@functools.cache
def _confusables() -> dict[int, str]:
    """confusables.txt's whole table: code point -> prototype (read on the first name with a
    character of another alphabet)."""
    table = dict(_latin_confusables())
    table.update(_confusable_lines("confusables"))
    return table


@functools.cache
def _script_runs() -> tuple[list[int], list[frozenset[str]]]:
    """Where each run of one script set starts, and the set (empty: any script)."""
    tables = _tables()
    sets = [
        frozenset(value.split()) - {"*"} for value in tables["script-sets"].decode().splitlines()
    ]
    starts: list[int] = []
    found: list[frozenset[str]] = []
    for run in tables["script-runs"].decode().split():
        start, index = run.split(":")
        starts.append(int(start, 16))
        found.append(sets[int(index)])
    return starts, found


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again (the
    default-ignorable characters, which UTS #39 drops, never reach here: see
    :func:`invisible`)."""
    if text.isascii():
        return text.translate(_ASCII)
    decomposed = unicodedata.normalize("NFD", text)
    table = _latin_confusables() if max(decomposed) < LATIN_END else _confusables()
    return unicodedata.normalize("NFD", decomposed.translate(table))


#: Look-alikes beyond Unicode's table, as the referee always took them: lower-case Cyrillic
#: and Greek letters that pass for a Latin one in some fonts (italic ``п`` for ``n``, ``и``
#: for ``u``), where confusables.txt takes them for a small capital or another script's
#: letter. Taken before the skeleton; a refused pair more is a rename, a pair missed a
#: debt that may hide.
_EXTRA = str.maketrans(
    {
        "в": "b",
        "н": "h",
        "к": "k",
        "м": "m",
        "п": "n",
        "т": "t",
        "и": "u",
        "ц": "u",
        "з": "3",
        "ь": "b",
        "β": "b",
        "ε": "e",
        "η": "n",
        "κ": "k",
        "τ": "t",
        "χ": "x",
        "μ": "u",
        "ω": "w",
        "ζ": "z",
        "ʟ": "l",
    }
)


def look_key(name: str) -> str:
    """What a name looks like, whatever its case: its skeleton (after :data:`_EXTRA`),
    case-folded, and the skeleton of that (so ``Max`` and Greek ``Μax``, ``lee`` and ``Iee``,
    ``mike`` and ``rnike``, ``ann`` and fullwidth ``ａnn`` have one key)."""
    if name.isascii():
        return name.translate(_ASCII).casefold().translate(_ASCII)
    return skeleton(skeleton(name.translate(_EXTRA)).casefold())


#: Default_Ignorable_Code_Point ranges, first use (see :func:`invisible`).
@functools.cache
def _ignorable() -> tuple[tuple[int, int], ...]:
    ranges = (line.split("..") for line in _tables()["ignorable"].decode().split())
    return tuple((int(first, 16), int(last, 16)) for first, last in ranges)


def invisible(name: str) -> str | None:
    """The first character of ``name`` that draws nothing (Default_Ignorable_Code_Point),
    or None."""
    if name.isascii():
        return None
    for char in name:
        code = ord(char)
        for first, last in _ignorable():
            if first <= code <= last:
                return char
    return None


def scripts_of(char: str) -> frozenset[str]:
    """The augmented script set of a character (ISO 15924 codes); empty for a character
    that goes with any script (Common, Inherited: digits, ``_``, ``'``, ``-``)."""
    starts, sets = _script_runs()
    return sets[bisect_right(starts, ord(char)) - 1]


def mixes_scripts(name: str) -> bool:
    """Whether the name's letters come from scripts not written together (UTS #39: the
    intersection of its characters' augmented script sets is empty)."""
    if name.isascii() or max(name) < LATIN_SCRIPT_END:
        return False
    common: frozenset[str] | None = None
    for char in name:
        found = scripts_of(char)
        if found:
            common = found if common is None else common & found
            if not common:
                return True
    return False


def code_points(text: str) -> str:
    """``U+0430 U+006E U+006E``: each character's code point."""
    return " ".join(f"U+{ord(char):04X}" for char in text)


@functools.lru_cache(maxsize=1024)  # (a table's names recur from log to log)
def shown(name: str) -> str:
    """How the reports write a seated name: as it is, or, when it mixes scripts, followed by
    its code points in brackets (``Сyd [U+0421 U+0079 U+0064]``), so that it cannot pass for
    another. A name holds no space, so the form cannot be a name itself."""
    return f"{name} [{code_points(name)}]" if mixes_scripts(name) else name


def written(name: str) -> str:
    """A name as written, from its :func:`shown` form."""
    return name.split(" [", 1)[0]


def spelled(text: str) -> str:
    """``text`` with each character that draws nothing written as ``<U+XXXX>`` (for a
    message about it)."""
    return "".join(f"<U+{ord(c):04X}>" if invisible(c) else c for c in text)


def named(char: str) -> str:
    """``U+0421 CYRILLIC CAPITAL LETTER ES``."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'UNNAMED CHARACTER')}"


def difference(name: str, other: str) -> str:
    """Why ``name`` reads as ``other``, for a message: the part where they differ, each
    side's characters by code point (``'Μ' (U+039C GREEK CAPITAL LETTER MU) reads as 'M'
    (U+004D LATIN CAPITAL LETTER M)``, ``'rn' (U+0072 U+006E) reads as 'm' (U+006D LATIN
    SMALL LETTER M)``)."""
    start = 0
    while start < min(len(name), len(other)) and name[start].casefold() == other[start].casefold():
        start += 1
    end = 0
    while (
        end < min(len(name), len(other)) - start
        and name[-1 - end].casefold() == other[-1 - end].casefold()
    ):
        end += 1
    mine, theirs = name[start : len(name) - end], other[start : len(other) - end]
    if not mine or not theirs:
        return f"both read '{look_key(name)}'"
    return f"{_part(mine)} reads as {_part(theirs)}"


def _part(text: str) -> str:
    """``'Μ' (U+039C GREEK CAPITAL LETTER MU)``, or for several characters their code
    points alone."""
    if len(text) == 1:
        return f"'{text}' ({named(text)})"
    return f"'{text}' ({code_points(text)})"
