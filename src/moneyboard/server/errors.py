"""The one error type the server reports to a person: an HTTP status, a code and words."""

from __future__ import annotations

from moneyboard.bots.registry import UnknownBotError, check_bot_kind
from moneyboard.engine.errors import MoneyboardError


class RoomError(MoneyboardError):
    """A request the server refuses; nothing was changed.

    ``code`` is for programs (``not_found``, ``forbidden``, ``illegal``, ``stale``...),
    the message is for the person, and ``status`` is the HTTP status that carries it.
    """

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status = status
        self.code = code

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": str(self)}


def not_found(what: str) -> RoomError:
    return RoomError(404, "not_found", what)


def forbidden(what: str) -> RoomError:
    return RoomError(403, "forbidden", what)


def refused(what: str, code: str = "illegal") -> RoomError:
    return RoomError(409, code, what)


def bad_request(what: str) -> RoomError:
    return RoomError(400, "bad_request", what)


def bot_kind(kind: str, where: str = "") -> str:
    """``kind`` tidied if it names a bot (``search:200`` included), else a 400 saying which
    kinds there are (``where``: what the kind was given for, e.g. ``"seat 2: "``)."""
    try:
        return check_bot_kind(kind)
    except UnknownBotError as exc:
        if not kind.strip():  # a bot seat with no bot chosen
            _, _, known = str(exc).partition("; ")
            raise bad_request(f"{where}a bot seat needs a bot: choose one ({known})") from None
        raise bad_request(f"{where}{exc}") from None


def seat_rule(count: int | None = None) -> str:
    """How a request numbers seats, said beside a seat named in words (which count from 1).

    >>> seat_rule(3)
    'a request numbers seats from 0 ("seat": 0 is seat 1, 2 is seat 3)'
    """
    last = f", {count - 1} is seat {count}" if count is not None and count > 1 else ""
    return f'a request numbers seats from 0 ("seat": 0 is seat 1{last})'


def no_such_seat(seat: int, count: int) -> RoomError:
    """A 400 for request seat number ``seat`` in a room of ``count`` seats: the seat in words
    (from 1), what the room has, and how a request numbers them."""
    if seat < 0:
        return bad_request(f"{seat} names no seat: {seat_rule()}")
    return bad_request(
        f"there is no seat {seat + 1} in this room: it has seats 1 to {count}; {seat_rule(count)}"
    )
