"""The debrief after a game: a page for the trainer (charts, the decisions that mattered,
"what if") and a read-only one for the projector, with the JSON they draw from.

The debrief is built by :mod:`moneyboard.debrief` from the room's record, read through the
room manager as the record download is. Building it and replaying "what if" games take
seconds, so both run in a worker thread, never on the server's event loop. The trainer's
data needs the trainer's token (kept in the browser, sent as a bearer header); the
projector's shows only the charts, the turning points and the summary, once the game is
over. A game that ends while its trainer's console is open has its debrief built at once
(:class:`BuildAhead`), so that it is ready when the trainer turns to it.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from moneyboard.debrief import alternatives, build_debrief, charts_svg, what_if
from moneyboard.debrief.charts import NARROW
from moneyboard.debrief.records import moves_in_words
from moneyboard.engine.record import GameRecord
from moneyboard.server.app import ERRORS, Auth, bearer
from moneyboard.server.errors import RoomError, refused
from moneyboard.server.manager import RoomManager
from moneyboard.server.room import Room
from moneyboard.web.art import page_data
from moneyboard.web.json_script import script_json

log = logging.getLogger("moneyboard.server")

#: How many games a "what if" may replay on (each takes a fraction of a second).
MAX_GAMES = 50
DEFAULT_GAMES = 12
#: Debriefs kept built, newest last (a debrief is rebuilt only when its room has changed).
CACHED = 16


class WhatIfRequest(BaseModel):
    """The trainer's question: at record entry ``entry``, what if ``action`` had been played?"""

    model_config = ConfigDict(extra="forbid")
    entry: Annotated[int, Field(ge=0, lt=1_000_000)]
    action: dict[str, Any] | str = Field(description="One of the entry's alternatives")
    games: Annotated[int, Field(ge=1, le=MAX_GAMES)] = DEFAULT_GAMES


def game_over(room: Room) -> bool:
    """Whether the room's game is done with: finished, ended by the trainer, or time called."""
    return room.over


def decisions(record: GameRecord, names: list[str]) -> list[dict[str, Any]]:
    """Every seat's move in the record that was not taken back, numbered as the record
    numbers its entries, in the game's words, so the trainer can pick any of them for
    "what if"."""
    return [
        {"entry": number, "seat": seat, "name": names[seat], "text": text}
        for number, seat, text in moves_in_words(record)
    ]


class DebriefCache:
    """Built debriefs by room, rebuilt when the room has moved on (an undo after the end)."""

    def __init__(self) -> None:
        self._built: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        #: One lock per room being debriefed, so the trainer's page and the projector's
        #: opening together build it once.
        self._building: dict[str, threading.Lock] = {}

    def get(
        self, room: Room, record: GameRecord, key: tuple[str, int, int] | None = None
    ) -> dict[str, Any]:
        """The debrief of ``room`` as JSON with its charts (built here: call off the loop);
        ``key``: the room's code, version and sequence number when ``record`` was read (by
        default, now)."""
        key = key or (room.code, room.version, room.seq)
        with self._lock:
            building = self._building.setdefault(room.code, threading.Lock())
        with building:
            with self._lock:
                found = self._built.get(key)
                if found is not None:
                    self._built.move_to_end(key)
                    return found
            debrief = build_debrief(record)
            data = {
                "debrief": debrief.to_json(),
                "charts": charts_svg(debrief),
                "charts_narrow": charts_svg(debrief, NARROW),  # for a phone
            }
            with self._lock:
                self._built[key] = data
                while len(self._built) > CACHED:
                    old = self._built.popitem(last=False)[0]
                    if not any(k[0] == old[0] for k in self._built):
                        self._building.pop(old[0], None)
            return data


