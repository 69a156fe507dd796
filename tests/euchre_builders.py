"""Test helpers for the Bid Euchre engine: build ``Header`` / ``Hand`` records directly.

``read_log`` is a tiny, test-only reader for the Bid Euchre subset of the hand-log syntax
(one statement per line, ``#`` comments, optional commas and colons, ``(was CARD)``). It
keeps real line and column numbers, so the engine tests do not depend on the project's
parser; ``judge`` runs a log through :class:`EuchreSession`. When the real parser exists,
``judge(..., real_parser=True)`` uses it instead.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee.cards import parse_card, parse_suit
from referee.games.euchre.engine import EuchreSession
from referee.options import EuchreOptions
from referee.records import (
    BidLine,
    ClaimLine,
    DealerLine,
    DealLine,
    DiscardLine,
    Event,
    ExchangeLine,
    Hand,
    Header,
    RedealLine,
    ScoreLine,
    TeamPoints,
    TeamSettleLine,
    TrickLine,
    TrumpLine,
)
from referee.report import EuchreHandResult, Violation

PLAYERS = ("ann", "bob", "cy", "dee")

_TOKEN = re.compile(r"[^\s,]+")


@dataclasses.dataclass
class _Tok:
    text: str
    col: int  # 1-based


class _Reader:
    def __init__(self, text: str) -> None:
        self.players: tuple[str, ...] = ()
        self.header_score: ScoreLine | None = None
        self.hands: list[Hand] = []
        self._events: list[Event] = []
        self._hand: tuple[int, int, int] | None = None  # number, line, column
        for number, raw in enumerate(text.splitlines(), 1):
            self._line(number, raw.split("#", 1)[0])
        self._close()

    # ---------------------------------------------------------------- helpers

    def name(self, tok: _Tok) -> str:
        for p in self.players:
            if p.lower() == tok.text.lower():
                return p
        return tok.text

    def card(self, tok: _Tok, line: int) -> tuple[str, int]:
        text = tok.text.strip("()")
        card = parse_card(text)
        assert card is not None, f"not a card: {text!r} (line {line})"
        return card, tok.col + (1 if tok.text.startswith("(") else 0)

    def teams(self, toks: Sequence[_Tok]) -> tuple[tuple[TeamPoints, ...], list[int]]:
        out, cols = [], []
        for i in range(0, len(toks), 2):
            a, b = toks[i].text.split("+")
            out.append(
                TeamPoints(
                    (self.name(_Tok(a, 0)), self.name(_Tok(b, 0))), Decimal(toks[i + 1].text)
                )
            )
            cols += [toks[i].col, toks[i].col + len(a) + 1, toks[i + 1].col]
        return tuple(out), cols

    def _close(self) -> None:
        if self._hand is not None:
            number, line, col = self._hand
            self.hands.append(Hand(number, tuple(self._events), line, col))
        self._events = []

    # ---------------------------------------------------------------- statements

    def _line(self, line: int, raw: str) -> None:
        toks = [_Tok(m.group().rstrip(":"), m.start() + 1) for m in _TOKEN.finditer(raw)]
        toks = [t for t in toks if t.text]
        if not toks:
            return
        key, rest = toks[0].text.lower(), toks[1:]
        col = toks[0].col
        if key == "players":
            self.players = tuple(t.text for t in rest)
        elif key in ("game", "option"):
            pass
        elif key == "hand":
            self._close()
            self._hand = (int(rest[0].text), line, col)
        elif key == "score" and self._hand is None:
            entries, cols = self.teams(rest)
            self.header_score = ScoreLine(entries, line, col, raw, (col, *cols))
        else:
            self._events.append(self._event(key, rest, line, col, raw))

    def _event(self, key: str, rest: list[_Tok], line: int, col: int, raw: str) -> Event:
        cols = (col, *(t.col for t in rest))
        if key == "dealer":
            return DealerLine(self.name(rest[0]), line, col, raw, cols)
        if key == "deal":
            cards = tuple(self.card(t, line)[0] for t in rest[1:])
            return DealLine(self.name(rest[0]), cards, line, col, raw, cols)
        if key == "bid":
            value: Any = rest[1].text.lower()
            value = int(value) if value.lstrip("-").isdigit() else value
            suit = parse_suit(rest[2].text) if len(rest) > 2 else None
            return BidLine(self.name(rest[0]), value, suit, line, col, raw, cols)
        if key == "trump":
            suit = parse_suit(rest[0].text)
            assert suit is not None
            return TrumpLine(suit, None, line, col, raw, cols)
        if key == "exchange":
            b, g, p, r = rest
            return ExchangeLine(
                self.name(b),
                self.card(g, line)[0],
                self.name(p),
                self.card(r, line)[0],
                line,
                col,
                raw,
                cols,
            )
        if key == "discard":
            return DiscardLine(
                self.name(rest[0]), self.card(rest[1], line)[0], line, col, raw, cols
            )
        if key == "redeal":
            assert rest[1].text.lower() == "ace-no-face", rest[1].text
            return RedealLine(self.name(rest[0]), "ace-no-face", line, col, raw, cols)
        if key == "trick":
            return self._trick(rest, line, col, raw)
        if key == "claim":
            trick = int(rest[4].text) if len(rest) > 4 else None
            return ClaimLine(self.name(rest[0]), self.name(rest[2]), trick, line, col, raw, cols)
        if key == "settle":
            entries, team_cols = self.teams(rest)
            return TeamSettleLine(entries, line, col, raw, (col, *team_cols))
        if key == "score":
            entries, team_cols = self.teams(rest)
            return ScoreLine(entries, line, col, raw, (col, *team_cols))
        raise AssertionError(f"unknown statement {key!r} on line {line}")

    def _trick(self, rest: list[_Tok], line: int, col: int, raw: str) -> TrickLine:
        number: int | None = None
        cols = [col]
        if rest and rest[0].text.isdigit():
            number = int(rest[0].text)
            cols.append(rest[0].col)
            rest = rest[1:]
        players: list[str] = []
        cards: list[str] = []
        taken_back: list[str | None] = []
        i = 0
        while i < len(rest):
            who = self.name(rest[i])
            card, card_col = self.card(rest[i + 1], line)
            cols += [rest[i].col, card_col]
            i += 2
            retracted = None
            if i < len(rest) and rest[i].text.lower() == "(was":
                retracted, back_col = self.card(rest[i + 1], line)
                cols.append(back_col)
                i += 2
            players.append(who)
            cards.append(card)
            taken_back.append(retracted)
        back = tuple(taken_back) if any(r is not None for r in taken_back) else None
        return TrickLine(number, tuple(players), tuple(cards), back, line, col, raw, tuple(cols))


def read_log(text: str) -> tuple[Header, list[Hand]]:
    """Read a Bid Euchre log (test subset) into records."""
    reader = _Reader(text)
    header = Header("bid-euchre", reader.players, score=reader.header_score)
    return header, reader.hands


def options(**changes: Any) -> EuchreOptions:
    """EuchreOptions with some settings changed."""
    return dataclasses.replace(EuchreOptions(), **changes)


def read_real(text: str, top_bid: int = 6) -> tuple[Header, list[Hand]]:
    """Read a log with the project's parser; the log must read without errors.
    (``top_bid``: the highest numbered bid, 12 with two decks.)"""
    from referee.parser import read_text

    reader = read_text(text)
    reader.allow_bids(top_bid)
    hands = list(reader.hands())
    assert reader.errors == [], reader.errors
    assert reader.header is not None
    return reader.header, hands


def judge(text: str, *, real_parser: Any = False, **changes: Any) -> list[EuchreHandResult]:
    """Judge every hand of a log with the given house options."""
    top = 12 if changes.get("deck") == "double" else 6
    header, hands = read_real(text, top) if real_parser else read_log(text)
    session = EuchreSession(header, options(**changes))
    return [session.judge_hand(h) for h in hands]


def judge_with_session(text: str, **changes: Any) -> tuple[EuchreSession, list[EuchreHandResult]]:
    """Like :func:`judge`, also returning the session (for its running score)."""
    header, hands = read_log(text)
    session = EuchreSession(header, options(**changes))
    return session, [session.judge_hand(h) for h in hands]


def rules_of(violations: Sequence[Violation]) -> list[str]:
    """The rule IDs of some violations, in order."""
    return [v.rule for v in violations]


def log(*hands: str, players: str = "ann bob cy dee", header: str = "") -> str:
    """A whole log from hand bodies: each body is the text after its ``hand N`` line."""
    parts = ["game bid-euchre", f"players {players}", header]
    for number, body in enumerate(hands, 1):
        parts.append(f"hand {number}")
        parts.append(body)
    return "\n".join(parts) + "\n"


#: The spec's example hand (hand-log.md): bob+dee 4, ann+cy 2, no violations.
SPEC_HAND = """\
dealer dee
bid ann pass
bid bob pass
bid cy 3
bid dee 4
trump hearts
trick 1: dee Ad, ann 9d, bob 9c, cy Qc
trick 2: dee 9h, ann Jh, bob Qh, cy Kh
trick 3: ann Qd, bob Qs, cy Ks, dee 9s     # dee holds Jd, but with hearts trump it is a heart
trick 4: ann Kd, bob Tc, cy Jc, dee Ah
trick 5: dee Th, ann Ts, bob As, cy Kc
trick 6: dee Jd, ann Td, bob Ac, cy Js
"""


def play_out(
    deals: Mapping[str, Sequence[str]],
    trump: str,
    leader: str,
    forced: dict[tuple[int, str], str] | None = None,
    players: Sequence[str] = PLAYERS,
    tricks: int = 6,
) -> list[str]:
    """Trick lines for a hand played out from ``deals`` (only the players who play).

    Each player plays the first legal card of their list, except where ``forced`` gives
    the card for (trick, player). Winners lead, as the rules say. ``tricks``: 12 with two
    decks (of two equal winning cards the first played wins).
    """
    from referee.games.euchre.rules import effective_suit, legal_cards, trick_winner

    hands = {p: list(cs) for p, cs in deals.items()}
    order = [p for p in players if p in hands]
    lines = []
    for number in range(1, tricks + 1):
        start = order.index(leader)
        seq = order[start:] + order[:start]
        plays: list[tuple[str, str]] = []
        led: str | None = None
        for p in seq:
            card = (forced or {}).get((number, p))
            if card is None:
                legal = legal_cards(hands[p], led, trump)
                card = next(c for c in hands[p] if c in legal)
            hands[p].remove(card)
            plays.append((p, card))
            led = led or effective_suit(card, trump)
        winner = trick_winner(plays, trump, _deck_for(tricks, plays))
        assert winner is not None
        leader = winner
        lines.append(f"trick {number}: " + ", ".join(f"{p} {c}" for p, c in plays))
    return lines


def _deck_for(tricks: int, plays: Sequence[tuple[str, str]]) -> Any:
    """The deck the played-out hand uses: two decks for twelve tricks, the joker when it is
    played."""
    from referee.games.euchre.deck import Deck

    if tricks == 12:
        return Deck(copies=2)
    return Deck(joker=any(c == "joker" for _, c in plays))


def bid_hand(
    deals: Mapping[str, Sequence[str]],
    *,
    trump: str = "h",
    bids: str = "bid ann 3\nbid bob pass\nbid cy pass\nbid dee pass",
    dealer: str = "dee",
    leader: str = "ann",
    forced: dict[tuple[int, str], str] | None = None,
    extra: str = "",
    with_deals: bool = False,
    tricks: int = 6,
) -> str:
    """A hand body: dealer, bids, trump, optional deal lines, the played-out tricks, extra."""
    parts = [f"dealer {dealer}", bids, f"trump {trump}"]
    if with_deals:
        parts += [f"deal {p} " + " ".join(cs) for p, cs in deals.items()]
    parts += play_out(deals, trump, leader, forced, tricks=tricks)
    parts.append(extra)
    return "\n".join(parts) + "\n"


#: The cards each player holds in the spec example.
SPEC_DEALS = {
    "ann": ["9d", "Jh", "Qd", "Kd", "Ts", "Td"],
    "bob": ["9c", "Qh", "Qs", "Tc", "As", "Ac"],
    "cy": ["Qc", "Kh", "Ks", "Jc", "Kc", "Js"],
    "dee": ["Ad", "9h", "9s", "Ah", "Th", "Jd"],
}

#: The spec example's trump and tricks (dee leads; bob+dee take 4, ann+cy 2).
SPEC_PLAY = SPEC_HAND[SPEC_HAND.index("trump") :]


def spec_hand(bids: str = "bid dee 4", dealer: str | None = "dee", extra: str = "") -> str:
    """The spec example's play under other bids (dee must still lead trick 1)."""
    head = f"dealer {dealer}\n" if dealer else ""
    return head + bids + "\n" + SPEC_PLAY + extra + "\n"


def line_of(text: str, fragment: str, nth: int = 1) -> int:
    """The 1-based number of the ``nth`` line of ``text`` containing ``fragment``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if fragment in line]
    return hits[nth - 1]
