"""'Did you mean ...?': the known words closest to a word a user misspelled.

Used for the hints in messages about a name that is not seated, a keyword that is not one,
an option key or value, a game name. A hint is only given when the match is close, so that
it helps rather than misleads: the same word but for case and accents (``zoe`` for ``Zoë``),
or a few letters changed, added, dropped or swapped (one in a word of up to four letters,
two in a longer one), or, for longer words, a close likeness by :mod:`difflib`'s ratio
(``euchre`` for ``bid-euchre``). Only the closest matches are named, never more than three.
"""

from __future__ import annotations

import functools
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
    if text.isascii():
        return text.lower()
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


def _allowed_of(shorter: int) -> int:
    """How many letters may differ, by the shorter word's length: none for one or two
    letters (``al`` is not a misspelling of ``ed``), one up to four letters, two beyond."""
    if shorter <= 2:
        return 0
    return 1 if shorter <= 4 else 2


def close_matches(
    word: str,
    candidates: Iterable[str],
    *,
    key: Callable[[str], str] = fold,
    limit: int = MAX_SUGGESTIONS,
) -> list[str]:
    """The candidates closest to ``word`` (compared through ``key``), best first; empty when
    none is close enough (see the module's doc), or when ``word`` is itself a candidate.

    A bad log may ask this of every line, so the answers are kept (bad words repeat) and a
    candidate is measured only when its length leaves it a chance.
    """
    return list(_close_matches(word, tuple(candidates), key)[:limit])


@functools.lru_cache(maxsize=4096)
def _close_matches(
    word: str, candidates: tuple[str, ...], key: Callable[[str], str]
) -> tuple[str, ...]:
    written = key(word)
    if not written or len(written) > _MAX_WORD or word in candidates:
        return ()
    scored: list[tuple[int, float, int, str]] = []
    for order, candidate in enumerate(dict.fromkeys(candidates)):
        known = _keyed(key, candidate)
        if known == written:
            scored.append((0, -1.0, order, candidate))
            continue
        shorter, longer = sorted((len(written), len(known)))
        cap = _allowed_of(shorter)
        # difflib's ratio is at most 2 * shorter / (shorter + longer)
        alike = shorter >= 5 and 2 * shorter >= _RATIO * (shorter + longer)
        if longer - shorter > cap and not alike:
            continue
        distance = edit_distance(written, known, cap)
        ratio = -1.0
        if distance > cap:
            if not alike:
                continue
            matcher = SequenceMatcher(None, written, known)
            if matcher.quick_ratio() < _RATIO or matcher.ratio() < _RATIO:
                continue
            ratio = matcher.ratio()
        scored.append((distance, -ratio, order, candidate))
    if not scored:
        return ()
    scored.sort()
    best = scored[0][0]
    return tuple(candidate for distance, _, _, candidate in scored if distance == best)


@functools.lru_cache(maxsize=1024)
def _keyed(key: Callable[[str], str], candidate: str) -> str:
    """A candidate through ``key``, kept (the candidates are the same few words)."""
    return key(candidate)


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
