"""The state of one Bourré hand's replay, shared by its stages, and what it establishes.

:class:`ReplayState` holds what the replay has laid out so far (dealer, trump, who played,
the tricks as logged) and records findings with :meth:`ReplayState.flag`. The stages are
functions that take it and add to it, each in its own module:
:mod:`~referee.games.bourre.layout` (dealer, trump, decisions, deck),
:mod:`~referee.games.bourre.tricks` (the tricks as logged and their faults),
:mod:`~referee.games.bourre.holdings` (the tricks against the deal, discards and draws) and
:mod:`~referee.games.bourre.judging` (every play against the rules);
:mod:`~referee.games.bourre.replay` runs them in order.
"""

from __future__ import annotations

from referee.games.bourre import knowledge
from referee.games.bourre.facts import HandFacts
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.rules import DECISION_RULES, RENEGE_RULES, PlayOptions
from referee.games.logchecks import Fault
from referee.records import CardAt, TrickLine, TrumpLine, located, play_items
from referee.report import ClaimRuling, TrickRecord, Violation
from referee.rule import Rule
from referee.sequence import may_have_said


class LoggedPlay:
    """A play that stands in a trick, after log faults were set aside: play ``place`` of
    the trick line ``source``; ``bit`` is the card's bit
    (:data:`~referee.games.bourre.play.BIT`), looked up once, where the card is admitted,
    and ``seat`` the player's place among the active players
    (:attr:`ReplayState.active`), where their plays and cards are kept
    (:attr:`ReplayState.seat_plays`).

    (A plain class, as :class:`~referee.games.euchre.replay.Seen` is: one is made for every
    card played, and a compiled module makes a plain class's objects in C, where a named
    tuple's are made in Python.)"""

    __slots__ = (
        "bit",
        "card",
        "judged",
        "place",
        "player",
        "retracted",
        "seat",
        "source",
        "trick",
    )

    def __init__(
        self,
        trick: int,
        player: str,
        card: str,
        bit: int,
        retracted: str | None,
        source: TrickLine,
        place: int,
        seat: int,
        judged: bool = True,
    ) -> None:
        self.trick = trick
        self.player = player
        self.card = card
        self.bit = bit
        self.retracted = retracted
        self.source = source
        self.place = place
        self.seat = seat
        self.judged = judged  # False for a card already played (nothing to judge)

    @property
    def card_at(self) -> CardAt:
        """The card where the log shows it."""
        return located(self.source, play_items(self.source, self.place)[1], self.card)

    @property
    def retracted_at(self) -> CardAt:
        """The card taken back where the log shows it (there must be one)."""
        assert self.retracted is not None
        return located(self.source, play_items(self.source, self.place)[2], self.retracted)


class HandOutcome:
    """What the replay established about one hand, for settlement and the report.

    (A plain class, as :class:`LoggedPlay` is: a compiled module compiles its ``__init__``
    and makes the class in C, where a dataclass's methods are Python, made at import; the
    quick lane makes one for most hands.)
    """

    __slots__ = (
        "active",
        "claims",
        "dealer",
        "dealer_contradicted",
        "dealer_other",
        "early",
        "incomplete",
        "took_back",
        "tricks",
        "tricks_played",
        "tricks_won",
        "trump",
        "undecided",
        "upcard",
        "violations",
    )

    def __init__(
        self,
        dealer: str | None,
        trump: str | None,
        upcard: str | None,
        active: list[str],
        tricks_won: dict[str, int],
        tricks_played: int,
        tricks: list[TrickRecord],
    ) -> None:
        self.dealer = dealer
        self.trump = trump
        self.upcard = upcard
        self.active = active
        self.tricks_won = tricks_won
        self.tricks_played = tricks_played
        self.tricks = tricks
        self.violations: list[Violation] = []
        self.claims: list[ClaimRuling] = []
        self.took_back: list[str] = []  # took back an illegal card
        self.early: list[str] = []  # announced before their turn
        #: Why the log does not decide the hand's play in full, in words (empty: it does):
        #: an unreadable line, no trump, a trick or a card missing. Such a hand is not
        #: settled.
        self.incomplete: list[str] = []
        #: The log contradicts itself about who played (see ``ReplayState.undecided``):
        #: what follows from it alone, such as the second antes under ``double_ante``, is
        #: unknown.
        self.undecided = False
        #: Who dealt is in doubt (``ReplayState.dealer_contradicted``), and the other
        #: reading's dealer (``ReplayState.dealer_other``).
        self.dealer_contradicted = False
        self.dealer_other: str | None = None

    @property
    def reneges(self) -> list[Violation]:
        """Illegal plays (corrected or not), in log order."""
        return [v for v in self.violations if v.rule in RENEGE_RULES]


