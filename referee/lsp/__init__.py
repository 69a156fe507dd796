"""``referee lsp``: a language server for hand logs (``*.hlog``), over standard input and
output, for editors.

It gives, while the log is typed (judged on the unsaved text, a moment after the last
change): the findings of ``referee audit`` as diagnostics (each with its rule ID and a
link to its explanation), hovers (a rule ID, an option, a player, a card and who held it in
the hand), completion (keywords, seated players, the cards still unplayed in the hand,
option keys and values) and code actions (each "did you mean", and the referee's own
settlement in place of a wrong recorded one). ``docs/editors.md`` says how to set it up.

The protocol is pygls's (``pip install 'referee[lsp]'``), imported by
:mod:`referee.lsp.server` only; the other modules here work on the referee's own reports
and records, and the core never imports this package. Positions: the referee counts
columns in code points from 1; :mod:`referee.lsp.text` turns them into the client's units.
"""
