"""The starter log of ``referee new`` for Bid Euchre (see :mod:`referee.starter`): the head of
the log (before the house options' comments) and one hand that audits clean."""

HEAD = """\
# A Bid Euchre hand log. One statement per line; `#` starts a comment; case does not
# matter. Edit the names, the options and the hand into your own game, then check it:
#     referee audit LOG
# Every statement: `referee docs log-format`; one of them: `referee explain settle`.

game bid-euchre
players ann bob cy dee                   # in seating order: ann+cy against bob+dee
# title Club night                       # title, date, event and table are optional
# date 2025-01-31
# Also possible here: `score ann+cy 10 bob+dee 6` (the running score before hand 1).
"""

HAND = """\
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
