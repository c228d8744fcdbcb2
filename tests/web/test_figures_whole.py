"""A family's figures on the projector stay whole, in real headless Chromium: a negative
amount never wraps between its minus sign and its digits ("Net worth −" over "$178,450")."""

from __future__ import annotations

from typing import Any

from tests.server.process import ServerProcess
from tests.web.browser import new_page, started_room

#: The figures (not words) whose value is drawn on more than one line, each as "label: value".
SPLIT = """(value) => [...document.querySelectorAll('#families .figure:not(.text) dd')]
.flatMap((dd) => {
  dd.textContent = value;
  const range = document.createRange();
  range.selectNodeContents(dd);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  const tops = new Set(rects.map((r) => Math.round(r.top)));
  return tops.size > 1 ? [`${dd.previousElementSibling.textContent}: ${value}`] : [];
})"""


def test_a_negative_figure_keeps_its_sign_beside_its_digits(
    browser: Any, server: ServerProcess
) -> None:
    names = [f"Learner {seat + 1}" for seat in range(4)]
    code = started_room(server.base, "rut-to-riches", names)
    projector = new_page(browser, {"width": 1280, "height": 720})
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector("#families .figure dd")
    assert projector.evaluate(SPLIT, "−$178,450") == []
    assert projector.errors == []
