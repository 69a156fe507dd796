"""Faults of the log itself (``L-`` IDs), shared by both games."""

from __future__ import annotations

from referee.rule import Rule

L_PLAYER = Rule(
    "L-PLAYER",
    "both",
    "a name that is not seated at the table",
    "Every name in a hand (dealer, deal, decisions, bids, tricks, claims, settlements) must be\n"
    "one of the names on the `players` line (matched without regard to case). A name that is\n"
    "not seated is reported where it appears; its plays are ignored for judging.",
    "players ann bob cy\n...\ntrick 1: ann 7h, bob 9h, cy Jh",
    "players ann bob cy\n...\ntrick 1: ann 7h, rob 9h, cy Jh     # rob is not seated",
    kind="log",
    fix="Spell the name as on the `players` line (case does not matter), or add the player\n"
    "to the `players` line.",
)
L_CARD = Rule(
    "L-CARD",
    "both",
    "a card not in this game's deck, or held by two players at once",
    "Every card must belong to the game's deck (52 cards for Bourré; 9 to A for Bid Euchre),\n"
    "and no card may be in two places at once: dealt to two players, played twice, or drawn\n"
    "while someone else still holds it. In Bourré a discarded card or a folded hand may come\n"
    "back into play only after the stock ran out and the dealer reshuffled; so may the upcard,\n"
    "which is the dealer's (where the log says who dealt). In Bid Euchre\n"
    "with `deck: double` every card exists twice: only a third copy, dealt or played, or a\n"
    "copy played by a player when the log gives both to others, is a fault; with `joker` the\n"
    "joker is in the deck (without it, it is not).",
    "trick 1: ann 7h, bob 9h",
    "trick 1: ann 7h, bob 7h     # the seven of hearts twice",
    options=("deck", "joker"),
    kind="log",
    fix="Correct the card: rank then suit (`Ah`, `10d` or `Td`, `Q♠`); in Bid Euchre only 9\n"
    "to ace. A card that appears twice was written wrong in one of its places.",
)
L_NOT_HELD = Rule(
    "L-NOT-HELD",
    "both",
    "a card played that the player's recorded hand did not hold",
    "When the log records a player's hand (their `deal` line, plus the discards and draws\n"
    "in Bourré), every card they play or discard must be in that hand. In Bid Euchre a card\n"
    "the bidder gave away on `ask` or the dealer laid aside with the joker (`discard NAME\n"
    "CARD`) is out of their hand, and a card laid aside is out of play for everyone.",
    "deal ann 7h 9c Ks 2d 3d\n...\ntrick 1: ann 7h, ...",
    "deal ann 7h 9c Ks 2d 3d\n...\ntrick 1: ann Ah, ...     # ann was not dealt the A♥",
    options=("joker",),
    kind="log",
    fix="Check the player's `deal` line (and in Bourré their `discard` and `draw` cards)\n"
    "against the card played; one of them is written wrong. A `deal` line is optional:\n"
    "without it nothing is checked against it.",
)
L_TURN = Rule(
    "L-TURN",
    "both",
    "a card played out of turn, or the wrong player led",
    "The first trick is led by the player the rules name (Bourré: the first active player\n"
    "to the dealer's left; Bid Euchre: set by `first_lead`), each later trick by the winner\n"
    "of the one before, and play goes clockwise among the players in the hand.",
    "dealer eve  (ann, bob, cy, dee, eve seated)\ntrick 1: ann ..., bob ..., cy ...",
    "dealer eve\ntrick 1: bob ..., ann ...     # ann, left of the dealer, should lead",
    options=("first_lead",),
    kind="log",
    fix="Write each trick's cards in the order they were played, the lead first. The first\n"
    "trick is led by the player the rules name (Bourré: the first player who plays, left\n"
    "of the dealer; Bid Euchre: the high bidder, or the player left of the dealer under\n"
    "`first_lead: left`), every other by the winner of the trick before. Check the\n"
    "`dealer` line too.",
)
L_TRICK = Rule(
    "L-TRICK",
    "both",
    "a trick with the wrong number of cards, or a player twice in one trick",
    "A trick holds one card from each player in the hand, no more and no fewer, and a\n"
    "`trick N` line's number must be the trick's place in the hand. A wrong number (a\n"
    "second `trick 1` before the hand has played all its tricks, `trick 4` after `trick\n"
    "2`) is this one finding: the trick is the hand's next all the same.",
    "trick 2: eve 4h, ann Kh, cy 2h, dee 3h",
    "trick 2: eve 4h, ann Kh, cy 2h     # dee is missing",
    kind="log",
    fix="Give every trick one card from each player in the hand, and number tricks 1, 2, 3 in\n"
    "order (or leave the numbers out). A trick with a card missing leaves the hand not\n"
    "settled.",
)
L_COUNT = Rule(
    "L-COUNT",
    "both",
    "the wrong number of tricks, or a player ran out of cards or kept some",
    "A Bourré hand has five tricks (four with `hand_size: 4`) when two or more players\n"
    "play, none otherwise; a Bid Euchre hand has six tricks unless it was a redeal. Every\n"
    "player in the hand plays exactly their cards: one per trick. In Bid Euchre with `deck:\n"
    "double` a hand has twelve tricks and each player is dealt twelve cards; with `joker`\n"
    "the dealer is dealt seven and lays one aside (a `discard` line by another player, or\n"
    "without the joker, leaves that player a card short). Trick lines in a redeal are one\n"
    "finding for the hand.",
    "five `trick` lines",
    "six `trick` lines in a Bourré hand",
    options=("hand_size", "deck"),
    kind="log",
    fix="Write every trick of the hand, and no more (Bourré: five, four with `hand_size: 4`;\n"
    "Bid Euchre: six, twelve with two decks). Too many tricks often means a forgotten\n"
    "`hand` line: the message says so.",
)
L_DEALER = Rule(
    "L-DEALER",
    "both",
    "the stated dealer is not the one the rotation gives",
    "The deal passes to the left after every hand (in Bourré a player who took back an\n"
    "illegal card with `(was CARD)` loses their next turn to deal). A `dealer` line that\n"
    "names someone else is reported; as the line or the rotation may be the slip, what turns\n"
    "on one dealer is judged only where both readings agree, and the next `dealer` line may\n"
    "name the dealer after either.",
    "hand 1: dealer eve; hand 2: dealer ann",
    "hand 1: dealer eve; hand 2: dealer cy     # ann's deal",
    kind="log",
    fix="Write the player who really dealt. The deal passes to the left after every hand (in\n"
    "Bourré a player who took a card back or announced early misses their next deal).",
)
L_PASSED = Rule(
    "L-PASSED",
    "both",
    "a player who passed, or sits out, played a card",
    "A Bourré player who passed (folded) plays no card; a Bid Euchre partner who sits out\n"
    "after `ask` or `moon` plays no card.",
    "bob pass\ntrick 1: ann 7h, cy 9h",
    "bob pass\ntrick 1: ann 7h, bob 9h, cy Jh     # bob folded",
    kind="log",
    fix="A player who passed (or sits out after `ask` or `moon`) plays no card: correct the\n"
    "decision line (`NAME play`) or the card's player.",
)
L_MISSING = Rule(
    "L-MISSING",
    "both",
    "a statement the hand needs is missing",
    "Some statements are required for a hand to be judged: the `dealer` of hand 1, the\n"
    "`trump` of a Bourré hand or of a Bid Euchre hand that was bid, and the bids of a Bid\n"
    "Euchre hand that was played. Without them the referee cannot decide who leads, which\n"
    "cards are trumps or what the contract was, and says so instead of guessing.",
    "hand 1\ndealer eve\ntrump 4h",
    "hand 1\ndealer eve     # no trump line",
    kind="log",
    fix="Add the missing line: the `dealer` of hand 1, the `trump` line, or the bids. Until\n"
    "then the hand is not settled.",
)

