"""The Lark path: Lark's tree for one line turned into its record (the authoritative reading)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

if TYPE_CHECKING:
    from lark import Token, Tree

from referee.parser.common import (
    _CARDS,
    _amount,
    _bid,
    _HandHead,
    _HeaderLine,
    _Names,
    _number,
    _points,
    _Statement,
    _suit,
    _trump_card,
    _word,
)
from referee.parser.syntax import _syntax
from referee.records import (
    AnteLine,
    BidLine,
    BidValue,
    CardAt,
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    ExchangeLine,
    NameAt,
    Play,
    RedealLine,
    ScoreLine,
    SettleLine,
    TeamPoints,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)


def _col(token: Token) -> int:
    return (token.start_pos or 0) + 1


def _tokens(tree: Tree[Token]) -> list[Token]:
    from lark import Token

    return [c for c in tree.children if isinstance(c, Token)]


class _TreeReader:
    """Turns Lark's tree for one line into its record (the authoritative reading)."""

    def __init__(self, names: _Names) -> None:
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)

    def statement(self, tree: Tree[Token], line: int) -> _Statement:
        stmt = cast("Tree[Token]", tree.children[0])
        kind = str(stmt.data)
        toks = _tokens(stmt)
        column = _col(toks[0]) if toks else 1
        build = getattr(self, "_" + kind, None)
        if build is not None:
            return cast(_Statement, build(stmt, toks, line, column))
        return self._header(kind, toks, line, column)

    def _name(self, tok: Token, line: int) -> NameAt:
        return self.names.at(str(tok), line, _col(tok))

    def _card(self, tok: Token, line: int) -> CardAt:
        return CardAt(_CARDS[str(tok)], line, _col(tok))

    def _teams(self, stmt: Tree[Token], line: int) -> tuple[TeamPoints, ...]:
        from lark import Tree

        teams = [c for c in stmt.children if isinstance(c, Tree)]
        points = [t for t in _tokens(stmt) if t.type == "AMOUNT"]
        out = []
        for team, pts in zip(teams, points, strict=True):
            a, b = _tokens(team)
            out.append(
                TeamPoints(
                    (self._name(a, line), self._name(b, line)),
                    _points(str(pts), _col(pts)),
                    line,
                    _col(a),
                )
            )
        return tuple(out)

    def _header(self, kind: str, toks: list[Token], line: int, column: int) -> _HeaderLine:
        keyword = str(toks[0].type).lower()
        words = tuple((str(t).strip(), _col(t)) for t in toks[1:] if t.type != "AMOUNT")
        amounts = [t for t in toks if t.type == "AMOUNT"]
        amount = _amount(str(amounts[0]), _col(amounts[0])) if amounts else None
        return _HeaderLine(keyword, words, amount, line, column)

    def _hand(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> _HandHead:
        return _HandHead(_number(str(toks[1]), _col(toks[1])), line, column)

    def _dealer(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return DealerLine(self._name(toks[1], line), line, column)

    def _deal(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        cards = tuple(self._card(t, line) for t in toks[2:])
        return DealLine(self._name(toks[1], line), cards, line, column)

    def _trick(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        number, number_column = None, 0
        plays = []
        for tok in toks[1:]:
            if tok.type == "INT":
                number_column = _col(tok)
                number = _number(str(tok), number_column)
                continue
            parts = _syntax().play.fullmatch(str(tok))
            assert parts is not None, tok
            start = _col(tok) - 1
            was = parts.group(3)
            plays.append(
                Play(
                    self.names.at(parts.group(1), line, start + parts.start(1) + 1),
                    CardAt(_CARDS[parts.group(2)], line, start + parts.start(2) + 1),
                    None if was is None else CardAt(_CARDS[was], line, start + parts.start(3) + 1),
                )
            )
        return TrickLine(number, tuple(plays), line, column, number_column)

    def _claim(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        names = [t for t in toks if t.type == "NAME"]
        ints = [t for t in toks if t.type == "INT"]
        trick = _number(str(ints[0]), _col(ints[0])) if ints else None
        return ClaimLine(
            self._name(names[0], line), self._name(names[1], line), trick, line, column
        )

    def _trump(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        tok = toks[1]
        if tok.type == "CARD":
            return _trump_card(self._card(tok, line), column)
        return TrumpLine(_suit(str(tok)), None, line, column)

    def _score(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return ScoreLine(self._teams(stmt, line), line, column)

    def _team_settle(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return TeamSettleLine(self._teams(stmt, line), line, column)

    def _ante(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return AnteLine(tuple(self._name(t, line) for t in toks[1:]), line, column)

    def _decision(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        player = self._name(toks[0], line)
        if toks[1].type in ("PASS", "FOLD"):
            return DecisionLine(player, "pass", None, None, None, line, column)
        count = 0
        discards: list[CardAt] | None = None
        draws: list[CardAt] | None = None
        current: list[CardAt] | None = None
        for tok in toks[2:]:
            if tok.type == "INT":  # `discard N`: which cards is not recorded
                count, discards = _number(str(tok), _col(tok)), None
            elif tok.type == "DISCARD":
                current = discards = []
            elif tok.type == "DRAW":
                current = draws = []
            elif current is not None:
                current.append(self._card(tok, line))
        if discards:
            count = len(discards)
        return DecisionLine(
            player,
            "play",
            count,
            None if discards is None else tuple(discards),
            None if draws is None else tuple(draws),
            line,
            column,
        )

    def _settle(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        kinds = {
            "WINS": "wins",
            "BOURRE": "bourre",
            "RENEGE": "renege",
            "PENALTY": "penalty",
            "SPLIT": "split",
            "POT": "pot",
        }
        kind = next(kinds[t.type] for t in toks if t.type in kinds)
        names = [t for t in toks if t.type == "NAME"]
        amounts = [t for t in toks if t.type == "AMOUNT"]
        return SettleLine(
            cast(Literal["wins", "bourre", "renege", "penalty", "split", "pot"], kind),
            self._name(names[0], line) if names else None,
            _amount(str(amounts[0]), _col(amounts[0])) if amounts else None,
            line,
            column,
        )

    def _bid(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        player = self._name(toks[1], line)
        value = toks[2]
        bid: BidValue = (
            _bid(str(value), _col(value), self.top_bid)
            if value.type == "INT"
            else cast(Literal["pass", "ask", "moon"], _word(value))
        )
        suit = _suit(str(toks[3])) if len(toks) > 3 else None
        return BidLine(player, bid, suit, line, column)

    def _exchange(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return ExchangeLine(
            self._name(toks[1], line),
            self._card(toks[2], line),
            self._name(toks[3], line),
            self._card(toks[4], line),
            line,
            column,
        )

    def _discard(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return DiscardLine(self._name(toks[1], line), self._card(toks[2], line), line, column)

    def _redeal(self, stmt: Tree[Token], toks: list[Token], line: int, column: int) -> Event:
        return RedealLine(self._name(toks[1], line), "ace-no-face", line, column, _col(toks[2]))
