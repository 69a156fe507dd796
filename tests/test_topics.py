"""`referee explain` and `referee rules`: rule IDs, read-error codes and house options, from
one registry (referee/topics.py), through typer's CliRunner."""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee
from referee.cli import app
from referee.codes import READ_CODES
from referee.optiondocs import (
    GAME_TITLES,
    choices_of,
    default_text,
    option_docs,
    values_short,
    values_text,
)
from referee.options import OptionError, convert_option, default_options, option_keys
from referee.rulebook import all_rules
from referee.statements import find_statement, statement_names
from referee.topics import explain_topic, rules_text, topic_names

runner = CliRunner()
REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------------- explain


def test_explain_an_option_prints_its_meaning_default_values_and_how_to_write_it() -> None:
    code, out, err = run("explain", "all_pass")
    assert (code, err) == (0, "")
    assert out == (
        "all_pass: when everyone passes: the pot carries, or the dealer takes it\n"
        "a Bourré house option\n"
        "default: carry\n"
        "values: carry or dealer\n"
        "\n"
        "`carry`: the pot waits for the next hand, and nobody is excused from its ante.\n"
        "`dealer`: the dealer takes the pot (at most `limit` with `limit_caps_winner`).\n"
        "\n"
        "In a log (before the first hand):\n"
        "    option all_pass dealer\n"
        "In a house-rules file (YAML):\n"
        "    all_pass: dealer\n"
        "\n"
        "See also (`referee explain ID`): BR-SETTLE-POT, BR-SETTLE-WIN\n"
    )


def test_explain_head_trick_the_issue_s_example_and_any_case() -> None:
    code, out, _ = run("explain", "head_trick")
    assert code == 0
    assert out.splitlines()[:4] == [
        "head_trick: a player following suit must beat the highest card of that suit in the "
        "trick, if able",
        "a Bourré house option",
        "default: true",
        "values: true or false (yes/no and on/off too)",
    ]
    assert run("explain", "HEAD_TRICK")[1] == out


def test_explain_a_read_error_code() -> None:
    code, out, err = run("explain", "p-rules")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == [
        "P-RULES: a house-rules setting or file that cannot be used",
        "read error, both games: the log could not be read or judged at all (exit status 2)",
        "",
    ]
    slip = run("explain", "P-SYNTAX")[1].splitlines()[1]
    assert slip == (
        "read error, both games: a finding (exit status 1) when the rest of the log was read "
        "and judged; 2 when no hand of it could be judged"
    )
    assert "the referee failed (exit status 2)" in run("explain", "P-INTERNAL")[1]
    assert "How to fix:" in lines and lines[-2:] == [
        "Example:",
        "    option limt 20     # did you mean limit?",
    ]


def test_explain_a_rule_ends_with_how_to_fix() -> None:
    code, out, _ = run("explain", "L-PLAYER")
    assert code == 0
    assert out.endswith(
        "How to fix:\n"
        "    Spell the name as on the `players` line (case does not matter), or add the player\n"
        "    to the `players` line.\n"
    )


@pytest.mark.parametrize(
    ("word", "message"),
    [
        (
            "head-trick",
            "no rule ID, read-error code, house option or statement is called 'head-trick'; "
            "did you mean head_trick?",
        ),
        (
            "BR-FOLOW",
            "no rule ID, read-error code, house option or statement is called 'BR-FOLOW'; "
            "did you mean BR-FOLLOW?",
        ),
        (
            "limt",
            "no rule ID, read-error code, house option or statement is called 'limt'; "
            "did you mean limit?",
        ),
        (
            "follow",
            "no rule ID, read-error code, house option or statement is called 'follow'; "
            "did you mean BE-FOLLOW or BR-FOLLOW?",
        ),
        (
            "syntax",
            "no rule ID, read-error code, house option or statement is called 'syntax'; "
            "did you mean P-SYNTAX?",
        ),
        (
            "P",
            "no rule ID, read-error code, house option or statement is called 'P'; the ones "
            "that start with it: P-SYNTAX, P-HEADER, P-ENCODING, P-IO, P-RULES, P-INTERNAL",
        ),
        (
            "br-settle",
            "no rule ID, read-error code, house option or statement is called 'br-settle'; the "
            "ones that start with it: BR-SETTLE-ANTE, BR-SETTLE-BOURRE, BR-SETTLE-PENALTY, "
            "BR-SETTLE-POT, BR-SETTLE-RENEGE, BR-SETTLE-WIN",
        ),
        (
            "must",
            "no rule ID, read-error code, house option or statement is called 'must'; the "
            "ones that start with it: must_trump, must_overtrump, must_undertrump",
        ),
        (
            "xyzzy",
            "no rule ID, read-error code, house option or statement is called 'xyzzy'; "
            "run `referee rules` for the list",
        ),
        (
            " ",
            "nothing to explain: give a rule ID (BR-FOLLOW), a read-error code (P-SYNTAX), "
            "a house option (head_trick) or a statement (settle); `referee rules` lists the "
            "rules, codes and options, `referee docs log-format` the statements",
        ),
    ],
)
def test_explain_a_near_miss_says_what_is_close(word: str, message: str) -> None:
    code, out, err = run("explain", word)
    assert (code, out, err) == (2, "", f"referee: {message}\n")


def test_explain_never_echoes_a_control_character_or_a_long_word() -> None:
    code, _, err = run("explain", "\x1b[31mBR" + "x" * 100)
    assert code == 2
    assert "\x1b" not in err and "\\x1b" in err
    assert "x" * 40 not in err and "..." in err


