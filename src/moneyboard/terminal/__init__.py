"""The terminal client: play any registered game at one keyboard, with bots in empty seats.

Hot seat: every family reads the same screen, so what the game gives one family's eyes
only (an event with an audience, a Rut to Riches share tip) is not told in the list of
what happened: the table reads that there is something for that family, and the family
sees it when its own turn's prompt comes (the tip in its board, an event above it). Who
does not look away is trusted to, as at a board game's table.
"""

from moneyboard.terminal.seats import parse_seats
from moneyboard.terminal.session import InputEndedError, PlaySession

__all__ = ["InputEndedError", "PlaySession", "parse_seats"]
