"""The terminal client: play any registered game at one keyboard, with bots in empty seats."""

from moneyboard.terminal.seats import parse_seats
from moneyboard.terminal.session import InputEndedError, PlaySession

__all__ = ["InputEndedError", "PlaySession", "parse_seats"]
