"""Replaying the tricks of one hand: admit each play, check the log, then judge following.

Two passes. The first lays the tricks out: it admits plays (L-PLAYER, L-PASSED, L-TRICK),
checks every card against the deck and the recorded hands (L-CARD, L-NOT-HELD), the
turn order (L-TURN) and the trick count (L-COUNT), and finds each trick's winner. The
second judges following suit (BE-FOLLOW): every active player plays all their cards (six,
twelve with two decks), so the cards a player plays *later* (or puts down and takes back)
were in their hand; only cards the log shows consistently count as evidence, so an
inconsistent log never convicts. With two decks a card is "already played" once both its
copies were; a redeal's trick lines are one L-COUNT for the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import referee.games.logchecks as logchecks
from referee.cards import pretty
from referee.games.euchre.deck import SINGLE, Deck
from referee.games.euchre.holdings import Holdings, off_deck
from referee.games.euchre.rules import (
    BE_FOLLOW,
    CARD_BIT,
    CardFacts,
    card_facts,
    deck_bits,
    follow_breach,
    follows,
    may_leave_suit,
    winning_play,
)
from referee.games.euchre.table import Findings, Table
from referee.games.logchecks import left_out_for_a_slip
from referee.logrules import L_COUNT, L_PASSED, L_TURN
from referee.records import CardAt, TrickLine, columns, located, play_items
from referee.report import TrickRecord, Violation


class Seen:
    """One admitted play: the seat took its turn in the trick.

    (A plain class, not a dataclass, as are :class:`Setup` and :class:`Replay`: one is made
    for every card played, and a compiled dataclass's generated ``__init__`` runs as
    Python.)"""

    __slots__ = (
        "bit",
        "card",
        "clean",
        "index",
        "player",
        "retracted",
        "retracted_clean",
        "seat",
        "source",
        "trick",
    )

    def __init__(
        self,
        player: str,
        card: str,
        retracted: str | None,
        clean: bool,
        retracted_clean: bool,
        source: TrickLine,
        index: int,
        trick: int,
        seat: int,
        bit: int,
    ) -> None:
        self.player = player
        self.card = card
        self.retracted = retracted
        self.clean = clean  # the card is consistent with the log: it is judged and is evidence
        self.retracted_clean = retracted_clean
        self.source = source  # the trick line, whose play ``index`` this is
        self.index = index
        self.trick = trick  # the trick's number
        self.seat = seat  # the player's place among the hand's players (-1: not one of them)
        self.bit = bit  # the card's bit (CARD_BIT; 0: not a card of the deck)

    def card_at(self) -> CardAt:
        """The card where the log shows it."""
        return located(self.source, play_items(self.source, self.index)[1], self.card)

    def retracted_at(self) -> CardAt:
        """The card taken back where the log shows it (there must be one)."""
        assert self.retracted is not None
        return located(self.source, play_items(self.source, self.index)[2], self.retracted)

    def card_place(self) -> tuple[int, int]:
        """The card's line and column."""
        at = self.card_at()
        return at.line, at.column


class Setup:
    """What the replay needs to know before the first trick (made for every hand: a plain
    class, see :class:`Seen`)."""

    __slots__ = (
        "active",
        "deck",
        "expected_tricks",
        "first_leader",
        "hand_column",
        "hand_line",
        "holdings",
        "lead_reason",
        "out_reason",
        "redeal_reason",
        "table",
        "trump",
        "unreadable",
    )

    def __init__(
        self,
        *,
        table: Table,
        active: list[str],
        trump: str | None,
        holdings: Holdings,
        first_leader: str | None,
        lead_reason: str,
        expected_tricks: int,
        redeal_reason: str = "",
        out_reason: dict[str, str] | None = None,
        hand_line: int = 0,
        hand_column: int = 0,
        unreadable: int = 0,
        deck: Deck = SINGLE,
    ) -> None:
        self.table = table
        self.active = active  # players in the hand, seat order
        self.trump = trump
        self.holdings = holdings
        self.first_leader = first_leader
        self.lead_reason = lead_reason  # why first_leader leads trick 1
        self.expected_tricks = expected_tricks  # 6 (12 with two decks), or 0 for a redeal
        self.redeal_reason = redeal_reason  # why the hand is a redeal, in words
        #: sitting-out player -> why
        self.out_reason: dict[str, str] = {} if out_reason is None else out_reason
        self.hand_line = hand_line
        self.hand_column = hand_column
        self.unreadable = unreadable  # unreadable lines of the hand that may have been tricks
        self.deck = deck


