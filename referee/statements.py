"""Every statement of a hand log in words: the one registry of what a log may say.

One :class:`Statement` per keyword a line starts with (a player's decision, which starts
with the player's name, is listed under ``pass`` and ``play``), in the order the guide lists
them. Each has its forms in each game, and an example that the tests read in a log of each
game it is for (``tests/test_statements.py``): an example that stops reading fails them.

From here: ``referee explain KEYWORD`` (:mod:`referee.topics`), the statement tables of the
guide's ``docs/log-format.md`` (:mod:`referee.docgen`), and the parts of a read error that
name the right form of a statement in the log's own game, or what the game writes instead
of a statement of the other one (:mod:`referee.parser.messages`).

The registry holds plain text only (no parser, no options), so that the reader can use it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from referee.games import GameKey

#: The games, by key, in the order the documents list them.
GAMES = tuple(key.value for key in GameKey)
BOTH = GAMES


@dataclass(frozen=True, slots=True)
class Form:
    """One way a statement is written: its shape (``settle NAME wins AMOUNT``: keywords as
    written, the parts in capitals), what it says (a sentence), and one line that reads."""

    syntax: str
    meaning: str
    example: str


@dataclass(frozen=True, slots=True)
class Usage:
    """A statement as the ``games`` named write it: its forms, a few lines of a log that use
    them (read by the tests in a log of each of those games), and when it is needed and
    what the referee does with it."""

    games: tuple[str, ...]
    forms: tuple[Form, ...]
    example: str
    notes: str
    #: The forms in one line, for a read error of a line of it (a statement whose forms
    #: differ between the games: `settle`, `score`), or "".
    shape: str = ""


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement: the keyword a line starts with, other words for it, a summary, where
    it goes (``header``: before the first ``hand`` line; ``hand``: in a hand), how each game
    writes it, and for a game without it, what that game writes instead."""

    keyword: str
    summary: str
    places: tuple[str, ...]
    usages: tuple[Usage, ...]
    aliases: tuple[str, ...] = ()
    instead: dict[str, str] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The keyword and its other words (``pass``, ``fold``)."""
        return (self.keyword, *self.aliases)

    @property
    def games(self) -> tuple[str, ...]:
        """The games that have it, in the documents' order."""
        return tuple(g for g in GAMES if any(g in u.games for u in self.usages))

    def usage(self, game: str) -> Usage | None:
        """How ``game`` writes it (None: the game has no such statement)."""
        return next((u for u in self.usages if game in u.games), None)


def _form(syntax: str, meaning: str, example: str) -> Form:
    return Form(syntax, meaning, example)