class BuildAhead:
    """Builds a room's debrief as soon as its game is over while its trainer's console is
    open, so the debrief is ready when the trainer opens it (a long game's takes seconds).

    One room at a time, in a thread of its own that never holds up the server's stopping;
    a game nobody watches is built only when its debrief is asked for.
    """

    def __init__(self, cache: DebriefCache, manager: RoomManager) -> None:
        self.cache = cache
        self.manager = manager
        self._waiting: queue.SimpleQueue[tuple[Room, GameRecord, tuple[str, int, int]]] = (
            queue.SimpleQueue()
        )
        #: The room states asked for, so each is built once.
        self._asked: set[tuple[str, int, int]] = set()
        self._worker: threading.Thread | None = None

    def watch(self, room: Room) -> None:
        """``room``'s game is over after a change: build its debrief if a trainer watches."""
        key = (room.code, room.version, room.seq)
        if key in self._asked or not any(
            listener.role == "trainer" for listener in self.manager.listeners.get(room.code, ())
        ):
            return
        if self._waiting.qsize() >= CACHED:  # many games ending at once: built when asked
            return
        if len(self._asked) > CACHED * 4:
            self._asked.clear()
        self._asked.add(key)
        self._waiting.put((room, room.record(), key))
        if self._worker is None:
            self._worker = threading.Thread(target=self._build, name="debrief ahead", daemon=True)
            self._worker.start()

    def _build(self) -> None:
        while True:
            room, record, key = self._waiting.get()
            if self.manager.rooms.get(room.code) is not room:
                continue  # deleted, or let go, since its game ended
            try:
                self.cache.get(room, record, key)
            except Exception:  # the trainer's request builds it again, and says what failed
                log.exception("room %s: could not build its debrief ahead", room.code)


def mount_debrief(
    app: FastAPI,
    page: Callable[..., HTMLResponse],
    no_room: Callable[[Request, RoomError], HTMLResponse],
) -> None:
    """Add the debrief's pages (``/debrief/{code}``, ``/projector/{code}/debrief``) and their
    data (``/api/rooms/{code}/debrief...``) to the app; ``page`` renders a template,
    ``no_room`` the page for a code that names no room (as the other room pages say it)."""
    cache = DebriefCache()
    ahead = BuildAhead(cache, app.state.manager)
    app.state.manager.when_over.append(ahead.watch)

    def manager(request: Request) -> RoomManager:
        found: RoomManager = request.app.state.manager
        return found

    def finished_room(room: Room) -> GameRecord:
        if not game_over(room):
            raise refused(
                "the debrief opens when the game has ended or the trainer has called time",
                "not_over",
            )
        return room.record()

    def debrief_page(request: Request, code: str, projector: bool) -> HTMLResponse:
        try:
            room = manager(request).room(code)
        except RoomError as exc:
            return no_room(request, exc)
        info = room.info()
        return page(
            request,
            "debrief.html",
            title=f"Debrief · {info['title']}",
            code=room.code,
            game=info["game"],
            game_title=info["title"],
            projector=projector,
            data=script_json(page_data(info["game"])),
        )

    @app.get("/debrief/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def trainer_debrief(request: Request, code: str) -> HTMLResponse:
        return debrief_page(request, code, projector=False)

    @app.get("/projector/{code}/debrief", response_class=HTMLResponse, include_in_schema=False)
    async def projector_debrief(request: Request, code: str) -> HTMLResponse:
        return debrief_page(request, code, projector=True)

    @app.get("/api/rooms/{code}/debrief", responses=ERRORS, summary="The game's debrief (trainer)")
    async def debrief(request: Request, code: str, authorization: Auth = None) -> dict[str, Any]:
        room = manager(request).trainer(code, bearer(authorization))
        record = finished_room(room)
        data = await run_in_threadpool(cache.get, room, record)
        moves = await run_in_threadpool(decisions, record, room.names)  # a replay: off the loop
        return {**data, "decisions": moves}

    @app.get(
        "/api/rooms/{code}/debrief/public",
        responses=ERRORS,
        summary="The debrief for the projector",
    )
    async def public_debrief(request: Request, code: str) -> dict[str, Any]:
        room = manager(request).room(code)
        record = finished_room(room)
        data: dict[str, Any] = await run_in_threadpool(cache.get, room, record)
        return data

    @app.get(
        "/api/rooms/{code}/debrief/alternatives",
        responses=ERRORS,
        summary="What else the seat could have done at a record entry (trainer)",
    )
    async def other_choices(
        request: Request,
        code: str,
        entry: Annotated[int, Query(ge=0, lt=1_000_000)],
        authorization: Auth = None,
    ) -> list[dict[str, Any]]:
        room = manager(request).trainer(code, bearer(authorization))
        record = finished_room(room)
        found: list[dict[str, Any]] = await run_in_threadpool(alternatives, record, entry)
        return found

    @app.post(
        "/api/rooms/{code}/debrief/what-if",
        responses=ERRORS,
        summary="Replay with another choice (trainer)",
    )
    async def replay_what_if(
        request: Request, code: str, body: WhatIfRequest, authorization: Auth = None
    ) -> dict[str, Any]:
        room = manager(request).trainer(code, bearer(authorization))
        record = finished_room(room)
        result = await run_in_threadpool(
            what_if, record, body.entry, body.action, games=body.games, seed=record.seed
        )
        data: dict[str, Any] = result.to_json()
        return data
