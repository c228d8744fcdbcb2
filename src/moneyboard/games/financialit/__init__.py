"""FinanciaLit: a trainer's companion board game about a family's income and budget (3-5)."""

from moneyboard.engine.game import GameDef
from moneyboard.games.financialit.options import FinanciaLitOptions
from moneyboard.games.financialit.state import FinanciaLitState

GAME = GameDef(
    id="financialit",
    title="FinanciaLit",
    min_players=3,
    max_players=5,
    options_model=FinanciaLitOptions,
    state_class=FinanciaLitState,
    summary="Run a family's budget for 8 periods; the happiest family wins.",
)

__all__ = ["GAME", "FinanciaLitOptions", "FinanciaLitState"]
