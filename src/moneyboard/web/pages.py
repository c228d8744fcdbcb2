"""The pages' routes: server-rendered HTML (Jinja2), static files, and the join QR code.

The pages hold no game logic: they open the room's WebSocket and draw what the server
sends. Tokens stay in the browser (the URL fragment and local storage), never in a URL
the server sees.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any, Literal, get_args, get_origin

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from moneyboard.bots.registry import bot_kinds, bot_summary
from moneyboard.debrief.timeline import SCORE_IS_NET_WORTH, SCORE_IS_SHARE, SCORE_LABELS
from moneyboard.engine import Seat
from moneyboard.engine.kernel import Kernel
from moneyboard.engine.labels import human
from moneyboard.engine.options import describe_options
from moneyboard.registry import game_ids, get_game
from moneyboard.server.addresses import join_base
from moneyboard.server.errors import RoomError
from moneyboard.server.manager import RoomManager
from moneyboard.web.art import page_data
from moneyboard.web.debrief_pages import mount_debrief
from moneyboard.web.json_script import script_json
from moneyboard.web.qr import qr_svg

WEB = resources.files("moneyboard.web")
templates = Jinja2Templates(directory=str(WEB.joinpath("templates")))
#: How a learner who joins gets a seat (``joining.join``), said where they join.
SEATING = (
    "You get a seat of your own while one is free; after that you join a team "
    "(the one with the fewest members), if the room has teams."
)


@functools.cache
def chance_label(game_id: str) -> str:
    """What the console's chance control does in this game, in words: "Deal a chosen card or
    set the die" (Rut to Riches), "Set the die" (Monitics, no decks), "Deal a chosen card or
    choose a draw" (FinanciaLit's incomes and returns): never a die a game does not have."""
    game = get_game(game_id)
    seats = [Seat(f"Seat {i + 1}") for i in range(game.min_players)]
    streams = game.new_state(seats, 0, game.options()).chance_streams()
    parts = []
    if any(s.startswith("deck:") for s in streams):
        parts.append("deal a chosen card")
    if "die" in streams:
        parts.append("set the die")
    if any(s != "die" and not s.startswith("deck:") for s in streams):
        parts.append("choose a draw")
    return " or ".join(parts).capitalize() if parts else "Choose what chance gives"


def has_class_period(game_id: str) -> bool:
    """Whether the trainer may call time on the game (its rules end it when the class period
    is over): the kernel refuses ``call_time`` unless a game has its own."""
    return get_game(game_id).state_class.call_time is not Kernel.call_time


def games_for_form() -> list[dict[str, Any]]:
    """Every game with its player counts and options, for the form: each option's name in
    words, what it takes ("a whole number from 0 to 20"), its default as a variant file
    writes it, and its control (a switch, a choice of values, or a field)."""
    out = []
    for game_id in game_ids():
        game = get_game(game_id)
        fields = game.options_model.model_fields
        options = []
        for row in describe_options(game.options_model, game.state_class.automations):
            options.append(
                {
                    **row,
                    **option_control(fields[row["name"]].annotation, row["default"]),
                    "title": human(row["name"]),
                    "meaning": row["meaning"].replace("``", ""),
                    "default_text": written(row["default"]),
                }
            )
        out.append(
            {
                "id": game.id,
                "title": game.title,
                "summary": game.summary,
                "min": game.min_players,
                "max": game.max_players,
                "options": options,
            }
        )
    return out


def option_control(annotation: Any, default: Any) -> dict[str, Any]:
    """How the form asks for an option: a switch (true or false), a choice of its values
    (each with its words; "none" too if it may be none), or a field written as in a
    variant file."""
    if annotation is bool:
        return {"control": "switch", "checked": bool(default)}
    args = get_args(annotation)
    choices = [a for a in args if a is not type(None)]
    if type(None) in args and len(choices) == 1:
        inner = choices[0]
        if get_origin(inner) is Literal:
            values = [*get_args(inner), None]
            return _choice(values, default)
    if get_origin(annotation) is Literal:
        return _choice(list(args), default)
    return {"control": "field"}


def _choice(values: list[Any], default: Any) -> dict[str, Any]:
    return {
        "control": "choice",
        "choices": [
            {"value": written(v), "text": human(written(v)), "default": v == default}
            for v in values
        ],
    }


def written(value: Any, inside: bool = False) -> str:
    """A value as a trainer writes it in a variant file or the form: ``none``, ``true``,
    ``[10, 20]``, ``{jewellery = {cost = 11}}``; text alone is bare (quoted inside a list or
    table); an empty list or table is "empty"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if inside else value
    if isinstance(value, list | tuple):
        if not value and not inside:
            return "empty"
        return "[" + ", ".join(written(v, True) for v in value) + "]"
    if isinstance(value, dict):
        if not value and not inside:
            return "empty"
        return "{" + ", ".join(f"{k} = {written(v, True)}" for k, v in value.items()) + "}"
    return str(value)


def texts(game_id: str) -> dict[str, str]:
    """The game's sentences the pages fill in themselves from a view (the decision asked,
    why the game ended): its catalogue's templates, but the action labels (already in the
    art's wording) and the refusals (the server words those)."""
    templates = get_game(game_id).state_class.catalogue.templates()
    return {k: v for k, v in templates.items() if not k.startswith(("label.", "why."))}


