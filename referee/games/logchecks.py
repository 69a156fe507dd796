"""The log faults both games check alike (L-PLAYER, L-TURN, L-TRICK, L-CARD, L-NOT-HELD,
L-COUNT), each written once.

Pure functions on plain values (players, cards as strings, trick numbers): each says whether
the log is at fault and, if so, in what words (:class:`Fault`). Each game's replay asks them
where its tricks and deals are laid out and records the answer its own way, at the card or
line that shows it, so a slip gets the same rule, player, trick, card and message in both
games. What differs by game (the deck, who leads trick 1 and why) comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple

from referee.cards import SUITS, pretty, suit_word
from referee.logrules import L_CARD, L_COUNT, L_NOT_HELD, L_PLAYER, L_TRICK, L_TURN
from referee.records import TrickLine
from referee.rule import Rule
from referee.suggest import not_seated

#: Why a card was played out of turn (the evidence of every such L-TURN).
CLOCKWISE = "play goes clockwise from the leader among the players in the hand"


# (a named tuple, not a frozen dataclass: made at import, ~0.4 ms cheaper to define)
class Fault(NamedTuple):
    """One log fault, in words: the rule broken, the message and the evidence."""

    rule: Rule
    message: str
    evidence: str


def unseated(name: str, seats: Sequence[str], where: str) -> Fault:
    """L-PLAYER for a name not on the ``players`` line (``where``: the statement it is in,
    in words: ``trick 2``, ``a deal line``); the message says which seated name it may be."""
    evidence = f"{name} appears in {where} but is not on the players line ({', '.join(seats)})"
    return Fault(L_PLAYER, not_seated(name, seats), evidence)


def turn_faults(
    players: Sequence[str], in_hand: Sequence[str], leader: str | None, why: str, trick: int
) -> list[tuple[int, Fault]]:
    """L-TURN in a trick whose cards ``players`` played, in the order logged: a wrong leader
    (``leader`` None: not judged; ``why``: why ``leader`` leads) and the first card played
    when it was another player's turn, each with its place in ``players``.

    Play goes clockwise (``in_hand``: the players in the hand, in seat order) from the
    player who did lead, among the players in the trick: a missing card is L-TRICK, not a
    turn fault. Only the first card out of turn is reported: the cards after it are out of
    place only because of it (one slip, one finding).
    """
    faults: list[tuple[int, Fault]] = []
    if not players:
        return faults
    first = players[0]
    if leader is not None and first != leader:
        message = f"{first} led trick {trick}; {leader} should have led"
        faults.append((0, Fault(L_TURN, message, why)))
    late = first_out_of_turn(players, in_hand)
    if late is not None:
        at, due = late
        message = f"{players[at]} played out of turn in trick {trick}: it was {due}'s turn"
        faults.append((at, Fault(L_TURN, message, CLOCKWISE)))
    return faults


def early_announcers(written: list[str], order: list[str]) -> dict[str, str]:
    """The players who announced before their turn, each with the first player due before
    them whose line comes later: ``{early: waited_for}``, in the order written.

    ``written`` is the players whose decision (Bourré) or bid (Bid Euchre) lines the log
    has, in log order (one each); ``order`` the turn order. Players not in ``order`` are
    ignored. (Lists, not sequences: compiled, a loop over a list is the list's own, where a
    sequence's goes through the iterator protocol; this is asked of every hand.)
    """
    if _in_turn(written, order):
        return {}  # (the usual case, checked in one pass, with no table of places made)
    place = {p: i for i, p in enumerate(order)}
    line = [p for p in written if p in place]
    early: dict[str, str] = {}
    for i, player in enumerate(line):
        later = [q for q in line[i + 1 :] if place[q] < place[player]]
        if later:
            early[player] = min(later, key=place.__getitem__)
    return early


def early_at_first_and_last(
    lines: Sequence[str], order: list[str]
) -> tuple[dict[str, str], dict[str, str]]:
    """The players who announced before their turn (see :func:`early_announcers`), read
    once with each player's first line and once with their last: ``lines`` names the player
    of every decision (Bourré) or bid (Bid Euchre) line, in log order. A player with two
    lines or more announced at one of them, and the log does not say which (one is a
    slip)."""
    first = list(dict.fromkeys(lines))
    last = list(reversed(dict.fromkeys(reversed(lines))))
    return early_announcers(first, order), early_announcers(last, order)


def _in_turn(written: list[str], order: list[str]) -> bool:
    """Whether ``written`` (one line each) comes in turn: each player in ``order``, later
    in it than the one written before (one walk of both). Then no later line is of a player
    due earlier, and nobody announced early. False also for a name not in ``order`` (then
    the full count, which ignores it, decides)."""
    at, count = 0, len(order)
    for player in written:
        while at < count and order[at] != player:
            at += 1
        if at == count:
            return False
        at += 1
    return True


def first_out_of_turn(players: Sequence[str], in_hand: Sequence[str]) -> tuple[int, str] | None:
    """The place in ``players`` of the first card played out of clockwise order from the
    trick's leader (``players[0]``), and whose turn it was; None when each card came in turn
    (see :func:`turn_faults`)."""
    present = set(players)
    base = in_hand.index(players[0])
    rotation = [p for p in (*in_hand[base:], *in_hand[:base]) if p in present]
    for at, (player, due) in enumerate(zip(players, rotation, strict=True)):
        if player != due:
            return at, due
    return None


def misnumbered(stated: int, trick: int) -> Fault:
    """L-TRICK for a ``trick N`` line whose number is not its place in the hand."""
    return Fault(
        L_TRICK,
        f"trick {stated} is trick {trick} of the hand",
        f"{trick - 1} trick(s) came before it in this hand",
    )


def twice_in_trick(player: str, trick: int) -> Fault:
    """L-TRICK for a player's second card in one trick (it is left out of the trick)."""
    return Fault(
        L_TRICK,
        f"{player} played twice in trick {trick}",
        "each player plays one card to a trick; this one is left out",
    )


def left_out_for_a_slip(
    players: Sequence[str], admitted: int, sits_out: Callable[[str], bool], in_hand: int
) -> bool:
    """Whether a play of a trick line (its ``players``, of whom ``admitted`` stand in the
    trick) was left out for a slip of its own (a name not seated, a card not in the deck, a
    player twice in the trick), or is the card of a player who ``sits_out`` (passed, or out
    of the hand) in a trick short of the ``in_hand`` players in the hand (a name written
    for another's): the order of the cards left is then not judged (the left-out play held
    a place in it, perhaps the lead; L-TURN there would be a second finding for the one
    slip)."""
    if admitted == len(players):
        return False
    if admitted < in_hand:
        return True
    return len(players) - admitted > sum(1 for p in players if sits_out(p))


def wrong_size(
    trick: int, present: Collection[str], in_hand: Sequence[str], written: int
) -> Fault | None:
    """L-TRICK for a trick with too few cards: ``present``, the players whose cards stand
    in it, against ``in_hand``, the players in the hand. ``written``: the cards the line
    gives (to a name not seated, a player out of the hand, a player a second time, a card
    off the deck included): a trick written with the right number of cards is never also
    wrong in size, as each card left out of it is reported on its own (the simplest reading
    of a player out of the hand in a trick a player in it is missing from is a name written
    for another's: one finding); the message counts the cards written."""
    if written == len(in_hand) or len(present) == len(in_hand):
        return None
    missing = [p for p in in_hand if p not in present]
    return Fault(
        L_TRICK,
        f"trick {trick} has {written} card{'' if written == 1 else 's'}, not {len(in_hand)}",
        f"{len(in_hand)} players are in the hand"
        + (f"; missing: {', '.join(missing)}" if missing else ""),
    )


def extra_trick(why: str) -> Fault:
    """L-COUNT for a trick past the hand's last (``why``: how many tricks the hand has)."""
    return Fault(L_COUNT, "a trick too many", why + "; this trick is not judged")


def tricks_short(shown: Sequence[int], expected: int, numbered: bool) -> tuple[str, str]:
    """A hand with fewer tricks logged than it has (``shown``: the numbers of the tricks
    the log gives; ``numbered``: whether every trick line gives its number, so that the
    missing ones are known): why the hand is incomplete, in words, and the message of its
    L-COUNT (whose evidence, why the hand has ``expected`` tricks, is the game's)."""
    gaps = [k for k in range(1, expected + 1) if k not in shown]
    missing = ("trick " if len(gaps) == 1 else "tricks ") + ", ".join(map(str, gaps))
    verb = "is" if len(gaps) == 1 else "are"
    count = f"{len(shown)} trick{'' if len(shown) == 1 else 's'}"
    if not numbered:
        return f"{len(shown)} of {expected} tricks logged", f"the hand has {count}, not {expected}"
    return (
        f"{len(shown)} of {expected} tricks logged ({missing} missing)",
        f"the hand has {count}, not {expected}: {missing} {verb} missing",
    )


def lacking(trick: int, have: Collection[str], in_hand: Sequence[str]) -> str:
    """A trick short of a card (``have``: who played to it), in words: why the hand is
    incomplete."""
    return f"trick {trick} lacks a card from {', '.join(p for p in in_hand if p not in have)}"


def winners_unknown(card: str, entries: Sequence[tuple[str, int]]) -> str:
    """Why the tricks holding a card written as played by two players, or twice by one
    (``entries``: who, and in which trick), have no known winner, in words: one entry is a
    slip, and the log does not say which, so what was played there is not known."""
    tricks = sorted({number for _, number in entries})
    by: dict[str, list[int]] = {}
    for who, number in entries:
        by.setdefault(who, []).append(number)
    if len(by) == 1:
        (who,) = by
        return (
            f"who won {_tricks_words(tricks)} is not known: the log shows {pretty(card)} "
            f"played by {who} in both, and does not say in which"
        )
    shown = " and by ".join(f"{who} ({_tricks_words(numbers)})" for who, numbers in by.items())
    return (
        f"who won {_tricks_words(tricks)} is not known: the log shows {pretty(card)} played "
        f"by {shown}, and does not say whose it was"
    )


def _tricks_words(numbers: Sequence[int]) -> str:
    """``trick 3``, ``tricks 1 and 3``, ``tricks 1, 2 and 3``."""
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    return "tricks " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def off_deck(card: str, game: str, deck: str) -> Fault:
    """L-CARD for a card not in ``game``'s deck (``deck``: that deck, in words)."""
    return Fault(L_CARD, f"{card} is not in the {game} deck", deck)


def already_played(card: str, before: Sequence[tuple[str, int]], copies: int = 1) -> Fault:
    """L-CARD for a card played once more than the deck has copies of it (``before``: who
    played it already, and in which trick)."""
    if copies == 1:
        who, trick = before[0]
        return Fault(
            L_CARD,
            f"{pretty(card)} was already played",
            f"{who} played {pretty(card)} in trick {trick}",
        )
    plays = " and ".join(f"{who} in trick {trick}" for who, trick in before)
    return Fault(
        L_CARD,
        f"{pretty(card)} was already played: both copies",
        f"the double deck has two {pretty(card)}, played by {plays}",
    )


def dealt_again(card: str, player: str, held: Mapping[str, int], copies: int = 1) -> Fault:
    """L-CARD for a card dealt to ``player`` when the deal lines before gave every copy of
    it away (``held``: who was dealt it, how many times)."""
    if copies == 1:
        who = next(iter(held))
        message = (
            f"{pretty(card)} dealt to {player} and to {who}"
            if who != player
            else f"{pretty(card)} dealt twice to {player}"
        )
        return Fault(L_CARD, message, "a card cannot be in two hands at once")
    counts = dict(held)
    counts[player] = counts.get(player, 0) + 1
    times = {1: "once", 2: "twice"}
    listed = ", ".join(f"{who} {times.get(n, f'{n} times')}" for who, n in counts.items() if n)
    return Fault(
        L_CARD,
        f"{pretty(card)} dealt a third time ({listed})",
        "the double deck has two of each card",
    )


def held_elsewhere(card: str, player: str, why: str) -> Fault:
    """L-CARD for a card played that the log places with someone else (``why``: where)."""
    return Fault(L_CARD, f"{pretty(card)} cannot be {player}'s", why)


def not_in_hand(player: str, card: str, why: str, *, again: bool = False) -> Fault:
    """L-NOT-HELD for a card played that the player's recorded hand did not hold (``again``:
    a second copy, with two decks, when the hand held one)."""
    what = f"a second {pretty(card)}" if again else pretty(card)
    return Fault(L_NOT_HELD, f"{player} played {what}, not in their hand", why)


#: The winner of a trick line with a suit trump (None: the line says nothing of who won it).
Winner = Callable[[TrickLine, str], str | None]


class TrumpDoubt(NamedTuple):
    """A `trump` line the tricks' leads contradict (see :func:`trump_against_leads`): the
    place of the first trick line whose lead shows it, the player who won the line before
    with the stated trump, the suits with which every lead follows the winner, and the
    places of every line whose lead the stated trump does not explain."""

    place: int
    winner: str
    others: list[str]
    wrong: list[int]


def trump_against_leads(
    lines: Sequence[TrickLine], trump: str, winner: Winner
) -> TrumpDoubt | None:
    """Whether the leads of a hand's trick lines (in consecutive tricks) contradict its
    trump: each trick is led by the winner of the one before, and with ``trump`` a lead is
    not, where with another suit every lead is. One slip in the `trump` line is the simplest
    reading (a wrong trump makes every trick a trump decided look misplayed), though the lead
    may be the slip instead: either way the trump is in doubt."""
    wrong = _leads_not_won(lines, trump, winner)
    if not wrong:
        return None
    others = [s for s in SUITS if s != trump and not _leads_not_won(lines, s, winner)]
    if not others:
        return None
    first = wrong[0]
    won = winner(lines[first - 1], trump)
    return TrumpDoubt(first, won or "", others, wrong)


def _leads_not_won(lines: Sequence[TrickLine], trump: str, winner: Winner) -> list[int]:
    """The places in ``lines`` of the trick lines, after the first, not led by the winner of
    the line before with ``trump`` trump (lines of consecutive tricks whose winner is
    known)."""
    wrong: list[int] = []
    for k in range(1, len(lines)):
        before, line = lines[k - 1], lines[k]
        numbered = before.number is not None and line.number is not None
        if numbered and line.number != (before.number or 0) + 1:
            continue  # (a trick may be missing between them)
        won = winner(before, trump)
        if won is not None and line.players and line.players[0] != won:
            wrong.append(k)
    return wrong


def lead_against_trump(leader: str, number: int, trump: str, doubt: TrumpDoubt) -> Fault:
    """L-TURN on the lead that shows a `trump` line the leads contradict."""
    return Fault(
        L_TURN,
        f"{leader} led trick {number}; {doubt.winner} should have led",
        f"with {suit_word(trump)} trump, as the hand says, {doubt.winner} won the trick before; "
        f"every lead follows the winner of the trick before with "
        f"{' or '.join(suit_word(s) for s in doubt.others)} trump: the trump may be the slip, "
        "so it is in doubt (what turns on it is not judged, and the hand is not settled)",
    )
