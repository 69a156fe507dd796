"""``referee fix``: a log with what the referee can mend corrected, as a new text (see
:mod:`referee.fixer.run`); the log itself is never written."""

from referee.fixer.run import (
    FIXED_RULES,
    Change,
    FixOutcome,
    Left,
    fix_log,
    judge_with,
    remaining_in_words,
)
from referee.fixer.text import MAX_FIX_BYTES, LogText, decode_log, read_input, unified_diff

__all__ = [
    "FIXED_RULES",
    "MAX_FIX_BYTES",
    "Change",
    "FixOutcome",
    "Left",
    "LogText",
    "decode_log",
    "fix_log",
    "judge_with",
    "read_input",
    "remaining_in_words",
    "unified_diff",
]