class ReplayState:
    """One hand's replay: what the log states, what the stages have laid out so far, and
    the findings. The stages write its public attributes; the views below are derived
    from them once the tricks are laid out (and kept, so ask them only after)."""

    def __init__(
        self,
        facts: HandFacts,
        seats: tuple[str, ...],
        opts: BourreOptions,
        expected_dealer: str | None,
        *,
        first: bool = True,
        other_dealer: str | None = None,
        seated: frozenset[str] | None = None,
    ) -> None:
        self.facts = facts
        self.seats = seats
        #: The seats' names as a set (the session's, made once; else made here): whether a
        #: name the log gives is a seat's is one look-up, not a scan of the seats.
        self.seated = seated if seated is not None else frozenset(seats)
        self.opts = opts
        #: The options rules 1-3 read, taken out of ``opts`` once (asked at every play).
        self.play_opts = PlayOptions(opts)
        self.expected_dealer = expected_dealer
        #: The dealer by the other reading of an earlier `dealer` line against the rotation
        #: (None: no doubt): a `dealer` line naming either is no fault.
        self.other_dealer = other_dealer
        self.first = first  # the log's first hand (which must name its dealer)
        #: Lines of the hand that could not be read: what they said is unknown.
        self.unreadable = facts.hand.unreadable
        self.incomplete: list[str] = []  # see HandOutcome.incomplete
        self.early: list[str] = []  # see HandOutcome.early
        #: Tricks the log leaves out (by their numbers) or whose winner it does not decide
        #: (a card missing, no trump, or a card the log also shows played by another
        #: player): the next trick's leader is not judged.
        self.unsure: set[int] = set()
        self.violations: list[Violation] = []
        self._flagged: set[tuple[int, int, bool | str]] = set()
        self.dealer: str | None = None
        #: Whether the log shows who dealt (False: no `dealer` line could be read, one that
        #: could not may have named another, and the rotation's dealer is only presumed).
        #: What follows from the dealer (the order of decisions, the first lead, whose the
        #: upcard is) is judged only when it does.
        self.dealer_shown = True
        #: Who dealt is in doubt: the `dealer` line is not the rotation's (L-DEALER), and
        #: either may be the slip; or, with no `dealer` line, an earlier one left two
        #: rotations. What turns on one dealer (the first lead, whose the upcard is, the
        #: cinch's dead upcard, BR-ACE-DEALER) is not judged, the decisions' order is judged
        #: under both, and the next hand's dealer may be either reading's
        #: (``dealer_other``: the other reading's dealer of this hand).
        self.dealer_contradicted = False
        self.dealer_other: str | None = None
        self.trump: str | None = None
        self.upcard: str | None = None
        self.upcard_line: TrumpLine | None = None  # the `trump` line that names it
        self.active: list[str] = []
        self.passed: set[str] = set()
        #: Who played is not in the log: the record contradicts a pass the hand's decisions
        #: presume (no decision line, no trick), or a pass line is contradicted by a card in
        #: every trick.
        self.undecided = False
        self.plays: list[list[LoggedPlay]] = []  # per trick, in order
        #: The cards of the standing plays, as bits (:data:`~referee.games.bourre.play.BIT`).
        self.cards_played = 0
        #: per trick: whether it has a card from every player, clockwise from the leader's
        self.in_turn: list[bool] = []
        self.winners: list[str | None] = []
        self.contested: set[str] = set()  # cards dealt to two players: neither is convicted
        #: Players whose deal or exchange line the tricks contradict (an L-NOT-HELD, or an
        #: L-CARD for a card the log places with one and shows played by the other): what
        #: they discarded, and so what they knew was out of play, is not in the log.
        self.record_contradicted: set[str] = set()
        #: Cards the tricks show played by two players or more: card -> each player who
        #: played it -> the trick of their first entry, the standing entry's first. Whose
        #: card it was the log does not say (see :mod:`~referee.games.bourre.judging`).
        self.played_by_two: dict[str, dict[str, int]] = {}
        #: Cards the tricks show played twice by one player: card -> its entries (the
        #: player, the trick), the standing entry's first. One entry is a slip, and the log
        #: does not say which: what the player played in the other trick is not known.
        self.written_twice: dict[str, list[tuple[str, int]]] = {}
        #: Players written twice in one trick: player -> (card, trick, whether the entry
        #: stands) for each of their entries there. One name is a slip (the card was
        #: another player's), and the log does not say which: neither card is known theirs.
        self.named_twice: dict[str, list[tuple[str, int, bool]]] = {}
        #: Plays whose card the player's own record (deal, discard and draw) or another's
        #: contradicts (an L-NOT-HELD or an L-CARD on the play): player -> (card, trick).
        #: Either the record or the trick entry is the slip: the play is not judged, and the
        #: card is no evidence that the player held it.
        self.unheld: dict[str, list[tuple[str, int]]] = {}
        #: Players with no decision line whose one card in the tricks is taken for another
        #: player's, the name being the slip (see :func:`layout.settle_decisions`): passed.
        self.named_for_another: set[str] = set()
        #: By an active player's place: their standing plays in the hand, in order (those
        #: judged: a card already played is no evidence of their hand). Filled as the
        #: tricks are laid out (:mod:`~referee.games.bourre.tricks`), so a stage after reads
        #: a player's plays by their place, with no pass over the tricks and no look-up by
        #: name a play.
        self.seat_plays: list[list[LoggedPlay]] = []
        self._ran_out: bool | None = None

    # ------------------------------------------------------------------ reporting

    def flag(
        self,
        rule: Rule,
        message: str,
        line: int,
        column: int,
        *,
        player: str | None = None,
        trick: int | None = None,
        card: str | None = None,
        evidence: str = "",
        corrected: bool = False,
    ) -> None:
        """Record a violation: at most one log fault and one illegal play per position, and
        each of a decision's faults once (a line early and also BR-ACE-DEALER has both)."""
        rule_id = rule.id
        key = (line, column, rule_id if rule_id in DECISION_RULES else rule_id in RENEGE_RULES)
        if key in self._flagged:
            return
        self._flagged.add(key)
        self.violations.append(
            Violation(rule_id, player, trick, card, line, column, message, evidence, corrected)
        )

    def flag_card(
        self,
        rule: Rule,
        message: str,
        at: CardAt,
        *,
        player: str | None = None,
        trick: int | None = None,
        evidence: str = "",
        corrected: bool = False,
    ) -> None:
        """:meth:`flag` a finding about the card ``at``, at its position in the log."""
        self.flag(
            rule,
            message,
            at.line,
            at.column,
            player=player,
            trick=trick,
            card=at.card,
            evidence=evidence,
            corrected=corrected,
        )

    def flag_fault(
        self, fault: Fault, at: CardAt, *, player: str | None, trick: int | None = None
    ) -> None:
        """:meth:`flag_card` a fault the shared checks found
        (:mod:`~referee.games.logchecks`)."""
        self.flag_card(
            fault.rule, fault.message, at, player=player, trick=trick, evidence=fault.evidence
        )

    def withdraw(self, rule: Rule, at: CardAt) -> None:
        """Take back the finding of ``rule`` on the card ``at``, if any: one found before
        the log showed it rests on a card it does not decide (see
        :func:`~referee.games.bourre.tricks.lay_out_tricks`)."""
        rule_id = rule.id
        for i, v in enumerate(self.violations):
            if v.rule == rule_id and (v.line, v.column) == (at.line, at.column):
                del self.violations[i]
                key = (
                    at.line,
                    at.column,
                    rule_id if rule_id in DECISION_RULES else rule_id in RENEGE_RULES,
                )
                self._flagged.discard(key)
                return

    def may_have_said(self, *kinds: str) -> bool:
        """Whether an unreadable line of the hand may have been one of these statements."""
        return may_have_said(self.unreadable, kinds, self.seats)

    def take_seats(self) -> None:
        """Who played is settled: each active player, by their place in ``active`` (their
        seat), has no play yet (see :attr:`seat_plays`)."""
        self.seat_plays = [[] for _ in self.active]

    def plays_of(self, player: str) -> list[LoggedPlay]:
        """The player's standing plays in the hand, in order (none for a player who did
        not play; ask only once the tricks are laid out)."""
        active = self.active  # (a few names, scanned in C: no table of seats is made)
        return self.seat_plays[active.index(player)] if player in active else []

    # ------------------------------------------------------------------ the record

    def dealt(self, player: str) -> tuple[str, ...] | None:
        """The cards of the player's (first) deal line (None: the log has none)."""
        deal = self.facts.deals.get(player)
        return deal.cards if deal is not None else None

    def upcard_at(self) -> CardAt:
        """The upcard where the log shows it (there must be one)."""
        assert self.upcard is not None and self.upcard_line is not None
        return located(self.upcard_line, 1, self.upcard)

    def stock_ran_out(self) -> bool:
        """Whether the draws may have emptied the stock (see
        :func:`~referee.games.bourre.knowledge.stock_ran_out`). An exchange whose cards the
        tricks do not all show (a trick missing, or a line that could not be read and may
        have been one) is not sized by the deal: it counts as ``hand_size`` cards. (A player
        the hand has pass by presumption, with no card in the tricks, would have had one in
        each: the readable tricks show they drew nothing.) A player's plays are made into
        cards only where the count asks them: a player with a logged deal whose decision
        line does not size the exchange
        (:func:`~referee.games.bourre.knowledge.drawn_by_line`; most lines do)."""
        if self._ran_out is None:
            decisions, size = self.facts.decisions, self.opts.hand_size
            drawn = 0
            for seat, player in enumerate(self.active):
                decision, deal = decisions.get(player), self.dealt(player)
                played: tuple[str, ...] = ()
                if deal is not None and knowledge.drawn_by_line(decision) is None:
                    played = tuple(p.card for p in self.seat_plays[seat])
                drawn += knowledge.exchange_size(decision, deal, played, size)
            self._ran_out = knowledge.stock_ran_out(drawn, size, len(self.seats))
        return self._ran_out
