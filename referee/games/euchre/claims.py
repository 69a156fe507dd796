"""Rulings on ``claim NAME renege NAME [trick N]`` lines.

A claim is upheld when the accused made an illegal play (a BE-FOLLOW finding, taken back
or not) in the trick named, or in any trick of the hand when none is named; otherwise it
is rejected. The reason says why in plain words either way, and where the log does not
show the whole hand's play (a trick or a card missing, a line that could not be read) it
says what the log shows and no more: not that the accused played nothing, or legally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from referee.cards import SUIT_SINGULAR, pretty, suit_word
from referee.games.euchre.deck import SINGLE, Deck
from referee.games.euchre.rules import effective_suit, in_deck, left_bower
from referee.games.euchre.table import Findings
from referee.records import ClaimLine
from referee.report import ClaimRuling, TrickRecord, Violation


def rule_on_claims(
    claims: Sequence[ClaimLine],
    follows: Sequence[Violation],
    tricks: Sequence[TrickRecord],
    trump: str | None,
    findings: Findings,
    deck: Deck = SINGLE,
    gaps: Sequence[str] = (),
    disputes: Disputes | None = None,
) -> list[ClaimRuling]:
    """One ruling per claim line, in log order. ``gaps``: what the log leaves out of the
    hand's play, in words (empty: it shows every play); ``disputes``: the cards the log
    shows played by two players (None: none)."""
    rulings = []
    for claim in claims:
        for name, item in ((claim.by, 1), (claim.against, 3)):
            if name not in findings.seats:
                findings.unseated(name, claim, item, "a claim", trick=claim.trick)
        upheld = [
            v
            for v in follows
            if v.player == claim.against and (claim.trick is None or v.trick == claim.trick)
        ]
        if upheld:
            v = upheld[0]
            state = ", taken back before the trick was complete" if v.corrected else ""
            ruling, reason = "upheld", f"renege in trick {v.trick}{state}: {v.evidence}"
        else:
            gap = "; ".join(gaps)
            why = _why_not(claim, tricks, trump, deck, findings.seats, gap, disputes)
            ruling, reason = "rejected", why
        rulings.append(
            ClaimRuling(
                by=claim.by,
                against=claim.against,
                trick=claim.trick,
                ruling=ruling,
                reason=reason,
                line=claim.line,
                column=claim.column,
            )
        )
    return rulings


class Disputes:
    """The cards the log shows played by two players or more (one entry of each is a slip,
    and the log does not say which): ``cards``, each with who played it, and
    ``doubtful_leads``, the tricks led by such a card's entry that stands (the suit led is
    not known there: their plays are not judged)."""

    __slots__ = ("cards", "doubtful_leads")

    def __init__(self, cards: Mapping[str, Sequence[str]], doubtful_leads: Set[int]) -> None:
        self.cards = cards
        self.doubtful_leads = doubtful_leads

    def lead_note(self, accused: str, card: str, trick: TrickRecord) -> str | None:
        """What ``accused`` did in ``trick``, in words, when its lead is in doubt."""
        if trick.number not in self.doubtful_leads or not trick.plays:
            return None
        leader, lead = trick.plays[0]
        others = " and by ".join(p for p in self.cards.get(lead, ()) if p != leader)
        where = f"played by {others}" if others else "played in another trick"
        return (
            f"{accused} played {pretty(card)} in trick {trick.number} after {leader}'s "
            f"{pretty(lead)}, which the log also shows {where}: the suit led is not known"
        )

    def doubt(self, accused: str, chosen: Sequence[TrickRecord]) -> str | None:
        """Why no play of ``accused`` in the tricks ``chosen`` is proven legal, in words, or
        None: such a card was theirs in one reading (the clause), or led a trick they
        followed ("")."""
        mine = [c for c, players in self.cards.items() if accused in players]
        if mine:
            cards = ", ".join(pretty(c) for c in mine)
            return (
                f"the log shows {cards} played by {accused} and by another player, and does "
                "not say whose it was"
            )
        followed = any(
            t.number in self.doubtful_leads and t.leader != accused and accused in dict(t.plays)
            for t in chosen
        )
        return "" if followed else None


def _why_not(
    claim: ClaimLine,
    tricks: Sequence[TrickRecord],
    trump: str | None,
    deck: Deck,
    seats: Sequence[str],
    gap: str = "",
    disputes: Disputes | None = None,
) -> str:
    """Why a claim is rejected (``gap``: what the log leaves out of the play, "" for
    nothing)."""
    accused = claim.against
    if accused not in seats:
        return f"{accused} is not seated at this table"
    if not tricks and not gap:
        return "no card was played in this hand"
    if trump is None:
        return "the trump suit is unknown, so following suit could not be judged"
    if claim.trick is not None and not 1 <= claim.trick <= (deck.tricks if gap else len(tricks)):
        return f"the hand has no trick {claim.trick}"
    chosen = [t for t in tricks if claim.trick is None or t.number == claim.trick]
    notes = [n for t in chosen if (n := _play_note(accused, t, trump, tricks, deck, disputes))]
    where = f"trick {claim.trick}" if claim.trick is not None else "this hand"
    if gap and not notes:
        return f"the log shows no card of {accused}'s in {where} ({gap})"
    if not notes:
        return f"{accused} played no card in {where}"
    rest = f"; the log does not show the whole hand ({gap}), so not every play is judged"
    doubt = disputes.doubt(accused, chosen) if disputes is not None else None
    if doubt is not None:  # (a play may be a renege in one reading of such a card)
        also = f"; {doubt}" if doubt else ""
        return (
            f"no illegal play by {accused} is proven in {where}: "
            + "; ".join(notes)
            + also
            + (rest if gap else "")
        )
    if gap:
        return (
            f"no illegal play by {accused} that the log shows in {where}: "
            + "; ".join(notes)
            + rest
        )
    return f"no illegal play by {accused} in {where}: " + "; ".join(notes)


def _play_note(
    accused: str,
    trick: TrickRecord,
    trump: str | None,
    tricks: Sequence[TrickRecord],
    deck: Deck,
    disputes: Disputes | None = None,
) -> str | None:
    """What the accused did in one trick, in words (None when they did not play)."""
    card = next((c for p, c in trick.plays if p == accused), None)
    if card is None:
        return None
    n = trick.number
    if trick.leader == accused:
        return f"{accused} led {pretty(card)} to trick {n}"
    if disputes is not None and (note := disputes.lead_note(accused, card, trick)):
        return note
    led = trick.lead_suit
    if led is None or trump is None or not in_deck(card, deck):
        return None
    if effective_suit(card, trump) == led:
        return f"{accused} followed {suit_word(led)} with {pretty(card)} in trick {n}"
    note = (
        f"{accused} played {pretty(card)} in trick {n} and the log shows no "
        f"{SUIT_SINGULAR.get(led, led)} in {accused}'s hand then"
    )
    bower = left_bower(trump)
    if led != trump and bower[1] == led and _plays_card(accused, bower, tricks):
        note += f" ({pretty(bower)} is a {SUIT_SINGULAR[trump]}: {suit_word(trump)} are trump)"
    return note


def _plays_card(player: str, card: str, tricks: Sequence[TrickRecord]) -> bool:
    return any(p == player and c == card for t in tricks for p, c in t.plays)
