"""The hands of a log in sequence, for both games: numbering, forgotten ``hand`` lines and
statements a hand may have only once.

Three log faults that are not about any card, found the same way in both games:

* ``L-SEQUENCE``: a hand number out of order (:class:`HandSequence`). A skipped number means
  hands are missing from the log, so what they did to the pot or the score is unknown.
* a forgotten ``hand`` line (:func:`split_forgotten`): one hand holding a second hand's
  statements (a second ``dealer`` or ``trump`` line, a player's second decision or bid, a
  ``trick 1`` again) once it is over (all its tricks played, or nothing left to play), when
  the next `hand` line's number leaves room for it. It is split there, the second part
  judged as the next hand, and reported once: "did you forget `hand 2`? hand 1 has 10
  tricks". Anything else given twice is the simplest reading of a slip inside the hand
  (one ``L-DUPLICATE``; a trick numbered wrong, one ``L-TRICK``), which changes no later
  hand.
* ``L-DUPLICATE`` (:func:`duplicate_findings`): a statement a hand may have once, given twice.
  The first one counts; the second is reported, never silently chosen. A trick line written
  twice (:func:`split_forgotten`) is left out of the hand, reported the same way.

Nothing here prints; the findings are :class:`~referee.report.Violation` records.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Sequence
from typing import Final, NamedTuple, cast

from referee.cards import pretty, suit_word
from referee.logrules import L_COUNT, L_DUPLICATE, L_SEQUENCE
from referee.parser.common import STATEMENT_KEYWORDS
from referee.records import (
    AnteLine,
    BidLine,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    Hand,
    Header,
    RedealLine,
    ScoreLine,
    SettleLine,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
    Unread,
)
from referee.report import Violation

#: The statements that show a hand's play has begun or ended (they belong to that hand; a
#: Bid Euchre `redeal` line ends it).
_PLAY = (TrickLine, SettleLine, TeamSettleLine, ScoreLine, ClaimLine, RedealLine)


#: The statements a hand has at most once, by kind (a statement's kind is its type: the
#: records are final classes), each with the first word of its :func:`_once_key`.
_ONCE_KINDS: Final[dict[type, str]] = {
    TrickLine: "trick 1",
    DecisionLine: "decision",
    BidLine: "bid",
    DealLine: "deal",
    DealerLine: "dealer",
    TrumpLine: "trump",
    AnteLine: "ante",
    DiscardLine: "discard",
    RedealLine: "redeal",
}


def _once_key(event: Event, seated: Collection[str]) -> tuple[str, ...] | None:
    """What a statement a hand has at most once is about (None for other statements): a
    trick 1, a seated player's decision, bid or deal, a seated dealer, or the statement.

    One look-up by kind, not a test of each kind in turn: this runs for every statement.
    (:func:`_split` gives the seats as a set, where their tuple would be compared name by
    name; the kinds are compared one by one, where ``in`` a tuple of them is a generic look,
    compiled.)
    """
    kind = _ONCE_KINDS.get(type(event))
    if kind is None:
        return None
    if kind == "trick 1":
        return (kind,) if cast(TrickLine, event).number == 1 else None
    if kind == "decision" or kind == "bid" or kind == "deal":
        player = cast(DecisionLine | BidLine | DealLine, event).player
        return (kind, player) if player in seated else None
    if kind == "dealer":
        return (kind,) if cast(DealerLine, event).player in seated else None
    return (kind,)


def _repeats(keys: list[tuple[str, ...] | None]) -> bool:
    """Whether a once-a-hand statement comes twice among these keys (see :func:`_once_key`):
    a hand where none does has no next hand's statements in it and gives nothing twice (no
    ``L-DUPLICATE``), so :func:`split_forgotten` need not look further (one pass over the
    keys, where the full look is several) and says so (:attr:`Part.repeats`). (A list, not
    any sequence: the compiled build walks a list by index, a sequence through an
    iterator.)"""
    seen: set[tuple[str, ...]] = set()
    for key in keys:
        if key is not None:
            count = len(seen)
            seen.add(key)  # (one look-up a key, where `in` then add would be two)
            if len(seen) == count:
                return True
    return False


#: Bid Euchre's once-a-hand statements that a Bourré hand ignores.
_EUCHRE = ("discard", "redeal")

_WORDS = {
    "dealer": "dealer",
    "trump": "trump",
    "deal": "deal",
    "ante": "ante",
    "discard": "discard",
    "redeal": "redeal",
}


def _statement_words(key: tuple[str, ...]) -> str:
    """A restarting statement in words: "a second `dealer` line", "ann's second decision"."""
    kind = key[0]
    if kind in ("decision", "bid"):
        return f"{key[1]}'s second {kind}"
    if kind == "deal":
        return f"a second `deal` line for {key[1]}"
    if kind == "trick 1":
        return "a second `trick 1`"
    return f"a second `{_WORDS[kind]}` line"


# ----------------------------------------------------------------------------- unreadable lines

#: The statements an unreadable line may be recognised as, by its first word.
_STATEMENT_WORDS = frozenset(
    {"hand", "dealer", "deal", "trick", "trump", "claim", "ante", "settle", "score", "bid"}
    | {"exchange", "discard", "redeal"}
)


def unread_kind(unread: Unread, seats: Sequence[str]) -> str:
    """What an unreadable line most likely was, by its first word: a statement's keyword
    (``trick3:`` and ``trik`` are tricks), ``decision`` (it starts with a seated name), or
    ``""`` when it could have been anything."""
    return _kind_by_word(unread, seats, _STATEMENT_WORDS)


def _kind_by_word(unread: Unread, seats: Sequence[str], keywords: Collection[str]) -> str:
    """One of ``keywords`` the line's first word is (or is close to, or is with a number
    after it), ``decision`` when it is a seated name, else ``""``."""
    word = unread.word.strip(":,").lower()
    core = word.rstrip("0123456789:")
    for candidate in (word, core):
        if candidate in keywords:
            return candidate
    if word.casefold() in {seat.casefold() for seat in seats}:
        return "decision"
    close = difflib.get_close_matches(core, keywords, n=1, cutoff=0.8)
    return close[0] if close else ""


def may_have_said(
    unreadable: Sequence[Unread], kinds: Collection[str], seats: Sequence[str]
) -> bool:
    """Whether any of the unreadable lines may have been one of these statements."""
    for unread in unreadable:
        kind = unread_kind(unread, seats)
        if not kind or kind in kinds:
            return True
    return False


def header_may_have_said(header: Header, kinds: Collection[str]) -> Unread | None:
    """The first of the header's unreadable lines that may have been one of these header
    statements (``pot``, ``exempt``, ``score``), or None. As for a hand's line, the first
    word says what a line most likely was (``pott`` was the `pot` line, ``trick`` a trick
    before the first `hand` line, ``ann`` a decision); a line whose first word is close to
    no statement's keyword may have been any of them."""
    for unread in header.unread:
        kind = _header_kind(unread, header.players)
        if not kind or kind in kinds:
            return unread
    return None


