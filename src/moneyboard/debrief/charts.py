"""Charts of the timeline as small, accessible SVG documents, one per metric.

The SVG is written here directly rather than by matplotlib: a chart is a few axes, lines and
labels, and writing it by hand keeps it small, byte-for-byte the same on every machine (no
generated ids or dates), and accessible: ``role="img"`` with a ``<title>`` and a ``<desc>``
that says in words what the lines show, labelled axes, and seats told apart by dash pattern
and marker shape as well as by colour (a colour-blind-safe palette), in type large enough
for a projector.
"""

from __future__ import annotations

import dataclasses
import math
import textwrap
from collections.abc import Callable, Sequence
from html import escape

from moneyboard.debrief.words import share_percent

#: Okabe-Ito colours: distinguishable with the common kinds of colour blindness.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
#: Dash patterns, so lines differ without colour too.
DASHES = ("", "12 6", "4 5", "14 5 4 5", "2 4", "20 6")
#: Marker shapes, one per seat.
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "bar")

WIDTH, HEIGHT = 960, 520
LEFT, RIGHT, TOP, BOTTOM = 120, 230, 70, 80
FONT = 20
#: Room between a y tick's label and the plot.
TICK_GAP = 10


@dataclasses.dataclass(frozen=True, slots=True)
class Layout:
    """A chart's shape: its width, margins and type size (in its own units, which the page
    scales to the width it has), where the legend goes and how ticks are written."""

    width: int
    plot_height: int
    left: int
    right: int
    top: int
    bottom: int
    font: int
    #: The legend beside the plot (wide) or in rows under it (narrow).
    legend_below: bool
    #: Round ticks at most, and whether large ones are shortened ("150k").
    x_ticks: int
    short_ticks: bool
    #: Longest line of the title before it wraps, and of a name in the legend.
    title_chars: int
    name_chars: int


#: For a laptop or a projector: the legend beside the plot.
WIDE = Layout(
    width=WIDTH,
    plot_height=HEIGHT - TOP - BOTTOM,
    left=LEFT,
    right=RIGHT,
    top=TOP,
    bottom=BOTTOM,
    font=FONT,
    legend_below=False,
    x_ticks=12,
    short_ticks=False,
    title_chars=60,
    name_chars=14,
)
#: For a phone: half as wide with type as large, so that on a screen 390 px wide its
#: smallest text is about 16 px (the wide chart's would be about 7 px).
NARROW = Layout(
    width=460,
    plot_height=260,
    left=84,
    right=24,
    top=56,
    bottom=76,
    font=22,
    legend_below=True,
    x_ticks=6,
    short_ticks=True,
    title_chars=26,
    name_chars=30,
)


def number(value: float) -> str:
    """A value as a chart shows it: thousands separated, at most two decimals, a negative
    one with the minus sign money is written with ("−$30").

    >>> number(1200.0), number(0.25), number(-3.0), number(-0.001)
    ('1,200', '0.25', '−3', '0')
    """
    if float(value).is_integer():
        text = f"{int(value):,}"
    else:
        text = f"{value:,.2f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    return text.replace("-", "−")


