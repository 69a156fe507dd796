"""Money under attack: amounts too large, too fine, in another script's digits or in YAML's
number forms; pots that grow without a limit; sums over long batches. Each is refused with a
clear P- error or handled exactly, through the command (typer's CliRunner), with nothing
rounded away (see ``referee/amounts.py``)."""

from __future__ import annotations

import json
import time
from decimal import Decimal, localcontext
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.amounts import MAX_PLACES, MAX_WHOLE_DIGITS, AmountError, read_amount
from referee.cli import app

runner = CliRunner()

PLAYERS = ("ann", "bob", "cy", "dee", "eve", "flo", "gus", "hal")


def run(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def audit_json(*args: str | Path) -> tuple[int, dict[str, object]]:
    code, out = run("audit", "--format", "json", *args)
    (entry,) = json.loads(out)["files"]
    return code, entry


def one_hand(head: str = "", players: tuple[str, str] = ("ann", "bob")) -> str:
    """Two players, one hand: the first takes every trick, the second (the dealer) is
    bourré. ``head``: header lines (options, `pot`)."""
    a, b = players
    tricks = "".join(
        f"trick {n}: {a} {high}h, {b} {low}h\n"
        for n, (high, low) in enumerate(zip("AKQJT", "23456", strict=True), 1)
    )
    return (
        f"game bourre\nplayers {a} {b}\n{head}\nhand 1\ndealer {b}\ntrump 7s\n"
        f"{a} play\n{b} play\n{tricks}"
    )


def growing(hands: int, ante: str) -> str:
    """Eight players; each hand one takes every trick and the seven others are bourré, so
    each pays the whole pot into the next: the pot grows some sevenfold a hand (no limit)."""
    others = [rank + suit for suit in "hdc" for rank in "AKQJT98765432"]
    out = ["game bourre", "players " + " ".join(PLAYERS), f"option ante {ante}"]
    for number in range(1, hands + 1):
        dealer = PLAYERS[(number - 2) % 8]
        order = [PLAYERS[(PLAYERS.index(dealer) + 1 + i) % 8] for i in range(8)]
        out += [f"hand {number}", f"dealer {dealer}", "trump spades"]
        out += [f"{p} play" for p in order]
        cards = iter(others)
        for trick, lead in enumerate(["As", "Ks", "Qs", "Js", "Ts"], 1):
            plays = [f"{order[0]} {lead}"] + [f"{p} {next(cards)}" for p in order[1:]]
            out.append(f"trick {trick}: " + ", ".join(plays))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- refused


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("1E+999999999", "without an exponent"),  # a billion digits, once
        ("1E+400", "without an exponent"),  # the HTML page's OverflowError, once
        ("1E+30", "without an exponent"),
        ("\u09ea", "'\u09ea' (U+09EA BENGALI DIGIT FOUR) is not one of the digits 0-9"),
        ("1_000", "expected an amount"),
        ("1000000000000000", f"at most {MAX_WHOLE_DIGITS} digits before the point"),
        ("0.00001", f"more than {MAX_PLACES} digits after the point"),
        ("NaN", "expected an amount"),
        ("Infinity", "expected an amount"),
        (".5", "expected an amount"),
    ],
)
@pytest.mark.parametrize("fmt", ["text", "html"])
def test_an_option_amount_out_of_bounds_is_a_p_rules_error(
    tmp_path: Path, value: str, why: str, fmt: str
) -> None:
    path = tmp_path / "ante.hlog"
    path.write_text(one_hand(f"option ante {value}"), encoding="utf-8")
    start = time.monotonic()
    code, out = run("audit", "--format", fmt, path)
    assert time.monotonic() - start < 5 and len(out) < 20_000
    assert code == 2 and "P-RULES" in out and "internal error" not in out
    assert why in out.replace("&#x27;", "'")
    assert "for option ante" in out


