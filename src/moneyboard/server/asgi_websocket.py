"""A WebSocket spoken straight over ASGI: accept, receive a text, send a text, close.

The classroom's connections need only these four. Starlette's ``WebSocket`` wraps each
message in state checks and further coroutines: about a quarter of the stack's own Python
work of a move (docs/server.md, "Sixteenth round"), so the ``/ws`` endpoint is a plain
ASGI app that talks to the server through this instead.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from starlette.types import Receive, Scope, Send


class DisconnectedError(Exception):
    """The client has gone (or the connection is closed): nothing more can be sent."""


class AsgiWebSocket:
    """One WebSocket connection, as the ASGI server hands it to the app."""

    def __init__(self, scope: Scope, receive: Receive, send: Send):
        self.scope = scope
        self._receive = receive
        self._send = send
        #: The client said goodbye or dropped: no more messages come from it.
        self.gone = False
        #: A close was sent: no more messages may go to it.
        self.closed = False

    async def accept(self) -> None:
        """Wait for the client's opening handshake and accept it."""
        message = await self._receive()
        if message["type"] != "websocket.connect":
            self.gone = True
            raise DisconnectedError(message["type"])
        await self._send_message({"type": "websocket.accept"})

    async def receive_text(self) -> str | None:
        """The next message's text (a binary one is decoded leniently); ``None`` once the
        client has gone."""
        if self.gone:
            return None
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            self.gone = True
            return None
        text = message.get("text")
        if text is None:
            text = (message.get("bytes") or b"").decode("utf-8", "replace")
        return str(text)

    def send_text(self, text: str) -> Coroutine[Any, Any, None]:
        """Send one text frame (a coroutine: it waits only while the client is slow)."""
        return self._send_message({"type": "websocket.send", "text": text})

    async def close(self, code: int = 1000) -> None:
        """Close the connection with ``code``; nothing if it is closed or gone already."""
        if self.closed or self.gone:
            return
        await self._send_message({"type": "websocket.close", "code": code})
        self.closed = True

    async def _send_message(self, message: dict[str, Any]) -> None:
        if self.closed:
            raise DisconnectedError("the connection is closed")
        try:
            await self._send(message)
        except (OSError, RuntimeError) as exc:
            # The client dropped (the OSError ASGI asks for), or its closing handshake has
            # begun (uvicorn then refuses any further message with a RuntimeError).
            self.gone = True
            raise DisconnectedError(str(exc)) from exc
