"""Text from a log made safe to print: every invisible or controlling character made visible.

A log may come from the other side of a dispute. Its titles, names, file names and lines
reach a terminal, a text file or an HTML page, where an escape sequence could rewrite the
screen, set the clipboard (OSC 52) or hide a link (OSC 8), and a bidi override or a
zero-width character could make a line read differently from what it says. So, as git's
``core.quotePath`` does, such characters are written as visible escapes:

* C0 controls and DEL as ``\\xNN`` (tab, line feed and carriage return as ``\\t``, ``\\n``,
  ``\\r``);
* C1 controls (U+0080-U+009F, e.g. U+009B, a one-byte CSI), bidi controls (U+202A-U+202E,
  U+2066-U+2069, U+200E, U+200F, U+061C), zero-width and other format characters
  (U+200B-U+200D, U+2060, U+FEFF, category Cf in general), line and paragraph separators
  (U+2028, U+2029), private "tag" characters and every other character that draws nothing
  (Unicode's Default_Ignorable_Code_Point: the Hangul fillers U+115F, U+1160, U+3164 and
  U+FFA0, variation selectors, the combining grapheme joiner) as ``<U+XXXX>``.

Everything else (letters of any script, suit symbols, ``…``) is left as it is. The mapping
is character by character, so the escaped form of a prefix is a prefix of the escaped form:
carets under a snippet line up when both are escaped.

Dependency-free: the command line, the text, ``show`` and HTML renderers all use it.
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE", "visible", "visible_char", "visible_lines"]

_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


#: Matches any character that :func:`visible` escapes: C0, DEL, C1, the line and paragraph
#: separators, every default-ignorable character, and every format character (category
#: Cf, as of Unicode 15: the soft hyphen, Arabic number signs, U+180E, the zero-width and
#: bidi controls, the invisible operators, U+FEFF, the interlinear annotation marks, the tag
#: characters and the like). Written out
#: rather than computed from :mod:`unicodedata` at start-up, which takes a tenth of a second.
UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891"
    "\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f"
    # the other characters that draw nothing (Default_Ignorable_Code_Point, Unicode 17):
    # the combining grapheme joiner, the Hangul fillers, Khmer's inherent vowels, the
    # Mongolian and other variation selectors, unassigned ones kept for the future
    "\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0"
    "\ufff0-\ufff8\U000e0080-\U000e0fff]"
)


def _plain_ascii(text: str) -> bool:
    """Whether ``text`` is ASCII without a control: then :data:`UNSAFE` has nothing to find.
    (Asked first, as most text is: ``isascii`` reads a flag of the string and
    ``isprintable`` is a scan in C, where a search by the pattern costs a call into ``re``.)"""
    return text.isascii() and text.isprintable()


def visible_char(char: str) -> str:
    """The visible escape of one unsafe character (see the module's docstring)."""
    code = ord(char)
    if code < 0x20 or code == 0x7F:
        return _SHORT.get(char) or f"\\x{code:02x}"
    return f"<U+{code:04X}>"


def _replace(match: re.Match[str]) -> str:
    return visible_char(match.group())


def visible(text: str) -> str:
    """``text`` with every control, bidi, zero-width and other format character escaped."""
    if _plain_ascii(text) or UNSAFE.search(text) is None:
        return text
    return UNSAFE.sub(_replace, text)


def visible_lines(text: str) -> str:
    """:func:`visible`, but for the line ends of text printed as lines."""
    if _plain_ascii(text) or UNSAFE.search(text) is None:
        return text
    return "\n".join(map(visible, text.split("\n")))
