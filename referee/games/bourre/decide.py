"""Bourré decisions, the "may I?" side: the order players announce pass or play in.

Under ``decisions: turn`` players announce in turn from the dealer's left, the dealer last,
and a log's decision lines are the announcements in the order they were made. A player
whose line comes before the line of a player due earlier (both written) announced early
(``BR-DECIDE-ORDER``). Pure functions over names; the replay reports, and settlement
charges ``early_penalty``.
"""

from __future__ import annotations

from collections.abc import Sequence


def turn_order(seats: tuple[str, ...], dealer: str) -> list[str]:
    """The players in the order they decide: from the dealer's left, the dealer last.
    (``seats`` a tuple, as the table's are: compiled, its slices are the tuple's own.)"""
    i = seats.index(dealer)
    return [*seats[i + 1 :], *seats[: i + 1]]


def contradicted_pass(
    presumed: Sequence[str],
    recorded: Sequence[tuple[str, str | None]],
    dealer_takes: str | None,
) -> tuple[str, str] | None:
    """A player presumed to have passed (no decision line, and no trick in the hand to show
    who played) whom the record has take the pot or pay into it: ``(player, kind)``, or
    None. ``recorded`` is the record's ``(kind, player)`` items; ``dealer_takes`` the dealer
    when everyone passed and ``all_pass: dealer`` gives them the pot (their `wins` line is
    then no contradiction)."""
    for kind, who in recorded:
        if who is None or who not in presumed:
            continue
        if kind in ("bourre", "renege") or (kind == "wins" and who != dealer_takes):
            return who, kind
    return None
