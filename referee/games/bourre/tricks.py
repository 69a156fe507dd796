"""Laying out a Bourré hand's tricks as logged: each card admitted or set aside, each
trick's leader, order, size and winner, and the tricks missing.

:func:`lay_out_tricks` is a stage of the replay (:mod:`~referee.games.bourre.replay`): it
runs after :mod:`~referee.games.bourre.layout` has settled the dealer, the trump and who
played, fills :attr:`ReplayState.plays <referee.games.bourre.state.ReplayState.plays>` and
``winners``, and flags the log faults of the tricks (L-PLAYER, L-PASSED, L-TRICK, L-CARD,
L-TURN, L-COUNT). Nothing here judges a play against the rules.
"""

from __future__ import annotations

import referee.games.logchecks as logchecks
from referee.cards import BOURRE_DECK, pretty, suit_word
from referee.games.bourre.layout import flag_off_deck
from referee.games.bourre.play import BIT, trick_winner_index
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.logrules import L_COUNT, L_PASSED, L_TURN
from referee.records import CardAt, TrickLine, columns, play_items
from referee.sequence import count_may_have_said


def lay_out_tricks(state: ReplayState) -> None:
    """Each trick line in order: its cards admitted (or set aside as faults), checked for
    number, leader, order and size, and its winner; then the tricks missing."""
    expected = _expected_tricks(state)
    state.take_seats()
    played = 0  # the cards played so far (bits; who played one first: _first_entry)
    leader = _first_leader(state)
    lines = state.facts.tricks
    # Trick lines the log may have left out (missing, or among the unreadable lines):
    # a trick numbered past its place then comes after them, and no leader is judged
    # where a trick before it may be missing.
    lost = max(0, expected - len(lines)) + count_may_have_said(
        state.unreadable, ("trick",), state.seats
    )
    active = state.active
    written: list[int] = []  # the tricks the log gives a line (their cards may be left out)
    led_wrong = False  # (a trick led by another than the winner of the one before)
    passed = state.passed.__contains__  # (made once a hand, not once a trick)
    for line in lines:
        number = len(state.plays) + 1
        if number > expected:
            _extra_trick(state, line, expected)
            continue
        stated = line.number
        if stated is not None and number < stated <= expected and stated - number <= lost:
            for missing in range(number, stated):  # tricks the log does not show
                state.plays.append([])
                state.in_turn.append(False)
                state.winners.append(None)
                state.unsure.add(missing)
            lost -= stated - number
            number = stated
        elif stated is not None and stated != number:
            wrong = logchecks.misnumbered(stated, number)
            column = columns(line)[1]
            state.flag(
                wrong.rule, wrong.message, line.line, column, trick=number, evidence=wrong.evidence
            )
        written.append(number)
        # the usual line: one card from each player, clockwise (its names need no check)
        start = _clockwise_from(line.players, active)
        rotated = start >= 0
        usual = rotated and line.retracted is None
        plays, played = _admit_plays(state, line, number, played, start if usual else -1)
        # the usual trick: every card admitted, one from each player, clockwise
        whole = len(plays) == len(line.players)
        in_turn = rotated if whole else _clockwise_from(tuple(p.player for p in plays), active) >= 0
        unknown_lead = (number - 1 in state.unsure) or (lost > 0 and stated is None)
        slipped = logchecks.left_out_for_a_slip(line.players, len(plays), passed, len(active))
        if not slipped:  # (else the slip explains the order)
            led = _check_order(state, plays, None if unknown_lead else leader, number, in_turn)
            led_wrong = led_wrong or (number > 1 and not led)
        if len(plays) != len(active):
            _check_size(state, line, plays, number)
        idx = trick_winner_index([p.bit.bit_length() - 1 for p in plays], state.trump)
        winner = plays[idx].player if idx is not None else None
        if len(plays) < len(active) or (
            state.trump is None and any(p.card[-1] != plays[0].card[-1] for p in plays)
        ):
            state.unsure.add(number)  # a card missing, or one that may have been trump
        state.plays.append(plays)
        state.in_turn.append(in_turn)
        state.winners.append(winner)
        leader = winner
    state.cards_played = played
    if led_wrong and state.trump is not None and len(lines) >= 3:
        _check_trump_against_leads(state)
    if state.played_by_two or state.written_twice:
        _unsure_where_disputed(state)
    _count_tricks(state, expected, written)


