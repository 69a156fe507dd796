"""Completion: what may be written at the cursor, from the line so far and the hand it is
in.

* At a line's start: the statements of the header (before the first hand) or of a hand,
  for the log's game, and in a Bourré hand the seated players (a decision, ``ann play``).
* After a keyword: what its statement takes next (``game`` its games; ``option`` the
  game's option keys, then the key's values; ``dealer``, ``bid``, ``claim`` ... the
  seated players; ``settle`` a player, ``split`` or ``pot``, then ``wins``, ``bourre`` ...;
  a decision's words; ``bid NAME`` the bids; ``trump`` the suits; ``hand`` the next
  number).
* In a ``trick`` line: the players not yet in the trick, then for a player the cards still
  unplayed in the hand (theirs first, where the hand's ``deal``, discards and draws say
  what they held), as in a ``deal`` line the cards not dealt yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from lsprotocol import types

from referee.cards import BOURRE_DECK, EUCHRE_DECK, JOKER, RANKS, SUITS, parse_card, pretty
from referee.records import DealLine, DecisionLine, Event, TrickLine

from .analysis import Analysis
from .text import in_comment, word_at

_HEADER = ("game", "players", "rules", "option", "title", "date", "event", "table", "hand")
_HEADER_OF = {"bourre": ("pot", "exempt"), "bid-euchre": ("score",)}
_HAND = ("hand", "dealer", "deal", "trick", "claim", "trump")
_HAND_OF = {
    "bourre": ("ante", "settle"),
    "bid-euchre": ("bid", "exchange", "discard", "redeal", "settle", "score"),
}
_DECISIONS = ("play", "pass", "fold", "stand")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_K = types.CompletionItemKind


def completions(analysis: Analysis, line: int, column: int) -> list[types.CompletionItem]:
    """What may be written at ``line`` (from 0), code point ``column``."""
    text = analysis.lines[line] if 0 <= line < len(analysis.lines) else ""
    if in_comment(text, column):
        return []
    start, _ = word_at(text, column)
    before = _words(text[:start])
    game = analysis.report.game
    hand, events = analysis.events_at(line + 1)
    if not before:
        return _line_starts(analysis, game, in_hand=hand is not None)
    keyword = before[0].lower().rstrip(":")
    after = before[1:]
    if keyword == "trick":
        return _trick_items(analysis, events, line + 1, after)
    if keyword == "deal":
        if not after:
            return _players(analysis)
        return _cards(analysis, _unused(analysis, events, line + 1, after[1:], deal=True))
    return _after_keyword(analysis, keyword, after, events, line + 1)


def _words(text: str) -> list[str]:
    """The words of the line before the word at the cursor (``(was CARD)`` left out)."""
    words = text.replace(",", " ").replace("\t", " ").split()
    out: list[str] = []
    skip = False
    for word in words:
        if word.startswith("("):
            skip = not word.endswith(")")
            continue
        if skip:
            skip = not word.endswith(")")
            continue
        out.append(word)
    return out


def _items(
    words: Iterable[str], kind: types.CompletionItemKind, detail: str = ""
) -> list[types.CompletionItem]:
    return [
        types.CompletionItem(label=w, kind=kind, detail=detail or None, sort_text=f"{i:03d}")
        for i, w in enumerate(words)
    ]


def _players(analysis: Analysis, exclude: Iterable[str] = ()) -> list[types.CompletionItem]:
    left = {name.casefold() for name in exclude}
    seated = [p for p in analysis.report.players if p.casefold() not in left]
    return _items(seated, _K.Variable, "seated player")


def _line_starts(analysis: Analysis, game: str | None, in_hand: bool) -> list[types.CompletionItem]:
    """The statements a line may start with, here."""
    if not in_hand:
        words = _HEADER + _HEADER_OF.get(game or "", ()) if game else _HEADER
        return _items(words, _K.Keyword, "header statement")
    words = _HAND + (_HAND_OF.get(game, ()) if game else ())
    found = _items(words, _K.Keyword, "statement")
    if game == "bourre":
        found += _players(analysis)
    return found


def _after_keyword(
    analysis: Analysis, keyword: str, after: list[str], events: Sequence[Event], line: int
) -> list[types.CompletionItem]:
    """What a statement takes after its keyword and the words ``after`` it."""
    game = analysis.report.game
    count = len(after)
    if keyword == "game" and not count:
        from referee.games import all_games

        return _items([g.key for g in all_games()], _K.EnumMember, "game")
    if keyword == "option":
        return _option_items(game, after)
    if keyword in ("dealer", "exchange", "discard", "redeal") and not count:
        return _players(analysis)
    if keyword in ("ante", "exempt"):
        return _players(analysis, after)
    if keyword == "trump" and not count:
        cards = _cards(analysis, _unused(analysis, events, line, ())) if game == "bourre" else []
        return _items(_SUIT_WORDS, _K.EnumMember, "suit") + cards
    if keyword == "hand" and not count:
        numbers = [h.number for h in analysis.report.hands if h.line < line]
        return _items([str(max(numbers, default=0) + 1)], _K.Value, "the next hand")
    if keyword == "bid":
        return _bid_items(analysis, count)
    if keyword == "claim":
        steps: list[list[types.CompletionItem]] = [
            _players(analysis),
            _items(["renege"], _K.Keyword),
            _players(analysis),
            _items(["trick"], _K.Keyword),
        ]
        return steps[count] if count < len(steps) else []
    if keyword in ("settle", "score"):
        return _settle_items(analysis, keyword, after)
    if game == "bourre" and _seated(analysis, keyword):
        return _decision_items(analysis, after, events, line)
    return []


def _option_items(game: str | None, after: list[str]) -> list[types.CompletionItem]:
    """An ``option`` line's keys, then the key's values."""
    from referee.optiondocs import (
        choices_of,
        default_text,
        find_option,
        option_docs,
    )

    if not game:
        return []
    if not after:
        return [
            types.CompletionItem(
                label=doc.key,
                kind=_K.Property,
                detail=f"default {default_text(doc)}",
                documentation=doc.summary,
                sort_text=f"{i:03d}",
            )
            for i, doc in enumerate(option_docs(game))
        ]
    doc = find_option(after[0])
    if doc is None or len(after) > 1:
        return []
    if doc.values.kind == "bool":
        values: Sequence[str] = ("true", "false")
    elif doc.values.kind == "choice":
        values = choices_of(doc)
    elif doc.values.only:
        values = [str(n) for n in doc.values.only]
    else:
        values = [default_text(doc)]
    default = default_text(doc)
    return [
        types.CompletionItem(
            label=value,
            kind=_K.Value,
            detail="default" if value == default else None,
            sort_text=f"{i:03d}",
        )
        for i, value in enumerate(values)
    ]


def _bid_items(analysis: Analysis, count: int) -> list[types.CompletionItem]:
    if count == 0:
        return _players(analysis)
    if count == 1:
        top = 12 if analysis.report.options_changed.get("deck") == "double" else 6
        bids = ["pass", *(str(n) for n in range(3, top + 1)), "ask", "moon"]
        return _items(bids, _K.Value, "bid")
    return _items(_SUIT_WORDS, _K.EnumMember, "suit")


def _settle_items(analysis: Analysis, keyword: str, after: list[str]) -> list[types.CompletionItem]:
    """A ``settle`` line's words (Bourré), or the teams of a ``settle``/``score`` line."""
    players = analysis.report.players
    if analysis.report.game == "bid-euchre":
        if len(after) % 2 or len(players) != 4:
            return []
        teams = [f"{players[0]}+{players[2]}", f"{players[1]}+{players[3]}"]
        return _items(teams, _K.Variable, "team")
    if keyword != "settle":
        return []
    if not after:
        return _players(analysis) + _items(["split", "pot"], _K.Keyword)
    if len(after) == 1 and _seated(analysis, after[0]):
        return _items(["wins", "bourre", "renege", "penalty"], _K.Keyword)
    return []