class Replay:
    """The laid-out tricks and what they show (a plain class, see :class:`Seen`)."""

    __slots__ = ("disputed", "doubtful_leads", "follows", "incomplete", "plays", "winners")

    def __init__(
        self, plays: list[list[Seen]] | None = None, winners: list[str | None] | None = None
    ) -> None:
        #: each trick's admitted plays (empty: a trick not in the log)
        self.plays: list[list[Seen]] = [] if plays is None else plays
        self.winners: list[str | None] = [] if winners is None else winners
        self.follows: list[Violation] = []  # BE-FOLLOW findings
        #: Why the log does not decide the hand's tricks in full, in words (empty: it does).
        self.incomplete: list[str] = []
        #: Cards played by two players or more (one entry is a slip): card -> who played it.
        self.disputed: dict[str, list[str]] = {}
        #: The tricks led by an entry of such a card (either may be the slip): the suit
        #: led is not known.
        self.doubtful_leads: set[int] = set()

    def records(self, trump: str | None, deck: Deck = SINGLE) -> list[TrickRecord]:
        """The tricks for a replay view."""
        out = []
        suit = card_facts(trump).suit
        for number, (seen, winner) in enumerate(zip(self.plays, self.winners, strict=True), 1):
            led = seen[0].card if seen else None
            lead_suit = suit[led] if led and deck.has(led) else None
            out.append(
                TrickRecord(
                    number=number,
                    leader=seen[0].player if seen else None,
                    plays=tuple((s.player, s.card) for s in seen),
                    winner=winner,
                    lead_suit=lead_suit or None,
                    retracted=tuple((s.player, s.retracted) for s in seen if s.retracted),
                )
            )
        return out


