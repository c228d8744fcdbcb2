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
import re
import time
from collections.abc import Callable, Iterable, Sequence
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
    LIMITS,
    action_text,
    board_table,
    decision_line,
    event_lines,
    families_table,
    private_lines,
    result_renderable,
)
from moneyboard.terminal.text import explain, label, number

#: How many of the last things that happened a resumed game tells again.
RECENT = 8

#: A function returning the next line a person typed, or None when input has ended.
ReadLine = Callable[[], "str | None"]


class _TimedOut:
    """What ask_person returns when the seat's time ran out and the game moved for it."""


TIMED_OUT = _TimedOut()

HELP = (
    "Type a move's number to play it, or its words as listed; for a move with an amount, its "
    "words with an amount of your own (the amounts listed are examples). A move keeps its "
    "number until you finish the decision. "
    "'why N' or 'why MOVE' says why a move is not allowed; '?' lists the moves that are not "
    "allowed now and why; 'board' shows the board again; 'quit' stops the game."
)


@dataclasses.dataclass
class Numbering:
    """The numbers a seat types for its moves in one decision.

    A move keeps its number while the seat goes on answering the same decision (buying goods
    one by one, repaying cards early), so typing the same number again never plays another
    move; a move new to the list takes the number after the highest, and a number is never
    given to another move.
    """

    seat: int
    kind: str | None
    moves: list[Action] = dataclasses.field(default_factory=list)
    numbers: dict[Action, int] = dataclasses.field(default_factory=dict)
    #: The moves that have been listed as allowed in this decision.
    listed: set[Action] = dataclasses.field(default_factory=set)

    def add(self, actions: Iterable[Action]) -> None:
        """Number the moves that have no number yet, after the highest."""
        for action in actions:
            if action not in self.numbers:
                self.moves.append(action)
                self.numbers[action] = len(self.moves)

    def move(self, number: int) -> Action | None:
        """The move with this number, if any."""
        return self.moves[number - 1] if 1 <= number <= len(self.moves) else None


