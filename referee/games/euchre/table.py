"""The table (seats, partners, team keys) and the findings collector of one hand."""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.logchecks import Fault, unseated
from referee.records import CardAt, Event, columns
from referee.report import Violation
from referee.rule import Rule


class Table:
    """Seats in clockwise order; seats 1+3 and 2+4 are partners.

    A team's key is its two names joined by ``+`` in seat order (``ann+cy``). With a number
    of players other than four (a log the parser should have refused) teams go by seat
    parity and nobody has a partner, so the engine still runs without crashing.
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self._seat = {p: i for i, p in enumerate(self.players)}
        self.teams: tuple[str, ...] = tuple(
            "+".join(self.players[k::2]) for k in range(min(2, len(self.players)))
        )
        #: team key -> the other team's (one team: itself)
        self._other = {t: next((o for o in self.teams if o != t), t) for t in self.teams}
        #: player -> every player in clockwise order from them
        self._clockwise = {
            p: tuple(self.left_of(p, k) for k in range(len(self.players))) for p in self.players
        }

    def seated(self, name: str) -> bool:
        """True for a name on the ``players`` line (as declared)."""
        return name in self._seat

    def left_of(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` seats to the left (clockwise) of ``player``."""
        n = len(self.players)
        return self.players[(self._seat[player] + steps) % n]

    def clockwise_from(self, player: str) -> list[str]:
        """Every player in clockwise order, starting with ``player``."""
        return list(self._clockwise[player])

    def partner(self, player: str) -> str | None:
        """The partner across the table (four players only)."""
        return self.left_of(player, 2) if len(self.players) == 4 else None

    def team(self, player: str) -> str:
        """The key of the player's team (``ann+cy``)."""
        return self.teams[self._seat[player] % 2]

    def other_team(self, team: str) -> str:
        """The key of the other team."""
        return self._other[team]

    def team_of_names(self, first: str, second: str) -> str | None:
        """The team key for two names in either order, or None when they are not partners."""
        if not (self.seated(first) and self.seated(second)) or first == second:
            return None
        same = self._seat[first] % 2 == self._seat[second] % 2
        return self.team(first) if same and len(self.players) == 4 else None


class Findings:
    """The violations found in one hand, in the order found."""

    def __init__(self, seats: Sequence[str] = ()) -> None:
        self.items: list[Violation] = []
        self.seats = tuple(seats)  # for the hint of a name not seated

    def add(
        self,
        rule: Rule,
        line: int,
        column: int,
        message: str,
        *,
        player: str | None = None,
        trick: int | None = None,
        card: str | None = None,
        evidence: str = "",
        corrected: bool = False,
    ) -> Violation:
        """Record one violation under ``rule`` (its ID stamped here) and return it."""
        found = Violation(
            rule=rule.id,
            player=player,
            trick=trick,
            card=card,
            line=line,
            column=column,
            message=message,
            evidence=evidence,
            corrected=corrected,
        )
        self.items.append(found)
        return found

    def add_at(
        self,
        rule: Rule,
        at: CardAt,
        message: str,
        *,
        player: str | None = None,
        trick: int | None = None,
        evidence: str = "",
        corrected: bool = False,
    ) -> Violation:
        """:meth:`add` a finding about the card ``at``, at its position in the log."""
        return self.add(
            rule,
            at.line,
            at.column,
            message,
            player=player,
            trick=trick,
            card=at.card,
            evidence=evidence,
            corrected=corrected,
        )

    def add_fault(
        self,
        fault: Fault,
        at: CardAt,
        *,
        player: str | None,
        trick: int | None = None,
        corrected: bool = False,
    ) -> Violation:
        """:meth:`add_at` a fault the shared checks found (:mod:`~referee.games.logchecks`)."""
        return self.add_at(
            fault.rule,
            at,
            fault.message,
            player=player,
            trick=trick,
            evidence=fault.evidence,
            corrected=corrected,
        )

    def withdraw(self, rule: Rule, at: CardAt) -> None:
        """Take back the finding of ``rule`` on the card ``at``, if any: one found before
        the log showed it rests on a card it does not decide."""
        rule_id = rule.id
        for i, v in enumerate(self.items):
            if v.rule == rule_id and (v.line, v.column) == (at.line, at.column):
                del self.items[i]
                return

    def unseated(
        self,
        name: str,
        event: Event,
        item: int,
        where: str,
        trick: int | None = None,
        card: str | None = None,
    ) -> None:
        """L-PLAYER for a name that is not on the ``players`` line, item ``item`` of the
        statement ``event`` (``where``: the statement in words; ``card``: the card it
        played, in a trick; see :func:`~referee.games.logchecks.unseated`)."""
        fault = unseated(name, self.seats, where)
        self.add(
            fault.rule,
            event.line,
            columns(event)[item],
            fault.message,
            player=name,
            trick=trick,
            card=card,
            evidence=fault.evidence,
        )

    def sorted(self) -> list[Violation]:
        """The violations in log order (line, then column), stable."""
        if len(self.items) < 2:
            return list(self.items)  # (the usual hand: nothing to order)
        return sorted(self.items, key=lambda v: (v.line, v.column))
