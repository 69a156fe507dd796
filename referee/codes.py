"""The read-error codes (``P-``): what each means and how to fix the log.

A read error says the referee could not read a log, in whole or in part; it is not a
judgement of the play. Every one makes ``audit`` exit 2. ``referee explain P-SYNTAX``,
``referee rules`` and ``docs/findings.md`` print these texts; the readers report under these
codes only (a test checks that every code the code base emits is here).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: What a read error is about (see :mod:`referee.severity`): ``log``, a line of a log that
#: could not be read, the log writer's slip (as a fault of the log, ``L-``); ``input``, an
#: input that could not be read as a log at all, or the referee's own failure.
ReadKind = Literal["log", "input"]


@dataclass(frozen=True, slots=True)
class ReadCode:
    """One ``P-`` code: a one-line ``summary``, what it covers (``explanation``), how to
    fix the log (``fix``), an ``example`` of a line that gives it (may be empty) and its
    ``kind``."""

    id: str
    summary: str
    explanation: str
    fix: str
    example: str = ""
    kind: ReadKind = field(kw_only=True)


READ_CODES: tuple[ReadCode, ...] = (
    ReadCode(
        "P-SYNTAX",
        "a line that could not be read",
        "The line is not a statement the referee knows, or a statement with a word missing,\n"
        "misspelled or in the wrong place: `ann plays` for `ann play`, `trick 3 ann 7x`, a\n"
        "bid of 7 with one deck, a currency sign on Bid Euchre points. The message says what\n"
        "was expected where the caret points, and names the keyword you probably meant.\n"
        "Reading goes on at the next line, so every bad line is reported in one run. A hand\n"
        "with a line that could not be read is not settled (the line may have been a trick or\n"
        "a payment), but every play the log does show is still judged. A file whose first\n"
        "statement is no log statement at all is reported once, and not read further.",
        "Correct the line as the message says and audit again. `docs/log-format.md` lists\n"
        "every statement, and `referee new bourre` prints a log to start from.",
        "ann plays          # expected pass, fold, play or stand; did you mean `play`?",
        kind="log",
    ),
    ReadCode(
        "P-HEADER",
        "the header (game, players, ...) cannot be used, or is inconsistent",
        "The lines before the first `hand` are missing something or contradict each other:\n"
        "no `game` line or an unknown game (`game Bid Euchre` for `game bid-euchre`), no\n"
        "`players` line, the wrong number of players (Bourré 2 to 8, Bid Euchre exactly 4), a\n"
        "name seated twice, a name that is a keyword (`pot`), looks like a card (`ace` is\n"
        "fine, `as` is not: it is the ace of spades) or looks like another seated name, a\n"
        "second `game`, `players`, `rules`, `pot` or `score` line, a statement of the other\n"
        "game (`pot` in Bid Euchre), or a hand's statement before any `hand` line. A log with\n"
        "a header and no hand is one too: there is nothing to judge. When the game or the\n"
        "players cannot be known, the file is not judged.",
        "Fix the header line the message points at. Spell the game `bourre` or `bid-euchre`;\n"
        "give each player one short name (a letter first, then letters, digits, `_`, `'` or\n"
        "`-`) that is not a keyword or a card; put `hand 1` before the first hand's lines.",
        "game Bid Euchre    # did you mean bid-euchre?",
        kind="input",
    ),
    ReadCode(
        "P-ENCODING",
        "the file is not text the referee can read",
        "The log is not UTF-8 (nor UTF-16 or UTF-32 with a byte-order mark), not text in the\n"
        "`--encoding` given, or holds a NUL byte (a binary file: a spreadsheet, a picture, a\n"
        "word-processor document). The error points at the first byte that cannot be read.",
        'Save the log as plain text, UTF-8, in your editor ("Save as... Text, UTF-8"); or,\n'
        "for an older file, tell the referee its encoding: `referee audit --encoding cp1252\n"
        "LOG`.",
        kind="input",
    ),
    ReadCode(
        "P-IO",
        "a path that could not be read",
        "A file or folder named on the command line does not exist or cannot be read\n"
        "(permissions), a folder holds no `*.hlog` file, an entry in a folder is a pipe or a\n"
        "device, a linked log leads out of the folder being audited, or standard input is\n"
        "longer than 64 MiB.",
        "Check the path and the file's permissions; name log files `*.hlog` for folders to\n"
        "find them (a file named on the command line is read whatever its name).",
        kind="input",
    ),
    ReadCode(
        "P-RULES",
        "a house-rules setting or file that cannot be used",
        "An `option` line or a house-rules file names a key the game does not have, gives a\n"
        "key a value it does not take, or sets two options that do not go together (the\n"
        "joker with two decks); or the house-rules file is missing, not a regular file,\n"
        "larger than 64 KiB, not valid YAML, or (for a log's `rules` line) outside the log's\n"
        "folder. The message names the valid keys or values, and the one you probably meant.\n"
        "The log is not judged: judging it by other rules than the table's would give wrong\n"
        "verdicts.",
        "Correct the key or value (`referee rules` lists every option, `referee explain KEY`\n"
        "says what it takes), or the path. A log's `rules` file must sit in the log's folder\n"
        "or below it; use `--rules FILE` or `--allow-rules-anywhere` for one elsewhere.",
        "option limt 20     # did you mean limit?",
        kind="input",
    ),
    ReadCode(
        "P-INTERNAL",
        "a bug in the referee",
        "Something went wrong inside the referee while it judged this file (or the process\n"
        "judging it died twice). It is not the log's fault. The file is reported with this\n"
        "error and the other files of the run are judged as usual.",
        "Report it with the log that gives it (or the shortest part of it that still does).\n"
        "Until it is fixed, the other files' reports are sound.",
        kind="input",
    ),
)

_BY_ID: dict[str, ReadCode] = {code.id: code for code in READ_CODES}


def get_code(code_id: str) -> ReadCode | None:
    """The read-error code with this ID (case-insensitive), or None."""
    return _BY_ID.get(code_id.strip().upper())


def explain_code_text(code: ReadCode) -> str:
    """What ``referee explain P-...`` prints for a read-error code."""
    lines = [f"{code.id}: {code.summary}", "read error, both games (exit status 2)", ""]
    lines += code.explanation.splitlines()
    lines += ["", "How to fix:", *("    " + ln for ln in code.fix.splitlines())]
    if code.example:
        lines += ["", "Example:", "    " + code.example]
    return "\n".join(lines) + "\n"
