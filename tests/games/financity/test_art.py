"""FinanCity's drawing on the projector: each benefit zone by its board number, with an icon
of what the rulebook's zone is for."""

from __future__ import annotations

from moneyboard.games.financity.base import ZONE_LABELS, ZONE_NAMES
from moneyboard.web.art import game_art

#: An icon for what each zone is for (the rulebook's zone names): cheaper loans, extra pay,
#: leisure, investments, shopping, insurance.
ICONS = {
    "loans": "🏦",
    "extra_jobs": "🛠️",
    "free_time": "🌳",
    "investments": "📈",
    "shopping": "🛍️",
    "insurance": "☂️",
}


def test_each_zone_is_drawn_with_the_icon_of_its_benefit() -> None:
    art = game_art("financity")
    drawn = {z["id"]: z for z in art["board"]["zones"]}
    assert set(drawn) == set(ZONE_LABELS.values())
    for zone, number in ZONE_LABELS.items():
        label = drawn[number]["label"]
        # The label names the same zone as the rulebook ("6 · Investments": Zone 6: Investments).
        title = ZONE_NAMES[zone].split(": ")[-1].removeprefix("the ").split(" (")[0]
        assert label.lower().endswith(title.lower().removesuffix(" zone")), (label, title)
        assert drawn[number]["icon"] == ICONS[zone], (zone, drawn[number]["icon"])
    # The buying zones look like the cards bought there.
    assert drawn["6"]["icon"] == art["cards"]["investments"]["icon"]
    assert drawn["7"]["icon"] == art["cards"]["shopping"]["icon"]
