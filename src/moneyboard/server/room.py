"""One room in memory: its game, seats, trainer's settings and votes, rebuilt from its entries.

Every change to a room is an *entry* (see :mod:`moneyboard.server.storage`). :meth:`Room.take`
checks and carries out an entry in memory; the caller stores it, and only then tells anyone.
On start, :meth:`Room.rebuild` carries out the stored entries again, in order, and gets the
same room. Entries are the game's own moves (``action``, ``timeout``, ``force``,
``call_time``) and the trainer's hand on the room (``start``, ``pause``, ``resume``, ``undo``,
``seat``, ``timer``, ``end``) and the class's sealed votes (``vote``). The game's own moves
and the kernel's directives (pause, resume, call time, undo, seat) go to the game, all or
nothing, so the game's history holds them too.

The game is reached only through its :class:`GameDef` and the public interface of
:class:`GameState`, so every game in the registry runs here with no code of its own.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from moneyboard.bots.base import why_after
from moneyboard.engine.actions import Action
from moneyboard.engine.directives import moves_to_take_back
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.game import GameDef
from moneyboard.engine.options import RuleOptions
from moneyboard.engine.record import GameRecord, record_of
from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import get_game
from moneyboard.server.errors import bad_request, bot_kind, no_such_seat, refused
from moneyboard.server.storage import Entry, StoredRoom
from moneyboard.table import Table
from moneyboard.terminal.render import decision_line

#: Entry kinds that change the game or the room (each one moves ``version`` on by one).
GAME_KINDS = frozenset({"action", "timeout", "force", "call_time", "pause", "resume", "undo"})
ROOM_KINDS = frozenset({"start", "pause", "resume", "undo", "seat", "timer", "end"})
#: What every view of a room the trainer ended says (its ``room.ended``), and the announcement.
ENDED_BY_TRAINER = "The trainer has ended the game."
#: The trainer's directives that leave the decision open, and so its class vote: a vote
#: cast before a pause still counts when the decision is taken after it.
KEEP_VOTES = frozenset({"pause", "resume", "force", "seat", "timer"})
#: Entry kinds that leave ``version`` alone (a vote changes nothing anyone acts on).
QUIET_KINDS = frozenset({"vote"})
#: How many of the last steps a vote sent too late is told about by name ("Too late: ...").
STEPS_REMEMBERED = 16


@dataclasses.dataclass
class Change:
    """What one entry did, for the people in the room: new events, announcements, a vote split."""

    kind: str
    seat: int | None = None
    announcements: list[str] = dataclasses.field(default_factory=list)
    #: A bot's words on its move ("saves: bills are due"), shown with the move.
    narration: str = ""
    rebuilt: bool = False
    vote_result: dict[str, Any] | None = None
    #: The move in words, as its button read ("Place a pawn on Payable Bills"), and the team
    #: member who made it, for a teammate's phone that chose at the same moment.
    move: str = ""
    by: str = ""


def seat_labels(specs: list[dict[str, Any]]) -> list[str]:
    """The seats' names before anyone joins: a name the trainer gave, else "Team 2", "Seat 3",
    "Saver bot"; bots of one kind are told apart by their seat ("Random bot 1", "Random bot
    3"), as "Random bot" three times would leave a class guessing whose move it was."""
    unnamed = Counter(s.get("bot") for s in specs if s["kind"] == "bot" and not s.get("name"))
    labels = []
    for index, spec in enumerate(specs):
        if spec.get("name"):
            labels.append(str(spec["name"]))
        elif spec["kind"] == "team":
            labels.append(f"Team {index + 1}")
        elif spec["kind"] == "bot":
            label = f"{str(spec['bot']).capitalize()} bot"
            labels.append(f"{label} {index + 1}" if unnamed[spec.get("bot")] > 1 else label)
        else:
            labels.append(f"Seat {index + 1}")
    return labels


class Room:
    """A room's live state: settings as stored, the game (once started), seats and votes."""

    def __init__(self, stored: StoredRoom):
        self.stored = stored
        self.game: GameDef = get_game(stored.game)
        self.state: GameState | None = None
        #: The table driver of the game once started: its bots, its clocks, its directives.
        self.table: Table | None = None
        #: The room's step count: entries that changed the game or the room.
        self.version = 0
        #: Position of the last entry carried out (votes included), for the next write.
        self.seq = -1
        self.ended = False
        #: Time could not be called when the class period ran out (the game has no hook).
        self.period_over = False
        self.started_at: float | None = None
        #: Seconds per decision chosen by the trainer (``None``: the game's rule options;
        #: 0: no clocks at all), kept here from the lobby on and given to the table.
        self.timer: float | None = None
        #: Seat names before the start (the game's seats hold them afterwards).
        self.lobby_names: list[str] = seat_labels(stored.seats)
        #: The last action entry carried out (what a class vote is compared with).
        self.last_played: dict[str, Any] | None = None
        #: Sealed class votes on the decision now open: voting seat -> (action JSON, why, the
        #: action in words as the view voted on named it: a card bought later leaves the table).
        self.votes: dict[int, tuple[dict[str, Any], str, str]] = {}
        #: The seat whose decision those votes answer (several families may decide at once).
        self.vote_on: int | None = None
        #: What ended each of the last steps, for a vote or move sent on it too late: the
        #: version it ended -> (entry kind, the seat that made it, the seat the class could
        #: vote on, the move in words or, not worded then, its JSON; the team member who made it).
        self.steps_ended: dict[
            int, tuple[str, int | None, int | None, str | dict[str, Any], str]
        ] = {}
        self.log_seen = 0
        #: Each seat being asked to decide: the version from which it has been asked without
        #: a break while only other seats answered (see :meth:`still_asked`).
        self.asked_since: dict[int, int] = {}
        #: Counts renamed lobby seats, so :meth:`info` is built again after a join.
        self._renamed = 0
        self._info: tuple[tuple[int, int, str, int], dict[str, Any]] | None = None
        #: The open class vote of one step (version, seq), and the seats deciding it.
        self._vote: tuple[tuple[int, int], dict[str, Any] | None, frozenset[int]] | None = None
        #: The decision in words for the seat asked, worked out once per step (see prompt).
        self._prompt: tuple[tuple[int, int, int], str] | None = None

    # ----- reading -----------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.stored.code

    @property
    def names(self) -> list[str]:
        if self.state is None:
            return self.lobby_names
        return [s.name for s in self.state.seats]

    @property
    def controllers(self) -> list[str | None]:
        """Per seat: the bot kind playing it, or ``None`` for people."""
        if self.state is None:
            return [s.get("bot") if s["kind"] == "bot" else None for s in self.stored.seats]
        return [s.bot for s in self.state.seats]

    @property
    def paused(self) -> bool:
        return self.state is not None and self.state.status.paused

    @property
    def time_called(self) -> bool:
        return self.state is not None and self.state.status.time_called

    @property
    def status(self) -> str:
        if self.ended:
            return "ended"
        if self.state is None:
            return "lobby"
        if self.state.terminal:
            return "finished"
        return "paused" if self.paused else "running"

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def over(self) -> bool:
        """The game is done with: finished, ended by the trainer, or time called (its
        debrief opens)."""
        return self.state is not None and (self.ended or self.state.terminal or self.time_called)

    def seat_kind(self, seat: int) -> str:
        return str(self.stored.seats[seat]["kind"])

    def decision_limit(self) -> float | None:
        """Seconds each decision may take now: the trainer's timer, else the game's rule."""
        if self.table is not None:
            return self.table.decision_limit()
        return self.timer if self.timer else None

    def clocks(self) -> list[dict[str, Any]]:
        """The seats asked now whose clocks run, with the seconds each has left before the
        game's default is played for it (none while paused or without a time limit)."""
        table, state = self.table, self.state
        if table is None or state is None or not self.running:
            return []
        out = []
        for seat in state.to_move():
            left = table.time_left(seat)
            if left is not None:
                out.append({"seat": seat, "left": round(left, 1)})
        return out

    def people_to_move(self) -> list[int]:
        """Seats played by people that the game is waiting for."""
        if self.state is None:
            return []
        return [s for s in self.state.to_move() if self.controllers[s] is None]

    def bot_to_move(self) -> int | None:
        """The bot seat due to move, if the room is running: the one its table's bot would
        move for (several may be asked at once), so the pacer and the room agree on it."""
        if not self.running or self.table is None:
            return None
        waiting = self.table.bot_waiting()
        return waiting[0] if waiting is not None else None

    def chance_streams(self) -> list[dict[str, Any]]:
        """Each chance stream the trainer may stack now, with every outcome it can still give
        (a deck: the cards left in it), in words (none before the game starts: a deck is
        stacked before it in a variant file)."""
        state = self.state
        if state is None or state.result is not None:
            return []
        word = state.catalogue.word
        streams = []
        for stream in state.chance_streams():
            left = state.stream_left(stream)
            outcomes = dict.fromkeys(
                left if left is not None else state.stream_outcomes(stream) or ()
            )
            if not outcomes:
                continue  # an empty deck: nothing to choose
            streams.append(
                {
                    "stream": stream,
                    "text": state.stream_text(stream),
                    "outcomes": [
                        {
                            "outcome": o,
                            "text": word(o) if isinstance(o, str) else str(o),
                            "meaning": None if isinstance(o, str) else _meaning(state, stream, o),
                        }
                        for o in outcomes
                    ],
                }
            )
        return streams

    def record(self) -> GameRecord:
        """The game's record (the kernel's format): replaying it rebuilds the game."""
        if self.state is None:
            raise refused("the game has not started yet", "not_started")
        try:
            return record_of(self.state, self.stored.forced)
        except (ValueError, TypeError) as exc:
            raise refused(f"this game's record cannot be written yet: {exc}", "record") from None

    # ----- changing ----------------------------------------------------------------------
    def take(self, kind: str, data: dict[str, Any]) -> Change:
        """Check and carry out one entry; raises :class:`RoomError` with nothing changed.

        The caller stores the entry at ``self.seq`` after this returns (and calls
        :meth:`rebuild` if storing fails, which undoes it in memory).
        """
        if self.ended and kind != "vote":
            raise refused("the trainer has ended this room", "ended")
        handler = getattr(self, f"_take_{kind}", None)
        if handler is None:
            raise bad_request(f"unknown entry kind {kind!r}")
        before = self.version
        voted_on = self.deciding_seat()
        change: Change = handler(data)
        self.seq += 1
        if kind not in QUIET_KINDS:
            self.version += 1
        if self.version != before:
            move = change.move
            if not move and kind == "action" and self.last_played is not None:
                move = self.last_played["action"]  # worded if a late tap asks (moved_on)
            self.steps_ended[before] = (kind, change.seat, voted_on, move, change.by)
            self.steps_ended.pop(before - STEPS_REMEMBERED, None)
            # A trainer's step still makes every open answer stale (see still_asked).
            self._track_asked(change.seat if kind == "action" else None)
            if kind not in KEEP_VOTES and not self._vote_stays(change, before):
                change.vote_result = self._close_votes(change)
        if self.state is not None and self.state.terminal and change.kind in GAME_KINDS:
            change.announcements.append("The game is over.")
        return change

    def _track_asked(self, answered: int | None) -> None:
        """After a step: seats still asked keep the version they were first asked at, when
        the step was another seat's answer (``answered``); anything else starts them over."""
        movers = self.state.to_move() if self.state is not None else ()
        since = self.asked_since
        self.asked_since = {
            seat: since[seat]
            if answered is not None and seat != answered and seat in since
            else self.version
            for seat in movers
        }

    def still_asked(self, seat: int | None, version: int) -> bool:
        """Whether an answer chosen on the view at ``version`` still stands now: ``seat`` has
        been asked the same decision since then, while only other seats answered theirs (every
        family choosing its savings at once), so their answers do not make it stale. The game
        still checks the answer itself."""
        if seat is None:
            return False
        first = self.asked_since.get(seat)
        return first is not None and first <= version <= self.version

    def rebuild(self, entries: Sequence[Entry]) -> None:
        """Carry out stored entries in order (after a restart, or to catch up with storage)."""
        for entry in entries:
            if entry.seq != self.seq + 1:
                raise RuntimeError(
                    f"room {self.code}: entry {entry.seq} follows {self.seq} (a gap in storage)"
                )
            self.take(entry.kind, entry.data)
        self.log_seen = len(self.state.log) if self.state is not None else 0

    def _game_state(self) -> GameState:
        if self.state is None:
            raise refused("the trainer has not started the game yet", "not_started")
        return self.state

    def _playing(self) -> GameState:
        """The game, if actions may be taken now (started, not paused, not over)."""
        state = self._game_state()
        if state.terminal:
            raise refused("the game is over", "game_over")
        if self.paused:
            raise refused("the trainer has paused the game", "paused")
        return state

    def options(self) -> RuleOptions:
        """The room's rule options: its stored overrides, read with the defaults of the
        moneyboard that created it (a later one may have changed a default)."""
        model = self.game.options_model
        return self.game.options(model.as_recorded(self.stored.options, self.stored.record_version))

    def _new_state(self, seats: list[Seat]) -> GameState:
        return self.game.new_state(
            seats,
            self.stored.seed,
            self.options(),
            forced=self.stored.forced,
        )

    def _carry_out(self, table: Table, kind: str, data: dict[str, Any]) -> Action | None:
        """Do one game move or directive at the table; returns the action taken, if any."""
        if kind == "timeout":
            return table.timeout(int(data["seat"]))
        if kind == "force":
            table.force(str(data["stream"]), list(data["outcomes"]))
            return None
        if kind == "call_time":
            table.call_time()
            return None
        if kind == "undo":
            if data.get("keep"):
                table.take_back(int(data["count"]))
            else:  # stored before take backs kept the called time and the queued outcomes
                table.direct("undo", count=int(data["count"]))
            if not table.state.status.paused and table.state.result is None:
                table.direct("pause")
            return None
        table.direct(kind, **data)
        return None

    def _game_move(self, kind: str, data: dict[str, Any]) -> Action | None:
        """Carry out a game move or directive; the kernel leaves the game as it was if refused."""
        self._game_state()
        assert self.table is not None
        try:
            return self._carry_out(self.table, kind, data)
        except MoneyboardError as exc:
            raise refused(self._to_trainer(exc)) from None
        except NotImplementedError:
            raise refused(self._no_period()) from None

    def _no_period(self) -> str:
        return (
            f"{self.game.title} has no class period to call time on: to stop the game here, end it"
        )

    def _to_trainer(self, exc: MoneyboardError) -> str:
        """The game's refusal of a move or directive, naming the game by its title."""
        if getattr(exc, "key", "") == "why.no_period":
            return self._no_period()
        text = str(exc)
        if text.startswith("this game "):
            return f"{self.game.title} {text.removeprefix('this game ')}"
        return text

    # ----- entries -----------------------------------------------------------------------
    def _take_start(self, data: dict[str, Any]) -> Change:
        if self.state is not None:
            raise refused("the game has already started", "started")
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != len(self.stored.seats):
            raise bad_request("a start needs one seat per place at the table")
        self.state = self._new_state([Seat(str(s["name"]), s.get("bot")) for s in seats])
        self.table = Table(self.state)
        self.table.timer = self.timer
        self.started_at = float(data.get("started_at", time.time()))
        # The class period runs from the stored start, also for a room rebuilt after a restart.
        self.table.started -= max(0.0, time.time() - self.started_at)
        return Change("start", announcements=["The game has started."])

    def _take_action(self, data: dict[str, Any]) -> Change:
        seat = int(data["seat"])
        state = self._playing()
        try:
            action = self.game.codec.from_json(data["action"])
        except MoneyboardError as exc:
            raise bad_request(str(exc)) from None
        assert self.table is not None and self.table.state is state
        # Worded on the view it was chosen on, as its button read ("Buy Flat-screen TV (slot
        # 1)"): once played, the card has left the table and only its slot could be named.
        # Only where it is read: the class voted on it, a bot says why, a teammate's phone.
        heard = self.votes or data.get("why") or data.get("by")
        move = state.action_text(action) if heard else ""
        try:  # refused with the game's own reason, and nothing changed, if not allowed
            self.table.act(seat, action)
        except MoneyboardError as exc:
            raise refused(str(exc)) from None
        played = {"seat": seat, "action": action.to_json(), "text": move or None}
        self.last_played = played
        change = Change("action", seat, move=move, by=str(data.get("by") or ""))
        why = data.get("why")
        if why:
            # The move is named once ("Saver: Save (because ...)"), as the terminal tells it.
            change.narration = f"{self.names[seat]}: {move} ({why_after(move, why)})"
        return change

    def _take_timeout(self, data: dict[str, Any]) -> Change:
        seat = int(data["seat"])
        state = self._playing()
        if seat not in state.to_move():
            raise refused(f"{self.names[seat]} is not being asked to decide")
        action = state.fallback_action(seat)
        if action is None:
            raise refused(f"{self.game.title} has no default move for {self.names[seat]} now")
        move = state.action_text(action)  # in the words of the view it was played on
        taken = self._game_move("timeout", {"seat": seat})
        self.last_played = {
            "seat": seat,
            "action": taken.to_json() if taken else None,
            "text": move if taken == action else None,
        }
        # The game's own event says it ("Time is up for Ana: the game chose 'Done'").
        return Change("timeout", seat)

    def _directing(self) -> GameState:
        """The game, if a trainer's directive may change it now (started, not over); unlike
        an action, a directive may be given while the game is paused."""
        state = self._game_state()
        if state.terminal:
            raise refused("the game is over", "game_over")
        return state

    def _take_force(self, data: dict[str, Any]) -> Change:
        state = self._directing()
        stream = data.get("stream")
        outcomes = data.get("outcomes")
        if not isinstance(stream, str) or not isinstance(outcomes, list) or not outcomes:
            raise bad_request("forcing needs a stream name and a list of outcomes")
        try:
            state.check_forced(stream, outcomes)
        except MoneyboardError as exc:
            raise refused(self._to_trainer(exc)) from None
        problem = state.forced_problem(stream, outcomes)
        if problem is not None:  # refused now, not dropped at the draw
            raise refused(f"{problem[0].upper()}{problem[1:]}.", "not_left")
        self._game_move("force", {"stream": stream, "outcomes": outcomes})
        return Change("force", announcements=["The trainer has chosen what comes next."])

    def _take_call_time(self, data: dict[str, Any]) -> Change:
        self._directing()
        self._game_move("call_time", {})
        return Change("call_time", announcements=["Time is up: the class period is over."])

    def _take_pause(self, data: dict[str, Any]) -> Change:
        self._directing()
        self._game_move("pause", {})
        return Change("pause")  # the game's event tells it

    def _take_resume(self, data: dict[str, Any]) -> Change:
        self._game_state()
        if not self.paused:
            raise refused("the game is not paused", "not_paused")
        self._game_move("resume", {})
        return Change("resume")  # the game's event tells it

    def _take_undo(self, data: dict[str, Any]) -> Change:
        state = self._game_state()
        count = data.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise bad_request("undo needs a count of at least 1")
        available = moves_to_take_back(state.moves)
        if available == 0:
            raise refused("there is no move to take back yet", "nothing_to_undo")
        if count > available:
            moves = "1 move" if available == 1 else f"{available} moves"
            raise refused(f"only {moves} can be taken back", "nothing_to_undo")
        self._game_move("undo", {"count": count, "keep": bool(data.get("keep"))})
        self.log_seen = len(self.state.log) if self.state is not None else 0
        what = "the last move" if count == 1 else f"the last {count} moves"
        return Change(
            "undo",
            rebuilt=True,
            announcements=[f"The trainer took back {what}; the game is paused."],
        )

    def _take_seat(self, data: dict[str, Any]) -> Change:
        state = self._game_state()
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise bad_request("a seat is named by its number")
        if not 0 <= seat < state.n:
            raise no_such_seat(seat, state.n)
        bot = data.get("bot")
        if bot is not None:
            bot = bot_kind(str(bot))
        name = data.get("name") or self.names[seat]
        self._game_move("seat", {"seat": seat, "name": name, "bot": bot})
        return Change("seat", seat)  # the game's event tells who plays the seat now

    def _take_timer(self, data: dict[str, Any]) -> Change:
        seconds = data.get("seconds")
        if seconds is not None and (
            not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds < 0
        ):
            raise bad_request("a turn timer is a number of seconds (0 turns timers off)")
        self.timer = None if seconds is None else float(seconds)
        if self.table is not None:
            self.table.set_timer(self.timer)
        if self.timer is None:
            said = "Turn timers follow the game's rules again."
        elif self.timer == 0:
            said = "Turn timers are off."
        else:
            said = f"Each decision now has {self.timer:g} seconds."
        return Change("timer", announcements=[said])

    def _take_end(self, data: dict[str, Any]) -> Change:
        self.ended = True
        return Change("end", announcements=[ENDED_BY_TRAINER])

    def _take_vote(self, data: dict[str, Any]) -> Change:
        seat = int(data["seat"])
        state = self._playing()
        version = int(data.get("version", -1))
        movers = state.to_move()
        decider = self._decider(movers) if movers else None
        if version != self.version and not self._still_voting_on(decider, version):
            raise refused(self._too_late(version), "stale")
        if decider is None:
            raise refused("no decision is open to vote on", "no_vote")
        if seat in movers:
            raise refused("you are deciding this yourself: play your move instead", "no_vote")
        if seat in requesters(state):
            raise refused("this decision answers your own request: wait for the answer", "no_vote")
        if seat in self.votes:
            # A team shares one vote: its second member did not vote, a teammate did.
            if self.stored.seats[seat]["kind"] == "team":
                said = "your team has already voted on this decision: each family has one vote"
                raise refused(said, "voted")
            raise refused("you have already voted on this decision", "voted")
        try:
            action = self.game.codec.from_json(data["action"])
        except MoneyboardError as exc:
            raise bad_request(str(exc)) from None
        # Only the decision's own answers: a loan the decider could take any time is their
        # own money, not an answer to what the class is asked.
        if not self._answers_decision(state, action.kind):
            label, name = state.action_text(action), self.names[decider]
            raise refused(f"'{label}' does not answer the decision {name} is asked now")
        # A vote is checked as the decider's own move would be: any amount they could choose.
        reason = state.why_not(decider, action)
        if reason is not None:
            # The action with the amount voted for ("Borrow from the bank ($9,300)").
            label, name = state.action_text(action), self.names[decider]
            said = f"'{label}' is not one of {name}'s choices now"
            # These reasons only say it again, with the game's inner name for the decision.
            if reason.key not in ("why.not_this_decision", "why.not_now", "why.not_in_game"):
                said += f": {state.explain(reason)}"
            raise refused(said)
        why = str(data.get("why", ""))[:280]
        self.votes[seat] = (action.to_json(), why, state.action_text(action))
        self.vote_on = decider
        return Change("vote", seat)

    def _still_voting_on(self, decider: int | None, version: int) -> bool:
        """Whether a vote sent on the view at ``version`` answers the decision open now: the
        class was voting on ``decider`` then, and it has been asked ever since while only
        other families answered theirs (several saving at once)."""
        ended = self.steps_ended.get(version)
        return ended is not None and ended[2] == decider and self.still_asked(decider, version)

    def moved_on(self, seat: int | None, version: int) -> str:
        """Why a move chosen on the view at ``version`` came too late, for the phone that sent
        it: a teammate chose first (named, with what they chose), else the game moved on."""
        kind, by_seat, _, move, by = self.steps_ended.get(version, ("", None, None, "", ""))
        if isinstance(move, dict):  # not worded when it was played: in today's words
            move = self._action_text(move)
        if kind == "action" and seat is not None and by_seat == seat and move:
            if self.seat_kind(seat) != "team":  # a double tap, or the seat's other device
                return f"You have already chosen: {move}"
            who = f"{by} (your team)" if by else "Your team"
            return f"{who} has already chosen: {move}"
        return "the game has moved on since you looked: look again and choose"

    def _too_late(self, version: int) -> str:
        """Why a vote on the view at ``version`` came too late, in words a learner reads:
        the family voted on has chosen (or its time ran out), or the game moved on."""
        kind, seat, voted_on, _, _ = self.steps_ended.get(version, ("", None, None, "", ""))
        if seat is not None and seat == voted_on:
            name = self.names[seat]
            if kind == "action":
                return f"Too late: {name} has already chosen"
            if kind == "timeout":
                return f"Too late: {name}'s time ran out and the game chose for them"
        if kind == "undo":
            return "Too late: the trainer took back a move, so that vote no longer counts"
        return "Too late: the game has moved on since you looked; vote on the decision shown now"

    def _decider(self, movers: Sequence[int]) -> int:
        """The seat whose decision the class votes on, of the seats asked now: the one the
        votes cast so far answer while it is still asked, else the first asked."""
        if self.votes and self.vote_on is not None and self.vote_on in movers:
            return self.vote_on
        return movers[0]

    def _vote_stays(self, change: Change, before: int) -> bool:
        """Whether the open vote outlives this step: another family deciding at the same
        time answered its own decision, and the family voted on still decides the same."""
        return (
            bool(self.votes)
            and change.kind == "action"
            and change.seat != self.vote_on
            and self.still_asked(self.vote_on, before)
        )

    def _close_votes(self, change: Change) -> dict[str, Any] | None:
        """The class's split on the decision just taken, and what was played (then cleared);
        ``closed`` says in words why nothing was played, when the vote closed without the
        family's move (a take-back withdraws it)."""
        if not self.votes:
            return None
        split = Counter(text for _, _, text in self.votes.values())
        played = None
        last = self.last_played
        # What the family voted on did (not another family's move that ended the vote).
        if (
            change.kind in ("action", "timeout")
            and last is not None
            and last["seat"] == self.vote_on
        ):
            action = last["action"]
            played = last.get("text") or (
                self._action_text(action) if action is not None else "nothing"
            )
        reasons = [
            {"seat": seat, "name": self.names[seat], "vote": text, "why": why}
            for seat, (_, why, text) in sorted(self.votes.items())
            if why
        ]
        seat = self.vote_on
        self.votes.clear()
        self.vote_on = None
        name = self.names[seat] if seat is not None else None
        closed = None
        if played is None:
            family = f"{name}'s family" if name is not None else "the family"
            closed = (
                f"Withdrawn: the trainer took back a move before {family} decided, "
                "so this vote no longer counts."
                if change.kind == "undo"
                else f"The vote closed before {family} decided."
            )
        return {
            "seat": seat,
            "name": name,
            "split": dict(split.most_common()),
            "played": played,
            "closed": closed,
            "reasons": reasons,
        }

    def _action_text(self, data: dict[str, Any]) -> str:
        try:
            action = self.game.codec.from_json(data)
        except MoneyboardError:
            return str(data.get("type", "?"))
        return self.state.action_text(action) if self.state is not None else str(action)

    # ----- views -------------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        """Each seat's number, name, kind (learner, team, bot) and the bot playing it now."""
        names = self.names
        specs = self.stored.seats
        return [
            {"seat": i, "name": names[i], "kind": str(specs[i]["kind"]), "bot": bot}
            for i, bot in enumerate(self.controllers)
        ]

    def name_lobby_seat(self, seat: int, name: str) -> None:
        """Before the start, a seat takes the name its learner joined with."""
        if self.lobby_names[seat] != name:
            self.lobby_names[seat] = name
            self._renamed += 1

    def info(self) -> dict[str, Any]:
        """What anyone with the join code may know about the room (built once per change)."""
        key = (self.version, self.seq, self.status, self._renamed)
        if self._info is not None and self._info[0] == key:
            return self._info[1]
        info = self._build_info()
        self._info = (key, info)
        return info

    def _build_info(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "game": self.game.id,
            "title": self.game.title,
            "status": self.status,
            "version": self.version,
            "seats": self.seats_json(),
            "timer": self.decision_limit(),
            "votes": len(self.votes),
            "ended": ENDED_BY_TRAINER if self.ended else None,
        }

    def deciding_seat(self) -> int | None:
        """The seat whose decision the class votes on now (the first asked), if any."""
        state = self.state
        movers = state.to_move() if state is not None and self.running else ()
        return self._decider(movers) if movers else None

    def open_vote(self, choices: list[dict[str, Any]] | None = None) -> dict[str, Any] | None:
        """The decision the class may vote on now (``None`` when no vote is open): who
        decides, the decision in one plain sentence, and the choices as the deciding seat's
        own buttons (an action offered at several amounts once, with its range). Learners
        not deciding get it with their update. ``choices``: those buttons, when the caller
        has just worked them out for the deciding seat's own update."""
        key = (self.version, self.seq)
        if self._vote is not None and self._vote[0] == key:
            return self._vote[1]
        vote: dict[str, Any] | None = None
        state = self.state
        movers = state.to_move() if state is not None and self.running else ()
        if state is not None and movers:
            seat = self._decider(movers)
            offered = state.action_entries(seat) if choices is None else choices
            vote = {
                "seat": seat,
                "name": self.names[seat],
                "prompt": self.prompt(seat),
                # The decision's own answers: the decider's "any time" money moves (a loan)
                # are theirs alone, unless the game lists them as an answer to it.
                "choices": [
                    c for c in offered if self._answers_decision(state, c["action"]["type"])
                ],
            }
        self._vote = (key, vote, frozenset(movers))
        return vote

    @staticmethod
    def _answers_decision(state: GameState, kind: str) -> bool:
        """Whether an action of ``kind`` answers the decision open now (the game's
        ``answers``), rather than being one the seat may take at any time."""
        decision = state.decision
        return decision is not None and kind in state.answers.get(decision.kind, ())

    def prompt(self, seat: int) -> str:
        """The decision ``seat`` is asked now in one sentence (its own update and the class
        vote read the same): worked out once per step."""
        key = (self.version, self.seq, seat)
        if self._prompt is None or self._prompt[0] != key:
            assert self.state is not None
            self._prompt = (key, decision_line(self.state, seat))
        return self._prompt[1]

    def vote_for(self, seat: int) -> dict[str, Any] | None:
        """The open vote as ``seat`` is shown it: only a person's seat that is not deciding."""
        return self.open_vote() if seat in self.voters() else None

    def voters(self) -> frozenset[int]:
        """Seats shown the open vote: people's seats not deciding it (none if no vote)."""
        state = self.state
        if state is None or self.open_vote() is None:
            return frozenset()
        assert self._vote is not None
        deciding = self._vote[2]
        return frozenset(
            i for i, seat in enumerate(state.seats) if seat.bot is None and i not in deciding
        )

    def legal_json(self, seat: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A seat's legal actions as its buttons, and (when it is asked) the others with the
        reason why not: for a game whose private view does not give them."""
        state = self.state
        if state is None or not self.running:
            return [], []
        actions = state.seat_actions(seat)
        return actions["legal"], actions["refused"] if seat in state.to_move() else []


def _meaning(state: GameState, stream: str, outcome: Any) -> str | None:
    """What a number drawn on ``stream`` stands for, in the game's words for that draw ("How
    'Bond Fund' did: 8 units for a full term."), where the game has words for it."""
    described = state.describe_draw(stream, outcome)
    return state.explain(described) if described is not None else None


#: A seat named in a decision's sentence (``{by:seat}``), other than the seat asked.
_SEAT_FIELD = re.compile(r"\{(\w+):seat\}")


def requesters(state: GameState) -> set[int]:
    """The seats whose own request the open decision answers (an offer made, a loan asked
    for), by the seat fields its sentence names; they wait for the answer, not vote on it."""
    decision = state.decision
    if decision is None:
        return set()
    template = state.catalogue.template(f"describe.decision.{decision.kind}") or ""
    fields = {f for f in _SEAT_FIELD.findall(template) if f != "seat"}
    return {decision.data[f] for f in fields if isinstance(decision.data.get(f), int)}
