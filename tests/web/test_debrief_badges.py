"""A turning point's badge on the debrief page shows a figure only where its sentence stands
behind one: where the debrief sends none (chance could explain the difference), the badge
names the call alone ("costly"), never a figure the sentence calls luck."""

from __future__ import annotations

import copy
from typing import Any

from tests.server.process import ServerProcess
from tests.web.browser import PROJECTOR, new_page
from tests.web.test_debrief_share import finished_room


def test_a_badge_without_a_figure_names_the_call_alone(browser: Any, server: ServerProcess) -> None:
    code, _ = finished_room(server.base)
    page = new_page(browser, PROJECTOR)

    def two_points(route: Any) -> None:
        """The real debrief, its first turning point twice: a costly call whose difference
        in score is not clear (no figure) and a good call whose difference is."""
        reply = route.fetch()
        data = reply.json()
        first = data["debrief"]["turning_points"][0]
        costly, good = copy.deepcopy(first), copy.deepcopy(first)
        costly.update(effect_text="", better=first["best_alternative"])
        good.update(effect_text="+25 percentage points", better=None)
        data["debrief"]["turning_points"] = [costly, good]
        route.fulfill(response=reply, json=data)

    page.route(f"**/api/rooms/{code}/debrief/public", two_points)
    page.goto(f"{server.base}/projector/{code}/debrief")
    page.wait_for_selector("#debrief:not([hidden])", timeout=120000)

    badges = page.locator("#turning-points .effect")
    assert badges.all_inner_texts() == [" (costly)", " (a good call: +25 percentage points)"]
    assert badges.first.get_attribute("class") == "effect loss"
    assert page.errors == []
