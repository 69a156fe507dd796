"""What to do about a finding: for each rule ID, how to fix the log or settle the hand.

A finding is either a fault of the play (a renege, a bid out of turn: the log is right and
the table must settle it as the referee says), of the record (a payment or a score written
wrong: write the referee's figure), or of the log itself (an ``L-`` ID: the log says
something that cannot have happened, so a line is probably written wrong). The texts say
which, and what to change; ``referee explain ID`` and ``docs/findings.md`` print them. A
test checks there is one for every registered rule and none for a rule that does not exist.
"""

from __future__ import annotations

_RENEGE = (
    "If the log is right, it was a renege and it stands: settle the hand as the referee's\n"
    "table says (the renege payment, and the player cannot take the pot). If a card is\n"
    "written wrong (in this trick, or in the later trick the evidence names), correct it.\n"
    "A card put down and taken back before the next player played is written\n"
    "`NAME CARD (was CARD)`: it is then reported as corrected and costs nothing."
)

FIXES: dict[str, str] = {
    # ------------------------------------------------------------------ Bourré play
    "BR-FOLLOW": _RENEGE,
    "BR-HEAD": _RENEGE
    + '\nIf your table does not play "head the trick": `option head_trick false`.',
    "BR-TRUMP": _RENEGE
    + "\nIf a player out of the led suit may throw any card at your table: `option must_trump\n"
    "false` (or `option must_undertrump false` when only overtrumping is required).",
    "BR-OVERTRUMP": _RENEGE
    + "\nIf any trump will do at your table: `option must_overtrump false`.",
    "BR-CINCH": _RENEGE
    + "\nIf your table does not play the cinch: `option cinch false`; for the stricter reading\n"
    "of the last player's duty, `option cinch_last highest`.",
    "BR-ACE-DEALER": (
        "It costs nothing by itself: the hand is settled on the decisions as written. Check\n"
        "the `trump` card and the dealer's decision line; if your dealer may pass on an ace:\n"
        "`option dealer_plays_ace false`."
    ),
    "BR-DRAW": (
        "Write as many cards after `draw` as after `discard` (or `discard N` when the cards\n"
        "were not written down), and at most `hand_size` of them."
    ),
    "BR-DECIDE-ORDER": (
        "Write the decision lines in the order the players spoke. If they did speak out of\n"
        "turn, it stands: record the penalty (`settle NAME penalty AMOUNT`) when\n"
        "`early_penalty` is set; the player loses their next deal. If your table shows\n"
        "decisions all at once: `option decisions simultaneous`."
    ),
    # ------------------------------------------------------------------ Bourré record
    "BR-SETTLE-ANTE": (
        "Name on the `ante` line exactly the players who owed the ante (the evidence lists\n"
        "them), or leave the line out: the referee works the antes out itself."
    ),
    "BR-SETTLE-POT": (
        "Write the pot the referee gives (the `pot` column of its table), or leave `settle\n"
        "pot` out. A session logged from the middle starts with the header's `pot` line."
    ),
    "BR-SETTLE-WIN": (
        "Write the pot as the referee settles it: `settle NAME wins AMOUNT` for the player who\n"
        "took it, with the amount taken, or `settle split` when it carried (a tie for most\n"
        "tricks, or the top player reneged). If the table really paid it otherwise, the\n"
        "referee's table shows what should have been paid."
    ),
    "BR-SETTLE-BOURRE": (
        "Write one `settle NAME bourre AMOUNT` line for each player who played and took no\n"
        "trick, for the pot's size (at most `limit`), and none for anyone else."
    ),
    "BR-SETTLE-RENEGE": (
        "Write one `settle NAME renege AMOUNT` line for each renege that stood (two for a\n"
        "player who reneged twice), for the pot's size (at most `limit`); none for a card\n"
        "taken back, and none at all under `renege_penalty: none`."
    ),
    "BR-SETTLE-PENALTY": (
        "Write one `settle NAME penalty AMOUNT` line for each player who announced early, for\n"
        "`early_penalty`; none when it is 0."
    ),
    # ------------------------------------------------------------------ Bid Euchre
    "BE-FOLLOW": (
        "If the log is right, it was a renege and it stands: the side loses `renege_points`.\n"
        "Remember the left bower belongs to trump, not to its printed suit. If a card is\n"
        "written wrong, correct it; a card taken back before the trick was complete is\n"
        "written `NAME CARD (was CARD)` and costs nothing."
    ),
    "BE-BID-ORDER": (
        "Write the bid lines in the order they were made, one per player, starting with the\n"
        "player left of the dealer (`option first_bidder dealer` if your dealer bids first).\n"
        "A bid really made out of turn stands as written."
    ),
    "BE-BID-LOW": (
        "Check the bids' numbers: each must be at least `min_bid` and higher than the bid\n"
        "before (3 < 4 < 5 < 6 < ask < moon). If your table allows lower bids: `option\n"
        "min_bid N`."
    ),
    "BE-STUCK": (
        "Write the dealer's bid (a stuck dealer must bid), or, if your table does not stick\n"
        "the dealer: `option stick_the_dealer false`."
    ),
    "BE-ASK-BEST": (
        "Check the `exchange` line and the partner's `deal` line: the partner hands over the\n"
        "highest trump they were dealt (the left bower is a trump). If the exchange was\n"
        "really made that way, the finding stands."
    ),
    "BE-NO-FACE": (
        "If your table plays Ace No Face: `option ace_no_face true`. Otherwise check the\n"
        "caller's `deal` line: an ace and no king, queen or jack."
    ),
    "BE-SCORE": (
        "Write the points the referee gives for the hand on the `settle` line (its table's\n"
        "points), with each team written as two partners: `ann+cy`."
    ),
    "BE-TOTAL": (
        "Write the running score the referee gives on the `score` line. A mistake carries: fix\n"
        "the first hand whose score is wrong, and the later ones may come right with it."
    ),
    # ------------------------------------------------------------------ log faults
    "L-PLAYER": (
        "Spell the name as on the `players` line (case does not matter), or add the player\n"
        "to the `players` line."
    ),
    "L-CARD": (
        "Correct the card: rank then suit (`Ah`, `10d` or `Td`, `Q♠`); in Bid Euchre only 9\n"
        "to ace. A card that appears twice was written wrong in one of its places."
    ),
    "L-NOT-HELD": (
        "Check the player's `deal` line (and in Bourré their `discard` and `draw` cards)\n"
        "against the card played; one of them is written wrong. A `deal` line is optional:\n"
        "without it nothing is checked against it."
    ),
    "L-TURN": (
        "Write each trick's cards in the order they were played, the lead first. The first\n"
        "trick is led by the player the rules name (Bourré: the first player who plays, left\n"
        "of the dealer; Bid Euchre: the high bidder, or the player left of the dealer under\n"
        "`first_lead: left`), every other by the winner of the trick before. Check the\n"
        "`dealer` line too."
    ),
    "L-TRICK": (
        "Give every trick one card from each player in the hand, and number tricks 1, 2, 3 in\n"
        "order (or leave the numbers out). A trick with a card missing leaves the hand not\n"
        "settled."
    ),
    "L-COUNT": (
        "Write every trick of the hand, and no more (Bourré: five, four with `hand_size: 4`;\n"
        "Bid Euchre: six, twelve with two decks). Too many tricks often means a forgotten\n"
        "`hand` line: the message says so."
    ),
    "L-DEALER": (
        "Write the player who really dealt. The deal passes to the left after every hand (in\n"
        "Bourré a player who took a card back or announced early misses their next deal)."
    ),
    "L-PASSED": (
        "A player who passed (or sits out after `ask` or `moon`) plays no card: correct the\n"
        "decision line (`NAME play`) or the card's player."
    ),
    "L-MISSING": (
        "Add the missing line: the `dealer` of hand 1, the `trump` line, or the bids. Until\n"
        "then the hand is not settled."
    ),
    "L-DUPLICATE": (
        "Keep one of the two lines: the referee uses the first and says so. Which one was\n"
        "right only the table knows."
    ),
    "L-SEQUENCE": (
        "Number the hands 1, 2, 3 in the order they were played. If hands really are missing,\n"
        "write the pot (`settle pot AMOUNT`, Bourré) or the running score (`score ...`, Bid\n"
        "Euchre) of the next hand you have, so the referee can settle again from there."
    ),
}


def fix_text(rule_id: str) -> str:
    """How to fix a finding under ``rule_id`` ("" for an ID with no text)."""
    return FIXES.get(rule_id, "")