STATEMENTS: tuple[Statement, ...] = (
    # ------------------------------------------------------------------ the header
    Statement(
        "game",
        "which game the log is: Bourré or Bid Euchre",
        ("header",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "game GAME",
                        "The game: `bourre` (also `bourré`, `booray`) or `bid-euchre` "
                        "(also `bid_euchre`).",
                        "game bourre",
                    ),
                ),
                "game bid-euchre",
                "Required, once, before the first hand (usually the first line). The game "
                "decides which statements the hands hold, the rules they are judged by and "
                "the house options.",
            ),
        ),
    ),
    Statement(
        "players",
        "who sits at the table, in seating order",
        ("header",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "players NAME ...",
                        "The players in seating order, clockwise. Bourré: 2 to 8; Bid "
                        "Euchre: exactly 4, the first and third partners against the second "
                        "and fourth.",
                        "players ann bob cy dee",
                    ),
                ),
                "players ann bob cy dee                   # ann+cy against bob+dee",
                "Required, once. A name is one word: a letter, then letters, digits, `_`, "
                "`'` or `-` (`mary-jo`, `zoë`); it may not be a keyword (`pot`) nor look like "
                "a card (`as` is the ace of spades), and two names may not read alike. Names "
                "are matched without regard to case.",
            ),
        ),
    ),
    Statement(
        "title",
        "a title, date, event or table for the reports",
        ("header",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "title TEXT",
                        "A title for the reports.",
                        "title Friday night at Ray's",
                    ),
                    _form("date TEXT", "The date, as you write it.", "date 2025-01-31"),
                    _form(
                        "event TEXT", "The event (a league, a tournament).", "event Spring league"
                    ),
                    _form("table TEXT", "The table.", "table 3"),
                ),
                "title Friday night at Ray's\ndate 2025-01-31",
                "Optional, each once, in the header. The text runs to the end of the line (a "
                "`#` starts a comment even there). The reports show them (JSON `metadata`).",
            ),
        ),
        aliases=("date", "event", "table"),
    ),
    Statement(
        "option",
        "one house rule, for this log",
        ("header",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "option KEY VALUE",
                        "One house rule: the option KEY set to VALUE; `referee docs "
                        "house-rules` lists them.",
                        "option limit 10",
                    ),
                ),
                "option limit 10\noption ante 0.50",
                "Optional, in the header, one line per option; it wins over a house-rules "
                "file. `referee explain KEY` says what an option means, its default and its "
                "values; `referee new bourre` lists them all.",
            ),
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "option KEY VALUE",
                        "One house rule: the option KEY set to VALUE; `referee docs "
                        "house-rules` lists them.",
                        "option target 32",
                    ),
                ),
                "option target 32\noption stick_the_dealer true",
                "Optional, in the header, one line per option; it wins over a house-rules "
                "file. `referee explain KEY` says what an option means, its default and its "
                "values; `referee new bid-euchre` lists them all.",
            ),
        ),
    ),
    Statement(
        "rules",
        "a house-rules file for this log",
        ("header",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "rules FILE",
                        "A house-rules file, in the log's folder or below it.",
                        "rules house.yaml",
                    ),
                ),
                "rules house.yaml",
                "Optional, once, in the header. The file's options apply under the log's "
                "own `option` lines (`referee docs house-rules`). A file outside the log's "
                "folder is refused unless the audit is run with `--allow-rules-anywhere`.",
            ),
        ),
    ),
    Statement(
        "pot",
        "money already in the pot before hand 1",
        ("header",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "pot AMOUNT",
                        "Money already in the pot before hand 1 (a session logged from the "
                        "middle).",
                        "pot 12",
                    ),
                ),
                "pot 12",
                "Optional, once, in the header: the pot the log's first hand is played "
                "for, before its antes. A log that goes on from another starts with what "
                "that one left in the pot.",
            ),
        ),
        instead={
            "bid-euchre": "a Bid Euchre game has no pot: the score so far is `score TEAM "
            "POINTS TEAM POINTS` before hand 1",
        },
    ),
    Statement(
        "exempt",
        "players excused from hand 1's ante",
        ("header",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "exempt NAME ...",
                        "Players excused from hand 1's ante (bourré or tied in the hand "
                        "before the log starts).",
                        "exempt cy",
                    ),
                ),
                "exempt cy dee",
                "Optional, once, in the header, for a log that goes on from another: the "
                "players that hand left bourré or tied owe no ante in hand 1.",
            ),
        ),
        instead={"bid-euchre": "a Bid Euchre game has no antes"},
    ),
    # ------------------------------------------------------------------ a hand
    Statement(
        "hand",
        "opens a hand: every hand starts with its number",
        ("hand",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "hand N",
                        "Opens hand N. Hands are numbered 1, 2, 3, ... in the order played.",
                        "hand 3",
                    ),
                ),
                "hand 1",
                "A hand runs from its `hand` line to the next one; the statements before the "
                "first are the header. A number out of sequence is reported (L-SEQUENCE); "
                "a forgotten `hand` line is noticed when a hand says again what a hand says "
                "once (a second `trick 1`).",
            ),
        ),
    ),
    Statement(
        "dealer",
        "who dealt the hand",
        ("hand",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "dealer NAME",
                        "Who dealt. Needed in hand 1; afterwards the deal passes to the left "
                        "and the line is optional (a wrong one is reported).",
                        "dealer dee",
                    ),
                ),
                "dealer dee",
                "After hand 1 the referee passes the deal itself, so the line may be left "
                "out; one that names another player than the referee's dealer is L-DEALER. "
                "In Bourré a player who took a card back or announced early misses their "
                "next turn to deal.",
            ),
        ),
    ),
    Statement(
        "deal",
        "the cards a player was dealt",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "deal NAME CARD ...",
                        "Optional: the cards a player was dealt, in any order.",
                        "deal ann Ah Kh 2c 9s 5d",
                    ),
                ),
                "deal ann Ah Kh 2c 9s 5d\ndeal cy Td 8h Qh 9c 2s",
                "Once per player: five cards (four with `hand_size: 4`), before the draw. "
                "Without it a renege is proven from the cards the player played later; with "
                "it, from the cards held.",
            ),
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "deal NAME CARD ...",
                        "Optional: the six cards a player was dealt.",
                        "deal cy Jd Jc Kc Qc 9c Ad",
                    ),
                ),
                "deal ann Jh Ah Kh 9s Ac Tc\ndeal cy Jd Jc Kc Qc 9c Ad",
                "Once per player: six cards (the dealer seven with `joker`, twelve each "
                "with `deck: double`). Without it a renege is proven from the "
                "cards the player played later; with it, from the cards held.",
            ),
        ),
    ),
    Statement(
        "ante",
        "who paid the ante, as the table recorded it",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "ante NAME ...",
                        "Optional: who paid the ante, as the table recorded it. The referee "
                        "checks it names exactly the players who owed it.",
                        "ante ann bob cy dee",
                    ),
                ),
                "ante ann bob dee",
                "Everyone owes the ante except the players bourré or tied in the hand before "
                "(in hand 1, the header's `exempt` players); a line that names others is "
                "BR-SETTLE-ANTE. The amount is the house option `ante`.",
            ),
        ),
        instead={
            "bid-euchre": "a Bid Euchre hand has no antes: what a hand scores is `settle TEAM "
            "POINTS TEAM POINTS`",
        },
    ),
    Statement(
        "bid",
        "a player's bid",
        ("hand",),
        (
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "bid NAME pass",
                        "A pass. A player with no `bid` line passed.",
                        "bid bob pass",
                    ),
                    _form(
                        "bid NAME N [SUIT]",
                        "A bid of N tricks, from `min_bid` (3) to 6, or to 12 with `deck: "
                        "double`; the trump suit may follow.",
                        "bid ann 4 hearts",
                    ),
                    _form(
                        "bid NAME ask [SUIT]",
                        "All six tricks, with the partner's best trump in exchange for a "
                        "card; the partner sits out.",
                        "bid ann ask",
                    ),
                    _form(
                        "bid NAME moon [SUIT]",
                        "All six tricks alone, with no exchange; the partner sits out.",
                        "bid dee moon spades",
                    ),
                ),
                "bid ann 4 hearts\nbid bob pass\nbid cy pass\nbid dee pass",
                "Write the bids in the order made, from the dealer's left. Each bid must "
                "beat the one before (BE-BID-LOW) and come in turn (BE-BID-ORDER). A hand "
                "that all four pass is redealt.",
            ),
        ),
        aliases=("ask", "moon"),
        instead={
            "bourre": "a Bourré player does not bid but decides in turn: `NAME play` or "
            "`NAME pass`",
        },
    ),
    Statement(
        "trump",
        "the hand's trump",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "trump CARD",
                        "Required: the dealer's face-up card; its suit is trump.",
                        "trump 9d",
                    ),
                    _form(
                        "trump SUIT", "The trump suit, when the card was not noted.", "trump spades"
                    ),
                ),
                "trump 7s                                 # the dealer's face-up card",
                "Once in every hand, before the tricks. Write the card when it was noted: "
                "the referee then also knows the dealer holds it.",
            ),
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "trump SUIT",
                        "The suit the high bidder named (optional when the bid names it).",
                        "trump hearts",
                    ),
                ),
                "trump hearts",
                "Needed when the winning bid does not name its suit (`bid ann ask`), else "
                "optional; when both name one, it must be the same (else L-DUPLICATE, and "
                "the hand is not scored). A suit is a word (`hearts`, `heart`), a symbol "
                "(`♥`) or its letter (`h`).",
            ),
        ),
    ),
    Statement(
        "exchange",
        "the cards passed between partners after an `ask`",
        ("hand",),
        (
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "exchange NAME CARD NAME CARD",
                        "After `ask`: the bidder gives the first card to the partner, who "
                        "gives back the second.",
                        "exchange ann 9s cy Jd",
                    ),
                ),
                "exchange ann 9s cy Jd",
                "Optional, after an `ask` bid. The partner must give back their best trump "
                "(BE-ASK-BEST).",
            ),
        ),
        instead={
            "bourre": "a Bourré player changes cards with the stock, in their decision: "
            "`NAME play discard CARD ... draw CARD ...`",
        },
    ),
    Statement(
        "pass",
        "a player's decision to sit the hand out",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (_form("NAME pass", "The player passes (folds); also `NAME fold`.", "bob pass"),),
                "bob pass\ncy fold",
                "Decisions are written in the order said, from the dealer's left, the dealer "
                "last (before one's turn: BR-DECIDE-ORDER, under `decisions: turn`). They "
                "may be left out: a player who plays a card in the tricks played, one who "
                "does not passed.",
            ),
        ),
        aliases=("fold",),
        instead={"bid-euchre": "a Bid Euchre pass is a bid: `bid NAME pass`"},
    ),
    Statement(
        "play",
        "a player's decision to play the hand, and the cards they changed",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "NAME play",
                        "The player plays and keeps all five cards; also `NAME stand`.",
                        "cy play",
                    ),
                    _form(
                        "NAME play discard N",
                        "Plays, changing N cards (which ones not written down).",
                        "dee play discard 1",
                    ),
                    _form(
                        "NAME play discard CARD ... draw CARD ...",
                        "Plays, with the cards thrown away and the cards drawn. `draw ...` "
                        "may be left out.",
                        "ann play discard 2c 5d draw Qc 3d",
                    ),
                ),
                "ann play discard 2c 5d draw Qc 3d\ncy stand\ndee play discard 1",
                "Decisions are written in the order said, from the dealer's left, the dealer "
                "last. A player draws as many cards as they discard, and no more than allowed "
                "(BR-DRAW); an exchange not written is never guessed at.",
            ),
        ),
        aliases=("stand", "draw"),
        instead={
            "bid-euchre": "a Bid Euchre player bids: `bid NAME N [SUIT]`, `bid NAME ask`, "
            "`bid NAME moon` or `bid NAME pass`",
        },
    ),
    Statement(
        "trick",
        "one trick: the cards in the order they were played",
        ("hand",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "trick [N] NAME CARD ...",
                        "One trick: the cards in the order they were played, the lead first. "
                        "The number is optional; if given, it must be right.",
                        "trick 2: ann Kh, bob 9h, cy Ah, dee Qh",
                    ),
                    _form(
                        "NAME CARD (was CARD)",
                        "Inside a trick: the player put down the card in brackets, took it "
                        "back before the next player played, and played the first card "
                        "instead.",
                        "trick 3: ann Qs, bob Ts (was Jc), cy Ks",
                    ),
                ),
                "trick 1: ann Ah, bob 9h, cy Th, dee Kh\n"
                "trick 2: ann As, bob Ks (was Jc), cy 9s, dee Qs",
                "Write the tricks in order, each trick's cards in the order they fell; the "
                "winner of a trick leads the next. Commas and the colon are optional. A card "
                "taken back with `(was CARD)` is judged too, and marked corrected.",
            ),
        ),
    ),
    Statement(
        "claim",
        "a renege called at the table",
        ("hand",),
        (
            Usage(
                BOTH,
                (
                    _form(
                        "claim NAME renege NAME [trick N]",
                        "A renege called at the table, by the first player against the "
                        "second. The referee rules on it.",
                        "claim dee renege ann trick 2",
                    ),
                ),
                "claim dee renege ann trick 2\nclaim ann renege bob",
                "The referee upholds a claim when the accused made an illegal play in the "
                "trick named (in any trick of the hand when none is named) and rejects it "
                "otherwise, with the evidence either way. A claim costs nothing by itself.",
            ),
        ),
    ),
    Statement(
        "settle",
        "what the table paid (Bourré) or scored (Bid Euchre) in a hand, as recorded",
        ("hand",),
        (
            Usage(
                ("bourre",),
                (
                    _form(
                        "settle NAME wins AMOUNT",
                        "Recorded: the player took a pot of that amount.",
                        "settle ann wins 12",
                    ),
                    _form(
                        "settle NAME bourre AMOUNT",
                        "Recorded: the player paid that for taking no trick (`bourré` too).",
                        "settle cy bourre 5",
                    ),
                    _form(
                        "settle NAME renege AMOUNT",
                        "Recorded: the player paid that for a renege.",
                        "settle bob renege 4",
                    ),
                    _form(
                        "settle NAME penalty AMOUNT",
                        "Recorded: the player paid that for announcing before their turn.",
                        "settle dee penalty 1",
                    ),
                    _form(
                        "settle split",
                        "Recorded: nobody took the pot; it carried to the next hand.",
                        "settle split",
                    ),
                    _form(
                        "settle pot AMOUNT",
                        "Recorded: the pot played for in this hand.",
                        "settle pot 5",
                    ),
                ),
                "settle pot 5\nsettle ann wins 5\nsettle cy bourre 5",
                "Optional: without `settle` lines the referee works the payments out itself. "
                "A hand with any is taken as the table's whole record, and checked line by "
                "line: a missing, extra or wrong payment is reported (BR-SETTLE-*).",
                shape="`settle NAME wins AMOUNT` (or `bourre`, `renege`, `penalty` for what a "
                "player paid), `settle split` or `settle pot AMOUNT`",
            ),
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "settle TEAM POINTS TEAM POINTS",
                        "Recorded: the points each side scored in the hand.",
                        "settle ann+cy -4 bob+dee 3",
                    ),
                ),
                "settle ann+cy -4 bob+dee 3",
                "Optional, checked against the referee's scoring (BE-SCORE). A team is two "
                "partners joined by `+`, in either order (`ann+cy` or `cy+ann`); points are "
                "whole numbers, negative for a side that went back.",
                shape="`settle TEAM POINTS TEAM POINTS`, both teams' points",
            ),
        ),
    ),
    Statement(
        "score",
        "the running score of a Bid Euchre game",
        ("hand", "header"),
        (
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "score TEAM POINTS TEAM POINTS",
                        "The running score: after a hand, as the table recorded it; before "
                        "hand 1, the score so far.",
                        "score ann+cy 26 bob+dee 32",
                    ),
                ),
                "score ann+cy 26 bob+dee 32",
                "Optional. After a hand it is checked against the referee's running score "
                "(BE-TOTAL); before hand 1 it is the score a log that goes on from another "
                "starts with. After the hand a side reaches the target, the next starts at "
                "0-0.",
                shape="`score TEAM POINTS TEAM POINTS`, both teams' running score",
            ),
        ),
        instead={
            "bourre": "a Bourré log keeps no score: the referee adds up the money itself, and "
            "what the table paid is `settle`",
        },
    ),
    Statement(
        "discard",
        "the card the dealer laid aside, with the joker",
        ("hand",),
        (
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "discard NAME CARD",
                        "With the `joker` option: the card the dealer, dealt seven, laid "
                        "aside before the bidding.",
                        "discard dee 9d",
                    ),
                ),
                "discard dee 9d",
                "Only with `option joker true`, for the dealer, once, before the bids.",
            ),
        ),
        instead={
            "bourre": "a Bourré player discards in their decision: `NAME play discard CARD "
            "... draw CARD ...`",
        },
    ),
    Statement(
        "redeal",
        "a redeal called under Ace No Face",
        ("hand",),
        (
            Usage(
                ("bid-euchre",),
                (
                    _form(
                        "redeal NAME ace-no-face",
                        "With the `ace_no_face` option: the player, dealt an ace and no "
                        "king, queen or jack, called a redeal.",
                        "redeal bob ace-no-face",
                    ),
                ),
                "redeal bob ace-no-face",
                "Only with `option ace_no_face true`, before the bidding. The hand scores "
                "nothing and the deal passes to the left; with the caller's `deal` line the "
                "referee checks the hand allowed it (BE-NO-FACE).",
            ),
        ),
        instead={
            "bourre": "a Bourré hand is not redealt: when everyone passes, the pot carries "
            "(the house option `all_pass`)",
        },
    ),
)


