"""Writing an update to a connection at once, when nothing is ahead of it.

An ASGI server's ``send`` is a coroutine, but it waits only when the client is slow (the
socket's buffer is full). Run by hand, it nearly always finishes in one step, writing the
message there and then; that spares waking the connection's sender task for each of the six
updates of a move, about a tenth of a move's time under load (docs/server.md, "Load"). When
it does have to wait, what is left of it goes to the sender task, which finishes it first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Coroutine, Generator
from typing import Any

#: A connection's send: the text of one message, written as a WebSocket text frame.
Send = Callable[[str], Coroutine[Any, Any, None]]


@dataclasses.dataclass(eq=False)
class StartedSend:
    """A send that began at once and then had to wait for the client: awaiting it carries
    the coroutine on from where it stopped, exactly as ``await`` would have (PEP 380)."""

    coro: Coroutine[Any, Any, None]
    #: What the coroutine is waiting for (the future it yielded).
    waiting_on: Any

    def __await__(self) -> Generator[Any, Any, None]:
        value = self.waiting_on
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                self.coro.close()
                raise
            except BaseException as exc:
                try:
                    value = self.coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    value = self.coro.send(sent)
                except StopIteration:
                    return

    def abandon(self) -> None:
        """Give the send up (its connection is being dropped)."""
        self.coro.close()


def start_send(send: Send, text: str) -> StartedSend | None:
    """Run ``send(text)`` as far as it goes now: ``None`` when it is done, else the rest of
    it, to be awaited. What the send raises (a closed connection) is raised here."""
    coro = send(text)
    try:
        waiting_on = coro.send(None)
    except StopIteration:
        return None
    return StartedSend(coro, waiting_on)
