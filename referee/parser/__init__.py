"""Reading hand logs: text in, typed records (:mod:`referee.records`) and ``P-`` errors out.

The grammar, ``grammar/hand_log.lark``, is the spec of the syntax and the authority on it. It
is applied in these ways:

* **Lark** (LALR, contextual lexer, one line at a time) reads every line that the fast path
  does not recognise, and every bad line, for which its view of what was expected gives the
  error message.
* **The fast path** recognises the usual shapes of the hand statements with anchored regular
  expressions assembled from the grammar's own terminals (names, cards, suits, numbers) and
  builds the records directly. Lark's pure-Python lexer and parser cost 3-4 µs a token, which
  caps a Lark-only reader near 3,000 five-player hands a second; the fast path is what makes
  bulk files fast. It accepts only lines that the grammar accepts, and builds the same
  records (``tests/test_parser.py`` reads lines both ways and compares); anything else it
  leaves to Lark. The usual header statements have a fast path too.
* **The quick path** (``read_log(..., quick=True)``, what ``referee audit`` uses) goes one
  step further for Bourré: a hand whose every line has one of the usual shapes is read into
  a :class:`~referee.records.QuickHand` of plain names and cards, for the engine's quick
  lane; its full records are read only if the engine asks (to explain a finding).

Lark builds its parser in about 60 ms, so it is built only when a line needs it; the
terminals the fast paths are made of are kept in the user's cache folder (see
:func:`_terminals`), so a log whose lines are all usual ones never waits for Lark.

Errors never escape: a line that does not parse is reported (``P-SYNTAX``, or ``P-HEADER``
for header problems) and skipped, and reading goes on with the next line. Memory stays
bounded by one hand: hands are read lazily, a hand at a time.

The package's modules: ``syntax`` (the grammar, its cached terminals, the fast-path patterns
and the Lark parser), ``common`` (game names, keywords, limits, value checks, seated names),
``fastpath``, ``quickpath``, ``tree`` (the Lark path), ``messages`` (error messages) and
``reader`` (:class:`LogReader`, :func:`read_log`, :func:`read_text`).
"""

from referee.parser.common import KEYWORDS
from referee.parser.reader import LogReader, read_log, read_text
from referee.parser.syntax import _syntax as _syntax
from referee.parser.syntax import _terminals as _terminals
from referee.parser.syntax import grammar_text as grammar_text

__all__ = ["KEYWORDS", "LogReader", "read_log", "read_text"]
