"""Renderers: turn judged reports into text for people, JSON for programs, or a web page.

* ``render.text`` — the ``audit`` text report (rich, imported only when used);
* ``render.layout`` — its tables laid out in a terminal's width (words wrap, numbers never);
* ``render.show`` — ``referee show``: trick grids with findings and settlements (rich);
* ``render.json`` — the JSON document (dependency-free);
* ``render.jsonl`` — JSON Lines, one object per hand, streamed (dependency-free);
* ``render.csv``, ``render.github`` and ``render.sarif`` — a spreadsheet's rows, GitHub's
  workflow annotations and step summary, and the SARIF 2.1.0 log (dependency-free);
* ``render.statistics`` — ``--statistics``: the findings per rule over a batch;
* ``render.html`` and ``render.svg`` — the self-contained HTML report: the verdict and an
  index of the files first, each file collapsed with its findings, inline SVG chart and
  table; its markup in jinja2 templates (``render.templating``, ``render/templates/``),
  imported only for it;
* ``render.source`` — re-reading log lines for source snippets;
* ``render.fmt`` — amounts, counts and option values as the reports write them
  (dependency-free).
"""

from __future__ import annotations
