"""Laying out a Bourré hand as logged, before its tricks: dealer, trump, decisions, deck.

Each function is one stage of the replay (:mod:`~referee.games.bourre.replay` runs them in
order): it reads the hand's facts from the :class:`~referee.games.bourre.state.ReplayState`
given, writes what it settles (the dealer, the trump and upcard, who played and who
passed) back to it, and flags the log faults it finds there.
"""

from __future__ import annotations

import referee.games.logchecks as logchecks
from referee.cards import BOURRE_DECK, pretty
from referee.games.bourre.decide import contradicted_pass, turn_order
from referee.games.bourre.facts import HandFacts, decision_by_tricks, decision_lines
from referee.games.bourre.play import BIT
from referee.games.bourre.rules import BR_ACE_DEALER, BR_DECIDE_ORDER, BR_DRAW
from referee.games.bourre.state import ReplayState
from referee.logrules import L_CARD, L_COUNT, L_DEALER, L_DUPLICATE, L_MISSING
from referee.records import (
    CardAt,
    DealLine,
    DecisionLine,
    Event,
    TrickLine,
    columns,
    decision_items,
    located,
)
from referee.sequence import duplicate_findings


def check_names(state: ReplayState) -> None:
    """L-PLAYER for each unseated name outside the tricks (a card's player is the tricks')."""
    for name, event, item, where in _unseated_names(state.facts, state.seated):
        fault = logchecks.unseated(name, state.seats, where)
        state.flag(
            fault.rule,
            fault.message,
            event.line,
            columns(event)[item],
            player=name,
            evidence=fault.evidence,
        )


def note_unreadable(state: ReplayState) -> None:
    """An unreadable line leaves the hand undecided (and it is reported once, as read)."""
    lines = [u.line for u in state.unreadable]
    if lines:
        which = ", ".join(map(str, lines))
        state.incomplete.append(
            f"line {which} could not be read"
            if len(lines) == 1
            else f"lines {which} could not be read"
        )


def check_duplicates(state: ReplayState) -> None:
    """L-DUPLICATE for each statement the hand makes twice (the first one counts, but for
    a player's decision lines that disagree, where the tricks bear out a later one: see
    :func:`~referee.games.bourre.facts.decision_by_tricks`)."""
    for found in duplicate_findings(state.facts.hand, state.seats):
        evidence = found.evidence
        if found.player is not None and found.message.startswith("a second decision"):
            evidence = _decision_evidence(state, found.player, found.line) or evidence
        state.flag(
            L_DUPLICATE,
            found.message,
            found.line,
            found.column,
            player=found.player,
            evidence=evidence,
        )


def _decision_evidence(state: ReplayState, player: str, line: int) -> str | None:
    """The evidence of an L-DUPLICATE on the player's decision line ``line`` where their
    lines disagree and the tricks bear out a line after the first, or show none (None: the
    first counts)."""
    lines = decision_lines(state.facts, player)
    if len({d.action for d in lines}) < 2:
        return None
    first, standing = lines[0], decision_by_tricks(state.facts, player)
    said = "pass" if first.action == "pass" else "play"
    if standing is None:
        return (
            f"the first, line {first.line}, says {said}, and no trick shows which is right: "
            f"whether {player} played is not known"
        )
    if standing is first:
        return None
    shown = (
        f"the tricks show {player}'s cards"
        if standing.action == "play"
        else f"the tricks show no card of {player}'s"
    )
    if standing.line == line:
        return (
            f"the first, line {first.line}, says {said}, but {shown}: this line is the one "
            "that counts, and the first is not used"
        )
    return f"line {standing.line} is the one that counts ({shown}), and this line is not used"


