"""The messages clients send, as validated models (they also make the OpenAPI description).

The same models check HTTP bodies and WebSocket messages, so a request is either valid as
a whole or refused with a message naming the field, before anything is looked at.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from moneyboard.server.passcode import MAX_PASSCODE

Name = Annotated[str, Field(min_length=1, max_length=40)]
#: The longest variant file a room is made from, in characters.
VARIANT_CHARACTERS = 12_000
JsonAction = Annotated[
    dict[str, Any] | str,
    Field(description="An action as the view lists it: {'type': kind, ...fields}, or its kind"),
]


class Strict(BaseModel):
    """Unknown fields are refused (a typo is an error, not silently ignored), and so is a
    value of the wrong type: ``"version": "1"`` is not quietly read as 1."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(Strict):
    """A place at the table: one learner, a team of learners sharing a family, or a bot."""

    kind: Literal["learner", "team", "bot"]
    name: Name | None = Field(default=None, description="Team name, or the bot's name")
    bot: Annotated[str, Field(max_length=40)] | None = Field(
        default=None, description="Bot kind (random, saver, ...) for a bot seat"
    )


class CreateRoom(Strict):
    """What a trainer chooses for a new room."""

    game: Annotated[str, Field(min_length=1, max_length=40)]
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=12)]
    options: dict[str, Any] = Field(default_factory=dict, description="Rule option overrides")
    options_written: dict[Annotated[str, Field(max_length=60)], str] = Field(
        default_factory=dict,
        description="Rule option overrides, each value written as in a variant file "
        '(\'{"rounds": "3", "luxury_changes": "{jewellery = {cost = 11}}"}\'): the form\'s fields',
    )
    variant: Annotated[str, Field(max_length=VARIANT_CHARACTERS)] | None = Field(
        default=None, description="A variant file's text (TOML or JSON), instead of options"
    )
    variant_format: Literal["toml", "json"] | None = Field(
        default=None, description="The variant's format; left out, JSON if it opens with '{'"
    )
    seed: Annotated[int, Field(ge=0, lt=2**31)] | None = None
    forced: dict[Annotated[str, Field(max_length=60)], list[Any]] = Field(
        default_factory=dict, description="Outcomes queued before the game starts"
    )
    passcode: Annotated[str, Field(max_length=MAX_PASSCODE)] | None = Field(
        default=None,
        description="The trainer's passcode, when the server was started with one "
        "(moneyboard serve --passcode, or MONEYBOARD_PASSCODE); without it, or with a wrong "
        "one, such a server refuses to create the room (403)",
    )


class JoinRoom(Strict):
    """A learner joins with a name (a nickname is fine) and, optionally, a seat."""

    name: Name
    seat: Annotated[int, Field(ge=0, lt=12)] | None = None


class ActionRequest(Strict):
    """A seat's action, with the version of the view the learner chose it on."""

    action: JsonAction
    version: Annotated[int, Field(ge=0, lt=2**31)]


class VoteRequest(Strict):
    """A learner not on turn answers the open decision as a sealed class vote."""

    action: JsonAction
    version: Annotated[int, Field(ge=0, lt=2**31)]
    why: Annotated[str, Field(max_length=280)] = ""


class Start(Strict):
    type: Literal["start"]
    fill_bot: Annotated[str, Field(max_length=40)] | None = Field(
        default=None, description="Bot kind for learner seats nobody joined"
    )


class Simple(Strict):
    type: Literal["pause", "resume", "call_time", "skip", "end"]


class Timer(Strict):
    type: Literal["timer"]
    seconds: Annotated[float, Field(ge=0, le=3600)] | None = Field(
        default=None, description="Seconds per decision; 0 turns timers off; null: the rules'"
    )


class Undo(Strict):
    type: Literal["undo"]
    count: Annotated[int, Field(ge=1, le=50)] = 1


class Force(Strict):
    type: Literal["force"]
    stream: Annotated[str, Field(min_length=1, max_length=60)]
    outcomes: Annotated[list[Any], Field(min_length=1, max_length=20)]


class SeatDirective(Strict):
    type: Literal["seat"]
    seat: Annotated[int, Field(ge=0, lt=12)]
    bot: Annotated[str, Field(max_length=40)] | None = Field(
        default=None, description="Bot kind to play the seat, or null to give it back to a person"
    )


Directive = Annotated[
    Start | Simple | Timer | Undo | Force | SeatDirective, Field(discriminator="type")
]


class DirectiveRequest(Strict):
    """A trainer's control, as a kernel directive or a room setting."""

    directive: Directive


class ErrorBody(BaseModel):
    """What a refused request gets: a code for programs and a message for people."""

    code: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody


class RoomCreated(BaseModel):
    code: str
    trainer_token: str
    room: dict[str, Any]


class Joined(BaseModel):
    seat: int
    token: str
    rejoin: str = Field(description="Link that gives this seat back on any device")


class Accepted(BaseModel):
    version: int
    change: str


class NewDevice(BaseModel):
    seat: int
    token: str
    rejoin: str


class Outcome(BaseModel):
    outcome: Any = Field(description="What to queue (a card's identifier, a die's number)")
    text: str = Field(description="It in words (the card's name)")
    meaning: str | None = Field(
        default=None,
        description="What a number stands for, in the game's words, where the number alone "
        "does not say ('8' on an investment's returns: how it did over a full term)",
    )


class Stream(BaseModel):
    stream: str = Field(description="The stream to name in a force directive")
    text: str = Field(description="It in words")
    outcomes: list[Outcome] = Field(description="Everything it can ever give, in order")


class ChanceStreams(BaseModel):
    """What a trainer may stack: every chance stream the game will still draw from."""

    streams: list[Stream]


# ----- WebSocket messages from a client ----------------------------------------------------
class Hello(Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(max_length=200)] | None = None


class WsAction(Strict):
    type: Literal["action"]
    action: JsonAction
    version: Annotated[int, Field(ge=0, lt=2**31)]
    id: Annotated[str, Field(max_length=64)] | int | None = None


class WsVote(Strict):
    type: Literal["vote"]
    action: JsonAction
    version: Annotated[int, Field(ge=0, lt=2**31)]
    why: Annotated[str, Field(max_length=280)] = ""
    id: Annotated[str, Field(max_length=64)] | int | None = None


class WsDirective(Strict):
    type: Literal["directive"]
    directive: Directive
    id: Annotated[str, Field(max_length=64)] | int | None = None


class WsPing(Strict):
    type: Literal["ping"]
    id: Annotated[str, Field(max_length=64)] | int | None = None


_ACTION_KEYS = frozenset({"type", "action", "version", "id"})


def quick_action(data: Any) -> WsAction | None:
    """An ``action`` message checked by hand, for the path every move takes; ``None`` for
    any other message, or one not exactly right, which the full validation then names."""
    if type(data) is not dict or data.get("type") != "action" or not data.keys() <= _ACTION_KEYS:
        return None
    action = data.get("action")
    version = data.get("version")
    ident = data.get("id")
    if type(action) is not dict and type(action) is not str:
        return None
    if type(version) is not int or not 0 <= version < 2**31:
        return None
    if (
        ident is not None
        and type(ident) is not int
        and not (type(ident) is str and len(ident) <= 64)
    ):
        return None
    return WsAction.model_construct(type="action", action=action, version=version, id=ident)


class ClientMessage(BaseModel):
    """Any message a connected client may send."""

    message: Annotated[WsAction | WsVote | WsDirective | WsPing, Field(discriminator="type")]
