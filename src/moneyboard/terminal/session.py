"""A game played at one terminal: people take turns at the keyboard, bots play themselves.

Before each decision the session explains every event and payment since the last one, shows
the board to a person, and reads their answer; ``?`` and ``why N`` say why a move is not
allowed. The table driver (:class:`moneyboard.table.Table`) plays the bots, keeps the clocks
and appends every move to the game record as it is made, so stopping or a crash loses
nothing and ``moneyboard play --resume`` carries on.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from moneyboard.bots.base import why_after
from moneyboard.engine.actions import Action
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.state import GameState
from moneyboard.registry import get_game
from moneyboard.table import Clock, Table
from moneyboard.terminal.render import (
    action_text,
    board_table,
    decision_line,
    event_lines,
    families_table,
    result_renderable,
)
from moneyboard.terminal.text import explain

#: A function returning the next line a person typed, or None when input has ended.
ReadLine = Callable[[], "str | None"]


class _TimedOut:
    """What ask_person returns when the seat's time ran out and the game moved for it."""


TIMED_OUT = _TimedOut()

HELP = (
    "Type the number of a move (or its text) to play it. "
    "'why N' or 'why MOVE' says why a move is not allowed; '?' lists the moves that are not "
    "allowed now and why; 'board' shows the board again; 'quit' stops the game."
)


class InputEndedError(MoneyboardError):
    """Input ran out while a person still had to decide."""


