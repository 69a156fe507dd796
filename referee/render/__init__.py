"""Renderers: turn a :class:`~referee.report.Report` into text for people or JSON for programs.

``render.json`` is dependency-free; ``render.text`` uses rich (imported only when used).
"""

from __future__ import annotations
