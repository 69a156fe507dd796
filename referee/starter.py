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

from referee.optiondocs import GAME_TITLES, default_text, option_docs


class StarterError(OSError):
    """The starter log could not be written where asked (the message says why)."""


_BOURRE_HEAD = """\
# A Bourré hand log. One statement per line; `#` starts a comment; case does not matter.
# Edit the names, the options and the hand into your own game, then check it:
#     referee audit LOG
# Every statement is described in the project's docs/log-format.md.

game bourre
players ann bob cy dee                   # in seating order, clockwise
# title Friday night at Ray's            # title, date, event and table are optional
# date 2025-01-31
# Also possible here: `pot 2.50` (money already in the pot before hand 1, for a session
# logged from the middle) and `exempt cy` (players excused from hand 1's ante).
"""

_BOURRE_HAND = """\
hand 1
dealer dee                               # needed in hand 1; then the deal passes left
trump 7s                                 # dee's face-up card (or just the suit: trump spades)
# deal ann Ah Kh 2c 9s 5d                # optional: the cards a player was dealt
ann play discard 2c 5d draw Qc 3d        # decisions in turn from the dealer's left
bob pass                                 # (pass or fold; play or stand)
cy play
dee play discard 6c draw Ac              # `discard 1` when the cards were not written
trick 1: ann Ah, cy 5h, dee 2h           # the cards in the order played, the lead first
trick 2: ann Kh, cy Jh, dee Qh
trick 3: ann 3d, cy Td, dee 4d
trick 4: cy Kc, dee Ac, ann Qc           # the winner of a trick leads the next
trick 5: dee 7s, ann 9s, cy 8s
settle pot 4                             # what the table paid (optional: without these
settle ann wins 4                        # lines the referee works the payments out)
# settle NAME bourre AMOUNT, settle NAME renege AMOUNT, settle split: see the guide.
"""

_EUCHRE_HEAD = """\
# A Bid Euchre hand log. One statement per line; `#` starts a comment; case does not
# matter. Edit the names, the options and the hand into your own game, then check it:
#     referee audit LOG
# Every statement is described in the project's docs/log-format.md.

game bid-euchre
players ann bob cy dee                   # in seating order: ann+cy against bob+dee
# title Club night                       # title, date, event and table are optional
# date 2025-01-31
# Also possible here: `score ann+cy 10 bob+dee 6` (the running score before hand 1).
"""

_EUCHRE_HAND = """\
hand 1
dealer dee                               # needed in hand 1; then the deal passes left
# deal ann Tc Kd Qd Qh As Ks             # optional: the cards a player was dealt
bid ann pass                             # one round, from the dealer's left
bid bob 4                                # a number, or `ask` or `moon`
bid cy pass
bid dee pass
trump clubs                              # the suit the high bidder named
trick 1: bob Jc, cy 9c, dee Qc, ann Tc   # the cards in the order played, the lead first
trick 2: bob Ac, cy Th, dee Js, ann Qh   # J♠ is the left bower: a club this hand
trick 3: dee Ad, ann Kd, bob 9d, cy Jd   # the winner of a trick leads the next
trick 4: dee Kh, ann Qd, bob Ah, cy Jh
trick 5: bob Kc, cy Td, dee 9s, ann Ks
trick 6: bob Ts, cy Qs, dee 9h, ann As
settle bob+dee 5 ann+cy 1                # the points of this hand (optional)
score bob+dee 5 ann+cy 1                 # the running score after it (optional)
"""


def starter_log(game: str) -> str:
    """The starter log of ``game`` (``"bourre"`` or ``"bid-euchre"``)."""
    head, hand = (_BOURRE_HEAD, _BOURRE_HAND) if game == "bourre" else (_EUCHRE_HEAD, _EUCHRE_HAND)
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