def _decision_items(
    analysis: Analysis, after: list[str], events: Sequence[Event], line: int
) -> list[types.CompletionItem]:
    """A Bourré decision's words: ``play``/``pass``, ``discard``, the cards, ``draw``."""
    if not after:
        return _items(_DECISIONS, _K.Keyword, "decision")
    lowered = [w.lower() for w in after]
    if lowered[0] not in ("play", "stand"):
        return []
    if len(after) == 1:
        return _items(["discard"], _K.Keyword)
    if "draw" in lowered:
        return _cards(analysis, _unused(analysis, events, line, after, deal=True))
    found = _cards(analysis, _unused(analysis, events, line, ()))
    return _items(["draw"], _K.Keyword) + found if len(after) > 2 else found


def _trick_items(
    analysis: Analysis, events: Sequence[Event], line: int, after: list[str]
) -> list[types.CompletionItem]:
    """A trick's next word: a player not in it yet, or the card of the player before."""
    plays = after[1:] if after and after[0].rstrip(":").isdigit() else after
    if len(plays) % 2 == 0:
        played = plays[0::2]
        return _players(analysis, played)
    player = plays[-1]
    unused = _unused(analysis, events, line, plays[1::2])
    return _cards(analysis, unused, _held(events, line, player))


def _seated(analysis: Analysis, word: str) -> bool:
    folded = word.rstrip(":").casefold()
    return any(p.casefold() == folded for p in analysis.report.players)


