"""The game-agnostic kernel shared by every moneyboard game."""

from moneyboard.engine.actions import Action, ActionCodec
from moneyboard.engine.chance import ChanceNode, ChanceSource
from moneyboard.engine.errors import (
    IllegalActionError,
    MalformedInputError,
    MoneyboardError,
    OptionsError,
    RecordError,
)
from moneyboard.engine.game import GameDef
from moneyboard.engine.ledger import BANK, Ledger, Posting
from moneyboard.engine.messages import Catalogue, Message, msg
from moneyboard.engine.options import RuleOptions
from moneyboard.engine.state import Decision, GameState, Result, Seat

__all__ = [
    "BANK",
    "Action",
    "ActionCodec",
    "Catalogue",
    "ChanceNode",
    "ChanceSource",
    "Decision",
    "GameDef",
    "GameState",
    "IllegalActionError",
    "Ledger",
    "MalformedInputError",
    "Message",
    "MoneyboardError",
    "OptionsError",
    "Posting",
    "RecordError",
    "Result",
    "RuleOptions",
    "Seat",
    "msg",
]
