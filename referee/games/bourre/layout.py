"""Laying out a Bourré hand as logged: dealer, trump, decisions, deck, tricks, log faults."""

from __future__ import annotations

from referee.cards import BOURRE_DECK, pretty
from referee.games.bourre.decide import contradicted_pass, early_announcers, turn_order
from referee.games.bourre.facts import HandFacts
from referee.games.bourre.play import trick_winner_index
from referee.games.bourre.rules import (
    BR_ACE_DEALER,
    BR_DECIDE_ORDER,
    BR_DRAW,
)
from referee.games.bourre.state import LoggedPlay, ReplayState
from referee.logrules import (
    L_CARD,
    L_COUNT,
    L_DEALER,
    L_DUPLICATE,
    L_MISSING,
    L_PASSED,
    L_PLAYER,
    L_TRICK,
    L_TURN,
)
from referee.records import CardAt, DecisionLine, NameAt, Play, TrickLine
from referee.sequence import count_may_have_said, duplicate_findings, may_have_said
from referee.suggest import not_seated


class LayoutChecks(ReplayState):
    """Layout checks of a hand's replay (a mixin over :class:`ReplayState`)."""

    def _check_names(self) -> None:
        for name in _names_in(self.facts):
            if not name.seated:
                self.flag(
                    L_PLAYER,
                    not_seated(name.name, self.seats),
                    name.line,
                    name.column,
                    player=name.name,
                    evidence="seated: " + ", ".join(self.seats),
                )

    def _note_unreadable(self) -> None:
        """An unreadable line leaves the hand undecided (and it is reported once, as read)."""
        lines = [u.line for u in self.unreadable]
        if lines:
            which = ", ".join(map(str, lines))
            self.incomplete.append(
                f"line {which} could not be read"
                if len(lines) == 1
                else f"lines {which} could not be read"
            )

    def _may_have_said(self, *kinds: str) -> bool:
        """Whether an unreadable line of the hand may have been one of these statements."""
        return may_have_said(self.unreadable, kinds, self.seats)

    def _check_duplicates(self) -> None:
        for found in duplicate_findings(self.facts.hand):
            self.flag(
                L_DUPLICATE,
                found.message,
                found.line,
                found.column,
                player=found.player,
                evidence=found.evidence,
            )

    def _settle_dealer(self) -> None:
        line = next((d for d in self.facts.dealer_lines if d.player.seated), None)
        if line is None:
            self.dealer = self.expected_dealer
            if self.dealer is None and self.first and not self._may_have_said("dealer"):
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
            self.incomplete.append("no trump line")
            if not self._may_have_said("trump"):  # (else an unreadable line may be it)
                self.flag(
                    L_MISSING,
                    f"hand {hand.number} has no `trump` line",
                    hand.line,
                    hand.column,
                    evidence="without the trump suit only following suit can be judged, and "
                    "the hand is not settled",
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
        presumed: list[str] = []  # no decision line and no card: passed, by the log's rules
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
                presumed.append(seat)
        if presumed and not self.facts.tricks:
            self._check_presumed(presumed)

    def _check_presumed(self, presumed: list[str]) -> None:
        """With no trick in the log, a player with no decision line passed only by
        presumption; a record that has that player take the pot or pay into it says
        otherwise, and the log does not decide who played."""
        recorded = [
            (x.kind, x.player.name if x.player is not None and x.player.seated else None)
            for x in self.facts.settles
        ]
        everyone = not self.active and self.opts.all_pass == "dealer"
        found = contradicted_pass(presumed, recorded, self.dealer if everyone else None)
        if found is not None:
            who, kind = found
            role = {"wins": "taking the pot", "bourre": "paying a bourré"}.get(kind, "paying")
            self.incomplete.append(
                f"{who} has no decision line, and the table recorded {who} as {role}: "
                f"whether {who} played is not in the log"
            )

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
        if opts.decisions == "turn" and dealer is not None:
            self._check_order_of_decisions(dealer)

    def _check_order_of_decisions(self, dealer: str) -> None:
        """BR-DECIDE-ORDER for each player who announced before their turn (after a wrong
        `dealer` line, only one who did so under the rotation's dealer too: the slip may be
        the dealer line)."""
        order = turn_order(self.seats, dealer)
        decisions = self.facts.decisions  # (the first of each player's, in log order)
        early = early_announcers(list(decisions), order)
        expected = self.expected_dealer
        if early and expected is not None and expected != dealer:
            also = early_announcers(list(decisions), turn_order(self.seats, expected))
            early = {p: q for p, q in early.items() if p in also}
        for player, waited in early.items():
            line = decisions[player]
            self.early.append(player)
            self.flag(
                BR_DECIDE_ORDER,
                f"{player} announced before their turn",
                line.line,
                line.column,
                player=player,
                evidence=f"{player} announced before {waited} (line {decisions[waited].line}), "
                f"whose turn came first: players decide from the dealer's left, the dealer "
                f"last ({', '.join(order)})",
            )

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
        self.flag_card(
            L_CARD,
            f"{card.card} is not in the Bourré deck",
            card,
            player=player,
            trick=trick,
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
                    self.flag_card(
                        L_CARD,
                        f"{pretty(c.card)} dealt to {name} and to {owner[c.card]}"
                        if owner[c.card] != name
                        else f"{pretty(c.card)} dealt twice to {name}",
                        c,
                        player=name,
                        evidence="a card cannot be in two hands at once",
                    )
                else:
                    owner.setdefault(c.card, name)
        if self.upcard and self.dealer:
            holder = owner.get(self.upcard.card)
            if holder is not None and holder != self.dealer:
                self.flag_card(
                    L_CARD,
                    f"the upcard {pretty(self.upcard.card)} was dealt to {holder}",
                    self.upcard,
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
        lines = self.facts.tricks
        # Trick lines the log may have left out (missing, or among the unreadable lines):
        # a trick numbered past its place then comes after them, and no leader is judged
        # where a trick before it may be missing.
        lost = max(0, expected - len(lines)) + count_may_have_said(
            self.unreadable, ("trick",), self.seats
        )
        for line in lines:
            number = len(self.plays) + 1
            if number > expected:
                self._extra_trick(line, expected)
                continue
            stated = line.number
            if stated is not None and number < stated <= expected and stated - number <= lost:
                for missing in range(number, stated):  # tricks the log does not show
                    self.plays.append([])
                    self.winners.append(None)
                    self.unsure.add(missing)
                lost -= stated - number
                number = stated
            elif stated is not None and stated != number:
                self.flag(
                    L_TRICK,
                    f"trick {stated} is trick {number} of the hand",
                    line.line,
                    line.number_column or line.column,
                    trick=number,
                    evidence=f"{number - 1} trick(s) came before it in this hand",
                )
            plays = self._admit_plays(line, number, played)
            unknown_lead = (number - 1 in self.unsure) or (lost > 0 and stated is None)
            self._check_order(plays, None if unknown_lead else leader, number)
            written = sum(1 for p in line.plays if p.player.name not in self.passed)
            self._check_size(line, plays, number, written)
            cards = [p.card.card for p in plays]
            idx = trick_winner_index(cards, self.trump)
            winner = plays[idx].player if idx is not None else None
            if len(plays) < len(self.active) or (
                self.trump is None and any(c[-1] != cards[0][-1] for c in cards)
            ):
                self.unsure.add(number)  # a card missing, or one that may have been trump
            self.plays.append(plays)
            self.winners.append(winner)
            leader = winner
        self._count_tricks(expected)

    def _count_tricks(self, expected: int) -> None:
        """L-COUNT for a hand with tricks missing (unless an unreadable line may hold one),
        and the hand's missing tricks and cards in words."""
        shown = [k for k, plays in enumerate(self.plays, start=1) if plays]
        if len(shown) < expected:
            hand = self.facts.hand
            gaps = [k for k in range(1, expected + 1) if k not in shown]
            numbered = all(line.number is not None for line in self.facts.tricks)
            missing = _numbers("trick", gaps) if numbered and self.facts.tricks else ""
            self.incomplete.append(
                f"{len(shown)} of {expected} tricks logged"
                + (f" ({missing} missing)" if missing else "")
            )
            if not self._may_have_said("trick"):
                anchor = self.facts.tricks[-1] if self.facts.tricks else hand
                self.flag(
                    L_COUNT,
                    f"hand {hand.number} has {len(shown)} trick{_s(len(shown))}, not {expected}"
                    + (
                        f": {missing} {'is' if len(gaps) == 1 else 'are'} missing"
                        if missing
                        else ""
                    ),
                    anchor.line,
                    anchor.column,
                    evidence=f"{len(self.active)} players played, so {expected} tricks are "
                    "played; the hand is not settled",
                )
        for number, plays in enumerate(self.plays, start=1):
            if plays and len(plays) < len(self.active):
                have = {p.player for p in plays}
                lacking = [p for p in self.active if p not in have]
                self.incomplete.append(f"trick {number} lacks a card from {', '.join(lacking)}")

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
                not_seated(name, self.seats),
                play.player.line,
                play.player.column,
                player=name,
                trick=number,
                card=card.card,
                evidence="seated: " + ", ".join(self.seats) + "; the card is left out of the trick",
            )
            return None
        if name in self.passed:
            self.flag_card(
                L_PASSED,
                f"{name} passed but played {pretty(card.card)}",
                card,
                player=name,
                trick=number,
                evidence=f"{name} folded this hand; the card is left out of trick {number}",
            )
            return None
        if name in seen:
            self.flag_card(
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
                self._off_deck(c, name, number)
        if card.card not in BOURRE_DECK:
            return None
        seen.add(name)
        judged = True
        if card.card in played:
            who, when = played[card.card]
            self.flag_card(
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
            self.flag_card(
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
        base = self.active.index(first.player)
        rotation = self.active[base:] + self.active[:base]
        expected = [p for p in rotation if p in present]
        for play, due in zip(plays, expected, strict=True):
            if play.player != due:
                self.flag_card(
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


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _numbers(word: str, numbers: list[int]) -> str:
    """``trick 3``, ``tricks 3, 4``."""
    if len(numbers) == 1:
        return f"{word} {numbers[0]}"
    return f"{word}s " + ", ".join(map(str, numbers))


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
