"""Which address learners are sent to: the machine's own on its network, never loopback."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from moneyboard.server import addresses


class FakeSocket:
    """A UDP socket whose "connection" reports ``address`` as this machine's (or fails)."""

    def __init__(self, address: str | None):
        self.address = address

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def connect(self, where: tuple[str, int]) -> None:
        if self.address is None:
            raise OSError("Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return (self.address, 40000)


def test_the_address_that_reaches_a_private_network_comes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket, "socket", lambda *a: FakeSocket("192.168.1.23"))
    asked: list[tuple[Any, ...]] = []

    def ask_name_server(*args: Any, **kwargs: Any) -> list[Any]:
        asked.append(args)
        return []

    monkeypatch.setattr(socket, "getaddrinfo", ask_name_server)
    assert addresses.network_addresses() == ["192.168.1.23"]
    assert asked == []  # no name server is asked when a route answered
    assert addresses.learners_url("0.0.0.0", 8000) == "http://192.168.1.23:8000"


def test_without_a_route_the_machines_own_names_are_used_but_never_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket, "socket", lambda *a: FakeSocket(None))

    def names(*args: Any, **kwargs: Any) -> list[Any]:
        return [(socket.AF_INET, 0, 0, "", (ip, 0)) for ip in ("127.0.1.1", "10.0.0.7")]

    monkeypatch.setattr(socket, "getaddrinfo", names)
    assert addresses.network_addresses() == ["10.0.0.7"]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [])
    assert addresses.network_addresses() == []
    assert addresses.learners_url("0.0.0.0", 8000) is None