class PlaySession:
    """Runs one game to its end (or until a person quits), talking through ``console``."""

    def __init__(
        self,
        state: GameState,
        console: Console,
        read_line: ReadLine,
        record_path: Path | None = None,
        *,
        echo_input: bool = True,
        clock: Clock = time.monotonic,
    ):
        self.state = state
        #: Plays the bots, keeps the clocks (the class period from the start of the session,
        #: each decision from its prompt) and appends each move to the record.
        self.table = Table(state, record_path, clock=clock)
        #: Repeat what was typed after the prompt (when input is not a terminal that shows it).
        self.echo_input = echo_input
        self.console = console
        self.read_line = read_line
        self.record_path = record_path
        self.quit_requested = False
        self._seen_log = 0
        self._seen_postings = 0

    @property
    def time_called(self) -> bool:
        """Whether the class period ran out and time was called."""
        return self.state.status.time_called

    # ----- the loop -----------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end; False if a person quit first. Every move is in the record."""
        state = self.state
        title = get_game(state.game_id).title
        self.console.print(Rule(f"{escape(title)} - seed {state.seed}"))
        try:
            finished = self._play()
        finally:
            self.table.save()
        self.show_record_note()
        return finished

    def _play(self) -> bool:
        state = self.state
        table = self.table
        while not state.terminal:
            self.check_clocks()
            self.show_news()
            for move in table.advance(max_bot_moves=1):
                self.console.print(
                    f"[bold]{escape(state.seats[move.seat].name)}[/bold]: "
                    f"[cyan]{escape(move.text)}[/cyan] ({escape(why_after(move.text, move.why))})"
                )
            people = table.people_to_move()
            if state.terminal or not people or state.is_chance():
                continue
            seat = min(people)
            self.show_news()
            person_action = self.ask_person(seat)
            if person_action is None:
                self.console.print(f"{escape(state.seats[seat].name)} stopped the game.")
                return False
            if not isinstance(person_action, _TimedOut):
                table.act(seat, person_action)
        self.show_news()
        self.console.print(Rule("Game over"))
        self.console.print(families_table(state))
        self.console.print(result_renderable(state))
        return True

    def check_clocks(self) -> list[int]:
        """Call time when the class period is over, and play the fallback of every seat whose
        time ran out; says so, and returns the seats whose time ran out."""
        state = self.state
        called = state.status.time_called
        timeouts = self.table.tick()
        if state.status.time_called and not called:
            minutes = state.period_minutes()
            self.console.print(
                f"[bold]Time is up[/bold]: the {minutes:g} minutes of the class period are over."
            )
        for t in timeouts:
            self.console.print(
                f"{escape(state.seats[t.seat].name)} took longer than {t.limit:g} seconds: "
                f"the game chose [cyan]{escape(state.action_label(t.action))}[/cyan] for them."
            )
        return [t.seat for t in timeouts]

    def show_record_note(self) -> None:
        if self.record_path is not None:
            self.console.print(f"Game record saved in {escape(str(self.record_path))}")

    def show_news(self) -> None:
        """Explain every event and payment since the last time anything was shown."""
        state = self.state
        events = state.log[self._seen_log :]
        postings = state.ledger.postings[self._seen_postings :]
        self._seen_log = len(state.log)
        self._seen_postings = len(state.ledger.postings)
        happened, payments = event_lines(state, events, postings)
        for title, lines in (("What happened:", happened), ("Money moved:", payments)):
            if lines:
                self.console.print(f"  {title}")
            for line in lines:
                self.console.print(Padding(Text(f"- {line}"), (0, 0, 0, 4), expand=False))

    # ----- a person's turn ----------------------------------------------------------------
    def show_board(self, seat: int) -> None:
        state = self.state
        view = state.view(seat)
        self.console.print(families_table(state, view))
        board = board_table(state, view)
        if board is not None:
            self.console.print(board)

    def ask_person(self, seat: int) -> Action | _TimedOut | None:
        """Show the board and the numbered moves; read until a legal move (None: quit).

        A line that comes after the decision time limit is not acted on: the game has
        played the seat's fallback move instead (:data:`TIMED_OUT`).
        """
        state = self.state
        self.table.tick()  # starts this decision's clock
        legal = state.legal_actions(seat)
        self.console.print(Rule(escape(state.seats[seat].name)))
        self.show_board(seat)
        self.show_moves(seat, legal)
        self.show_time_limit(seat)
        while True:
            left = self.table.time_left(seat)
            clock = "" if left is None else f"; {duration_words(left)} left"
            self.console.print(
                f"{escape(state.seats[seat].name)}, your move "
                f"(1-{len(legal)}, ? for help{clock}): ",
                end="",
            )
            line = self.read_line()
            if line is None:
                self.console.print()
                saved = ""
                if self.record_path is not None:  # saved on the way out, as on 'quit'
                    where = self.record_path
                    saved = f"; the game so far is saved in {where}: carry on with --resume {where}"
                raise InputEndedError(
                    f"input ended while {state.seats[seat].name} still had to decide{saved}"
                )
            if self.echo_input:
                self.console.print(line.strip(), markup=False)
            if seat in self.check_clocks() or seat not in self.state.to_move():
                return TIMED_OUT
            action = self.answer(seat, legal, line.strip())
            if action is not None or self.quit_requested:
                return action

    def show_time_limit(self, seat: int) -> None:
        """Say how long the seat has before the game moves for it, and what it will choose:
        a move typed too late is not played, so the learner must know before typing."""
        state = self.state
        left = self.table.time_left(seat)
        fallback = state.fallback_action(seat)
        if left is None or fallback is None:
            return
        turn = self.table.turn_limit() is not None and self.table.decision_limit() is None
        name = escape(state.seats[seat].name)
        self.console.print(
            f"[bold]{name} has {duration_words(left)} for this {'turn' if turn else 'move'}[/bold]"
            f": when time is up, the game chooses "
            f"[cyan]{escape(state.action_label(fallback))}[/cyan] for {name}."
        )

    def show_moves(self, seat: int, legal: list[Action]) -> None:
        state = self.state
        self.console.print(f"[bold]{escape(decision_line(state, seat))}[/bold]")
        for number, action in enumerate(legal, 1):
            self.console.print(f"  {number}. {escape(action_text(state, seat, action))}")

    def unavailable(self, seat: int, legal: list[Action]) -> list[Action]:
        """The moves the game considers for ``seat`` that are not allowed now."""
        allowed = set(legal)
        seen: set[Action] = set()
        out = []
        for action in self.state.candidates(seat):
            if action not in allowed and action not in seen:
                seen.add(action)
                out.append(action)
        return out

    def answer(self, seat: int, legal: list[Action], text: str) -> Action | None:
        """Act on one line a person typed: a move to play, or None after explaining something."""
        say = self.console.print
        lowered = text.lower()
        if not text:
            say(f"Please type a move number from 1 to {len(legal)}, or ? for help.")
            return None
        if lowered in ("quit", "exit", "q"):
            self.quit_requested = True
            return None
        if lowered in ("?", "help", "h"):
            say(escape(HELP))
            self.show_not_allowed(seat, legal)
            return None
        if lowered in ("board", "b"):
            self.show_board(seat)
            self.show_moves(seat, legal)
            return None
        if lowered == "why" or lowered.startswith("why "):
            self.explain_why(seat, legal, text[3:].strip())
            return None
        if text.isdecimal():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            others = self.unavailable(seat, legal)
            if len(legal) < n <= len(legal) + len(others):
                self.explain_why(seat, legal, text)
                return None
            say(f"There is no move {n}: type a number from 1 to {len(legal)}, or ? for help.")
            return None
        action = self.parse_move(seat, legal, text)
        if action is None:
            return None
        reason = self.state.why_not(seat, action)
        if reason is None:
            return action
        label = escape(self.state.action_label(action))
        say(f"'{label}' is not allowed: {escape(explain(self.state, reason))}")
        return None

    def show_not_allowed(self, seat: int, legal: list[Action]) -> None:
        others = self.unavailable(seat, legal)
        if not others:
            self.console.print("Every move the game offers now is allowed.")
            return
        self.console.print("Not allowed now:")
        for number, action in enumerate(others, len(legal) + 1):
            reason = self.state.why_not(seat, action)
            why = explain(self.state, reason) if reason else "allowed"
            label = escape(self.state.action_label(action))
            self.console.print(f"  {number}. {label}: {escape(why)}")

    def explain_why(self, seat: int, legal: list[Action], what: str) -> None:
        """Answer 'why N' / 'why MOVE' with the game's reason, or say the move is allowed."""
        say = self.console.print
        if not what:
            self.show_not_allowed(seat, legal)
            return
        action: Action | None
        if what.isdecimal():
            everything = legal + self.unavailable(seat, legal)
            n = int(what)
            if not 1 <= n <= len(everything):
                say(f"There is no move {n}: '?' lists the moves and their numbers.")
                return
            action = everything[n - 1]
        else:
            action = self.parse_move(seat, legal, what)
            if action is None:
                return
        reason = self.state.why_not(seat, action)
        label = escape(self.state.action_label(action))
        if reason is None:
            say(f"'{label}' is allowed now.")
        else:
            say(f"'{label}' is not allowed: {escape(explain(self.state, reason))}")

    def parse_move(self, seat: int, legal: list[Action], text: str) -> Action | None:
        """A move by its label or its short text as listed ("take loan"), or its JSON form;
        explains and returns None if it names none, or several (an amount's steps share a
        label: their numbers are listed)."""
        wanted = " ".join(text.replace("_", " ").split()).lower()
        everything = legal + self.unavailable(seat, legal)
        numbered = [
            (number, action)
            for number, action in enumerate(everything, 1)
            if wanted
            in (str(action).replace("_", " ").lower(), self.state.action_label(action).lower())
        ]
        if len(numbered) == 1:
            return numbered[0][1]
        if numbered:
            numbers = ", ".join(str(number) for number, _ in numbered)
            self.console.print(
                f"'{escape(text)}' is more than one move here ({numbers}): type the number "
                "of the one you mean."
            )
            return None
        typed = self.typed_amount(everything, wanted)
        if typed is not None:
            return typed
        if text.startswith("{"):  # an action's JSON form, for those who know it
            try:
                return get_game(self.state.game_id).codec.from_json(json.loads(text))
            except (MoneyboardError, ValueError) as exc:
                self.console.print(f"'{escape(text)}' is not a move ({escape(str(exc))}).")
                return None
        self.console.print(
            f"'{escape(text)}' is not one of the moves here. "
            f"Type a number from 1 to {len(legal)}, or ? for help."
        )
        return None

    def typed_amount(self, moves: list[Action], wanted: str) -> Action | None:
        """A move with an amount to choose, named with an amount of the person's own ("save
        35", "put money in savings $35"): the listed amounts are only examples of it."""
        words, _, number = wanted.rpartition(" ")
        amount = number.lstrip("$").replace(",", "")
        if not words or not amount.isdecimal():
            return None
        found: list[Action] = []
        for action in moves:
            if len(action.amounts) != 1 or action.kind in {a.kind for a in found}:
                continue
            (field,) = action.amounts
            candidate = dataclasses.replace(action, **{field: int(amount)})
            label = self.state.action_label(candidate).lower()
            plain = " ".join(label.translate(_AMOUNT_MARKS).split())
            if wanted in (str(candidate).replace("_", " ").lower(), plain) or words in (
                str(action).replace("_", " ").lower().rpartition(" ")[0],
                " ".join(label.split("(")[0].split()),
            ):
                found.append(candidate)
        return found[0] if len(found) == 1 else None


#: Marks around an amount in a label, left out when a typed move is matched with it.
_AMOUNT_MARKS = str.maketrans("", "", "$(),")


def duration_words(seconds: float) -> str:
    """A time left in words, to the second ("2 minutes", "1 minute 5 seconds", "45 seconds").

    >>> duration_words(120), duration_words(65.4), duration_words(45), duration_words(0.2)
    ('2 minutes', '1 minute 5 seconds', '45 seconds', '0 seconds')
    """
    whole = int(seconds)
    minutes, rest = divmod(whole, 60)
    parts = [f"{minutes} minute{'' if minutes == 1 else 's'}"] if minutes else []
    if rest or not minutes:
        parts.append(f"{rest} second{'' if rest == 1 else 's'}")
    return " ".join(parts)