def header_surely_said(header: Header, kinds: Collection[str]) -> tuple[Unread, str] | None:
    """The first of the header's unreadable lines whose first word names one of these
    statements (``option``, ``rules``: ``optoin`` does), with the statement, or None;
    unlike :func:`header_may_have_said`, a line close to no keyword is not taken for one."""
    for unread in header.unread:
        kind = _header_kind(unread, header.players)
        if kind in kinds:
            return unread, kind
    return None


def _header_kind(unread: Unread, seats: Sequence[str]) -> str:
    """What an unreadable line of the header most likely was, by its first word: a
    statement's keyword (any statement's: a hand's may stand before the first `hand`),
    ``decision`` (it starts with a seated name), or ``""`` (it could have been anything)."""
    return _kind_by_word(unread, seats, STATEMENT_KEYWORDS)


def count_may_have_said(
    unreadable: Sequence[Unread], kinds: Collection[str], seats: Sequence[str]
) -> int:
    """How many of the unreadable lines may have been one of these statements."""
    return sum(1 for u in unreadable if (k := unread_kind(u, seats)) == "" or k in kinds)


# ----------------------------------------------------------------------------- forgotten hands


class Part:
    """One hand to judge: a hand as read, or a part of one split at a forgotten `hand` line.

    ``found`` are the findings on it of the hands' sequence: that a `hand` line seems
    forgotten before this part, and a trick line it gives twice (left out of its
    statements, see :func:`split_forgotten`); ``repeats``, whether a statement it may have
    once comes twice in it (see :func:`_repeats`): when not, :func:`duplicate_findings`
    finds nothing in it. (A plain class, not a dataclass: one is made for every hand, and a
    compiled dataclass's generated ``__init__`` runs as Python.)
    """

    __slots__ = ("found", "hand", "repeats")

    def __init__(
        self, hand: Hand, found: tuple[Violation, ...] = (), repeats: bool = False
    ) -> None:
        self.hand = hand
        self.found = found
        self.repeats = repeats


