"""The read-error codes (``P-``): what each means and how to fix the log.

A read error says the referee could not read a log, in whole or in part; it is not a
judgement of the play. ``referee explain P-SYNTAX``, ``referee rules`` and
``docs/findings.md`` print these texts; the readers report under these codes only (a test
checks that every code the code base emits is here).

What a read error does to the exit status is decided here, and only here
(:func:`input_not_read`): a slip in a log that was otherwise read and judged (``P-SYNTAX``,
``P-HEADER`` about one statement) is a finding, as a violation is (exit status 1); an input
that could not be read as a log at all (missing or unreadable, an encoding that fails, no
usable header, no hand, house rules that cannot be used, so that no hand is judged) or a
failure of the referee itself (``P-INTERNAL``) makes it 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from referee.readcodes import P_ENCODING, P_HEADER, P_INTERNAL, P_IO, P_RULES, P_SYNTAX

#: What a read error is about (see :mod:`referee.severity`): ``log``, a line of a log that
#: could not be read, the log writer's slip (as a fault of the log, ``L-``); ``input``, an
#: input that could not be read as a log at all, or the referee's own failure.
ReadKind = Literal["log", "input"]


class Counts(Enum):
    """What a read-error code means for the exit status (see :func:`input_not_read`)."""

    #: A slip in a log that was read: exit status 1, as a violation (unless no hand of the
    #: log could be judged: then 2).
    FINDING = "a finding about the log (exit status 1)"
    #: The input was not read as a log at all: exit status 2.
    NOT_READ = "the log could not be read or judged at all (exit status 2)"
    #: The referee failed (a bug): exit status 2.
    FAILED = "the referee failed (exit status 2)"


@dataclass(frozen=True, slots=True)
class ReadCode:
    """One ``P-`` code: a one-line ``summary``, what it covers (``explanation``), how to
    fix the log (``fix``), an ``example`` of a line that gives it (may be empty), its
    ``kind`` (for its level in the machine formats) and what it does to the exit status
    (``counts``)."""

    id: str
    summary: str
    explanation: str
    fix: str
    example: str = ""
    kind: ReadKind = field(kw_only=True)
    counts: Counts = field(default=Counts.NOT_READ, kw_only=True)  # (see input_not_read)


READ_CODES: tuple[ReadCode, ...] = (
    ReadCode(
        P_SYNTAX,
        "a line that could not be read",
        "The line is not a statement the referee knows, or a statement with a word missing,\n"
        "misspelled or in the wrong place: `ann plays` for `ann play`, `trick 3 ann 7x`, a bid\n"
        "of 7 with one deck, a currency sign on Bid Euchre points, an amount with more than 15\n"
        "digits before the point or 4 after it. The message says what was expected where the\n"
        "caret points, and names the keyword you probably meant. Reading goes on at the next\n"
        "line, so every bad line is reported in one run. A hand with a line that could not be\n"
        "read is not settled (the line may have been a trick or a payment), but every play the\n"
        "log does show is still judged. A header line that could not be read leaves what it may\n"
        "have given unknown (Bourré's `pot` or `exempt`, Bid Euchre's `score`): hand 1 is then\n"
        "settled only where its own lines give it (`settle pot`, `ante`, `score`). A file whose\n"
        "first statement is no log statement at all is reported once, and not read further. A\n"
        "carriage return alone (CR, `\\r`) inside a line is one too: a line ends with LF or CRLF\n"
        "(as git and GitHub count lines), and a terminal prints what follows a lone CR over the\n"
        "start of the line, so the line is not read. A line longer than 1 MiB (1,048,576\n"
        "characters) is not read, nor is a hand past any real size: more than 1,000 statement\n"
        "lines (its `hand` line, comments and blank lines aside; a real hand has fewer than 60)\n"
        "or 1 MiB of text in them. Such a hand is one error, its lines are counted, not kept,\n"
        "and it is not judged; the next `hand` line starts the next hand as usual.",
        "Correct the line as the message says and audit again. `referee explain settle`\n"
        "gives a statement's forms in each game, `referee docs log-format` every statement,\n"
        "and `referee new bourre` prints a log to start from. Save a file whose lines end\n"
        "with CR alone (an old Mac file) with LF line ends.",
        "ann plays          # expected pass, fold, play or stand; did you mean `play`?",
        kind="log",
        counts=Counts.FINDING,
    ),
    ReadCode(
        P_HEADER,
        "the header (game, players, ...) cannot be used, or is inconsistent",
        "The lines before the first `hand` are missing something or contradict each other: no\n"
        "`game` line or an unknown game (`game Bid Euchre` for `game bid-euchre`), no `players`\n"
        "line, the wrong number of players (Bourré 2 to 8, Bid Euchre exactly 4), a name seated\n"
        "twice, a name that is a keyword (`pot`), looks like a card (`ace` is fine, `as` is\n"
        "not: it is the ace of spades), looks like another seated name (`ann` and a Cyrillic\n"
        "`аnn`, `lee` and `Iee`, `mike` and `rnike`: Unicode's table of look-alike characters\n"
        "says which) or holds a character that draws nothing (a zero-width character, a Hangul\n"
        "filler), a second `game`, `players`, `rules`, `pot` or `score` line, a statement of\n"
        "the other game (`pot` in Bid Euchre), or a hand's statement before any `hand` line. A\n"
        "log with a header and no hand is one too: there is nothing to judge. When the game or\n"
        "the players cannot be known, the file is not judged; nor is it when the header is past\n"
        "any real size (more than 1,000 statement lines or 1 MiB of text before the first\n"
        "`hand`: a real one has fewer than 40 lines).",
        "Fix the header line the message points at. Spell the game `bourre` or `bid-euchre`;\n"
        "give each player one short name (a letter first, then letters, digits, `_`, `'` or\n"
        "`-`) that is not a keyword or a card; put `hand 1` before the first hand's lines.",
        "game Bid Euchre    # did you mean bid-euchre?",
        kind="input",
        counts=Counts.FINDING,
    ),
    ReadCode(
        P_ENCODING,
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
        P_IO,
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
        P_RULES,
        "a house-rules setting or file that cannot be used",
        "An `option` line or a house-rules file names a key the game does not have, gives a key\n"
        "a value it does not take (an amount is the digits 0-9, at most 15 before the point and\n"
        "4 after it: not `1E+30`, nor `৪`), or sets two options that do not go together (the\n"
        "joker with two decks); or the house-rules file is missing, not a regular file, larger\n"
        "than 64 KiB, not valid YAML, or (for a log's `rules` line) outside the log's folder;\n"
        "or a header line that could not be read looks like an `option` or `rules` line\n"
        "(`optoin ante 2`: its P-SYNTAX says what is wrong with it). The message names the\n"
        "valid keys or values, and the one you probably meant. The log is not judged: judging\n"
        "it by other rules than the table's would give wrong verdicts.",
        "Correct the key or value (`referee rules` lists every option, `referee explain KEY`\n"
        "says what it takes), or the path. A log's `rules` file must sit in the log's folder\n"
        "or below it; use `--rules FILE` or `--allow-rules-anywhere` for one elsewhere.",
        "option limt 20     # did you mean limit?",
        kind="input",
    ),
    ReadCode(
        P_INTERNAL,
        "a bug in the referee",
        "Something went wrong inside the referee while it judged this file (or the process\n"
        "judging it died twice). It is not the log's fault. The file is reported with this\n"
        "error and the other files of the run are judged as usual.",
        "Report it with the log that gives it (or the shortest part of it that still does).\n"
        "Until it is fixed, the other files' reports are sound.",
        kind="input",
        counts=Counts.FAILED,
    ),
)

_BY_ID: dict[str, ReadCode] = {code.id: code for code in READ_CODES}


def input_not_read(codes: Iterable[str], judged: int) -> bool:
    """Whether a log whose read errors have these ``codes`` and of which ``judged`` hands
    were judged is an input that could not be read as a log at all, or that the referee
    failed on (exit status 2).

    The one place that decides it: a log with no read error was read; one with an error
    of a code that is no :attr:`Counts.FINDING` (``P-IO``, ``P-ENCODING``, ``P-RULES``,
    ``P-INTERNAL``, or a code this table does not know) was not; nor was one of which no
    hand was judged (no usable header: no `game` or `players` line, an unknown game, a
    players line that cannot be seated, a file that is no log; or no hand at all), whatever
    its codes. Otherwise its errors (``P-SYNTAX``, ``P-HEADER`` about one statement) are
    findings about a log that was read and judged, as violations are (exit status 1).
    """
    found = list(codes)
    if not found:
        return False
    if judged == 0:
        return True
    return any(_counts(code) is not Counts.FINDING for code in found)


def _counts(code_id: str) -> Counts:
    code = _BY_ID.get(code_id)
    return code.counts if code is not None else Counts.NOT_READ


def get_code(code_id: str) -> ReadCode | None:
    """The read-error code with this ID (case-insensitive), or None."""
    return _BY_ID.get(code_id.strip().upper())


def explain_code_text(code: ReadCode) -> str:
    """What ``referee explain P-...`` prints for a read-error code."""
    lines = [f"{code.id}: {code.summary}", f"read error, both games: {status_words(code)}", ""]
    lines += code.explanation.splitlines()
    lines += ["", "How to fix:", *("    " + ln for ln in code.fix.splitlines())]
    if code.example:
        lines += ["", "Example:", "    " + code.example]
    return "\n".join(lines) + "\n"


def status_words(code: ReadCode) -> str:
    """What the code does to the exit status, in words (for ``explain``)."""
    if code.counts is Counts.FINDING:
        return (
            "a finding (exit status 1) when the rest of the log was read and judged; "
            "2 when no hand of it could be judged"
        )
    return str(code.counts.value)