def test_every_name_explain_takes_is_explained_by_it() -> None:
    names = topic_names()
    assert len(names) == len(set(names))
    assert set(names) == (
        set(all_rules())
        | {c.id for c in READ_CODES}
        | set(option_keys("bourre"))
        | set(option_keys("bid-euchre"))
        | set(statement_names())
    )
    for name in names:
        text = explain_topic(name.lower())
        statement = find_statement(name)
        assert text.startswith(f"{statement.keyword if statement else name}: ")
        assert text == referee.explain(name)  # the library says the same


# ----------------------------------------------------------------------------- the registries


def test_every_rule_has_a_fix_and_every_fix_a_rule() -> None:
    assert all(rule.fix.strip() for rule in all_rules().values())


def test_every_read_error_code_the_referee_emits_is_documented() -> None:
    """A read error is made with one of ``referee.readcodes``' constants, each code spelled
    there once; the registry explains exactly those codes, and no other module spells one
    (a code written out at a call site would escape this check)."""
    from referee import readcodes

    spelled = {value for name, value in vars(readcodes).items() if name.startswith("P_")}
    assert spelled == {c.id for c in READ_CODES}
    for source in (REPO / "referee").rglob("*.py"):
        if source.name == "readcodes.py":  # (where each code is spelled)
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        written = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.fullmatch(r"P-[A-Z]+", node.value)
        ]
        assert not written, (source, written)


@pytest.mark.parametrize("game", list(GAME_TITLES))
def test_option_docs_follow_the_options_exactly(game: str) -> None:
    docs = option_docs(game)
    assert [d.key for d in docs] == option_keys(game)
    assert all(d.game == game and d.summary and d.detail for d in docs)
    rules = all_rules()
    assert all(rule in rules for d in docs for rule in d.see_also)


@pytest.mark.parametrize("game", list(GAME_TITLES))
def test_each_option_takes_exactly_the_values_its_words_say(game: str) -> None:
    defaults = default_options(game)
    for doc in option_docs(game):
        key, values = doc.key, doc.values

        def takes(value: str, key: str = key) -> bool:
            try:
                convert_option(game, key, value)
            except OptionError:
                return False
            return True

        # the default as written is the default; the explained example is a valid value
        assert convert_option(game, key, default_text(doc)) == getattr(defaults, key)
        example = explain_topic(key).split("In a log (before the first hand):\n")[1]
        assert example.startswith(f"    option {key} ")
        assert takes(example.splitlines()[0].split()[-1])
        if values.kind == "bool":
            assert values_short(doc) == "true | false"
            assert all(takes(w) for w in ("true", "false", "yes", "no", "on", "off"))
            assert not takes("maybe")
        elif values.kind == "choice":
            words = choices_of(doc)
            assert len(words) >= 2 and values_short(doc) == " | ".join(words)
            assert all(takes(w) for w in words) and not takes("other")
        elif values.kind == "amount":
            assert all(takes(a) for a in ("2.50", "$2", "0.50€"))
            assert not takes("-1") and not takes("abc")
            assert takes("none") is values.none_ok
            assert takes("0") is (not values.none_ok)
            assert "amount" in values_text(doc)
        else:
            assert values.kind == "whole"
            assert takes(str(values.low)) and not takes(str(values.low - 1))
            assert not takes("2.5") and not takes("many")
            if values.high is not None:
                assert takes(str(values.high)) and not takes(str(values.high + 1))
            else:
                assert takes("1000000")
            for number in range(values.low, (values.high or values.low + 10) + 1):
                assert takes(str(number)) is (not values.only or number in values.only)


def test_amount_defaults_are_written_as_amounts() -> None:
    (ante,) = [d for d in option_docs("bourre") if d.key == "ante"]
    assert default_text(ante) == "1" and convert_option("bourre", "ante", "1") == Decimal(1)


# ----------------------------------------------------------------------------- rules


def test_rules_lists_each_option_with_its_values_and_meaning() -> None:
    code, out, _ = run("rules")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("  all_pass           carry  (carry | dealer)")
    assert lines[at + 1] == "      when everyone passes: the pot carries, or the dealer takes it"
    at = lines.index("  min_bid           3       (1 to 6)")
    assert lines[at + 1] == "      the lowest bid allowed"
    assert "  limit              none   (amount | none)" in lines
    assert "  hand_size          5      (4 | 5)" in lines
    assert "  target            32      (1 or more)" in lines
    for doc in option_docs("bourre") + option_docs("bid-euchre"):
        assert any(line.startswith(f"  {doc.key} ") for line in lines)
    assert all(len(line) <= 80 for line in lines)
    assert out == rules_text(None)


def test_rules_lists_the_read_error_codes() -> None:
    lines = run("rules")[1].splitlines()
    at = lines.index("Read errors (both games; exit 1 for a slip in a log otherwise read, else 2)")
    assert lines[at + 1 : at + 8] == [
        "  P-SYNTAX    a line that could not be read",
        "  P-HEADER    the header (game, players, ...) cannot be used, or is inconsistent",
        "  P-ENCODING  the file is not text the referee can read",
        "  P-IO        a path that could not be read",
        "  P-RULES     a house-rules setting or file that cannot be used",
        "  P-INTERNAL  a bug in the referee",
        "",
    ]


def test_rules_wraps_a_long_summary_under_its_start() -> None:
    lines = run("rules", "--game", "bourre")[1].splitlines()
    at = lines.index(
        "  BR-SETTLE-WIN      the pot was recorded as taken by the wrong player, for the"
    )
    assert (
        lines[at + 1]
        == "                     wrong amount, or split when it was won (or won when it"
    )
    assert lines[at + 2] == "                     carried)"
