"""The WebSocket spoken straight over ASGI: what a connection relies on when a client
misbehaves or goes away (the ordinary path is exercised by every WebSocket test)."""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from typing import Any

import pytest

from moneyboard.server.asgi_websocket import AsgiWebSocket, DisconnectedError


class FakeServer:
    """An ASGI server's two callables: messages from a list, and a record of what was sent."""

    def __init__(self, incoming: list[dict[str, Any]], fail_sends: type[Exception] | None = None):
        self.incoming = list(incoming)
        self.sent: list[MutableMapping[str, Any]] = []
        self.fail_sends = fail_sends

    async def receive(self) -> dict[str, Any]:
        return self.incoming.pop(0)

    async def send(self, message: MutableMapping[str, Any]) -> None:
        if self.fail_sends is not None:
            raise self.fail_sends("the client has gone")
        self.sent.append(message)


def socket(server: FakeServer) -> AsgiWebSocket:
    return AsgiWebSocket({"type": "websocket"}, server.receive, server.send)


def test_texts_and_bytes_are_read_and_a_goodbye_ends_the_stream() -> None:
    server = FakeServer(
        [
            {"type": "websocket.connect"},
            {"type": "websocket.receive", "text": "hello"},
            {"type": "websocket.receive", "bytes": "café".encode() + b"\xff"},
            {"type": "websocket.disconnect", "code": 1001},
        ]
    )
    ws = socket(server)

    async def talk() -> list[str | None]:
        await ws.accept()
        return [await ws.receive_text() for _ in range(4)]

    assert asyncio.run(talk()) == ["hello", "café\ufffd", None, None]
    assert server.sent == [{"type": "websocket.accept"}]
    assert ws.gone


def test_a_client_that_leaves_before_the_handshake_is_not_accepted() -> None:
    server = FakeServer([{"type": "websocket.disconnect", "code": 1006}])
    with pytest.raises(DisconnectedError):
        asyncio.run(socket(server).accept())
    assert server.sent == []


@pytest.mark.parametrize("failure", [OSError, RuntimeError])
def test_a_send_to_a_client_that_dropped_says_so_in_one_exception(
    failure: type[Exception],
) -> None:
    ws = socket(FakeServer([], fail_sends=failure))
    with pytest.raises(DisconnectedError):
        asyncio.run(ws.send_text("update"))
    assert ws.gone
    asyncio.run(ws.close())  # closing a connection that is gone does nothing


def test_after_a_close_nothing_more_is_sent() -> None:
    server = FakeServer([])
    ws = socket(server)

    async def close_then_send() -> None:
        await ws.close(4403)
        await ws.close()
        await ws.send_text("too late")

    with pytest.raises(DisconnectedError):
        asyncio.run(close_then_send())
    assert server.sent == [{"type": "websocket.close", "code": 4403}]
