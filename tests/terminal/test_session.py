"""The terminal session: records survive crashes, and people's input is answered."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from moneyboard import registry
from moneyboard.bots import Bot, Choice
from moneyboard.bots import registry as bots_registry
from moneyboard.engine.record import load_record, record_of
from moneyboard.engine.state import GameState, Seat
from moneyboard.registry import replay_record
from moneyboard.terminal import InputEndedError, PlaySession
from moneyboard.terminal.session import number_ranges
from tests.games.monitics.driver import STOCK_BOX, roll_to, set_money
from tests.games.monitics.driver import start as monitics_start


class CrashingBot:
    """Plays 'keep' twice, then fails as a buggy bot would."""

    kind = "crasher"

    def __init__(self, rng: random.Random):
        self.moves = 0

    def choose(self, state: GameState, seat: int) -> Choice:
        self.moves += 1
        if self.moves > 2:
            raise RuntimeError("bot bug")
        return Choice(state.legal_actions(seat)[0], "first move")


def crasher(rng: random.Random) -> Bot:
    return CrashingBot(rng)


def lines(*typed: str) -> Iterator[str]:
    yield from (f"{t}\n" for t in typed)


def first_allowed(console: Console) -> Iterator[str]:
    """Answers every prompt with the lowest move number it offers (numbers stay while a
    decision goes on, so the first number listed is not always 1)."""
    while True:
        prompt = console.export_text(clear=False).rsplit("your move (", 1)[-1]
        found = re.match(r"(?:type )?(\d+)", prompt)
        yield f"{found.group(1) if found else 'q'}\n"


def session(state: GameState, typed: Iterator[str], record: Path | None = None) -> PlaySession:
    console = Console(record=True, width=100)
    return PlaySession(state, console, lambda: next(typed, None), record)


def output(s: PlaySession) -> str:
    return s.console.export_text()


def test_a_crash_keeps_every_move_made_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bots_registry._FACTORIES, "crasher", crasher)
    state = registry.get_game("toy").new_state([Seat("A", "crasher"), Seat("B", "random")], 3)
    record = tmp_path / "game.json"
    with pytest.raises(RuntimeError, match="bot bug"):
        session(state, lines(), record).run()
    saved = replay_record(load_record(record))
    assert len(saved.moves) == len(state.moves) > 0
    assert saved.full_view() == state.full_view()


def test_a_person_answers_with_text_or_json() -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    s = session(state, lines('{"type": "borrow"}', "KEEP", "keep"))
    with pytest.raises(InputEndedError):
        s.run()
    ana = [str(m.action) for m in state.moves if m.seat == 0]
    assert ana[:2] == ["borrow", "keep"]


def test_input_running_out_is_an_error_naming_the_seat() -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    with pytest.raises(InputEndedError, match="Ana still had to decide"):
        session(state, lines()).run()


def test_why_without_a_move_lists_what_is_not_allowed() -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    state.apply(0, state.legal_actions(0)[0])  # Ana keeps; Ben (no cash) cannot gamble
    s = session(state, lines("why", "why 7", "why {", "board", "quit"))
    assert s.run() is False
    text = output(s)
    assert "3. Gamble: toy.cannot_afford (fee=1)" in text
    assert "There is no move 7" in text
    assert "'{' is not a move (" in text
    assert text.count("Ben decides: roll") == 2


def test_a_move_typed_in_words_is_found_and_a_mistyped_one_shows_no_internal_names() -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    s = session(state, lines())
    legal = state.legal_actions(0)
    assert s.answer(0, legal, "KEEP") == legal[0]
    assert s.answer(0, legal, "xyz") is None
    text = output(s)
    assert "'xyz' is not one of the moves here. Type a number from the list (1-3)" in text
    assert "known types" not in text and "gamble" not in text.split("'xyz'")[1]


def test_a_label_that_several_amounts_share_asks_for_the_number() -> None:
    """Rut to Riches lists each amount to borrow as its own move, all labelled alike: the
    label alone does not choose one (it took the smallest)."""
    state = registry.get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], 1)
    rng = random.Random(0)
    for _ in range(2):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    borrows = [n for n, a in enumerate(legal, 1) if a.kind == "borrow"]
    assert len(borrows) > 1
    s = session(state, lines())
    assert s.answer(seat, legal, "Borrow from the bank") is None
    assert f"is more than one move here ({number_ranges(borrows)})" in output(s)
    assert s.answer(seat, legal, "borrow 500") == next(a for a in legal if str(a) == "borrow 500")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_typed_line_is_answered_without_error(text: str) -> None:
    state = registry.get_game("toy").new_state([Seat("Ana"), Seat("Ben")], 0)
    before = state.full_view()
    s = session(state, lines())
    legal = state.legal_actions(0)
    action = s.answer(0, legal, text.strip())
    assert action is None or state.why_not(0, action) is None
    assert state.full_view() == before


class FakeClock:
    """A clock that moves on by ``step`` seconds every time a line is read."""

    def __init__(self, step: float):
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        return self.now

    def reader(self, typed: Iterator[str]) -> Callable[[], str | None]:
        def read() -> str | None:
            self.now += self.step
            return next(typed, None)

        return read


@pytest.mark.parametrize("seconds", [10, 45])
def test_an_answer_after_the_decision_time_limit_is_replaced_by_the_fallback(
    seconds: int,
) -> None:
    game = registry.get_game("financialit")
    options = game.options({"turn_time_limit": 30, "rounds": 1})
    seats = [Seat("Ana"), Seat("B1", "saver"), Seat("B2", "saver")]
    state = game.new_state(seats, 5, options)
    clock = FakeClock(step=seconds)  # Ana takes this long over every answer
    console = Console(record=True, width=100)
    s = PlaySession(state, console, clock.reader(first_allowed(console)), clock=clock)
    assert s.run()
    timeouts = [m for m in state.moves if m.kind == "timeout"]
    played = [m for m in state.moves if m.kind == "action" and m.seat == 0]
    if seconds <= 30:
        assert played and not timeouts
    else:
        assert timeouts and all(m.seat == 0 for m in timeouts) and not played
        taken = timeouts[0].action
        label = state.action_label(taken) if taken is not None else ""
        assert label and label != "save"  # the button's words, not the action's name
        assert f"took longer than 30 seconds: the game chose {label} for them" in output(s)
    assert replay_record(record_of(state)).full_view() == state.full_view()


def test_the_session_calls_time_when_the_class_period_is_over() -> None:
    game = registry.get_game("rut-to-riches")
    options = game.options({"minutes_limit": 5, "turn_limit": None})
    state = game.new_state([Seat("Ana"), Seat("B1", "random")], 4, options)
    assert state.period_minutes() == 5.0
    clock = FakeClock(step=20)  # each answer takes 20 seconds: 15 answers fill the period
    s = PlaySession(
        state, Console(record=True, width=100), clock.reader(lines(*["1"] * 400)), clock=clock
    )
    assert s.run()
    assert s.time_called
    assert state.result is not None and state.result.reason.key == "rut.end_time"
    assert "Time is up: the 5 minutes of the class period are over." in output(s)
    assert replay_record(record_of(state)).full_view() == state.full_view()


def test_no_time_is_called_without_a_class_period() -> None:
    game = registry.get_game("financialit")
    state = game.new_state([Seat("A", "saver"), Seat("B", "saver"), Seat("C", "saver")], 1)
    assert state.period_minutes() is None
    clock = FakeClock(step=1000)
    s = PlaySession(state, Console(record=True, width=100), clock.reader(lines()), clock=clock)
    clock.now = 10**6
    assert s.run() and not s.time_called


def test_a_bot_s_move_is_told_as_its_button_reads() -> None:
    """Bots' moves are printed with the game's label and the amount chosen, not the action's
    internal name ("Take a loan", not "take_loan")."""
    seats = [Seat(f"Bot {i}", "random") for i in range(3)]
    state = registry.get_game("financialit").new_state(seats, 4)
    played = session(state, lines())
    assert played.run()
    text = output(played)
    assert "Bot 0: " in text and "picked at random among the possible moves" in text
    assert "take_loan" not in text and "place " not in text
    assert "Place a pawn on" in text


def test_a_turn_s_time_limit_is_shown_before_the_learner_types() -> None:
    # A Monitics turn of 120 seconds: a move typed late is thrown away, so the learner is
    # told the time and what the game will choose before typing, and the prompt counts down.
    game = registry.get_game("monitics")
    state = game.new_state(
        [Seat("Ana"), Seat("B1", "saver")], 3, game.options({"turn_seconds": 120})
    )
    clock = FakeClock(step=25)
    s = PlaySession(
        state, Console(record=True, width=100), clock.reader(lines("1", "?", "q")), clock=clock
    )
    assert not s.run()
    text = " ".join(output(s).split())  # the prompt may wrap
    end_turn = state.action_label(state.fallback_action(0))  # type: ignore[arg-type]
    assert "Ana has 2 minutes for this turn: when time is up, the game chooses Roll the die" in text
    assert (
        f"Ana has 1 minute 35 seconds for this turn: when time is up, the game chooses {end_turn}"
        in text
    )
    assert "? for help; 1 minute 35 seconds left): ?" in text
    assert "? for help; 1 minute 10 seconds left): q" in text  # counted down after the ?


def test_no_time_is_shown_without_a_limit() -> None:
    game = registry.get_game("monitics")
    state = game.new_state(
        [Seat("Ana"), Seat("B1", "saver")], 3, game.options({"turn_seconds": "none"})
    )
    s = session(state, lines("q"))
    assert not s.run()
    assert "left)" not in output(s) and "for this turn" not in output(s)


def test_an_amount_of_ones_own_is_typed_after_the_move() -> None:
    """The listed amounts ($10, $20, $50...) are only examples: 'save 35' saves $35."""
    state = monitics_start(players=2)
    set_money(state, 0, 200)
    roll_to(state, STOCK_BOX, 2)
    legal = state.legal_actions(0)
    s = session(state, lines())
    for typed in ("save 35", "Put money in savings $35", "put money in savings 35"):
        chosen = s.answer(0, legal, typed)
        assert chosen is not None and chosen.kind == "save", typed
        assert getattr(chosen, "amount", None) == 35, typed
    assert s.answer(0, legal, "save 5000") is None
    assert "is not allowed: You have only $200 in cash to put in savings." in output(s)


def test_a_bots_move_is_told_once_then_why() -> None:
    # The saver's reason names the move it made ("chose 'Save: ...' because ..."): beside
    # the move itself that said it twice.
    game = registry.get_game("financialit")
    seats = [Seat("Saver", "saver"), Seat("Saver 2", "saver"), Seat("Spender", "spender")]
    play = session(game.new_state(seats, 1, game.options()), lines())
    play.run()
    text = play.console.export_text()
    assert "Saver: Save: stop for this round (because " in text
    assert "(chose '" not in text
