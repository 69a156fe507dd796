"""``referee fix``: a log with what the referee can mend corrected, as a new text.

What is mended, from the report of the log (:class:`~referee.report.FileReport`: its hands'
results and violations, its read errors) and the log's own text, never from the engines:

* a line that could not be read (``P-SYNTAX``) whose "did you mean" names one keyword that
  makes the line read (:class:`~referee.report.Mend`): that word is written so;
* in a hand the referee settled, the recorded lines it found wrong: Bourré's ``settle``
  lines (``BR-SETTLE-POT``, ``-WIN``, ``-BOURRE``, ``-RENEGE``, ``-PENALTY``) and ``ante``
  line (``BR-SETTLE-ANTE``), Bid Euchre's ``settle`` (``BE-SCORE``) and ``score``
  (``BE-TOTAL``) lines, are written as the referee settles the hand.

Everything else is kept byte for byte: comments, spacing, line ends, the byte-order mark,
the encoding. A recorded line is changed only where it is wrong, and as little as it
takes (see :func:`_bourre_edits`, :func:`_euchre_edits`); a hand that is not settled is
left as it is. The fixed text is judged again and mended again until nothing more can be,
so that fixing a fixed log changes nothing. The input is never written: a log is evidence.

Nothing here prints or writes a file: the command line does (``referee/cli.py``).
"""

from __future__ import annotations

import codecs
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import NamedTuple

from referee.report import (
    BourreHandResult,
    EuchreHandResult,
    FileReport,
    HandResult,
    ReadError,
    file_not_read,
)

#: How many times the log is judged and mended at most: a mended line may let a hand be
#: settled, whose record is then mended in the next round (two or three rounds suffice).
MAX_ROUNDS = 6

#: The most of a log ``fix`` reads (as much as a pipe is read for ``audit``).
MAX_FIX_BYTES = 64 << 20

#: The rules whose lines are rewritten, by game.
FIXED_RULES = frozenset(
    {
        "BR-SETTLE-ANTE",
        "BR-SETTLE-POT",
        "BR-SETTLE-WIN",
        "BR-SETTLE-BOURRE",
        "BR-SETTLE-RENEGE",
        "BR-SETTLE-PENALTY",
        "BE-SCORE",
        "BE-TOTAL",
    }
)

# ----------------------------------------------------------------------------- the text


class Line(NamedTuple):
    """One line of the log as written: its text, and its end (``\\n``, ``\\r\\n``,
    ``\\r``, or ``""`` for a last line without one)."""

    text: str
    end: str


#: What ends a line, as for the reader (a text file's universal newlines).
_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class LogText:
    """A log's text as written, line by line, and how to write it back: the same
    encoding, with its byte-order mark if it had one."""

    lines: tuple[Line, ...]
    codec: str  # the codec that writes the text back (the mark apart)
    bom: bool = False

    @classmethod
    def of(cls, text: str, codec: str = "utf-8", bom: bool = False) -> LogText:
        """``text`` split into lines as the reader splits it."""
        lines: list[Line] = []
        at = 0
        for match in _LINE_END.finditer(text):
            lines.append(Line(text[at : match.start()], match.group()))
            at = match.end()
        if at < len(text):
            lines.append(Line(text[at:], ""))
        return cls(tuple(lines), codec, bom)

    def text(self) -> str:
        """The text, the byte-order mark apart."""
        return "".join(a + b for a, b in self.lines)

    def encode(self) -> bytes:
        """The bytes of the log (UnicodeEncodeError for a character the encoding lacks,
        which only a written name could bring in)."""
        return (("\ufeff" if self.bom else "") + self.text()).encode(self.codec)

    def line_end(self) -> str:
        """The log's line end, for a line added: its first, else ``\\n``."""
        return next((end for _, end in self.lines if end), "\n")


def decode_log(data: bytes, encoding: str | None) -> LogText | ReadError:
    """The log's text as the referee reads it (UTF-8, or UTF-16/32 with a byte-order mark,
    or ``encoding``), or its ``P-ENCODING`` error."""
    from referee.decoding import codec_of, small_text

    codec = codec_of(io.BytesIO(data), encoding)
    text = small_text(data, codec, encoding)
    if isinstance(text, ReadError):
        return text
    writer, bom = _writer(data, codec)
    if text.startswith("\ufeff"):  # (a mark the codec kept: `--encoding utf-16-le`)
        text, bom = text[1:], True
    return LogText.of(text, writer, bom)