def split_forgotten(
    hand: Hand, seats: Sequence[str], max_tricks: int, one_deck: bool = True
) -> list[Part]:
    """``hand`` as one part, or split where the statements of a next hand begin (see
    :func:`_split`). A trick line that gives again the plays of a trick line before it is
    that line written twice: one ``L-DUPLICATE``, and it is left out of the hand's
    statements (it is no trick more, nor a next hand's). With one deck (``one_deck``) no
    card is played twice in a hand, so the plays alone say so; with two, two tricks may be
    played alike, and only a line that gives the same number again is the same trick."""
    copies = _copied_tricks(hand.events, one_deck)
    if not copies:
        return _split(hand, seats, max_tricks)
    events = tuple(e for i, e in enumerate(hand.events) if i not in copies)
    parts = _split(hand._replace(events=events), seats, max_tricks)
    for copy, first in copies.items():
        found = _copied(cast(TrickLine, hand.events[copy]), first)
        part = next(p for p in reversed(parts) if p.hand.line <= found.line or p is parts[0])
        part.found = (*part.found, found)
    return parts


def _copied_tricks(events: tuple[Event, ...], one_deck: bool) -> dict[int, TrickLine]:
    """The trick lines that give again the plays of a trick line before them (with two
    decks, numbered and with its number), by their place among ``events`` (a hand's: a
    tuple, which the compiled build walks by index), each with the first."""
    if not _cards_again(events, one_deck):
        return {}  # (the usual hand: no trick line plays the cards of one before it)
    seen: dict[tuple[object, ...], TrickLine] = {}
    copies: dict[int, TrickLine] = {}
    trick_line = TrickLine  # (looked up once: the compiled build looks it up by name)
    for i, event in enumerate(events):
        if type(event) is not trick_line or not event.players:
            continue
        trick = event
        if not one_deck and trick.number is None:
            continue
        # (its plays as written: who, what, and the cards taken back)
        plays = (trick.players, trick.cards, trick.retracted)
        first = seen.setdefault(plays if one_deck else (trick.number, plays), trick)
        if first is not trick:
            copies[i] = first
    return copies


def _cards_again(events: tuple[Event, ...], one_deck: bool) -> bool:
    """Whether a trick line (with two decks, a numbered one) plays the cards of one before
    it, as a trick line written twice does: one look-up a line of its cards (a tuple the
    line has), where the look for copies makes a key of its plays and hashes three tuples
    (of the 1,722 hands of 145 realistic files, none has a copy)."""
    seen: set[tuple[str, ...]] = set()
    trick_line = TrickLine  # (looked up once: the compiled build looks it up by name)
    for event in events:
        if type(event) is not trick_line or not event.players:
            continue
        if not one_deck and event.number is None:
            continue
        count = len(seen)
        seen.add(event.cards)  # (one look-up, where `in` then add would be two)
        if len(seen) == count:
            return True
    return False


def _copied(copy: TrickLine, first: TrickLine) -> Violation:
    """The ``L-DUPLICATE`` for a trick line written twice."""
    said = "says the same" if copy.number == first.number else "has the same plays"
    return Violation(
        L_DUPLICATE.id,
        None,
        None,
        None,
        copy.line,
        copy.column,
        "a trick line written twice in the hand",
        evidence=f"the first, line {first.line}, {said}; it is the one that counts, and this "
        "line is not used",
    )