class TrickReplay:
    """Replays one hand's trick lines under a :class:`Setup`."""

    def __init__(self, setup: Setup, findings: Findings) -> None:
        self.s = setup
        self.findings = findings
        self.out = Replay()
        #: card of the deck -> the times it was played after its first (two decks, or a
        #: fault): the first plays are bits (``_played``); who played a card is looked for
        #: among the seats' plays only for a fault's words (callgrind: a dict of every card's
        #: first play cost 260 instructions a play, growing)
        self._again: dict[str, int] = {}
        self._mine: dict[tuple[str, str], int] = {}  # (player, card) -> times played
        self._overplayed: set[str] = set()  # cards played once more than the deck has them
        self._cards = setup.deck.cards
        # A card is its bit and a player their seat, each looked up once a play: what every
        # play is asked (of the deck? played before? a seat's second card in the trick? its
        # hand from a trick on?) is then a bit or a list's item, not a look-up by name.
        self._seat = {p: i for i, p in enumerate(setup.active)}  # player in the hand -> seat
        self._deck_bits = deck_bits(setup.deck)
        self._played = 0  # the cards played (once or more), as bits
        #: seat -> the seat's admitted plays, in log order (what "may I?" looks at)
        self._by_seat: list[list[Seen]] = [[] for _ in setup.active]

    def run(self, lines: Sequence[TrickLine]) -> Replay:
        """Lay out every trick, then judge following suit."""
        leader = self.s.first_leader
        won = 0  # the trick ``leader`` won (0: trick 1's leader, for the setup's reason)
        expected = self.s.expected_tricks
        # Trick lines the log may have left out (missing, or among the unreadable lines):
        # a trick numbered past its place comes after them, and no leader is judged where a
        # trick before it may be missing.
        lost = max(0, expected - len(lines)) + self.s.unreadable
        unsure: set[int] = set()  # tricks not in the log, or whose winner is not known
        written: list[int] = []  # the tricks the log gives a line (their cards may be left out)
        if expected == 0 and lines:
            self._redeal_tricks(lines)
            lines = ()
        trump = self.s.trump
        facts = card_facts(trump) if trump else None  # (no trump: no winner is known)
        for line in lines:
            number = len(self.out.plays) + 1
            if number > expected:
                self._extra_trick(line)
                continue
            stated = line.number
            if stated is not None and number < stated <= expected and stated - number <= lost:
                for missing in range(number, stated):
                    self.out.plays.append([])
                    self.out.winners.append(None)
                    unsure.add(missing)
                lost -= stated - number
                number = stated
            else:
                self._check_number(line, number)
            written.append(number)
            seen = self._admit_all(line, number)
            unknown_lead = (number - 1 in unsure) or (lost > 0 and stated is None)
            slipped = left_out_for_a_slip(
                line.players, len(seen), self._sits_out, len(self.s.active)
            )
            if not slipped:  # (else the slip explains the order: one finding)
                self._check_order(seen, None if unknown_lead else leader, won, number)
            self._check_size(line, seen, number)
            # (an admitted card is of the deck: winning_play need not ask)
            at = -1 if facts is None else winning_play([x.card for x in seen], facts, None)
            winner = seen[at].player if at >= 0 else None
            if winner is None or len(seen) < len(self.s.active):
                unsure.add(number)
            self.out.plays.append(seen)
            self.out.winners.append(winner)
            leader, won = winner, number
        self._check_count(lines, written)
        self._judge_all()
        return self.out

    # ------------------------------------------------------------------ layout

    def _redeal_tricks(self, lines: Sequence[TrickLine]) -> None:
        """One L-COUNT for the hand (trick null) when a redeal has trick lines: the count of
        tricks is wrong once, whatever the number of lines."""
        first = lines[0]
        count = len(lines)
        self.findings.add(
            L_COUNT,
            first.line,
            first.column,
            f"the hand was a redeal, but {count} trick{'' if count == 1 else 's'} "
            f"{'is' if count == 1 else 'are'} logged",
            evidence=f"{self.s.redeal_reason or 'the hand was a redeal'}: no card is played "
            "after a redeal; the tricks are not judged",
        )

    def _extra_trick(self, line: TrickLine) -> None:
        extra = logchecks.extra_trick(f"a hand has {self.s.expected_tricks} tricks")
        self._add_line(extra, line.line, line.column, None)  # L-COUNT: trick null

    def _add_line(self, fault: logchecks.Fault, line: int, column: int, trick: int | None) -> None:
        """Record a fault of a trick line as a whole (no player, no card)."""
        self.findings.add(
            fault.rule, line, column, fault.message, trick=trick, evidence=fault.evidence
        )

    def _check_number(self, line: TrickLine, number: int) -> None:
        if line.number is None or line.number == number:
            return
        wrong = logchecks.misnumbered(line.number, number)
        self._add_line(wrong, line.line, columns(line)[1], number)

    def _check_count(self, lines: Sequence[TrickLine], shown: list[int]) -> None:
        """L-COUNT for tricks missing (unless an unreadable line may hold one), and what the
        log leaves out of the hand's tricks, in words. ``shown``: the tricks the log gives a
        line, in order (a line whose every card was left out for its own slip is no trick
        missing: each card left out is reported)."""
        expected = self.s.expected_tricks
        if len(shown) < expected:
            numbered = bool(lines) and all(line.number is not None for line in lines)
            words, message = logchecks.tricks_short(shown, expected, numbered)
            self.out.incomplete.append(words)
            if not self.s.unreadable:
                anchor = (
                    (lines[-1].line, lines[-1].column)
                    if lines
                    else (self.s.hand_line, self.s.hand_column)
                )
                self.findings.add(
                    L_COUNT,
                    *anchor,
                    message,
                    evidence=f"each player in the hand plays all {self.s.deck.hand_size} cards, "
                    "one per trick; the hand is not scored",
                )
        for number in shown:
            seen = self.out.plays[number - 1]
            if len(seen) < len(self.s.active):
                have = {x.player for x in seen}
                self.out.incomplete.append(logchecks.lacking(number, have, self.s.active))

    def _admit_all(self, line: TrickLine, number: int) -> list[Seen]:
        seen: list[Seen] = []
        taken = 0  # the seats that played to the trick so far, as bits
        seat_of = self._seat
        retracted, cards = line.retracted, line.cards
        for index, player in enumerate(line.players):  # (as many cards as players)
            card = cards[index]
            seat = seat_of.get(player, -1)
            bit = self._bit(card)
            if (
                retracted is None
                and seat >= 0
                and not taken >> seat & 1
                and self._card_fault(player, card, bit) is None
            ):  # the usual play (a player in the hand, once, a card they may hold): admitted
                play = Seen(player, card, None, True, False, line, index, number, seat, bit)
                seen.append(play)
                taken |= 1 << seat
                self._note_played(play)
                continue
            admitted = self._admit(line, index, number, taken)
            if admitted is not None:
                seen.append(admitted)
                taken |= 1 << admitted.seat
            elif seat >= 0 and taken >> seat & 1:  # (written twice: one name is a slip, and
                # which card was theirs the log does not say: neither is judged nor evidence)
                kept = next(x for x in seen if x.player == player)
                kept.clean = kept.retracted_clean = False
        return seen

    def _bit(self, c: str) -> int:
        """The card's bit (:data:`~referee.games.euchre.rules.CARD_BIT`; 0: off the deck)."""
        return CARD_BIT.get(c, 0) & self._deck_bits

    def _admit(self, line: TrickLine, index: int, number: int, taken: int) -> Seen | None:
        """Play ``index`` of the trick line, or None when a fault leaves it out (``taken``:
        the seats that played to the trick before it, as bits)."""
        player, c = line.players[index], line.cards[index]
        retracted = line.retracted[index] if line.retracted is not None else None
        seat = self._seat.get(player, -1)
        seen = Seen(player, c, retracted, False, False, line, index, number, seat, self._bit(c))
        if not self.s.table.seated(player):
            name_item = play_items(line, index)[0]
            self.findings.unseated(player, line, name_item, f"trick {number}", trick=number, card=c)
            return None
        if seat < 0:
            why = self.s.out_reason.get(player, f"{player} is not in this hand")
            self.findings.add_at(
                L_PASSED,
                seen.card_at(),
                f"{player} sits out but played {pretty(c)}",
                player=player,
                trick=number,
                evidence=why + f"; the card is left out of trick {number}",
            )
            return None
        if taken >> seat & 1:
            self.findings.add_fault(
                logchecks.twice_in_trick(player, number),
                seen.card_at(),
                player=player,
                trick=number,
            )
            return None
        seen.retracted_clean = retracted is not None and self._card_ok(seen, number, True)
        seen.clean = self._card_ok(seen, number, False)
        if not seen.bit:  # (reported: what the player really played the log does not say)
            return None
        if not seen.clean and self._times_played(c, seen.bit) >= self.s.deck.copies:
            self._overplayed.add(c)  # (the fault found was "already played")
        self._note_played(seen)
        return seen

    def _note_played(self, seen: Seen) -> None:
        """``seen`` played its card, one of the deck (admitted: the callers have asked): who
        played each card of the deck, each seat's plays, and with two decks how often each
        player played each card."""
        c = seen.card
        if self._played & seen.bit:
            self._again[c] = self._again.get(c, 0) + 1
        else:
            self._played |= seen.bit
        self._by_seat[seen.seat].append(seen)
        if self.s.deck.copies > 1:  # (with one deck a second play is already a fault)
            self._mine[seen.player, c] = self._mine.get((seen.player, c), 0) + 1

    def _times_played(self, c: str, bit: int) -> int:
        """How often the card ``c`` of the deck (its bit ``bit``) was played so far."""
        if not self._played & bit:
            return 0
        return 1 + self._again.get(c, 0)

    def _plays_of(self, c: str) -> list[tuple[str, int]]:
        """Who played ``c`` so far, and in which trick, in log order (a fault's words)."""
        plays = [x for mine in self._by_seat for x in mine if x.card == c]
        plays.sort(key=_log_order)
        return [(x.player, x.trick) for x in plays]

    def _card_ok(self, seen: Seen, number: int, corrected: bool) -> bool:
        """Check the card ``seen`` put down (or, ``corrected``, took back) against the deck
        and the log; report the fault found (see :meth:`_card_fault`)."""
        player = seen.player
        if corrected and seen.retracted is not None:
            c, bit = seen.retracted, self._bit(seen.retracted)
        else:
            c, bit = seen.card, seen.bit
        fault = self._card_fault(player, c, bit)
        if fault is None:
            return True
        at = seen.retracted_at() if corrected else seen.card_at()
        self.findings.add_fault(fault, at, player=player, trick=number, corrected=corrected)
        return False

    def _card_fault(self, player: str, c: str, bit: int) -> logchecks.Fault | None:
        """The first fault of ``player`` putting down ``c`` (its bit ``bit``: see
        :meth:`_bit`) now, if any: a card off the deck, already played (every copy), or one
        the log does not leave them."""
        deck = self.s.deck
        if not bit:
            return off_deck(c, deck)
        if bit & self._played and self._times_played(c, bit) >= deck.copies:
            return logchecks.already_played(c, self._plays_of(c), deck.copies)
        times = self._mine.get((player, c), 0) + 1 if deck.copies > 1 else 1
        return self._held_elsewhere(player, c, times)

    def _held_elsewhere(self, player: str, c: str, times: int) -> logchecks.Fault | None:
        """The log fault of ``player`` playing ``c`` for the ``times``-th time, if any: a card
        laid aside, not in their recorded hand (or not so many times), given away in the
        exchange, or every copy of it placed with other players."""
        h = self.s.holdings
        if not (h.placed or h.aside or h.recorded):
            return None  # the log records no hand: nothing to hold the card against
        aside = h.aside.get(c)
        if aside is not None:
            who = aside.player
            why = f"{who} laid {pretty(c)} aside (line {aside.line}): it is out of play"
            return logchecks.not_in_hand(player, c, why)
        hand = h.recorded.get(player)
        held = 0 if hand is None else hand.get(c, 0)
        if hand is not None and times > held:
            deal = h.dealt[player]
            moved = " and the exchange" if player in h.given else ""
            if held < 1:
                gives = f"does not give them {pretty(c)}"
            else:  # (two decks: a copy more than the hand held)
                gives = f"{'give' if moved else 'gives'} them one {pretty(c)}"
            why = f"{player}'s deal (line {deal.line}){moved} {gives}"
            return logchecks.not_in_hand(player, c, why, again=held >= 1)
        if times <= h.room(player, c):
            return None
        if h.given.get(player) == c:
            why = f"{player} gave {pretty(c)} to their partner in the exchange"
            return logchecks.not_in_hand(player, c, why)
        others = " and ".join(h.holders(player, c))
        return logchecks.held_elsewhere(c, player, f"the log gives {pretty(c)} to {others}")

    def _sits_out(self, player: str) -> bool:
        """A seated player out of the hand (after `ask` or `moon`)."""
        return self.s.table.seated(player) and player not in self.s.active

    def _check_order(self, seen: list[Seen], leader: str | None, won: int, number: int) -> None:
        """L-TURN for a wrong leader (``leader`` None: not judged; it won trick ``won``, or
        leads trick 1 for the setup's reason when ``won`` is 0) and the first card out of
        turn (:func:`~referee.games.logchecks.turn_faults`). Why the leader leads is put in
        words only here, for a trick out of order."""
        if not seen or ((leader is None or seen[0].player == leader) and self._in_turn(seen)):
            return
        reason = self.s.lead_reason if won == 0 else f"{leader} won trick {won}"
        players = [x.player for x in seen]
        for at, fault in logchecks.turn_faults(players, self.s.active, leader, reason, number):
            self.findings.add_fault(fault, seen[at].card_at(), player=players[at], trick=number)

    def _in_turn(self, seen: list[Seen]) -> bool:
        """Whether the trick's cards came clockwise from its leader's: the usual trick, where
        :func:`~referee.games.logchecks.first_out_of_turn` finds nothing (each card is then
        the next player's in turn; a card from further round or from behind is not). One
        step per card, from the seats, where the full rule orders the players first
        (``tests/test_euchre_cheap_checks.py`` checks that the two agree)."""
        lead, seats = seen[0].seat, len(self._by_seat)  # (the hand's players, in seat order)
        last = 0
        for i in range(1, len(seen)):  # (each card after the lead: no slice made)
            step = (seen[i].seat - lead) % seats
            if step <= last:
                return False
            last = step
        return True

    def _check_size(self, line: TrickLine, seen: list[Seen], number: int) -> None:
        """L-TRICK for a trick with too few cards (see
        :func:`~referee.games.logchecks.wrong_size`)."""
        active = self.s.active
        if len(seen) == len(active):
            return  # the usual trick: complete (its players are all different)
        short = logchecks.wrong_size(number, {x.player for x in seen}, active, len(line.players))
        if short is not None:
            self._add_line(short, line.line, line.column, number)

    # ------------------------------------------------------------------ judging

    def _shown_from(self, seat: int, number: int, where: dict[str, str] | None = None) -> int:
        """The cards the log consistently shows in the hand of the player at ``seat`` from
        trick ``number`` on, as bits (:func:`~referee.games.euchre.rules.hand_bits`). Asked
        only for a card off the led suit: most plays follow suit, and need none. ``where``,
        when given (a renege's evidence), gets where each card was last shown, in words, in
        trick order."""
        bits = 0
        for x in self._by_seat[seat]:  # (in log order)
            if x.trick < number:
                continue
            if x.retracted is not None and x.retracted_clean:
                bits |= self._bit(x.retracted)
                if where is not None:
                    where[x.retracted] = _where(x.trick, True)
            if x.clean:
                bits |= x.bit
                if where is not None:
                    where[x.card] = _where(x.trick, False)
        return bits

    def _judge_all(self) -> None:
        trump = self.s.trump
        if trump is None:
            return  # without trump the suits cannot be told apart: judge nothing
        facts = card_facts(trump)
        cards = self._cards
        if self._overplayed:
            self._set_aside_disputed()
        doubtful = self.out.doubtful_leads
        for number, seen in enumerate(self.out.plays, 1):
            if not seen or number in doubtful:  # (an admitted card is of the deck)
                continue
            led = facts.suit[seen[0].card]
            if seen[0].index > 0 and _lead_in_doubt(seen[0].source, led, facts, cards):
                continue
            for i in range(1, len(seen)):  # (each play after the lead: no slice made)
                self._judge(seen[i], number, led, facts)

    def _set_aside_disputed(self) -> None:
        """A card played once more than the deck has it, by two players or more: one entry
        is a slip and the log does not say which, so whose card it was is not known. Its
        entries that stand are neither judged nor evidence (the player may not have played
        it there, nor held it before): a renege is proven only from the cards the log shows
        consistently, which is a renege whoever held the card (following is asked only
        more of a player who held more).

        If such an entry is the slip, what was played there is not in the log: who won its
        trick is not known, so the next trick's leader is not judged (a wrong leader found
        there is taken back: the card was found disputed only later), and where it leads,
        neither is the suit led: the plays of the tricks such an entry leads
        (:attr:`Replay.doubtful_leads`) are not judged. This holds of each entry, the one
        that stands or another (either may be the slip). Nor are the tricks each side took
        known, so the hand is not scored."""
        # (by two players or more, or once more than the deck has it by one: then the log
        # does not say in which trick, and the player's hand is not in doubt)
        overplayed = self._overplayed
        doubtful = list(  # (in log order)
            dict.fromkeys(x.card for seen in self.out.plays for x in seen if x.card in overplayed)
        )
        played = {c: self._plays_of(c) for c in doubtful}
        disputed = [c for c in doubtful if len({p for p, _ in played[c]}) > 1]
        self.out.disputed = {c: list(dict.fromkeys(p for p, _ in played[c])) for c in disputed}
        for card in doubtful:
            self.out.incomplete.append(logchecks.winners_unknown(card, played[card]))
        led = self.out.doubtful_leads
        plays = self.out.plays
        for number, seen in enumerate(plays, 1):
            # (each entry of such a card: the one that stands, or another, may be the slip)
            doubt = [i for i, x in enumerate(seen) if x.card in self._overplayed]
            for i in doubt:
                seen[i].clean = False
            if not doubt:
                continue
            if doubt[0] == 0:
                led.add(number)
            if number < len(plays) and plays[number]:
                self.findings.withdraw(L_TURN, plays[number][0].card_at())

    def _judge(self, x: Seen, number: int, led: str, facts: CardFacts) -> None:
        """BE-FOLLOW for each card ``x`` put down (taken back, then played) that it may not
        play: "may I?" against the cards the log shows it held from this trick on, which
        are listed only for a card off the led suit (:func:`follows`: most plays follow);
        "why not?" only for a renege."""
        if x.retracted is not None and x.retracted_clean:
            self._judge_card(x, x.retracted, True, number, led, facts)
        if x.clean:
            self._judge_card(x, x.card, False, number, led, facts)

    def _judge_card(
        self,
        x: Seen,
        card: str,
        corrected: bool,
        number: int,
        led: str,
        facts: CardFacts,
    ) -> None:
        if follows(card, led, facts):
            return  # (may_play's first answer, whatever the hand)
        if not may_leave_suit(self._shown_from(x.seat, number), led, facts):  # (its second)
            self._renege(x, card, number, led, corrected)

    def _renege(
        self,
        x: Seen,
        card: str,
        number: int,
        led: str,
        corrected: bool,
    ) -> None:
        """Report ``card``, put down by ``x`` on a ``led`` lead, as a renege, with the cards
        of the led suit the log shows the player held (each once, where it was last seen)."""
        trump = self.s.trump
        suit = card_facts(trump).suit
        held: dict[str, str] = {}  # (shown from this trick on)
        self._shown_from(x.seat, number, held)
        proof = [(c, w) for c, w in held.items() if suit[c] == led]
        message, evidence = follow_breach(x.player, card, number, led, trump, proof, corrected)
        found = self.findings.add_at(
            BE_FOLLOW,
            x.retracted_at() if corrected else x.card_at(),
            message,
            player=x.player,
            trick=number,
            evidence=evidence,
            corrected=corrected,
        )
        self.out.follows.append(found)


def _lead_in_doubt(line: TrickLine, led: str, facts: CardFacts, deck: frozenset[str]) -> bool:
    """Whether the suit led to a trick whose line's first entry was left out for a slip of
    its own (a name not seated, a player out of the hand or written twice, a card off the
    deck) turns on that slip: the card of a name's slip was led all the same (only whose it
    was is in doubt), unless the entry is the slip as a whole; then the first card that
    stands was led, ``led``. Where the two suits differ, or the card is off the deck, the
    plays of the trick are not judged."""
    first = line.cards[0]
    return first not in deck or facts.suit[first] != led


def _log_order(seen: Seen) -> tuple[int, int]:
    """Where a play comes in the log: its trick, then its place in the trick's line."""
    return seen.trick, seen.index


def _where(number: int, taken_back: bool) -> str:
    """Where the log shows a card in a player's hand, in words."""
    if taken_back:
        return f"put down and taken back in trick {number}"
    return f"played in trick {number}"