def short_number(value: float) -> str:
    """A tick of a narrow chart: large values shortened, so the labels fit a phone.

    >>> short_number(150_000), short_number(-2_500_000), short_number(9_500), short_number(0.25)
    ('150k', '−2.5M', '9,500', '0.25')
    """
    for size, suffix in ((1_000_000, "M"), (10_000, "k")):
        if abs(value) >= size:
            scaled = value / (1_000 if suffix == "k" else size)
            return number(round(scaled, 1)) + suffix
    return number(value)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low`` to ``high`` (about ``count`` of them).

    >>> nice_ticks(0, 95)
    [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    >>> nice_ticks(0, 0)
    [-1.0, -0.5, 0.0, 0.5, 1.0]
    """
    if high < low:
        low, high = high, low
    if high == low:
        pad = abs(low) * 0.1 or 1.0
        low, high = low - pad, high + pad
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 10))
    return [float(t) for t in ticks]


def line_chart(
    chart_id: str,
    title: str,
    rounds: Sequence[int],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    x_label: str = "Round",
    y_label: str = "",
    layout: Layout = WIDE,
    share: bool = False,
) -> str:
    """One line per series (a seat's name and its value at each of ``rounds``), as SVG,
    shaped by ``layout`` (:data:`WIDE`, or :data:`NARROW` for a phone); values that are a
    ``share`` (of expenses) are written as percentages ("150%"). Round 0 is the start. A
    seat's line stops where its values do (``None``: it left the game), marked "out"."""
    at = layout
    font = at.font
    y_label = y_label or title
    values = [v for _, ys in series for v in ys if v is not None]
    y_ticks = nice_ticks(min([0.0, *values]), max([0.0, *values]))
    x_low, x_high = (min(rounds), max(rounds)) if rounds else (0, 1)
    if x_low == x_high:
        x_low, x_high = x_low - 1, x_high + 1
    heading = textwrap.wrap(title, at.title_chars) or [title]
    top = at.top + (len(heading) - 1) * (font + 10)
    plain = short_number if at.short_ticks else number

    def tick_text(value: float) -> str:
        return plain(round(100 * value, 6)) + "%" if share else plain(value)

    # A tick wider than the margin ("1,250%" on a phone) widens it: no tick is cut off.
    widest = max(text_width(tick_text(tick), font) for tick in y_ticks)
    left = max(at.left, math.ceil(widest) + TICK_GAP + 8)
    plot_w = at.width - left - at.right
    plot_h = at.plot_height
    legend_row = font + 18
    legend_h = len(series) * legend_row + 10 if at.legend_below else 0
    height = top + plot_h + at.bottom + legend_h

    def x_at(r: float) -> float:
        return left + (r - x_low) / (x_high - x_low) * plot_w

    def y_at(v: float) -> float:
        return top + (y_ticks[-1] - v) / (y_ticks[-1] - y_ticks[0]) * plot_h

    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    said = describe(title, rounds, series, share_percent if share else number, x_label.lower())
    title_x = 16 if at.legend_below else left
    lines = (
        escape(title)
        if len(heading) == 1
        else "".join(
            f'<tspan x="{title_x}" dy="{0 if i == 0 else font + 10}">{escape(line)}</tspan>'
            for i, line in enumerate(heading)
        )
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {at.width} {height}" '
        f'role="img" aria-labelledby="{title_id} {desc_id}" class="debrief-chart" '
        f'font-family="system-ui, sans-serif" font-size="{font}">',
        f'<title id="{title_id}">{escape(title)} {when_shown(rounds, x_label.lower())}</title>',
        f'<desc id="{desc_id}">{escape(said)}</desc>',
        f'<rect x="0" y="0" width="{at.width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{title_x}" y="{at.top - 30}" font-size="{font + 6}" font-weight="bold" '
        f'fill="#111111">{lines}</text>',
    ]
    # Grid lines and y tick labels.
    for tick in y_ticks:
        y = y_at(tick)
        stroke = "#555555" if tick == 0 else "#dddddd"
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            f'stroke="{stroke}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{left - TICK_GAP}" y="{y + font / 3:.1f}" text-anchor="end" '
            f'fill="#111111">{escape(tick_text(tick))}</text>'
        )
    # X axis with a tick per round (thinned out when there are many).
    base = top + plot_h
    out.append(
        f'<line x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}" '
        f'stroke="#111111" stroke-width="2"/>'
    )
    every = max(1, math.ceil(len(rounds) / at.x_ticks))
    for i, r in enumerate(rounds):
        if i % every and i != len(rounds) - 1:
            continue
        if i != len(rounds) - 1 and len(rounds) - 1 - i < every * 0.75:
            continue  # too close to the last tick, which is always shown
        x = x_at(r)
        out.append(
            f'<line x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{base + 8}" stroke="#111111"/>'
        )
        out.append(
            f'<text x="{x:.1f}" y="{base + 8 + font}" text-anchor="middle" '
            f'fill="#111111">{"Start" if r == 0 else r}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{base + at.bottom - 12}" text-anchor="middle" '
        f'fill="#111111">{escape(x_label)}</text>'
    )
    if not at.legend_below:  # a narrow chart's title names its figure: no room beside it
        out.append(
            f'<text x="24" y="{top + plot_h / 2:.1f}" text-anchor="middle" fill="#111111" '
            f'transform="rotate(-90 24 {top + plot_h / 2:.1f})">{escape(y_label)}</text>'
        )
    # One line per seat, with markers, then the legend.
    for i, (name, ys) in enumerate(series):
        colour, dash, marker = (
            COLOURS[i % len(COLOURS)],
            DASHES[i % len(DASHES)],
            MARKERS[i % len(MARKERS)],
        )
        points = [(x_at(r), y_at(v)) for r, v in zip(rounds, ys, strict=True) if v is not None]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="seat-{i}">')
        out.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="4"'
            f'{dash_attr} stroke-linejoin="round"/>'
        )
        if len(rounds) <= 40:
            out.extend(_marker(marker, x, y, colour) for x, y in points)
        if points and ys and ys[-1] is None:  # the seat left the game: say so at the line's end
            x, y = points[-1]
            out.append(
                f'<text x="{x + 10:.1f}" y="{y - 10:.1f}" fill="{colour}" '
                f'font-weight="bold">out</text>'
            )
        out.append("</g>")
        if at.legend_below:
            lx, ly = 16, base + at.bottom + 10 + i * legend_row
        else:
            lx, ly = left + plot_w + 20, top + 10 + i * legend_row
        out.append(
            f'<line x1="{lx}" y1="{ly}" x2="{lx + 50}" y2="{ly}" stroke="{colour}" '
            f'stroke-width="4"{dash_attr}/>'
        )
        out.append(_marker(marker, lx + 25, ly, colour))
        out.append(
            f'<text x="{lx + 60}" y="{ly + font / 3:.1f}" fill="#111111">'
            f"{escape(_fit(_short(name, at.name_chars), at.width - lx - 68, font))}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    """A small marker of ``shape`` centred on a point."""
    r = 7
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}"/>'
    if shape == "square":
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" '
            f'fill="{colour}"/>'
        )
    if shape == "triangle":
        pts = f"{x:.1f},{y - r - 1:.1f} {x - r - 1:.1f},{y + r:.1f} {x + r + 1:.1f},{y + r:.1f}"
        return f'<polygon points="{pts}" fill="{colour}"/>'
    if shape == "diamond":
        pts = f"{x:.1f},{y - r - 2:.1f} {x + r + 2:.1f},{y:.1f} {x:.1f},{y + r + 2:.1f} " + (
            f"{x - r - 2:.1f},{y:.1f}"
        )
        return f'<polygon points="{pts}" fill="{colour}"/>'
    if shape == "cross":
        return (
            f'<path d="M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x + r:.1f},'
            f'{y - r:.1f}L{x - r:.1f},{y + r:.1f}" stroke="{colour}" stroke-width="4"/>'
        )
    return f'<rect x="{x - r:.1f}" y="{y - 3:.1f}" width="{2 * r}" height="6" fill="{colour}"/>'


def _short(name: str, limit: int = 14) -> str:
    """A name short enough for the legend."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


#: Rough widths of letters, in ems, to keep a legend's name inside the chart.
WIDE_LETTERS, NARROW_LETTERS = frozenset("MWmw@%"), frozenset("ijlt.,:;'!| ")


def text_width(text: str, font: int) -> float:
    """Roughly how wide ``text`` is drawn at type size ``font``, in the chart's units."""
    return (
        sum(0.95 if c in WIDE_LETTERS else 0.3 if c in NARROW_LETTERS else 0.62 for c in text)
        * font
    )


def _fit(name: str, room: float, font: int) -> str:
    """``name`` cut (with "…") to about ``room`` units at type size ``font``: a name of wide
    letters ("WWWW…") would run past the chart's edge on a phone.

    >>> _fit("Ana", 100, 20), _fit("W" * 30, 100, 20)
    ('Ana', 'WWWW…')
    """

    if text_width(name, font) <= room:
        return name
    while name and text_width(name + "…", font) > room:
        name = name[:-1]
    return name.rstrip() + "…"


def when_shown(rounds: Sequence[int], period: str = "round") -> str:
    """When a chart's figures were taken: at the end of each round, and at the start (round
    0) if the chart has it.

    >>> when_shown([0, 1, 2]), when_shown([1, 2], "year")
    ('at the start and at the end of each round', 'at the end of each year')
    """
    start = "at the start and " if rounds and rounds[0] == 0 else ""
    return f"{start}at the end of each {period}"


def describe(
    title: str,
    rounds: Sequence[int],
    series: Sequence[tuple[str, Sequence[float | None]]],
    text: Callable[[float], str] = number,
    period: str = "round",
) -> str:
    """The chart in words, for a screen reader: each seat's first and last value (written by
    ``text``), its highest and lowest, and who ended highest; a seat whose values stop (it
    left the game) is said to be out from then on.

    >>> print(describe("Cash", [1, 2], [("Ana", [5, 9]), ("Ben", [5, 3])]))
    Cash at the end of rounds 1 to 2. Ana: from 5 to 9 (lowest 5, highest 9). Ben: from 5 to 3 \
(lowest 3, highest 5). Highest at the end: Ana.
    >>> print(describe("Cash", [0, 1, 2], [("Ana", [5, 9, 8]), ("Ben", [5, 3, None])]))
    Cash at the start and at the end of rounds 1 to 2. Ana: from 5 to 8 (lowest 5, highest 9). \
Ben: from 5 to 3 (lowest 3, highest 5), then out of the game after round 1. Highest at the end: Ana.
    """
    if not rounds:
        return f"{title}: no {period}s recorded."
    played = [r for r in rounds if r != 0]
    if not played:
        span = "at the start"
    else:
        start = "at the start and " if rounds[0] == 0 else ""
        ends = (
            f"{period} {played[0]}"
            if len(played) == 1
            else f"{period}s {played[0]} to {played[-1]}"
        )
        span = f"{start}at the end of {ends}"
    parts = [f"{title} {span}."]
    for name, ys in series:
        have = [(r, v) for r, v in zip(rounds, ys, strict=True) if v is not None]
        if not have:
            parts.append(f"{name}: out of the game.")
            continue
        shown = [v for _, v in have]
        gone = (
            "" if ys[-1] is not None else f", then out of the game after {_at(have[-1][0], period)}"
        )
        parts.append(
            f"{name}: from {text(shown[0])} to {text(shown[-1])} "
            f"(lowest {text(min(shown))}, highest {text(max(shown))}){gone}."
        )
    finals = [(name, ys[-1]) for name, ys in series if ys and ys[-1] is not None]
    if finals:
        top = max(v for _, v in finals)
        leaders = [name for name, v in finals if v == top]
        parts.append(f"Highest at the end: {' and '.join(leaders)}.")
    return " ".join(parts)


def _at(number: int, period: str) -> str:
    """A round as a chart's description names it ("the start" for round 0)."""
    return "the start" if number == 0 else f"{period} {number}"
