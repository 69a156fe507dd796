"""referee: a referee for Bourré and Bid Euchre hand logs, as a command and as a library.

From Python (see ``docs/library.md``)::

    import referee

    report = referee.audit_text(log_text)          # one log given as text
    for report in referee.audit_path("logs/"):     # files and folders
        ...
    print(referee.explain("BR-FOLLOW"))            # a rule, in words
    table = referee.standings_of(reports)          # standings and who pays whom

The reports are the types below (:class:`FileReport`, its hands' results, violations,
read errors). Everything is imported on first use, so ``import referee`` costs nothing
beyond this module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Every public name and the module it lives in (imported when first asked for).
_EXPORTS: dict[str, str] = {
    "audit_text": "referee.api",
    "audit_path": "referee.api",
    "explain": "referee.api",
    "UnknownRuleError": "referee.api",
    "ConfigError": "referee.api",
    "FileReport": "referee.report",
    "Report": "referee.report",
    "HandResult": "referee.report",
    "BourreHandResult": "referee.report",
    "EuchreHandResult": "referee.report",
    "Violation": "referee.report",
    "ReadError": "referee.report",
    "Mend": "referee.report",
    "ClaimRuling": "referee.report",
    "TrickRecord": "referee.report",
    "Record": "referee.report",
    "standings_of": "referee.standings",
    "Standings": "referee.standings",
    "SettleUp": "referee.settleup",
    "Transfer": "referee.settleup",
}

__all__ = [  # (the names of _EXPORTS, written out for linters and readers)
    "BourreHandResult",
    "ClaimRuling",
    "ConfigError",
    "EuchreHandResult",
    "FileReport",
    "HandResult",
    "Mend",
    "ReadError",
    "Record",
    "Report",
    "SettleUp",
    "Standings",
    "Transfer",
    "TrickRecord",
    "UnknownRuleError",
    "Violation",
    "__version__",
    "audit_path",
    "audit_text",
    "explain",
    "standings_of",
]

if TYPE_CHECKING:  # (for type checkers and editors; at run time see __getattr__)
    from referee.api import ConfigError, UnknownRuleError, audit_path, audit_text, explain
    from referee.report import (
        BourreHandResult,
        ClaimRuling,
        EuchreHandResult,
        FileReport,
        HandResult,
        Mend,
        ReadError,
        Record,
        Report,
        TrickRecord,
        Violation,
    )
    from referee.settleup import SettleUp, Transfer
    from referee.standings import Standings, standings_of


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