def _clockwise_from(players: tuple[str, ...], active: list[str]) -> int:
    """Where in ``active`` the first of ``players`` is, when they are the active players
    once each, in turn order from the first (a trick's usual order); else -1. (Compared in
    place: no rotation of the players is made; the place gives each play's seat.)"""
    count = len(active)
    if not players or len(players) != count or players[0] not in active:
        return -1
    start = active.index(players[0])
    for i in range(1, count):
        if players[i] != active[(start + i) % count]:
            return -1
    return start


def _check_trump_against_leads(state: ReplayState) -> None:
    """A `trump` line the tricks' leads contradict (see
    :func:`~referee.games.logchecks.trump_against_leads`; asked only of a hand with a trick
    led by another than the winner of the one before): the L-TURN on each such lead is
    taken back for one, on the first lead that shows it; the trump is in doubt, so only
    following suit is judged, no upcard is known, and the hand is not settled."""
    lines = state.facts.tricks[: _expected_tricks(state)]  # (a line past them is not judged)
    trump = state.trump or ""
    doubt = logchecks.trump_against_leads(lines, trump, _winner)
    if doubt is None:
        return
    for place in doubt.wrong:
        state.withdraw(L_TURN, _lead_at(lines[place]))
    line = lines[doubt.place]
    number = doubt.place + 1 if line.number is None else line.number
    fault = logchecks.lead_against_trump(line.players[0], number, trump, doubt)
    state.flag_fault(fault, _lead_at(line), player=line.players[0], trick=number)
    state.trump, state.upcard = None, None
    state.incomplete.append(
        f"the leads contradict the `trump` line ({suit_word(trump)}): the trump suit is in doubt"
    )


def _lead_at(line: TrickLine) -> CardAt:
    """A trick line's lead, where the log shows it."""
    return CardAt(line.cards[0], line.line, columns(line)[play_items(line, 0)[1]])


def _winner(line: TrickLine, trump: str) -> str | None:
    """Who won a trick line as written with ``trump`` trump (None: a card off the deck, or
    the winner's name twice in the line)."""
    places: list[int] = []
    for card in line.cards:
        bit = BIT.get(card, 0)
        if not bit:
            return None
        places.append(bit.bit_length() - 1)
    at = trick_winner_index(places, trump)
    players = line.players
    if at is None:
        return None
    won = players[at]
    return won if players.count(won) == 1 else None


def _unsure_where_disputed(state: ReplayState) -> None:
    """A trick holding an entry of a card the log also shows played by another player
    (the entry that stands, or another: either may be the slip): if that entry is the
    slip, what was played there is not in the log, so the trick's winner is not known
    (:attr:`ReplayState.unsure`) and the next trick's leader is not judged. The card was
    found disputed only at its second entry, after the next trick's leader was judged: a
    wrong leader found there is taken back. Nor are the tricks each player took known:
    the hand is not settled."""
    plays = state.plays
    disputed = [(card, list(entries.items())) for card, entries in state.played_by_two.items()]
    disputed.extend(state.written_twice.items())
    for card, entries in disputed:
        for _, number in entries:
            state.unsure.add(number)
            if number < len(plays) and plays[number]:
                state.withdraw(L_TURN, plays[number][0].card_at)
        state.incomplete.append(logchecks.winners_unknown(card, entries))


def _first_leader(state: ReplayState) -> str | None:
    """The first active player to the dealer's left (None with no dealer or nobody in, or
    when the log does not show who dealt: then the first lead is not judged)."""
    if state.dealer is None or not state.dealer_shown or state.dealer_contradicted:
        return None
    if not state.active:
        return None
    start = state.seats.index(state.dealer)
    for step in range(1, len(state.seats) + 1):
        seat = state.seats[(start + step) % len(state.seats)]
        if seat in state.active:
            return seat
    return None


def _expected_tricks(state: ReplayState) -> int:
    """A hand with two players or more in plays out every card; else no trick at all."""
    return state.opts.hand_size if len(state.active) >= 2 else 0


