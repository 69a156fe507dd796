"""What each game's reports show of a hand, in one place per game (a game's *view*), so
that the renderers never ask which game a log is: they ask the hand's view.

A view gives, for its game's hands, the keys the JSON report adds to a hand's common ones,
the file's standings in JSON, a hand's CSV cells, the text report's settlement table,
``referee show``'s heading and settlement, and its parts of the HTML page and of
``referee standings`` (each in its own module, ``<game>_html.py`` and
``<game>_standings.py``, imported only for them). A view makes words and cells, never
output: the renderers lay them out. The views are listed in :func:`view_of`'s registry,
beside the games of :func:`referee.games.all_games`: a new game brings its view here.
"""

from __future__ import annotations

import functools

from referee.render.views.base import (
    GameView,
    HtmlPart,
    SettlementTable,
    ShownSettlement,
    Span,
    StandingsPart,
    TextTable,
    game_title,
    line_cells,
    recorded_cell,
)


@functools.cache
def view_of(game: str) -> GameView | None:
    """The view of the game with this key (``bourre``, ``bid-euchre``: the key its hands
    name, as the renderers ask ``view_of(hand.game)``), or None. Only the view asked for is
    imported: a run of one game's logs never loads the other's."""
    from referee.report import BourreHandResult, EuchreHandResult

    if game == BourreHandResult.game:
        from referee.render.views.bourre import BOURRE_VIEW

        return BOURRE_VIEW
    if game == EuchreHandResult.game:
        from referee.render.views.euchre import EUCHRE_VIEW

        return EUCHRE_VIEW
    return None


__all__ = [
    "GameView",
    "HtmlPart",
    "SettlementTable",
    "ShownSettlement",
    "Span",
    "StandingsPart",
    "TextTable",
    "game_title",
    "line_cells",
    "recorded_cell",
    "view_of",
]
