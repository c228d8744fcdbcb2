"""The charts on a phone: a narrow chart of every metric whose smallest text is readable on
a screen 390 px wide, with the same accessible parts as the wide one."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from moneyboard import registry
from moneyboard.debrief import build_debrief, charts_svg
from moneyboard.debrief.charts import NARROW, line_chart
from tests.debrief.conftest import BUDGET, cached_record

NS = "{http://www.w3.org/2000/svg}"
#: What a chart gets of a screen 390 px wide (the page's and the figure's margins taken off).
PHONE_CHART_PX = 340
#: The smallest type a person reads on a phone without zooming, in CSS px.
READABLE_PX = 14


def smallest_text_px(svg: str, shown_px: float) -> float:
    """The smallest font size of the chart's text, in CSS px, drawn ``shown_px`` wide."""
    root = ElementTree.fromstring(svg)
    width = float((root.get("viewBox") or "").split()[2])
    base = float(root.get("font-size") or 16)
    sizes = [float(t.get("font-size") or base) for t in root.iter(f"{NS}text")]
    return min(sizes) * shown_px / width


@pytest.mark.parametrize("game_id", list(registry.game_ids()))
def test_a_phone_gets_charts_it_can_read(game_id: str) -> None:
    debrief = build_debrief(cached_record(game_id), budget_seconds=BUDGET)
    wide, narrow = charts_svg(debrief), charts_svg(debrief, NARROW)
    assert list(narrow) == list(wide) == list(debrief.metrics)
    for metric, svg in narrow.items():
        assert smallest_text_px(svg, PHONE_CHART_PX) >= READABLE_PX, metric
        assert smallest_text_px(wide[metric], PHONE_CHART_PX) < 8  # why a phone needs it
        root = ElementTree.fromstring(svg)
        title, desc = root.find(f"{NS}title"), root.find(f"{NS}desc")
        assert title is not None and desc is not None
        assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
        assert title.get("id", "").endswith("-narrow-title")  # no id shared with the wide one
        assert len(root.findall(f"{NS}g/{NS}polyline")) == len(debrief.seats)
        texts = " ".join(" ".join(t.itertext()) for t in root.iter(f"{NS}text"))
        assert debrief.labels[metric] in texts
        for name in debrief.seats:
            assert name in texts


def test_a_long_title_wraps_and_a_long_name_is_cut_to_fit() -> None:
    title = "Progress out of the Rut (passive income / expenses)"
    svg = line_chart("c", title, [1, 2], [("W" * 40, [1.0, 2.0])], layout=NARROW)
    root = ElementTree.fromstring(svg)
    heading = next(t for t in root.iter(f"{NS}text") if t.get("font-weight") == "bold")
    lines = [span.text or "" for span in heading.iter(f"{NS}tspan")]
    assert len(lines) >= 2 and " ".join(lines) == title
    assert all(len(line) <= NARROW.title_chars for line in lines)
    legend = [t.text or "" for t in root.iter(f"{NS}text") if (t.text or "").startswith("W")]
    assert legend and legend[0].endswith("…") and len(legend[0]) < 20