def _writer(data: bytes, codec: str) -> tuple[str, bool]:
    """The codec that writes the text back as it was read, and whether the mark is there."""
    if codec == "utf-8-sig":
        return "utf-8", data.startswith(codecs.BOM_UTF8)
    if codec in ("utf-16", "utf-32"):  # (read by its mark: write it back in its order)
        little = data.startswith(codecs.BOM_UTF32_LE if codec == "utf-32" else codecs.BOM_UTF16_LE)
        return f"{codec}-{'le' if little else 'be'}", True
    return codec, False


def read_input(path: Path) -> bytes | str:
    """The bytes of the log at ``path`` (standard input for ``-``), at most
    :data:`MAX_FIX_BYTES`; or why they cannot be read, in words."""
    import sys

    from referee.inputs import is_stdin

    try:
        if is_stdin(path):
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:
                return "cannot read standard input: it is closed"
            data = bytes(stream.read(MAX_FIX_BYTES + 1))
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_FIX_BYTES + 1)
    except OSError as exc:
        return f"cannot read file: {exc.strerror or exc}"
    except ValueError as exc:  # (a closed stream)
        return f"cannot read standard input: {exc}"
    if len(data) > MAX_FIX_BYTES:
        return f"the log is larger than {MAX_FIX_BYTES >> 20} MiB; fix does not read it"
    return data


def unified_diff(name: str, before: LogText | None, after: LogText | None) -> list[str]:
    """The changes from ``before`` to ``after`` as ``diff -u`` writes them (each line
    with its own end; a last line without one is followed by ``\\ No newline at end of
    file``); empty when nothing changed."""
    import difflib

    if before is None or after is None:
        return []
    old = [text + end for text, end in before.lines]
    new = [text + end for text, end in after.lines]
    out = []
    for line in difflib.unified_diff(old, new, name, name):
        if line.endswith(("\n", "\r")):
            out.append(line)
        else:
            out.extend([line + "\n", "\\ No newline at end of file\n"])
    return out


# ----------------------------------------------------------------------------- the outcome


@dataclass(frozen=True, slots=True)
class Change:
    """One thing mended, in words: ``line`` (1-based, in the input) and what was done."""

    line: int
    what: str


@dataclass(frozen=True, slots=True)
class Left:
    """A hand ``fix`` leaves as it is, and why, in words."""

    hand: int
    why: str


@dataclass(slots=True)
class FixOutcome:
    """What ``fix`` made of a log.

    ``original`` and ``fixed`` are None when the input could not be decoded (then
    ``report`` carries its error). ``report`` judges the fixed text; ``remaining`` lists
    its findings (rule ID or read-error code, line), which ``fix`` cannot mend; ``left``
    the hands it did not touch because the log does not settle them.
    """

    original: LogText | None
    fixed: LogText | None
    report: FileReport
    changes: list[Change] = field(default_factory=list)
    left: list[Left] = field(default_factory=list)
    remaining: list[tuple[str, int | None]] = field(default_factory=list)
    settled: bool = True  # False: still changing after MAX_ROUNDS (a referee bug if seen)

    @property
    def changed(self) -> bool:
        """Whether the fixed text differs from the input."""
        return self.fixed is not None and self.original is not None and (
            self.fixed.lines != self.original.lines
        )

    @property
    def not_read(self) -> bool:
        """Whether the (fixed) input could not be read as a log at all."""
        return self.fixed is None or file_not_read(self.report)

    def exit_code(self) -> int:
        """2 when the log could not be read as a log at all; 1 when a line was changed or
        a finding remains; else 0."""
        from referee.report import EXIT_CLEAN, EXIT_ERRORS, EXIT_FINDINGS

        if self.not_read:
            return EXIT_ERRORS
        return EXIT_FINDINGS if self.changed or self.remaining else EXIT_CLEAN


