"""Line charts as inline SVG, generated in Python: no script, no network, deterministic.

:func:`line_chart` draws one ``<path class="series">`` per series, a y axis with
round-number ticks and grid lines (whole numbers when every amount is whole: no 2.5 for
whole dollars), the zero line, an x axis labelled with hand numbers, optional dashed
reference lines (horizontal) and marks (vertical). A series may have gaps (a value of
None) and the chart breaks (``breaks``: a new game starting at 0–0 is not joined to the
end of the last one).

Lines that cross or lie on top of each other stay apart: each series has its own colour
(Okabe-Ito, readable with the common colour-vision deficiencies), dash pattern and marker
shape (hollow, so a marker under another still shows), drawn on at most
:data:`MARKERS_AT_MOST` of its points. The markers and the legend keys are defined once for
a page (:func:`defs`); the legend is HTML beside the chart (:func:`legend_html`), so it stays
readable on a narrow screen. Python computes every coordinate; the markup is the template
``templates/chart.svg``, which escapes all text. Coordinates are written as whole numbers
(rounded the same way every time), so the same data always gives the same bytes.

The chart is drawn 640 units wide and scaled to its box: on a narrow screen (360 pixels)
the page's CSS draws its labels at 21 units (about 12 pixels), so the left margin holds the
longest tick label and the x labels are spaced at that size (:data:`NARROW_CHAR`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import cast

from markupsafe import Markup

from referee.render.templating import macros

#: Okabe-Ito colours (distinguishable with the common colour-vision deficiencies).
PALETTE: tuple[str, ...] = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#000000",
    "#999933",
)
#: Dash patterns, one per series (with the colour and the marker: three ways to tell two
#: lines apart).
DASHES: tuple[str, ...] = ("", "7 3", "2 3", "9 3 2 3", "4 2", "1 2", "12 3", "5 2 1 2")
#: Marker shapes (SVG path data around 0,0), one per series.
SHAPES: tuple[str, ...] = (
    "M-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0z",  # circle
    "M-3 -3h6v6h-6z",  # square
    "M0 -4l4 7h-8z",  # triangle
    "M0 -4.5l4.5 4.5-4.5 4.5-4.5-4.5z",  # diamond
    "M0 4l4-7h-8z",  # triangle, pointing down
    "M-1.5 -4h3v2.5h2.5v3h-2.5v2.5h-3v-2.5h-2.5v-3h2.5z",  # plus
    "M-4 -2.5l1.5-1.5 2.5 2.5 2.5-2.5 1.5 1.5-2.5 2.5 2.5 2.5-1.5 1.5-2.5-2.5-2.5 2.5"
    "-1.5-1.5 2.5-2.5z",  # cross
    "M0-4.5l1.3 2.7 3 .4-2.2 2.1.5 3L0 2.3l-2.7 1.4.5-3-2.2-2.1 3-.4z",  # star
)
#: Series styles defined on a page (:func:`defs`): a chart of more series reuses them.
STYLES = len(PALETTE)

WIDTH = 640
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 56, 18, 14, 46  # plot margins (the legend is outside)
MARKERS_AT_MOST = 24  # markers drawn on a series (its points thinned out beyond that)
LABEL_SPACING = 44  # the least distance between two x labels, in chart units
#: The width of a label's character, in chart units, at the font a narrow screen gives the
#: chart (21 units, about 12 pixels when the chart is 360 pixels wide): the left margin and
#: the x labels' spacing leave room for it.
NARROW_CHAR = 12


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a label and a value per point (None: no value there, a gap)."""

    label: str
    values: Sequence[Decimal | int | None]


@dataclass(frozen=True, slots=True)
class Mark:
    """A dashed vertical line at ``at`` on the x axis (e.g. the hand that won a game)."""

    at: float
    label: str


@dataclass(frozen=True, slots=True)
class RefLine:
    """A dashed horizontal reference line (e.g. the target score)."""

    value: Decimal | int
    label: str


@dataclass(slots=True)
class _Drawn:
    """One series as drawn: what the chart template writes of it."""

    label: str
    d: str  # the line's path data
    colour: str
    dash: str
    marked: str  # " mK": a marker on every point of the line, else ""
    marker: str  # the marker's class, for the thinned-out markers
    dots: str  # the thinned-out markers' points ("" when none or on every point)
    tip: str


@dataclass(slots=True)
class _Layout:
    """Everything the chart template writes: coordinates as whole-number strings."""

    title: str
    x_label: str
    y_label: str
    left: int
    right: int
    top: int
    bottom: int
    grid: str
    zero: str | None
    ylabels: list[tuple[str, str]]
    xlabels: list[tuple[str, str]]
    refs: list[tuple[int, str]]
    marks: list[tuple[int, str]]
    series: list[_Drawn]
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def middle_x(self) -> str:
        return _n((self.left + self.right) / 2)

    @property
    def middle_y(self) -> str:
        return _n((self.top + self.bottom) / 2)


