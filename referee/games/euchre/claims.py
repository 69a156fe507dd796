"""Rulings on ``claim NAME renege NAME [trick N]`` lines.

A claim is upheld when the accused made an illegal play (a BE-FOLLOW finding, taken back
or not) in the trick named, or in any trick of the hand when none is named; otherwise it
is rejected. The reason says why in plain words either way, and where the log does not
show the whole hand's play (a trick or a card missing, a line that could not be read) it
says what the log shows and no more: not that the accused played nothing, or legally.
"""

from __future__ import annotations

from collections.abc import Sequence

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
) -> list[ClaimRuling]:
    """One ruling per claim line, in log order. ``gaps``: what the log leaves out of the
    hand's play, in words (empty: it shows every play)."""
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
            why = _why_not(claim, tricks, trump, deck, findings.seats, "; ".join(gaps))
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


def _why_not(
    claim: ClaimLine,
    tricks: Sequence[TrickRecord],
    trump: str | None,
    deck: Deck,
    seats: Sequence[str],
    gap: str = "",
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
    notes = [n for t in chosen if (n := _play_note(accused, t, trump, tricks, deck))]
    where = f"trick {claim.trick}" if claim.trick is not None else "this hand"
    if gap and not notes:
        return f"the log shows no card of {accused}'s in {where} ({gap})"
    if gap:
        return (
            f"no illegal play by {accused} that the log shows in {where}: "
            + "; ".join(notes)
            + f"; the log does not show the whole hand ({gap}), so not every play is judged"
        )
    if not notes:
        return f"{accused} played no card in {where}"
    return f"no illegal play by {accused} in {where}: " + "; ".join(notes)


def _play_note(
    accused: str,
    trick: TrickRecord,
    trump: str | None,
    tricks: Sequence[TrickRecord],
    deck: Deck,
) -> str | None:
    """What the accused did in one trick, in words (None when they did not play)."""
    card = next((c for p, c in trick.plays if p == accused), None)
    if card is None:
        return None
    n = trick.number
    if trick.leader == accused:
        return f"{accused} led {pretty(card)} to trick {n}"
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
