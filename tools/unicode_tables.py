"""Write ``referee/data/unicode-tables.txt``: the Unicode tables the referee tells names
apart by.

Usage (the files of one Unicode version, from https://www.unicode.org/Public/):

    python tools/unicode_tables.py security/confusables.txt ucd/DerivedCoreProperties.txt \
        ucd/Scripts.txt ucd/ScriptExtensions.txt ucd/PropertyValueAliases.txt \
        > referee/data/unicode-tables.txt

It keeps, from each file, only what :mod:`referee.names` reads:

* ``confusables.txt`` (UTS #39): each character's prototype, the text it looks like
  (``а`` -> ``a``, ``Μ`` -> ``M``, ``m`` -> ``rn``): the skeleton of a name is built from them;
* ``DerivedCoreProperties.txt``: the Default_Ignorable_Code_Point ranges (characters that
  draw nothing: zero-width characters, variation selectors, the Hangul fillers);
* ``Scripts.txt``, ``ScriptExtensions.txt`` (and ``PropertyValueAliases.txt`` for the
  scripts' codes): each character's script set, for telling a name that mixes scripts
  (UTS #39's resolved script set).

The output (:data:`FORMAT`) is ASCII and deterministic (sorted, one entry a line), so a
regenerated table diffs cleanly; ``tests/test_names.py`` checks the shipped file (that it
is what this tool writes from what :mod:`referee.names` reads of it) and this parser.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

# UTS #39's augmented script sets: Han is written with Japanese kana, Korean Hangul and
# Chinese Bopomofo; each of those scripts with Han.
_AUGMENT = {
    "Hani": {"Hanb", "Jpan", "Kore"},
    "Hira": {"Jpan"},
    "Kana": {"Jpan"},
    "Hang": {"Kore"},
    "Bopo": {"Hanb"},
}
_EVERY_SCRIPT = ("Zyyy", "Zinh")  # Common and Inherited: go with any script
LATIN_END = 0x370  # (see FORMAT's confusables-latin)

#: The data file's format, written into its header.
FORMAT = """
Format: this header ("#" lines), then sections, each a line "@name" and its lines:
  @version            the Unicode version
  @confusables-latin  each confusable character below U+0370 (Latin, the IPA, the
                      combining diacritics: all that a name in a Latin alphabet
                      decomposes into) and its prototype, one a line, every character
                      written as an escape (\\u0430 or \\U0001d400)
  @confusables        the same, for the characters from U+0370 on
  @ignorable          Default_Ignorable_Code_Point, ranges FIRST..LAST (hexadecimal)
  @script-sets        the augmented script sets, one a line: ISO 15924 codes,
                      space-separated; "*" for a character of any script (Common,
                      Inherited) or none
  @script-runs        runs of code points with one script set, START:INDEX
                      (hexadecimal start, index of its line in @script-sets), separated
                      by spaces and line ends
