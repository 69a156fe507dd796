"""The starter log of ``referee new`` for Bourré (see :mod:`referee.starter`): the head of
the log (before the house options' comments) and one hand that audits clean."""

HEAD = """\
# A Bourré hand log. One statement per line; `#` starts a comment; case does not matter.
# Edit the names, the options and the hand into your own game, then check it:
#     referee audit LOG
# Every statement: `referee docs log-format`; one of them: `referee explain settle`.

game bourre
players ann bob cy dee                   # in seating order, clockwise
# title Friday night at Ray's            # title, date, event and table are optional
# date 2025-01-31
# Also possible here: `pot 2.50` (money already in the pot before hand 1, for a session
# logged from the middle) and `exempt cy` (players excused from hand 1's ante).
"""

HAND = """\
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
