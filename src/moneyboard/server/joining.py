"""Making a room and seating people in it: the trainer's new room, a learner joining, a seat
moved to another device, and the seats a game starts with.

A room's rules, seats and seed are checked (the game must start with them) before anything
is stored. Tokens are kept only as their hashes; a learner's token is its seat, and moving a
seat to a new device stops every old token of that seat at once. The start itself is an
entry like any other, through the manager's one path of changes.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from moneyboard.engine.state import Seat
from moneyboard.registry import get_game
from moneyboard.server import catch_up
from moneyboard.server.errors import RoomError, bad_request, bot_kind, no_such_seat, refused
from moneyboard.server.room import Change, Room
from moneyboard.server.tokens import new_join_code, new_token, token_hash

if TYPE_CHECKING:
    from moneyboard.server.manager import RoomManager


def create(
    manager: RoomManager,
    game_id: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    *,
    seed: int | None,
    forced: dict[str, list[Any]],
) -> tuple[Room, str]:
    """A new room and its trainer token; options and seats are checked first.

    The limit counts the rooms the server holds in play: those whose game has not ended, and
    ended ones someone still has open (the others are let go first). An ended room's record
    stays stored for its debrief, without taking a place.
    """
    manager.let_go_ended()
    if manager.in_play() >= manager.settings.max_rooms:
        raise RoomError(
            429,
            "too_many_rooms",
            f"this server already has {manager.settings.max_rooms} rooms in play, its most "
            "(a room counts until its game ends and nobody has it open); end a game you no "
            "longer need, or ask whoever runs the server to delete rooms left unfinished",
        )
    game = get_game(game_id)
    if not game.min_players <= len(seats) <= game.max_players:
        raise bad_request(
            f"{game.title} is for {game.min_players} to {game.max_players} seats, not {len(seats)}"
        )
    for i, spec in enumerate(seats):
        if spec.get("name"):
            spec["name"] = clean_name(str(spec["name"]))
        if spec["kind"] == "bot":
            spec["bot"] = bot_kind(str(spec.get("bot") or ""), f"seat {i + 1}: ")
    checked = game.options(options).overrides()
    if seed is None:
        seed = secrets.randbelow(2**31)
    # Check that the game starts with these settings before anything is stored.
    game.new_state(
        [Seat(f"seat {i}") for i in range(len(seats))],
        seed,
        game.options(checked),
        forced=forced,
    )
    trainer_token = new_token()
    for _ in range(20):
        stored = manager.store.create_room(
            new_join_code(),
            game=game.id,
            options=checked,
            seed=seed,
            seats=seats,
            forced=forced,
            trainer_hash=token_hash(trainer_token),
        )
        if stored is not None:
            break
    else:  # pragma: no cover - 20 collisions among 244 million codes
        raise RoomError(503, "busy", "no free join code was found; try again")
    room = manager.load(stored)
    catch_up.notify(manager, room.code, -1)
    return room, trainer_token


#: Format characters kept in a name: the joiners that hold an emoji sequence together.
_JOINERS = {"\u200c", "\u200d"}


def clean_name(name: str) -> str:
    """A typed name as the class sees it: control and format characters dropped (a bidi
    override would flip the rest of the line on every page; a NUL shows as an empty box),
    runs of spaces made one."""
    kept = "".join(
        c
        for c in name
        if c in _JOINERS or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    return " ".join(kept.split())


def join(manager: RoomManager, code: str, name: str, seat: int | None) -> tuple[int, str]:
    """Give a learner a seat (the one asked for, else the first free learner seat, else the
    team with the fewest members so far) and its token."""
    room = manager.room(code)
    name = clean_name(name)
    if not name:
        raise bad_request("please give a name (a nickname is fine)")
    if room.state is not None:
        raise refused(
            "the game has started: use your rejoin link, or ask the trainer to move "
            "your seat to this device",
            "started",
        )
    members = [t.seat for t in manager.tokens.get(room.code, {}).values()]
    kinds = [room.seat_kind(i) for i in range(len(room.controllers))]
    if seat is None:
        seat = _free_seat(kinds, members)
    elif not 0 <= seat < len(kinds):
        raise no_such_seat(seat, len(kinds))
    elif kinds[seat] == "bot":
        raise refused(f"seat {seat + 1} is played by a bot", "bot_seat")
    elif kinds[seat] == "learner" and seat in members:
        raise refused(f"seat {seat + 1} is taken", "taken")
    token = new_token()
    stored = manager.store.add_token(room.stored.id, seat, name, token_hash(token))
    manager.tokens.setdefault(room.code, {})[stored.token_hash] = stored
    manager.name_seats(room)
    manager.tell(room, None)
    return seat, token


def _free_seat(kinds: list[str], members: list[int]) -> int:
    """The seat a learner who names none joins: the first learner seat nobody holds, else
    the team with the fewest members (the first of those), so a class spreads evenly over
    its teams once the seats of one learner each are gone."""
    free = [i for i, k in enumerate(kinds) if k == "learner" and i not in members]
    if free:
        return free[0]
    teams = [i for i, k in enumerate(kinds) if k == "team"]
    if not teams:
        raise refused("every learner's seat in this room is taken", "full")
    return min(teams, key=lambda i: (members.count(i), i))


def new_device(manager: RoomManager, room: Room, seat: int) -> str:
    """Move a seat to another device: every old token of the seat stops working."""
    if not 0 <= seat < len(room.controllers):
        raise no_such_seat(seat, len(room.controllers))
    manager.store.revoke_seat(room.stored.id, seat)
    token = new_token()
    name = room.names[seat]
    stored = manager.store.add_token(room.stored.id, seat, name, token_hash(token))
    kept = {h: t for h, t in manager.tokens.get(room.code, {}).items() if t.seat != seat}
    kept[stored.token_hash] = stored
    manager.tokens[room.code] = kept
    for listener in list(manager.listeners.get(room.code, ())):
        if listener.role == "seat" and listener.seat == seat:
            listener.send_close()
    return token


async def start(manager: RoomManager, room: Room, fill_bot: str | None) -> Change:
    """The trainer starts the game with the seats as they are now."""
    if room.state is not None:
        raise refused("the game has already started", "started")
    if fill_bot is not None:
        fill_bot = bot_kind(fill_bot)
    joined = {t.seat for t in manager.tokens.get(room.code, {}).values()}
    seats = []
    empty = []
    for i, spec in enumerate(room.stored.seats):
        if spec["kind"] == "bot":
            seats.append({"name": room.names[i], "bot": spec["bot"]})
        elif i in joined:
            seats.append({"name": room.names[i], "bot": None})
        elif fill_bot is not None:
            name = f"{fill_bot.split(':')[0].capitalize()} bot {i + 1}"
            seats.append({"name": name, "bot": fill_bot})
        else:
            empty.append(room.names[i])
            seats.append({"name": room.names[i], "bot": None})
    if empty:
        raise refused(
            f"nobody has joined {_and_list(empty)} yet: wait, or start with bots in them",
            "seats_empty",
        )
    return await manager.commit(room, "start", {"seats": seats, "started_at": time.time()})


def _and_list(names: list[str]) -> str:
    """Names for a sentence: "Blue", "Blue and Seat 3", "Ana, Blue and Seat 3"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
