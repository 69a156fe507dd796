"""'Did you mean ...?': the known words closest to a word a user misspelled.

Used for the hints in messages about a name that is not seated, a keyword that is not one,
an option key or value, a game name. A hint is only given when the match is close, so that
it helps rather than misleads: the same word but for case and accents (``zoe`` for ``Zoë``),
or a few letters changed, added, dropped or swapped (one in a word of up to four letters,
two in a longer one), or, for longer words, a close likeness by :mod:`difflib`'s ratio
(``euchre`` for ``bid-euchre``). Only the closest matches are named, never more than three.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from difflib import SequenceMatcher

#: At most this many suggestions are named.
MAX_SUGGESTIONS = 3
#: A word is compared only if it is at most this long (a hint for a 5,000-letter "name" is
#: no help, and comparing it would cost time).
_MAX_WORD = 40
#: How like two longer words must be (difflib's ratio) to be suggested when more than the
#: allowed letters differ.
_RATIO = 0.8


def fold(text: str) -> str:
    """``text`` without accents and case, for comparing (``Zoë`` -> ``zoe``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def edit_distance(a: str, b: str, cap: int) -> int:
    """Letters changed, added, dropped or swapped with the next one to make ``a`` into ``b``
    (optimal string alignment); any distance above ``cap`` is given as ``cap + 1``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    before: list[int] | None = None
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        if min(current) > cap:
            return cap + 1
        before, row = row, current
    return min(row[-1], cap + 1)


def _allowed(word: str) -> int:
    """How many letters may differ: none in a word of one or two letters (``al`` is not a
    misspelling of ``ed``), one up to four letters, two beyond."""
    if len(word) <= 2:
        return 0
    return 1 if len(word) <= 4 else 2


def close_matches(
    word: str,
    candidates: Iterable[str],
    *,
    key: Callable[[str], str] = fold,
    limit: int = MAX_SUGGESTIONS,
) -> list[str]:
    """The candidates closest to ``word`` (compared through ``key``), best first; empty when
    none is close enough (see the module's doc), or when ``word`` is itself a candidate."""
    written = key(word)
    if not written or len(written) > _MAX_WORD:
        return []
    scored: list[tuple[int, float, int, str]] = []
    for order, candidate in enumerate(dict.fromkeys(candidates)):
        known = key(candidate)
        if candidate == word:
            return []
        cap = min(_allowed(written), _allowed(known))
        distance = edit_distance(written, known, cap) if written != known else 0
        ratio = SequenceMatcher(None, written, known).ratio()
        if distance <= cap or (min(len(written), len(known)) >= 5 and ratio >= _RATIO):
            scored.append((min(distance, cap + 1), -ratio, order, candidate))
    if not scored:
        return []
    scored.sort()
    best = scored[0][0]
    return [candidate for distance, _, _, candidate in scored if distance == best][:limit]


def did_you_mean(matches: list[str], quote: str = "") -> str:
    """``did you mean ann?`` / ``did you mean ann or anna?`` (each match between ``quote``s),
    or "" for no matches."""
    if not matches:
        return ""
    named = [f"{quote}{m}{quote}" for m in matches]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    return f"did you mean {listed}?"


def not_seated(name: str, seats: Iterable[str]) -> str:
    """The L-PLAYER message: ``anne is not seated at this table; did you mean ann?`` (the
    hint only when a seated name is close)."""
    hint = did_you_mean(close_matches(name, seats))
    return f"{name} is not seated at this table" + (f"; {hint}" if hint else "")
