"""Laying out a Bourré hand's tricks as logged: each card admitted or set aside, each
trick's leader, order, size and winner, and the tricks missing.

:func:`lay_out_tricks` is a stage of the replay (:mod:`~referee.games.bourre.replay`): it
runs after :mod:`~referee.games.bourre.layout` has settled the dealer, the trump and who
played, fills :attr:`ReplayState.plays <referee.games.bourre.state.ReplayState.plays>` and
``winners``, and flags the log faults of the tricks (L-PLAYER, L-PASSED, L-TRICK, L-CARD,
L-TURN, L-COUNT). Nothing here judges a play against the rules.
"""

from __future__ import annotations

from referee.cards import BOURRE_DECK, pretty
from referee.games.bourre.layout import flag_off_deck
from referee.games.bourre.play import trick_winner_index
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.logrules import L_CARD, L_COUNT, L_PASSED, L_PLAYER, L_TRICK, L_TURN
from referee.records import Play, TrickLine
from referee.sequence import count_may_have_said
from referee.suggest import not_seated


def lay_out_tricks(state: ReplayState) -> None:
    """Each trick line in order: its cards admitted (or set aside as faults), checked for
    number, leader, order and size, and its winner; then the tricks missing."""
    expected = _expected_tricks(state)
    played: dict[str, tuple[str, int]] = {}
    leader = _first_leader(state)
    lines = state.facts.tricks
    # Trick lines the log may have left out (missing, or among the unreadable lines):
    # a trick numbered past its place then comes after them, and no leader is judged
    # where a trick before it may be missing.
    lost = max(0, expected - len(lines)) + count_may_have_said(
        state.unreadable, ("trick",), state.seats
    )
    for line in lines:
        number = len(state.plays) + 1
        if number > expected:
            _extra_trick(state, line, expected)
            continue
        stated = line.number
        if stated is not None and number < stated <= expected and stated - number <= lost:
            for missing in range(number, stated):  # tricks the log does not show
                state.plays.append([])
                state.winners.append(None)
                state.unsure.add(missing)
            lost -= stated - number
            number = stated
        elif stated is not None and stated != number:
            state.flag(
                L_TRICK,
                f"trick {stated} is trick {number} of the hand",
                line.line,
                line.number_column or line.column,
                trick=number,
                evidence=f"{number - 1} trick(s) came before it in this hand",
            )
        plays = _admit_plays(state, line, number, played)
        unknown_lead = (number - 1 in state.unsure) or (lost > 0 and stated is None)
        _check_order(state, plays, None if unknown_lead else leader, number)
        written = sum(1 for p in line.plays if p.player.name not in state.passed)
        _check_size(state, line, plays, number, written)
        cards = [p.card.card for p in plays]
        idx = trick_winner_index(cards, state.trump)
        winner = plays[idx].player if idx is not None else None
        if len(plays) < len(state.active) or (
            state.trump is None and any(c[-1] != cards[0][-1] for c in cards)
        ):
            state.unsure.add(number)  # a card missing, or one that may have been trump
        state.plays.append(plays)
        state.winners.append(winner)
        leader = winner
    _count_tricks(state, expected)


def _first_leader(state: ReplayState) -> str | None:
    """The first active player to the dealer's left (None with no dealer or nobody in)."""
    if state.dealer is None or not state.active:
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


def _count_tricks(state: ReplayState, expected: int) -> None:
    """L-COUNT for a hand with tricks missing (unless an unreadable line may hold one),
    and the hand's missing tricks and cards in words."""
    shown = [k for k, plays in enumerate(state.plays, start=1) if plays]
    if len(shown) < expected:
        hand = state.facts.hand
        gaps = [k for k in range(1, expected + 1) if k not in shown]
        numbered = all(line.number is not None for line in state.facts.tricks)
        missing = _numbers("trick", gaps) if numbered and state.facts.tricks else ""
        state.incomplete.append(
            f"{len(shown)} of {expected} tricks logged"
            + (f" ({missing} missing)" if missing else "")
        )
        if not state.may_have_said("trick"):
            anchor = state.facts.tricks[-1] if state.facts.tricks else hand
            state.flag(
                L_COUNT,
                f"hand {hand.number} has {len(shown)} trick{_s(len(shown))}, not {expected}"
                + (f": {missing} {'is' if len(gaps) == 1 else 'are'} missing" if missing else ""),
                anchor.line,
                anchor.column,
                evidence=f"{len(state.active)} players played, so {expected} tricks are "
                "played; the hand is not settled",
            )
    for number, plays in enumerate(state.plays, start=1):
        if plays and len(plays) < len(state.active):
            have = {p.player for p in plays}
            lacking = [p for p in state.active if p not in have]
            state.incomplete.append(f"trick {number} lacks a card from {', '.join(lacking)}")


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
    state.flag(
        L_COUNT,
        f"an extra trick in hand {state.facts.hand.number}",
        line.line,
        line.column,
        evidence=why + "; this trick is not judged",
    )