def number_ranges(numbers: Iterable[int], last: str = "or") -> str:
    """Numbers as a person reads them, runs joined ("1-3, 5 or 7"); ``last`` joins the
    last run ("and" for numbers that all hold, as moves that are gone).

    >>> number_ranges([1, 2, 3]), number_ranges([2, 3, 5, 7]), number_ranges([4])
    ('1-3', '2-3, 5 or 7', '4')
    >>> number_ranges([8, 11, 14], "and")
    '8, 11 and 14'
    """
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {last} {parts[-1]}"


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
        resumed: bool = False,
    ):
        self.state = state
        #: A saved game carried on: its history is summed up rather than told again.
        self.resumed = resumed
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
        #: The numbers of the moves last listed to a person.
        self._numbering: Numbering | None = None
        #: The seat and game version the numbers were last worked out for.
        self._numbered_at: tuple[int, int] | None = None
        #: Who just made a move that leaves their decision open, and the moves made by then.
        self._kept: tuple[int, int] | None = None
        #: Lines for one seat's eyes only, kept for that seat's next prompt: all sit at one
        #: screen, so what one family alone may know is not told to the whole table.
        self._private: dict[int, list[str]] = {}

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
        if self.resumed:
            self.show_resumed()
        try:
            finished = self._play()
        finally:
            self.table.save()
        self.show_record_note(finished)
        return finished

    def show_resumed(self) -> None:
        """Say where a saved game is picked up again and the last few things that happened
        (the whole story so far is ``moneyboard replay``'s to tell, not every resume's)."""
        state = self.state
        view = state.view(None)
        where = next(
            (
                f" at {label(key)} {number(view[key])} of {number(view[end])}"
                for key, ends in LIMITS.items()
                for end in ends
                if key in view and view.get(end)
            ),
            "",
        )
        played = sum(1 for move in state.moves if move.kind in ("action", "timeout"))
        s = "" if played == 1 else "s"
        self.console.print(f"[bold]Resumed{where}[/bold], after {played} move{s}.")
        happened, _ = event_lines(state, state.log[-RECENT:], ())
        if happened:
            self.console.print("  Just before the stop:")
        for line in happened[-RECENT:]:
            self.console.print(Padding(Text(f"- {line}"), (0, 0, 0, 4), expand=False))
        if self.record_path is not None:
            self.console.print(
                f"  ('moneyboard replay {escape(str(self.record_path))}' tells the whole game "
                "so far.)",
                soft_wrap=True,
            )
        self._seen_log = len(state.log)
        self._seen_postings = len(state.ledger.postings)

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
                open_still = person_action.keeps_decision or person_action.anytime
                self._kept = (seat, len(state.moves)) if open_still else None
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

    def show_record_note(self, finished: bool) -> None:
        """Where the record is, and what to do with it next: the debrief after the game,
        ``--resume`` after a stop."""
        path = self.record_path
        if path is None:
            if not finished:
                self.console.print(
                    "The game was not recorded: to stop a game and carry it on later, "
                    "play it with --record FILE."
                )
            return
        then = (
            f"'moneyboard debrief {path}' shows the debrief"
            if finished and self.state.terminal
            else self.carry_on()
        )
        # Not wrapped: a path broken across lines cannot be copied into the next command.
        self.console.print(
            f"Game record saved in {escape(str(path))}: {escape(then)}.", soft_wrap=True
        )

    def carry_on(self) -> str:
        """How to carry the recorded game on."""
        return f"carry on with 'moneyboard play --resume {self.record_path}'"

    def show_news(self) -> None:
        """Explain every event and payment since the last time anything was shown."""
        state = self.state
        events = state.log[self._seen_log :]
        postings = state.ledger.postings[self._seen_postings :]
        self._seen_log = len(state.log)
        self._seen_postings = len(state.ledger.postings)
        happened, payments = event_lines(state, events, postings)
        for seat in range(state.n):
            self._private.setdefault(seat, []).extend(private_lines(state, events, seat))
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
        # The same seat goes on with the decision its last move left open: same numbers.
        self.numbering(seat, legal, fresh=self._kept != (seat, len(state.moves)))
        legal += self.still_allowed(seat, legal)
        self.console.print(Rule(escape(state.seats[seat].name)))
        self.show_private(seat)
        self.show_board(seat)
        self.show_moves(seat, legal)
        self.show_time_limit(seat)
        while True:
            left = self.table.time_left(seat)
            clock = "" if left is None else f"; {duration_words(left)} left"
            numbers = self.allowed_numbers(seat, legal)
            choices = f"type {numbers}, or" if numbers.isdecimal() else f"{numbers},"
            self.console.print(
                f"{escape(state.seats[seat].name)}, your move ({choices} ? for help{clock}): ",
                end="",
            )
            line = self.read_line()
            if line is None:
                self.console.print()
                saved = ""
                if self.record_path is not None:  # saved on the way out, as on 'quit'
                    saved = f"; the game so far is saved in {self.record_path}: {self.carry_on()}"
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

    def show_private(self, seat: int) -> None:
        """Tell ``seat`` what happened for its eyes only since its last prompt."""
        lines = self._private.pop(seat, [])
        if lines:
            self.console.print(f"  For {escape(self.state.seats[seat].name)}'s eyes only:")
        for line in lines:
            self.console.print(Padding(Text(f"- {line}"), (0, 0, 0, 4), expand=False))

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

    def numbering(self, seat: int, legal: list[Action], *, fresh: bool | None = None) -> Numbering:
        """The numbers of ``seat``'s moves now, the allowed ones first, then the others.

        ``fresh``: True numbers a new decision from 1; False goes on with the numbers of the
        decision the seat is still answering; None (an answer read outside a prompt) keeps
        the numbers if they already cover the allowed moves.
        """
        at = (seat, self.state.version)
        if not fresh and self._numbering is not None and self._numbered_at == at:
            return self._numbering  # worked out already for this prompt
        d = self.state.decision
        kind = d.kind if d is not None and seat in d.seats else None
        numbering = self._numbering
        if (
            fresh
            or numbering is None
            or (numbering.seat, numbering.kind) != (seat, kind)
            or (fresh is None and not numbering.numbers.keys() >= set(legal))
        ):
            numbering = Numbering(seat, kind)
        numbering.add(legal)
        numbering.listed.update(legal)
        numbering.add(self.unavailable(seat, legal))
        self._numbering, self._numbered_at = numbering, at
        return numbering

    def allowed_numbers(self, seat: int, legal: list[Action]) -> str:
        """The numbers of the allowed moves, as a person reads them ("1-3", "2-4 or 7")."""
        numbers = self.numbering(seat, legal).numbers
        return number_ranges(numbers[action] for action in legal)

    def show_moves(self, seat: int, legal: list[Action]) -> None:
        state = self.state
        numbering = self.numbering(seat, legal)
        self.console.print(f"[bold]{escape(decision_line(state, seat))}[/bold]")
        for action in sorted(legal, key=numbering.numbers.__getitem__):
            text = escape(action_text(state, seat, action))
            self.console.print(f"  {numbering.numbers[action]}. {text}")
        allowed = set(legal)
        gone = sorted(numbering.numbers[a] for a in numbering.listed if a not in allowed)
        if len(gone) == 1:
            said = f"Move {gone[0]} is no longer possible ('why {gone[0]}' says why)"
        elif gone:  # each may have its own reason: 'why' alone lists them with theirs
            said = f"Moves {number_ranges(gone, 'and')} are no longer possible ('why' says why)"
        if gone:
            self.console.print(f"  {said}; the other moves keep their numbers.")

    def still_allowed(self, seat: int, legal: list[Action]) -> list[Action]:
        """The moves listed earlier in this decision that the game no longer lists but that
        are still allowed (an amount its ladder has moved past: after a loan the most goods
        one can pay for is a larger number), so they stay listed under their numbers: the
        number typed plays the move it was listed with, and no move is called impossible
        that is not."""
        numbering = self.numbering(seat, legal)
        allowed = set(legal)
        kept = [
            action
            for action in numbering.listed
            if action not in allowed and self.state.why_not(seat, action) is None
        ]
        return sorted(kept, key=numbering.numbers.__getitem__)

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
        numbering = self.numbering(seat, legal)
        if not text:
            say(f"Please type a move number ({self.allowed_numbers(seat, legal)}), or ? for help.")
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
            numbered = numbering.move(int(text))
            if numbered is not None and numbered in legal:
                return numbered
            if numbered is not None:
                self.explain_why(seat, legal, text)
                return None
            say(
                f"There is no move {int(text)}: type a number from the list "
                f"({self.allowed_numbers(seat, legal)}), or ? for help."
            )
            return None
        action = self.parse_move(seat, legal, text)
        if action is None:
            return None
        reason = self.state.why_not(seat, action)
        if reason is None:
            return action
        label = escape(self.state.action_text(action))
        say(f"'{label}' is not allowed: {escape(explain(self.state, reason))}")
        return None

    def show_not_allowed(self, seat: int, legal: list[Action]) -> None:
        """Every numbered move that is not allowed now, with the reason; moves alike (one
        per amount) that are refused for the same reason share a line."""
        state = self.state
        allowed = set(legal)
        numbering = self.numbering(seat, legal)
        others = [action for action in numbering.moves if action not in allowed]
        if not others:
            self.console.print("Every move the game offers now is allowed.")
            return
        self.console.print("Not allowed now:")
        alike: dict[tuple[str, str], list[Action]] = {}
        for action in others:
            reason = state.why_not(seat, action)
            why = explain(state, reason) if reason else "allowed"
            alike.setdefault((state.action_label(action), why), []).append(action)
        for (shared, why), actions in alike.items():
            words = shared if len(actions) > 1 else state.action_text(actions[0])
            numbers = number_ranges(numbering.numbers[action] for action in actions)
            self.console.print(f"  {numbers}. {escape(words)}: {escape(why)}")

    def explain_why(self, seat: int, legal: list[Action], what: str) -> None:
        """Answer 'why N' / 'why MOVE' with the game's reason, or say the move is allowed."""
        say = self.console.print
        if not what:
            self.show_not_allowed(seat, legal)
            return
        action: Action | None
        if what.isdecimal():
            action = self.numbering(seat, legal).move(int(what))
            if action is None:
                say(f"There is no move {int(what)}: '?' lists the moves and their numbers.")
                return
        else:
            action = self.parse_move(seat, legal, what)
            if action is None:
                return
        reason = self.state.why_not(seat, action)
        label = escape(self.state.action_text(action))
        if reason is None:
            say(f"'{label}' is allowed now.")
        else:
            say(f"'{label}' is not allowed: {escape(explain(self.state, reason))}")

    def parse_move(self, seat: int, legal: list[Action], text: str) -> Action | None:
        """A move by its words as listed (with or without its bracket, "take loan"), or with
        an amount of one's own, or its JSON form; explains and returns None if it names none,
        or several (an amount's steps share a label: their numbers are listed)."""
        state = self.state
        wanted = " ".join(text.replace("_", " ").split()).lower()
        numbers = self.numbering(seat, legal).numbers
        numbered = sorted(
            (numbers[action], action)
            for action in legal + self.unavailable(seat, legal)
            if wanted in _names(str(action), state.action_label(action), state.action_text(action))
        )
        if len(numbered) == 1:
            return numbered[0][1]
        if numbered:
            listed = number_ranges(number for number, _ in numbered)
            self.console.print(
                f"'{escape(text)}' is more than one move here ({listed}): type the number "
                "of the one you mean."
            )
            return None
        typed = self.typed_amount(legal + self.unavailable(seat, legal), text)
        if typed is not None:
            return typed
        if text.startswith("{"):  # an action's JSON form, for those who know it
            try:
                return get_game(state.game_id).codec.from_json(json.loads(text))
            except (MoneyboardError, ValueError) as exc:
                self.console.print(f"'{escape(text)}' is not a move ({escape(str(exc))}).")
                return None
        self.console.print(
            f"'{escape(text)}' is not one of the moves here. Type a number from the list "
            f"({self.allowed_numbers(seat, legal)}), or ? for help."
        )
        return None

    def typed_amount(self, moves: Sequence[Action], text: str) -> Action | None:
        """A move with an amount to choose, written as listed but with an amount of one's own
        ("Borrow from the bank ($400)", "deposit $300 into savings", "save 35"): the listed
        amounts are only examples of it. "$", commas, brackets, small words ("the") and
        where the amount stands may differ ("borrow $400 from bank"), and what the list says
        a move brings after its words ("(cash +$100, debt +$100)") may be typed too."""
        typed = _plain(_without_notes(text))
        amounts = {int(word) for word in typed.split() if word.isdecimal()}
        found: list[Action] = []
        for action in moves:
            if len(action.amounts) != 1:
                continue
            (field,) = action.amounts
            for amount in amounts:
                candidate = dataclasses.replace(action, **{field: amount})
                if candidate in found:
                    continue
                label = self.state.action_label(candidate)
                forms = (str(candidate), label, self.state.action_text(candidate))
                if any(_same_move(typed, form, amount) for form in forms):
                    found.append(candidate)
        return found[0] if len(found) == 1 else None


