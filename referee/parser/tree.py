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
    ClaimLine,
    DealerLine,
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    ExchangeLine,
    RedealLine,
    ScoreLine,
    SettleKind,
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
    """Turns Lark's tree for one line into its record (the authoritative reading), with the
    column of each of the record's items (see :func:`referee.records.columns`)."""

    def __init__(self, names: _Names) -> None:
        self.names = names
        self.top_bid = 6  # the highest numbered bid (12 with the house option deck: double)

    def statement(self, tree: Tree[Token], line: int, text: str) -> _Statement:
        stmt = cast("Tree[Token]", tree.children[0])
        kind = str(stmt.data)
        toks = _tokens(stmt)
        column = _col(toks[0]) if toks else 1
        build = getattr(self, "_" + kind, None)
        if build is not None:
            return cast(_Statement, build(stmt, toks, line, column, text))
        return self._header(kind, toks, line, column)

    def _name(self, tok: Token) -> str:
        return self.names.resolve(str(tok))

    def _cols(self, toks: list[Token]) -> tuple[int, ...]:
        """The columns of the tokens that are the record's items (all but colons)."""
        return tuple(_col(t) for t in toks)

    def _team_entries(self, stmt: Tree[Token]) -> tuple[tuple[TeamPoints, ...], list[int]]:
        from lark import Tree

        teams = [c for c in stmt.children if isinstance(c, Tree)]
        points = [t for t in _tokens(stmt) if t.type == "AMOUNT"]
        out, cols = [], []
        for team, pts in zip(teams, points, strict=True):
            a, b = _tokens(team)
            out.append(TeamPoints((self._name(a), self._name(b)), _points(str(pts), _col(pts))))
            cols += [_col(a), _col(b), _col(pts)]
        return tuple(out), cols

    def _header(self, kind: str, toks: list[Token], line: int, column: int) -> _HeaderLine:
        keyword = str(toks[0].type).lower()
        words = tuple((str(t).strip(), _col(t)) for t in toks[1:] if t.type != "AMOUNT")
        amounts = [t for t in toks if t.type == "AMOUNT"]
        amount = _amount(str(amounts[0]), _col(amounts[0])) if amounts else None
        return _HeaderLine(keyword, words, amount, line, column)

    def _hand(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> _HandHead:
        return _HandHead(_number(str(toks[1]), _col(toks[1])), line, column)

    def _dealer(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        return DealerLine(self._name(toks[1]), line, column, text, self._cols(toks))

    def _deal(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        cards = tuple(_CARDS[str(t)] for t in toks[2:])
        return DealLine(self._name(toks[1]), cards, line, column, text, self._cols(toks))

    def _trick(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        number = None
        cols = [column]
        players: list[str] = []
        cards: list[str] = []
        retracted: list[str | None] = []
        for tok in toks[1:]:
            if tok.type == "INT":
                cols.append(_col(tok))
                number = _number(str(tok), _col(tok))
                continue
            parts = _syntax().play.fullmatch(str(tok))
            assert parts is not None, tok
            start = _col(tok) - 1
            name, card, was = parts.groups()
            players.append(self.names.resolve(name))
            cards.append(_CARDS[card])
            retracted.append(None if was is None else _CARDS[was])
            cols += [start + parts.start(1) + 1, start + parts.start(2) + 1]
            if was is not None:
                cols.append(start + parts.start(3) + 1)
        back = tuple(retracted) if any(r is not None for r in retracted) else None
        return TrickLine(
            number, tuple(players), tuple(cards), back, line, column, text, tuple(cols)
        )

    def _claim(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        names = [t for t in toks if t.type == "NAME"]
        ints = [t for t in toks if t.type == "INT"]
        trick = _number(str(ints[0]), _col(ints[0])) if ints else None
        return ClaimLine(
            self._name(names[0]), self._name(names[1]), trick, line, column, text, self._cols(toks)
        )

    def _trump(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        tok = toks[1]
        if tok.type == "CARD":
            card = _CARDS[str(tok)]
            _trump_card(card, _col(tok))
            return TrumpLine(card[-1], card, line, column, text, self._cols(toks))
        return TrumpLine(_suit(str(tok)), None, line, column, text, self._cols(toks))

    def _score(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        entries, cols = self._team_entries(stmt)
        return ScoreLine(entries, line, column, text, (column, *cols))

    def _team_settle(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        entries, cols = self._team_entries(stmt)
        return TeamSettleLine(entries, line, column, text, (column, *cols))

    def _ante(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        names = tuple(self._name(t) for t in toks[1:])
        return AnteLine(names, line, column, text, self._cols(toks))

    def _decision(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        player = self._name(toks[0])
        cols = self._cols(toks)
        if toks[1].type in ("PASS", "FOLD"):
            return DecisionLine(player, "pass", None, None, None, line, column, text, cols)
        count = 0
        discards: list[str] | None = None
        draws: list[str] | None = None
        current: list[str] | None = None
        for tok in toks[2:]:
            if tok.type == "INT":  # `discard N`: which cards is not recorded
                count, discards = _number(str(tok), _col(tok)), None
            elif tok.type == "DISCARD":
                current = discards = []
            elif tok.type == "DRAW":
                current = draws = []
            elif current is not None:
                current.append(_CARDS[str(tok)])
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
            text,
            cols,
        )

    def _settle(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
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
            cast(SettleKind, kind),
            self._name(names[0]) if names else None,
            _amount(str(amounts[0]), _col(amounts[0])) if amounts else None,
            line,
            column,
            text,
            self._cols(toks),
        )

    def _bid(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        player = self._name(toks[1])
        value = toks[2]
        bid: BidValue = (
            _bid(str(value), _col(value), self.top_bid)
            if value.type == "INT"
            else cast(Literal["pass", "ask", "moon"], _word(value))
        )
        suit = _suit(str(toks[3])) if len(toks) > 3 else None
        return BidLine(player, bid, suit, line, column, text, self._cols(toks))

    def _exchange(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        return ExchangeLine(
            self._name(toks[1]),
            _CARDS[str(toks[2])],
            self._name(toks[3]),
            _CARDS[str(toks[4])],
            line,
            column,
            text,
            self._cols(toks),
        )

    def _discard(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        return DiscardLine(
            self._name(toks[1]), _CARDS[str(toks[2])], line, column, text, self._cols(toks)
        )

    def _redeal(
        self, stmt: Tree[Token], toks: list[Token], line: int, column: int, text: str
    ) -> Event:
        return RedealLine(self._name(toks[1]), "ace-no-face", line, column, text, self._cols(toks))