def _split(hand: Hand, seats: Sequence[str], max_tricks: int) -> list[Part]:
    """``hand`` as one part, or split where the statements of a next hand begin.

    A forgotten `hand` line is the reading only when the log leaves no simpler one (see
    :func:`_restart_at`): the hand is over (it played all its ``max_tricks`` tricks, a
    redeal ended it, or its decisions or bids leave nothing to play) and then gives again
    a statement a hand has once; and the next hand of the log is numbered as if the
    forgotten `hand` line were there (:attr:`Hand.next_number`: after a split of hand 4,
    hand 6, or more when hands are missing after it; a second split of hand 4 needs hand
    7), or the log ends and what follows the statement holds a hand's play (a lone
    statement given again at the log's end is the last hand's). Anything else given twice
    is a slip inside the hand (``L-DUPLICATE``, ``L-TRICK``, ``BE-BID-ORDER``), which
    changes no later hand's dealer, bidding order or number. The next hand starts after
    the last statement of the first one's play.
    """
    events = hand.events
    seated = frozenset(seats)
    keys = [_once_key(event, seated) for event in events]
    if not _repeats(keys):
        return [Part(hand)]  # (the usual hand: nothing is given again, so nothing restarts)
    following = hand.next_number
    if following is not None and following < hand.number + 2:
        return [Part(hand, (), True)]  # (the next hand's number leaves no room for one)
    heads = [u.line for u in hand.unreadable if unread_kind(u, seats) == "hand"]
    tricks = [u.line for u in hand.unreadable if unread_kind(u, seats) in ("trick", "")]
    at = _restart_at(events, keys, heads, tricks, max_tricks, following is not None, seats)
    if at is None:
        return [Part(hand, (), True)]
    start, key = at
    first_events, second_events = events[:start], events[start:]
    lead = second_events[0]
    number = hand.number + 1
    first_unread = tuple(u for u in hand.unreadable if u.line < lead.line)
    second_unread = tuple(u for u in hand.unreadable if u.line >= lead.line)
    last_line = max((e.line for e in first_events), default=hand.line)
    lost_head = [u for u in first_unread if u.line > last_line]  # an unreadable `hand` line?
    first = hand._replace(
        events=first_events,
        unreadable=tuple(u for u in first_unread if u.line <= last_line),
        next_number=number,
    )
    second = Hand(number, second_events, lead.line, lead.column, second_unread, False, following)
    count = sum(1 for e in events if isinstance(e, TrickLine))
    hint = () if lost_head else (_forgotten_hint(hand.number, lead, key, count, max_tricks),)
    after, *rest = _split(second, seats, max_tricks)
    return [Part(first, (), _repeats(keys[:start])), Part(after.hand, hint, after.repeats), *rest]


#: The statements that show a new deal: after decisions or bids that leave nothing to play,
#: only one of them starts the next hand (a player's second decision or bid there is that
#: player's, in the same hand, and a second `trick 1` a trick misnumbered).
_NEW_DEAL = frozenset({"dealer", "trump", "deal", "ante"})


def _restart_at(
    events: Sequence[Event],
    keys: Sequence[tuple[str, ...] | None],
    heads: Sequence[int],
    unread_tricks: Sequence[int],
    max_tricks: int,
    vouched: bool = True,
    seats: Collection[str] = (),
) -> tuple[int, tuple[str, ...]] | None:
    """Where the next hand's statements begin (and the statement that shows it), or None
    (``keys``: each statement's :func:`_once_key`).

    This is the one place that decides a forgotten `hand` line. The next hand begins at a
    statement the hand has once, given again, only once the hand is over: all
    ``max_tricks`` of its tricks played (``unread_tricks``: the lines of unreadable lines
    that may have been tricks count as tricks), or a `redeal` line; or its decisions or
    bids leave nothing to play (see :func:`_idle_before`: Bourré, one player at most stays
    in; Bid Euchre, all passed) and no trick was played, and then only at a new deal's
    statement (:data:`_NEW_DEAL`). Before that, a statement given again is a slip inside
    the hand. Unless a next `hand` line's number leaves room for the forgotten one
    (``vouched``), a hand's play (a trick, a decision, a bid or a `redeal` line) must
    follow the statement. ``heads`` are the lines of unreadable lines that look like a
    `hand` line: one between a statement and its repeat starts the next hand there (the
    log wrote it; only its words did not read).

    It restarts only at a key seen before, so it finds nothing where :func:`_repeats` does
    not (``tests/test_sequence_shortcut.py`` checks it on random hands)."""
    # whether a trick, a decision, a bid or a redeal comes at or after each statement (or
    # past the end)
    play_after = [False] * (len(events) + 1)
    for i in range(len(events) - 1, -1, -1):
        play_after[i] = play_after[i + 1] or isinstance(
            events[i], TrickLine | DecisionLine | BidLine | RedealLine
        )
    seen: dict[tuple[str, ...], int] = {}  # statement -> the line of its first occurrence
    over = -1  # the statement with which the hand was over (-1: not yet)
    tricks = 0
    for i, event in enumerate(events):
        key = keys[i]
        if key is not None and key in seen:
            head = max((h for h in heads if seen[key] < h < event.line), default=None)
            if head is not None:  # an unreadable `hand` line between the two
                return next(j for j, e in enumerate(events) if e.line > head), key
            if vouched or play_after[i + 1]:
                if over >= 0:
                    return _start_after(events, over, i), key
                idle = _idle_before(events, i, seats) if not tricks and key[0] in _NEW_DEAL else -1
                if idle >= 0:
                    return _start_after(events, idle, i), key
        if key is not None:
            seen.setdefault(key, event.line)
        if over >= 0:
            continue
        if isinstance(event, TrickLine):
            tricks += 1
            unread = sum(1 for line in unread_tricks if line < event.line)
            if tricks + unread >= max_tricks:
                over = i
        elif isinstance(event, RedealLine):
            over = i
    return None