def _names(*forms: str) -> set[str]:
    """The ways a listed move may be typed: each form in lower case, and without a bracket
    that ends it ("add the health clause" for "Add the Health clause (covers ...)")."""
    out = set()
    for form in forms:
        lowered = " ".join(form.replace("_", " ").split()).lower()
        out |= {lowered, lowered.split(" (")[0]}
    return out


def _plain(text: str) -> str:
    """Text to compare typed moves by: lower case, without "$", commas and brackets."""
    return " ".join(text.replace("_", " ").lower().translate(_AMOUNT_MARKS).split())


#: Marks around an amount in a label, left out when a typed move is matched with it.
_AMOUNT_MARKS = str.maketrans("", "", "$(),:")

#: Words a person may leave out of a move typed with an amount, or add to it.
_SMALL_WORDS = frozenset({"the", "a", "an", "of", "into", "in", "dollars"})


def _without_notes(text: str) -> str:
    """Text without the brackets that hold words, not only an amount: the notes the list
    adds after a move ("(cash +$100, debt +$100)"), which a person may copy with it."""
    return re.sub(r"\([^()]*[^\W\d_][^()]*\)", " ", text)


def _same_move(typed: str, form: str, amount: int) -> bool:
    """Whether ``typed`` (plain already) names the move written ``form`` with ``amount``:
    the same words, in order, once the amount and the small words are left out wherever
    they stand ("borrow $700 from bank" is "Borrow from the bank ($700)")."""

    def words(text: str) -> list[str]:
        return [w for w in text.split() if w != str(amount) and w not in _SMALL_WORDS]

    shown = _plain(_without_notes(form))
    return str(amount) in shown.split() and words(typed) == words(shown)


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
