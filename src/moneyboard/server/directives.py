"""A trainer's controls, carried out the same way whether they come over HTTP or a WebSocket."""

from __future__ import annotations

from moneyboard.server.chance_names import forced_by_name
from moneyboard.server.errors import refused
from moneyboard.server.manager import RoomManager
from moneyboard.server.protocol import Directive, Force, SeatDirective, Simple, Start, Timer, Undo
from moneyboard.server.room import Change, Room


def as_named(room: Room, directive: Directive) -> Directive:
    """The directive as the room carries it out: a ``force`` with its deck or die and its
    outcomes named by their identifiers, however the trainer wrote them (the room refuses
    what names nothing)."""
    if not isinstance(directive, Force) or room.state is None:
        return directive
    stream, outcomes = forced_by_name(room.state, directive.stream, directive.outcomes)
    return directive.model_copy(update={"stream": stream, "outcomes": outcomes})


async def direct(manager: RoomManager, room: Room, directive: Directive) -> Change:
    """Carry out one of the trainer's directives on ``room`` (stored before anyone hears);
    pass it through :func:`as_named` first."""
    if isinstance(directive, Start):
        return await manager.start(room, directive.fill_bot)
    if isinstance(directive, Timer):
        return await manager.commit(room, "timer", {"seconds": directive.seconds})
    if isinstance(directive, Undo):
        # "keep": the called time and the queued outcomes stay (rooms stored before that
        # replay their bare undo as it was played).
        return await manager.commit(room, "undo", {"count": directive.count, "keep": True})
    if isinstance(directive, Force):
        return await manager.commit(
            room, "force", {"stream": directive.stream, "outcomes": directive.outcomes}
        )
    if isinstance(directive, SeatDirective):
        if directive.bot is None:
            _check_person_for(manager, room, directive.seat)
        return await manager.commit(room, "seat", {"seat": directive.seat, "bot": directive.bot})
    assert isinstance(directive, Simple)
    if directive.type == "skip":
        manager.skip(room)
        return Change("skip")
    return await manager.commit(room, directive.type, {})


def _check_person_for(manager: RoomManager, room: Room, seat: int) -> None:
    """A seat goes back to a person only if one can play it: a device holds its link
    (else the game would wait for nobody), and it is not a person's already."""
    if not 0 <= seat < len(room.controllers):
        return  # the room names the seat that does not exist
    name = room.names[seat]
    if room.state is not None and room.controllers[seat] is None:
        raise refused(f"{name} (seat {seat + 1}) is already played by a person", "seat")
    held = any(t.seat == seat and not t.revoked for t in manager.store.tokens(room.stored.id))
    if not held:
        raise refused(
            f"nobody has joined {name} (seat {seat + 1}) on a device: choose a bot for it, "
            "or move the seat to a device first",
            "seat",
        )
