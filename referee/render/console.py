"""The rich console the reports print through on a terminal (colour, a width), and for
``show`` and ``standings``; imported only when one is made (see :mod:`referee.render.plain`
for the plain text report, which needs no rich)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from rich.console import Console
from rich.segment import Segment

from referee.render.safe import visible_lines

__all__ = ["make_console"]


class _Console(Console):
    """A rich console that lets a closed pipe surface as ``BrokenPipeError``.

    (rich's default exits the process with status 1, which ``audit`` uses for "violations
    found"; the command line decides instead.)
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(32, "Broken pipe")

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        """Every piece of text made visible before it is written (see
        :mod:`referee.render.safe`): whatever a log holds, no control, bidi or zero-width
        character reaches the terminal. (The renderers escape what they align, too.)"""
        return super()._render_buffer(
            seg
            if seg.control or seg.text == "\n"  # (rich's own line ends)
            else Segment(visible_lines(seg.text), seg.style, seg.control)
            for seg in buffer
        )


def make_console(
    file: TextIO | None = None, color: bool | None = None, *, width: int | None = None
) -> Console:
    """A console for reports: ``color`` None detects a terminal, False forces plain text;
    ``width`` fixes the terminal's width (else rich measures it)."""
    return _Console(
        file=file,
        width=width,
        force_terminal=color,
        color_system="auto" if color is not False else None,
        no_color=None if color is not False else True,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
