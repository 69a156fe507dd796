"""Replay one Bourré hand: apply every logged event, then ask the rules about each play.

The replay never judges while applying. It first lays out the hand (dealer, trump, who
played, the tricks as logged, log faults), then reconstructs each player's hand at every
play from the tricks (every active player plays all their cards, so the tricks reveal the
hand after the draw), then judges each play against :mod:`referee.bourre.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.bourre.cinch import CinchView, cinch_duty, cinch_view
from referee.bourre.facts import HandFacts
from referee.bourre.play import follower_duty, is_legal, trick_winner_index
from referee.bourre.rules import (
    BR_ACE_DEALER,
    BR_DRAW,
    RENEGE_RULES,
    PlayContext,
    first_breach,
)
from referee.cards import BOURRE_DECK, pretty, suit_word
from referee.logrules import (
    L_CARD,
    L_COUNT,
    L_DEALER,
    L_MISSING,
    L_NOT_HELD,
    L_PASSED,
    L_PLAYER,
    L_TRICK,
    L_TURN,
)
from referee.options import BourreOptions
from referee.records import CardAt, ClaimLine, DecisionLine, NameAt, Play, TrickLine
from referee.report import ClaimRuling, TrickRecord, Violation
from referee.rulebook import Rule


@dataclass(slots=True)
class LoggedPlay:
    """A play that stands in a trick, after log faults were set aside."""

    trick: int
    player: str
    card: CardAt
    retracted: CardAt | None
    judged: bool = True  # False for a card already played (nothing to judge)


@dataclass(slots=True)
class HandOutcome:
    """What the replay established about one hand, for settlement and the report."""

    dealer: str | None
    trump: str | None
    upcard: str | None
    active: list[str]
    tricks_won: dict[str, int]
    tricks_played: int
    violations: list[Violation] = field(default_factory=list)
    claims: list[ClaimRuling] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    took_back: list[str] = field(default_factory=list)  # took back an illegal card

    @property
    def reneges(self) -> list[Violation]:
        """Illegal plays (corrected or not), in log order."""
        return [v for v in self.violations if v.rule in RENEGE_RULES]


class HandReplay:
    """One hand's replay. Build it, call :meth:`run` once."""

    def __init__(
        self,
        facts: HandFacts,
        seats: tuple[str, ...],
        opts: BourreOptions,
        expected_dealer: str | None,
    ) -> None:
        self.facts = facts
        self.seats = seats
        self.opts = opts
        self.expected_dealer = expected_dealer
        self.violations: list[Violation] = []
        self._flagged: set[tuple[int, int, bool]] = set()
        self.dealer: str | None = None
        self.trump: str | None = None
        self.upcard: CardAt | None = None
        self.active: list[str] = []
        self.passed: set[str] = set()
        self.plays: list[list[LoggedPlay]] = []  # per trick, in order
        self.winners: list[str | None] = []
        self._by_player: dict[str, list[LoggedPlay]] = {}
        self._contested: set[str] = set()  # cards dealt to two players: neither is convicted

    # ------------------------------------------------------------------ reporting

    def flag(
        self,
        rule: Rule,
        message: str,
        line: int,
        column: int,
        *,
        player: str | None = None,
        trick: int | None = None,
        card: str | None = None,
        evidence: str = "",
        corrected: bool = False,
    ) -> None:
        """Record a violation: at most one log fault and one illegal play per position."""
        key = (line, column, rule.id in RENEGE_RULES)
        if key in self._flagged:
            return
        self._flagged.add(key)
        self.violations.append(
            Violation(rule.id, player, trick, card, line, column, message, evidence, corrected)
        )

    # ------------------------------------------------------------------ the run

    def run(self) -> HandOutcome:
        """Lay out the hand, check the log, judge every play and claim."""
        self._check_names()
        self._settle_dealer()
        self._settle_trump()
        self._settle_decisions()
        self._check_decisions()
        self._check_deck()
        self._lay_out_tricks()
        self._cross_check_hands()
        self._judge_plays()
        won = {p: 0 for p in self.active}
        for winner in self.winners:
            if winner in won:
                won[winner] += 1
        outcome = HandOutcome(
            dealer=self.dealer,
            trump=self.trump,
            upcard=self.upcard.card if self.upcard else None,
            active=list(self.active),
            tricks_won=won,
            tricks_played=len(self.plays),
            tricks=self._trick_records(),
        )
        outcome.violations = sorted(self.violations, key=lambda v: (v.line, v.column))
        outcome.claims = [self._rule_on_claim(c, outcome.reneges) for c in self.facts.claims]
        outcome.took_back = [v.player for v in outcome.reneges if v.corrected and v.player]
        return outcome

    # ------------------------------------------------------------------ layout

    def _check_names(self) -> None:
        for name in _names_in(self.facts):
            if not name.seated:
                self.flag(
                    L_PLAYER,
                    f"{name.name} is not seated at this table",
                    name.line,
                    name.column,
                    player=name.name,
                    evidence="seated: " + ", ".join(self.seats),
                )

    def _settle_dealer(self) -> None:
        line = next((d for d in self.facts.dealer_lines if d.player.seated), None)
        if line is None:
            self.dealer = self.expected_dealer
            if self.dealer is None:
                hand = self.facts.hand
                self.flag(
                    L_MISSING,
                    f"hand {hand.number} names no dealer",
                    hand.line,
                    hand.column,
                    evidence="the first hand of a log must have a `dealer` line; without it the "
                    "referee cannot tell who leads",
                )
            return
        self.dealer = line.player.name
        expected = self.expected_dealer
        if expected is not None and expected != self.dealer:
            self.flag(
                L_DEALER,
                f"{self.dealer} dealt, but it was {expected}'s deal",
                line.player.line,
                line.player.column,
                player=self.dealer,
                evidence="the deal passes to the left after every hand"
                + (" (a player who took back an illegal card skips one turn)"),
            )

    def _settle_trump(self) -> None:
        lines = self.facts.trump_lines
        if not lines:
            hand = self.facts.hand
            self.flag(
                L_MISSING,
                f"hand {hand.number} has no `trump` line",
                hand.line,
                hand.column,
                evidence="without the trump suit only following suit can be judged",
            )
            return
        first = lines[0]
        self.trump = first.suit
        if first.card is not None:
            if first.card.card in BOURRE_DECK:
                self.upcard = first.card
            else:
                self._off_deck(first.card, None, None)

    def _settle_decisions(self) -> None:
        decisions = self.facts.decisions
        in_tricks = {p.player.name for t in self.facts.tricks for p in t.plays if p.player.seated}
        for seat in self.seats:
            decision = decisions.get(seat)
            if decision is not None:
                if decision.action == "play":
                    self.active.append(seat)
                else:
                    self.passed.add(seat)
            elif seat in in_tricks:
                self.active.append(seat)
            else:
                self.passed.add(seat)

    def _check_decisions(self) -> None:
        opts, dealer, up = self.opts, self.dealer, self.upcard
        if opts.dealer_plays_ace and dealer and up and up.card[0] == "A" and dealer in self.passed:
            where = self.facts.decisions.get(dealer) or self.facts.trump_lines[0]
            self.flag(
                BR_ACE_DEALER,
                f"{dealer} passed with an ace upcard",
                where.line,
                where.column,
                player=dealer,
                card=up.card,
                evidence=f"the upcard was {pretty(up.card)}; with dealer_plays_ace the dealer "
                "must play",
            )
        for decision in self.facts.decisions.values():
            self._check_draw(decision)

    def _check_draw(self, d: DecisionLine) -> None:
        if d.action != "play":
            return
        count = d.discard_count or 0
        name = d.player.name
        if count > self.opts.hand_size:
            self.flag(
                BR_DRAW,
                f"{name} discarded {count} cards",
                d.line,
                d.column,
                player=name,
                evidence=f"a player may discard at most {self.opts.hand_size} cards",
            )
        elif d.discards is not None and d.draws is not None and len(d.draws) != len(d.discards):
            self.flag(
                BR_DRAW,
                f"{name} discarded {len(d.discards)} and drew {len(d.draws)}",
                d.line,
                d.column,
                player=name,
                evidence="a player draws exactly as many cards as they discard",
            )

    def _off_deck(self, card: CardAt, player: str | None, trick: int | None) -> None:
        self.flag(
            L_CARD,
            f"{card.card} is not in the Bourré deck",
            card.line,
            card.column,
            player=player,
            trick=trick,
            card=card.card,
            evidence="Bourré uses the 52-card deck, A high, 2 low",
        )

    def _check_deck(self) -> None:
        owner: dict[str, str] = {}
        size = self.opts.hand_size
        for name, deal in self.facts.deals.items():
            if len(deal.cards) != size:
                self.flag(
                    L_COUNT,
                    f"{name} was dealt {len(deal.cards)} cards",
                    deal.line,
                    deal.column,
                    player=name,
                    evidence=f"each player is dealt {size} cards",
                )
            for c in deal.cards:
                if c.card not in BOURRE_DECK:
                    self._off_deck(c, name, None)
                elif c.card in owner:
                    self._contested.add(c.card)
                    self.flag(
                        L_CARD,
                        f"{pretty(c.card)} dealt to {name} and to {owner[c.card]}"
                        if owner[c.card] != name
                        else f"{pretty(c.card)} dealt twice to {name}",
                        c.line,
                        c.column,
                        player=name,
                        card=c.card,
                        evidence="a card cannot be in two hands at once",
                    )
                else:
                    owner.setdefault(c.card, name)
        if self.upcard and self.dealer:
            holder = owner.get(self.upcard.card)
            if holder is not None and holder != self.dealer:
                self.flag(
                    L_CARD,
                    f"the upcard {pretty(self.upcard.card)} was dealt to {holder}",
                    self.upcard.line,
                    self.upcard.column,
                    card=self.upcard.card,
                    evidence=f"the upcard is the dealer's ({self.dealer}'s) fifth card",
                )
        for d in self.facts.decisions.values():
            for c in (d.discards or ()) + (d.draws or ()):
                if c.card not in BOURRE_DECK:
                    self._off_deck(c, d.player.name, None)

    # ------------------------------------------------------------------ tricks

    def _first_leader(self) -> str | None:
        if self.dealer is None or not self.active:
            return None
        start = self.seats.index(self.dealer)
        for step in range(1, len(self.seats) + 1):
            seat = self.seats[(start + step) % len(self.seats)]
            if seat in self.active:
                return seat
        return None

    def _expected_tricks(self) -> int:
        return self.opts.hand_size if len(self.active) >= 2 else 0

    def _lay_out_tricks(self) -> None:
        expected = self._expected_tricks()
        played: dict[str, tuple[str, int]] = {}
        leader = self._first_leader()
        for line in self.facts.tricks:
            number = len(self.plays) + 1
            if number > expected:
                self._extra_trick(line, expected)
                continue
            if line.number is not None and line.number != number:
                self.flag(
                    L_TRICK,
                    f"trick {line.number} is trick {number} of the hand",
                    line.line,
                    line.number_column or line.column,
                    trick=number,
                    evidence=f"{number - 1} trick(s) came before it in this hand",
                )
            plays = self._admit_plays(line, number, played)
            self._check_order(plays, leader, number)
            written = sum(1 for p in line.plays if p.player.name not in self.passed)
            self._check_size(line, plays, number, written)
            cards = [p.card.card for p in plays]
            idx = trick_winner_index(cards, self.trump)
            winner = plays[idx].player if idx is not None else None
            self.plays.append(plays)
            self.winners.append(winner)
            leader = winner
        if len(self.plays) < expected:
            hand = self.facts.hand
            anchor = self.facts.tricks[-1] if self.facts.tricks else hand
            self.flag(
                L_COUNT,
                f"hand {hand.number} has {len(self.plays)} tricks, not {expected}",
                anchor.line,
                anchor.column,
                evidence=f"{len(self.active)} players played, so {expected} tricks are played",
            )

    def _extra_trick(self, line: TrickLine, expected: int) -> None:
        if expected == 0:
            why = (
                "nobody played this hand"
                if not self.active
                else f"only {self.active[0]} played, and takes the pot without play"
            )
        else:
            why = f"a hand has {expected} tricks"
        self.flag(
            L_COUNT,
            f"an extra trick in hand {self.facts.hand.number}",
            line.line,
            line.column,
            evidence=why + "; this trick is not judged",
        )

    def _admit_plays(
        self, line: TrickLine, number: int, played: dict[str, tuple[str, int]]
    ) -> list[LoggedPlay]:
        admitted: list[LoggedPlay] = []
        seen: set[str] = set()
        passed = self.passed
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
            admitted_play = self._admit(play, number, seen, played)
            if admitted_play is not None:
                admitted.append(admitted_play)
        return admitted

    def _admit(
        self, play: Play, number: int, seen: set[str], played: dict[str, tuple[str, int]]
    ) -> LoggedPlay | None:
        name, card = play.player.name, play.card
        if not play.player.seated:
            self.flag(
                L_PLAYER,
                f"{name} is not seated at this table",
                play.player.line,
                play.player.column,
                player=name,
                trick=number,
                card=card.card,
                evidence="seated: " + ", ".join(self.seats) + "; the card is left out of the trick",
            )
            return None
        if name in self.passed:
            self.flag(
                L_PASSED,
                f"{name} passed but played {pretty(card.card)}",
                card.line,
                card.column,
                player=name,
                trick=number,
                card=card.card,
                evidence=f"{name} folded this hand; the card is left out of trick {number}",
            )
            return None
        if name in seen:
            self.flag(
                L_TRICK,
                f"{name} played twice in trick {number}",
                card.line,
                card.column,
                player=name,
                trick=number,
                card=card.card,
                evidence="each player plays one card to a trick; this one is left out",
            )
            return None
        for c in (card, play.retracted):
            if c is not None and c.card not in BOURRE_DECK:
                self._off_deck(c, name, number)
        if card.card not in BOURRE_DECK:
            return None
        seen.add(name)
        judged = True
        if card.card in played:
            who, when = played[card.card]
            self.flag(
                L_CARD,
                f"{pretty(card.card)} was already played",
                card.line,
                card.column,
                player=name,
                trick=number,
                card=card.card,
                evidence=f"{who} played {pretty(card.card)} in trick {when}",
            )
            judged = False
        else:
            played[card.card] = (name, number)
        retracted = (
            play.retracted if play.retracted and play.retracted.card in BOURRE_DECK else None
        )
        return LoggedPlay(number, name, card, retracted, judged)

    def _check_order(self, plays: list[LoggedPlay], leader: str | None, number: int) -> None:
        if not plays:
            return
        first = plays[0]
        if first.player == leader or leader is None:
            base = self.active.index(first.player)
            rotation = self.active[base:] + self.active[:base]
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
            self.flag(
                L_TURN,
                f"{first.player} led trick {number}; {leader} should have led",
                first.card.line,
                first.card.column,
                player=first.player,
                trick=number,
                card=first.card.card,
                evidence=why,
            )
        # Clockwise from the actual leader, leaving out players missing from the trick (a
        # missing card is L-TRICK, not a turn fault); the first card that differs is reported.
        present = {p.player for p in plays}
        base = self.active.index(first.player)
        rotation = self.active[base:] + self.active[:base]
        expected = [p for p in rotation if p in present]
        for play, due in zip(plays, expected, strict=True):
            if play.player != due:
                self.flag(
                    L_TURN,
                    f"{play.player} played out of turn in trick {number}",
                    play.card.line,
                    play.card.column,
                    player=play.player,
                    trick=number,
                    card=play.card.card,
                    evidence=f"it was {due}'s turn: play goes clockwise from the leader "
                    "among the players in the hand",
                )
                return

    def _check_size(
        self, line: TrickLine, plays: list[LoggedPlay], number: int, written: int
    ) -> None:
        if written == len(self.active) or len(plays) == len(self.active):
            return  # the right number of cards (a bad one among them is reported on its own)
        missing = [p for p in self.active if p not in {x.player for x in plays}]
        detail = ("missing: " + ", ".join(missing)) if missing else ""
        self.flag(
            L_TRICK,
            f"trick {number} has {len(plays)} cards, not {len(self.active)}",
            line.line,
            line.column,
            trick=number,
            evidence=f"{len(self.active)} players are in the hand"
            + (f"; {detail}" if detail else ""),
        )

    # ------------------------------------------------------------------ hands

    def _plays_of(self, player: str) -> list[LoggedPlay]:
        """The player's standing plays in the hand, in order (computed once)."""
        cached = self._by_player.get(player)
        if cached is None:
            cached = [p for trick in self.plays for p in trick if p.player == player and p.judged]
            self._by_player[player] = cached
        return cached

    def _cross_check_hands(self) -> None:
        """Check the tricks against what the deal, discards and draws recorded."""
        ran_out = self._stock_ran_out()
        elsewhere = self._cards_out_of_play(ran_out)
        for player in self.active:
            plays = self._plays_of(player)
            for play in plays:
                source = elsewhere.get(play.card.card)
                if source is not None and source[0] != player:
                    self._flag_held_elsewhere(play, source[1])
            self._check_against_record(player, plays)

    def _stock_ran_out(self) -> bool:
        """Whether the draws may have emptied the stock (then discards come back into play).

        A player's draw count is what their decision line says, or, with no count written,
        the cards they played that their logged deal did not hold. When neither is known
        the stock may have run out, and the referee gives the benefit of the doubt.
        """
        stock = 52 - self.opts.hand_size * len(self.seats)
        drawn = 0
        for player in self.active:
            decision = self.facts.decisions.get(player)
            if decision is not None and decision.discard_count is not None:
                drawn += decision.discard_count
                continue
            deal = self.facts.deals.get(player)
            if deal is None:
                return True
            dealt = {c.card for c in deal.cards}
            drawn += sum(1 for x in self._plays_of(player) if x.card.card not in dealt)
        return drawn > stock

    def _cards_out_of_play(self, ran_out: bool) -> dict[str, tuple[str, str]]:
        """Cards the log places with one player (kept, or out of play): card -> (who, why)."""
        where: dict[str, tuple[str, str]] = {}
        for name, deal in self.facts.deals.items():
            decision = self.facts.decisions.get(name)
            thrown = {c.card for c in (decision.discards or ())} if decision else set()
            for c in deal.cards:
                if name in self.passed:
                    if not ran_out:
                        where[c.card] = (name, f"{name} was dealt it and folded")
                elif c.card in thrown:
                    if not ran_out:
                        where[c.card] = (name, f"{name} discarded it and the stock did not run out")
                elif decision is not None and decision.discard_count == 0:
                    where[c.card] = (name, f"{name} was dealt it and kept all cards")
        for name, decision in self.facts.decisions.items():
            if name in self.active and not ran_out:
                for c in decision.discards or ():
                    where.setdefault(c.card, (name, f"{name} discarded it"))
        for card in self._contested:  # which deal line is wrong is unknown
            where.pop(card, None)
        return where

    def _flag_held_elsewhere(self, play: LoggedPlay, why: str) -> None:
        card = play.card
        self.flag(
            L_CARD,
            f"{pretty(card.card)} cannot be {play.player}'s",
            card.line,
            card.column,
            player=play.player,
            trick=play.trick,
            card=card.card,
            evidence=why,
        )

    def _check_against_record(self, player: str, plays: list[LoggedPlay]) -> None:
        deal = self.facts.deals.get(player)
        decision = self.facts.decisions.get(player)
        if decision is None:
            return
        thrown = decision.discards
        if thrown is None and decision.discard_count == 0:
            thrown = ()  # a plain `play` keeps every card
        dealt = {c.card for c in deal.cards} if deal else None
        if dealt is not None and player == self.dealer and self.upcard is not None:
            dealt.add(self.upcard.card)
        if dealt is not None and thrown is not None:
            for c in thrown:
                if c.card not in dealt:
                    self.flag(
                        L_NOT_HELD,
                        f"{player} discarded {pretty(c.card)}, not in their deal",
                        c.line,
                        c.column,
                        player=player,
                        card=c.card,
                        evidence=f"{player}'s deal did not hold it",
                    )
        if thrown is not None:
            self._check_known_exchange(player, plays, dealt, thrown, decision)
        elif dealt is not None and decision.discard_count is not None:
            self._check_counted_exchange(player, plays, dealt, decision.discard_count)

    def _check_known_exchange(
        self,
        player: str,
        plays: list[LoggedPlay],
        dealt: set[str] | None,
        thrown: tuple[CardAt, ...],
        decision: DecisionLine,
    ) -> None:
        out = {c.card for c in thrown}
        drawn = {c.card for c in decision.draws} if decision.draws is not None else None
        if not out:
            drawn = set()
        for play in plays:
            c = play.card.card
            if c in out and (drawn is None or c not in drawn):
                why = f"{player} discarded it (line {decision.line})"
            elif dealt is not None and drawn is not None and c not in (dealt - out) | drawn:
                why = f"{player} was not dealt it and did not draw it"
            else:
                continue
            self.flag(
                L_NOT_HELD,
                f"{player} played {pretty(c)}, not in their hand",
                play.card.line,
                play.card.column,
                player=player,
                trick=play.trick,
                card=c,
                evidence=why,
            )

    def _check_counted_exchange(
        self, player: str, plays: list[LoggedPlay], dealt: set[str], count: int
    ) -> None:
        from_deal = [p for p in plays if p.card.card in dealt]
        drawn = [p for p in plays if p.card.card not in dealt]
        keep = self.opts.hand_size - count
        for excess, limit, why in (
            (from_deal[keep:] if keep >= 0 else [], keep, "kept"),
            (drawn[count:], count, "drew"),
        ):
            for play in excess[:1]:
                self.flag(
                    L_NOT_HELD,
                    f"{player} played {pretty(play.card.card)}, not in their hand",
                    play.card.line,
                    play.card.column,
                    player=player,
                    trick=play.trick,
                    card=play.card.card,
                    evidence=f"{player} exchanged {count} cards, so {why} only {limit}",
                )

    # ------------------------------------------------------------------ judging

    def _dead_upcard(self) -> str | None:
        up, dealer = self.upcard, self.dealer
        if up is None or dealer is None:
            return None
        if dealer not in self.active:
            return up.card
        decision = self.facts.decisions.get(dealer)
        thrown = decision.discards if decision is not None else None
        if thrown is not None and up.card in {c.card for c in thrown}:
            return up.card
        if all(p.card.card != up.card for p in self._plays_of(dealer)):
            return up.card
        return None

    def _own_discards(self, player: str, shown: set[str]) -> set[str]:
        decision = self.facts.decisions.get(player)
        if decision is not None and decision.discards is not None:
            return {c.card for c in decision.discards}
        deal = self.facts.deals.get(player)
        if deal is not None:
            return {c.card for c in deal.cards} - shown
        return set()

    def _judge_plays(self) -> None:
        trump, opts = self.trump, self.opts
        dead_up = self._dead_upcard()
        # What the tricks reveal of each hand; it shrinks as the cards are played.
        holding = {p: {x.card.card for x in self._plays_of(p)} for p in self.active}
        discards = {p: self._own_discards(p, holding[p]) for p in self.active}
        if dead_up:
            for dead in discards.values():
                dead.add(dead_up)
        trumps_left = {p: sum(1 for c in holding[p] if c[-1] == trump) for p in self.active}
        won = {p: 0 for p in self.active}
        earlier: set[str] = set()
        for number, plays in enumerate(self.plays, start=1):
            complete = len(plays) == len(self.active) and _in_order(plays, self.active)
            views: dict[str, CinchView] = {}
            if trump is not None and self.opts.cinch and complete:
                for p in self.active:
                    if won[p] + trumps_left[p] < 3:
                        continue  # three sure tricks are out of reach: no cinch
                    seen = cinch_view(won[p], holding[p], earlier | discards[p], trump)
                    if seen.is_cinch:
                        views[p] = seen
            table: list[str] = []
            for i, play in enumerate(plays):
                card = play.card.card
                if play.judged:
                    hand = holding[play.player]
                    view = views.get(play.player)
                    # the fast "may I?": most plays are legal and need no explanation
                    if view or play.retracted or not is_legal(card, hand, table, trump, opts):
                        is_last = complete and i == len(plays) - 1
                        self._judge(play, hand, tuple(table), view, is_last)
                table.append(card)
            earlier.update(table)
            for play in plays:
                if play.judged:
                    holding[play.player].discard(play.card.card)
                    if play.card.card[-1] == trump:
                        trumps_left[play.player] -= 1
            winner = self.winners[number - 1]
            if winner in won:
                won[winner] += 1

    def _shown_cards(self, player: str) -> dict[str, str]:
        where: dict[str, str] = {}
        for play in self._plays_of(player):
            where[play.card.card] = f"played in trick {play.trick}"
        return where

    def _judge(
        self,
        play: LoggedPlay,
        hand: set[str],
        table: tuple[str, ...],
        cinch: CinchView | None,
        is_last: bool,
    ) -> None:
        """Judge one play (and the card taken back, if any) held against ``hand``."""
        cards = (
            frozenset(hand) if play.retracted is None else frozenset(hand) | {play.retracted.card}
        )
        duty = follower_duty(cards, table, self.trump, self.opts)
        duty_c = None
        if cinch is not None and self.trump is not None:
            unseen_now = cinch.unseen - set(table)
            duty_c = cinch_duty(cards, table, self.trump, duty.allowed, unseen_now, is_last)
        for card, corrected in ((play.retracted, True), (play.card, False)):
            if card is None:
                continue
            ctx = PlayContext(
                play.player,
                card.card,
                cards,
                table,
                self.trump,
                play.trick,
                duty,
                cinch,
                duty_c,
                self._shown_cards(play.player),
            )
            breach = first_breach(ctx)
            if breach is None:
                continue
            rule, evidence = breach
            verb = "put down and took back" if corrected else "played"
            self.flag(
                rule,
                f"{play.player} {verb} {pretty(card.card)}: {rule.summary}",
                card.line,
                card.column,
                player=play.player,
                trick=play.trick,
                card=card.card,
                evidence=evidence,
                corrected=corrected,
            )

    # ------------------------------------------------------------------ claims, records

    def _rule_on_claim(self, claim: ClaimLine, reneges: list[Violation]) -> ClaimRuling:
        accused = claim.against.name
        found = [
            v
            for v in reneges
            if v.player == accused and (claim.trick is None or v.trick == claim.trick)
        ]
        where = f"trick {claim.trick}" if claim.trick is not None else "this hand"
        if found:
            v = found[0]
            state = " (taken back)" if v.corrected else ""
            reason = f"{v.rule} in trick {v.trick}{state}: {v.evidence}"
            ruling = "upheld"
        else:
            ruling = "rejected"
            mine = [
                p
                for t in self.plays
                for p in t
                if p.player == accused and (claim.trick is None or p.trick == claim.trick)
            ]
            if not mine:
                reason = f"{accused} played no card in {where}"
            else:
                shown = ", ".join(f"{pretty(p.card.card)} (trick {p.trick})" for p in mine)
                reason = f"every card {accused} played in {where} was legal: {shown}"
        return ClaimRuling(
            claim.by.name, accused, claim.trick, ruling, reason, claim.line, claim.column
        )

    def _trick_records(self) -> list[TrickRecord]:
        records = []
        for number, (plays, winner) in enumerate(
            zip(self.plays, self.winners, strict=True), start=1
        ):
            records.append(
                TrickRecord(
                    number,
                    plays[0].player if plays else None,
                    tuple((p.player, p.card.card) for p in plays),
                    winner,
                    plays[0].card.card[-1] if plays else None,
                )
            )
        return records


def _in_order(plays: list[LoggedPlay], active: list[str]) -> bool:
    """Whether the plays go clockwise from the leader among the active players."""
    if not plays:
        return False
    base = active.index(plays[0].player)
    positions = [(active.index(p.player) - base) % len(active) for p in plays]
    return positions == sorted(set(positions))


def _names_in(facts: HandFacts) -> list[NameAt]:
    names: list[NameAt] = []
    for d in facts.dealer_lines:
        names.append(d.player)
    for deal in (*facts.deals.values(), *facts.extra_deals):
        names.append(deal.player)
    for c in facts.claims:
        names.extend((c.by, c.against))
    for a in facts.antes:
        names.extend(a.players)
    for s in facts.settles:
        if s.player is not None:
            names.append(s.player)
    for event in facts.hand.events:
        if isinstance(event, DecisionLine):
            names.append(event.player)
    return names


def suit_name(suit: str | None) -> str:
    """Plural suit word, or "?" when unknown."""
    return suit_word(suit) if suit else "?"
