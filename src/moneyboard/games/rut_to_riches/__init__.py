"""Rut to Riches: a Cashflow-style race out of the Rut and into the Inner Circle."""

from moneyboard.engine import GameDef
from moneyboard.games.rut_to_riches.options import RutOptions
from moneyboard.games.rut_to_riches.state import RutState

GAME = GameDef(
    "rut-to-riches",
    "Rut to Riches",
    2,
    6,
    RutOptions,
    RutState,
    "Build passive income, escape the Rut, retire early and buy your Dream.",
)

__all__ = ["GAME", "RutOptions", "RutState"]
