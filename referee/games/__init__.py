"""The games the referee knows, each a :class:`Game`: one place for all that differs between
them, so that nothing outside a game's own package asks which game a log is.

A game's package (``referee/games/bourre``, ``referee/games/euchre``) holds its options, its
rules, its replay engine, its session and its standings' ledger; its ``game`` module
describes it for the rest of the referee (the reader, the house options, the audit, the
standings). The engines are imported only when a log of that game is judged.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any

from referee.games.base import (
    Game,
    Ledger,
    Session,
    no_bids,
    no_conflicts,
    whole_amounts,
)


class GameKey(StrEnum):
    """Every game's key, in :func:`all_games` order, for what names the games before any is
    imported: the command line's choice of a game (``rules --game``, ``new GAME``), which
    typer reads when it makes the command. ``tests/test_games.py`` checks it against
    :func:`all_games`."""

    bourre = "bourre"
    bid_euchre = "bid-euchre"


@functools.cache
def all_games() -> tuple[Game[Any], ...]:
    """Every game, in the order the documents list them (each of its own options: see
    :class:`Game`)."""
    from referee.games.bourre.game import BOURRE
    from referee.games.euchre.game import EUCHRE

    return (BOURRE, EUCHRE)


@functools.cache
def _by_key() -> dict[str, Game[Any]]:
    return {game.key: game for game in all_games()}


def game_of(key: str) -> Game[Any]:
    """The game with this key (``bourre``, ``bid-euchre``); KeyError for another."""
    return _by_key()[key]


def game_named(word: str) -> Game[Any] | None:
    """The game a `game` line's word names (any case: ``Bourré``, ``booray``), or None."""
    lower = word.lower()
    for game in all_games():
        if lower in game.names:
            return game
    return None


__all__ = [
    "Game",
    "GameKey",
    "Ledger",
    "Session",
    "all_games",
    "game_named",
    "game_of",
    "no_bids",
    "no_conflicts",
    "whole_amounts",
]
