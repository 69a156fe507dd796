"""Lines of words fitted to a terminal's width, with a hanging indent.

A finding is ``path:line:col: RULE-ID message``; an evidence line ``= evidence``. Printed
as they are, a terminal breaks them wherever the width runs out, in the middle of a word,
and the continuation starts at the left edge. On a terminal the reports print them in its
width instead: broken between words (rich's :meth:`~rich.text.Text.wrap`), each line after
the first indented under the start of the message (the *body*, after the *head*). A word
longer than the line (a 200-character file name) is the only thing cut, at the width.

When the head leaves the body fewer than :data:`MIN_ROOM` cells (a long path at 80
columns), the head is printed on its own line(s) and the body goes beneath it, indented by
:data:`BENEATH` cells: a message is never squeezed into a sliver at the right edge.

With no width (piped output) nothing is wrapped: a line is one line, as it always was.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from referee.render.safe import UNSAFE, visible

#: The fewest cells a message is wrapped to beside its head before it goes beneath it.
MIN_ROOM = 30
#: The indent of a message that goes beneath its head.
BENEATH = 4

#: Only its measuring and wrapping are used (no output): any console would do.
_CONSOLE = Console(width=80, color_system=None, highlight=False, markup=False, emoji=False)


def hanging(head: Text, body: Text, width: int | None) -> list[Text]:
    """``head`` then ``body`` as lines of at most ``width`` cells (None: one line), broken
    between words, the lines after the first indented under the body's start (or the body
    beneath the head, see the module's docstring). Unsafe characters are made visible
    first (:func:`escaped`), so that the width measured is the width printed."""
    head, body = escaped(head), escaped(body)
    line = head + body  # (the head's style, bold say, is the whole line's: as printed unwrapped)
    if width is None or line.cell_len <= width:
        return [line]
    indent = head.cell_len
    head, body = line.divide([len(head.plain)])
    if width - indent >= MIN_ROOM:
        first, *rest = wrap_text(body, width - indent)
        return [head + first, *(Text(" " * indent) + piece for piece in rest)]
    lines = wrap_text(head, width) if head.plain.strip() else []
    if body.plain.strip():
        lines += [Text(" " * BENEATH) + piece for piece in wrap_text(body, width - BENEATH)]
    return lines


def wrap_text(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken after spaces (a word longer
    than the width cut in pieces), trailing spaces dropped; never no line."""
    lines = list(text.wrap(_CONSOLE, max(width, 1), overflow="fold"))
    for line in lines:
        line.rstrip()
    return lines or [Text("")]


def escaped(text: Text) -> Text:
    """``text`` with every unsafe character made visible (:func:`visible`), each piece
    keeping its style: the escapes are measured as they will be printed."""
    plain = text.plain
    if UNSAFE.search(plain) is None:
        return text
    cuts = sorted({0, len(plain), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    out = Text(style=text.style, end=text.end)
    for piece in text.divide(cuts[1:-1]):
        styled = Text(visible(piece.plain))
        for span in piece.spans:  # (each covers the whole piece: it was cut at every edge)
            styled.stylize(span.style)
        out.append_text(styled)
    return out
