"""The auction: one round of bids, judged for order (BE-BID-ORDER), height (BE-BID-LOW)
and the stuck dealer (BE-STUCK).

Bid lines may be left out of a log: a player with no bid line is taken to have passed
without it being written. Order is judged only among the players whose bids are written:
a bid is out of turn when a player earlier in the order bids after it (or bid before).
"""

from __future__ import annotations

from collections.abc import Sequence

import referee.games.logchecks as logchecks
from referee.games.euchre.options import EuchreOptions
from referee.games.euchre.rules import BE_BID_LOW, BE_BID_ORDER, BE_STUCK
from referee.games.euchre.table import Findings, Table
from referee.records import BidLine, BidValue


def height(bid: BidValue, top: int = 6) -> int:
    """A bid's place on the ladder 3 < ... < ``top`` < ask < moon (``top``: the highest
    numbered bid, 6, or 12 with two decks): a number is itself, ask ``top`` + 1, moon
    ``top`` + 2, pass 0."""
    if bid == "pass":
        return 0
    if bid == "ask":
        return top + 1
    if bid == "moon":
        return top + 2
    return int(bid)


def ladder(top: int = 6) -> str:
    """The ladder in words: ``3 < 4 < 5 < 6 < ask < moon`` (``3 < 4 < ... < 12 < ask <
    moon`` with two decks)."""
    return ("3 < 4 < 5 < 6" if top == 6 else f"3 < 4 < ... < {top}") + " < ask < moon"


def label(bid: BidValue) -> str:
    """The bid as the report writes it: ``"3"``..``"6"`` (``"12"``), ``"ask"``, ``"moon"``."""
    return str(bid)


class Auction:
    """What the bidding decided. (Made for every hand: a plain class, since a compiled
    dataclass's generated ``__init__`` runs as Python.)"""

    __slots__ = ("high", "passes", "stuck", "top", "written")

    def __init__(self, top: int = 6) -> None:
        self.high: BidLine | None = None  # the winning bid
        self.written: list[str] = []  # players with a counted bid line
        self.passes: set[str] = set()  # players whose first bid line is a pass
        self.stuck = False
        self.top = top  # the highest numbered bid (12 with two decks)

    @property
    def bidder(self) -> str | None:
        """The high bidder, or None when nobody bid."""
        return self.high.player if self.high is not None else None

    @property
    def level(self) -> int:
        """The contract's height on the ladder (0 when nobody bid)."""
        return height(self.high.bid, self.top) if self.high is not None else 0


def bidding_order(table: Table, dealer: str | None, options: EuchreOptions) -> list[str] | None:
    """The players in bidding order, or None when the dealer is unknown."""
    if dealer is None:
        return None
    first = dealer if options.first_bidder == "dealer" else table.left_of(dealer)
    return table.clockwise_from(first)


def run_auction(
    bids: Sequence[BidLine],
    table: Table,
    dealer: str | None,
    options: EuchreOptions,
    findings: Findings,
    *,
    order_known: bool = True,
    top: int = 6,
    played: bool = False,
) -> Auction:
    """Replay the bid lines in log order and report each faulty bid once.

    ``order_known`` False (an unreadable line of the hand may be a bid) judges no bid out
    of turn: the bid that was due may be the one that could not be read. ``top`` is the
    highest numbered bid (6, or 12 with two decks). ``played``: the hand shows play (a
    trump line or a trick), so somebody won a bid: a player with no bid line is then not
    taken to have passed before a stuck dealer (their line may be the winning bid).
    """
    auction = Auction(top)
    order = bidding_order(table, dealer, options) if order_known else None
    seated = [b for b in bids if table.seated(b.player)]
    for bid in bids:
        if not table.seated(bid.player):
            findings.unseated(bid.player, bid, 1, "a bid")
    writers: list[str] = []  # (each bidder once, in log order)
    for b in seated:
        if b.player not in writers:
            writers.append(b.player)
    repeated = len(writers) < len(seated)  # (a player with two bid lines: rare)
    in_doubt = _early_at_one_line(seated, order) if order is not None and repeated else set()
    for bid in seated:
        if bid.player in in_doubt and bid.player not in auction.written:
            # (one of the player's lines is a slip, and the log does not say which: the bid
            # stands, but is not judged as theirs)
            auction.written.append(bid.player)
            _maybe_raise(bid, auction, options, findings, report=False)
            continue
        if _out_of_order(bid, auction, order, writers, findings):
            auction.written.append(bid.player)
            _maybe_raise(bid, auction, options, findings, report=False)
            continue
        auction.written.append(bid.player)
        if bid.bid == "pass":
            auction.passes.add(bid.player)
            _check_stuck(bid, auction, table, dealer, order, options, findings, played)
        else:
            _maybe_raise(bid, auction, options, findings, report=True)
    return auction


