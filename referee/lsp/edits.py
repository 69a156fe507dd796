"""A change to a document's text, in the referee's terms (line from 0, code points), and
as the protocol's text edits."""

from __future__ import annotations

from typing import NamedTuple

from lsprotocol import types

from .text import Positions


class Edit(NamedTuple):
    """Replace code points ``start`` to ``end`` of ``line`` (from 0) with ``text``; with
    ``end_line`` set, the range runs to code point ``end`` of that line instead."""

    line: int
    start: int
    end: int
    text: str
    end_line: int | None = None


def text_edit(edit: Edit, positions: Positions) -> types.TextEdit:
    """The protocol's edit, in the client's units."""
    end_line = edit.line if edit.end_line is None else edit.end_line
    return types.TextEdit(
        range=types.Range(
            start=positions.position(edit.line, edit.start),
            end=positions.position(end_line, edit.end),
        ),
        new_text=edit.text,
    )


def workspace_edit(uri: str, edits: list[Edit], positions: Positions) -> types.WorkspaceEdit:
    """The edits of one document as a workspace edit."""
    return types.WorkspaceEdit(changes={uri: [text_edit(e, positions) for e in edits]})
