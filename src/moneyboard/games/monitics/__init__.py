"""Monitics: a roll-and-move race through a year of money decisions; best net worth wins (2-6)."""

from moneyboard.engine.game import GameDef
from moneyboard.games.monitics.options import MoniticsOptions
from moneyboard.games.monitics.state import MoniticsState

GAME = GameDef(
    id="monitics",
    title="Monitics",
    min_players=2,
    max_players=6,
    options_model=MoniticsOptions,
    state_class=MoniticsState,
    summary="Race to the last box through bills, assets, events, tax and crashes; "
    "the best net worth wins.",
)

__all__ = ["GAME", "MoniticsOptions", "MoniticsState"]