def _deck(analysis: Analysis) -> Counter[str]:
    """The game's cards, each as many times as the deck has it."""
    report = analysis.report
    if report.game != "bid-euchre":
        return Counter(BOURRE_DECK)
    cards = Counter(EUCHRE_DECK)
    if report.options_changed.get("deck") == "double":
        cards = cards + cards
    if report.options_changed.get("joker"):
        cards[JOKER] += 1
    return cards


def _unused(
    analysis: Analysis,
    events: Sequence[Event],
    line: int,
    on_line: Iterable[str],
    *,
    deal: bool = False,
) -> Counter[str]:
    """The cards not yet played in the hand (nor, in Bourré, thrown away); ``deal``: the
    cards not dealt or drawn yet. Those written on the cursor's line count as used."""
    left = _deck(analysis)
    for event in events:
        if event.line == line:
            continue
        if deal:
            if isinstance(event, DealLine):
                left.subtract(event.cards)
            elif isinstance(event, DecisionLine):
                left.subtract(event.draws or ())
        elif isinstance(event, TrickLine):
            left.subtract(event.cards)
        elif isinstance(event, DecisionLine) and analysis.report.game == "bourre":
            left.subtract(event.discards or ())
    left.subtract(c for c in (parse_card(w) for w in on_line) if c is not None)
    return +left


def _held(events: Sequence[Event], line: int, player: str) -> set[str]:
    """The cards the hand's statements say ``player`` held (dealt or drawn, not thrown
    away), less those they played on another line."""
    folded = player.casefold()
    held: set[str] = set()
    for event in events:
        if isinstance(event, DealLine) and event.player.casefold() == folded:
            held |= set(event.cards)
        elif isinstance(event, DecisionLine) and event.player.casefold() == folded:
            held -= set(event.discards or ())
            held |= set(event.draws or ())
        elif isinstance(event, TrickLine) and event.line != line:
            held -= {
                c
                for p, c in zip(event.players, event.cards, strict=False)
                if p.casefold() == folded
            }
    return held


def _cards(
    analysis: Analysis, unused: Counter[str], first: set[str] | None = None
) -> list[types.CompletionItem]:
    """The cards as completion items, by suit and rank (high first); ``first``: the
    player's own, listed before the others."""
    mine = {c for c in first or () if unused[c] > 0}
    order = {s: i for i, s in enumerate(SUITS)}
    ranks = {r: i for i, r in enumerate(reversed(RANKS))}

    def key(card: str) -> tuple[int, int, int]:
        if card == JOKER:
            return (card not in mine, -1, 0)
        return (card not in mine, order[card[1]], ranks[card[0]])

    cards = sorted(unused, key=key)
    return [
        types.CompletionItem(
            label=card,
            kind=_K.Constant,
            detail=pretty(card) + (" (held)" if card in mine else ""),
            sort_text=f"{i:03d}",
        )
        for i, card in enumerate(cards)
    ]
