"""'Did you mean ...?': hints wherever a user misspelled something, with the exact findings.

Each case writes one slip into a clean log and checks every finding and read error it gives
(rule, line, column, message), so a hint can neither be missing nor come with new findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.report import FileReport
from referee.suggest import close_matches, did_you_mean, edit_distance, fold

# Bourré, three players, one clean hand: Zoë takes all five tricks (trump clubs).
BOURRE = """game bourre
players ann bob Zoë

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
"""

# Bid Euchre, one clean hand: lena asks and takes all six (iris sits out).
EUCHRE = """game bid-euchre
players lena rik iris Moë

hand 1
dealer Moë
bid lena ask
bid rik pass
bid iris pass
bid Moë pass
trump spades
trick 1: lena Js, rik 9s, Moë Th
trick 2: lena Ah, rik Qh, Moë Jh
trick 3: lena Jc, rik Td, Moë Tc
trick 4: lena As, rik Kh, Moë Jd
trick 5: lena Ks, rik Ad, Moë Qd
trick 6: lena Qs, rik Ac, Moë Kc
settle lena+iris 12 rik+Moë 0
"""

Item = tuple[str, int | None, int | None, str]


def _items(report: FileReport) -> list[Item]:
    """Every finding and read error of a report, as (rule, line, column, message)."""
    found = [(v.rule, v.line, v.column, v.message) for h in report.hands for v in h.violations]
    found += [(e.code, e.line, e.column, e.message) for e in report.errors]
    return found


def _audit(log: str, old: str, new: str) -> list[Item]:
    assert old in log
    return _items(audit_text(log.replace(old, new, 1), "t.hlog"))


def test_the_clean_logs_are_clean() -> None:
    assert _items(audit_text(BOURRE)) == []
    assert _items(audit_text(EUCHRE)) == []


# ----------------------------------------------------------------------------- the matching


def test_fold_drops_accents_and_case() -> None:
    assert fold("Zoë") == "zoe" and fold("BOURRÉ") == "bourre"


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("anne", "ann", 1), ("trik", "trick", 1), ("tirck", "trick", 1), ("limt", "limit", 1),
     ("carri", "carry", 1), ("abc", "abc", 0), ("abcdef", "uvwxyz", 3)],
)  # fmt: skip
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, 2) == distance


@pytest.mark.parametrize(
    ("word", "candidates", "expected"),
    [
        ("anne", ["ann", "bob"], ["ann"]),
        ("zoe", ["ann", "Zoë"], ["Zoë"]),
        ("dealr", ["dealer", "deal", "trick"], ["dealer", "deal"]),  # both one letter off
        ("bo", ["bob"], []),  # two letters: only case and accents
        ("annie", ["ann"], []),  # two letters off a three-letter name: another person
        ("cy", ["ann", "bob"], []),
        ("ann", ["ann", "anna"], []),  # a candidate itself
        ("x" * 500, ["x"], []),
    ],
)
def test_close_matches(word: str, candidates: list[str], expected: list[str]) -> None:
    assert close_matches(word, candidates) == expected


def test_did_you_mean_lists_at_most_three() -> None:
    assert did_you_mean([]) == ""
    assert did_you_mean(["ann"]) == "did you mean ann?"
    assert did_you_mean(["a", "b"], "`") == "did you mean `a` or `b`?"
    assert close_matches("abcd", ["abce", "abcf", "abcg", "abch"]) == ["abce", "abcf", "abcg"]


# ----------------------------------------------------------------------------- names


def test_bourre_unseated_name_in_a_trick_suggests_the_seated_one() -> None:
    assert _audit(BOURRE, "trick 1: bob 6d,", "trick 1: anne 6d, bob 6d,") == [
        ("L-PLAYER", 11, 10, "anne is not seated at this table; did you mean ann?"),
    ]


def test_bourre_name_without_its_accent_suggests_the_accented_one() -> None:
    assert _audit(BOURRE, "Zoë play", "zoe play") == [
        ("L-PLAYER", 9, 1, "zoe is not seated at this table; did you mean Zoë?"),
    ]


def test_bourre_dealer_line_suggests_a_seated_name() -> None:
    # the dealer is unknown too (the hand names no seated dealer): that is its own finding
    assert _audit(BOURRE, "dealer: ann", "dealer: Anne") == [
        ("L-MISSING", 4, 1, "hand 1 names no dealer"),
        ("L-PLAYER", 5, 9, "Anne is not seated at this table; did you mean ann?"),
    ]


def test_no_hint_when_no_seated_name_is_close() -> None:
    assert _audit(BOURRE, "bob 2d", "bob 2d, rex Kc") == [
        ("L-PLAYER", 15, 34, "rex is not seated at this table"),
    ]


def test_euchre_unseated_names_suggest_the_seated_ones() -> None:
    assert _audit(EUCHRE, "bid rik pass", "bid rick pass") == [
        ("L-PLAYER", 7, 5, "rick is not seated at this table; did you mean rik?"),
    ]
    assert _audit(EUCHRE, "rik+Moë 0", "rik+moe 0") == [
        ("L-PLAYER", 17, 25, "moe is not seated at this table; did you mean Moë?"),
    ]


# ----------------------------------------------------------------------------- keywords


@pytest.mark.parametrize(
    ("old", "new", "column", "message"),
    [
        # a misspelled statement keyword: `dealr eve` would be a decision by "dealr"
        ("dealer: ann", "dealr ann", 1, "unknown statement 'dealr'; did you mean `dealer`?"),
        ("trick 2:", "trik 2:", 1, "unknown statement 'trik'; did you mean `trick`?"),
        ("trick 2:", "tirck 2:", 1, "unknown statement 'tirck'; did you mean `trick`?"),
        ("trick 3:", "trick3:", 1, "unknown statement 'trick3'; did you mean `trick 3`?"),
        ("trick 3:", "trik3:", 1, "unknown statement 'trik3'; did you mean `trick 3`?"),
        ("trump: 4c", "trumpp 4c", 1, "unknown statement 'trumpp'; did you mean `trump`?"),
        # a misspelled action after a seated name
        ("ann play", "ann plays", 5,
         "expected pass, fold, play or stand after 'ann', found 'plays'; did you mean `play`?"),
        ("bob play", "bob passs", 5,
         "expected pass, fold, play or stand after 'bob', found 'passs'; did you mean `pass`?"),
        ("Zoë play", "Zoë play discrad 3", 10,
         "expected `discard` or the end of the line, found 'discrad'; did you mean `discard`?"),
        # a keyword written before the word Lark stopped at
        ("trick 5: Zoë 3h, ann 7s, bob 2d", "trick 5: Zoë 3h, ann 7s, bob 2d\nsettle pott 3", 8,
         "'pott' does not fit here; did you mean `pot`?"),
        # the action is the slip, and the name is not seated: the hint says which word
        ("ann play", "anne plays", 6, "'plays' does not fit here; did you mean `play`?"),
    ],
)  # fmt: skip
def test_a_misspelled_keyword_is_one_syntax_error_with_a_hint(
    old: str, new: str, column: int, message: str
) -> None:
    found = [item for item in _audit(BOURRE, old, new) if item[0].startswith("P-")]
    lines = BOURRE.replace(old, new).splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(new.splitlines()[-1]))
    assert found == [("P-SYNTAX", line, column, message)]


def test_a_missing_space_after_a_keyword_is_suggested() -> None:
    found = _audit(BOURRE, "trick 5: Zoë 3h, ann 7s, bob 2d", "trick 5: Zoë 3h, ann 7s, bob 2d\n"
                   "claim ann renegebob")  # fmt: skip
    assert found == [
        ("P-SYNTAX", 16, 11, "expected `renege`, found 'renegebob'; did you mean `renege bob`?")
    ]


def test_two_close_keywords_are_both_named_when_the_line_fits_neither() -> None:
    found = _audit(BOURRE, "dealer: ann", "dealer: ann\ndealr")
    assert found == [
        ("P-SYNTAX", 6, 1, "unknown statement 'dealr'; did you mean `dealer` or `deal`?")
    ]


def test_no_hint_for_a_word_far_from_every_keyword() -> None:
    found = _audit(BOURRE, "dealer: ann", "dealer: ann\nfrobnicate ann")
    assert found == [("P-SYNTAX", 6, 1, "unknown statement 'frobnicate'")]


def test_a_seated_name_is_never_taken_for_a_keyword() -> None:
    log = BOURRE.replace("players ann bob Zoë", "players ann bob Zoë deale").replace(
        "ante: ann bob Zoë", "ante: ann bob Zoë deale\ndeale fold"
    )
    found = _audit(log, "deale fold", "deale folds")
    assert found == [
        ("P-SYNTAX", 7, 7,
         "expected pass, fold, play or stand after 'deale', found 'folds'; did you mean `fold`?"),
    ]  # fmt: skip


def test_header_keywords_are_suggested() -> None:
    log = "titel Friday\n" + BOURRE.replace("players", "plyers")
    found = [item for item in _items(audit_text(log)) if item[1] is not None]
    assert found == [
        ("P-SYNTAX", 1, 1, "unknown statement 'titel'; did you mean `title`?"),
        ("P-SYNTAX", 3, 1, "unknown statement 'plyers'; did you mean `players`?"),
    ]


def test_valid_logs_are_unchanged_by_the_hints() -> None:
    # words one letter from a keyword, where a name may stand, read as names
    log = BOURRE.replace("ann", "dea").replace("bob", "pots")
    assert _items(audit_text(log)) == []


def _in_hands(line: str, count: int) -> str:
    """``count`` copies of ``line``, a new hand every 500 (a hand past 1,000 statement lines
    is not read: see referee.limits.MAX_HAND_LINES)."""
    return "".join(("hand 9\n" if i and i % 500 == 0 else "") + line for i in range(count))


def test_the_hint_parses_are_bounded() -> None:
    # every bad line tries its mendings; past the budget no line is parsed again for a hint
    from referee.parser.reader import _MAX_HINT_PARSES, read_text

    reader = read_text(BOURRE + _in_hands("dealr\n", _MAX_HINT_PARSES + 10))
    list(reader.hands())
    assert reader._hint_parses == _MAX_HINT_PARSES
    assert len(reader.errors) == _MAX_HINT_PARSES + 10


# ----------------------------------------------------------------------------- the game line


@pytest.mark.parametrize(
    ("game", "column", "message"),
    [
        ("Bid Euchre", 6, "unknown game 'Bid Euchre': did you mean bid-euchre?"),
        ("BidEuchre", 6, "unknown game 'BidEuchre': did you mean bid-euchre?"),
        ("euchre", 6, "unknown game 'euchre': did you mean bid-euchre?"),
        ("bouree", 6, "unknown game 'bouree': did you mean bourre?"),
        ("boore", 6, "unknown game 'boore': did you mean bourre?"),  # (booray)
        ("chess", 6, "unknown game 'chess': expected bourre or bid-euchre"),
        ("poker night", 6, "unknown game 'poker night': expected bourre or bid-euchre"),
        ("", 5, "the `game` line names no game: expected bourre or bid-euchre"),
    ],
)
def test_an_unknown_game_is_one_header_error(game: str, column: int, message: str) -> None:
    log = EUCHRE.replace("game bid-euchre", f"game {game}".rstrip())
    assert _items(audit_text(log)) == [("P-HEADER", 1, column, message)]


def test_a_slip_of_a_seated_name_is_not_taken_for_a_keyword() -> None:
    # `anne` alone would parse as `ante`, but it is more likely ann's decision, half written
    found = _audit(BOURRE, "dealer: ann", "dealer: ann\nanne")
    assert found == [("P-SYNTAX", 6, 1, "unknown statement 'anne'")]


# ----------------------------------------------------------------------------- house rules

_BOURRE_KEYS = (
    "valid keys: ante, limit, limit_caps_winner, hand_size, head_trick, head_when_trumped, "
    "must_trump, must_overtrump, must_undertrump, cinch, cinch_last, dealer_plays_ace, "
    "double_ante, all_pass, renege_penalty, decisions, early_penalty"
)


def _unknown(key: str, meant: str) -> str:
    return f"unknown option '{key}' for bourre (did you mean {meant}?); {_BOURRE_KEYS}"


def test_every_bad_option_line_is_its_own_error_with_a_hint() -> None:
    lines = (
        "option limt 20\n"  # 3
        "option head-trick false\n"  # 4
        "option all_pass carri\n"  # 5
        "option cinch ture\n"  # 6
        "option ante 2\n"  # 7: good
        "option hand_size 6\n"  # 8: no hint for a number
        "option lmit 5\n"  # 9
    )
    report = audit_text(BOURRE.replace("players ann bob Zoë\n", "players ann bob Zoë\n" + lines))
    assert report.hands == []  # not judged by rules other than its own
    assert _items(report) == [
        ("P-RULES", 3, 1, _unknown("limt", "limit")),
        ("P-RULES", 4, 1,
         _unknown("head-trick", "head_trick")),
        ("P-RULES", 5, 1,
         "bad value 'carri' for option all_pass: expected one of: carry, dealer "
         "(did you mean carry?)"),
        ("P-RULES", 6, 1,
         "bad value 'ture' for option cinch: expected true or false (did you mean true?)"),
        ("P-RULES", 8, 1,
         "bad value '6' for option hand_size: expected a whole number from 4 to 5"),
        ("P-RULES", 9, 1, _unknown("lmit", "limit")),
    ]  # fmt: skip


def test_no_hint_for_an_option_far_from_every_key() -> None:
    report = audit_text(
        BOURRE.replace("players ann bob Zoë\n", "players ann bob Zoë\noption x 1\n")
    )
    assert _items(report) == [("P-RULES", 3, 1, f"unknown option 'x' for bourre; {_BOURRE_KEYS}")]


_HOUSE = """\
# our house rules
bourre:
  head-trick: false
  limit: 20
  all_pass: carri
  cinch: ture
  Must_Trump: false