L_DUPLICATE = Rule(
    "L-DUPLICATE",
    "both",
    "a statement a hand may have once, given twice",
    "A hand has one `dealer` line and one `trump` line, and each player at most one `deal`\n"
    "line and (Bourré) one decision. A second one is reported where it stands: the first\n"
    "is the one the referee uses, and it says so rather than choose silently. (A second\n"
    "bid in Bid Euchre is BE-BID-ORDER.) Given again after the hand's play, it is still\n"
    "this hand's, unless it starts a hand whose `hand` line was forgotten (L-SEQUENCE). A\n"
    "trick line written twice (the same plays again; with two decks, under the same\n"
    "number) is reported the same way, and is no trick more. In Bid Euchre a `trump` line\n"
    "naming another suit than the winning bid (`bid dee 4 hearts`, then `trump spades`)\n"
    "states the trump twice too: it is reported on the `trump` line, and as the log does\n"
    "not say which suit was trump, following suit is not judged and the hand is not scored.",
    "hand 2\ndealer bob\ntrump 9s",
    "hand 2\ndealer bob\ntrump 9s\ntrump 9c     # which was it?",
    kind="log",
    fix="Keep one of the two lines: the referee uses the first and says so. Which one was\n"
    "right only the table knows. A bid's suit and the `trump` line must name the same suit.",
)
L_SEQUENCE = Rule(
    "L-SEQUENCE",
    "both",
    "a hand number out of sequence (a hand skipped or numbered twice)",
    "Hands are numbered from 1 up, in the order played. A skipped number means hands are\n"
    "missing from the log: what they did to the pot (Bourré) or the score (Bid Euchre) is\n"
    "unknown, so the hands after them are not settled until the log gives the pot (a\n"
    "`settle pot` line) or the score (a `score` line) again. A number given twice, or going\n"
    "back, skips nothing. A hand whose statements follow another's with no `hand` line\n"
    "between them is reported once, as a forgotten `hand` line (L-COUNT when the hand then\n"
    "has too many tricks), and both hands are judged. That is the reading only when the\n"
    "hand before has played all its tricks (or its decisions or bids left nothing to\n"
    "play), then gives again a statement a hand has once, and the next `hand` line is\n"
    "numbered as if the forgotten one were there (after hand 4, `hand 6`); anything else\n"
    "is a slip in the same hand (L-DUPLICATE, L-TRICK).",
    "hand 1 ... hand 2 ... hand 3",
    "hand 1 ... hand 2 ... hand 4     # hand 3 is missing",
    kind="log",
    fix="Number the hands 1, 2, 3 in the order they were played. If hands really are missing,\n"
    "write the pot (`settle pot AMOUNT`, Bourré) or the running score (`score ...`, Bid\n"
    "Euchre) of the next hand you have, so the referee can settle again from there.",
)

LOG_RULES: tuple[Rule, ...] = (
    L_PLAYER,
    L_CARD,
    L_NOT_HELD,
    L_TURN,
    L_TRICK,
    L_COUNT,
    L_DEALER,
    L_PASSED,
    L_MISSING,
    L_DUPLICATE,
    L_SEQUENCE,
)