def score_words(game_id: str) -> dict[str, Any]:
    """What the game's final score measures, as the debrief names it ("Champion score"), and
    whether it is money (then shown in the game's currency) or a share of expenses (then shown
    as a percentage, as the game's own end sentence says it)."""
    return {
        "label": SCORE_LABELS.get(game_id, "Score"),
        "money": game_id in SCORE_IS_NET_WORTH,
        "share": game_id in SCORE_IS_SHARE,
    }


def mount_pages(app: FastAPI) -> None:
    """Add the classroom's pages to the server's app (``/``, ``/trainer``, ``/projector/...``,
    ``/play/...``, ``/hotseat/...``, the debrief's) and their static files under ``/static``."""
    app.mount("/static", StaticFiles(directory=str(WEB.joinpath("static"))), name="static")

    def manager(request: Request) -> RoomManager:
        found: RoomManager = request.app.state.manager
        return found

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    def no_room(request: Request, exc: RoomError) -> HTMLResponse:
        """The page for a code that names no room (or no longer does), said as a sentence."""
        message = str(exc)
        return page(
            request,
            "missing.html",
            exc.status,
            heading="No such room",
            message=message[:1].upper() + message[1:],
            title="No room",
        )

    def phones_base(request: Request) -> str:
        """Where phones reach this server (``http://192.168.1.23:8000``): never "localhost"."""
        return join_base(str(request.base_url), manager(request).settings.learners_url)

    def join_url(request: Request) -> str:
        """Where learners join (``http://192.168.1.23:8000/play``)."""
        return phones_base(request) + "/play"

    def room_page(request: Request, name: str, code: str, title: str) -> HTMLResponse:
        try:
            room = manager(request).room(code)
        except RoomError as exc:
            return no_room(request, exc)
        info = room.info()
        game_id = info["game"]
        data = {
            **page_data(game_id),
            "bots": list(bot_kinds()),
            "texts": texts(game_id),
            "score": score_words(game_id),
        }
        return page(
            request,
            name,
            title=f"{title} · {info['title']}",
            code=room.code,
            game=info["game"],
            game_title=info["title"],
            data=script_json(data),
            bots=data["bots"],
            join_base=phones_base(request),
            join_shown=join_url(request).split("://", 1)[-1],
            seating=SEATING,
            who=data["art"]["who"],
            calls_time=has_class_period(game_id),
            chance_label=chance_label(game_id),
        )

    def no_such_page(request: Request) -> HTMLResponse:
        """What a browser gets for an address with no page (the API answers in JSON)."""
        return page(
            request,
            "missing.html",
            404,
            heading="No such page",
            message=f"There is no page at {request.url.path}",
            title="No such page",
        )

    app.state.no_such_page = no_such_page

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(request: Request) -> HTMLResponse:
        return page(request, "home.html", title="moneyboard")

    @app.get("/trainer", response_class=HTMLResponse, include_in_schema=False)
    async def new_room(request: Request) -> HTMLResponse:
        bots = [{"kind": k, "summary": bot_summary(k)} for k in bot_kinds()]
        return page(
            request,
            "new_room.html",
            title="New room",
            games=games_for_form(),
            bots=bots,
            # The form asks for the trainer's passcode only if the server was given one.
            passcode_needed=manager(request).settings.passcode is not None,
        )

    @app.get("/trainer/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def console(request: Request, code: str) -> HTMLResponse:
        return room_page(request, "trainer.html", code, "Trainer")

    @app.get("/projector/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def projector(request: Request, code: str) -> HTMLResponse:
        return room_page(request, "projector.html", code, "Projector")

    @app.get("/play", response_class=HTMLResponse, include_in_schema=False)
    async def join(request: Request) -> HTMLResponse:
        return page(request, "join.html", title="Join a game", seating=SEATING)

    @app.get("/play/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def play(request: Request, code: str) -> HTMLResponse:
        return room_page(request, "play.html", code, "Play")

    @app.get("/hotseat/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def hotseat(request: Request, code: str) -> HTMLResponse:
        return room_page(request, "hotseat.html", code, "Hotseat")

    mount_debrief(app, page, no_room)

    @app.get("/qr/{code}.svg", include_in_schema=False)
    async def qr(request: Request, code: str) -> Response:
        try:
            room = manager(request).room(code)
        except RoomError as exc:
            return Response(str(exc), status_code=exc.status, media_type="text/plain")
        link = f"{join_url(request)}/{room.code}"
        return Response(qr_svg(link), media_type="image/svg+xml")
