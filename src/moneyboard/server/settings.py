"""The server's settings: where it stores rooms, its limits, and how bots are paced."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything ``moneyboard serve`` can be told; the defaults suit one class on a laptop."""

    #: SQLAlchemy URL of the database (SQLite file by default; ``postgresql://...``).
    db_url: str = "sqlite:///moneyboard-rooms.db"
    #: Rooms one server holds at once (a school's worth).
    max_rooms: int = 200
    #: Largest message (bytes) a client may send over a WebSocket.
    max_message_bytes: int = 16_384
    #: Largest HTTP body (bytes): room for a variant file of 12,000 characters even at 6
    #: bytes each (a character escaped in JSON), so its own limit, in characters, is the one
    #: a trainer is told.
    max_body_bytes: int = 98_304
    #: Messages per second a WebSocket connection may send on average, and in a burst.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: Updates waiting for a slow client before the server drops its connection.
    send_queue: int = 256
    #: Characters of updates waiting for a slow client before it is dropped (0: no bound):
    #: a trainer's full views are large, so a count alone bounds memory loosely.
    send_chars: int = 2_000_000
    #: Seconds a dropped client's last words (``too_slow``) may wait to be sent.
    send_timeout: float = 10.0
    #: Seconds between two bot moves, so a room can follow them.
    bot_step: float = 1.5
    #: Extra seconds before a bot moves after a big event: a trainer's directive, a timeout,
    #: a class vote's result, the end of the game.
    bot_pause: float = 1.5
    #: Seconds a bot stays due in a room another process (on the same database) moved last,
    #: before this process moves it instead (that process may have stopped).
    bot_takeover: float = 10.0
    #: Seconds between checks of turn timers and the class period.
    tick: float = 0.25
    #: Fan updates out through PostgreSQL LISTEN/NOTIFY (several processes, one database).
    notify: bool = False
    #: Compress WebSocket messages (permessage-deflate) for clients that ask, as every
    #: browser does: about a quarter of the bytes, for about 2.5 times the server's work a
    #: move (docs/server.md, "Thirteenth round"). Off, as in most game servers: a class's
    #: updates are small for a Wi-Fi, and the server's core is what a school runs out of.
    compress: bool = False
    #: The address learners' phones open (``http://192.168.1.23:8000``): found at start-up
    #: from the machine's network address, or given; ``None``: the pages' own address.
    learners_url: str | None = None
    #: The trainer's passcode (``--passcode`` or ``MONEYBOARD_PASSCODE``): with one, only a
    #: request that carries it creates a room; ``None``: anyone who reaches the server may.
    #: Left out of the settings' repr, so no log or traceback shows it.
    passcode: str | None = dataclasses.field(default=None, repr=False)