Judge = Callable[[LogText], FileReport]


def fix_log(data: bytes, judge: Judge, name: str, encoding: str | None = None) -> FixOutcome:
    """Mend what can be mended in the log ``data`` (its bytes; ``name``: its name in the
    report), judging each text with ``judge`` (see :func:`judge_with`), until nothing more
    can be."""
    original = decode_log(data, encoding)
    if isinstance(original, ReadError):
        return FixOutcome(None, None, FileReport(path=name, errors=[original]))
    current, report = original, judge(original)
    outcome = FixOutcome(original, original, report)
    origins: list[int] = list(range(1, len(original.lines) + 1))  # each line's in the input
    for _ in range(MAX_ROUNDS):
        edits, changes = _mends(report, current, origins)
        if not edits:
            edits, changes = _settlement_edits(report, current, origins)
        if not edits:
            break
        current, origins = _applied(current, edits), _moved(origins, edits)
        report = judge(current)
        outcome.changes.extend(changes)
    else:
        outcome.settled = False
    outcome.fixed, outcome.report = current, report
    outcome.left = [
        Left(h.number, h.unsettled or "the log does not settle it")
        for h in report.hands
        if not h.settled
    ]
    outcome.remaining = _remaining(report)
    return outcome


def judge_with(
    name: str, rules_file: Path | None, base_dir: Path | None, rules_anywhere: bool
) -> Judge:
    """A judge of a log's text as ``referee audit`` judges the file: named ``name``, with
    the ``--rules`` file, a ``rules PATH`` relative to ``base_dir``; every hand kept."""
    from referee.audit import Reading, stream_text

    reading = Reading(None, rules_anywhere)

    def judge(log: LogText) -> FileReport:
        return stream_text(log.text(), name, rules_file, base_dir, reading=reading).collect()

    return judge


def _remaining(report: FileReport) -> list[tuple[str, int | None]]:
    """Every finding of the fixed log: its read errors and violations, in line order."""
    found: list[tuple[str, int | None]] = [(e.code, e.line) for e in report.errors]
    found += [(v.rule, v.line) for h in report.hands for v in h.violations]
    return sorted(found, key=lambda item: (item[1] or 0, item[0]))


def remaining_in_words(remaining: Sequence[tuple[str, int | None]], shown: int = 5) -> str:
    """``BR-FOLLOW (lines 17, 30), P-SYNTAX (line 40)``: each rule or code with where."""
    lines: dict[str, list[int]] = {}
    for rule, line in remaining:
        lines.setdefault(rule, [])
        if line is not None and line not in lines[rule]:
            lines[rule].append(line)
    parts = []
    for rule, where in lines.items():
        if not where:
            parts.append(rule)
            continue
        listed = ", ".join(str(n) for n in where[:shown])
        more = f" and {len(where) - shown} more" if len(where) > shown else ""
        parts.append(f"{rule} (line{'s' if len(where) > 1 else ''} {listed}{more})")
    return ", ".join(parts)


# ----------------------------------------------------------------------------- edits

#: Edits to a text: a line's index (from 0) -> the lines that take its place (none: it
#: goes; more than one: lines added after it).
Edits = dict[int, list[str]]


def _applied(log: LogText, edits: Edits) -> LogText:
    """``log`` with ``edits`` made; a line added takes the line end of the line before it
    (or the log's, after a last line that had none, which then gets one)."""
    default = log.line_end()
    out: list[Line] = []
    for index, line in enumerate(log.lines):
        new = edits.get(index)
        if new is None:
            out.append(line)
            continue
        for k, text in enumerate(new):
            last = k == len(new) - 1
            out.append(Line(text, line.end if last else line.end or default))
    if out and log.lines and log.lines[-1].end and not out[-1].end:
        out[-1] = Line(out[-1].text, default)  # (a deleted last line: keep the final end)
    return LogText(tuple(out), log.codec, log.bom)


def _moved(origins: list[int], edits: Edits) -> list[int]:
    """Each line's number in the input after ``edits`` (a line added: the number of the
    line it was added after)."""
    out: list[int] = []
    for index, origin in enumerate(origins):
        out.extend([origin] * len(edits.get(index, [None])))
    return out


