"""Ace No Face: ``redeal NAME ace-no-face``, a redeal called before the bidding (BE-NO-FACE).

With the ``ace_no_face`` option a player dealt at least one ace and no king, queen or jack
may call a redeal. The hand is a redeal whatever the referee finds, since the table redealt:
it scores nothing and the deal passes to the left. The call is reported (BE-NO-FACE) when
the option is off, or when the caller's ``deal`` line is logged and holds no ace, or a king,
queen or jack. The joker is neither an ace nor a face card. Without the caller's deal line
the hand cannot be checked, and nothing is said.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import pretty
from referee.games.euchre.options import EuchreOptions
from referee.games.euchre.rules import BE_NO_FACE
from referee.games.euchre.table import Findings
from referee.records import DealLine, RedealLine

_FACES = ("K", "Q", "J")
_STILL = "; the hand is still a redeal, since the table redealt"
_ALLOWED = "a player dealt at least one ace and no king, queen or jack may call a redeal"


def judge_redeal(
    redeal: RedealLine, deals: Sequence[DealLine], options: EuchreOptions, findings: Findings
) -> None:
    """Report the redeal call when the house rules or the caller's logged deal do not allow
    it (BE-NO-FACE); an unseated caller is L-PLAYER."""
    caller = redeal.player
    name = caller if caller in findings.seats else None
    if name is None:
        findings.unseated(caller, redeal, 1, "the redeal line")
    if not options.ace_no_face:
        findings.add(
            BE_NO_FACE,
            redeal.line,
            redeal.column,
            f"{caller} called a redeal (ace no face), which the house rules do not allow",
            player=name,
            evidence="the `ace_no_face` option is off: no redeal may be called before the "
            "bidding (with `option ace_no_face true`, " + _ALLOWED + ")" + _STILL,
        )
        return
    deal = next((d for d in deals if d.player == name), None)
    if name is None or deal is None:
        return
    cards = list(deal.cards)
    faces = [c for c in cards if c[0] in _FACES]
    aces = [c for c in cards if c[0] == "A"]
    if aces and not faces:
        return
    wrong = []
    if not aces:
        wrong.append("without an ace")
    if faces:
        wrong.append("holding " + ", ".join(pretty(c) for c in faces))
    findings.add(
        BE_NO_FACE,
        redeal.line,
        redeal.column,
        f"{name} called a redeal (ace no face) " + " and ".join(wrong),
        player=name,
        card=faces[0] if faces else None,
        evidence=f"{name}'s deal (line {deal.line}) holds "
        + (", ".join(pretty(c) for c in aces) if aces else "no ace")
        + (" and " + ", ".join(pretty(c) for c in faces) if faces else "")
        + f": {_ALLOWED}"
        + _STILL,
    )