def settle_dealer(state: ReplayState) -> None:
    """The hand's dealer: its (first seated) `dealer` line, else the rotation's; L-MISSING
    when the log's first hand names none, L-DEALER when it is not the rotation's (nor,
    after an earlier line against the rotation, the other reading's: then who dealt is in
    doubt, ``ReplayState.dealer_contradicted``)."""
    line = next((d for d in state.facts.dealer_lines if d.player in state.seated), None)
    other = state.other_dealer
    if line is None:
        if other is not None and other != state.expected_dealer:
            state.dealer_contradicted, state.dealer_other = True, other  # (still in doubt)
        state.dealer = state.expected_dealer
        # (an unreadable line may have named another dealer: see ReplayState.dealer_shown;
        # and with no dealer known, the upcard may be anyone's)
        state.dealer_shown = state.dealer is not None and not state.may_have_said("dealer")
        if state.dealer is None and state.first and not state.may_have_said("dealer"):
            hand = state.facts.hand
            state.flag(
                L_MISSING,
                f"hand {hand.number} names no dealer",
                hand.line,
                hand.column,
                evidence="the first hand of a log must have a `dealer` line; without it the "
                "referee cannot tell who leads",
            )
        return
    state.dealer = line.player
    expected = state.expected_dealer
    if expected is None and other is None:
        # (no rotation to hold the line against: the decisions may be)
        other = _dealer_the_decisions_show(state, line.player)
        if other is not None:
            state.dealer_contradicted, state.dealer_other = True, other
        return
    if expected is not None and expected != state.dealer and other != state.dealer:
        # (the line or the rotation: either may be the slip, so what follows from who
        # dealt is judged only where both readings agree, and the line's L-DEALER is the
        # one finding)
        state.dealer_contradicted, state.dealer_other = True, expected
        state.flag(
            L_DEALER,
            f"{state.dealer} dealt, but it was {expected}'s deal",
            line.line,
            columns(line)[1],
            player=state.dealer,
            evidence="the deal passes to the left after every hand"
            + (" (a player who took back an illegal card skips one turn)"),
        )


def _dealer_the_decisions_show(state: ReplayState, stated: str) -> str | None:
    """With no rotation to hold a `dealer` line against (the log's first hand): the dealer
    the decision lines are in turn from, when every seated player has one, they are in turn
    from another seat than the line's, and from the line's two players or more would have
    announced early. One slip in the line is then the simpler reading than those early
    announcements: who dealt is in doubt (the order is judged under both, the first lead
    and what else turns on one dealer not at all). None otherwise."""
    if state.opts.decisions != "turn" or len(state.seats) < 3:
        return None
    order = list(state.facts.decisions)  # (each player's first, in log order)
    if len(order) != len(state.seats) or set(order) != set(state.seats):
        return None
    shown = order[-1]  # (the dealer decides last)
    if shown == stated or turn_order(state.seats, shown) != order:
        return None
    if len(logchecks.early_announcers(order, turn_order(state.seats, stated))) < 2:
        return None
    return shown


def settle_trump(state: ReplayState) -> None:
    """The trump suit and upcard from the first `trump` line; without one the hand is
    incomplete (and L-MISSING unless an unreadable line may have been it)."""
    lines = state.facts.trump_lines
    if not lines:
        hand = state.facts.hand
        state.incomplete.append("no trump line")
        if not state.may_have_said("trump"):  # (else an unreadable line may be it)
            state.flag(
                L_MISSING,
                f"hand {hand.number} has no `trump` line",
                hand.line,
                hand.column,
                evidence="without the trump suit only following suit can be judged, and "
                "the hand is not settled",
            )
        return
    first = lines[0]
    state.trump = first.suit
    if first.card is not None:
        if first.card in BOURRE_DECK:
            state.upcard, state.upcard_line = first.card, first
        else:
            flag_off_deck(state, located(first, 1, first.card), None, None)


def settle_decisions(state: ReplayState) -> None:
    """Who played and who passed: a player's decision line, else whether they played a
    card, else passed by presumption."""
    decisions = state.facts.decisions
    if state.facts.later_decisions:
        _settle_repeated_decisions(state)
    in_tricks: set[str] | None = None  # (the tricks' players: asked only of a seat with no line)
    presumed: list[str] = []  # no decision line and no card: passed, by the log's rules
    for seat in state.seats:
        decision = decisions.get(seat)
        if decision is not None:
            if decision.action == "play":
                state.active.append(seat)
            else:
                state.passed.add(seat)
            continue
        if in_tricks is None:
            in_tricks = {p for t in state.facts.tricks for p in t.players}
        if seat in in_tricks and not _written_for_another(state.facts, seat):
            state.active.append(seat)
        elif seat in in_tricks:
            state.passed.add(seat)  # (their one card is another's: L-PASSED on it)
            state.named_for_another.add(seat)
        else:
            state.passed.add(seat)
            presumed.append(seat)
    if presumed and not state.facts.tricks:
        _check_presumed(state, presumed)
    _check_pass_played(state)
    _check_dealer_takes(state)