def _count_tricks(state: ReplayState, expected: int, shown: list[int]) -> None:
    """L-COUNT for a hand with tricks missing (unless an unreadable line may hold one),
    and the hand's missing tricks and cards in words. ``shown``: the tricks the log gives a
    line, in order (a line whose every card was left out for its own slip is no trick
    missing: each card left out is reported)."""
    lines = state.facts.tricks
    if len(shown) < expected:
        numbered = bool(lines) and all(line.number is not None for line in lines)
        words, message = logchecks.tricks_short(shown, expected, numbered)
        state.incomplete.append(words)
        if not state.may_have_said("trick"):
            anchor = lines[-1] if lines else state.facts.hand
            state.flag(
                L_COUNT,
                message,
                anchor.line,
                anchor.column,
                evidence=f"{len(state.active)} players played, so {expected} tricks are "
                "played; the hand is not settled",
            )
    for number in shown:
        plays = state.plays[number - 1]
        if len(plays) < len(state.active):
            have = {p.player for p in plays}
            state.incomplete.append(logchecks.lacking(number, have, state.active))


def _extra_trick(state: ReplayState, line: TrickLine, expected: int) -> None:
    """L-COUNT for a trick past the hand's last (it is not judged)."""
    if expected == 0:
        why = (
            "nobody played this hand"
            if not state.active
            else f"only {state.active[0]} played, and takes the pot without play"
        )
    else:
        why = f"a hand has {expected} tricks"
    extra = logchecks.extra_trick(why)
    state.flag(extra.rule, extra.message, line.line, line.column, evidence=extra.evidence)


def _admit_plays(
    state: ReplayState, line: TrickLine, number: int, played: int, start: int
) -> tuple[list[LoggedPlay], int]:
    """The trick's plays that stand (each judged one also kept with its player's:
    :attr:`ReplayState.seat_plays`), and ``played`` (the cards played before it, as bits)
    with the trick's cards added. ``start`` (-1: not the usual line): the line names each
    active player once, clockwise from the one at ``start`` in ``active``, and takes no
    card back (active players are seated, distinct and did not pass: only the cards may
    be faults, no name is checked, and each play's seat is its place from ``start``)."""
    admitted: list[LoggedPlay] = []
    seen: set[str] = set()  # (the names admitted: kept only where a name may repeat)
    passed, seated, active, by_seat = state.passed, state.seated, state.active, state.seat_plays
    usual, count = start >= 0, len(active)
    retracted, players, cards = line.retracted, line.players, line.cards
    for i in range(len(players)):  # (a trick line has as many cards as players)
        name, card = players[i], cards[i]
        bit = BIT.get(card, 0)  # (BIT has a bit for each card of the deck, and no other)
        if (
            bit
            and not played & bit
            and (
                usual
                or (
                    retracted is None and name in seated and name not in passed and name not in seen
                )
            )
        ):  # the common case, nothing to report
            if usual:
                seat = (start + i) % count
            else:
                seen.add(name)
                seat = active.index(name)  # (seated and not passed: active)
            played |= bit
            play = LoggedPlay(number, name, card, bit, None, line, i, seat, True)
            admitted.append(play)
            by_seat[seat].append(play)
            continue
        admitted_play = _admit(state, line, i, number, seen, played, admitted)
        if admitted_play is not None:
            admitted.append(admitted_play)
            if admitted_play.judged:
                by_seat[admitted_play.seat].append(admitted_play)
            played |= admitted_play.bit
        elif name in seen and card in BOURRE_DECK:
            _note_named_twice(state, admitted, name, card, number)
    return admitted, played


def _note_named_twice(
    state: ReplayState, admitted: list[LoggedPlay], name: str, card: str, number: int
) -> None:
    """``name`` is written twice in trick ``number``, the second time with ``card`` (left
    out): one of the two names is a slip, and which card was theirs the log does not say
    (see :attr:`ReplayState.named_twice`)."""
    entries = state.named_twice.setdefault(name, [])
    kept = next(p for p in admitted if p.player == name)
    if (kept.card, number, True) not in entries:
        entries.append((kept.card, number, True))
    entries.append((card, number, False))


