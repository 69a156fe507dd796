"""``referee new``: a starter log to write a game's log from.

Each starter is a complete log that audits clean: the header, every house option as a
comment (with its default and what it means, from :mod:`referee.optiondocs`), and one hand
with the statements a table writes most (the dealer, trump, decisions or bids, the tricks,
the payments or points). Writing a log then starts from something valid. The tests audit
both starters and require them clean, with every option line uncommented too.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.games import game_of
from referee.optiondocs import GAME_TITLES, default_text, option_docs


class StarterError(OSError):
    """The starter log could not be written where asked (the message says why)."""


def starter_log(game: str) -> str:
    """The starter log of ``game`` (``"bourre"`` or ``"bid-euchre"``)."""
    head, hand = game_of(game).starter()
    return head + "\n" + _option_comments(game) + "\n" + hand


def _option_comments(game: str) -> str:
    """Every house option of the game as a commented `option` line with its default, under
    a line that says what it means."""
    lines = [
        f"# {GAME_TITLES[game]} house options, with their defaults. To change one, remove the `#`",
        "# before its `option` line and edit the value (`referee explain KEY` says more).",
    ]
    for doc in option_docs(game):
        lines.append(f"#   {doc.summary[0].upper()}{doc.summary[1:]}:")
        lines.append(f"# option {doc.key} {default_text(doc)}")
    return "\n".join(lines) + "\n"


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to a new file at ``path``; never onto anything already there (a file,
    a folder, a link, even a broken one): that is a :class:`StarterError`."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except FileExistsError:
        raise StarterError(f"{path} already exists; use --force to replace it") from None
    except FileNotFoundError:
        raise StarterError(f"{path}: no such folder") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except BaseException:
        os.unlink(path)
        raise