def _admit_plays(
    state: ReplayState, line: TrickLine, number: int, played: dict[str, tuple[str, int]]
) -> list[LoggedPlay]:
    """The trick's plays that stand (``played``: each card played so far, by whom and in
    which trick; it grows)."""
    admitted: list[LoggedPlay] = []
    seen: set[str] = set()
    passed = state.passed
    for play in line.plays:
        name, card = play.player.name, play.card.card
        if (
            play.retracted is None
            and play.player.seated
            and name not in passed
            and name not in seen
            and card in BOURRE_DECK
            and card not in played
        ):  # the common case, nothing to report
            seen.add(name)
            played[card] = (name, number)
            admitted.append(LoggedPlay(number, name, play.card, None, True))
            continue
        admitted_play = _admit(state, play, number, seen, played)
        if admitted_play is not None:
            admitted.append(admitted_play)
    return admitted


def _admit(
    state: ReplayState, play: Play, number: int, seen: set[str], played: dict[str, tuple[str, int]]
) -> LoggedPlay | None:
    """One play that is not the common case: None when a fault leaves it out of the trick
    (an unseated name, a player who passed or played twice, a card off the deck); a card
    already played stands but is not judged."""
    name, card = play.player.name, play.card
    if not play.player.seated:
        state.flag(
            L_PLAYER,
            not_seated(name, state.seats),
            play.player.line,
            play.player.column,
            player=name,
            trick=number,
            card=card.card,
            evidence="seated: " + ", ".join(state.seats) + "; the card is left out of the trick",
        )
        return None
    if name in state.passed:
        state.flag_card(
            L_PASSED,
            f"{name} passed but played {pretty(card.card)}",
            card,
            player=name,
            trick=number,
            evidence=f"{name} folded this hand; the card is left out of trick {number}",
        )
        return None
    if name in seen:
        state.flag_card(
            L_TRICK,
            f"{name} played twice in trick {number}",
            card,
            player=name,
            trick=number,
            evidence="each player plays one card to a trick; this one is left out",
        )
        return None
    for c in (card, play.retracted):
        if c is not None and c.card not in BOURRE_DECK:
            flag_off_deck(state, c, name, number)
    if card.card not in BOURRE_DECK:
        return None
    seen.add(name)
    judged = True
    if card.card in played:
        who, when = played[card.card]
        state.flag_card(
            L_CARD,
            f"{pretty(card.card)} was already played",
            card,
            player=name,
            trick=number,
            evidence=f"{who} played {pretty(card.card)} in trick {when}",
        )
        judged = False
    else:
        played[card.card] = (name, number)
    retracted = play.retracted if play.retracted and play.retracted.card in BOURRE_DECK else None
    return LoggedPlay(number, name, card, retracted, judged)


def _check_order(
    state: ReplayState, plays: list[LoggedPlay], leader: str | None, number: int
) -> None:
    """L-TURN for a wrong leader (``leader`` None: not judged) and for the first card
    played out of clockwise order."""
    if not plays:
        return
    first = plays[0]
    if first.player == leader or leader is None:
        base = state.active.index(first.player)
        rotation = state.active[base:] + state.active[:base]
        if len(plays) == len(rotation) and all(
            p.player == r for p, r in zip(plays, rotation, strict=True)
        ):
            return  # the right leader and clockwise order: the common case
    if leader is not None and first.player != leader:
        why = (
            f"{leader} is the first player in the hand to the dealer's left"
            if number == 1
            else f"{leader} won trick {number - 1}"
        )
        state.flag_card(
            L_TURN,
            f"{first.player} led trick {number}; {leader} should have led",
            first.card,
            player=first.player,
            trick=number,
            evidence=why,
        )
    # Clockwise from the actual leader, leaving out players missing from the trick (a
    # missing card is L-TRICK, not a turn fault); the first card that differs is reported.
    present = {p.player for p in plays}
    base = state.active.index(first.player)
    rotation = state.active[base:] + state.active[:base]
    expected = [p for p in rotation if p in present]
    for play, due in zip(plays, expected, strict=True):
        if play.player != due:
            state.flag_card(
                L_TURN,
                f"{play.player} played out of turn in trick {number}",
                play.card,
                player=play.player,
                trick=number,
                evidence=f"it was {due}'s turn: play goes clockwise from the leader "
                "among the players in the hand",
            )
            return


def _check_size(
    state: ReplayState, line: TrickLine, plays: list[LoggedPlay], number: int, written: int
) -> None:
    """L-TRICK for a trick with too few or too many cards (``written``: the cards the line
    gives players in the hand)."""
    if written == len(state.active) or len(plays) == len(state.active):
        return  # the right number of cards (a bad one among them is reported on its own)
    missing = [p for p in state.active if p not in {x.player for x in plays}]
    detail = ("missing: " + ", ".join(missing)) if missing else ""
    state.flag(
        L_TRICK,
        f"trick {number} has {len(plays)} cards, not {len(state.active)}",
        line.line,
        line.column,
        trick=number,
        evidence=f"{len(state.active)} players are in the hand" + (f"; {detail}" if detail else ""),
    )


def _s(n: int) -> str:
    """The plural ending for ``n``."""
    return "" if n == 1 else "s"


def _numbers(word: str, numbers: list[int]) -> str:
    """``trick 3``, ``tricks 3, 4``."""
    if len(numbers) == 1:
        return f"{word} {numbers[0]}"
    return f"{word}s " + ", ".join(map(str, numbers))
