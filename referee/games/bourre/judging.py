"""Judging every play of a Bourré hand against the rules, and ruling on claims.

:func:`judge_plays` is the replay's last stage (:mod:`~referee.games.bourre.replay`): it
reconstructs each player's hand at every play from the tricks the
:class:`~referee.games.bourre.state.ReplayState` holds (every active player plays all their
cards, so the tricks reveal the hand after the draw), asks each rule's "may I?" of each
play (:func:`~referee.games.bourre.rules.is_legal`), and explains only the plays a rule
refuses, or that a cinch or a card taken back makes doubtful, through
:func:`~referee.games.bourre.rules.first_breach`.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.cards import pretty
from referee.games.bourre.cinch import CinchDuty, CinchView, cinch_duty, held_cinch
from referee.games.bourre.knowledge import dead_upcard, own_discards
from referee.games.bourre.options import BourreOptions
from referee.games.bourre.play import (
    BIT,
    SUIT_BITS,
    Table,
    cards_of,
    empty_table,
    table_after,
    table_of,
)
from referee.games.bourre.rules import (
    BR_FOLLOW,
    BR_TRUMP,
    PlayContext,
    allowed_bits,
    first_breach,
    is_legal,
    may_play,
)
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.records import ClaimLine
from referee.report import ClaimRuling, Violation
from referee.rule import Rule


def judge_plays(state: ReplayState) -> None:
    """Flag each standing play that breaks a rule (and each card taken back that did)."""
    trump, opts, play_opts = state.trump, state.opts, state.play_opts
    # What the tricks reveal of each hand, as bits, by the player's seat. A card's standing
    # entry is its only one (tricks._admit_plays), so a player's cards at a trick are these
    # less ``gone``, the cards played to earlier tricks: one ``&`` a play, where a table
    # kept per player would be updated at every play.
    revealed = [_bits_played(plays) for plays in state.seat_plays]
    gone = 0
    # (whether the upcard is dead turns on who dealt: with the dealer in doubt, a dead card
    # more or less may make or break a cinch, or make a lower trump as good as the highest)
    dealer_known = state.dealer_shown and not state.dealer_contradicted
    cinch_judged = opts.cinch and (dealer_known or state.upcard is None)
    cinch = _Cinches(state, revealed) if trump is not None and cinch_judged else None
    disputes = (
        _Disputes(state.played_by_two, state.written_twice, state.named_twice, state.unheld)
        if state.played_by_two or state.written_twice or state.named_twice or state.unheld
        else None
    )
    blank = empty_table(trump)  # (a table is never changed: one empty one serves every trick)
    for number, plays in enumerate(state.plays, start=1):
        # (the cinch is judged only where the log shows the whole hand: a card it leaves
        # out could be one that makes a lower trump equivalent to the highest)
        complete = not state.incomplete and state.in_turn[number - 1]
        views = cinch.views(gone) if cinch is not None and complete else None
        table = blank
        on_table: list[str] = []
        last = len(plays) - 1
        played = 0  # (the trick's cards, as bits)
        # the place in the trick of a card the log also shows played by another player (see
        # _Disputes.place): the plays after it are judged only as far as it does not matter
        doubt = disputes.place(number, plays) if disputes is not None else None
        # (an entry of the line left out for a slip of its own held a place on the table)
        left_out = bool(plays) and len(plays) < len(plays[0].source.players)
        written = _as_written(plays, trump) if left_out else None
        for i, play in enumerate(plays):
            card = play.card
            after = doubt is not None and i > doubt
            shown = written[i] if written is not None else None
            if play.judged and not (after and doubt == 0) and not (shown and shown.lead_unknown):
                view = views.get(play.player) if views and not after and not shown else None
                # "may I?": most plays are legal and need no explanation
                held = revealed[play.seat] & ~gone
                if view or play.retracted or not is_legal(play.bit, held, table, play_opts):
                    is_last = complete and i == last
                    readings = disputes.readings(play, held) if disputes is not None else None
                    on = tuple(on_table)
                    _judge(state, play, held, on, table, view, is_last, readings, after, shown)
            if i < last:  # (the table after the trick's last card is no play's)
                table = table_after(table, play.bit)
            on_table.append(card)
            played |= play.bit
        gone |= played
        if doubt is not None:
            cinch = None  # (who won this trick is not known: nor the tricks each has won)
        if cinch is not None:
            cinch.won_trick(state.winners[number - 1])


class _AsWritten(NamedTuple):
    """The table before a play as its trick line shows it, where an entry before the play
    was left out of the trick for a slip of its own (a name not seated, a player who passed
    or is written twice in the trick, a card off the deck). The card of a name's slip was
    on the table all the same (only whose it was is in doubt), unless the entry is the slip
    as a whole: a play is flagged only where it breaks the same rule with the card and
    without it. ``table`` is None where such a card is off the deck (what lay there is not
    known: only a breach that turns on the suit led alone stands), and ``lead_unknown``
    says that card was the lead (then nothing after it is judged)."""

    table: Table | None
    cards: tuple[str, ...]
    lead_unknown: bool


def _as_written(plays: list[LoggedPlay], trump: str | None) -> list[_AsWritten | None]:
    """For each standing play of a trick some of whose entries were left out, the table
    as the line shows it before that play (None where no entry before it was left out)."""
    line = plays[0].source
    written: list[_AsWritten | None] = []
    for i, play in enumerate(plays):
        if play.place == i:  # (every entry before it stands)
            written.append(None)
            continue
        cards = line.cards[: play.place]
        if all(card in BIT for card in cards):
            written.append(_AsWritten(table_of(cards, trump), cards, False))
        else:
            written.append(_AsWritten(None, cards, cards[0] not in BIT))
    return written


class _Cinches:
    """What the cinch is judged from, trick by trick: each player's tricks won, and (worked
    out the first time a player may hold a cinch) each player's own dead cards; cards as
    bits.

    (Each player's cards and tricks won are kept in lists, by their seat (place in
    ``state.active``), not in dicts keyed by name: :meth:`views` runs at the start of every
    trick and looks at every player, and a list is walked and indexed in C where a dict is
    hashed at each step.)"""

    def __init__(self, state: ReplayState, revealed: list[int]) -> None:
        self.state = state
        self.trump = state.trump or ""
        self.trumps = SUIT_BITS[self.trump]
        self.players = state.active
        #: each player's cards (bits) as the tricks reveal them, by seat
        self.revealed = revealed
        self.won = [0] * len(self.players)  # tricks won, by seat
        self.place = {p: i for i, p in enumerate(self.players)}  # player -> seat
        #: the cards every player knows dead (bits), and whether their own discards are
        #: (see :meth:`dead`; None: not worked out yet)
        self._known: tuple[int, bool] | None = None
        self._dead: dict[str, int] = {}  # player -> their dead cards (bits), once asked

    def views(self, earlier: int) -> dict[str, CinchView] | None:
        """The cinches held at the start of the next trick (None: none, the usual answer),
        ``earlier`` the cards played to earlier tricks (bits)."""
        views: dict[str, CinchView] | None = None
        won, trumps, left = self.won, self.trumps, ~earlier
        for i, revealed in enumerate(self.revealed):  # (i: the player's seat)
            hand = revealed & left
            if not _has_bits(hand & trumps, 3 - won[i]):
                continue  # three sure tricks are out of reach: no cinch
            player = self.players[i]
            if player in self.state.record_contradicted:
                continue  # (what they discarded, and so knew dead, is not in the log)
            view = held_cinch(won[i], hand, earlier | self.dead(player, i), self.trump)
            if view is not None:
                if views is None:
                    views = {}
                views[player] = view
        return views

    def dead(self, player: str, seat: int) -> int:
        """The cards the player knows are out of play besides those played: their own
        discards while the stock certainly did not run out (after, they may have been
        dealt again), and the dead upcard (the dealer is served last). (Worked out for a
        player only when asked: a player's cinch is asked of few players.)"""
        if self._known is None:
            self._known = _known_dead(self.state)
        up, discards_dead = self._known
        if not discards_dead:
            return up
        dead = self._dead.get(player)
        if dead is None:
            state = self.state
            decision, deal = state.facts.decisions.get(player), state.dealt(player)
            dead = self._dead[player] = own_discards(decision, deal, self.revealed[seat]) | up
        return dead

    def won_trick(self, winner: str | None) -> None:
        """The trick is over, and ``winner`` (None: not known) took it."""
        i = self.place.get(winner) if winner is not None else None
        if i is not None:
            self.won[i] += 1


def _bits_played(plays: list[LoggedPlay]) -> int:
    """The cards of ``plays`` as bits."""
    bits = 0
    for play in plays:
        bits |= play.bit
    return bits


def _has_bits(bits: int, count: int) -> bool:
    """Whether ``bits`` has ``count`` bits set or more: one step a bit (a hand's few trumps,
    where ``int.bit_count`` is a method call in a compiled module)."""
    while count > 0:
        if not bits:
            return False
        bits &= bits - 1  # (the lowest bit dropped)
        count -= 1
    return True


class _Readings(NamedTuple):
    """A player's cards (bits) at a play, in the two readings of the cards the log shows
    played by them and by someone else: ``without`` any such card (the reading the evidence
    is given in, so it never cites one), and ``with_`` each such card held until they
    played it. ``card_known`` is False for the play that stands of such a card: if the card
    was the other player's, what this player played there is not in the log."""

    without: int
    with_: int
    card_known: bool


class _Disputes:
    """The cards a hand's tricks show played by two players or more, or twice by one (one
    entry of each is a slip, and the log does not say which), the readings they leave each
    player's hand in (:class:`_Readings`: one player's card is held until one trick or the
    other), and the tricks whose cards they leave in doubt (:meth:`place`). Made only for a
    hand that has one."""

    def __init__(
        self,
        played_by_two: dict[str, dict[str, int]],
        written_twice: dict[str, list[tuple[str, int]]],
        named_twice: dict[str, list[tuple[str, int, bool]]],
        unheld: dict[str, list[tuple[str, int]]],
    ) -> None:
        #: player -> (card, the trick they played it in, whether their entry stands)
        self.claims: dict[str, list[tuple[str, int, bool]]] = {}
        #: trick -> the cards with an entry in it (the one that stands, or another)
        self.entered: dict[int, set[str]] = {}
        for card, entries in played_by_two.items():
            for i, (player, trick) in enumerate(entries.items()):
                self.claims.setdefault(player, []).append((card, trick, i == 0))
                self.entered.setdefault(trick, set()).add(card)
        for card, written in written_twice.items():  # (one player's, in two tricks)
            for i, (player, trick) in enumerate(written):
                self.claims.setdefault(player, []).append((card, trick, i == 0))
                self.entered.setdefault(trick, set()).add(card)
        # (a player written twice in one trick: both cards were on the table, but which
        # was theirs the log does not say)
        for player, claims in named_twice.items():
            self.claims.setdefault(player, []).extend(claims)
        # (a play the log's record contradicts: the record or the entry is the slip, and
        # if the entry is, what was played there is not in the log)
        for player, cards in unheld.items():
            for card, trick in cards:
                self.claims.setdefault(player, []).append((card, trick, True))
                self.entered.setdefault(trick, set()).add(card)

    def place(self, number: int, plays: list[LoggedPlay]) -> int | None:
        """The place in trick ``number`` of the first entry of such a card, or None (the
        entry that stands or another: either may be the slip). If that entry is the slip,
        what was played there is not in the log: with the lead, the suit led (the plays
        after it are not judged); else the card a follower had to beat, and whether a trump
        was on the table (the plays after it are judged only under the rules that ask of
        the suit led alone: see :func:`_whatever_lay_there`)."""
        cards = self.entered.get(number)
        if cards is None:
            return None
        return next((i for i, p in enumerate(plays) if p.card in cards), None)

    def readings(self, play: LoggedPlay, held: int) -> _Readings | None:
        """The readings of the player's hand ``held`` (bits, as the standing plays show it)
        at ``play``, or None when no such card bears on it (then the hand is as shown)."""
        claims = self.claims.get(play.player)
        if claims is None:
            return None
        without, with_, known, bears = held, held, True, False
        for card, trick, stands in claims:
            if play.trick > trick:
                continue  # (played by then, whoever held it)
            bears = True
            if stands:
                without &= ~BIT[card]
                known = known and not (play.trick == trick and play.card == card)
            else:
                with_ |= BIT[card]
        return _Readings(without, with_, known) if bears else None


def _known_dead(state: ReplayState) -> tuple[int, bool]:
    """What every active player knows dead besides the cards played (see
    :meth:`_Cinches.dead`): the dead upcard (bits), and whether their own discards are
    (not once the stock may have run out)."""
    dealer = state.dealer
    dealer_played = [p.card for p in state.plays_of(dealer)] if dealer else []
    dealer_decision = state.facts.decisions.get(dealer) if dealer else None
    dead_up = dead_upcard(state.upcard, dealer, state.active, dealer_decision, dealer_played)
    up = BIT.get(dead_up, 0) if dead_up else 0
    return up, not state.stock_ran_out()


def _shown_cards(state: ReplayState, player: str) -> dict[str, str]:
    """Where the tricks show each card of the player's (the evidence of a renege)."""
    where: dict[str, str] = {}
    for play in state.plays_of(player):
        where[play.card] = f"played in trick {play.trick}"
    return where


def _judge(
    state: ReplayState,
    play: LoggedPlay,
    held: int,
    trick: tuple[str, ...],
    table: Table,
    cinch: CinchView | None,
    is_last: bool,
    readings: _Readings | None = None,
    in_doubt: bool = False,
    written: _AsWritten | None = None,
) -> None:
    """Judge one play (and the card taken back, if any) held against ``held``, the
    player's cards as bits (``trick``: the cards on the table, ``table`` the same as the
    rules read it). The hand as cards is made only where a cinch or a breach asks for it.

    With ``readings`` (a card the log shows played by this player and by another), a play
    is flagged only when it breaks the same rule in both readings of the hand, with the
    evidence of the one without that card; the cinch is not judged there (the cinch a
    player holds turns on every card of their hand). ``in_doubt``: a card on the table
    before this play may not be what the log shows (see :meth:`_Disputes.place`), so only
    a breach that turns on the suit led alone is reported (:func:`_whatever_lay_there`).
    ``written``: the table as the trick line shows it, where an entry before this play was
    left out of the trick (see :class:`_AsWritten`): a play is flagged only where it breaks
    the same rule there too, with the evidence of the cards the line shows."""
    other: int | None = None
    known = True
    if readings is not None:
        held, other, known, cinch = readings.without, readings.with_, readings.card_known, None
    back = 0 if play.retracted is None else BIT[play.retracted]
    bits = held | back
    opts = state.opts
    duty_c = None
    if cinch is not None and state.trump is not None:
        legal = allowed_bits(bits, table, state.play_opts)
        duty_c = cinch_duty(bits, trick, state.trump, legal, cinch.unseen, is_last, opts.cinch_last)
    for card, corrected in ((play.retracted, True), (play.card if known else None, False)):
        if card is None or may_play(card, bits, table, state.play_opts, duty_c):
            continue  # (most plays are legal: no context, no evidence)
        breach = _why_not(state, play, card, bits, trick, table, cinch, duty_c)
        if breach is None:
            continue
        rule, evidence = breach
        if (in_doubt or (written is not None and written.table is None)) and not (
            _whatever_lay_there(rule, opts)
        ):
            continue
        if written is not None and written.table is not None:
            shown = _why_not(state, play, card, bits, written.cards, written.table, None, None)
            if shown is None or shown[0].id != rule.id:
                continue
            evidence = shown[1]
        if other is not None:  # the other reading must break the same rule
            again = _why_not(state, play, card, other | back, trick, table, None, None)
            if again is None or again[0].id != rule.id:
                continue
        verb = "put down and took back" if corrected else "played"
        state.flag_card(
            rule,
            f"{play.player} {verb} {pretty(card)}: {rule.summary}",
            play.retracted_at if corrected else play.card_at,
            player=play.player,
            trick=play.trick,
            evidence=evidence,
            corrected=corrected,
        )


def _whatever_lay_there(rule: Rule, opts: BourreOptions) -> bool:
    """Whether a breach of ``rule`` holds whatever the cards on the table were, the lead
    but for: following suit asks only of the suit led, and so does trumping (a void player
    holding a trump must play one), but where ``must_overtrump`` is on and
    ``must_undertrump`` off, a player who cannot beat the trump on the table may play any
    card. Heading and overtrumping turn on the cards to beat, and the cinch on the trick."""
    if rule is BR_TRUMP:
        return not opts.must_overtrump or opts.must_undertrump
    return rule is BR_FOLLOW


def _why_not(
    state: ReplayState,
    play: LoggedPlay,
    card: str,
    bits: int,
    trick: tuple[str, ...],
    table: Table,
    cinch: CinchView | None,
    duty: CinchDuty | None,
) -> tuple[Rule, str] | None:
    """The first rule ``card``, played by ``play``'s player from ``bits``, breaks, with the
    evidence ("why not?"), or None for a legal play."""
    ctx = PlayContext(
        play.player,
        card,
        cards_of(bits),
        trick,
        table,
        state.opts,
        play.trick,
        cinch,
        duty,
        _shown_cards(state, play.player),
    )
    return first_breach(ctx)


# ------------------------------------------------------------------ claims


def rule_on_claim(state: ReplayState, claim: ClaimLine, reneges: list[Violation]) -> ClaimRuling:
    """Uphold a claim when the accused reneged (in the trick named, if one is), else
    reject it, saying what the accused played."""
    accused = claim.against
    found = [
        v
        for v in reneges
        if v.player == accused and (claim.trick is None or v.trick == claim.trick)
    ]
    where = f"trick {claim.trick}" if claim.trick is not None else "this hand"
    if found:
        v = found[0]
        taken_back = " (taken back)" if v.corrected else ""
        reason = f"{v.rule} in trick {v.trick}{taken_back}: {v.evidence}"
        ruling = "upheld"
    else:
        ruling = "rejected"
        mine = [
            p
            for t in state.plays
            for p in t
            if p.player == accused and (claim.trick is None or p.trick == claim.trick)
        ]
        shown = ", ".join(f"{pretty(p.card)} (trick {p.trick})" for p in mine)
        if state.incomplete:
            # (the log does not show the whole hand: say what it shows, and no more)
            gap = "; ".join(state.incomplete)
            if not mine:
                reason = f"the log shows no card of {accused}'s in {where} ({gap})"
            elif doubt := _doubt_of(state, accused, mine):
                reason = (
                    f"no card {accused} played in {where} is proven illegal: {shown}; {doubt}; "
                    f"the log does not show the whole hand ({gap}), so not every play is judged"
                )
            else:
                reason = (
                    f"no card {accused} played that the log shows in {where} was illegal: "
                    f"{shown}; the log does not show the whole hand ({gap}), so not every "
                    "play is judged"
                )
        elif not mine:
            reason = f"{accused} played no card in {where}"
        elif doubt := _doubt_of(state, accused, mine):
            # (a play may be a renege in one reading of such a card: not "legal")
            reason = f"no card {accused} played in {where} is proven illegal: {shown}; {doubt}"
        else:
            reason = f"every card {accused} played in {where} was legal: {shown}"
    return ClaimRuling(claim.by, accused, claim.trick, ruling, reason, claim.line, claim.column)


def _doubt_of(state: ReplayState, player: str, mine: list[LoggedPlay]) -> str:
    """Why the plays ``mine`` of ``player`` may be reneges in one reading of a card the log
    shows played by two players, in words ("" for none): the player is one of them, or
    played after one of its entries in that entry's trick (see :meth:`_Disputes.place`)."""
    doubts: list[str] = []
    cards = [c for c, entries in state.played_by_two.items() if player in entries]
    if cards:
        disputed = ", ".join(pretty(c) for c in cards)
        doubts.append(
            f"the log shows {disputed} played by {player} and by another player, and does "
            "not say whose it was"
        )
    for card, entries in state.played_by_two.items():
        for who, number in entries.items():
            trick = state.plays[number - 1]
            at = next((i for i, p in enumerate(trick) if p.card == card and p.player == who), None)
            mine_after = [p for p in trick[at + 1 :] if p in mine] if at is not None else []
            if mine_after:
                others = " and by ".join(p for p in entries if p != who)
                doubts.append(
                    f"before {player}'s {pretty(mine_after[0].card)} in trick {number} the log "
                    f"shows {who}'s {pretty(card)}, which it also shows played by {others}, "
                    "and does not say whose it was"
                )
    return "; ".join(doubts)
