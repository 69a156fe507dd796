"""The records that write their own ``__init__`` (so that the compiled build compiles it:
see the note at the top of :mod:`referee.records`) take and keep exactly what the dataclass
decorator's own ``__init__`` would: every field, in order, with its default, and nothing else.
"""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from referee import records


def _own(init: object) -> bool:
    """Whether an ``__init__`` is written in the module (compiled, it has no code object),
    not the dataclass decorator's (whose code comes from a string)."""
    code = getattr(init, "__code__", None)
    return code is None or code.co_filename == records.__file__


_OWN_INIT = [
    cls
    for cls in vars(records).values()
    if isinstance(cls, type)
    and dataclasses.is_dataclass(cls)
    and cls.__module__ == records.__name__
    and _own(cls.__init__)
]


def test_the_records_made_per_statement_write_their_own_init() -> None:
    own = {cls.__name__ for cls in _OWN_INIT}
    assert {"TrickLine", "DealLine", "BidLine", "TeamPoints", "ScoreLine", "Hand"} <= own
    assert len(own) == 16


@pytest.mark.parametrize("cls", _OWN_INIT, ids=lambda cls: cls.__name__)
def test_an_own_init_takes_the_fields_as_the_decorator_would(cls: type) -> None:
    if not hasattr(cls.__init__, "__code__"):
        pytest.skip("compiled: no signature to read, and it checks its arguments' types")
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)
    assert [p.default for p in parameters] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]
    # each field keeps what it was given (a distinct object each), by position and by name
    given = [object() for _ in fields]
    for made in (cls(*given), cls(**{f.name: v for f, v in zip(fields, given, strict=True)})):
        assert [getattr(made, f.name) for f in fields] == given
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, fields[0].name, None)
