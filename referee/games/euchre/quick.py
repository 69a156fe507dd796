"""The quick lane: a Bid Euchre hand's tricks replayed in one pass when the log shows them
clean.

Most hands of a log break no rule, and the full replay (:class:`~referee.games.euchre.replay.
TrickReplay`) spends its time getting ready to explain a fault: it lays every trick out,
checks its number, its size and its order, then gathers what each player showed and judges
every card. :func:`quick_replay` asks only "may I?", in one pass, through the same checks —
each card against the deck, its copies and the recorded hands (the replay's own
``_held_elsewhere``), each trick's leader and order (the replay's own ``_in_turn``), who
won it (:func:`~referee.games.euchre.rules.trick_winner`) and every card put down against
following suit (:func:`~referee.games.euchre.rules.may_play`) — and gives up (None) at the
first thing the replay would report, or that it does not handle itself (a card taken back,
an unreadable line, a trick missing or numbered out of place, no trump). The replay then
runs in full and finds and explains what is wrong. So the lane never decides a finding: it
answers only for tricks with none, and for those its :class:`Replay` is the replay's
(``tests/test_euchre_quick.py`` compares both on clean, faulty and mutated hands).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.euchre.replay import Replay, Seen, TrickReplay
from referee.games.euchre.rules import card_facts, may_play, trick_winner
from referee.records import TrickLine


def quick_replay(replay: TrickReplay, lines: Sequence[TrickLine]) -> Replay | None:
    """What ``replay.run(lines)`` gives when it would find nothing (and add nothing to its
    findings); None when it might find something: then run the replay in full. Leaves
    ``replay`` as it was."""
    s = replay.s
    trump, leader, tricks = s.trump, s.first_leader, s.expected_tricks
    if trump is None or leader is None or s.unreadable or not tricks or len(lines) != tricks:
        return None
    laid = _laid_out(replay, lines, trump, leader)
    if laid is None:
        return None
    plays, winners, cards = laid
    facts = card_facts(trump)
    suit = facts.suit
    for k, seen in enumerate(plays):
        led = suit[seen[0].card.card]
        for x in seen[1:]:  # (every trick is complete: a hand is its cards from here on)
            if not may_play(x.card.card, cards[x.player][k:], led, facts):
                return None
    return Replay(plays=plays, winners=winners)


def _laid_out(
    replay: TrickReplay, lines: Sequence[TrickLine], trump: str, leader: str
) -> tuple[list[list[Seen]], list[str | None], dict[str, list[str]]] | None:
    """When every trick is numbered in its place, complete, led by the right player and
    played in turn, with every card one the player may hold: the admitted plays of each
    trick, each trick's winner, and each player's cards in the order played. Else None."""
    s = replay.s
    active, deck = s.active, s.deck
    copies, size = deck.copies, len(s.active)
    played: dict[str, int] = {}  # card -> copies played so far
    mine: dict[tuple[str, str], int] = {}  # (player, card) -> times played (two decks)
    cards: dict[str, list[str]] = {p: [] for p in active}
    plays: list[list[Seen]] = []
    winners: list[str | None] = []
    for number, line in enumerate(lines, start=1):
        if (line.number is not None and line.number != number) or len(line.plays) != size:
            return None
        seen: list[Seen] = []
        pairs: list[tuple[str, str]] = []
        for name, card, retracted in line.plays:
            player, c = name.name, card.card
            own = cards.get(player)
            if retracted is not None or not name.seated or own is None or not deck.has(c):
                return None
            before = played.get(c, 0)
            if before >= copies:
                return None  # already played (both copies with two decks)
            times = 1
            if copies > 1:
                times = mine[player, c] = mine.get((player, c), 0) + 1
            if replay._held_elsewhere(player, c, times) is not None:
                return None
            played[c] = before + 1
            own.append(c)
            seen.append(Seen(player, card, None, True, False))
            pairs.append((player, c))
        # (in turn from the leader: each active player once, so the trick is complete)
        if seen[0].player != leader or not replay._in_turn(seen):
            return None
        winner = trick_winner(pairs, trump, deck)
        if winner is None:
            return None
        plays.append(seen)
        winners.append(winner)
        leader = winner
    return plays, winners, cards
