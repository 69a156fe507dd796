"""What Bid Euchre's view (:mod:`referee.render.views.euchre`) and its part of the HTML page
(:mod:`referee.render.views.euchre_html`) both ask of a hand and a table."""

from __future__ import annotations

from collections.abc import Sequence


def teams_of(players: Sequence[str]) -> list[str]:
    """The team keys of a four-player table, seats 1+3 then 2+4 (``ann+cy``); none else."""
    p = players
    return [f"{p[0]}+{p[2]}", f"{p[1]}+{p[3]}"] if len(p) == 4 else []