def _idle_before(events: Sequence[Event], at: int, seats: Collection[str]) -> int:
    """Where the decisions or bids before statement ``at`` left nothing to play (see
    :func:`_nothing_to_play`; each player's first one counts): the last player's first
    one, when they do; else -1. A player who speaks for the first time only after ``at``
    (one whose decision or bid the hand was still waiting for) says they did not, unless
    a player who spoke before also speaks again after it: then a new round has begun, and
    what follows ``at`` is a next hand's."""
    first: dict[str, DecisionLine | BidLine] = {}
    last = -1
    for i in range(at):
        event = events[i]
        if not isinstance(event, DecisionLine | BidLine) or event.player not in seats:
            continue
        if event.player not in first:
            first[event.player] = event
            last = i
    if not first or not _nothing_to_play(first.values()):
        return -1
    late = False  # whether a player speaks for the first time after it
    for event in events[at + 1 :]:
        if isinstance(event, DecisionLine | BidLine) and event.player in seats:
            if event.player in first:
                return last  # (a player speaks again: a new round)
            late = True
    return -1 if late else last


def _nothing_to_play(firsts: Iterable[DecisionLine | BidLine]) -> bool:
    """Whether the players' first decisions or bids leave no trick to play: Bourré, one
    player at most stays in; Bid Euchre, all passed."""
    staying = 0
    bids = False
    for said in firsts:
        if isinstance(said, DecisionLine):
            staying += said.action == "play"
        else:
            bids = True
            staying += said.bid != "pass"
    return staying == 0 if bids else staying <= 1


def _start_after(events: Sequence[Event], begun: int, restart: int) -> int:
    """The first statement of the next hand: after the last one of this hand's play."""
    last = begun
    for i in range(begun + 1, restart):
        if isinstance(events[i], _PLAY):
            last = i
    return last + 1


def _forgotten_hint(
    number: int, lead: Event, key: tuple[str, ...], tricks: int, max_tricks: int
) -> Violation:
    """The one finding for a forgotten `hand` line: L-COUNT when the hand then has too many
    tricks (the usual sign), else L-SEQUENCE."""
    nxt = number + 1
    if tricks > max_tricks:
        rule, why = L_COUNT.id, f"hand {number} has {tricks} tricks"
    else:
        rule, why = L_SEQUENCE.id, f"hand {number} has {_statement_words(key)} after its play"
    return Violation(
        rule,
        None,
        None,
        None,
        lead.line,
        lead.column,
        f"did you forget `hand {nxt}`? {why}",
        evidence=f"the statements from line {lead.line} on are judged as hand {nxt}, as if "
        f"a `hand {nxt}` line came before them",
    )


# ----------------------------------------------------------------------------- numbering


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Place(NamedTuple):
    """Where a hand stands in the log's sequence of hands.

    ``findings`` are the sequence's findings on the hand (``L-SEQUENCE``, a forgotten `hand`
    line); ``missing`` is how many hands the log skipped just before it (what they did to
    the pot or the score, and who dealt, is unknown).
    """

    findings: tuple[Violation, ...] = ()
    missing: int = 0


#: The place of a hand in order (the usual hand): one, frozen, for all of them.
_IN_ORDER: Final = Place()


class HandSequence:
    """The hand numbers of one log, in order: ``L-SEQUENCE`` for one out of sequence.

    Hands are numbered 1, 2, 3, ...: a hand is expected to be numbered one more than the
    hand before it (the first, 1). A number that skips ahead means hands are missing from
    the log; one that repeats or goes back is out of order but skips nothing. A hand whose
    number was not read (an unreadable `hand` line) is numbered one more than the previous
    hand by the reader and is not judged for it.
    """

    def __init__(self) -> None:
        self._previous: int | None = None

    def place(self, hand: Hand, found: tuple[Violation, ...] = ()) -> Place:
        """The place of the next hand of the log (``found``: the sequence's other findings
        on it, see :class:`Part`)."""
        number, previous = hand.number, self._previous
        self._previous = number
        expected = 1 if previous is None else previous + 1
        if number == expected or not hand.numbered:
            return Place(found) if found else _IN_ORDER
        missing = number - expected if previous is not None and number > expected else 0
        return Place((*found, _sequence_finding(hand, previous, expected)), missing)


