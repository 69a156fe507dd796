"""The referee's findings: what renderers print and what exit codes are computed from.

Nothing here prints. A :class:`Report` holds one :class:`FileReport` per input; each file
has read ``errors`` (``P-`` codes) and per-hand results. Money and points are Decimal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Mend:
    """The sure correction of a line that could not be read: the word ``old`` at
    ``column`` (1-based, in the line as read) written ``new``, with which the line reads.
    Given only where one keyword, and no other, mends the line (the "did you mean" of a
    ``P-SYNTAX`` message that names one); ``referee fix`` applies it."""

    column: int
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class ReadError:
    """The log could not be read or parsed, in whole or in part (a ``P-`` code)."""

    code: str
    line: int | None
    column: int | None
    message: str
    source_line: str | None = None  # the offending line (or a part of it), for a caret
    source_start: int = 0  # where ``source_line`` starts in the line (0: at its start)
    mend: Mend | None = None  # its sure correction, when it has one (see Mend)


@dataclass(frozen=True, slots=True)
class Violation:
    """One finding under a rule ID.

    ``message`` is the short statement; ``evidence`` the plain-words reasons ("dee held 4♦,
    played in trick 4, when diamonds were led"). ``corrected`` marks a card taken back with
    ``(was CARD)``.
    """

    rule: str
    player: str | None
    trick: int | None
    card: str | None
    line: int
    column: int
    message: str
    evidence: str = ""
    corrected: bool = False
    #: The line as it was read and judged (or the part of it around ``column``), for the
    #: snippet under the finding: never read again from the file, which may have changed.
    source_line: str | None = None
    source_start: int = 0  # where ``source_line`` starts in the line (0: at its start)

    def with_source(self, source_line: str, source_start: int) -> Violation:
        """The finding with the line it is about: ``dataclasses.replace(self,
        source_line=..., source_start=...)``, made directly (a report gives each finding its
        line, and ``replace`` walks the fields in Python: 7.3 µs against 2.9 µs;
        ``tests/test_report.py`` checks that every field is kept)."""
        return Violation(
            self.rule,
            self.player,
            self.trick,
            self.card,
            self.line,
            self.column,
            self.message,
            self.evidence,
            self.corrected,
            source_line,
            source_start,
        )


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """The referee's ruling on a ``claim`` line."""

    by: str
    against: str
    trick: int | None
    ruling: str  # "upheld" | "rejected"
    reason: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A replayed trick, for the replay view: plays in order and the winner."""

    number: int
    leader: str | None
    plays: tuple[tuple[str, str], ...]  # (player, card)
    winner: str | None
    lead_suit: str | None
    retracted: tuple[tuple[str, str], ...] = ()  # (player, card) put down and taken back


@dataclass(frozen=True, slots=True)
class Record:
    """The referee's verdict on what the table recorded for a hand (its ``settle``, ``ante``
    and ``score`` lines), whatever ``--select``/``--ignore`` hide of the findings.

    ``verdict`` is ``none`` (nothing recorded), ``agrees``, ``differs`` (``rules``: the
    settlement rule IDs found) or ``unchecked`` (the hand is unsettled, so its recorded
    lines are not judged).
    """

    verdict: str = "none"
    rules: tuple[str, ...] = ()


@dataclass(slots=True)
class BourreHandResult:
    """The referee's verdict and settlement for one Bourré hand."""

    game: ClassVar[str] = "bourre"  # its game's key (the reports ask the game's view)
    number: int
    line: int
    dealer: str | None
    trump: str | None  # suit letter
    upcard: str | None
    violations: list[Violation] = field(default_factory=list)
    claims: list[ClaimRuling] = field(default_factory=list)
    payouts: dict[str, Decimal] | None = field(default_factory=dict)  # None: unsettled
    pot: Decimal | None = Decimal(0)  # None: not known (unsettled)
    winner: str | None = None
    carry: Decimal | None = Decimal(0)  # None: not known (unsettled)
    active: list[str] = field(default_factory=list)  # who played, seat order
    tricks_won: dict[str, int] = field(default_factory=dict)
    antes: list[str] = field(default_factory=list)  # who owed the ante
    took: Decimal = Decimal(0)  # what the winner took
    bourre: dict[str, Decimal] = field(default_factory=dict)  # player -> payment
    reneges: list[tuple[str, Decimal]] = field(default_factory=list)  # (player, payment)
    penalties: list[tuple[str, Decimal]] = field(default_factory=list)  # announcing early
    recorded: list[str] = field(default_factory=list)  # recorded settle lines, as text
    tricks: list[TrickRecord] = field(default_factory=list)
    result: str = ""  # how the pot went, in words
    settled: bool = True  # False: the log does not decide the hand's money (see `unsettled`)
    unsettled: str | None = None  # why the hand could not be settled, in words
    record: Record = field(default_factory=lambda: Record())  # the recorded lines' verdict


#: Why a Bid Euchre hand is a redeal: the JSON report's ``redeal_reason``, and in words.
REDEAL_REASONS: dict[str, str] = {
    "all-pass": "all four passed",
    "stuck-dealer": "the dealer was stuck and passed",
    "ace-no-face": "ace no face called",
}