"""


def data_lines(text: str) -> Iterator[list[str]]:
    """The fields of each data line of a UCD-style file (comments and blanks dropped)."""
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            yield [field.strip() for field in line.split(";")]


def code_range(field: str) -> range:
    """``0041`` or ``0041..005A`` as a range of code points."""
    first, _, last = field.partition("..")
    return range(int(first, 16), int(last or first, 16) + 1)


def confusables(text: str) -> dict[int, str]:
    """confusables.txt: source code point -> its prototype (``MA`` lines; the only kind
    the file has had since Unicode 9)."""
    table: dict[int, str] = {}
    for fields in data_lines(text):
        if len(fields) < 3 or fields[2] != "MA":
            continue
        source = int(fields[0], 16)
        table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def ignorable(text: str) -> list[tuple[int, int]]:
    """The Default_Ignorable_Code_Point ranges of DerivedCoreProperties.txt, merged."""
    points = sorted(
        point
        for fields in data_lines(text)
        if fields[1] == "Default_Ignorable_Code_Point"
        for point in code_range(fields[0])
    )
    return _merged(points)


def _merged(points: Iterable[int]) -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for point in points:
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1] = (ranges[-1][0], point)
        else:
            ranges.append((point, point))
    return ranges


def script_sets(scripts: str, extensions: str, aliases: dict[str, str]) -> dict[int, str]:
    """Code point -> its augmented script set, as sorted four-letter codes joined by
    spaces; "" for Common and Inherited characters (any script), which are left out."""
    found: dict[int, set[str]] = {}
    for fields in data_lines(scripts):
        code = aliases[fields[1]]
        for point in code_range(fields[0]):
            found[point] = {code}
    for fields in data_lines(extensions):
        codes = set(fields[1].split())
        for point in code_range(fields[0]):
            found[point] = codes
    out: dict[int, str] = {}
    for point, codes in found.items():
        if codes & set(_EVERY_SCRIPT):
            continue
        full = set(codes)
        for code in codes:
            full |= _AUGMENT.get(code, set())
        out[point] = " ".join(sorted(full))
    return out


def script_aliases(text: str) -> dict[str, str]:
    """PropertyValueAliases.txt's ``sc`` lines: long script names (``Latin``, as Scripts.txt
    writes them) -> ISO 15924 codes (``Latn``, as ScriptExtensions.txt writes them)."""
    return {
        fields[2]: fields[1]
        for fields in data_lines(text)
        if fields[0] == "sc" and len(fields) >= 3
    }


def ranges_of(table: dict[int, str]) -> tuple[list[int], list[str]]:
    """A code point -> value table as sorted range starts and their values (a point's
    value is that of the last start at or before it; "" where no value)."""
    starts: list[int] = []
    values: list[str] = []
    previous = None
    for point in range(sys.maxunicode + 1):
        value = table.get(point, "")
        if value != previous:
            starts.append(point)
            values.append(value)
            previous = value
    return starts, values


def _escaped(text: str) -> str:
    """``text`` with every character as an escape (``\\u0430``, ``\\U0001d400``)."""
    return "".join(f"\\U{ord(c):08x}" if ord(c) > 0xFFFF else f"\\u{ord(c):04x}" for c in text)


def version_of(text: str) -> str:
    found = re.search(r"^# Version: (\S+)", text, re.MULTILINE)
    return found.group(1) if found else "unknown"


def tables_text(
    confusable: dict[int, str],
    ignorables: Sequence[tuple[int, int]],
    runs: tuple[Sequence[int], Sequence[str]],
    version: str,
    digest: str,
) -> str:
    """The data file, from the tables (``runs``: :func:`ranges_of`'s starts and values): a
    header of ``#`` lines, then sections, each a line ``@name`` and its lines (see
    :data:`FORMAT`)."""
    starts, values = runs
    sets = sorted(set(values))
    index = {value: i for i, value in enumerate(sets)}
    latin = sorted(p for p in confusable if p < LATIN_END)
    rest = sorted(p for p in confusable if p >= LATIN_END)
    sections = {
        "version": [version],
        "confusables-latin": [_escaped(chr(p) + confusable[p]) for p in latin],
        "confusables": [_escaped(chr(p) + confusable[p]) for p in rest],
        "ignorable": [f"{a:04X}..{b:04X}" for a, b in ignorables],
        "script-sets": [value or "*" for value in sets],
        "script-runs": _wrapped([f"{s:X}:{index[v]}" for s, v in zip(starts, values, strict=True)]),
    }
    out = [
        "# Unicode tables for telling names apart (UTS #39), read by referee/names.py;",
        "# generated by tools/unicode_tables.py from Unicode's data files: do not edit.",
        "#",
        f"# Unicode {version}: confusables.txt (SHA-256 {digest}),",
        "# DerivedCoreProperties.txt, Scripts.txt, ScriptExtensions.txt and",
        "# PropertyValueAliases.txt. Unicode's data files are used under the Unicode License",
        "# (https://www.unicode.org/license.txt).",
        "#",
        *(f"# {line}".rstrip() for line in FORMAT.strip().splitlines()),
    ]
    for name, lines in sections.items():
        out += [f"@{name}", *lines]
    return "\n".join(out) + "\n"


def _wrapped(items: list[str], width: int = 96) -> list[str]:
    """``items`` space-separated, in lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + 1 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} {item}" if line else item
    if line:
        lines.append(line)
    return lines


def check(confusable: dict[int, str]) -> None:
    """UTS #39's prototypes are never themselves confusable (the mapping is idempotent), so
    a skeleton is one pass over the name."""
    for point, target in confusable.items():
        if any(ord(c) in confusable for c in target):
            raise SystemExit(f"U+{point:04X}: its prototype is itself mapped")


def main(argv: list[str]) -> int:
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    texts = [Path(p).read_text(encoding="utf-8-sig") for p in argv]
    conf = confusables(texts[0])
    check(conf)
    digest = hashlib.sha256(Path(argv[0]).read_bytes()).hexdigest()
    runs = ranges_of(script_sets(texts[2], texts[3], script_aliases(texts[4])))
    text = tables_text(conf, ignorable(texts[1]), runs, version_of(texts[0]), digest)
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("ascii"))  # (no line-end translation)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