def _written_for_another(facts: HandFacts, player: str) -> bool:
    """Whether a player with no decision line has a card in one trick line only, of two or
    more, and that line lacks a player who has one in every other: a player who plays has
    a card in every trick, so the simplest reading is one name written for another's (the
    other, every trick but one missing the player's card). They passed, by the log's rule
    for a player with no decision line and no card of theirs."""
    tricks = facts.tricks
    if len(tricks) < 2:
        return False
    theirs: TrickLine | None = None
    for trick in tricks:  # (usually they are in the first two: then no more is asked)
        if player in trick.players:
            if theirs is not None:
                return False
            theirs = trick
    if theirs is None:
        return False
    others = [t.players for t in tricks if t is not theirs]
    in_every = set(others[0]).intersection(*others[1:])
    return any(p not in theirs.players for p in in_every)


def _settle_repeated_decisions(state: ReplayState) -> None:
    """A player whose decision lines disagree (one says pass, one play): one is a slip (an
    L-DUPLICATE). Their decision is the one the tricks bear out (see
    :func:`~referee.games.bourre.facts.decision_by_tricks`); with no trick in the log,
    whether they played is not known, and the hand is not settled."""
    facts = state.facts
    for player in list(facts.decisions):
        lines = decision_lines(facts, player)
        if len({d.action for d in lines}) < 2:
            continue
        standing = decision_by_tricks(facts, player)
        if standing is None:
            state.undecided = True
            state.incomplete.append(
                f"{player}'s decision lines say pass and play, and no trick shows which"
            )
        else:
            facts.decisions[player] = standing


def _check_pass_played(state: ReplayState) -> None:
    """A player whose decision line says pass but who has a card in every trick of a whole
    hand: the pass line and the tricks contradict each other about who played, and each
    reading gives other money (the player may have taken the pot, or been bourré). Each
    card is still reported (L-PASSED); the hand is not settled."""
    tricks = state.facts.tricks
    if len(tricks) < state.opts.hand_size:
        return
    for name, decision in state.facts.decisions.items():
        if (
            decision.action != "play"
            and name in state.seats
            and all(name in t.players for t in tricks)
        ):
            state.undecided = True
            state.incomplete.append(
                f"{name}'s decision line says pass, but {name} has a card in every "
                f"trick: whether {name} played is not in the log"
            )


def _check_dealer_takes(state: ReplayState) -> None:
    """Under ``all_pass: dealer`` a hand everyone passed goes to the dealer: when the log
    does not say who dealt (hand 1 names no dealer, hands are missing before it, or a
    `dealer` line against the rotation left it in doubt), who took the pot is not in the
    log, and the hand is not settled."""
    known = state.dealer is not None and not state.dealer_contradicted
    if state.active or state.opts.all_pass != "dealer" or known:
        return
    state.incomplete.append(
        "everyone passed and the dealer takes the pot (`all_pass: dealer`), "
        "but the log does not say who dealt"
    )


def pass_shown(state: ReplayState, player: str) -> bool:
    """Whether the log shows that ``player`` (who passed, as the replay reads the hand)
    passed, so that the pass may be judged: a `pass` line, or no decision line and no card
    in a hand whose tricks show others playing (a player who played has a card in every
    trick), or whose decisions leave one other player alone in (who takes the pot without
    play). With no trick and nobody else shown playing, the player may as well have been
    the one who stayed in alone (a lone player's hand has no tricks): the pass is presumed
    only, and a record that has them take the pot or pay makes it undecided (see
    :func:`_check_presumed`)."""
    decision = state.facts.decisions.get(player)
    if decision is not None:
        return decision.action == "pass"
    if state.facts.tricks:
        return True
    if state.may_have_said("trick", "decision"):
        return False  # (an unreadable line may have been their decision, or a trick)
    return len(state.active) == 1 and not state.undecided


def _check_presumed(state: ReplayState, presumed: list[str]) -> None:
    """With no trick in the log, a player with no decision line passed only by
    presumption; a record that has that player take the pot or pay into it says
    otherwise, and the log does not decide who played."""
    recorded = [
        (x.kind, x.player if x.player is not None and x.player in state.seats else None)
        for x in state.facts.settles
    ]
    everyone = not state.active and state.opts.all_pass == "dealer"
    found = contradicted_pass(presumed, recorded, state.dealer if everyone else None)
    if found is not None:
        who, kind = found
        state.undecided = True
        role = {"wins": "taking the pot", "bourre": "paying a bourré"}.get(kind, "paying")
        state.incomplete.append(
            f"{who} has no decision line, and the table recorded {who} as {role}: "
            f"whether {who} played is not in the log"
        )


