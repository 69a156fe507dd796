"""Reading hand logs: text in, typed records (:mod:`referee.records`) and ``P-`` errors out.

The grammar, ``grammar/hand_log.lark``, is the spec of the syntax and the authority on it.
A line is read one of two ways:

* **By its words** (:mod:`referee.parser.words`): the line is parted into words once, and
  the usual shape of each statement is read by looking its words up in tables of what the
  grammar's own terminals match (a word not seen yet is checked against its terminal
  alone). This is what makes bulk files fast: Lark's pure-Python lexer and parser cost 3-4
  µs a token. It accepts only lines the grammar accepts, and gives the records Lark gives
  (``tests/test_reading.py`` and ``tests/test_parser.py`` read lines both ways and compare).
* **With Lark** (LALR, contextual lexer, one line at a time, :mod:`referee.parser.tree`):
  every other line, and every bad line, for which its view of what was expected gives the
  error message.

Lark builds its parser in about 60 ms, so it is built only when a line needs it; the
terminals the word reader checks words against are kept in the user's cache folder (see
:func:`_terminals`), so a log whose lines all read by their words never waits for Lark.

Errors never escape: a line that does not parse is reported (``P-SYNTAX``, or ``P-HEADER``
for header problems) and skipped, and reading goes on with the next line. Memory stays
bounded by one hand: hands are read lazily, a hand at a time.

The package's modules: ``syntax`` (the grammar, its cached terminals and the Lark parser),
``common`` (game names, keywords, limits, value checks, seated names), ``words`` (reading by
the words), ``tree`` (the Lark path), ``messages`` (error messages) and ``reader``
(:class:`LogReader`, :func:`read_log`, :func:`read_text`).
"""

from referee.parser.common import KEYWORDS
from referee.parser.reader import LogReader, read_log, read_text
from referee.parser.syntax import _syntax as _syntax
from referee.parser.syntax import _terminals as _terminals
from referee.parser.syntax import grammar_text as grammar_text

__all__ = ["KEYWORDS", "LogReader", "read_log", "read_text"]
