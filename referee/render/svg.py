"""Line charts as inline SVG, generated in Python: no script, no network, deterministic.

:func:`line_chart` draws one ``<polyline>`` per series (and nothing else as a polyline), a
y axis with round-number ticks and grid lines, the zero line, an x axis labelled with hand
numbers, optional dashed reference lines (horizontal) and marks (vertical), and a legend
with each series' final value. All text is escaped; coordinates are written with one
decimal, so the same data always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from html import escape as _html_escape

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
#: Dash patterns, cycled once the palette is used up.
DASHES: tuple[str, ...] = ("", "6 3", "2 3", "8 3 2 3")

WIDTH = 760
HEIGHT = 320
LEFT, RIGHT, TOP, BOTTOM = 60, 170, 16, 44  # plot margins; the legend sits on the right
MARKERS_UP_TO = 40  # points get a marker (with a tooltip) when there are this few


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a label and a value per x position (x = 0, 1, 2, ...)."""

    label: str
    values: Sequence[Decimal | int]


@dataclass(frozen=True, slots=True)
class Mark:
    """A dashed vertical line at x position ``at`` (e.g. the hand that won a game)."""

    at: int
    label: str


@dataclass(frozen=True, slots=True)
class RefLine:
    """A dashed horizontal reference line (e.g. the target score)."""

    value: Decimal | int
    label: str


def escape(text: str) -> str:
    """Text for SVG, every control, bidi and zero-width character made visible."""
    from referee.render.safe import visible

    return _html_escape(visible(text))


def line_chart(
    series: Sequence[Series],
    x_labels: Sequence[str],
    *,
    title: str,
    y_label: str,
    x_label: str = "hand",
    refs: Sequence[RefLine] = (),
    marks: Sequence[Mark] = (),
    value_text: Callable[[Decimal | int], str] = str,
) -> str:
    """The ``<svg>`` element for ``series`` over the x positions named by ``x_labels``.

    Every series has one value per x label. ``value_text`` formats a value for the legend
    and the tooltips.
    """
    fmt = value_text
    n = max(len(x_labels), 1)
    values = [float(v) for s in series for v in s.values] + [0.0]
    values += [float(r.value) for r in refs]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (hi - v) / (hi - lo)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        '<g class="grid">',
    ]
    for t in ticks:
        cls = "zero" if t == 0 else "tick"
        out.append(
            f'<line class="{cls}" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{_n(y(t))}" '
            f'y2="{_n(y(t))}"/>'
        )
        out.append(
            f'<text class="ylab" x="{LEFT - 6}" y="{_n(y(t) + 4)}" text-anchor="end">'
            f"{escape(_tick_text(t))}</text>"
        )
    out.append("</g>")
    out.append(
        f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}"/>'
        f'<line class="axis" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{TOP + plot_h}" '
        f'y2="{TOP + plot_h}"/>'
    )
    step = _label_step(n, plot_w)
    out.append('<g class="xlabs">')
    for i, label in enumerate(x_labels):
        if i % step and i != n - 1:
            continue
        out.append(
            f'<line class="xtick" x1="{_n(x(i))}" x2="{_n(x(i))}" y1="{TOP + plot_h}" '
            f'y2="{TOP + plot_h + 4}"/>'
            f'<text class="xlab" x="{_n(x(i))}" y="{TOP + plot_h + 16}" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
    out.append("</g>")
    out.append(
        f'<text class="axis-title" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
        f'<text class="axis-title" transform="translate(14 {TOP + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_label)}</text>'
    )
    for ref in refs:
        ry = _n(y(float(ref.value)))
        out.append(
            f'<line class="ref" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ry}" y2="{ry}"/>'
            f'<text class="ref-label" x="{LEFT + plot_w - 4}" y="{_n(y(float(ref.value)) - 4)}" '
            f'text-anchor="end">{escape(ref.label)}</text>'
        )
    for mark in marks:
        mx = _n(x(mark.at))
        out.append(
            f'<line class="mark" x1="{mx}" x2="{mx}" y1="{TOP}" y2="{TOP + plot_h}"/>'
            f'<text class="mark-label" x="{_n(x(mark.at) - 4)}" y="{TOP + 10}" '
            f'text-anchor="end">{escape(mark.label)}</text>'
        )
    for k, s in enumerate(series):
        colour, dash = _style(k)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{_n(x(i))},{_n(y(float(v)))}" for i, v in enumerate(s.values))
        last = fmt(s.values[-1]) if s.values else ""
        out.append(
            f'<polyline class="series" data-series="{escape(s.label)}" points="{points}" '
            f'fill="none" stroke="{colour}" stroke-width="2"{dash_attr}>'
            f"<title>{escape(s.label)}: {escape(last)}</title></polyline>"
        )
        if len(s.values) <= MARKERS_UP_TO:
            out.append(f'<g class="markers" fill="{colour}">')
            for i, v in enumerate(s.values):
                tip = f"{s.label}, {x_label} {x_labels[i]}: {fmt(v)}"
                out.append(
                    f'<circle cx="{_n(x(i))}" cy="{_n(y(float(v)))}" r="3">'
                    f"<title>{escape(tip)}</title></circle>"
                )
            out.append("</g>")
    out.append(_legend(series, fmt))
    out.append("</svg>")
    return "".join(out)


def _legend(series: Sequence[Series], format_value: Callable[[Decimal | int], str]) -> str:
    lx = WIDTH - RIGHT + 16
    out = ['<g class="legend">']
    for k, s in enumerate(series):
        colour, dash = _style(k)
        ly = TOP + 10 + 20 * k
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        label = s.label if len(s.label) <= 14 else s.label[:13] + "…"
        last = format_value(s.values[-1]) if s.values else ""
        out.append(
            f'<line x1="{lx}" x2="{lx + 22}" y1="{ly}" y2="{ly}" stroke="{colour}" '
            f'stroke-width="3"{dash_attr}/>'
            f'<text class="legend-label" x="{lx + 28}" y="{ly + 4}">'
            f"<title>{escape(s.label)}</title>{escape(label)} "
            f'<tspan class="legend-value">{escape(last)}</tspan></text>'
        )
    out.append("</g>")
    return "".join(out)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round-number ticks covering ``lo..hi`` (about ``count`` intervals, 1-2-5 steps)."""
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
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


def _label_step(n: int, plot_w: float) -> int:
    """Label every k-th x position, k a 1-2-5 number, so labels are at least 36px apart."""
    if n <= 1:
        return 1
    need = 36 * (n - 1) / plot_w
    for magnitude in (1, 10, 100, 1000, 10000, 100000):
        for m in (1, 2, 5):
            if m * magnitude >= need:
                return m * magnitude
    return n


def _style(k: int) -> tuple[str, str]:
    return PALETTE[k % len(PALETTE)], DASHES[(k // len(PALETTE)) % len(DASHES)]


def _tick_text(t: float) -> str:
    return f"{t:.10g}"


def _n(v: float) -> str:
    """A coordinate with one decimal and no ``-0.0``."""
    text = f"{v:.1f}"
    return "0.0" if text == "-0.0" else text
