"""Currency signs on amounts (`$1.00`, `€5`, `1.50$`, `-$3`): the sign is not part of the
value, so a log written with signs is judged exactly as the same log without them; points
take no sign."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.currency import SIGNS, strip_sign
from referee.options import BourreOptions, apply_settings
from referee.parser import _syntax
from referee.report import BourreHandResult, FileReport

# Zoë takes all five tricks; ann and bob are bourré. Carried pot 1, antes 0.50 each.
PLAIN = """game bourre
players ann bob Zoë
pot 1
option ante 0.50
option limit 20

hand 1
dealer: ann
ante: ann bob Zoë
trump: 4c
bob play
Zoë play
ann play
trick 1: bob 6d, Zoë 8d, ann 5d
trick 2: Zoë Ac, ann Ks, bob 9d
trick 3: Zoë Qc, ann As, bob 9h
trick 4: Zoë 5h, ann 4d, bob Jd
trick 5: Zoë 3h, ann 7s, bob 2d
settle pot 2.50
settle Zoë wins 2.50
settle ann bourre 2.50
settle bob bourre 3
"""

SIGNED = (
    PLAIN.replace("pot 1\n", "pot €1\n")
    .replace("ante 0.50", "ante $0.50")
    .replace("limit 20", "limit 20$")
    .replace("settle pot 2.50", "settle pot $2.50")
    .replace("wins 2.50", "wins 2.50$")
    .replace("ann bourre 2.50", "ann bourre £2.50")
    .replace("bob bourre 3", "bob bourre +¥3")
)


def _summary(report: FileReport) -> list[object]:
    hands = [h for h in report.hands if isinstance(h, BourreHandResult)]
    return [
        report.errors,
        report.options_changed,
        report.totals,
        [(h.pot, h.payouts, [(v.rule, v.line, v.column, v.evidence) for v in h.violations])
         for h in hands],
    ]  # fmt: skip


def test_a_log_with_signs_is_judged_as_the_same_log_without() -> None:
    plain, signed = audit_text(PLAIN), audit_text(SIGNED)
    assert _summary(signed) == _summary(plain)
    (hand,) = signed.hands
    assert isinstance(hand, BourreHandResult)
    assert hand.pot == Decimal("2.50")
    assert [(v.rule, v.line) for v in hand.violations] == [("BR-SETTLE-BOURRE", 22)]
    assert signed.options_changed == {"ante": Decimal("0.50"), "limit": Decimal(20)}


@pytest.mark.parametrize(
    ("text", "value"),
    [("$1.00", "1.00"), ("€5", "5"), ("1.50$", "1.50"), ("-$3", "-3"), ("$-3", "-3"),
     ("+€2", "+2"), ("£2", "2"), ("5", "5"), ("$5$", "$5"), ("", "")],
)  # fmt: skip
def test_strip_sign(text: str, value: str) -> None:
    assert strip_sign(text) == value


def test_the_grammar_takes_the_same_signs() -> None:
    amount = _syntax().lark.get_terminal("AMOUNT").pattern.to_regexp()
    import re

    for sign in SIGNS:
        for text in (f"{sign}5", f"5{sign}", f"-{sign}5", f"{sign}-5", f"1.50{sign}"):
            assert re.fullmatch(amount, text), text
    for text in ("¢5", "5¢", "$5$", "--5", "$$5", "5 $", "US$5"):
        assert not re.fullmatch(amount, text), text


@pytest.mark.parametrize(
    ("settings", "expected"),
    [({"ante": "$2"}, {"ante": Decimal(2)}), ({"limit": "20€"}, {"limit": Decimal(20)}),
     ({"ante": "£0.25"}, {"ante": Decimal("0.25")})],
)  # fmt: skip
def test_option_amounts_may_carry_a_sign(
    settings: dict[str, str], expected: dict[str, Decimal]
) -> None:
    options = apply_settings(BourreOptions(), "bourre", settings)
    assert {k: getattr(options, k) for k in expected} == expected


def test_yaml_amounts_may_carry_a_sign(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("bourre:\n  ante: $0.50\n  limit: '20€'\n")
    log = PLAIN.replace("option ante 0.50\noption limit 20\n", "rules house.yaml\n# (both)\n")
    assert _summary(audit_text(log, base_dir=tmp_path)) == _summary(audit_text(PLAIN))


def test_a_bad_signed_option_names_what_is_valid() -> None:
    report = audit_text(PLAIN.replace("option ante 0.50", "option ante $$1"))
    assert [(e.code, e.line, e.column, e.message) for e in report.errors] == [
        ("P-RULES", 4, 1,
         "bad value '$$1' for option ante: expected an amount such as 1 or 0.50 (digits 0-9, "
         "at most 15 before the point and 4 after it)"),
    ]  # fmt: skip


EUCHRE = """game bid-euchre
players lena rik iris moe

hand 1
dealer moe
bid lena ask
bid rik pass
bid iris pass
bid moe pass
trump spades
trick 1: lena Js, rik 9s, moe Th
trick 2: lena Ah, rik Qh, moe Jh
trick 3: lena Jc, rik Td, moe Tc
trick 4: lena As, rik Kh, moe Jd
trick 5: lena Ks, rik Ad, moe Qd
trick 6: lena Qs, rik Ac, moe Kc
settle lena+iris 12 rik+moe 0
"""


def test_points_take_no_sign_in_bid_euchre() -> None:
    assert audit_text(EUCHRE).errors == []
    report = audit_text(EUCHRE.replace("lena+iris 12", "lena+iris $12"))
    assert [(e.code, e.line, e.column, e.message) for e in report.errors] == [
        ("P-SYNTAX", 17, 18, "points take no currency sign: write 12"),
    ]