def _early_at_one_line(bids: Sequence[BidLine], order: list[str]) -> set[str]:
    """The players with two bid lines or more whose first comes before a written earlier
    bidder's turn and whose last does not. One of the lines is the slip (a name written for
    another's), and the log does not say which: their first is not judged out of turn (the
    second is a second bid all the same), nor is it judged low, nor taken for their pass."""
    early_first, early_last = logchecks.early_at_first_and_last([b.player for b in bids], order)
    return {p for p in early_first if p not in early_last}


def _out_of_order(
    bid: BidLine,
    auction: Auction,
    order: list[str] | None,
    writers: list[str],
    findings: Findings,
) -> bool:
    """BE-BID-ORDER: a second bid, or a bid before a written earlier bidder's turn."""
    name = bid.player
    if name in auction.written:
        findings.add(
            BE_BID_ORDER,
            bid.line,
            bid.column,
            f"{name} bid twice",
            player=name,
            evidence=f"there is one round of bidding; {name} had already bid",
        )
        return True
    if order is None:
        return False
    due = None  # the first player in order with a bid line who has not bid yet
    for p in order:
        if p in writers and p not in auction.written:
            due = p
            break
    if due is not None and due != name:
        findings.add(
            BE_BID_ORDER,
            bid.line,
            bid.column,
            f"{name} bid out of turn: it was {due}'s turn",
            player=name,
            evidence=f"bidding goes clockwise from {order[0]}: "
            + ", ".join(order)
            + f"; {due} had not bid yet",
        )
        return True
    return False


def _maybe_raise(
    bid: BidLine, auction: Auction, options: EuchreOptions, findings: Findings, *, report: bool
) -> None:
    """Make ``bid`` the high bid when it is on the ladder and higher; else BE-BID-LOW."""
    if bid.bid == "pass":
        return
    top = auction.top
    name, value = bid.player, height(bid.bid, top)
    if isinstance(bid.bid, int) and not options.min_bid <= bid.bid <= top:
        why = (
            f"the lowest bid is {options.min_bid}"
            if bid.bid < options.min_bid
            else f"numbered bids stop at {top}; above that come ask and moon"
        )
        if report:
            findings.add(
                BE_BID_LOW,
                bid.line,
                bid.column,
                f"{name} bid {bid.bid}: not a bid",
                player=name,
                evidence=why + "; the bid does not count",
            )
        return
    if auction.high is not None and value <= auction.level:
        if report:
            high = auction.high
            findings.add(
                BE_BID_LOW,
                bid.line,
                bid.column,
                f"{name} bid {bid.bid}, not higher than {high.player}'s {high.bid}",
                player=name,
                evidence=f"each bid must be higher than the current high bid ({high.bid} by "
                f"{high.player}) on the ladder {ladder(top)}; the bid does not count",
            )
        return
    auction.high = bid


def _check_stuck(
    bid: BidLine,
    auction: Auction,
    table: Table,
    dealer: str | None,
    order: list[str] | None,
    options: EuchreOptions,
    findings: Findings,
    played: bool = False,
) -> None:
    """BE-STUCK: under stick_the_dealer, the dealer passed after the three others passed.
    A player with no bid line passed, unless the hand was ``played``: then only written
    passes count, since a line left out may be the winning bid."""
    name = bid.player
    if not options.stick_the_dealer or name != dealer or order is None or order[-1] != dealer:
        return
    if auction.high is not None:
        return
    if played and not auction.passes >= set(order[:-1]):
        return
    auction.stuck = True
    findings.add(
        BE_STUCK,
        bid.line,
        bid.column,
        f"{name}, the dealer, passed after three passes",
        player=name,
        evidence="with stick_the_dealer the dealer must bid when the three others pass; "
        "the hand is a redeal",
    )