def check_decisions(state: ReplayState) -> None:
    """BR-ACE-DEALER (on a pass the log shows: :func:`pass_shown`), BR-DRAW and (with
    ``decisions: turn``) BR-DECIDE-ORDER; a line may break several. What depends on who
    dealt is judged only where the log shows it (``ReplayState.dealer_shown``)."""
    opts, dealer, up = state.opts, state.dealer, state.upcard
    if (
        opts.dealer_plays_ace
        and dealer
        and state.dealer_shown
        and not state.dealer_contradicted
        and up
        and up[0] == "A"
        and dealer in state.passed
        and pass_shown(state, dealer)
    ):
        where = state.facts.decisions.get(dealer) or state.facts.trump_lines[0]
        state.flag(
            BR_ACE_DEALER,
            f"{dealer} passed with an ace upcard",
            where.line,
            where.column,
            player=dealer,
            card=up,
            evidence=f"the upcard was {pretty(up)}; with dealer_plays_ace the dealer must play",
        )
    for decision in state.facts.decisions.values():
        _check_draw(state, decision)
    if opts.decisions == "turn" and dealer is not None and state.dealer_shown:
        _check_order_of_decisions(state, dealer)


def _check_order_of_decisions(state: ReplayState, dealer: str) -> None:
    """BR-DECIDE-ORDER for each player who announced before their turn (after a wrong
    `dealer` line, only one who did so under the rotation's dealer too: the slip may be
    the dealer line). One who did under one reading only may owe ``early_penalty``: the
    log does not say, and the hand is not settled."""
    order = turn_order(state.seats, dealer)
    decisions = state.facts.decisions  # (each player's decision, by their first line's place)
    early = _early_by_every_line(state, order)
    expected = state.dealer_other if state.dealer_other is not None else state.expected_dealer
    if expected is not None and expected != dealer:
        also = _early_by_every_line(state, turn_order(state.seats, expected))
        doubtful = [p for p in decisions if (p in early) != (p in also)]
        early = {p: q for p, q in early.items() if p in also}
        if doubtful and state.opts.early_penalty:
            state.incomplete.append(
                f"whether {', '.join(doubtful)} announced early turns on who dealt, which the "
                "log does not say"
            )
    for player, waited in early.items():
        line = decision_lines(state.facts, player)[0]
        state.early.append(player)
        state.flag(
            BR_DECIDE_ORDER,
            f"{player} announced before their turn",
            line.line,
            line.column,
            player=player,
            evidence=f"{player} announced before {waited} "
            f"(line {decision_lines(state.facts, waited)[0].line}), "
            f"whose turn came first: players decide from the dealer's left, the dealer "
            f"last ({', '.join(order)})",
        )


def _early_by_every_line(state: ReplayState, order: list[str]) -> dict[str, str]:
    """The players who announced before their turn (see
    :func:`~referee.games.logchecks.early_announcers`), each with the player due before
    them. A player with two decision lines or more announced at one of them, and the log
    does not say which (one is a slip): the order is read with each player's first line and
    with their last, and only a player early in both readings is early. One early in one
    reading only may owe ``early_penalty``: the log does not say, and the hand is not
    settled."""
    facts = state.facts
    if not facts.later_decisions:
        return logchecks.early_announcers(list(facts.decisions), order)
    seated = state.seated
    lines = [e.player for e in facts.hand.events if isinstance(e, DecisionLine)]
    by_first, by_last = logchecks.early_at_first_and_last([p for p in lines if p in seated], order)
    doubtful = [p for p in facts.decisions if (p in by_first) != (p in by_last)]
    gap = (
        f"whether {', '.join(doubtful)} announced early turns on which of their decision lines "
        "is the slip, which the log does not say"
    )
    if doubtful and state.opts.early_penalty and gap not in state.incomplete:
        state.incomplete.append(gap)
    return {p: q for p, q in by_first.items() if p in by_last}


def _check_draw(state: ReplayState, d: DecisionLine) -> None:
    """BR-DRAW for a player who discarded too many, or drew other than they discarded."""
    if d.action != "play":
        return
    count = d.discard_count or 0
    name = d.player
    if count > state.opts.hand_size:
        state.flag(
            BR_DRAW,
            f"{name} discarded {count} cards",
            d.line,
            d.column,
            player=name,
            evidence=f"a player may discard at most {state.opts.hand_size} cards",
        )
    elif d.discards is not None and d.draws is not None and len(d.draws) != len(d.discards):
        state.flag(
            BR_DRAW,
            f"{name} discarded {len(d.discards)} and drew {len(d.draws)}",
            d.line,
            d.column,
            player=name,
            evidence="a player draws exactly as many cards as they discard",
        )


