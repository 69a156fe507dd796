"""Currency signs on amounts: ``$1.00``, ``€5``, ``1.50$``, ``-$3``, ``$-3``.

An amount in a log or a house-rules file may carry one currency sign, written before or
after the number with no space (the grammar's AMOUNT says where). The sign is not part of
the value: ``$1.50`` is ``Decimal("1.50")``, and the reports write amounts without it.
Points (Bid Euchre's ``settle`` and ``score``) are not money and take no sign. The cent
sign is not one of them: ``50¢`` would mean 0.50, and a referee does not guess units.
"""

from __future__ import annotations

#: The currency signs an amount may carry (the grammar's AMOUNT lists the same).
SIGNS = "$€£¥₹"
_PLUS_MINUS = "+-"


def strip_sign(text: str) -> str:
    """An amount as written without its currency sign: ``$1.00`` -> ``1.00``, ``-$3`` ->
    ``-3``, ``$-3`` -> ``-3``, ``1.50$`` -> ``1.50``; any other text as it is (so a sign
    elsewhere, or two of them, is left for the number's reading to refuse)."""
    if not text:
        return text
    if text[-1] in SIGNS:
        return text[:-1]
    if text[0] in SIGNS:
        return text[1:]
    if len(text) > 1 and text[0] in _PLUS_MINUS and text[1] in SIGNS:
        return text[0] + text[2:]
    return text
