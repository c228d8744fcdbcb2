"""A trainer's controls, carried out the same way whether they come over HTTP or a WebSocket."""

from __future__ import annotations

from moneyboard.server.manager import RoomManager
from moneyboard.server.protocol import Directive, Force, SeatDirective, Simple, Start, Timer, Undo
from moneyboard.server.room import Change, Room


async def direct(manager: RoomManager, room: Room, directive: Directive) -> Change:
    """Carry out one of the trainer's directives on ``room`` (stored before anyone hears)."""
    if isinstance(directive, Start):
        return await manager.start(room, directive.fill_bot)
    if isinstance(directive, Timer):
        return await manager.commit(room, "timer", {"seconds": directive.seconds})
    if isinstance(directive, Undo):
        return await manager.commit(room, "undo", {"count": directive.count})
    if isinstance(directive, Force):
        return await manager.commit(
            room, "force", {"stream": directive.stream, "outcomes": directive.outcomes}
        )
    if isinstance(directive, SeatDirective):
        return await manager.commit(room, "seat", {"seat": directive.seat, "bot": directive.bot})
    assert isinstance(directive, Simple)
    if directive.type == "skip":
        manager.skip(room)
        return Change("skip")
    return await manager.commit(room, directive.type, {})