@functools.cache
def _by_name() -> dict[str, Statement]:
    return {name: s for s in STATEMENTS for name in s.names}


def find_statement(word: str) -> Statement | None:
    """The statement a keyword or one of its other words names (any case), or None."""
    return _by_name().get(word.strip().lower())


def statement_names() -> list[str]:
    """Every word ``referee explain`` takes for a statement: keywords, then other words."""
    return [s.keyword for s in STATEMENTS] + [a for s in STATEMENTS for a in s.aliases]


# ----------------------------------------------------------------------------- explain

#: The width ``referee explain`` wraps a statement's words to.
_WIDTH = 88
_PLACES = {
    ("header",): "of the header (before the first `hand` line)",
    ("hand",): "of a hand",
    ("hand", "header"): "of a hand (and of the header, before hand 1)",
}


def explain_statement_text(statement: Statement) -> str:
    """What ``referee explain KEYWORD`` prints for a statement: its summary, where it goes,
    its forms in each game with what they say, when it is needed, an example, and what a
    game without it writes instead."""
    lines = [f"{statement.keyword}: {statement.summary}", _where(statement)]
    several = len(statement.usages) > 1
    for usage in statement.usages:
        lines.append("")
        if several:
            lines.append(f"In {' and '.join(_title(g) for g in usage.games)}:")
        lines += _usage_lines(usage)
    for game, instead in statement.instead.items():
        lines += ["", *_wrapped(f"Not in {_title(game)}: {instead}.", 0)]
    lines += ["", "Every statement, with whole logs to copy: `referee docs log-format`"]
    return "\n".join(lines) + "\n"