@pytest.mark.parametrize(
    ("written", "value"),
    [("010", "10"), ("'010'", "10"), ("$1.50", "1.5"), ("0.25", "0.25"), ('"7"', "7")],
)
def test_a_house_rules_number_is_read_as_written(tmp_path: Path, written: str, value: str) -> None:
    """YAML 1.1 would read 010 as 8 (octal); the referee reads it as `option ante 010`
    does: 10."""
    rules = tmp_path / "house.yaml"
    rules.write_text(f"ante: {written}\n", encoding="utf-8")
    path = tmp_path / "a.hlog"
    path.write_text(one_hand(), encoding="utf-8")
    code, entry = audit_json("--rules", rules, path)
    assert code == 0 and Decimal(str(entry["options"]["ante"])) == Decimal(value)  # type: ignore[index]
    line = tmp_path / "b.hlog"
    line.write_text(one_hand(f"option ante {written.strip(chr(39) + chr(34))}"))
    assert audit_json(line)[1]["options"] == entry["options"]


@pytest.mark.parametrize("written", ["1:30", "0x1F", "1e3", "0o17", "৪", ".5", "1_000"])
def test_a_house_rules_number_yaml_would_convert_is_refused(tmp_path: Path, written: str) -> None:
    """1:30 (YAML 1.1: 90), 0x1F (31), 1e3 (1000.0): no amount, as in an `option` line."""
    rules = tmp_path / "house.yaml"
    rules.write_text(f"ante: {written}\nhand_size: 0x4\n", encoding="utf-8")
    path = tmp_path / "a.hlog"
    path.write_text(one_hand(), encoding="utf-8")
    code, entry = audit_json("--rules", rules, path)
    messages = [e["message"] for e in entry["errors"]]  # type: ignore[attr-defined]
    assert code == 2 and len(messages) == 2
    assert ":1:7: bad value" in messages[0] and "for option ante: expected an amount" in messages[0]
    assert "for option hand_size: expected a whole number from 4 to 5" in messages[1]


@pytest.mark.parametrize("value", ["\u09ea", "1_0", "+0032", "1" * 10])
def test_whole_number_options_take_ascii_digits_only(tmp_path: Path, value: str) -> None:
    path = tmp_path / "a.hlog"
    path.write_text(
        "game bid-euchre\nplayers ann bob cy dee\n"
        f"option target {value}\nhand 1\ndealer dee\nbid ann pass\n",
        encoding="utf-8",
    )
    code, entry = audit_json(path)
    if value == "+0032":  # ASCII digits and a sign: as int() always read it
        assert entry["options"] == {} and code != 2
        return
    (error,) = entry["errors"]  # type: ignore[misc]
    assert code == 2 and error["code"] == "P-RULES"
    assert "for option target: expected a whole number of at least 1" in error["message"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("settle ann wins 10000000000000000", "at most 15 digits before the point"),
        ("settle pot 0.00001", "more than 4 digits after the point"),
        ("settle ann wins 1" + "0" * 30, "too large"),
        ("settle ann wins \u09ea", "expected an amount such as 5 or 0.50, found '\u09ea'"),
        ("settle pot 1E+5", "expected an amount such as 5 or 0.50, found '1E+5'"),
    ],
)
def test_a_log_amount_out_of_bounds_is_a_p_syntax_error(
    tmp_path: Path, line: str, message: str
) -> None:
    path = tmp_path / "a.hlog"
    path.write_text(one_hand() + line + "\n", encoding="utf-8")
    code, entry = audit_json(path)
    (error,) = entry["errors"]  # type: ignore[misc]
    assert code != 0 and error["code"] == "P-SYNTAX" and message in error["message"]
    assert entry["hands"][0]["settled"] is False  # type: ignore[index]


def test_a_header_pot_out_of_bounds_is_a_p_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "a.hlog"
    path.write_text(one_hand("pot 1.23456"), encoding="utf-8")
    code, entry = audit_json(path)
    # (a line that could not be read is a finding, as a violation is: exit status 1)
    assert code == 1 and [e["code"] for e in entry["errors"]] == ["P-SYNTAX"]  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- exact


