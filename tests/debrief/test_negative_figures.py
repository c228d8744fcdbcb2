"""A negative figure in the debrief (a what-if's score, a chart's value, a table's cell) is
written with the minus sign the rest of the project writes money with ("−$30"), never "-"."""

from __future__ import annotations

from moneyboard.debrief.charts import number, short_number
from moneyboard.debrief.what_if import _figure
from moneyboard.engine.labels import money_text


def test_negative_figures_take_the_project_s_minus_sign() -> None:
    assert money_text(-52_480, ("", "")) == "−52,480"
    assert number(-52_480) == "−52,480"
    assert number(-0.25) == "−0.25"
    assert number(-0.001) == "0"
    assert short_number(-2_500_000) == "−2.5M"
    assert short_number(-15_000) == "−15k"
    assert _figure(-3.25) == "−3.2"
    assert _figure(-243.4) == "−243"
    assert _figure(0.5) == "0.50"
