"""The statements registry (referee/statements.py): every example reads in a log of each
game it is for, a game without a statement refuses it in its own words, `referee explain`
prints every statement, and read errors speak of the log's own game (issue: "The first
hour with the referee")."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.api import audit_text
from referee.cli import app
from referee.parser import read_text
from referee.parser.common import STATEMENT_KEYWORDS
from referee.statements import GAMES, STATEMENTS, Statement, find_statement, statement_names
from referee.topics import explain_topic, topic_names

runner = CliRunner()
PLAYERS = "players ann bob cy dee"
HOUSE_RULES = "bourre:\n  limit: 10\nbid-euchre:\n  target: 32\n"
TITLES = {"bourre": "Bourré", "bid-euchre": "Bid Euchre"}


def example_log(statement: Statement, example: str, game: str) -> str:
    """A log of ``game`` with ``example`` in its place: in the header (with the `game` and
    `players` lines it does not give itself), or in hand 1."""
    lines = example.splitlines()
    words = {line.split()[0] for line in lines}
    head = [] if "game" in words else [f"game {game}"]
    head += [] if "players" in words else [PLAYERS]
    if "header" in statement.places and statement.keyword != "score":
        return "\n".join(head + lines + ["", "hand 1", "dealer dee", ""])
    opening = [] if "hand" in words else ["hand 1"]
    return "\n".join([*head, "", *opening, *lines, ""])


def examples() -> list[tuple[str, str, str, Statement]]:
    """(id, game, example, statement) for every example of every statement in each game."""
    found = []
    for statement in STATEMENTS:
        for usage in statement.usages:
            texts = [usage.example] + [form.example for form in usage.forms]
            for game in usage.games:
                for n, text in enumerate(texts):
                    found.append((f"{statement.keyword}-{game}-{n}", game, text, statement))
    return found


def read_errors(log: str, tmp_path: Path) -> list[str]:
    (tmp_path / "house.yaml").write_text(HOUSE_RULES, encoding="utf-8")
    report = audit_text(log, path="example.hlog", base_dir=tmp_path)
    return [f"{e.code} {e.line}:{e.column} {e.message}" for e in report.errors]


@pytest.mark.parametrize(
    ("game", "example", "statement"),
    [case[1:] for case in examples()],
    ids=[case[0] for case in examples()],
)
def test_every_example_reads_in_each_game_it_is_for(
    game: str, example: str, statement: Statement, tmp_path: Path
) -> None:
    log = example_log(statement, example, game)
    assert read_errors(log, tmp_path) == [], log
    reader = read_text(log)
    hands = list(reader.hands())
    assert reader.header is not None
    assert reader.header.game == game or statement.keyword == "game"
    said = [line for line in example.splitlines() if line.split()[0] not in ("hand",)]
    if "hand" in statement.places and statement.keyword != "hand":
        # each line of the example is one statement of the hand
        assert len(hands[0].events) == len(said), log
        assert statement.keyword in _words_of(hands[0].events[0]), log


def _words_of(event: object) -> str:
    from referee.parser.messages import _statement_word

    return _statement_word(event)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "statement", [s for s in STATEMENTS if len(s.games) == 1], ids=lambda s: s.keyword
)
def test_a_game_without_a_statement_says_so_in_its_words(
    statement: Statement, tmp_path: Path
) -> None:
    (owner,) = statement.games
    (other,) = [g for g in GAMES if g != owner]
    usage = statement.usage(owner)
    assert usage is not None and other in statement.instead
    log = example_log(statement, usage.example, other)
    errors = read_errors(log, tmp_path)
    assert len(errors) == len(usage.example.splitlines()), errors
    for error in errors:
        assert TITLES[owner] in error, error
        if statement.keyword not in ("pot", "exempt"):  # (header: `pot` is a Bourré statement)
            assert statement.instead[other] in error, error


def test_the_registry_covers_every_statement_the_grammar_starts() -> None:
    openings = {
        name
        for s in STATEMENTS
        for name in s.names
        if name not in ("pass", "fold", "play", "stand", "draw", "ask", "moon")
    }
    assert openings == set(STATEMENT_KEYWORDS)
    for name in statement_names():
        assert find_statement(name.upper()) is not None


def test_every_statement_is_explained_by_explain() -> None:
    for name in statement_names():
        statement = find_statement(name)
        assert statement is not None
        result = runner.invoke(app, ["explain", name])
        assert (result.exit_code, result.stderr) == (0, ""), name
        assert result.stdout.startswith(f"{statement.keyword}: {statement.summary}\n")
        for usage in statement.usages:
            for form in usage.forms:
                assert f"    {form.syntax}\n" in result.stdout
            for line in usage.example.splitlines():
                assert f"    {line}\n" in result.stdout
        assert "`referee docs log-format`" in result.stdout
        assert name in topic_names()


def test_explain_settle_gives_both_games_forms() -> None:
    result = runner.invoke(app, ["explain", "SETTLE"])
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith(
        "settle: what the table paid (Bourré) or scored (Bid Euchre) in a hand, as recorded\n"
        "a statement of a hand, in both games (written differently)\n"
        "\n"
        "In Bourré:\n"
        "    settle NAME wins AMOUNT\n"
        "        Recorded: the player took a pot of that amount.\n"
    )
    assert "In Bid Euchre:\n    settle TEAM POINTS TEAM POINTS\n" in out
    assert "Example:\n    settle ann+cy -4 bob+dee 3\n" in out


def test_explain_a_statement_of_one_game_says_what_the_other_writes() -> None:
    out = explain_topic("bid")
    assert out.splitlines()[1] == "a Bid Euchre statement of a hand"
    assert out.endswith(
        "\nNot in Bourré: a Bourré player does not bid but decides in turn: `NAME play` or\n"
        "`NAME pass`.\n"
        "\n"
        "Every statement, with whole logs to copy: `referee docs log-format`\n"
    )
    assert explain_topic("moon") == out  # (a word of the statement's own)


def test_a_statement_that_is_also_an_option_gets_both() -> None:
    out = explain_topic("ante")
    statement, option = out.split("\n\nante: ")
    assert statement.startswith("ante: who paid the ante, as the table recorded it\n")
    assert option.startswith("what each player pays into the pot")
    assert "a Bourré house option" in option


@pytest.mark.parametrize(
    ("word", "hint"),
    [("sttle", "did you mean settle?"), ("exchnge", "did you mean exchange?"),
     ("redael", "did you mean redeal?"), ("limt", "did you mean limit?"),
     ("BR-FOLOW", "did you mean BR-FOLLOW?"), ("syntax", "did you mean P-SYNTAX?")],
)  # fmt: skip
def test_explain_a_near_miss_of_any_kind(word: str, hint: str) -> None:
    result = runner.invoke(app, ["explain", word])
    assert result.exit_code == 2
    assert result.stderr == (
        f"referee: no rule ID, read-error code, house option or statement is called "
        f"{word!r}; {hint}\n"
    )


# ----------------------------------------------------------------------------- read errors

BOURRE = "game bourre\nplayers ivy jo kim\n\nhand 1\ndealer kim\ntrump 4h\n"
EUCHRE = "game bid-euchre\nplayers ann bob cy dee\n\nhand 1\ndealer dee\nbid ann 3 hearts\n"


def errors_of(log: str) -> list[tuple[str, int | None, int | None, str]]:
    report = audit_text(log)
    return [(e.code, e.line, e.column, e.message) for e in report.errors]


_FORM = (
    "a Bourré `settle` line is `settle NAME wins AMOUNT` (or `bourre`, `renege`, `penalty` "
    "for what a player paid), `settle split` or `settle pot AMOUNT`"
)
_TEAMS = (
    "a Bid Euchre `settle` line is `settle TEAM POINTS TEAM POINTS`, both teams' points; "
    "the teams here are ann+cy and bob+dee"
)


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        # the three Bourré slips
        ("settle ivy won 4", 12,
         "expected `bourre`, `penalty`, `renege` or `wins`, found 'won'; did you mean `wins`?"),
        ("settle ivy +3", 12,
         "expected `bourre`, `penalty`, `renege` or `wins`, found '+3'; did you mean `wins 3`?"),
        ("jo passes", 4,
         "expected pass, fold, play or stand after 'jo', found 'passes'; did you mean `pass`?"),
        # and more of the same kind
        ("settle ivy -3", 12,
         "expected `bourre`, `penalty`, `renege` or `wins`, found '-3'; did you mean "
         "`bourre 3`, `renege 3` or `penalty 3`?"),
        ("settle ivy 3", 12,
         f"expected `bourre`, `penalty`, `renege` or `wins`, found '3'; {_FORM}"),
        ("jo played", 4,
         "expected pass, fold, play or stand after 'jo', found 'played'; did you mean `play`?"),
        ("settle jo reneged 2", 11,
         "expected `bourre`, `penalty`, `renege` or `wins`, found 'reneged'; did you mean "
         "`renege`?"),
        # Bid Euchre's statements in a Bourré log
        ("settle ivy+jo 3 kim+ivy 4", 1, f"this is a Bid Euchre `settle` line; {_FORM}"),
        ("bid ivy 3 hearts", 1,
         "`bid` is a Bid Euchre statement; a Bourré player does not bid but decides in turn: "
         "`NAME play` or `NAME pass`"),
        ("bid ivy 9", 1,
         "`bid` is a Bid Euchre statement; a Bourré player does not bid but decides in turn: "
         "`NAME play` or `NAME pass`"),
        ("score ivy+jo 3 kim+ivy 4", 1,
         "`score` is a Bid Euchre statement; a Bourré log keeps no score: the referee adds up "
         "the money itself, and what the table paid is `settle`"),
    ],
)  # fmt: skip
def test_bourre_read_errors_speak_of_bourre(line: str, column: int, message: str) -> None:
    assert errors_of(BOURRE + line + "\n") == [("P-SYNTAX", 7, column, message)]


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        # the Bid Euchre counterparts: teams, and bids
        ("settle ann wins 4", 1, f"this is a Bourré `settle` line; {_TEAMS}"),
        ("settle split", 1, f"this is a Bourré `settle` line; {_TEAMS}"),
        ("settle ann won 4", 12,
         f"expected `+` joining two partners (ann+cy), found 'won'; {_TEAMS}"),
        ("settle ann +3", 13, f"expected a player name, found '3'; {_TEAMS}"),
        ("score ann 3", 11,
         "expected `+` joining two partners (ann+cy), found '3'; a Bid Euchre `score` line is "
         "`score TEAM POINTS TEAM POINTS`, both teams' running score; the teams here are "
         "ann+cy and bob+dee"),
        ("bob passes", 1,
         "a player's decision (`bob pass`) is a Bourré statement; a Bid Euchre pass is a "
         "bid: `bid NAME pass`; did you mean `bid bob pass`?"),
        ("bob pass", 1,
         "a player's decision (`bob pass`) is a Bourré statement; a Bid Euchre pass is a "
         "bid: `bid NAME pass`; did you mean `bid bob pass`?"),
        ("bob play", 1,
         "a player's decision (`bob play`) is a Bourré statement; a Bid Euchre player bids: "
         "`bid NAME N [SUIT]`, `bid NAME ask`, `bid NAME moon` or `bid NAME pass`"),
        ("ante ann bob", 1,
         "`ante` is a Bourré statement; a Bid Euchre hand has no antes: what a hand scores "
         "is `settle TEAM POINTS TEAM POINTS`"),
        ("bid bob passes", 9,
         "expected a bid: pass, a number from 3 to 6, ask or moon, found 'passes'; did you "
         "mean `pass`?"),
        ("dealr dee", 1, "unknown statement 'dealr'; did you mean `dealer`?"),
        ("frobnicate", 1, "unknown statement 'frobnicate'"),
    ],
)  # fmt: skip
def test_bid_euchre_read_errors_speak_of_bid_euchre(line: str, column: int, message: str) -> None:
    assert errors_of(EUCHRE + line + "\n") == [("P-SYNTAX", 7, column, message)]


def test_a_statement_of_the_other_game_leaves_the_hand_unsettled() -> None:
    report = audit_text(EUCHRE + "settle ann wins 4\n")
    (hand,) = report.hands
    assert not hand.settled and "7" in (hand.unsettled or "")


def test_the_header_s_statements_of_the_other_game_are_still_header_errors() -> None:
    log = "game bid-euchre\nplayers ann bob cy dee\npot 5\n\nhand 1\ndealer dee\n"
    assert errors_of(log) == [("P-HEADER", 3, 1, "`pot` is a Bourré statement")]


def _bad_lines() -> list[tuple[str, str]]:
    """Lines that do not read, made from every example line of each game: cut short, a word
    left out, or a word replaced."""
    found: dict[tuple[str, str], None] = {}
    for statement in STATEMENTS:
        for usage in statement.usages:
            texts = [usage.example, *(f.example for f in usage.forms)]
            lines = {line.split("#")[0].strip() for t in texts for line in t.splitlines()}
            for game in usage.games:
                for line in lines:
                    words = line.split()
                    for n in range(len(words)):
                        found[(game, " ".join(words[:n]))] = None
                        found[(game, " ".join(words[:n] + words[n + 1 :]))] = None
                        for other in ("xx", "won", "+3", "ann", "pass", "7h", "ann+cy"):
                            found[(game, " ".join([*words[:n], other, *words[n + 1 :]]))] = None
    return [key for key in found if key[1]]


def test_the_second_parse_is_spared_only_where_it_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lark.exceptions import UnexpectedInput

    from referee.parser import messages
    from referee.parser.common import _Names
    from referee.parser.syntax import _syntax

    names = _Names(("ann", "bob", "cy", "dee"))
    checked = 0
    for game, line in _bad_lines():
        try:
            _syntax().lark.parse(line, start="line")
            continue
        except UnexpectedInput as exc:
            spared = messages._explain(exc, line, names, None, 6, game)
            with monkeypatch.context() as patch:
                patch.setattr(messages, "_depends_on_game", lambda text, game: True)
                full = messages._explain(exc, line, names, None, 6, game)
        assert spared == full, (game, line)
        checked += 1
    assert checked > 1000
