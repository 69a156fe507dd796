"""The records are ordinary typed Python: a statement's record is a named tuple, the others
frozen dataclasses, none with an ``__init__`` written by hand (the compiled build compiles
them as they are)."""

from __future__ import annotations

import dataclasses
import typing

from referee import records


def _classes() -> list[type]:
    return [
        cls
        for cls in vars(records).values()
        if isinstance(cls, type) and cls.__module__ == records.__name__
    ]


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def test_every_record_is_a_named_tuple_or_a_frozen_dataclass() -> None:
    found = _classes()
    assert {"TrickLine", "DealLine", "BidLine", "TeamPoints", "ScoreLine", "Hand"} <= {
        cls.__name__ for cls in found
    }
    for cls in found:
        if _is_named_tuple(cls):
            continue
        assert dataclasses.is_dataclass(cls), cls
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]


def test_each_statement_keeps_its_line_text_and_columns() -> None:
    for cls in typing.get_args(records.Event):
        assert _is_named_tuple(cls), cls
        assert {"line", "column", "text", "cols"} <= set(cls._fields), cls