bid-euchre:
  target: 21
  min_bid: 9
"""


def _file_unknown(meant: str) -> str:
    """A house-rules file's unknown key: named by its place, never quoted (the file may be
    anything), with the valid key it is close to."""
    return f"unknown option key for bourre (did you mean {meant}?); {_BOURRE_KEYS}"


def _problems(path: str, prefix: str = "") -> list[str]:
    return [
        f"{prefix}{path}:3:3: " + _file_unknown("head_trick"),
        f"{prefix}{path}:5:13: bad value (a word) for option all_pass: expected one of: carry, "
        "dealer (did you mean carry?)",
        f"{prefix}{path}:6:10: bad value (a word) for option cinch: expected true or false "
        "(did you mean true?)",
    ]


def test_every_problem_of_a_rules_file_in_one_run(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(_HOUSE)
    log = BOURRE.replace("players ann bob Zoë\n", "players ann bob Zoë\nrules house.yaml\n")
    report = audit_text(log, "t.hlog", base_dir=tmp_path)
    assert report.hands == []
    path = str(tmp_path / "house.yaml")
    assert _items(report) == [("P-RULES", 3, 7, m) for m in _problems(path)]


def test_every_problem_of_every_layer_in_one_run(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(_HOUSE)
    (tmp_path / "cli.yaml").write_text("ante: 1\nlimt: 5\n")
    log = BOURRE.replace(
        "players ann bob Zoë\n", "players ann bob Zoë\nrules house.yaml\noption limt 20\n"
    )
    report = audit_text(log, "t.hlog", rules_file=tmp_path / "cli.yaml", base_dir=tmp_path)
    cli = str(tmp_path / "cli.yaml")
    assert _items(report) == [
        ("P-RULES", None, None, f"--rules {cli}:2:1: " + _file_unknown("limit")),
        *[("P-RULES", 3, 7, m) for m in _problems(str(tmp_path / "house.yaml"))],
        ("P-RULES", 4, 1, _unknown("limt", "limit")),
    ]  # fmt: skip


def test_euchre_section_of_the_same_file(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(_HOUSE)
    log = EUCHRE.replace(
        "players lena rik iris Moë\n", "players lena rik iris Moë\nrules house.yaml\n"
    )
    report = audit_text(log, "t.hlog", base_dir=tmp_path)
    assert _items(report) == [
        ("P-RULES", 3, 7,
         f"{tmp_path / 'house.yaml'}:10:12: bad value (a number) for option min_bid: expected a "
         "whole number from 1 to 6"),
    ]  # fmt: skip


def test_a_file_that_is_not_valid_yaml_is_still_one_error(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("limit: [20\n")
    log = BOURRE.replace("players ann bob Zoë\n", "players ann bob Zoë\nrules house.yaml\n")
    (item,) = _items(audit_text(log, "t.hlog", base_dir=tmp_path))
    assert item[:3] == ("P-RULES", 3, 7) and "invalid YAML" in item[3]


def test_the_command_lists_every_rules_problem_and_exits_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    rules = tmp_path / "house.yaml"
    rules.write_text(_HOUSE)
    log = tmp_path / "t.hlog"
    log.write_text(BOURRE)
    result = CliRunner().invoke(app, ["audit", "--quiet", "--rules", str(rules), str(log)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if "P-RULES" in line]
    assert lines == [f"{log}: P-RULES {m}" for m in _problems(str(rules), "--rules ")]


def test_a_key_given_twice_is_reported_at_its_last_line(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("limt: 1\nante: 2\nlimt: 3\n")
    log = BOURRE.replace("players ann bob Zoë\n", "players ann bob Zoë\nrules house.yaml\n")
    report = audit_text(log, "t.hlog", base_dir=tmp_path)
    assert _items(report) == [
        ("P-RULES", 3, 7, f"{tmp_path / 'house.yaml'}:3:1: " + _file_unknown("limit"))
    ]


def test_a_very_long_line_is_not_parsed_again_for_a_hint() -> None:
    from referee.parser.reader import read_text

    reader = read_text(BOURRE + "trik 1: " + "ann 7h " * 2000 + "\n")
    list(reader.hands())
    assert reader._hint_parses == 0
    assert [(e.line, e.column, e.message) for e in reader.errors] == [
        (16, 1, "unknown statement 'trik'; did you mean `trick`?")  # (unchecked, but sure)
    ]


def test_only_so_many_bad_lines_a_log_get_a_hint() -> None:
    from referee.parser.reader import _MAX_HINTED_LINES, read_text

    reader = read_text(BOURRE + _in_hands("trumpp 4c\n", _MAX_HINTED_LINES + 2))
    list(reader.hands())
    messages = [e.message for e in reader.errors]
    assert len(messages) == _MAX_HINTED_LINES + 2
    assert set(messages[:_MAX_HINTED_LINES]) == {
        "unknown statement 'trumpp'; did you mean `trump`?"
    }
    assert messages[_MAX_HINTED_LINES:] == ["unknown statement 'trumpp'"] * 2