@dataclass(slots=True)
class EuchreHandResult:
    """The referee's verdict and scoring for one Bid Euchre hand."""

    game: ClassVar[str] = "bid-euchre"  # its game's key (the reports ask the game's view)
    number: int
    line: int
    dealer: str | None
    trump: str | None
    violations: list[Violation] = field(default_factory=list)
    claims: list[ClaimRuling] = field(default_factory=list)
    points: dict[str, int] | None = field(default_factory=dict)  # team -> points; None: unsettled
    score: dict[str, int] | None = field(default_factory=dict)  # running score; None: unknown
    winner: str | None = None  # team that won the game on this hand
    bidder: str | None = None
    bid: str | None = None  # "3".."6", "ask", "moon"; None for a redeal
    redeal: bool = False
    #: Why the hand is a redeal (None when not): "all-pass", "stuck-dealer", "ace-no-face".
    redeal_reason: str | None = None
    tricks_won: dict[str, int] = field(default_factory=dict)  # team key -> tricks
    game_number: int = 1
    recorded: list[str] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    settled: bool = True  # False: the log does not decide the hand's points (see `unsettled`)
    unsettled: str | None = None  # why the hand could not be scored, in words
    record: Record = field(default_factory=lambda: Record())  # the recorded lines' verdict

    def sitting_out(self, players: Sequence[str]) -> str | None:
        """The bidder's partner on ``ask`` or ``moon``, who sits the hand out (``players``:
        the four seated, in seat order), else None."""
        if self.bid not in ("ask", "moon") or self.bidder not in players or len(players) != 4:
            return None
        return players[(players.index(self.bidder) + 2) % 4]


HandResult = BourreHandResult | EuchreHandResult


def money_places(*amounts: Decimal | None) -> int:
    """The decimals to print a file's amounts with: none when these (the ante, the limit,
    the pot before hand 1, of which every amount the referee works out is made) are whole,
    else cents (``1.50`` beside ``-0.25``), or more if one of them has more."""
    places = 0
    for amount in amounts:
        if amount is not None and amount.is_finite():
            fraction = format(amount, "f").partition(".")[2].rstrip("0")
            places = max(places, len(fraction))
    return max(places, 2) if places else 0


@dataclass(slots=True)
class FileReport:
    """Everything found in one input file."""

    path: str
    game: str | None = None
    players: list[str] = field(default_factory=list)
    errors: list[ReadError] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    totals: dict[str, Decimal] = field(default_factory=dict)  # Bourré: sum of settled payouts
    score: dict[str, int] | None = field(default_factory=dict)  # Bid Euchre final score
    totals_complete: bool = True  # False: some hand was unsettled (totals leave it out)
    money_places: int = 0  # decimals to print the file's amounts with (one format a file)
    options_changed: dict[str, object] = field(default_factory=dict)  # non-default options
    metadata: dict[str, str] = field(default_factory=dict)

    @property
    def violation_count(self) -> int:
        """Number of violations over all hands."""
        return sum(len(h.violations) for h in self.hands)


#: The exit statuses of a check (the contract: users' scripts test them).
EXIT_CLEAN = 0  # every hand clean
#: Any finding about a log: a violation, a settlement or score error, a log fault, or a
#: line of a log that could not be read (a slip of the log's writer).
EXIT_FINDINGS = 1
#: An input that could not be read as a log at all, a failure of the referee, or misuse.
EXIT_ERRORS = 2


def exit_status(*, not_read: bool, findings: bool, exit_zero: bool = False) -> int:
    """The exit status of a run: :data:`EXIT_ERRORS` when an input could not be read as a
    log at all (or the referee failed on it: see :func:`referee.codes.input_not_read`), else
    :data:`EXIT_FINDINGS` for any finding (unless ``exit_zero``: ``--exit-zero``), else
    :data:`EXIT_CLEAN`. Every command's status comes from here."""
    if not_read:
        return EXIT_ERRORS
    return EXIT_FINDINGS if findings and not exit_zero else EXIT_CLEAN


def file_not_read(report: FileReport, judged: int | None = None) -> bool:
    """Whether ``report``'s input could not be read as a log at all, or the referee failed
    on it (see :func:`referee.codes.input_not_read`); ``judged``: the hands judged (by
    default the report's hands; a streamed report keeps none)."""
    if not report.errors:  # (read: no need of the codes' table)
        return False
    from referee.codes import input_not_read

    hands = len(report.hands) if judged is None else judged
    return input_not_read((e.code for e in report.errors), hands)


@dataclass(slots=True)
class Report:
    """The whole run: one FileReport per input, in the order given."""

    files: list[FileReport] = field(default_factory=list)

    def exit_code(self, exit_zero: bool = False) -> int:
        """The run's exit status (see :func:`exit_status`)."""
        return exit_status(
            not_read=any(file_not_read(f) for f in self.files),
            findings=any(f.errors or f.violation_count for f in self.files),
            exit_zero=exit_zero,
        )


#: The most of a line kept with a finding for its snippet: a longer line is cut around the
#: finding's column (the snippet printed is shorter still).
SOURCE_KEPT = 1000


def clip_source(line: str, column: int | None) -> tuple[str, int]:
    """``line``, or the :data:`SOURCE_KEPT` characters of it around ``column``, and where
    the part kept starts in the line."""
    if len(line) <= SOURCE_KEPT:
        return line, 0
    at = (column or 1) - 1
    start = max(0, min(at - SOURCE_KEPT // 2, len(line) - SOURCE_KEPT))
    return line[start : start + SOURCE_KEPT], start