def _sequence_finding(hand: Hand, previous: int | None, expected: int) -> Violation:
    number = hand.number
    if previous is None:
        message = f"the log's first hand is hand {number}, not hand 1"
        evidence = "hands are numbered 1, 2, 3, ... from the first hand of the log"
    elif number > expected:
        gap = f"hand {expected}" if number == expected + 1 else f"hands {expected}-{number - 1}"
        verb = "is" if number == expected + 1 else "are"
        message = f"hand {number} follows hand {previous}: {gap} {verb} missing"
        evidence = (
            "what the missing hands did to the pot or the score is not in the log, so the "
            "referee does not settle the hands after them until the log gives it again"
        )
    elif number == previous:
        message = f"hand {number} again: the hand before it is also numbered {number}"
        evidence = f"the hand after hand {previous} is hand {expected}"
    else:
        message = f"hand {number} follows hand {previous}"
        evidence = f"the hand after hand {previous} is hand {expected}"
    return Violation(L_SEQUENCE.id, None, None, None, hand.line, hand.column, message, evidence)


# ----------------------------------------------------------------------------- duplicates


def duplicate_findings(hand: Hand, seats: Collection[str], euchre: bool = False) -> list[Violation]:
    """``L-DUPLICATE`` for each statement a hand may have once that it gives again: a second
    ``dealer`` (seated) or ``trump`` line, a second ``deal`` or decision for one player, a
    second Bid Euchre ``discard`` or ``redeal`` line (``euchre``: in a Bourré log they are
    ignored). The first one is the one that counts. (A second bid is ``BE-BID-ORDER``, not
    this.)"""
    first: dict[tuple[str, ...], Event] = {}
    found: list[Violation] = []
    skipped = ("bid", "ante", "trick 1") if euchre else ("bid", "ante", "trick 1", *_EUCHRE)
    for event in hand.events:
        key = _once_key(event, seats)
        if key is None or key[0] in skipped:
            continue
        earlier = first.get(key)
        if earlier is None:
            first[key] = event
            continue
        found.append(_duplicate(event, earlier, key))
    return found


def _duplicate(event: Event, earlier: Event, key: tuple[str, ...]) -> Violation:
    kind = key[0]
    player = key[1] if len(key) > 1 else None
    same = _same_statement(event, earlier)
    what = {
        "dealer": "a second `dealer` line",
        "trump": "a second `trump` line",
        "deal": f"a second `deal` line for {player}",
        "decision": f"a second decision for {player}",
        "discard": "a second `discard` line",
        "redeal": "a second `redeal` line",
    }[kind]
    said = "says the same" if same else f"says {_said(earlier)}"
    return Violation(
        L_DUPLICATE.id,
        player,
        None,
        None,
        event.line,
        event.column,
        f"{what} in the hand",
        evidence=f"the first, line {earlier.line}, {said}; it is the one that counts, and "
        "this line is not used",
    )


def _same_statement(a: Event, b: Event) -> bool:
    """Whether two statements say the same (their positions aside)."""
    return _said(a) == _said(b)


def _said(event: Event) -> str:
    """What a once-per-hand statement says, in words."""
    if isinstance(event, DealerLine):
        return f"{event.player} dealt"
    if isinstance(event, TrumpLine):
        if event.card is not None:
            return f"trump {pretty(event.card)}"
        return f"trump {suit_word(event.suit)}"
    if isinstance(event, DealLine):
        return "dealt " + " ".join(pretty(c) for c in event.cards)
    if isinstance(event, DecisionLine):
        return "pass" if event.action == "pass" else _play_words(event)
    if isinstance(event, DiscardLine):
        return f"{event.player} laid {pretty(event.card)} aside"
    if isinstance(event, RedealLine):
        return f"{event.player} called a redeal (ace no face)"
    return ""


def _play_words(d: DecisionLine) -> str:
    if d.discards is not None:
        thrown = " ".join(pretty(c) for c in d.discards)
        return f"play, discarding {thrown}" if thrown else "play"
    if d.discard_count:
        return f"play, discarding {d.discard_count}"
    return "play"
