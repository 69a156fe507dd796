"""Settle-up: the fewest transfers that bring every balance to zero.

A balance is what a party is owed (positive: they won that much) or owes (negative). The
fewest transfers that settle ``n`` parties with non-zero balances are ``n - g``, where ``g``
is the largest number of groups the parties can be split into with each group's balances
summing to zero: a group of ``k`` settles with ``k - 1`` transfers (never fewer, unless it
splits into smaller zero-sum groups), and any settlement's transfers, as a graph, fall into
such groups. Finding ``g`` is NP-hard in general; for the handful of players a card table
has, :func:`settle_up` searches every subset exactly (:func:`_zero_sum_groups`, a dynamic
programme over the ``2**n`` subsets). Above :data:`EXACT_LIMIT` parties it settles greedily
(equal and opposite balances first, then the largest debtor pays the largest creditor), at
most ``n - 1`` transfers but not proven the fewest, and says so (``fewest`` False).

Money is exact Decimal throughout, added in :data:`referee.amounts.MONEY` (which never
rounds). Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext

from referee.amounts import MONEY

#: Up to this many parties with a non-zero balance are settled by the exact search (it
#: takes some 2**n * n / 2 steps: a few milliseconds for 12 parties, some 35 ms for 14).
EXACT_LIMIT = 14

_ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (always above zero)."""

    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class SettleUp:
    """The transfers that settle every balance, and whether they are proven the fewest
    (``fewest``: the exact search; False: the greedy fallback above :data:`EXACT_LIMIT`)."""

    transfers: tuple[Transfer, ...]
    fewest: bool
    parties: int  # parties with a non-zero balance


def settle_up(balances: Mapping[str, Decimal], *, exact_limit: int = EXACT_LIMIT) -> SettleUp:
    """The fewest transfers that bring every balance to zero (see the module's docstring).

    ``balances`` must sum to exactly zero (else ValueError). The result is deterministic:
    parties are taken in the mapping's order, within a group the largest debtor pays the
    largest creditor first, and the transfers are listed largest first (then in the
    parties' order).
    """
    with localcontext(MONEY):  # exact, or an error (see referee.amounts)
        return _settle_up(balances, exact_limit)


def _settle_up(balances: Mapping[str, Decimal], exact_limit: int) -> SettleUp:
    total = sum(balances.values(), _ZERO)
    if total != 0:
        raise ValueError(f"balances must sum to zero, not {total}")
    names = [name for name, amount in balances.items() if amount != 0]
    amounts = [balances[name] for name in names]
    if len(names) > exact_limit:
        return SettleUp(_in_order(_greedy(names, amounts), names), False, len(names))
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(amounts):
        transfers += _settle_group([names[i] for i in group], [amounts[i] for i in group])
    return SettleUp(_in_order(transfers, names), True, len(names))


def _in_order(transfers: list[Transfer], names: list[str]) -> tuple[Transfer, ...]:
    """Transfers as they are listed: the largest first, then in the parties' order."""
    seat = {name: i for i, name in enumerate(names)}
    return tuple(sorted(transfers, key=lambda t: (-t.amount, seat[t.payer], seat[t.payee])))


def fewest_transfers(amounts: Sequence[Decimal]) -> int:
    """The fewest transfers that settle these balances (which sum to zero), by the exact
    search: the non-zero count less the most zero-sum groups."""
    nonzero = [a for a in amounts if a != 0]
    with localcontext(MONEY):
        return len(nonzero) - len(_zero_sum_groups(nonzero))


def _zero_sum_groups(amounts: Sequence[Decimal]) -> list[list[int]]:
    """The indexes of ``amounts`` (non-zero, summing to zero) split into the largest number
    of groups that each sum to zero.

    ``best[mask]`` is the most zero-sum groups that an ordering of the subset ``mask`` can
    be cut into, counted as the prefixes of the ordering that sum to zero: taking one element
    ``i`` off a subset, ``best[mask] = max(best[mask - i]) + (sum(mask) == 0)``. Walking the
    choices back from the whole set gives the ordering; its zero-sum prefixes are the groups.
    """
    n = len(amounts)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [_ZERO] * (full + 1)
    best = [0] * (full + 1)
    took = [0] * (full + 1)  # the element taken off last for best[mask]
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
        top, pick, rest = -1, 0, mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], bit
        best[mask] = top + (sums[mask] == 0)
        took[mask] = pick
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        bit = took[mask]
        current.append(bit.bit_length() - 1)
        mask ^= bit
    groups.append(current)
    groups.reverse()
    return [sorted(group) for group in groups]


def _settle_group(names: list[str], amounts: list[Decimal]) -> list[Transfer]:
    """Settle a group that sums to zero: the largest debtor pays the largest creditor, as
    much as one of them needs, until all are settled (at most ``len(names) - 1`` transfers,
    as each one settles a party and the last settles two)."""
    owed = {i: amount for i, amount in enumerate(amounts) if amount > 0}
    owes = {i: -amount for i, amount in enumerate(amounts) if amount < 0}
    transfers: list[Transfer] = []
    while owed and owes:
        creditor = max(owed, key=lambda i: (owed[i], -i))
        debtor = max(owes, key=lambda i: (owes[i], -i))
        amount = min(owed[creditor], owes[debtor])
        transfers.append(Transfer(names[debtor], names[creditor], amount))
        owed[creditor] -= amount
        owes[debtor] -= amount
        if not owed[creditor]:
            del owed[creditor]
        if not owes[debtor]:
            del owes[debtor]
    return transfers


def _greedy(names: list[str], amounts: list[Decimal]) -> list[Transfer]:
    """Too many parties to search: settle equal and opposite balances pairwise, then the
    rest largest debtor to largest creditor (at most ``n - 1`` transfers)."""
    transfers: list[Transfer] = []
    left = dict(enumerate(amounts))
    for i in range(len(amounts)):
        if left.get(i, _ZERO) >= 0:
            continue
        match = next((j for j, a in left.items() if a == -left[i]), None)
        if match is not None:
            transfers.append(Transfer(names[i], names[match], left[match]))
            del left[i], left[match]
    rest = sorted(left)
    transfers += _settle_group([names[i] for i in rest], [left[i] for i in rest])
    return transfers