def _admit(
    state: ReplayState,
    line: TrickLine,
    index: int,
    number: int,
    seen: set[str],
    played: int,
    admitted: list[LoggedPlay],
) -> LoggedPlay | None:
    """Play ``index`` of the trick line when it is not the common case: None when a fault
    leaves it out of the trick (an unseated name, a player who passed or played twice, a
    card off the deck); a card already played (in ``played``, as bits: before this trick,
    or among its plays ``admitted`` so far) stands but is not judged."""
    name, card = line.players[index], line.cards[index]
    back = line.retracted[index] if line.retracted is not None else None
    name_item, card_item, back_item = play_items(line, index)
    card_at = CardAt(card, line.line, columns(line)[card_item])
    if name not in state.seats:
        fault = logchecks.unseated(name, state.seats, f"trick {number}")
        state.flag(
            fault.rule,
            fault.message,
            line.line,
            columns(line)[name_item],
            player=name,
            trick=number,
            card=card,
            evidence=fault.evidence,
        )
        return None
    if name in state.passed:
        why = (
            f"{name} has no decision line and no card in the hand's other tricks, so passed"
            if name in state.named_for_another
            else f"{name} folded this hand"
        )
        state.flag_card(
            L_PASSED,
            f"{name} passed but played {pretty(card)}",
            card_at,
            player=name,
            trick=number,
            evidence=f"{why}; the card is left out of trick {number}",
        )
        return None
    if name in seen:
        state.flag_fault(logchecks.twice_in_trick(name, number), card_at, player=name, trick=number)
        return None
    if card not in BOURRE_DECK:
        flag_off_deck(state, card_at, name, number)
    if back is not None and back not in BOURRE_DECK:
        flag_off_deck(state, CardAt(back, line.line, columns(line)[back_item]), name, number)
    if card not in BOURRE_DECK:
        return None
    seen.add(name)
    judged = True
    if played & BIT[card]:
        first = _first_entry(card, state.plays, admitted)
        again = logchecks.already_played(card, [first])
        state.flag_fault(again, card_at, player=name, trick=number)
        judged = False
        if first[0] != name:  # (whose card it was, the log does not say)
            state.played_by_two.setdefault(card, {first[0]: first[1]}).setdefault(name, number)
        else:  # (in which trick, the log does not say)
            state.written_twice.setdefault(card, [first]).append((name, number))
    kept = back if back is not None and back in BOURRE_DECK else None
    seat = state.active.index(name)  # (seated and not passed: active)
    return LoggedPlay(number, name, card, BIT[card], kept, line, index, seat, judged)


def _first_entry(
    card: str, tricks: list[list[LoggedPlay]], trick: list[LoggedPlay]
) -> tuple[str, int]:
    """Who played ``card`` first, and in which trick: its judged entry (a card's only one)
    in the earlier ``tricks`` or this ``trick``'s plays so far. Asked only of a card played
    again, so the common card needs no record of who played it."""
    for plays in (*tricks, trick):
        for play in plays:
            if play.judged and play.card == card:
                return play.player, play.trick
    raise AssertionError(f"{card} was not played before")  # (the bits say it was)


def _check_order(
    state: ReplayState, plays: list[LoggedPlay], leader: str | None, number: int, in_turn: bool
) -> bool:
    """L-TURN for a wrong leader (``leader`` None: not judged) and for the first card
    played out of clockwise order (:func:`~referee.games.logchecks.turn_faults`).
    ``in_turn``: the trick has a card from every player in the hand, clockwise from the
    leader's (the usual trick, where :func:`~referee.games.logchecks.first_out_of_turn`
    finds none out of turn: ``tests/test_log_faults_both_games.py`` checks it). Whether
    the trick was led as it should be (True where that is not judged)."""
    led = not plays or leader is None or plays[0].player == leader
    if not plays or (led and in_turn):
        return led
    players = [p.player for p in plays]
    why = (
        f"{leader} is the first player in the hand to the dealer's left"
        if number == 1
        else f"{leader} won trick {number - 1}"
    )
    for at, fault in logchecks.turn_faults(players, state.active, leader, why, number):
        state.flag_fault(fault, plays[at].card_at, player=players[at], trick=number)
    return led


def _check_size(state: ReplayState, line: TrickLine, plays: list[LoggedPlay], number: int) -> None:
    """L-TRICK for a trick with too few cards (see
    :func:`~referee.games.logchecks.wrong_size`)."""
    present = {p.player for p in plays}
    short = logchecks.wrong_size(number, present, state.active, len(line.players))
    if short is not None:
        state.flag(
            short.rule, short.message, line.line, line.column, trick=number, evidence=short.evidence
        )