def flag_off_deck(state: ReplayState, card: CardAt, player: str | None, trick: int | None) -> None:
    """L-CARD for a card that is not in the Bourré deck (wherever the log has it)."""
    fault = logchecks.off_deck(card.card, "Bourré", "Bourré uses the 52-card deck, A high, 2 low")
    state.flag_fault(fault, card, player=player, trick=trick)


def check_deck(state: ReplayState) -> None:
    """The deal lines against the deck: L-COUNT for a deal of the wrong size, L-CARD for a
    card off the deck or dealt twice (noted as contested: it convicts nobody), or an
    upcard dealt to another player; and the discards and draws against the deck."""
    deals = state.facts.deals
    dealt = 0  # the cards dealt so far, as bits (to whom first: _first_dealt)
    size = state.opts.hand_size
    up = BIT.get(state.upcard, 0) if state.upcard else 0
    holder: str | None = None  # (who was dealt the upcard first)
    for name, deal in deals.items():
        cards = deal.cards
        if len(cards) != size:
            state.flag(
                L_COUNT,
                f"{name} was dealt {len(deal.cards)} cards",
                deal.line,
                deal.column,
                player=name,
                evidence=f"each player is dealt {size} cards",
            )
        for i, c in enumerate(cards):
            bit = BIT.get(c, 0)  # (BIT has a bit for each card of the deck, and no other)
            if not bit:
                flag_off_deck(state, located(deal, 2 + i, c), name, None)
            elif dealt & bit:
                state.contested.add(c)
                first = _first_dealt(deals, c)
                assert first is not None  # (the bits say it was dealt)
                again = logchecks.dealt_again(c, name, {first: 1})
                state.flag_fault(again, located(deal, 2 + i, c), player=name)
            else:
                dealt |= bit
                if bit == up:
                    holder = name
    dealer, shown = state.dealer, state.dealer_shown and not state.dealer_contradicted
    if holder is not None and state.upcard and dealer and holder != dealer and shown:
        state.flag_card(
            L_CARD,
            f"the upcard {pretty(state.upcard)} was dealt to {holder}",
            state.upcard_at(),
            evidence=f"the upcard is the dealer's ({dealer}'s) fifth card",
        )
    for d in state.facts.decisions.values():
        exchanged = (d.discards or ()) + (d.draws or ())
        if all(c in BOURRE_DECK for c in exchanged):
            continue
        thrown, drawn = decision_items(d)
        for c, item in zip(exchanged, thrown + drawn, strict=True):
            if c not in BOURRE_DECK:
                flag_off_deck(state, located(d, item, c), d.player, None)


def _first_dealt(deals: dict[str, DealLine], card: str) -> str | None:
    """The first player, in the deal lines' order, dealt ``card`` (None: nobody). Asked of
    a card dealt again and of the upcard only, so the common card needs no record of it."""
    for name, deal in deals.items():
        if card in deal.cards:
            return name
    return None


def _unseated_names(facts: HandFacts, seated: frozenset[str]) -> list[tuple[str, Event, int, str]]:
    """Every name the hand's statements give that is no seat's (``seated``), except the
    tricks' players, in the statements' order: the name, its statement and item there, and
    the statement in words. (Each name is tested where it is read: most are seated, and
    nothing is made for them.)"""
    names: list[tuple[str, Event, int, str]] = []
    for d in facts.dealer_lines:
        if d.player not in seated:
            names.append((d.player, d, 1, "the dealer line"))
    for deals in (facts.deals.values(), facts.extra_deals):  # (no tuple made of both)
        for deal in deals:
            if deal.player not in seated:
                names.append((deal.player, deal, 1, "a deal line"))
    for c in facts.claims:
        if c.by not in seated:
            names.append((c.by, c, 1, "a claim"))
        if c.against not in seated:
            names.append((c.against, c, 3, "a claim"))
    for a in facts.antes:
        for i, name in enumerate(a.players, 1):
            if name not in seated:
                names.append((name, a, i, "an ante line"))
    for s in facts.settles:
        if s.player is not None and s.player not in seated:
            names.append((s.player, s, 1, "a settle line"))
    for e in facts.hand.events:
        if isinstance(e, DecisionLine) and e.player not in seated:
            names.append((e.player, e, 0, "a decision line"))
    return names
