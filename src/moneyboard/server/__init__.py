"""The classroom server: rooms, seats and a trainer over HTTP and WebSockets, nothing lost.

``moneyboard serve`` starts it (see :mod:`moneyboard.server.main`); the protocol is described
in docs/server.md and, for HTTP, by the app's OpenAPI document.
"""