def _mends(report: FileReport, log: LogText, origins: list[int]) -> tuple[Edits, list[Change]]:
    """The sure "did you mean" of each line that could not be read, applied."""
    by_line: dict[int, list[ReadError]] = {}
    for error in report.errors:
        if error.mend is not None and error.line is not None and 0 < error.line <= len(log.lines):
            by_line.setdefault(error.line, []).append(error)
    edits: Edits = {}
    changes: list[Change] = []
    for number, errors in sorted(by_line.items()):
        text = unicodedata.normalize("NFC", log.lines[number - 1].text)  # (as it was read)
        done = False
        for error in sorted(errors, key=lambda e: -(e.mend.column if e.mend else 0)):
            mend = error.mend
            assert mend is not None
            at = mend.column - 1
            if text[at : at + len(mend.old)] != mend.old:
                continue  # (not where the reader saw it: never guess)
            text = text[:at] + mend.new + text[at + len(mend.old) :]
            what = f"`{mend.old}` written `{mend.new}` ({error.code}: did you mean)"
            changes.append(Change(origins[number - 1], what))
            done = True
        if done:
            edits[number - 1] = [text]
    return edits, changes


def _settlement_edits(
    report: FileReport, log: LogText, origins: list[int]
) -> tuple[Edits, list[Change]]:
    """The recorded lines of each settled hand that the referee found wrong, rewritten."""
    edits: Edits = {}
    changes: list[Change] = []
    for hand, span in _spans(report.hands, len(log.lines)):
        rules = set(hand.record.rules) & FIXED_RULES
        if not hand.settled or hand.record.verdict != "differs" or not rules:
            continue
        block = _Block(log, span, report.money_places)
        if isinstance(hand, BourreHandResult):
            found = _bourre_edits(hand, block, rules)
        else:
            found = _euchre_edits(hand, block, rules)
        if found:
            edits.update(found)
            where = _edits_in_words(found, log, origins)
            what = f"hand {hand.number}: {', '.join(sorted(rules))}: {where}"
            changes.append(Change(origins[min(found)], what))
    return edits, changes


def _edits_in_words(edits: Edits, log: LogText, origins: list[int]) -> str:
    """``line 75 rewritten, a line added after line 138``, as the referee settles it."""
    rewritten, removed, added = [], [], []
    for index, new in sorted(edits.items()):
        number = origins[index]
        if not new or new[0].strip().startswith("#"):
            removed.append(number)
        elif new[0] != log.lines[index].text:
            rewritten.append(number)
        added += [number] * (len(new) - 1)
    parts = [
        _numbered(rewritten, "rewritten"),
        _numbered(removed, "removed (a comment on it kept)"),
    ]
    for number in sorted(set(added)):
        count = added.count(number)
        parts.append(f"{_count(count, 'line')} added after line {number}")
    return ", ".join(p for p in parts if p) + ", as the referee settles the hand"


def _numbered(numbers: list[int], what: str) -> str:
    if not numbers:
        return ""
    return f"line{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))} {what}"


