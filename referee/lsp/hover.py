"""Hovers: what the word under the cursor means.

* a rule ID or read-error code (``BR-FOLLOW``, ``P-SYNTAX``; in a comment too): what
  ``referee explain`` says of it;
* an option key or value on an ``option`` line: the option, in ``explain``'s words;
* a card on a hand's line: who held it in that hand, by the hand's statements (dealt,
  discarded, drawn, turned up as trump, played, taken back, given or laid aside), each
  with its line;
* a seated player: their seat, and in a hand what the referee made of their part in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from referee.cards import parse_card, pretty
from referee.records import (
    DealLine,
    DecisionLine,
    DiscardLine,
    Event,
    ExchangeLine,
    TrickLine,
    TrumpLine,
)
from referee.render.fmt import signed
from referee.report import BourreHandResult, EuchreHandResult, HandResult

from .analysis import Analysis
from .pages import explain_markdown
from .text import in_comment, word_at

_RULE_ID = re.compile(r"[A-Za-z]{1,3}(?:-[A-Za-z]+)+")
_OPTION_LINE = re.compile(r"[\t ,]*option[\t ,]*:?[\t ,]*([A-Za-z_][\w-]*)", re.IGNORECASE)


def hover_text(analysis: Analysis, line: int, column: int) -> tuple[str, tuple[int, int]] | None:
    """The Markdown for the word at ``line`` (from 0) and code point ``column``, and the
    word's span; None where there is nothing to say."""
    text = analysis.lines[line] if 0 <= line < len(analysis.lines) else ""
    start, end = word_at(text, column)
    word = text[start:end]
    if not word:
        return None
    said = _rule_text(word)
    if said is None and not in_comment(text, start):
        said = _option_text(text, start) or _card_text(analysis, line + 1, word)
        said = said or _player_text(analysis, line + 1, word)
    return (said, (start, end)) if said else None


def _rule_text(word: str) -> str | None:
    """A rule ID's or read-error code's explanation."""
    if _RULE_ID.fullmatch(word) is None:
        return None
    return explain_markdown(word)


def _option_text(text: str, start: int) -> str | None:
    """On an ``option KEY VALUE`` line, the option's explanation (key or value hovered)."""
    found = _OPTION_LINE.match(text)
    if found is None or start < found.start(1):
        return None
    from referee.optiondocs import find_option

    return explain_markdown(found.group(1)) if find_option(found.group(1)) else None


def _card_text(analysis: Analysis, line: int, word: str) -> str | None:
    """Who held a card in the hand that holds ``line`` (from 1)."""
    card = parse_card(word)
    if card is None:
        return None
    hand, events = analysis.events_at(line)
    if hand is None:
        return None
    result = analysis.result_at(line)
    number = result.number if result is not None else hand.number
    dealer = result.dealer if result is not None else None
    story = card_story(events, card, dealer)
    head = f"**{pretty(card)}** in hand {number}"
    if not story:
        return f"{head}: no statement of the hand shows who held it.\n"
    holders = list(dict.fromkeys(who for who, _ in story))
    held = " then ".join(holders)
    lines = [f"{head}: held by {held}.", ""] + [f"- {said}" for _, said in story]
    return "\n".join(lines) + "\n"


def card_story(events: Sequence[Event], card: str, dealer: str | None) -> list[tuple[str, str]]:
    """What the hand's statements say of ``card``: who held it, and how (in words, with the
    line), in log order."""
    story: list[tuple[str, str]] = []
    tricks = 0
    for event in events:
        at = f"(line {event.line})"
        if isinstance(event, DealLine) and card in event.cards:
            story.append((event.player, f"dealt to {event.player} {at}"))
        elif isinstance(event, DecisionLine):
            if card in (event.discards or ()):
                story.append((event.player, f"discarded by {event.player} {at}"))
            if card in (event.draws or ()):
                story.append((event.player, f"drawn by {event.player} {at}"))
        elif isinstance(event, TrumpLine) and event.card == card and dealer is not None:
            story.append((dealer, f"turned up as trump by the dealer, {dealer} {at}"))
        elif isinstance(event, TrickLine):
            tricks += 1
            story += _trick_story(event, card, event.number or tricks, at)
        elif isinstance(event, ExchangeLine):
            if event.given == card:
                story.append((event.bidder, f"given by {event.bidder} to {event.partner} {at}"))
                story.append((event.partner, f"then held by {event.partner}"))
            if event.returned == card:
                story.append((event.partner, f"given by {event.partner} to {event.bidder} {at}"))
                story.append((event.bidder, f"then held by {event.bidder}"))
        elif isinstance(event, DiscardLine) and event.card == card:
            story.append((event.player, f"laid aside by {event.player} {at}"))
    return story


def _trick_story(trick: TrickLine, card: str, number: int, at: str) -> list[tuple[str, str]]:
    story = []
    backs = trick.retracted or (None,) * len(trick.players)
    for player, played, back in zip(trick.players, trick.cards, backs, strict=False):
        if back == card:
            story.append((player, f"put down by {player} in trick {number} and taken back {at}"))
        if played == card:
            story.append((player, f"played by {player} in trick {number} {at}"))
    return story


def _player_text(analysis: Analysis, line: int, word: str) -> str | None:
    """A seated player's seat and, in a hand, their part in it."""
    players = analysis.report.players
    folded = word.casefold()
    seat = next((i for i, p in enumerate(players) if p.casefold() == folded), None)
    if seat is None:
        return None
    name = players[seat]
    said = [f"**{name}**: seat {seat + 1} of {len(players)}"]
    result = analysis.result_at(line)
    if result is not None:
        said += ["", _part_in(result, name, analysis.report.money_places)]
    return "\n".join(said) + "\n"


def _part_in(result: HandResult, name: str, places: int) -> str:
    """A player's part in a judged hand, in words."""
    dealt = " (the dealer)" if result.dealer == name else ""
    head = f"Hand {result.number}{dealt}: "
    if isinstance(result, BourreHandResult):
        if name not in result.active:
            part = "passed"
        else:
            part = f"played, took {_tricks(result.tricks_won.get(name, 0))}"
        if result.payouts is None:
            return head + f"{part}; not settled ({result.unsettled})"
        net = result.payouts.get(name)
        return head + part + (f"; net {signed(net, places)}" if net is not None else "")
    return head + _euchre_part(result, name)


def _euchre_part(result: EuchreHandResult, name: str) -> str:
    team = next((t for t in result.tricks_won if name in t.split("+")), None)
    if team is None:
        return "seated"
    tricks = _tricks(result.tricks_won.get(team, 0))
    part = f"team {team}, which took {tricks}"
    if result.points is None:
        return f"{part}; not settled ({result.unsettled})"
    points = result.points.get(team)
    return part + (f"; {points:+} points" if points is not None else "")


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")