def test_the_largest_amounts_are_settled_to_the_last_digit(tmp_path: Path) -> None:
    """ante 999,999,999,999,999.9999 with a header pot of 1: no digit of the winner's is
    rounded away (Decimal's default 28 digits dropped the 1 beside an ante of 1E+30)."""
    path = tmp_path / "a.hlog"
    path.write_text(one_hand("option ante 999999999999999.9999\npot 0.0001"), encoding="utf-8")
    code, out = run("audit", "--format", "json", path)
    assert code == 0
    hand = json.loads(out, parse_float=Decimal)["files"][0]["hands"][0]
    assert hand["pot"] == Decimal("1999999999999999.9999")
    assert hand["payouts"] == {
        "ann": Decimal("1000000000000000.0000"),
        "bob": Decimal("-2999999999999999.9998"),
    }
    assert '"pot": 1999999999999999.9999' in out  # written exactly
    html = run("audit", "--format", "html", path)[1]
    assert "1,999,999,999,999,999.9999" in html or "1999999999999999.9999" in html


def test_a_pot_that_grows_past_the_bound_leaves_the_hands_after_it_unsettled(
    tmp_path: Path,
) -> None:
    """Seven bourrés a hand: the pot grows sevenfold. Past 10^18 the hands after it are not
    settled, saying why; every hand before is, exactly; nothing crashes in any format."""
    path = tmp_path / "grow.hlog"
    path.write_text(growing(25, "1"), encoding="utf-8")
    code, entry = audit_json(path)
    hands = entry["hands"]  # type: ignore[index]
    settled = [h["settled"] for h in hands]
    assert code == 0 and settled == [True] * 21 + [False] * 4
    assert "hand 21 left 4561457890013486056 in the pot, past the 10^18" in hands[21]["unsettled"]
    assert entry["totals_complete"] is False
    for fmt in ("text", "html", "csv", "jsonl"):
        assert run("audit", "--format", fmt, path)[0] == 0


def test_standings_stay_exact_beside_a_log_of_huge_amounts(tmp_path: Path) -> None:
    """One log of the largest amounts beside an ordinary one: yan's +1 is still in "who
    pays whom" (such a +1 vanished when 1E+30 rounded every sum to 28 digits)."""
    (tmp_path / "big.hlog").write_text(growing(3, "999999999999999.9999"), encoding="utf-8")
    (tmp_path / "small.hlog").write_text(one_hand(players=("yan", "zed")), encoding="utf-8")
    code, out = run("standings", "--format", "json", tmp_path)
    assert code == 0
    doc = json.loads(out, parse_float=Decimal)
    nets = {p["name"]: p["net"] for p in doc["bourre"]["players"]}
    assert (nets["yan"], nets["zed"]) == (1, -3)
    assert sum(nets.values()) + doc["bourre"]["pot"] == 0
    transfers = doc["bourre"]["settle_up"]["transfers"]
    assert sum(t["amount"] for t in transfers if t["from"] == "zed") == 3
    received = {p: Decimal(0) for p in nets} | {"(pot)": Decimal(0)}  # less what was paid
    for t in transfers:
        received[t["from"]] -= t["amount"]
        received[t["to"]] += t["amount"]
    assert all(received[p] == nets[p] for p in nets)  # every balance settled, exactly
    assert received["(pot)"] == doc["bourre"]["pot"] and received["yan"] == 1


def test_a_narrow_decimal_context_of_the_callers_does_not_round() -> None:
    """The library in a caller's context of 6 digits: each hand is judged in the money
    context all the same."""
    from referee import audit_text

    text = one_hand("option ante 999999999999999.9999\npot 0.0001")
    with localcontext() as ctx:
        ctx.prec = 6
        report = audit_text(text)
    assert report.hands[0].pot == Decimal("1999999999999999.9999")


def test_read_amount() -> None:
    assert read_amount(" $12.50 ") == Decimal("12.50") and read_amount("-3") == -3
    assert read_amount("000000000000000000001") == 1  # leading zeros are no digits
    for bad in ("", "1.", "1e3", "--1", "1.2.3", "\u0664", "12 34", "١"):
        with pytest.raises(AmountError):
            read_amount(bad)