def _count(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {word}{'' if n == 1 else 's'}"


def _spans(hands: Sequence[HandResult], count: int) -> list[tuple[HandResult, range]]:
    """Each hand with the indexes (from 0) of its lines: from its ``hand`` line to the
    next hand's."""
    ordered = sorted(hands, key=lambda h: h.line)
    out = []
    for i, hand in enumerate(ordered):
        end = ordered[i + 1].line - 1 if i + 1 < len(ordered) else count
        out.append((hand, range(max(hand.line - 1, 0), max(end, hand.line - 1))))
    return out


# ----------------------------------------------------------------------------- a hand's lines

#: A recorded statement's keyword at the start of a line, as written (with a colon).
_KEYWORD = re.compile(r"[\t ,]*(settle|score|ante)(?![\w'-])(?:[\t ]*:)?", re.IGNORECASE)
#: An amount as written: a sign, a currency sign before or after, the number.
_AMOUNT = re.compile(
    r"(?<![\w'.+-])(?P<sign>[+-]?)(?P<cur>[$€£¥₹]?)(?P<sign2>[+-]?)"
    r"(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<after>[$€£¥₹]?)(?![\w.])"
)


class _Statement(NamedTuple):
    """A recorded line taken apart: its keyword as written (``head``: the indent, the
    keyword, a colon), the spacing after it, what follows it, and its ``tail`` (the
    spacing and comment after the statement)."""

    at: int  # the line's index (from 0)
    kind: str  # settle, score or ante
    head: str
    gap: str
    body: str
    tail: str

    def written(self, body: str) -> str:
        """The line with ``body`` in place of its statement's, the rest kept; a comment
        set apart by spaces stays in its column where the line leaves room."""
        line = f"{self.head}{self.gap or ' '}{body}" if body else self.head
        tail = self.tail
        spaces = len(tail) - len(tail.lstrip(" "))
        if spaces >= 2 and tail[spaces:].startswith("#"):
            column = len(self.head) + len(self.gap) + len(self.body) + spaces
            tail = " " * max(1, column - len(line)) + tail[spaces:]
        return line + tail

    def comment_only(self) -> list[str]:
        """What is left of the line when its statement goes: its comment, if any."""
        indent = self.head[: len(self.head) - len(self.head.lstrip("\t ,"))]
        comment = self.tail.strip()
        return [indent + comment] if comment else []


class _Block:
    """A hand's recorded lines (``settle``, ``score``, ``ante``), in log order."""

    def __init__(self, log: LogText, span: range, places: int) -> None:
        self.places = places
        self.statements: list[_Statement] = []
        for index in span:
            text = log.lines[index].text
            match = _KEYWORD.match(text)
            if match is None:
                continue
            hash_at = text.find("#")
            code = text if hash_at < 0 else text[:hash_at]
            end = max(len(code.rstrip("\t ,")), match.end())
            rest = text[match.end() : end]
            body = rest.lstrip("\t ,")
            gap = rest[: len(rest) - len(body)]
            kind = match.group(1).lower()
            self.statements.append(
                _Statement(index, kind, text[: match.end()], gap, body, text[end:])
            )

    def of(self, *kinds: str) -> list[_Statement]:
        return [s for s in self.statements if s.kind in kinds]

    def written_places(self) -> int:
        """The decimals the hand's recorded amounts are written with (else the file's)."""
        for statement in self.of("settle"):
            for match in _AMOUNT.finditer(statement.body):
                return len(match.group("number").partition(".")[2])
        return self.places

    def currency(self) -> tuple[str, bool] | None:
        """The currency sign the hand's recorded amounts carry, and whether before the
        number; None when they carry none."""
        for statement in self.of("settle"):
            for match in _AMOUNT.finditer(statement.body):
                if match.group("cur"):
                    return match.group("cur"), True
                if match.group("after"):
                    return match.group("after"), False
        return None


def _money(amount: Decimal, places: int, currency: tuple[str, bool] | None = None) -> str:
    """``amount`` with at least ``places`` decimals (more if it needs them), with the
    currency sign where the log writes it."""
    exponent = amount.normalize().as_tuple().exponent
    needed = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    digits = format(abs(amount), f".{max(places, needed)}f")
    sign = "-" if amount < 0 else ""
    if currency is None:
        return sign + digits
    mark, before = currency
    return f"{sign}{mark}{digits}" if before else f"{sign}{digits}{mark}"


def _amounts_replaced(body: str, values: Sequence[Decimal], places: int | None) -> str | None:
    """``body`` with its amounts (as many as ``values``, else None) written as ``values``,
    each keeping its sign's and currency sign's places and (``places`` None: whole
    numbers) its decimals."""
    matches = list(_AMOUNT.finditer(body))
    if len(matches) != len(values):
        return None
    out, at = [], 0
    for match, value in zip(matches, values, strict=True):
        written = match.group("number").partition(".")[2]
        decimals = 0 if places is None else max(len(written), places if not written else 0)
        digits = _money(abs(value), decimals)
        plus = "+" if "+" in (match.group("sign") + match.group("sign2")) and value >= 0 else ""
        minus = "-" if value < 0 else ""
        cur, after = match.group("cur"), match.group("after")
        out.append(body[at : match.start()] + f"{minus or plus}{cur}{digits}{after}")
        at = match.end()
    out.append(body[at:])
    return "".join(out)


# ----------------------------------------------------------------------------- Bourré


class _Item(NamedTuple):
    """One recorded settlement item: ``settle [PLAYER] KIND [AMOUNT]``."""

    kind: str
    player: str | None
    amount: Decimal | None

    def same(self, other: _Item) -> bool:
        return (
            self.kind == other.kind
            and (self.player or "").casefold() == (other.player or "").casefold()
            and self.amount == other.amount
        )


#: Which items each settlement rule judges (the outcome: `wins` or `split`).
_GROUP_OF_RULE = {
    "BR-SETTLE-POT": "pot",
    "BR-SETTLE-WIN": "outcome",
    "BR-SETTLE-BOURRE": "bourre",
    "BR-SETTLE-RENEGE": "renege",
    "BR-SETTLE-PENALTY": "penalty",
}
_GROUP_OF_KIND = {
    "pot": "pot",
    "wins": "outcome",
    "split": "outcome",
    "bourre": "bourre",
    "renege": "renege",
    "penalty": "penalty",
}


def _recorded_item(text: str) -> _Item | None:
    """A recorded line as the report gives it (``settle eve wins 5``), taken apart."""
    words = text.split()
    if len(words) < 2 or words[0].lower() != "settle":
        return None
    if words[1].lower() in ("split", "pot"):
        player, kind, rest = None, words[1].lower(), words[2:]
    elif len(words) >= 3:
        player, kind, rest = words[1], words[2].lower().replace("é", "e"), words[3:]
    else:
        return None
    try:
        amount = Decimal(rest[0]) if rest else None
    except InvalidOperation:
        return None
    return _Item(kind, player, amount) if kind in _GROUP_OF_KIND else None


def _referees_items(hand: BourreHandResult, recorded_pot: bool) -> dict[str, list[_Item]]:
    """The referee's settlement of the hand as items, by group; a ``settle pot`` only
    where the table recorded one (it is optional)."""
    pot = [_Item("pot", None, hand.pot)] if recorded_pot and hand.pot is not None else []
    if hand.winner is not None:
        outcome = [_Item("wins", hand.winner, hand.took)]
    else:
        outcome = [_Item("split", None, None)]
    return {
        "pot": pot,
        "outcome": outcome,
        "bourre": [_Item("bourre", p, a) for p, a in hand.bourre.items()],
        "renege": [_Item("renege", p, a) for p, a in hand.reneges],
        "penalty": [_Item("penalty", p, a) for p, a in hand.penalties],
    }


def _bourre_edits(hand: BourreHandResult, block: _Block, rules: set[str]) -> Edits:
    """The edits that make a Bourré hand's recorded lines the referee's.

    Only the kinds of line a finding was made about are touched (a ``BR-SETTLE-BOURRE``
    touches the ``settle NAME bourre`` lines, and no other). Of those, a line that is
    right stays as it is; a wrong one takes the place of a line of the same kind (only its
    amount rewritten where only the amount was wrong); a line with nothing to stand for
    goes (its comment stays); a line missing is added after the hand's last ``settle``
    line. ``BR-SETTLE-ANTE`` rewrites the hand's ``ante`` line (when it has one) with the
    players who owed the ante.
    """
    edits: Edits = {}
    if "BR-SETTLE-ANTE" in rules:
        antes = block.of("ante")
        if len(antes) == 1:
            names = antes[0].body
            sep = ", " if "," in names else " "
            edits[antes[0].at] = [antes[0].written(sep.join(hand.antes))]
    settles = block.of("settle")
    items = [_recorded_item(text) for text in hand.recorded]
    if len(items) != len(settles) or any(item is None for item in items):
        return edits  # (the lines do not match the record: never guess which is which)
    recorded = [(s, item) for s, item in zip(settles, items, strict=True) if item is not None]
    wanted = _referees_items(hand, any(item.kind == "pot" for _, item in recorded))
    places, currency = block.written_places(), block.currency()
    added: list[str] = []
    for rule in sorted(rules):
        group = _GROUP_OF_RULE.get(rule)
        if group is None:
            continue
        mine = [(s, item) for s, item in recorded if _GROUP_OF_KIND[item.kind] == group]
        edits.update(_group_edits(mine, wanted[group], places, currency, added))
    if added and settles:
        last = settles[-1]
        lines = edits.get(last.at, [last.head + last.gap + last.body + last.tail])
        edits[last.at] = lines + [f"{last.head}{last.gap or ' '}{body}" for body in added]
    return edits


def _group_edits(
    recorded: list[tuple[_Statement, _Item]],
    wanted: list[_Item],
    places: int,
    currency: tuple[str, bool] | None,
    added: list[str],
) -> Edits:
    """The edits for one kind of settlement line (see :func:`_bourre_edits`); the lines
    to add are put in ``added``."""
    todo = list(wanted)
    wrong: list[tuple[_Statement, _Item]] = []
    for statement, item in recorded:
        match = next((w for w in todo if w.same(item)), None)
        if match is None:
            wrong.append((statement, item))
        else:
            todo.remove(match)
    edits: Edits = {}
    for statement, item in wrong:
        if not todo:
            edits[statement.at] = statement.comment_only()
            continue
        same_player = next(
            (
                w
                for w in todo
                if w.kind == item.kind
                and (w.player or "").casefold() == (item.player or "").casefold()
            ),
            None,
        )
        target = same_player or todo[0]
        todo.remove(target)
        body = None
        if same_player is not None and target.amount is not None:
            body = _amounts_replaced(statement.body, [target.amount], places)
        if body is None:
            body = _item_text(target, places, currency)
        edits[statement.at] = [statement.written(body)]
    added.extend(_item_text(w, places, currency) for w in todo)
    return edits


def _item_text(item: _Item, places: int, currency: tuple[str, bool] | None) -> str:
    """A settlement item as a ``settle`` line writes it, after the keyword."""
    words = [item.player] if item.player else []
    words.append(item.kind)
    if item.amount is not None:
        words.append(_money(item.amount, places, currency))
    return " ".join(words)


# ----------------------------------------------------------------------------- Bid Euchre


def _euchre_edits(hand: EuchreHandResult, block: _Block, rules: set[str]) -> Edits:
    """The edits that make a Bid Euchre hand's wrong ``settle`` (``BE-SCORE``) and
    ``score`` (``BE-TOTAL``) lines the referee's: each line judged wrong gets the
    referee's numbers, in its own teams' order and spelling where it names both teams
    (only the numbers are rewritten), else written anew in seat order."""
    lines = block.of("settle", "score")
    if len(lines) != len(hand.recorded):
        return {}
    edits: Edits = {}
    for statement, text in zip(lines, hand.recorded, strict=True):
        words = text.split()
        if not words or words[0] != statement.kind:
            return {}  # (the lines do not match the record: never guess)
        rule, target = (
            ("BE-SCORE", hand.points) if statement.kind == "settle" else ("BE-TOTAL", hand.score)
        )
        if rule not in rules or not target:
            continue
        new = _euchre_line(statement, words[1:], target)
        if new is not None:
            edits[statement.at] = [new]
    return edits


def _euchre_line(
    statement: _Statement, entries: list[str], target: dict[str, int]
) -> str | None:
    """A recorded ``settle``/``score`` line with the referee's numbers, or None when it
    has them already."""
    teams = {_team(key): key for key in target}
    named = [_team(word) for word in entries[0::2]]
    values = _numbers(entries[1::2])
    keys = [teams.get(team) for team in named]
    if len(keys) == len(target) and None not in keys and len(set(keys)) == len(keys):
        want = [Decimal(target[k]) for k in keys if k is not None]
        if values == want:
            return None
        body = _amounts_replaced(statement.body, want, None)
        if body is not None:
            return statement.written(body)
    return statement.written(" ".join(f"{key} {points}" for key, points in target.items()))


def _team(word: str) -> frozenset[str]:
    return frozenset(name.casefold() for name in word.split("+"))


def _numbers(words: Iterable[str]) -> list[Decimal] | None:
    try:
        return [Decimal(word) for word in words]
    except InvalidOperation:
        return None