def _where(statement: Statement) -> str:
    """``a statement of a hand, in both games`` (the second line of ``explain``)."""
    place = _PLACES.get(tuple(sorted(statement.places)), "of a log")
    games = statement.games
    if len(games) == 1:
        return f"a {_title(games[0])} statement {place}"
    differ = " (written differently)" if len(statement.usages) > 1 else ""
    return f"a statement {place}, in both games{differ}"


def _usage_lines(usage: Usage) -> list[str]:
    lines: list[str] = []
    for form in usage.forms:
        lines.append(f"    {form.syntax}")
        lines += _wrapped(form.meaning, 8)
    lines += ["", *_wrapped(usage.notes, 0)]
    lines += ["", "Example:"] + ["    " + line for line in usage.example.splitlines()]
    return lines


def _wrapped(text: str, indent: int) -> list[str]:
    """``text`` in lines of at most :data:`_WIDTH`, none broken inside a `code span`."""
    import re
    import textwrap

    glued = re.sub(r"`[^`]*`", lambda m: m.group().replace(" ", "\0"), text)
    lines = textwrap.wrap(
        glued,
        _WIDTH,
        initial_indent=" " * indent,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
    return [line.replace("\0", " ") for line in lines]


def _title(game: str) -> str:
    from referee.games import game_of

    return game_of(game).title
