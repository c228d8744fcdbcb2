"""FinanCity: ten years of balancing money and wellbeing, zone by zone (2-6 players)."""

from moneyboard.engine.game import GameDef
from moneyboard.games.financity.options import FinanCityOptions
from moneyboard.games.financity.state import FinanCityState

GAME = GameDef(
    id="financity",
    title="FinanCity",
    min_players=2,
    max_players=6,
    options_model=FinanCityOptions,
    state_class=FinanCityState,
    summary="Ten years of eleven zones: end with wellbeing, savings, no debt and an investment.",
)

__all__ = ["GAME", "FinanCityOptions", "FinanCityState"]