def line_chart(
    series: Sequence[Series],
    x_labels: Sequence[str],
    *,
    title: str,
    y_label: str,
    x_label: str = "hand",
    xs: Sequence[float] | None = None,
    breaks: Sequence[int] = (),
    refs: Sequence[RefLine] = (),
    marks: Sequence[Mark] = (),
    value_text: Callable[[Decimal | int], str] = str,
) -> Markup:
    """The ``<svg>`` element for ``series`` over the points named by ``x_labels``.

    Every series has one value per point. ``xs`` places the points on the x axis (by
    default 0, 1, 2, ...; two points may share a place, as the end of a game and the start
    of the next do); ``breaks`` are the points where the lines start afresh, not joined to
    the point before. ``value_text`` formats a value for the tooltips.
    """
    n = len(x_labels)
    at: list[float] = [float(v) for v in xs] if xs is not None else [float(i) for i in range(n)]
    values = [float(v) for s in series for v in s.values if v is not None] + [0.0]
    values += [float(r.value) for r in refs]
    whole = all(v == int(v) for v in values)
    ticks = nice_ticks(min(values), max(values), whole=whole)
    lo, hi = ticks[0], ticks[-1]
    x_lo, x_hi = (min(at), max(at)) if at else (0.0, 1.0)
    tick_texts = [_tick_text(t) for t in ticks]
    left = _left_margin(tick_texts)
    last = len(x_labels[-1]) if x_labels else 0  # (centred under the plot's right end)
    plot_w = WIDTH - left - max(RIGHT, NARROW_CHAR * last // 2 + 6)
    plot_h = HEIGHT - TOP - BOTTOM

    def x(value: float) -> float:
        return left + (plot_w * (value - x_lo) / (x_hi - x_lo) if x_hi > x_lo else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (hi - v) / (hi - lo)

    right, bottom = left + plot_w, TOP + plot_h
    spacing = max(LABEL_SPACING, NARROW_CHAR * max(map(len, x_labels), default=0) + 10)
    labelled = _labelled(at, breaks, x, spacing)
    starts = set(breaks)
    layout = _Layout(
        title=title,
        x_label=x_label,
        y_label=y_label,
        left=left,
        right=right,
        top=TOP,
        bottom=bottom,
        grid="".join(f"M{left} {_n(y(t))}H{right}" for t in ticks if t != 0),
        zero=_n(y(0)) if lo <= 0 <= hi else None,
        ylabels=[(_n(y(t) + 4), text) for t, text in zip(ticks, tick_texts, strict=True)],
        xlabels=[(_n(x(at[i])), x_labels[i]) for i in labelled],
        refs=[(round(y(float(r.value))), r.label) for r in refs],
        marks=[(round(x(m.at)), m.label) for m in marks],
        series=[
            _series(k, s, [x(a) for a in at], starts, y, value_text) for k, s in enumerate(series)
        ],
    )
    return cast(Markup, macros("chart.svg").chart(layout))


def _left_margin(tick_texts: list[str]) -> int:
    """The plot's left margin: room for the y axis title and the longest tick label at the
    font a narrow screen gives the chart (:data:`NARROW_CHAR` a character)."""
    longest = max(map(len, tick_texts), default=1)
    return max(LEFT, 34 + round(NARROW_CHAR * longest))


def _series(
    k: int,
    s: Series,
    places: list[float],
    starts: set[int],
    y: Callable[[float], float],
    value_text: Callable[[Decimal | int], str],
) -> _Drawn:
    """One series: its line (in pieces, at gaps and breaks) and its markers."""
    colour, dash = style(k)
    points: list[tuple[float, float]] = []
    pieces: list[str] = []
    piece: list[str] = []
    for i, value in enumerate(s.values):
        if value is None or i in starts:
            if piece:
                pieces.append("M" + " ".join(piece))
            piece = []
        if value is not None:
            point = (places[i], y(float(value)))
            points.append(point)
            piece.append(f"{_n(point[0])} {_n(point[1])}")
    if piece:
        pieces.append("M" + " ".join(piece))
    last = next((v for v in reversed(s.values) if v is not None), None)
    tip = f"{s.label}: {value_text(last)}" if last is not None else s.label
    shown = _thinned(points, MARKERS_AT_MOST, offset=k)
    every = shown is points  # (a marker on every point: set on the line by its class)
    dots = "" if every else " ".join(f"{_n(px)},{_n(py)}" for px, py in shown)
    return _Drawn(
        label=s.label,
        d="".join(pieces),
        colour=colour,
        dash=dash,
        marked=f" {marker_class(k)}" if every else "",
        marker=marker_class(k),
        dots=dots,
        tip=tip,
    )


def _thinned(
    points: list[tuple[float, float]], most: int, offset: int
) -> list[tuple[float, float]]:
    """At most ``most`` of ``points``, evenly spread (started ``offset`` points in, so two
    series' markers do not fall on the same hands), with the last one."""
    if len(points) <= most:
        return points
    step = -(-len(points) // most)
    first = offset % step
    kept = points[first::step]
    if kept[-1] != points[-1]:
        kept = [*kept[: most - 1], points[-1]]
    return kept


def _labelled(
    at: list[float], breaks: Sequence[int], x: Callable[[float], float], spacing: float
) -> list[int]:
    """The points that get an x label: at least ``spacing`` apart, the first and (in place
    of the one before it, if too close) the last; not a break's second point."""
    skip = set(breaks)
    chosen: list[int] = []
    for i, value in enumerate(at):
        if i in skip and i > 0 and at[i - 1] == value:
            continue
        if not chosen or x(value) - x(at[chosen[-1]]) >= spacing:
            chosen.append(i)
    if at and chosen and chosen[-1] != len(at) - 1 and len(at) - 1 not in skip:
        if len(chosen) > 1 and x(at[-1]) - x(at[chosen[-1]]) < spacing:
            chosen.pop()
        chosen.append(len(at) - 1)
    return chosen


def nice_ticks(lo: float, hi: float, count: int = 5, *, whole: bool = False) -> list[float]:
    """Round-number ticks covering ``lo..hi`` (about ``count`` intervals, 1-2-5 steps, and
    2.5); with ``whole``, whole-number steps only (1, 2, 5, 10, 20...: no 2.5, no 0.5)."""
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    steps = [m * magnitude for m in (1, 2, 2.5, 5, 10)]
    if whole:  # (25 and 250 are whole; 2.5 and 0.5 are not)
        steps = [m for m in steps if m >= 1 and abs(m - round(m)) < 1e-9] or [1]
    step = next((m for m in steps if m >= raw), steps[-1])
    start = math.floor(lo / step + 1e-9) * step
    stop = math.ceil(hi / step - 1e-9) * step
    ticks: list[float] = []
    i = 0
    while True:
        t = round(start + i * step, 10)
        ticks.append(t)
        if t >= stop - 1e-9:
            break
        i += 1
    return ticks


def style(k: int) -> tuple[str, str]:
    """The colour and dash pattern of series ``k``."""
    return PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]


def marker_id(k: int) -> str:
    """The id of series ``k``'s marker in the page's :func:`defs`."""
    return f"rm{k % STYLES}"


def marker_class(k: int) -> str:
    """The class that puts series ``k``'s marker on every point of a line (:func:`css`)."""
    return f"m{k % STYLES}"


def css() -> str:
    """The style rules the charts need on their page: the markers by class (set by CSS, so
    a line does not spell out three marker references), the legend keys' size."""
    rules = [f".{marker_class(k)}{{marker:url(#{marker_id(k)})}}" for k in range(STYLES)]
    rules.append("svg .dots{fill:none;stroke:none}svg.key{width:40px;height:12px}")
    return "".join(rules) + "\n"


def key_id(k: int) -> str:
    """The id of series ``k``'s legend key (a bit of line with its marker) in :func:`defs`."""
    return f"rk{k % STYLES}"


def defs() -> Markup:
    """The markers and legend keys of every series style, once for a page (hidden)."""
    styles = []
    for k in range(STYLES):
        colour, dash = style(k)
        styles.append((marker_id(k), key_id(k), SHAPES[k % len(SHAPES)], colour, dash))
    return cast(Markup, macros("chart.svg").defs(styles))


def legend_html(series: Sequence[Series], value_text: Callable[[Decimal | int], str]) -> Markup:
    """The legend beside a chart, as HTML: each series' key, label and last value."""
    items = []
    for k, s in enumerate(series):
        last = next((v for v in reversed(s.values) if v is not None), None)
        items.append((key_id(k), s.label, value_text(last) if last is not None else "?"))
    return cast(Markup, macros("chart.svg").legend(items))


def _tick_text(t: float) -> str:
    return f"{t:.10g}"


def _n(v: float) -> str:
    """A coordinate in whole chart units (a chart is drawn 640 units wide, at most some
    760 pixels: a unit is about a pixel), never ``-0``."""
    return str(round(v))
