"""The read-error codes (``P-``), each spelled once: the readers make their errors
(:class:`~referee.report.ReadError`) with these, and :mod:`referee.codes` explains each
and says what it does to the exit status. A module of its own, which imports nothing of the
referee's: both import it, and a clean log's audit never loads the explanations."""

from __future__ import annotations

from typing import Final

P_SYNTAX: Final = "P-SYNTAX"
P_HEADER: Final = "P-HEADER"
P_ENCODING: Final = "P-ENCODING"
P_IO: Final = "P-IO"
P_RULES: Final = "P-RULES"
P_INTERNAL: Final = "P-INTERNAL"
